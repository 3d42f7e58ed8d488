"""Compiles tests/c/test_equity_walk.c against the C core (test_equity_c.py's build) and runs it: the exact
engines' walk past clashing holding combinations against the plain loop over every unit, and the cost
model's count of the walk's visits."""

import subprocess

from test_equity_c import _build, core_objects  # noqa: F401  (core_objects: the fixture the build uses)


def test_equity_walk_c(native_tools, tmp_path_factory, core_objects):  # noqa: F811
    binary = _build(native_tools, tmp_path_factory, core_objects, "test_equity_walk.c")
    run = subprocess.run([binary], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: 0 failure(s)" in run.stdout
