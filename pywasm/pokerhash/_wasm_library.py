"""The C core built as an Emscripten side module (web/build.sh: web/dist/pokerhash_core.so), opened with ctypes.

Pyodide loads it into its own wasm memory, so buffers reach C by address. It is looked up in
$POKERHASH_WASM_CORE (the tests point it at a native build of the same sources), else next to this file.
_wasm_core and _wasm_analysis declare the functions they call.
"""

from __future__ import annotations

import ctypes
import os

LIBRARY = os.environ.get("POKERHASH_WASM_CORE") or os.path.join(os.path.dirname(__file__), "pokerhash_core.so")
lib = ctypes.CDLL(LIBRARY)
