"""Compiles a C program of tests/c/ with the core sources (C11, -O2) once per test session.

The core's sources are globbed recursively, and every folder under core_c/src is on the include path, so
the build does not care how core_c/src is split into feature folders."""

import glob
import os
import subprocess
import tempfile

import pytest

_built = {}


def core_build_inputs(root):
    """(sources, include flags) of the C core under `root`."""
    src = os.path.join(root, "core_c", "src")
    sources = (sorted(glob.glob(os.path.join(src, "**", "*.c"), recursive=True))
               + sorted(glob.glob(os.path.join(root, "core_c", "tables", "*.c"))))
    folders = [src] + sorted(d for d in glob.glob(os.path.join(src, "**", ""), recursive=True)
                             if os.path.isdir(d) and os.path.normpath(d) != os.path.normpath(src))
    includes = ["-I" + os.path.join(root, "core_c", "include")] + ["-I" + os.path.normpath(d) for d in folders]
    return sources, includes


def c_program(native_tools, name):
    """Path of the executable of tests/c/<name>.c, built on first use (skips without a C compiler)."""
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    if name not in _built:
        root = native_tools["root"]
        sources, includes = core_build_inputs(root)
        exe = os.path.join(tempfile.mkdtemp(prefix="pokerhash_" + name + "_"), name)
        build = subprocess.run(
            [native_tools["cc"], "-std=c11", "-O2", "-Wall", "-Wextra", "-pthread", *includes,
             os.path.join(root, "tests", "c", name + ".c"), *sources, "-o", exe],
            capture_output=True, text=True, timeout=600)
        assert build.returncode == 0, build.stderr
        assert "warning" not in build.stderr, build.stderr
        _built[name] = exe
    return _built[name]
