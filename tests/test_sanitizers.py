"""The C core under the sanitizers (issue 13, item 11): tests/fuzz/run.sh smoke builds it with clang-14 and
runs every libFuzzer harness for a few seconds on its checked-in seeds (ASan + UBSan, invariants asserted),
the C tests under ASan + UBSan, and the lazily built tables raced from threads under ThreadSanitizer.
`./build.sh test` installs clang-14 and the sanitizer runtimes; `./build.sh fuzz 60` fuzzes for longer."""

import glob
import os
import shutil
import subprocess

import pytest

from conftest import IN_PYODIDE, REPO_ROOT

SMOKE_SECONDS = 3


@pytest.mark.skipif(IN_PYODIDE, reason="needs clang and subprocesses")
def test_fuzz_smoke_sanitizers_and_thread_race():
    if not shutil.which("clang-14") or not glob.glob("/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a"):
        pytest.skip("clang-14 with libFuzzer is not installed (./build.sh test installs it)")
    run = subprocess.run(["bash", os.path.join(REPO_ROOT, "tests", "fuzz", "run.sh"), "smoke", str(SMOKE_SECONDS)],
                         cwd=REPO_ROOT, capture_output=True, text=True, timeout=900)
    print(run.stdout)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-6000:]
    assert run.stdout.count(" executions in ") == 10
    assert "race_tables: 4 threads raced the lazy tables" in run.stdout and "same answers" in run.stdout
