"""The whole-deal analysis functions of pokerhash._core for Pyodide: ctypes over the side module.

The twin of the native binding pokerhash/_core_analysis.c: the same functions, arguments, results, exception
types and messages, so pokerhash/analysis.py runs unchanged on either backend. Buffers live in the wasm heap
Pyodide shares with the side module: writable ones are handed to C by address, read-only ones (bytes) as they
are or copied once. Pyodide runs Python on one thread, so the module-level scratch below needs no lock.
"""

from __future__ import annotations

import ctypes
import sys
from ctypes import POINTER, c_char_p, c_int, c_int64, c_size_t, c_uint, c_uint64, c_void_p
from typing import Any, Callable, List, Optional, Sequence, Tuple

from ._wasm_library import lib as _lib
from ._wasm_library import signature as _signature

__all__ = [
    "showdown_into", "showdown_matrix_units", "showdown_matrix_into", "uth_payoff", "uth_river", "uth_flop_into",
    "uth_classes_into", "uth_solve_into", "uth_flop_decisions_into", "uth_river_decisions_into", "strength_units",
    "strength_rows_into", "strength_preflop_into", "strength_hand_into",
]

# The sizes of core_c/include/pokerhash.h.
HOLE_PAIRS = 1326
UTH_OUTCOMES = 23
UTH_FLOP_COUNTS = 2 * UTH_OUTCOMES + 1
UTH_LINES = 3 * UTH_OUTCOMES + 1
UTH_FLOPS = 22100
STRENGTH_MAX_BINS = 1000
STRENGTH_CLASSES = 169
RULES_BYTES = 44  # ph_uth_rules: unit and ten Blind pays, uint32 each
PH_E_ARGUMENT, PH_E_RANK, PH_E_NOMEM = -5, -6, -8
INT64_MIN = -(1 << 63)
C_CONTIGUOUS, WRITABLE = 0x38, 0x1  # PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE
U64_END = 1 << 64

# (name, result, arguments): addresses as c_void_p ints; 64-bit values stay i64 (the side module is built with
# WASM_BIGINT).
for _name, _result, _args in (
    ("ph_error_message", c_char_p, [c_int]),  # _wasm_core declares it too: this module may be loaded alone
    ("ph_showdown", c_int, [c_void_p, c_size_t, c_void_p, c_size_t, c_void_p, c_void_p, c_void_p, c_void_p]),
    ("ph_showdown_matrix_units", c_int, [c_void_p, c_size_t, POINTER(c_uint64)]),
    ("ph_showdown_matrix", c_int, [c_void_p, c_size_t, c_uint64, c_uint64, c_void_p, c_void_p]),
    ("ph_uth_payoff", c_int64, [c_void_p, c_uint, c_uint]),
    ("ph_uth_river", c_int, [c_void_p, c_void_p, c_void_p, c_void_p, c_size_t, c_void_p, c_void_p]),
    ("ph_uth_flop", c_int, [c_void_p, c_void_p, c_void_p, c_size_t, c_void_p, c_void_p]),
    ("ph_uth_classes", c_int, [c_void_p, c_size_t, c_void_p]),
    ("ph_uth_solve", c_int, [c_void_p, c_void_p, c_size_t, c_uint64, c_uint64, c_void_p, c_void_p]),
    ("ph_uth_flop_decisions", c_int,
     [c_void_p, c_size_t, c_void_p, c_void_p, c_void_p, c_size_t, c_void_p, POINTER(c_size_t)]),
    ("ph_uth_river_decisions", c_int,
     [c_void_p, c_void_p, c_size_t, c_void_p, c_void_p, c_size_t, c_void_p, POINTER(c_size_t)]),
    ("ph_strength_units", c_int, [c_uint, POINTER(c_uint64)]),
    ("ph_strength_rows", c_int, [c_uint, c_uint, c_uint64, c_uint64, c_void_p, c_void_p, c_void_p, c_void_p]),
    ("ph_strength_preflop", c_int, [c_uint, c_uint64, c_uint64, c_void_p, c_void_p, c_void_p]),
    ("ph_strength_hand", c_int, [c_void_p, c_void_p, c_size_t, c_uint, c_void_p, c_void_p]),
):
    _function = getattr(_lib, _name)
    _function.restype = _result
    _function.argtypes = _args

_units: ctypes._SimpleCData[int] = c_uint64()
_bad_row: ctypes._SimpleCData[int] = c_size_t()
_outcomes = (c_uint64 * UTH_OUTCOMES)()
_ev = (c_int64 * 2)()
_rules = (ctypes.c_char * RULES_BYTES)()
_rules_at = ctypes.addressof(_rules)

def _arg_count(args: Sequence[Any], want: int, name: str) -> None:
    if len(args) != want:
        raise TypeError(f"{name} takes {want} arguments ({len(args)} given)")


