"""Chooses the `_core` implementation: the CPython extension, or ctypes over the wasm side module."""

import sys

if sys.platform == "emscripten":
    from . import _wasm_core as core

    backend = "wasm"
else:
    from . import _core as core

    backend = "native"
