"""tests/c/test_core.c compiled as the browser builds the core (web/build.sh's C flags: SIMD128, no 6-card
block, no flush table) and run in node: the WebAssembly batch kernel (core_c/src/eval/eval_simd_wasm.h) gets the
same forced-kernel checks as the native AVX2 and AVX-512 kernels (a run of flushes across steps, bad rows at
the first, middle and last places of steps), where the JS and Pyodide tests reach it only through the
dispatching entry points."""

from __future__ import annotations

import os
import shutil
import subprocess

from core_build import core_sources
from webtools import ROOT


def test_c_core_in_wasm(node, tmp_path):
    emcc = shutil.which("emcc")
    assert emcc, "emcc is not installed (apt-get install emscripten)"
    flags = subprocess.run(["bash", str(ROOT / "web" / "build.sh"), "cflags"], capture_output=True, text=True,
                           check=True).stdout.split()
    sources = [str(ROOT / "tests" / "c" / "test_core.c"), *core_sources()]
    program = tmp_path / "test_core.js"
    # NODERAWFS: the program reads the vectors file from disk; SINGLE_FILE: emcc 3.1's glue would fetch() a
    # separate .wasm by path in node 18 and later.
    env = {**os.environ, "NODE_PATH": "/usr/share/nodejs"}
    build = subprocess.run([emcc, *flags, "-O2", "-sENVIRONMENT=node", "-sNODERAWFS=1", "-sALLOW_MEMORY_GROWTH=1",
                            "-sSINGLE_FILE=1", *sources, "-o", str(program)],
                           capture_output=True, text=True, timeout=300, env=env)
    assert build.returncode == 0, build.stderr
    assert "warning" not in build.stderr, build.stderr
    run = subprocess.run([node, str(program), str(ROOT / "tests" / "vectors" / "hands.txt")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "batch kernels tested: portable simd128" in run.stdout, run.stdout[-2000:]
    assert " 0 failures" in run.stdout
