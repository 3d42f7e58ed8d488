"""The hand indexer functions of pokerhash._core for Pyodide: ctypes over the side module.

The twin of the native binding pokerhash/_core_isomorphism.c: the same functions, arguments, results, exception
types and messages. Where the native binding hands out a capsule, this one hands out an _Indexer that frees the
C indexer when it is collected.
"""

from __future__ import annotations

import ctypes
import weakref
from ctypes import POINTER, c_char_p, c_int, c_size_t, c_uint64, c_void_p
from typing import Any, Sequence

from ._wasm_analysis import _Held, _export
from ._wasm_library import lib as _lib
from ._wasm_library import signature as _signature

__all__ = ["indexer_new", "indexer_size", "indexer_index_into", "indexer_unindex_into", "indexer_is_canonical_into"]

PH_E_CARD, PH_E_DUPLICATE, PH_E_ARGUMENT, PH_E_RANK, PH_E_OVERFLOW, PH_E_NOMEM = -1, -2, -5, -6, -7, -8
SIZE_END = 1 << (8 * ctypes.sizeof(c_size_t))

for _name, _result, _args in (
    ("ph_error_message", c_char_p, [c_int]),
    ("ph_indexer_new", c_int, [c_void_p, c_size_t, POINTER(c_void_p)]),
    ("ph_indexer_free", None, [c_void_p]),
    ("ph_indexer_size", c_uint64, [c_void_p, c_size_t]),
    ("ph_indexer_cards", c_size_t, [c_void_p, c_size_t]),
    ("ph_indexer_index_batch", c_int, [c_void_p, c_void_p, c_size_t, c_size_t, c_int, c_void_p, POINTER(c_size_t)]),
    ("ph_indexer_unindex_batch", c_int, [c_void_p, c_size_t, c_void_p, c_size_t, c_void_p, POINTER(c_size_t)]),
    ("ph_indexer_is_canonical_batch", c_int, [c_void_p, c_void_p, c_size_t, c_size_t, c_void_p, POINTER(c_size_t)]),
):
    _function = getattr(_lib, _name)
    _function.restype = _result
    _function.argtypes = _args

_bad_row: ctypes._SimpleCData[int] = c_size_t()
_made: ctypes._SimpleCData[int] = c_void_p()


class _Indexer:
    """A C indexer: its address, freed with the object (the native binding's capsule)."""

    __slots__ = ("address", "__weakref__")

    def __init__(self, address: int) -> None:
        self.address = address
        weakref.finalize(self, _lib.ph_indexer_free, address)


def _wrong_count(args: Sequence[Any], want: int, name: str) -> None:
    if len(args) != want:
        raise TypeError(f"{name} takes {want} arguments ({len(args)} given)")


def _indexer(obj: Any) -> int:
    if not isinstance(obj, _Indexer):
        raise ValueError("PyCapsule_GetPointer called with invalid PyCapsule object")
    return obj.address


def _size(obj: Any) -> int:
    """PyLong_AsSize_t."""
    if not isinstance(obj, int):
        raise TypeError("an integer is required")
    if obj < 0:
        raise OverflowError("can't convert negative value to size_t")
    if obj >= SIZE_END:
        raise OverflowError("Python int too large to convert to C size_t")
    return int(obj)


def _core_error(status: int, bad_row: Any = None) -> Exception:
    if status == PH_E_NOMEM:
        return MemoryError()
    message = _lib.ph_error_message(status).decode()
    if status == PH_E_OVERFLOW:
        return OverflowError(message)
    if bad_row is not None and status == PH_E_DUPLICATE:
        return ValueError(f"row {bad_row}: duplicate card")
    if bad_row is not None and status == PH_E_CARD:
        return ValueError(f"row {bad_row}: card id outside 0..51")
    if bad_row is not None and status == PH_E_RANK:
        return ValueError(f"row {bad_row}: index out of range")
    return ValueError(message)


def _batch(indexer: Any, round: Any, rows: Any, in_row: int, out: Any, out_row: int) -> "tuple[int, int, _Held, int]":
    """(indexer address, round, the held buffers, row count) as take_batch in _core_isomorphism.c checks them."""
    address, round = _indexer(indexer), _size(round)
    k = _lib.ph_indexer_cards(address, round)
    if k == 0:
        raise _core_error(PH_E_ARGUMENT)
    in_row, out_row = in_row or k, out_row or k
    held = _Held([rows, out], "rw", [0, 0], ["rows", "out"])
    if held.lengths[0] % in_row or held.lengths[1] < held.lengths[0] // in_row * out_row:
        lengths = held.lengths
        held.release()
        raise ValueError(f"buffers of {lengths[0]} and {lengths[1]} bytes are not rows of {in_row} and {out_row}")
    return address, round, held, held.lengths[0] // in_row


def _finish(held: _Held, function: Any, *arguments: Any) -> None:
    status = held.call(function, *arguments, ctypes.byref(_bad_row))
    if status != 0:
        raise _core_error(status, _bad_row.value)


@_signature("counts")
def indexer_new(*args: Any) -> _Indexer:
    """A hand indexer for the rounds' card counts (bytes), as a capsule."""
    _wrong_count(args, 1, "indexer_new")
    with _export(args[0], False) as view:
        counts = view.tobytes()
    status = _lib.ph_indexer_new(counts, len(counts), ctypes.byref(_made))
    if status != 0:
        raise _core_error(status)
    return _Indexer(_made.value or 0)


@_signature("indexer, round")
def indexer_size(*args: Any) -> int:
    """Canonical hands of round (0-based), 0 past the last."""
    _wrong_count(args, 2, "indexer_size")
    address = _indexer(args[0])
    size: int = _lib.ph_indexer_size(address, _size(args[1]))
    return size


@_signature("indexer, round, every_round, rows, out")
def indexer_index_into(*args: Any) -> None:
    """Indexes of uint8 rows of the cards of rounds 0..round into uint64 out: round's, or every round's."""
    _wrong_count(args, 5, "indexer_index_into")
    every_round = bool(args[2])
    per_row = 8 * (_size(args[1]) + 1 if every_round else 1)
    address, round, held, rows = _batch(args[0], args[1], args[3], 0, args[4], per_row)
    a = held.addresses
    _finish(held, _lib.ph_indexer_index_batch, address, a[0], rows, round + 1, int(every_round), a[1])


@_signature("indexer, round, indices, out")
def indexer_unindex_into(*args: Any) -> None:
    """Canonical cards of uint64 indexes of round into uint8 rows."""
    _wrong_count(args, 4, "indexer_unindex_into")
    address, round, held, rows = _batch(args[0], args[1], args[2], 8, args[3], 0)
    a = held.addresses
    _finish(held, _lib.ph_indexer_unindex_batch, address, round, a[0], rows, a[1])


@_signature("indexer, round, rows, out")
def indexer_is_canonical_into(*args: Any) -> None:
    """1 or 0 per uint8 row of the cards of rounds 0..round: whether it is its index's canonical form."""
    _wrong_count(args, 4, "indexer_is_canonical_into")
    address, round, held, rows = _batch(args[0], args[1], args[2], 0, args[3], 1)
    a = held.addresses
    _finish(held, _lib.ph_indexer_is_canonical_batch, address, a[0], rows, round + 1, a[1])