def _u64(obj: Any) -> int:
    """PyLong_AsUnsignedLongLong: an int (no __index__) in 0..2**64-1."""
    if not isinstance(obj, int):
        raise TypeError("an integer is required")
    if obj < 0:
        raise OverflowError("can't convert negative int to unsigned")
    if obj >= U64_END:
        raise OverflowError("int too big to convert")
    return int(obj)


def _status_error(status: int) -> Exception:
    if status == PH_E_NOMEM:
        return MemoryError()
    return ValueError(_lib.ph_error_message(status).decode())


def _export(obj: Any, writable: bool) -> memoryview:
    """PyObject_GetBuffer(obj, PyBUF_C_CONTIGUOUS [| PyBUF_WRITABLE]) as the native binding calls it: the
    exporter's own __buffer__ (Python 3.12+, so Pyodide), which raises its own errors; older Pythons (the
    native test harness) get memoryview's view, checked the same way."""
    export = getattr(type(obj), "__buffer__", None)
    if export is None and sys.version_info >= (3, 12):
        raise TypeError(f"a bytes-like object is required, not '{type(obj).__name__}'")
    if export is not None:
        view: memoryview = export(obj, C_CONTIGUOUS | (WRITABLE if writable else 0))
        return view
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError(f"a bytes-like object is required, not '{type(obj).__name__}'") from None
    if not view.c_contiguous:
        view.release()
        raise ValueError(f"{type(obj).__name__} is not C-contiguous")
    if writable and view.readonly:
        view.release()
        raise BufferError("Object is not writable.")
    return view


class _Held:
    """The buffers of one call, pinned in order as the native binding takes them ('r' read, 'w' write, 'n' None
    or write), each at least its size in bytes; released together."""

    __slots__ = ("views", "keep", "addresses", "lengths")

    def __init__(self, objs: Sequence[Any], modes: str, sizes: Sequence[int], names: Sequence[str]):
        self.views: List[memoryview] = []
        self.keep: List[object] = []
        self.addresses: List[Optional[int]] = []
        self.lengths: List[int] = []
        try:
            for obj, mode, size, name in zip(objs, modes, sizes, names):
                self._take(obj, mode, size, name)
        except BaseException:
            self.release()
            raise

    def _take(self, obj: Any, mode: str, size: int, name: str) -> None:
        if mode == "n" and obj is None:
            self.addresses.append(None)
            self.lengths.append(0)
            return
        view = _export(obj, mode != "r")
        self.views.append(view)
        if view.nbytes < size:
            raise ValueError(f"{name} must hold at least {size} bytes, got {view.nbytes}")
        self.lengths.append(view.nbytes)
        if not view.readonly:
            # Shares the exporter's memory, already in the wasm heap: C writes straight into it.
            pinned = (ctypes.c_char * view.nbytes).from_buffer(view)
            self.keep.append(pinned)
            self.addresses.append(ctypes.addressof(pinned))
        else:
            # ctypes cannot pin read-only memory: bytes travel as they are, anything else as a copy.
            data = obj if type(obj) is bytes else view.tobytes()
            self.keep.append(data)
            self.addresses.append(ctypes.cast(c_char_p(data), c_void_p).value or 0)

    def call(self, function: Callable[..., int], *arguments: Any) -> int:
        """function(*arguments), the buffers released after it whatever happens."""
        try:
            return function(*arguments)
        finally:
            self.release()

    def release(self) -> None:
        self.keep.clear()
        for view in self.views:
            view.release()
        self.views.clear()


def _rules_arg(obj: Any) -> int:
    """The packed rules (analysis.py's struct of 11 uint32) copied into the scratch struct; its address."""
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError(f"a bytes-like object is required, not '{type(obj).__name__}'") from None
    with view:
        if view.nbytes != RULES_BYTES:
            raise ValueError(f"rules must be {RULES_BYTES} bytes")
        ctypes.memmove(_rules_at, view.tobytes(), RULES_BYTES)
    return _rules_at


def _check(status: int) -> None:
    if status < 0:
        raise _status_error(status)


@_signature("board, dead, holes, values, counts, by_category")
def showdown_into(*args: Any) -> int:
    """Showdown counts of every hole pair on a 3..5-card board into the buffers; returns the rows."""
    _arg_count(args, 6, "showdown_into")
    held = _Held(args, "rrwwwn", [0, 0, 2 * HOLE_PAIRS, 2 * HOLE_PAIRS, 24 * HOLE_PAIRS, 240 * HOLE_PAIRS],
                 ["board", "dead", "holes", "values", "counts", "by_category"])
    a, n = held.addresses, held.lengths
    rows = held.call(_lib.ph_showdown, a[0], n[0], a[1], n[1], a[2], a[3], a[4], a[5])
    if rows < 0:
        raise _status_error(rows)
    return rows


