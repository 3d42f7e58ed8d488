"""Compiles a C program of tests/c/ with the core sources (C11, -O2) once per test session."""

import os
import subprocess
import tempfile

import pytest

from core_build import core_includes, core_sources

_built = {}


def c_program(native_tools, name, extra=(), flags=()):
    """Path of the executable of tests/c/<name>.c, with the other tests/c files named in `extra` and the
    compiler flags `flags` (the core is built with them too), built on first use (skips without a C
    compiler)."""
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    key = (name, tuple(extra), tuple(flags))
    if key not in _built:
        root = native_tools["root"]
        sources, includes = core_sources(), core_includes()
        tests = [os.path.join(root, "tests", "c", f + ".c") for f in (name, *extra)]
        exe = os.path.join(tempfile.mkdtemp(prefix="pokerhash_" + name + "_"), name)
        build = subprocess.run(
            [native_tools["cc"], "-std=c11", "-O2", "-Wall", "-Wextra", "-pthread", *flags, *includes,
             *tests, *sources, "-o", exe],
            capture_output=True, text=True, timeout=600)
        assert build.returncode == 0, build.stderr
        assert "warning" not in build.stderr, build.stderr
        _built[key] = exe
    return _built[key]
