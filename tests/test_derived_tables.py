"""The wasm builds derive three hold'em tables when they load (PH_DERIVED_TABLES=1) instead of shipping them:
the rank hash's 5- and 7-card values (from its row bases), the ranks behind each value and Pascal's triangle.
Derived natively, each must equal the generated table byte for byte (tests/c/test_derive_tables.c)."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from c_build import c_program  # noqa: E402


def test_derived_tables_equal_the_generated_ones(native_tools):
    run = subprocess.run([c_program(native_tools, "test_derive_tables")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("byte for byte") == 3, run.stdout