@_signature("dead")
def showdown_matrix_units(*args: Any) -> int:
    """Work units (boards) of the showdown matrix."""
    _arg_count(args, 1, "showdown_matrix_units")
    held = _Held(args, "r", [0], ["dead"])
    _units.value = 0
    _check(held.call(_lib.ph_showdown_matrix_units, held.addresses[0], held.lengths[0], ctypes.byref(_units)))
    return _units.value


@_signature("dead, start, count, wins, ties")
def showdown_matrix_into(*args: Any) -> None:
    """Adds boards start.. of the showdown matrix to wins (10x10 uint64) and ties (10 uint64)."""
    _arg_count(args, 5, "showdown_matrix_into")
    start, count = _u64(args[1]), _u64(args[2])
    held = _Held([args[0], args[3], args[4]], "rww", [0, 800, 80], ["dead", "wins", "ties"])
    a = held.addresses
    _check(held.call(_lib.ph_showdown_matrix, a[0], held.lengths[0], start, count, a[1], a[2]))


@_signature("rules, play, outcome")
def uth_payoff(*args: Any) -> int:
    """The player's result of one outcome with play antes on the Play bet, in 1/unit antes."""
    _arg_count(args, 3, "uth_payoff")
    rules = _rules_arg(args[0])
    play, outcome = _u64(args[1]), _u64(args[2])
    pay: int = _lib.ph_uth_payoff(rules, 0 if play > 4 else play, min(outcome, 99))
    if pay == INT64_MIN:
        raise _status_error(PH_E_ARGUMENT)
    return pay


@_signature("rules, hole, board, dead")
def uth_river(*args: Any) -> Tuple[int, Tuple[int, ...], int, int]:
    """(dealer holes, outcomes of playing, EV of playing, EV of folding) on the river."""
    _arg_count(args, 4, "uth_river")
    rules = _rules_arg(args[0])
    held = _Held(args[1:], "rrr", [2, 5, 0], ["hole", "board", "dead"])
    a = held.addresses
    dealers = held.call(_lib.ph_uth_river, rules, a[0], a[1], a[2], held.lengths[2], _outcomes, _ev)
    if dealers < 0:
        raise _status_error(dealers)
    return dealers, tuple(_outcomes), _ev[0], _ev[1]


@_signature("rules, flop, dead, counts, bet")
def uth_flop_into(*args: Any) -> None:
    """Every hole pair's outcome counts on one flop, and whether it bets."""
    _arg_count(args, 5, "uth_flop_into")
    rules = _rules_arg(args[0])
    held = _Held(args[1:], "rrww", [3, 0, 4 * UTH_FLOP_COUNTS * HOLE_PAIRS, HOLE_PAIRS],
                 ["flop", "dead", "counts", "bet"])
    a = held.addresses
    _check(held.call(_lib.ph_uth_flop, rules, a[0], a[1], held.lengths[1], a[2], a[3]))


@_signature("dead, out")
def uth_classes_into(*args: Any) -> None:
    """The class (smallest pair of its suit orbit) of every hole pair."""
    _arg_count(args, 2, "uth_classes_into")
    held = _Held(args, "rw", [0, 2 * HOLE_PAIRS], ["dead", "out"])
    _check(held.call(_lib.ph_uth_classes, held.addresses[0], held.lengths[0], held.addresses[1]))


@_signature("rules, dead, start, count, totals, bet")
def uth_solve_into(*args: Any) -> None:
    """Adds flops start.. of the whole game to the class totals; bet (or None) gets the flop decisions."""
    _arg_count(args, 6, "uth_solve_into")
    rules = _rules_arg(args[0])
    start, count = _u64(args[2]), _u64(args[3])
    if count > UTH_FLOPS:
        raise _status_error(PH_E_RANK)
    held = _Held([args[1], args[4], args[5]], "rwn", [0, 8 * UTH_LINES * HOLE_PAIRS, count * HOLE_PAIRS],
                 ["dead", "totals", "bet"])
    a = held.addresses
    _check(held.call(_lib.ph_uth_solve, rules, a[0], held.lengths[0], start, count, a[1], a[2]))


def _batch_rows(held: _Held, boards: str, board_cards: int) -> int:
    """The rows of a decision batch (the bytes of out, its last buffer), when the two buffers before it hold the
    holes and the boards of that many rows."""
    lengths = held.lengths
    n = lengths[-1]
    if lengths[-3] < 2 * n or lengths[-2] < board_cards * n:
        held.release()
        raise ValueError(f"holes and {boards} must hold 2 and {board_cards} cards per row of out")
    _bad_row.value = 0
    return n


