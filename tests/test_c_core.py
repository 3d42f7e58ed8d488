"""Builds tests/c/test_core.c with the system C compiler against the core sources (C11, warnings on)
and runs it on the shared vectors."""

import os
import subprocess

import pytest

from core_build import core_includes, core_sources


# The wasm builds leave out the 6-card block, the 8/9-card blocks and the flush table (each derived instead):
# test the core both ways.
@pytest.mark.parametrize("six_card_table", [1, 0])
def test_c_core(native_tools, tmp_path, six_card_table):
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    root = native_tools["root"]
    sources = [os.path.join(root, "tests", "c", "test_core.c"), *core_sources()]
    exe = str(tmp_path / "test_core")
    build = subprocess.run(
        [native_tools["cc"], "-std=c11", "-O2", "-Wall", "-Wextra", "-pthread",
         f"-DPH_SIX_CARD_TABLE={six_card_table}", f"-DPH_LARGE_HAND_TABLES={six_card_table}",
         f"-DPH_FLUSH_TABLE={six_card_table}",
         *core_includes(), *sources, "-o", exe], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    # The core claims clean C11: any compiler warning is a regression worth seeing.
    assert "warning" not in build.stderr, build.stderr
    run = subprocess.run([exe, os.path.join(root, "tests", "vectors", "hands.txt")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failures" in run.stdout
