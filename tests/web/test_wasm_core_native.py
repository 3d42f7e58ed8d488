"""_wasm_core.py run on CPython over a native build of the core: the same contract as the native binding.

A quick check that needs no browser or node: ctypes code paths and error messages, case by case."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core_build import core_includes, core_sources
from webtools import ROOT


@pytest.fixture(scope="module")
def native_side_library(tmp_path_factory) -> Path:
    library = tmp_path_factory.mktemp("core") / "pokerhash_core.so"
    subprocess.run(["cc", "-std=c11", "-O2", "-shared", "-fPIC", *core_includes(), *core_sources(), "-o", str(library)],
                   check=True)
    return library


def differences(library: Path, cases: str, twin: str) -> list:
    """The cases of module `cases` where the native binding and its ctypes twin over `library` disagree."""
    script = (
        f"import {cases} as c, json, pokerhash._core as n, pokerhash.{twin} as w;"
        "print(json.dumps([c.CASES, c.outcomes(n), c.outcomes(w)]))"
    )
    env = dict(os.environ, POKERHASH_WASM_CORE=str(library),
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "web"), str(ROOT / "pywasm")]))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    cases, native, wasm = json.loads(done.stdout)
    assert len(native) == len(wasm) == len(cases)
    return [f"{c}\n  native {n}\n  wasm   {w}" for c, n, w in zip(cases, native, wasm) if n != w]


def test_every_case_matches_the_native_binding(native_side_library):
    diffs = differences(native_side_library, "core_cases", "_wasm_core")
    assert not diffs, "\n".join(diffs)


def test_every_analysis_case_matches_the_native_binding(native_side_library):
    diffs = differences(native_side_library, "analysis_core_cases", "_wasm_analysis")
    assert not diffs, "\n".join(diffs)


def test_every_isomorphism_case_matches_the_native_binding(native_side_library):
    diffs = differences(native_side_library, "isomorphism_core_cases", "_wasm_isomorphism")
    assert not diffs, "\n".join(diffs)
