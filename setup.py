"""The native extension: the C core compiled together with its thin CPython binding."""

from glob import glob

from setuptools import Extension, setup

core_sources = sorted(glob("core_c/src/*.c")) + sorted(glob("core_c/tables/*.c"))

setup(
    ext_modules=[
        Extension(
            "pokerhash._core",
            sources=["pywasm/pokerhash/_core.c"] + core_sources,
            include_dirs=["core_c/include", "core_c/src"],
            extra_compile_args=["-std=c11", "-O3", "-Wall", "-Wextra"],
        )
    ]
)
