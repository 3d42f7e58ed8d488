"""Compiles tests/c/test_reliability.c against the C core (test_equity_c.py's build) and runs every section:
made-up state-machine handles, wrapped buffer sizes, weights near the float limits and the C API audit's edge
cases. tests/fuzz/run.sh runs the same program under ASan + UBSan (tests/test_sanitizers.py)."""

import subprocess

from test_equity_c import _build, core_objects  # noqa: F401  (core_objects: the fixture the build uses)


def test_reliability_c(native_tools, tmp_path_factory, core_objects):  # noqa: F811
    binary = _build(native_tools, tmp_path_factory, core_objects, "test_reliability.c")
    run = subprocess.run([binary], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: 0 failure(s)" in run.stdout and "edges: far-apart weights refused" in run.stdout
