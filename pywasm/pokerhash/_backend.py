"""Chooses the `_core` implementation: the CPython extension, or ctypes over the wasm side module."""

import sys
from typing import TYPE_CHECKING

__all__ = ["backend", "core"]

if TYPE_CHECKING:
    # Type checkers read the binding's signatures from its Python twin: _wasm_core mirrors _core function
    # for function (tests/web/test_wasm_core_native.py holds both to the same outcomes), and _core has no stub.
    from . import _wasm_core as core

    backend = "native"
elif sys.platform == "emscripten":
    from . import _wasm_core as core

    backend = "wasm"
else:
    from . import _core as core

    backend = "native"
