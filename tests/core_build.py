"""The C core as the tests compile it: its sources and the include flags a build needs."""

import glob
import os

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def core_sources():
    """Every .c file of the core: each feature folder of core_c/src (a new folder is picked up), then the
    generated tables of core_c/tables."""
    return (sorted(glob.glob(os.path.join(REPO_ROOT, "core_c", "src", "*", "*.c")))
            + sorted(glob.glob(os.path.join(REPO_ROOT, "core_c", "tables", "*.c"))))


def core_includes():
    """-I flags of a core build: the public header, and core_c/src/common, whose tables.h and game_tables.h
    the generated tables include by name (the core's own files include private headers by relative path)."""
    return ["-I" + os.path.join(REPO_ROOT, "core_c", "include"), "-I" + os.path.join(REPO_ROOT, "core_c", "src", "common")]
