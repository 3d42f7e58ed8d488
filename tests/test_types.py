"""Types: the public stubs agree with the runtime (stubtest, no allowlist), and they type a user's code for
real (mypy --strict and pyright in strict mode accept examples/typed_first_hour.py and report exactly the
marked lines of tests/typing/misuse.py). The package's own modules type-check too (mypy --strict -p
pokerhash), and stubtest over the package as it is (every module, the implementation beside the stubs)
finds it consistent with what it imports. Also: the package stays Python 3.9 syntax.

The checkers run at once, in one module fixture (they take most of this file's time)."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core_build import core_includes, core_sources

import pokerhash

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pywasm" / "pokerhash"
# The package as the tests import it (pywasm/ in a checkout, with the extension built in place).
IMPORTED = Path(pokerhash.__file__).resolve().parent
EXAMPLE = ROOT / "examples" / "typed_first_hour.py"
MISUSE = ROOT / "tests" / "typing" / "misuse.py"
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="runs type checkers in subprocesses")


def expected_error_lines() -> set:
    lines = MISUSE.read_text().splitlines()
    return {i for i, line in enumerate(lines, start=1) if line.rstrip().endswith("# expect-error")}


def side_library(cc: str, out: Path) -> Path:
    """The C core as a native shared library, so that _wasm_core (ctypes over the wasm side module under
    Pyodide) imports on CPython too ($POKERHASH_WASM_CORE) and stubtest can compare it with its source."""
    subprocess.run([cc, "-std=c11", "-O0", "-shared", "-fPIC", *core_includes(), *core_sources(), "-o", str(out)],
                   check=True)
    return out


@pytest.fixture(scope="module")
def checkers(tmp_path_factory, native_tools):
    tmp = tmp_path_factory.mktemp("types")
    # stubtest reads the stubs from a directory of their own, so the mypy build sees the public stubs and
    # not the implementation modules beside them; the runtime side imports the installed package.
    stubs = tmp / "stubs" / "pokerhash"
    stubs.mkdir(parents=True)
    for stub in PACKAGE.glob("*.pyi"):
        shutil.copy(stub, stubs / stub.name)
    (stubs / "py.typed").touch()
    config = tmp / "mypy.ini"
    config.write_text(f"[mypy]\ncache_dir = {tmp / 'stubtest_cache'}\n")
    # _wasm_core loads the core at import: over a native build, every module imports on CPython too (where
    # the package's own directory is on PYTHONPATH, the stubs-only run below meets its modules as well).
    core = {"POKERHASH_WASM_CORE": str(side_library(native_tools["cc"], tmp / "core.so"))} if native_tools["cc"] else {}
    env = dict(os.environ, MYPYPATH=str(tmp / "stubs"), **core)
    runs = {
        "stubtest": subprocess.Popen([sys.executable, "-m", "mypy.stubtest", "pokerhash", "--mypy-config-file",
                                      str(config)], cwd=tmp, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True),
        "mypy": subprocess.Popen([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
                                  str(tmp / "mypy_cache"), str(EXAMPLE), str(MISUSE)], cwd=tmp,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True),
        # The package itself: from its own directory mypy reads its modules (and the stubs beside them)
        # before any installed copy, and stubtest's runtime side imports the same files.
        "package mypy": subprocess.Popen([sys.executable, "-m", "mypy", "--strict", "--config-file", str(config),
                                          "--cache-dir", str(tmp / "package_cache"), "-p", "pokerhash"],
                                         cwd=IMPORTED.parent, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                         text=True),
        "pyright": subprocess.Popen([sys.executable, "-m", "pyright", "--pythonpath", sys.executable, "--outputjson",
                                     str(EXAMPLE), str(MISUSE)], cwd=tmp, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True),
    }
    if core:
        package_config = tmp / "package_stubtest.ini"
        package_config.write_text(f"[mypy]\ncache_dir = {tmp / 'package_stubtest_cache'}\n")
        runs["package stubtest"] = subprocess.Popen(
            [sys.executable, "-m", "mypy.stubtest", "pokerhash", "--mypy-config-file", str(package_config)],
            cwd=IMPORTED.parent, env=dict(os.environ, **core), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
    results = {}
    for name, process in runs.items():
        out, err = process.communicate(timeout=600)
        results[name] = (process.returncode, out, err or "")
    return results


def test_stubtest_is_clean(checkers):
    status, out, _ = checkers["stubtest"]
    assert status == 0 and "Success" in out, out


def test_stubtest_finds_every_module_consistent(checkers):
    if "package stubtest" not in checkers:
        pytest.skip("needs a C compiler: _wasm_core imports on CPython over a native build of the core")
    status, out, _ = checkers["package stubtest"]
    assert status == 0 and "Success" in out, out


def test_the_package_type_checks(checkers):
    status, out, _ = checkers["package mypy"]
    assert status == 0 and "Success: no issues found" in out, out


def test_mypy_strict(checkers):
    _, out, _ = checkers["mypy"]
    found = {}
    for line in out.splitlines():
        match = re.match(r"(.+?):(\d+): error: (.*)", line)
        assert match, f"unexpected mypy output: {line}"
        found.setdefault(Path(match.group(1)).name, set()).add(int(match.group(2)))
    assert found.pop(MISUSE.name, set()) == expected_error_lines(), out
    assert not found, out  # the example has no errors


def test_pyright_strict(checkers):
    _, out, err = checkers["pyright"]
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        raise AssertionError(f"pyright did not run: {out[-2000:]}{err[-2000:]}") from None
    found = {}
    for diagnostic in report["generalDiagnostics"]:
        if diagnostic["severity"] == "error":
            found.setdefault(Path(diagnostic["file"]).name, set()).add(diagnostic["range"]["start"]["line"] + 1)
    assert found.pop(MISUSE.name, set()) == expected_error_lines(), report["generalDiagnostics"]
    assert not found, report["generalDiagnostics"]


def test_example_runs():
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "AsAd vs KsKh on Qs7d2c" in done.stdout


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")) + [EXAMPLE], ids=lambda p: p.name)
def test_python_39_syntax(path):
    # Only 3.11 is installed here (no other interpreter is reachable offline): the parser checks that
    # nothing newer than 3.9 is used (match, except*, parenthesized context managers, type statements).
    ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=(3, 9))
