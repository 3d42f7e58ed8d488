"""The native extension: the C core compiled together with its thin CPython binding."""

import os
import sys
from glob import glob

from setuptools import Extension, setup

# Every feature folder of core_c/src, so a new folder needs no edit here; then the generated tables.
core_sources = sorted(glob("core_c/src/*/*.c")) + sorted(glob("core_c/tables/*.c"))


def strip_flags():
    """Link flags that drop debug info and local symbols: the wheel carries only what runs.

    Python's own CFLAGS add -g, which would more than double the extension. POKERHASH_DEBUG=1 keeps the
    symbols for a debugger."""
    if os.environ.get("POKERHASH_DEBUG") == "1":
        return []
    if sys.platform.startswith("linux"):
        return ["-s"]  # .dynsym stays, so PyInit__core is still exported
    if sys.platform == "darwin":
        return ["-Wl,-S", "-Wl,-x"]
    return []


setup(
    # the core is ~50 C files: compile them side by side
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
    ext_modules=[
        Extension(
            "pokerhash._core",
            sources=["pywasm/pokerhash/_core.c", "pywasm/pokerhash/_core_analysis.c",
                     "pywasm/pokerhash/_core_isomorphism.c"] + core_sources,
            # the core includes its private headers by relative path; the generated tables include
            # tables.h and game_tables.h by name, from core_c/src/common
            include_dirs=["core_c/include", "core_c/src/common"],
            # the incremental hand (ph_hand) is C-only: Python never calls it, so the extension leaves out
            # its 1.7 MB walk and keeps the small fallback the wasm build uses
            define_macros=[("PH_HAND_TABLE", "0")],
            extra_compile_args=["-std=c11", "-O3", "-Wall", "-Wextra"],
            extra_link_args=strip_flags(),
        )
    ]
)
