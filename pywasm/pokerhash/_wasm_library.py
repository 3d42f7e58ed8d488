"""The C core built as an Emscripten side module (web/build.sh: web/dist/pokerhash_core.so), opened with ctypes.

Pyodide loads it into its own wasm memory, so buffers reach C by address. It is looked up in
$POKERHASH_WASM_CORE (the tests point it at a native build of the same sources), else next to this file.
_wasm_core and _wasm_analysis declare the functions they call.
"""

from __future__ import annotations

import ctypes
import inspect
import os
from typing import Callable, TypeVar

_R = TypeVar("_R")

LIBRARY = os.environ.get("POKERHASH_WASM_CORE") or os.path.join(os.path.dirname(__file__), "pokerhash_core.so")
lib = ctypes.CDLL(LIBRARY)


def signature(parameters: str) -> Callable[[Callable[..., _R]], Callable[..., _R]]:
    """Declares a function's native text signature ("n, k" positional-only, "*cards" any number), so that
    help() and inspect show what they show for the native binding. Most of these functions take *args and
    check the count themselves, with the native binding's messages: to a type checker they take any
    arguments and return what they return (and stubtest, which cannot see the declared signature, leaves
    them to tests/web/core_cases.py, which compares them with the native binding's)."""
    declared = inspect.Signature([
        inspect.Parameter(name.lstrip("*"), inspect.Parameter.VAR_POSITIONAL if name.startswith("*")
                          else inspect.Parameter.POSITIONAL_ONLY)
        for name in parameters.split(", ")])

    def declare(function: Callable[..., _R]) -> Callable[..., _R]:
        function.__signature__ = declared  # type: ignore[attr-defined]
        return function

    return declare