def _row_status(status: int) -> None:
    if status == PH_E_NOMEM:
        raise MemoryError()
    if status < 0:
        raise ValueError(f"row {_bad_row.value}: {_lib.ph_error_message(status).decode()}")


@_signature("dead, bet, holes, flops, out")
def uth_flop_decisions_into(*args: Any) -> None:
    """Flop decisions (1 bet, 0 check) of (hole, flop) rows from the solve's table."""
    _arg_count(args, 5, "uth_flop_decisions_into")
    held = _Held(args, "rrrrw", [0, UTH_FLOPS * HOLE_PAIRS, 0, 0, 0], ["dead", "bet", "holes", "flops", "out"])
    a, n = held.addresses, _batch_rows(held, "flops", 3)
    _row_status(held.call(_lib.ph_uth_flop_decisions, a[0], held.lengths[0], a[1], a[2], a[3], n, a[4],
                          ctypes.byref(_bad_row)))


@_signature("rules, dead, holes, boards, out")
def uth_river_decisions_into(*args: Any) -> None:
    """River decisions (1 play, 0 fold) of (hole, board) rows by exact EV."""
    _arg_count(args, 5, "uth_river_decisions_into")
    rules = _rules_arg(args[0])
    held = _Held(args[1:], "rrrw", [0, 0, 0, 0], ["dead", "holes", "boards", "out"])
    a, n = held.addresses, _batch_rows(held, "boards", 5)
    _row_status(held.call(_lib.ph_uth_river_decisions, rules, a[0], held.lengths[0], a[1], a[2], n, a[3],
                          ctypes.byref(_bad_row)))


def _unsigned(obj: Any) -> int:
    """unsigned_arg of the native binding: a u64, values past 32 bits read as UINT32_MAX (refused by C)."""
    return min(_u64(obj), 0xFFFFFFFF)


@_signature("board_cards")
def strength_units(*args: Any) -> int:
    """Work units (canonical boards) of a street's hand-strength table: board cards 0, 3, 4 or 5."""
    _arg_count(args, 1, "strength_units")
    board_cards = _unsigned(args[0])
    _units.value = 0
    _check(_lib.ph_strength_units(board_cards, ctypes.byref(_units)))
    return _units.value


@_signature("board_cards, bins, start, count, index, sum, square, histogram")
def strength_rows_into(*args: Any) -> None:
    """Hand-strength rows of canonical boards start..: table index, score sums, squares, histogram."""
    _arg_count(args, 8, "strength_rows_into")
    board_cards, bins, start, count = _unsigned(args[0]), _unsigned(args[1]), _u64(args[2]), _u64(args[3])
    if board_cards == 0:
        raise _status_error(PH_E_ARGUMENT)
    units = strength_units(board_cards)
    if count > units:
        raise _status_error(PH_E_RANK)
    if bins > STRENGTH_MAX_BINS:
        raise _status_error(PH_E_ARGUMENT)
    rows = count * (52 - board_cards) * (51 - board_cards) // 2
    held = _Held(args[4:], "wwnn", [8 * rows, 4 * rows, 8 * rows, 2 * rows * bins],
                 ["index", "sum", "square", "histogram"])
    a = held.addresses
    _check(held.call(_lib.ph_strength_rows, board_cards, bins, start, count, a[0], a[1], a[2], a[3]))


@_signature("bins, start, count, sum, square, histogram")
def strength_preflop_into(*args: Any) -> None:
    """Adds canonical 5-card boards start.. to the 169 classes' orbit-weighted sums and histograms."""
    _arg_count(args, 6, "strength_preflop_into")
    bins, start, count = _unsigned(args[0]), _u64(args[1]), _u64(args[2])
    if bins > STRENGTH_MAX_BINS:
        raise _status_error(PH_E_ARGUMENT)
    classes = STRENGTH_CLASSES
    held = _Held(args[3:], "wnn", [8 * classes, 8 * classes, 8 * classes * bins], ["sum", "square", "histogram"])
    a = held.addresses
    _check(held.call(_lib.ph_strength_preflop, bins, start, count, a[0], a[1], a[2]))


@_signature("hole, board, bins, sums, histogram")
def strength_hand_into(*args: Any) -> int:
    """One hole pair's score sum, square sum and histogram over every runout of a board; the runouts."""
    _arg_count(args, 5, "strength_hand_into")
    bins = _unsigned(args[2])
    if bins > STRENGTH_MAX_BINS:
        raise _status_error(PH_E_ARGUMENT)
    held = _Held([args[0], args[1], args[3], args[4]], "rrwn", [2, 0, 16, 4 * bins],
                 ["hole", "board", "sums", "histogram"])
    a = held.addresses
    runouts: int = held.call(_lib.ph_strength_hand, a[0], a[1], held.lengths[1], bins, a[2], a[3])
    _check(runouts)
    return runouts
