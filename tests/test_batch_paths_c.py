"""Compiles tests/c/test_batch_paths.c against the C core and runs it: every batch path this CPU runs (AVX-512,
AVX2, the portable loop), forced one at a time, equals ph_evaluate on every 5-, 6- and 7-card hand and reports
bad rows exactly as the portable loop does; PH_SIMD caps the paths ph_evaluate_batch chooses from."""

import os
import subprocess

import pytest

from c_build import c_program


def test_every_batch_path_equals_evaluate_on_every_hand(native_tools):
    run = subprocess.run([c_program(native_tools, "test_batch_paths")], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failures" in run.stdout


@pytest.mark.parametrize("cap, dropped", [("portable", {"avx2", "avx512"}), ("avx2", {"avx512"}),
                                          ("avx512", set()), ("no-such-path", set())])
def test_ph_simd_caps_the_batch_paths(native_tools, cap, dropped):
    program = c_program(native_tools, "test_batch_paths")
    uncapped = set(subprocess.run([program, "kernels"], capture_output=True, text=True, check=True,
                                  env={k: v for k, v in os.environ.items() if k != "PH_SIMD"}).stdout.split())
    capped = set(subprocess.run([program, "kernels"], capture_output=True, text=True, check=True,
                                env={**os.environ, "PH_SIMD": cap}).stdout.split())
    assert "portable" in capped
    assert capped == uncapped - dropped
