"""pokerhash._core for Pyodide: ctypes over the C core built as an Emscripten side module.

The side module (web/build.sh makes it: web/dist/pokerhash_core.so) shares Pyodide's wasm memory, so
buffers are handed to C by address without copying. Every function, argument rule and error message
mirrors the native binding pokerhash/_core.c; docs/design/python-binding.md is the contract. The side module is
looked up in $POKERHASH_WASM_CORE, else next to this file.

Pyodide runs Python on one thread, so the module-level scratch arrays below need no lock.
"""

from __future__ import annotations

import ctypes
import itertools
import operator
import struct
from typing import Any, Callable, Dict, List, Optional, Tuple
from ctypes import POINTER, c_char_p, c_int, c_int32, c_int64, c_size_t, c_uint, c_uint64, c_void_p

from ._checks import is_card_id as _is_card_id, is_card_sequence as _is_card_sequence, shown as _shown
from ._checks import shown_value as _shown_value

from ._wasm_library import lib as _lib
from ._wasm_library import signature as _signature

#: An engine tally: counts, sums and per-player lists of them (the dicts _equity_engine.Tally describes).
Tally = Dict[str, Any]

# (name, result, arguments): addresses travel as c_void_p ints, 64-bit values as i64 (the side module
# is built with WASM_BIGINT, so no argument is split in two).
for _name, _result, _args in (
    ("ph_version", c_char_p, []),
    ("ph_cards_parse", c_int, [c_char_p, c_size_t, c_void_p, c_size_t, POINTER(c_size_t)]),
    ("ph_cards_word_length", c_size_t, [c_char_p, c_size_t]),
    ("ph_evaluate", c_int, [c_void_p, c_size_t]),
    ("ph_evaluate_batch", c_int, [c_void_p, c_size_t, c_size_t, c_void_p, POINTER(c_size_t)]),
    ("ph_value_histogram", c_int, [c_size_t, c_uint64, c_uint64, c_void_p]),
    ("ph_category_of", c_int, [c_int]),
    ("ph_describe", c_int, [c_int, c_void_p, c_size_t]),
    ("ph_value_ranks", c_int, [c_int, c_void_p]),
    ("ph_best_five", c_int, [c_void_p, c_size_t, c_void_p]),
    ("ph_quinary_hash", c_int32, [c_void_p, c_uint]),
    ("ph_binomial", c_int, [c_uint64, c_uint64, POINTER(c_uint64)]),
    ("ph_combination_rank", c_int, [c_void_p, c_size_t, c_uint, c_int, POINTER(c_uint64)]),
    ("ph_combination_unrank", c_int, [c_uint64, c_size_t, c_uint, c_int, c_void_p]),
    ("ph_combinations", c_int, [c_uint, c_size_t, c_uint64, c_size_t, c_void_p]),
    ("ph_combination_masks", c_int, [c_uint, c_size_t, c_uint64, c_size_t, c_void_p]),
    ("ph_hand_index", c_int64, [c_uint64]),
    ("ph_error_message", c_char_p, [c_int]),
    ("ph_omaha_evaluate", c_int, [c_void_p, c_size_t, c_void_p, c_size_t]),
    ("ph_sm_value_histogram", c_int, [c_size_t, c_void_p]),
    ("ph_equity_check", c_int, [c_void_p, c_void_p, c_size_t]),
    ("ph_equity_exact_units", c_int, [c_void_p, POINTER(c_uint64)]),
    ("ph_equity_exact_seconds", c_int, [c_void_p, POINTER(ctypes.c_double)]),
    ("ph_equity_exact", c_int, [c_void_p, c_uint64, c_uint64, c_void_p]),
    ("ph_equity_sample", c_int, [c_void_p, c_uint64, c_uint64, c_uint64, c_void_p]),
    ("ph_range_capacity", c_size_t, [c_size_t]),
    ("ph_range_parse", c_int, [c_char_p, c_size_t, c_uint64, c_void_p, c_size_t, c_void_p, c_size_t]),
    ("ph_range_text", c_int, [c_char_p, c_size_t, c_void_p, c_size_t]),
    # python first hour: batch forms
    ("ph_omaha_evaluate_batch", c_int, [c_void_p, c_size_t, c_void_p, c_size_t, c_size_t, c_void_p, POINTER(c_size_t)]),
):
    _function = getattr(_lib, _name)
    _function.restype = _result
    _function.argtypes = _args

core_version = _lib.ph_version().decode()

PH_E_CARD, PH_E_DUPLICATE, PH_E_COUNT, PH_E_ARGUMENT, PH_E_OVERFLOW, PH_E_NOMEM = -1, -2, -3, -5, -7, -8
DECK_SIZE = 52
WORST_VALUE = 7462
MAX_COLLECT = 64  # more than a deck, so a wrong count is reported, not truncated
U64_END = 1 << 64
LONG_MIN, LONG_END = -(1 << 63), 1 << 63  # the native build's C long, so range errors agree
CARDS_TYPE_ERROR = "cards must be card names (str), card ids (int) or a sequence of them"
_CARD_NAMES = ["23456789TJQKA"[c >> 2] + "cdhs"[c & 3] for c in range(DECK_SIZE)]

_cards = (ctypes.c_uint8 * MAX_COLLECT)()
_cards_at = ctypes.addressof(_cards)
_small = (ctypes.c_uint8 * MAX_COLLECT)()  # results: best five, ranks, unranked items, text
_small_at = ctypes.addressof(_small)
# Typed as their common base: c_uint64 and c_size_t are other types' aliases, which differ by platform.
_size: ctypes._SimpleCData[int] = c_size_t()
_u64: ctypes._SimpleCData[int] = c_uint64()

# ---- argument conversion (the C API's PyLong_As* behaviour) -------------------------------------------


def _as_long(obj: Any) -> int:
    value = operator.index(obj)
    if not LONG_MIN <= value < LONG_END:
        raise OverflowError("Python int too large to convert to C long")
    return value


def _unsigned(obj: Any, name: str) -> int:
    value = None if isinstance(obj, bool) else obj
    if not isinstance(obj, int) and _is_card_id(obj):
        try:
            value = operator.index(obj)
        except Exception:  # the native binding clears the conversion error into the message below
            value = None
    if not isinstance(value, int) or not 0 <= value < U64_END:
        raise ValueError(f"{name} must be a non-negative integer below 2**64, got {_shown_value(obj)}")
    return value


def _fast_sequence(obj: Any, message: str) -> Tuple[Any, ...]:
    """The items as a tuple (frozen_sequence in _core.c): a snapshot, so Python code run on an item
    (__index__, __float__) that changes the caller's list changes nothing that is being walked."""
    if isinstance(obj, tuple):
        return obj
    if isinstance(obj, list):
        return tuple(obj)
    try:
        iterator = iter(obj)
    except TypeError:
        raise TypeError(message) from None
    return tuple(iterator)


# ---- cards ------------------------------------------------------------------------------------------


def _utf8(text: str) -> bytes:
    """text_utf8 in _core.c: a lone surrogate (no UTF-8 form) travels as its escape '\\ud800', which no
    card or range token accepts, so the parser names the token that holds it."""
    return text.encode("utf-8", "backslashreplace")


def _collect_text(text: str, count: int) -> int:
    utf8 = _utf8(text)
    parsed: int = _lib.ph_cards_parse(utf8, len(utf8), _cards_at + count, MAX_COLLECT - count, ctypes.byref(_size))
    if parsed == -4:  # PH_E_PARSE: name the token as written, up to the next separator
        bad = _size.value
        end = bad + _lib.ph_cards_word_length(utf8[bad:], len(utf8) - bad)
        raise ValueError(f"unknown card {_shown(utf8[bad:end].decode('utf-8', 'replace'))}")
    if parsed < 0:
        raise ValueError(f"more than {MAX_COLLECT} cards")
    return count + parsed


def _collect_one(item: Any, count: int) -> int:
    if _is_card_id(item):
        card = item if isinstance(item, int) else operator.index(item)
        if not 0 <= card < DECK_SIZE:
            raise ValueError(f"card id {_shown_value(item, str)} outside 0..51")
        if count == MAX_COLLECT:
            raise ValueError(f"more than {MAX_COLLECT} cards")
        _cards[count] = card
        return count + 1
    if isinstance(item, str):
        return _collect_text(item, count)
    raise TypeError(CARDS_TYPE_ERROR)


def _collect_cards(args: Any) -> int:
    """Cards from positional arguments (one text, one sequence, or the cards) into _cards; the count."""
    items = args[0] if len(args) == 1 and _is_card_sequence(args[0]) else args
    if isinstance(items, list):
        items = tuple(items)  # a card's __index__ may change the list: walk it as it was (collect_cards)
    count = 0
    for item in items:
        count = _collect_one(item, count)
    seen = 0
    for i in range(count):
        bit = 1 << _cards[i]
        if seen & bit:
            raise ValueError(f"duplicate card {_CARD_NAMES[_cards[i]]}")
        seen |= bit
    return count


def _collect_hand(args: Any) -> int:
    count = _collect_cards(args)
    if not 5 <= count <= 9:
        raise ValueError(f"a hand needs 5 to 9 cards, got {count}")
    return count


@_signature("*cards")
def evaluate(*cards: Any) -> int:
    """Value of the best five of 5 to 9 cards: 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is better.

    Args:
        *cards: the cards as one text ("As Ks Qs Js Ts", "AsKsQsJsTs", "A♠ K♠ ...", "10s"), one
            sequence (list, tuple, numpy row, range) of card names or ids, or separate arguments. An id is
            4 * rank + suit (2c = 0, As = 51): an int, a Card, or anything with __index__ (numpy integers).

    Returns:
        int: the value 1..7462 (pokerhash.category and pokerhash.describe name it).

    Raises:
        ValueError: unknown card text, an id outside 0..51, a duplicate card, or fewer than 5 or more
            than 9 cards; the message names the problem ("duplicate card As").
        TypeError: an argument that is neither text, an integer nor a sequence of them.

    Example:
        >>> import pokerhash as ph
        >>> ph.evaluate("As Ks Qs Js Ts 2c 3d")
        1
        >>> ph.evaluate(["9s", "9h", "9d", "4c", "4s"]), ph.evaluate(51, 47, 43, 39, 35)
        (236, 1)
    """
    value: int = _lib.ph_evaluate(_cards_at, _collect_hand(cards))
    return value


@_signature("*cards")
def parse_cards(*cards: Any) -> List[int]:
    """Card ids (list of int) of any number of cards; duplicates rejected."""
    return list(_cards[: _collect_cards(cards)])


@_signature("*cards")
def best_five(*cards: Any) -> Tuple[int, Tuple[int, ...]]:
    """(value, the five card ids that make it, in order of importance)."""
    value = _lib.ph_best_five(_cards_at, _collect_hand(cards), _small_at)
    return value, tuple(_small[:5])


@_signature("card_id")
def card_name(card_id: Any, /) -> str:
    """The two-character name of a card id: 'As'."""
    if isinstance(card_id, bool):
        raise TypeError(f"a card id must be an integer, got {_shown_value(card_id)}")
    value = operator.index(card_id)
    if not 0 <= value < DECK_SIZE:  # 2**63 and beyond name the id too
        raise ValueError(f"card id {_shown_value(value, str)} outside 0..51")
    return _CARD_NAMES[value]


# ---- values -----------------------------------------------------------------------------------------


def _value_upto(obj: Any, worst: int) -> int:
    """value_upto in _core.c: a hand value 1..worst."""
    if isinstance(obj, bool):
        raise TypeError(f"a hand value must be an integer, got {_shown_value(obj)}")
    value = operator.index(obj)
    if not 1 <= value <= worst:  # 2**63 is named too, not an OverflowError
        raise ValueError(f"hand value {_shown_value(value, str)} outside 1..{worst}")
    return value


def _checked_value(obj: Any) -> int:
    return _value_upto(obj, WORST_VALUE)


@_signature("value")
def category(value: Any, /) -> int:
    """Category 0..9 (0 = royal flush) of a hand value 1..7462."""
    code: int = _lib.ph_category_of(_checked_value(value))
    return code


@_signature("value")
def describe(value: Any, /) -> str:
    """Name of a hand value 1..7462: 'Nines Full over Fours'."""
    _lib.ph_describe(_checked_value(value), _small_at, MAX_COLLECT)
    return ctypes.string_at(_small_at).decode()


@_signature("value")
def value_ranks(value: Any, /) -> Tuple[int, ...]:
    """The five ranks 0..12 of a hand value, in order of importance."""
    _lib.ph_value_ranks(_checked_value(value), _small_at)
    return tuple(_small[:5])


# ---- buffers ----------------------------------------------------------------------------------------


class _Buffer:
    """A C-contiguous buffer pinned for one C call: its address, byte length and item size."""

    __slots__ = ("view", "address", "nbytes", "itemsize", "_keep")

    def __init__(self, obj: Any, writable: bool, codes: str, itemsize: int, what: str) -> None:
        try:
            view = memoryview(obj)
            if not view.c_contiguous or (writable and view.readonly):
                raise BufferError
        except (TypeError, BufferError):
            kind = "uint8" if what[0] == "c" else "unsigned integer"
            raise ValueError(f"{what} must be a {'writable ' if writable else ''}C-contiguous {kind} buffer") from None
        fmt = view.format[1:] if view.format[:1] in ("<", "=", "@") else view.format
        if view.itemsize != itemsize or len(fmt) != 1 or fmt not in codes:
            given = view.format
            view.release()
            raise ValueError(f"{what} must hold {itemsize}-byte unsigned integers (format '{given}' given)")
        self.view = view
        self.nbytes = view.nbytes
        self.itemsize = itemsize
        flat = view.cast("B") if view.ndim != 1 or view.format != "B" else view
        if not view.readonly:
            # Shares the exporter's memory, which already lives in the wasm heap: no copy.
            pinned = (ctypes.c_char * self.nbytes).from_buffer(flat)
            self._keep: object = pinned
            self.address = ctypes.addressof(pinned)
        else:
            # Read-only memory (bytes) cannot be pinned through ctypes; a bytes object is passed as is.
            copied = obj if type(obj) is bytes else flat.tobytes()
            self._keep = copied
            self.address = ctypes.cast(c_char_p(copied), c_void_p).value or 0

    def release(self) -> None:
        self._keep = None
        self.view.release()


@_signature("cards, k, out")
def evaluate_batch_into(*args: Any) -> None:
    """Values of the k-card rows of a uint8 buffer into a uint16 buffer."""
    if len(args) != 3:
        raise TypeError("evaluate_batch_into(cards, k, out) takes 3 arguments")
    k = _as_long(args[1])
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    cards = _Buffer(args[0], False, "B", 1, "cards")
    try:
        out = _Buffer(args[2], True, "H", 2, "out")
    except BaseException:
        cards.release()
        raise
    try:
        n = cards.nbytes // k
        if cards.nbytes % k:
            raise ValueError(f"cards hold {cards.nbytes} bytes, not a multiple of k={k}")
        if out.nbytes // 2 != n:
            raise ValueError(f"out must hold {n} uint16 values")
        status = _lib.ph_evaluate_batch(cards.address, n, k, out.address, ctypes.byref(_size)) if n else 0
    finally:
        cards.release()
        out.release()
    if status == PH_E_DUPLICATE:
        raise ValueError(f"row {_size.value}: duplicate card")
    if status == PH_E_CARD:
        raise ValueError(f"row {_size.value}: card id outside 0..51")


# ---- combinatorics ----------------------------------------------------------------------------------


def _binomial(n: int, k: int) -> int:
    _lib.ph_binomial(n, k, ctypes.byref(_u64))
    return _u64.value


def _check_n_k(n: int, k: int) -> None:
    if n > 64:
        raise ValueError(f"n must be 0..64, got {n}")
    if k > n:
        raise ValueError(f"k must be 0..n, got {k} for n={n}")


_SIZE_MAX = (1 << (8 * ctypes.sizeof(c_size_t))) - 1  # 2**32 - 1 in Pyodide (wasm32)


def _check_rows_fit(count: int, width: int) -> None:
    """check_rows_fit in _core.c: count rows of width bytes in one buffer. Here size_t may be 32 bits, and
    ctypes would silently cut a larger count down to its low bits."""
    if width and count > _SIZE_MAX // width:
        raise ValueError(f"count={count} rows of {width} bytes do not fit in memory")


def _check_range(n: int, k: int, start: int, count: int) -> None:
    _check_n_k(n, k)
    total = _binomial(n, k)
    if start > total or count > total - start:
        end = (start + count) % U64_END  # the native message adds in uint64 too
        raise ValueError(f"range {start}..{end} outside 0..C({n},{k}) = {total}")


def _order(obj: Any) -> int:
    value = _as_long(obj)
    if value not in (0, 1):
        raise ValueError(f"order must be 0 (colex) or 1 (lex), got {value}")
    return value


@_signature("n, k")
def comb(*args: Any) -> int:
    """C(n, k) exactly; OverflowError past 2**64-1."""
    if len(args) != 2:
        raise TypeError("comb(n, k) takes 2 arguments")
    n, k = _unsigned(args[0], "n"), _unsigned(args[1], "k")
    if _lib.ph_binomial(n, k, ctypes.byref(_u64)) != 0:
        raise OverflowError(f"C({n},{k}) does not fit in 64 bits")
    return _u64.value


@_signature("items, n, order")
def rank_combination(*args: Any) -> int:
    """Rank of the k-subset items of range(n); order 0 = colex, 1 = lex."""
    if len(args) != 3:
        raise TypeError("rank_combination(items, n, order) takes 3 arguments")
    n = _unsigned(args[1], "n")
    order = _order(args[2])
    items = _fast_sequence(args[0], "items must be a sequence of integers")
    k = len(items)
    _check_n_k(n, k)
    seen = 0
    for i, item in enumerate(items):
        try:
            value = operator.index(item) if _is_card_id(item) else None
        except Exception:
            value = None
        if value is None:
            raise TypeError("items must be a sequence of integers")
        if value < 0 or value >= n:
            raise ValueError(f"item {_shown_value(item, str)} outside 0..n-1 for n={n}")
        if seen >> value & 1:
            raise ValueError(f"duplicate item {value}")
        seen |= 1 << value
        _small[i] = value
    _lib.ph_combination_rank(_small_at, k, n, order, ctypes.byref(_u64))
    return _u64.value


@_signature("index, k, n, order")
def unrank_combination(*args: Any) -> Tuple[int, ...]:
    """The k-subset of range(n) at index (order 0 = colex, 1 = lex), ascending."""
    if len(args) != 4:
        raise TypeError("unrank_combination(index, k, n, order) takes 4 arguments")
    index = _unsigned(args[0], "index")
    k = _unsigned(args[1], "k")
    n = _unsigned(args[2], "n")
    order = _order(args[3])
    _check_n_k(n, k)
    if _lib.ph_combination_unrank(index, k, n, order, _small_at) != 0:
        total = _binomial(n, k)
        raise ValueError(f"index {index} outside 0..C({n},{k})-1 = 0..{total - 1}")
    return tuple(_small[:k])


def _fill_combinations(args: Any, masks: bool) -> None:
    if len(args) != 5:
        raise TypeError("takes (n, k, start, count, out)")
    n = _unsigned(args[0], "n")
    k = _unsigned(args[1], "k")
    start = _unsigned(args[2], "start")
    count = _unsigned(args[3], "count")
    _check_range(n, k, start, count)
    _check_rows_fit(count, 8 if masks else k)
    if masks and k == 0 and count:
        raise ValueError("k must be 1..n for masks, got 0")
    out = _Buffer(args[4], True, "QLK" if masks else "B", 8 if masks else 1, "out")
    try:
        needed = count if masks else count * k
        if out.nbytes // out.itemsize != needed:
            raise ValueError(f"out must hold {needed} {'uint64' if masks else 'uint8'} values")
        fill = _lib.ph_combination_masks if masks else _lib.ph_combinations
        fill(n, k, start, count, out.address)
    finally:
        out.release()


@_signature("n, k, start, count, out")
def combinations_into(*args: Any) -> None:
    """Rows of the k-subsets of range(n) with colex ranks start.. into a uint8 buffer."""
    _fill_combinations(args, False)


@_signature("n, k, start, count, out")
def combination_masks_into(*args: Any) -> None:
    """Bit masks of the k-subsets of range(n) with colex ranks start.. into a uint64 buffer."""
    _fill_combinations(args, True)


@_signature("k, start, count, out")
def value_histogram_into(*args: Any) -> None:
    """Adds the values of the k-card hands with colex ranks start.. into out (7463 uint64 slots)."""
    if len(args) != 4:
        raise TypeError("value_histogram_into(k, start, count, out) takes 4 arguments")
    k = _unsigned(args[0], "k")
    start = _unsigned(args[1], "start")
    count = _unsigned(args[2], "count")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    _check_range(DECK_SIZE, k, start, count)
    out = _Buffer(args[3], True, "QLK", 8, "out")
    try:
        if out.nbytes // 8 != WORST_VALUE + 1:
            raise ValueError(f"out must hold {WORST_VALUE + 1} uint64 values")
        _lib.ph_value_histogram(k, start, count, out.address)
    finally:
        out.release()


@_signature("mask")
def hand_index(mask: Any, /) -> int:
    """Colex rank of a 1..7 card mask among the hands of its size."""
    mask = _unsigned(mask, "mask")
    index: int = _lib.ph_hand_index(mask)
    if index == PH_E_CARD:
        raise ValueError("mask has bits above card 51")
    if index == PH_E_COUNT:
        raise ValueError(f"hand_index takes 1 to 7 cards, got {bin(mask).count('1')}")
    if index == PH_E_NOMEM:
        raise MemoryError()
    return index


@_signature("q, k")
def quinary_hash(*args: Any) -> int:
    """DP quinary hash of 13 rank counts summing to k."""
    if len(args) != 2:
        raise TypeError("quinary_hash(q, k) takes 2 arguments")
    q = _fast_sequence(args[0], "q must be a sequence of 13 digits")
    ok = len(q) == 13
    refused = None  # True is an int, but never a count (as for card ids and values)
    try:
        for i in range(13 if ok else 0):
            if isinstance(q[i], bool):
                refused = f"q must hold integers, got {_shown_value(q[i])}"
                break
            digit = _as_long(q[i])
            if not 0 <= digit <= 4:
                ok = False
                break
            _small[i] = digit
        if ok and not refused and isinstance(args[1], bool):
            refused = f"k must be an integer, got {_shown_value(args[1])}"
        k = _as_long(args[1]) if ok and not refused else -1
    except Exception:  # the native binding clears any conversion error into the message below
        ok, k = False, -1
    if refused:
        raise TypeError(refused)
    digest = _lib.ph_quinary_hash(_small_at, k) if ok and 0 <= k <= 9 else -5
    if digest < 0:
        raise ValueError("q must be 13 digits 0..4 summing to k (0..9)")
    return digest


# ---- enumeration and equity (docs/design/equity-c-api.md) ------------------------------------------------------
# The C structs, laid out by ctypes for the platform it runs on: on wasm32 size_t and pointers are 4 bytes
# (uint64_t and double stay 8), on a native test build 8. Addresses travel as c_void_p ints.


class _EquityGame(ctypes.Structure):
    players: int
    hole_size: int
    holdings: Optional[int]
    holding_offset: Optional[int]
    holding_weight: Optional[int]
    board: Optional[int]
    board_len: int
    dead: Optional[int]
    dead_len: int
    _fields_ = [
        ("players", c_size_t), ("hole_size", c_size_t),
        ("holdings", c_void_p), ("holding_offset", c_void_p), ("holding_weight", c_void_p),
        ("board", c_void_p), ("board_len", c_size_t),
        ("dead", c_void_p), ("dead_len", c_size_t),
    ]


class _EquityTally(ctypes.Structure):
    deals: int
    win: ctypes.Array[c_uint64]
    tie: ctypes.Array[c_uint64]
    lose: ctypes.Array[c_uint64]
    share: ctypes.Array[c_uint64]
    weight: float
    weighted_share: ctypes.Array[ctypes.c_double]
    sum_sq: ctypes.Array[ctypes.c_double]
    weighted_win: ctypes.Array[ctypes.c_double]
    weighted_tie: ctypes.Array[ctypes.c_double]
    _fields_ = [
        ("deals", c_uint64),
        ("win", c_uint64 * 10), ("tie", c_uint64 * 10), ("lose", c_uint64 * 10), ("share", c_uint64 * 10),
        ("weight", ctypes.c_double),
        ("weighted_share", ctypes.c_double * 10), ("sum_sq", ctypes.c_double * 10),
        ("weighted_win", ctypes.c_double * 10), ("weighted_tie", ctypes.c_double * 10),
    ]


assert ctypes.sizeof(_EquityTally) == 656, "ph_equity_tally layout"  # 8-byte fields only: no padding anywhere
_PROBLEM_CAP = 160  # the native binding's problem buffer: longer texts are cut at the same byte
_SHAPE_ERROR = "players_holdings must be a list (per player) of lists of card-id tuples"


def _as_double(obj: Any) -> float:
    """PyFloat_AsDouble: floats, and objects with __float__ or __index__; never text (unlike float())."""
    if type(obj) is float:
        return obj
    kind = type(obj)
    if hasattr(kind, "__float__") or hasattr(kind, "__index__"):
        return float(obj)
    raise TypeError(f"must be real number, not {kind.__name__}")


def _holding_card(item: Any) -> int:
    if not _is_card_id(item):  # numpy integers are ids too (issue 13 item 8)
        raise TypeError("holdings must hold card ids (int)")
    value = operator.index(item)
    if not 0 <= value < DECK_SIZE:
        raise ValueError(f"card id {_shown_value(value, str)} outside 0..51")
    return value


class _Holdings:
    """The players' holdings (and weights) as C arrays: offsets, cards, weights.

    pokerhash.equity hands the same holdings to every chunk of one run (hundreds of calls), and copying
    thousands of tuples through ctypes costs more than the chunk's work in Pyodide, so the last copy is
    kept. It is reused only for the very same objects (each holding tuple, each weight, by identity), and
    only when every holding was an exact tuple of exact ints and every weight an exact float or int:
    immutable, so the same objects cannot hold anything else, and the copy cannot be stale."""

    __slots__ = ("players", "hole", "counts", "identity", "weight_identity", "arrays", "reusable")

    def __init__(self, players: Any, weights: Any) -> None:
        n = len(players)
        # Sizes first: the hole size comes from the first holding found. Each player's holdings and weights
        # are walked as snapshots, as parse_game in _core.c does: a weight's __float__ may change the lists.
        hole = 0
        frozen = []
        for items in players:
            if not isinstance(items, (list, tuple)):
                raise TypeError(_SHAPE_ERROR)
            items = tuple(items)
            frozen.append(items)
            if not hole and len(items):
                if not isinstance(items[0], (list, tuple)):
                    raise TypeError(_SHAPE_ERROR)
                hole = len(items[0])
        players = frozen
        if weights is not None:
            weights = [tuple(w) if isinstance(w, (list, tuple)) else w for w in weights]
        if hole < 1:
            hole = 2  # the core names a bad hole size or the missing holdings
        flat: List[int] = []
        offsets: List[int] = []
        flat_weights: List[float] = []
        reusable = True
        for p, items in enumerate(players):
            offsets.append(len(flat) // hole)  # every holding so far has exactly `hole` cards
            if weights is not None:
                wlist = weights[p]
                if not isinstance(wlist, (list, tuple)) or len(wlist) != len(items):
                    raise ValueError(f"weights must match players_holdings: player {p + 1} has {len(items)} holdings")
            for j, holding in enumerate(items):
                if not isinstance(holding, (list, tuple)):
                    raise TypeError(_SHAPE_ERROR)
                if len(holding) != hole:
                    raise ValueError(f"player {p + 1}: holding {j + 1} has {len(holding)} cards, expected {hole}")
                reusable = reusable and holding.__class__ is tuple
                for card in holding:
                    if card.__class__ is not int or not 0 <= card < DECK_SIZE:
                        # the slow path converts numpy integers once and names a bad card
                        holding = [_holding_card(c) for c in holding]
                        reusable = False
                        break
                flat.extend(holding)
                if weights is not None:
                    weight = wlist[j]
                    reusable = reusable and weight.__class__ in (float, int)
                    flat_weights.append(_as_double(weight))
        offsets.append(len(flat) // hole)
        self.players, self.hole, self.reusable = n, hole, reusable
        self.counts = [len(items) for items in players]
        self.identity = list(itertools.chain.from_iterable(players)) if reusable else None
        self.weight_identity = list(itertools.chain.from_iterable(weights)) if reusable and weights else None
        self.arrays = (
            ctypes.create_string_buffer(bytes(flat), len(flat) + 1),
            (c_size_t * (n + 1))(*offsets),
            (ctypes.c_double * (len(flat_weights) + 1))(*flat_weights) if weights is not None else None,
        )

    def same(self, players: Any, weights: Any) -> bool:
        """True when players/weights are exactly the objects this copy was made from."""
        if not self.reusable or len(players) != self.players or (weights is None) != (self.weight_identity is None):
            return False
        if [len(items) if isinstance(items, (list, tuple)) else -1 for items in players] != self.counts:
            return False
        if not all(map(operator.is_, itertools.chain.from_iterable(players), self.identity or ())):
            return False
        if weights is None:
            return True
        if len(weights) != self.players or [len(w) if isinstance(w, (list, tuple)) else -1 for w in weights] != self.counts:
            return False
        return all(map(operator.is_, itertools.chain.from_iterable(weights), self.weight_identity or ()))


_last_holdings: Optional[_Holdings] = None  # one Python thread in Pyodide; elsewhere a race only costs a fresh copy


class _Game:
    """(players_holdings, weights_or_None, board, dead) copied into C arrays and checked by the core,
    step for step as parse_game in _core.c, so the same input fails with the same error first."""

    __slots__ = ("struct", "address", "players", "_keep")

    def __init__(self, args: Any) -> None:
        global _last_holdings
        players = _fast_sequence(args[0], _SHAPE_ERROR)
        n = len(players)
        weights = None if args[1] is None else _fast_sequence(args[1], "weights must be None or a list per player")
        if weights is not None and len(weights) != n:
            raise ValueError(f"weights must match players_holdings: {n} players, {len(weights)} weight lists")
        held = _last_holdings
        if held is None or not held.same(players, weights):
            held = _last_holdings = _Holdings(players, weights)
        holdings, offset_array, weight_array = held.arrays
        board = bytes(_cards[: _collect_cards((args[2],))])
        dead = bytes(_cards[: _collect_cards((args[3],))])
        board_array = ctypes.create_string_buffer(board, MAX_COLLECT)
        dead_array = ctypes.create_string_buffer(dead, MAX_COLLECT)
        self._keep = (held, board_array, dead_array)  # alive while C reads them
        self.players = n
        self.struct = _EquityGame(n, held.hole, ctypes.addressof(holdings), ctypes.addressof(offset_array),
                                  ctypes.addressof(weight_array) if weight_array is not None else None,
                                  ctypes.addressof(board_array), len(board), ctypes.addressof(dead_array), len(dead))
        self.address = ctypes.addressof(self.struct)
        problem = ctypes.create_string_buffer(_PROBLEM_CAP)
        if _lib.ph_equity_check(self.address, ctypes.addressof(problem), _PROBLEM_CAP) != 0:
            raise ValueError(problem.value.decode("utf-8", "replace"))

    def units(self) -> Tuple[int, int]:
        """(units, status) of ph_equity_exact_units."""
        _u64.value = 0
        status = _lib.ph_equity_exact_units(self.address, ctypes.byref(_u64))
        return _u64.value, status


def _tally_dict(tally: _EquityTally, players: int) -> Tally:
    return {
        "deals": tally.deals,
        "win": tally.win[:players], "tie": tally.tie[:players], "lose": tally.lose[:players],
        "share": tally.share[:players],
        "weight": tally.weight,
        "weighted_share": tally.weighted_share[:players], "sum_sq": tally.sum_sq[:players],
        "weighted_win": tally.weighted_win[:players], "weighted_tie": tally.weighted_tie[:players],
    }


def _status_error(status: int) -> Exception:
    if status == PH_E_NOMEM:
        return MemoryError()
    return ValueError(_lib.ph_error_message(status).decode())


@_signature("players_holdings, weights, board, dead")
def equity_units(*args: Any) -> int:
    """Exact work units: the number of holding combinations."""
    if len(args) != 4:
        raise TypeError("equity_units(players_holdings, weights, board, dead) takes 4 arguments")
    units, status = _Game(args).units()
    if status == PH_E_OVERFLOW:
        raise OverflowError("more than 2**64-1 holding combinations")
    return units


@_signature("players_holdings, weights, board, dead")
def equity_exact_seconds(*args: Any) -> float:
    """Estimated native single-core seconds of the exact enumeration."""
    if len(args) != 4:
        raise TypeError("equity_exact_seconds(players_holdings, weights, board, dead) takes 4 arguments")
    game = _Game(args)
    seconds = ctypes.c_double(0)
    status = _lib.ph_equity_exact_seconds(game.address, ctypes.byref(seconds))
    if status != 0:
        raise _status_error(status)
    return seconds.value


try:  # a side module built before ph_equity_exact_seconds_bound was exported lacks it (web/exports.txt)
    _seconds_bound: Optional[Callable[..., int]] = _lib.ph_equity_exact_seconds_bound
    _seconds_bound.restype = c_int  # type: ignore[union-attr]
    _seconds_bound.argtypes = [c_void_p, POINTER(ctypes.c_double)]  # type: ignore[union-attr]
except AttributeError:
    _seconds_bound = None


@_signature("players_holdings, weights, board, dead")
def equity_exact_seconds_bound(*args: Any) -> float:
    """An upper bound of equity_exact_seconds from the holding counts alone (inf for Omaha)."""
    if len(args) != 4:
        raise TypeError("equity_exact_seconds_bound(players_holdings, weights, board, dead) takes 4 arguments")
    game = _Game(args)
    if _seconds_bound is None:  # the checked spot has no cheap bound here: infinity bounds every estimate
        return float("inf")
    seconds = ctypes.c_double(0)
    status = _seconds_bound(game.address, ctypes.byref(seconds))
    if status != 0:
        raise _status_error(status)
    return seconds.value


def _plain_cards(cards: Any) -> Optional[List[int]]:
    """equity_hands' reading of a board, dead cards or a hand (None, text, a list or a tuple): the ids, or
    None for another type or a fault (no exception: the checked path names it)."""
    if cards is None:
        return []
    if type(cards) not in (str, list, tuple):
        return None
    try:
        return list(_cards[: _collect_cards((cards,))])
    except (ValueError, TypeError):
        return None


@_signature("players, board, dead, omaha, most_seconds")
def equity_hands(*args: Any) -> Optional[Tuple[Any, ...]]:
    """The exact result fields of known hands (equity()'s), or None for any call its checked path must decide."""
    if len(args) != 5:
        raise TypeError(f"equity_hands(players, board, dead, omaha, most_seconds) takes 5 arguments ({len(args)} given)")
    players, board_cards, dead_cards, omaha, most = args
    most_seconds = _as_double(most)
    if type(players) not in (list, tuple) or (omaha is not None and type(omaha) is not bool):
        return None
    if not 2 <= len(players) <= 10:
        return None
    table = _plain_table(board_cards, dead_cards)
    if table is None:
        return None
    board, dead, used = table
    hands: List[List[int]] = []
    for player in tuple(players):  # as the C twin reads them: the list as it stands
        hand = None if type(player) is str and "," in player else _plain_cards(player)
        if hand is None or (hands and len(hand) != len(hands[0])) or (len(hand) != 2 and not 4 <= len(hand) <= 6):
            return None
        mask = sum(1 << c for c in hand)
        if used & mask:
            return None
        used |= mask
        hands.append(hand)
    size, n = len(hands[0]), len(hands)
    if (omaha is True and size == 2) or (omaha is False and size != 2) or n * size + 5 + len(dead) > DECK_SIZE:
        return None
    game = _Game(([[tuple(sorted(hand))] for hand in hands], None, board, dead))
    seconds = ctypes.c_double(0)
    if _lib.ph_equity_exact_seconds(game.address, ctypes.byref(seconds)) != 0 or not seconds.value <= most_seconds:
        return None
    tally = _EquityTally()
    status = _lib.ph_equity_exact(game.address, 0, 1, ctypes.addressof(tally))
    if status != 0:
        raise _status_error(status)
    if not tally.deals:
        return None
    return _exact_fields(tally, ["".join([_CARD_NAMES[c] for c in hand]) for hand in hands], False, board, dead)


def _plain_table(board_cards: Any, dead_cards: Any) -> Optional[Tuple[List[int], List[int], int]]:
    """(board, dead, their card mask) as equity_hands and equity_ranges read them (plain_table in _core.c): None
    for a fault, a board of 1, 2 or 6+ cards, or a card both on the board and dead."""
    board = _plain_cards(board_cards)
    dead = None if board is None else _plain_cards(dead_cards)
    if board is None or dead is None or len(board) not in (0, 3, 4, 5):
        return None
    on_board, gone = sum(1 << c for c in board), sum(1 << c for c in dead)
    return None if on_board & gone else (board, dead, on_board | gone)


def _exact_fields(tally: "_EquityTally", labels: List[str], weighted: bool, board: List[int],
                  dead: List[int]) -> Tuple[Any, ...]:
    """exact_fields in _core.c: equity()'s fields of an exact tally; weighted, _result's float arithmetic."""
    n, deals = len(labels), tally.deals
    win, tie, lose = tuple(tally.win[:n]), tuple(tally.tie[:n]), tuple(tally.lose[:n])
    if weighted:
        weight = tally.weight
        equities = tuple([share / weight for share in tally.weighted_share[:n]])
        rates = (tuple([w / weight for w in tally.weighted_win[:n]]), tuple([t / weight for t in tally.weighted_tie[:n]]),
                 tuple([max(0.0, (weight - w - t) / weight) for w, t in zip(tally.weighted_win[:n], tally.weighted_tie[:n])]))
    else:
        pot = 2520 * deals
        equities = tuple([share / pot for share in tally.share[:n]])
        rates = (tuple([w / deals for w in win]), tuple([t / deals for t in tie]), tuple([x / deals for x in lose]))
    return (tuple(labels), equities, win, tie, lose, deals, tuple(board), tuple(dead), *rates)


@_signature("players_holdings, weights, board, dead, start, count")
def equity_exact(*args: Any) -> Tally:
    """Exact tally (dict) of units start..start+count-1."""
    if len(args) != 6:
        raise TypeError("equity_exact(players_holdings, weights, board, dead, start, count) takes 6 arguments")
    start, count = _unsigned(args[4], "start"), _unsigned(args[5], "count")
    game = _Game(args)
    units, status = game.units()
    if status == 0 and (start > units or count > units - start):
        raise ValueError(f"range {start}..{(start + count) % U64_END} outside 0..{units} units")
    tally = _EquityTally()
    if status == 0:
        status = _lib.ph_equity_exact(game.address, start, count, ctypes.addressof(tally))
    if status != 0:
        raise _status_error(status)
    return _tally_dict(tally, game.players)


def _all_units_within(game: _Game, most: float, factor: float, most_host: float) -> Optional[Tuple["_EquityTally", int]]:
    """all_units_within in _core.c: (tally, status) of every unit of the game when its seconds bound b has
    b <= most and b * factor <= most_host and it has units; None otherwise (also where the side module lacks
    the bound)."""
    seconds = ctypes.c_double(0)
    if _seconds_bound is None or _seconds_bound(game.address, ctypes.byref(seconds)) != 0:
        return None
    if not (seconds.value <= most and seconds.value * factor <= most_host):
        return None
    units, status = game.units()
    if status != 0 or not units:
        return None
    tally = _EquityTally()
    return tally, _lib.ph_equity_exact(game.address, 0, units, ctypes.addressof(tally))


@_signature("players_holdings, weights, board, dead, most_seconds, host_factor, most_host_seconds")
def equity_exact_within(*args: Any) -> Optional[Tally]:
    """All units' tally if the seconds bound b <= most_seconds and b * host_factor <= most_host_seconds, else None."""
    # Where the side module lacks the bound, always None: the caller then plans
    if len(args) != 7:
        raise TypeError("equity_exact_within(players_holdings, weights, board, dead, most_seconds, host_factor, "
                        "most_host_seconds) takes 7 arguments")
    game = _Game(args)
    run = _all_units_within(game, *[_as_double(limit) for limit in args[4:]])
    if run is None:
        return None
    tally, status = run
    if status != 0:
        raise _status_error(status)
    return _tally_dict(tally, game.players)


@_signature("players_holdings, weights, board, dead, seed, first, count")
def equity_sample(*args: Any) -> Tally:
    """Monte Carlo tally (dict) of samples first..first+count-1."""
    if len(args) != 7:
        raise TypeError("equity_sample(players_holdings, weights, board, dead, seed, first, count) takes 7 arguments")
    seed, first, count = _unsigned(args[4], "seed"), _unsigned(args[5], "first"), _unsigned(args[6], "count")
    game = _Game(args)
    tally = _EquityTally()
    status = _lib.ph_equity_sample(game.address, seed, first, count, ctypes.addressof(tally))
    if status == PH_E_ARGUMENT:
        raise ValueError("could not deal holdings without shared cards (1,000,000 tries)")
    if status != 0:
        raise _status_error(status)
    return _tally_dict(tally, game.players)


@_signature("hole, board")
def omaha_evaluate(*args: Any) -> int:
    """Omaha high value: exactly two hole cards and three board cards."""
    if len(args) != 2:
        raise TypeError("omaha_evaluate(hole, board) takes 2 arguments")
    hole_len = _collect_cards((args[0],))
    ctypes.memmove(_small_at, _cards_at, hole_len)  # _cards is reused for the board
    board_len = _collect_cards((args[1],))
    if not 4 <= hole_len <= 6:
        raise ValueError(f"an Omaha hole needs 4 to 6 cards, got {hole_len}")
    if not 3 <= board_len <= 5:
        raise ValueError(f"an Omaha board needs 3 to 5 cards, got {board_len}")
    value: int = _lib.ph_omaha_evaluate(_small_at, hole_len, _cards_at, board_len)
    if value == PH_E_DUPLICATE:
        shared = set(_small[:hole_len]) & set(_cards[:board_len])
        for card in _small[:hole_len]:  # the first hole card the board has too, as the native loop finds it
            if card in shared:
                raise ValueError(f"duplicate card {_CARD_NAMES[card]}")
    if value < 0:
        raise _status_error(value)
    return value


@_signature("k, out")
def sm_value_histogram(*args: Any) -> None:
    """Adds all k-card hands (5..7) into out via the state machine."""
    if len(args) != 2:
        raise TypeError("sm_value_histogram(k, out) takes 2 arguments")
    k = _unsigned(args[0], "k")
    if not 5 <= k <= 7:
        raise ValueError(f"k must be 5 to 7, got {k}")
    out = _Buffer(args[1], True, "QLK", 8, "out")
    try:
        if out.nbytes // 8 != WORST_VALUE + 1:
            raise ValueError(f"out must hold {WORST_VALUE + 1} uint64 values")
        status = _lib.ph_sm_value_histogram(k, out.address)
    finally:
        out.release()
    if status == PH_E_NOMEM:
        raise MemoryError()


# ---- ranges (core_c/src/range*.c: the one parser of range notation) ------------------------------------


class _RangeCombo(ctypes.Structure):
    cards: ctypes.Array[ctypes.c_uint8]
    size: int
    unused: int
    weight: float
    _fields_ = [("cards", ctypes.c_uint8 * 6), ("size", ctypes.c_uint8), ("unused", ctypes.c_uint8),
                ("weight", ctypes.c_double)]


assert ctypes.sizeof(_RangeCombo) == 16, "ph_range_combo layout"


@_signature("text, dead")
def parse_range(*args: Any) -> Tuple[str, List[Tuple[Tuple[int, ...], float]]]:
    """Range text -> (normalized text, [(card ids, weight), ...]), leaving out combos that hold a dead card."""
    if len(args) != 2:
        raise TypeError("parse_range(text, dead) takes 2 arguments")
    text = args[0]
    if not isinstance(text, str):
        raise TypeError(f"a range must be text, got {type(text).__name__}")
    dead = 0
    for card in _cards[: _collect_cards((args[1],))]:
        dead |= 1 << card
    utf8 = _utf8(text)
    cap = _lib.ph_range_capacity(len(utf8))
    combos = (_RangeCombo * cap)()
    message = ctypes.create_string_buffer(2 * len(utf8) + 512)  # PH_RANGE_PROBLEM_CAP: any message, and the text
    count = _lib.ph_range_parse(utf8, len(utf8), dead, ctypes.addressof(combos), cap, ctypes.addressof(message),
                                len(message))
    if count == PH_E_NOMEM:
        raise MemoryError()
    if count < 0:
        raise ValueError(message.value.decode("utf-8"))
    # One unpack of the raw structs: per-field ctypes access costs more than the parse under Pyodide.
    raw = ctypes.string_at(ctypes.addressof(combos), 16 * count)
    found = [((a, b, c, d, e, f)[:size], weight) for a, b, c, d, e, f, size, _, weight in struct.iter_unpack("<8Bd", raw)]
    size = _lib.ph_range_text(utf8, len(utf8), ctypes.addressof(message), len(message))
    if size < 0:
        raise MemoryError()
    return message.raw[:size].decode("utf-8"), found


def _range_player(player: Any) -> Optional[Tuple[str, List[Tuple[Tuple[int, ...], float]]]]:
    """read_range_player in _core.c: (label, [(ascending ids, weight), ...]) of a hold'em player given as a
    hand (text with no comma that reads as cards, or a list or tuple of cards) or as range text; None for
    anything equity_ranges leaves to the checked path."""
    if type(player) is str and "," not in player:
        try:
            hand: Optional[List[int]] = list(_cards[: _collect_cards((player,))])
        except ValueError as error:  # range text, unless the cards read but repeat one (Spot names the card)
            if str(error).startswith("duplicate card"):
                return None
            hand = None
    elif type(player) is str:
        hand = None
    else:
        hand = _plain_cards(player)
        if hand is None:
            return None
    if hand is not None:
        if len(hand) != 2:
            return None  # this lane is hold'em's; Omaha hands take equity_hands
        return "".join([_CARD_NAMES[c] for c in hand]), [(tuple(sorted(hand)), 1.0)]
    try:
        utf8 = player.encode("utf-8")
    except UnicodeEncodeError:  # text that is not UTF-8: the checked path words it
        return None
    cap = _lib.ph_range_capacity(len(utf8))
    combos = (_RangeCombo * cap)()
    count = _lib.ph_range_parse(utf8, len(utf8), 0, ctypes.addressof(combos), cap, None, 0)
    if count == PH_E_NOMEM:
        raise MemoryError()
    if count <= 0:  # a bad token or no combo: the checked path says which
        return None
    raw = ctypes.string_at(ctypes.addressof(combos), 16 * count)
    found = [((a, b, c, d, e, f)[:size], weight) for a, b, c, d, e, f, size, _, weight in struct.iter_unpack("<8Bd", raw)]
    if any(len(cards) != 2 for cards, _ in found):
        return None
    return player.strip(), found


@_signature("players, board, dead, omaha, most_seconds, host_factor, most_host_seconds")
def equity_ranges(*args: Any) -> Optional[Tuple[Any, ...]]:
    """The exact result fields of a small job of ranges (equity()'s), or None for any call its checked path must decide."""
    if len(args) != 7:
        raise TypeError(f"equity_ranges(players, board, dead, omaha, most_seconds, host_factor, most_host_seconds) "
                        f"takes 7 arguments ({len(args)} given)")
    most, factor, most_host = [_as_double(limit) for limit in args[4:]]
    players, board_cards, dead_cards, omaha = args[:4]
    if type(players) not in (list, tuple) or not (omaha is None or omaha is False) or not 2 <= len(players) <= 10:
        return None
    table = _plain_table(board_cards, dead_cards)
    if table is None:
        return None
    board, dead, known = table
    read, n = [], len(players)
    for i in range(n):
        if len(players) != n:  # a card's __index__ changed the list: the checked path, as in the C twin
            return None
        found = _range_player(players[i])
        if found is None:
            return None
        read.append(found)
    for _, combos in read:  # a player of one combo holds known cards, which leave the other ranges
        if len(combos) == 1:
            mask = sum(1 << c for c in combos[0][0])
            if known & mask:
                return None
            known |= mask
    if len(read) * 2 + 5 + len(dead) > DECK_SIZE:
        return None
    holdings, weights = [], []
    for _, combos in read:
        removed = 0 if len(combos) == 1 else known
        kept = [(cards, weight) for cards, weight in combos if not sum(1 << c for c in cards) & removed]
        if not kept:  # no hand left after card removal: Spot says so
            return None
        holdings.append([cards for cards, _ in kept])
        weights.append([weight for _, weight in kept])
    weighted = any(weight != 1.0 for held in weights for weight in held)
    try:
        game = _Game((holdings, weights if weighted else None, board, dead))
    except ValueError:
        return None
    run = _all_units_within(game, most, factor, most_host)
    # a refused spot or no deal at all: the checked path's deal search words it
    if run is None or run[1] != 0:
        return None
    tally = run[0]
    if not tally.deals or tally.deals > (1 << 53) // 2520:
        return None
    return _exact_fields(tally, [label for label, _ in read], weighted, board, dead)


# ---- batch forms (python first hour) ------------------------------------------------------------------


@_signature("holes, hole_len, boards, board_len, out")
def omaha_evaluate_batch_into(*args: Any) -> None:
    """Omaha high values of rows of holes and boards (uint8 buffers) into a uint16 buffer."""
    if len(args) != 5:
        raise TypeError("omaha_evaluate_batch_into(holes, hole_len, boards, board_len, out) takes 5 arguments")
    hole_len, board_len = _as_long(args[1]), _as_long(args[3])
    if not 4 <= hole_len <= 6:
        raise ValueError(f"an Omaha hole needs 4 to 6 cards, got {hole_len}")
    if not 3 <= board_len <= 5:
        raise ValueError(f"an Omaha board needs 3 to 5 cards, got {board_len}")
    buffers = []
    try:
        for obj, writable, codes, itemsize, what in ((args[0], False, "B", 1, "holes"),
                                                     (args[2], False, "B", 1, "boards"), (args[4], True, "H", 2, "out")):
            buffers.append(_Buffer(obj, writable, codes, itemsize, what))
        holes, boards, out = buffers
        n = holes.nbytes // hole_len
        if holes.nbytes % hole_len:
            raise ValueError(f"holes hold {holes.nbytes} bytes, not a multiple of hole_len={hole_len}")
        if boards.nbytes != n * board_len:
            raise ValueError(f"boards must hold {n} rows of {board_len} cards, got {boards.nbytes} bytes")
        if out.nbytes // 2 != n:
            raise ValueError(f"out must hold {n} uint16 values")
        status = _lib.ph_omaha_evaluate_batch(holes.address, hole_len, boards.address, board_len, n, out.address,
                                              ctypes.byref(_size)) if n else 0
    finally:
        for buffer in buffers:
            buffer.release()
    if status == PH_E_DUPLICATE:
        raise ValueError(f"row {_size.value}: duplicate card")
    if status == PH_E_CARD:
        raise ValueError(f"row {_size.value}: card id outside 0..51")
    if status != 0:
        raise _status_error(status)


# ---- other games: short deck, lowball, hi-lo (docs/games.md) -------------------------------------------
# The same functions and messages as the block of that name in _core.c.

for _game_function, _game_result, _game_args in (
    ("ph_game_name", c_char_p, [c_int]),
    ("ph_game_worst", c_int, [c_int]),
    ("ph_game_no_low", c_int, [c_int]),
    ("ph_game_deck", c_uint64, [c_int]),
    ("ph_game_check_cards", c_int, [c_int, c_void_p, c_size_t, c_void_p, c_size_t]),
    ("ph_game_evaluate", c_int, [c_int, c_void_p, c_size_t]),
    ("ph_game_evaluate_batch", c_int, [c_int, c_void_p, c_size_t, c_size_t, c_void_p, POINTER(c_size_t)]),
    ("ph_game_omaha_evaluate", c_int, [c_int, c_void_p, c_size_t, c_void_p, c_size_t]),
    ("ph_game_best_five", c_int, [c_int, c_void_p, c_size_t, c_void_p]),
    ("ph_game_category", c_int, [c_int, c_int]),
    ("ph_game_category_count", c_int, [c_int]),
    ("ph_game_category_name", c_char_p, [c_int, c_int]),
    ("ph_game_value_ranks", c_int, [c_int, c_int, c_void_p]),
    ("ph_game_describe", c_int, [c_int, c_int, c_void_p, c_size_t]),
    ("ph_game_value_histogram", c_int, [c_int, c_size_t, c_uint64, c_uint64, c_void_p]),
    ("ph_game_equity_check", c_int, [c_int, c_int, c_void_p, c_void_p, c_size_t]),
    ("ph_game_equity_units", c_int, [c_int, c_int, c_void_p, POINTER(c_uint64)]),
    ("ph_game_equity_exact_seconds", c_int, [c_int, c_int, c_void_p, POINTER(ctypes.c_double)]),
    ("ph_game_equity_exact", c_int, [c_int, c_int, c_void_p, c_uint64, c_uint64, c_void_p]),
    ("ph_game_equity_sample", c_int, [c_int, c_int, c_void_p, c_uint64, c_uint64, c_uint64, c_void_p]),
):
    _bound = getattr(_lib, _game_function)
    _bound.restype = _game_result
    _bound.argtypes = _game_args

GAME_COUNT = 6
PH_E_BUFFER = -9
_GAME_PROBLEM_CAP = 80  # the native block's buffer for a card problem
_game_problem = ctypes.create_string_buffer(_PROBLEM_CAP)


def _game(obj: Any) -> int:
    game = _as_long(obj)
    if not 1 <= game <= GAME_COUNT:
        raise ValueError(f"unknown game id {game}")
    return game


def _game_deck_check(game: int, address: int, count: int) -> None:
    if _lib.ph_game_check_cards(game, address, count, ctypes.addressof(_game_problem), _GAME_PROBLEM_CAP) != 0:
        raise ValueError(_game_problem.value.decode())


def _game_hand(args: Any) -> Tuple[int, int]:
    if len(args) < 1:
        raise TypeError("takes a game id and the cards")
    game = _game(args[0])
    count = _collect_cards(args[1:])
    _game_deck_check(game, _cards_at, count)
    if not 5 <= count <= 9:
        raise ValueError(f"a hand needs 5 to 9 cards, got {count}")
    return game, count


def _game_value(args: Any, usage: str) -> Tuple[int, int]:
    if len(args) != 2:
        raise TypeError(f"{usage} takes 2 arguments")
    game = _game(args[0])
    return game, _value_upto(args[1], _lib.ph_game_worst(game))


@_signature("game")
def game_info(game: Any) -> Tuple[str, int, int, int, Tuple[str, ...]]:
    """(name, worst value, no-low value, deck mask, category names) of a game id."""
    game = _game(game)
    names = tuple(_lib.ph_game_category_name(game, i).decode() for i in range(_lib.ph_game_category_count(game)))
    return (_lib.ph_game_name(game).decode(), _lib.ph_game_worst(game), _lib.ph_game_no_low(game),
            _lib.ph_game_deck(game), names)


@_signature("game, *cards")
def game_evaluate(*args: Any) -> int:
    """Value of the best five of 5 to 9 cards on the game's scale (lower is better)."""
    game, count = _game_hand(args)
    value: int = _lib.ph_game_evaluate(game, _cards_at, count)
    return value


@_signature("game, *cards")
def game_best_five(*args: Any) -> Tuple[int, Tuple[int, ...]]:
    """(value, the five card ids that make it in order of importance, or () for no low)."""
    game, count = _game_hand(args)
    value = _lib.ph_game_best_five(game, _cards_at, count, _small_at)
    if value == _lib.ph_game_no_low(game):
        return value, ()
    return value, tuple(_small[:5])


@_signature("game, hole, board")
def game_omaha_evaluate(*args: Any) -> int:
    """Value of two hole cards and three board cards on the game's scale."""
    if len(args) != 3:
        raise TypeError("game_omaha_evaluate(game, hole, board) takes 3 arguments")
    game = _game(args[0])
    hole_len = _collect_cards((args[1],))
    _game_deck_check(game, _cards_at, hole_len)
    ctypes.memmove(_small_at, _cards_at, hole_len)  # _cards is reused for the board
    board_len = _collect_cards((args[2],))
    _game_deck_check(game, _cards_at, board_len)
    if not 4 <= hole_len <= 6:
        raise ValueError(f"an Omaha hole needs 4 to 6 cards, got {hole_len}")
    if not 3 <= board_len <= 5:
        raise ValueError(f"an Omaha board needs 3 to 5 cards, got {board_len}")
    board = set(_cards[:board_len])
    for card in _small[:hole_len]:
        if card in board:
            raise ValueError(f"duplicate card {_CARD_NAMES[card]}")
    value: int = _lib.ph_game_omaha_evaluate(game, _small_at, hole_len, _cards_at, board_len)
    if value < 0:
        raise _status_error(value)
    return value


@_signature("game, value")
def game_category(*args: Any) -> int:
    """Category index of a value on the game's scale."""
    game, value = _game_value(args, "game_category(game, value)")
    code: int = _lib.ph_game_category(game, value)
    return code


@_signature("game, value")
def game_describe(*args: Any) -> str:
    """Name of a value on the game's scale."""
    game, value = _game_value(args, "game_describe(game, value)")
    _lib.ph_game_describe(game, value, _small_at, MAX_COLLECT)
    return ctypes.string_at(_small_at).decode()


@_signature("game, value")
def game_value_ranks(*args: Any) -> Tuple[int, ...]:
    """Ranks 0..12 of a value in order of importance (() for no low)."""
    game, value = _game_value(args, "game_value_ranks(game, value)")
    count = _lib.ph_game_value_ranks(game, value, _small_at)
    return tuple(_small[:count])


@_signature("game, cards, k, out")
def game_evaluate_batch_into(*args: Any) -> None:
    """Values of the k-card rows of a uint8 buffer into a uint16 buffer, on the game's scale."""
    if len(args) != 4:
        raise TypeError("game_evaluate_batch_into(game, cards, k, out) takes 4 arguments")
    game = _game(args[0])
    k = _as_long(args[2])
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    cards = _Buffer(args[1], False, "B", 1, "cards")
    try:
        out = _Buffer(args[3], True, "H", 2, "out")
    except BaseException:
        cards.release()
        raise
    problem = ""
    try:
        n = cards.nbytes // k
        if cards.nbytes % k:
            raise ValueError(f"cards hold {cards.nbytes} bytes, not a multiple of k={k}")
        if out.nbytes // 2 != n:
            raise ValueError(f"out must hold {n} uint16 values")
        status = _lib.ph_game_evaluate_batch(game, cards.address, n, k, out.address, ctypes.byref(_size)) if n else 0
        if status == PH_E_CARD:
            _lib.ph_game_check_cards(game, cards.address + _size.value * k, k, ctypes.addressof(_game_problem),
                                     _GAME_PROBLEM_CAP)
            problem = _game_problem.value.decode()
    finally:
        cards.release()
        out.release()
    if status == PH_E_DUPLICATE:
        raise ValueError(f"row {_size.value}: duplicate card")
    if status == PH_E_CARD and problem.startswith("card id"):
        raise ValueError(f"row {_size.value}: card id outside 0..51")
    if status == PH_E_CARD:
        raise ValueError(f"row {_size.value}: {problem}")


@_signature("game, k, start, count, out")
def game_value_histogram_into(*args: Any) -> None:
    """Adds the game values of the k-card hands (of its deck) with colex ranks start.. into out."""
    if len(args) != 5:
        raise TypeError("game_value_histogram_into(game, k, start, count, out) takes 5 arguments")
    game = _game(args[0])
    k = _unsigned(args[1], "k")
    start = _unsigned(args[2], "start")
    count = _unsigned(args[3], "count")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    _check_range(bin(_lib.ph_game_deck(game)).count("1"), k, start, count)
    out = _Buffer(args[4], True, "QLK", 8, "out")
    worst = _lib.ph_game_worst(game)
    try:
        if out.nbytes // 8 != worst + 1:
            raise ValueError(f"out must hold {worst + 1} uint64 values")
        _lib.ph_game_value_histogram(game, k, start, count, out.address)
    finally:
        out.release()


class _GameTally(_EquityTally):  # ph_game_tally: ph_equity_tally's fields, then these
    high_share: ctypes.Array[c_uint64]
    weighted_high_share: ctypes.Array[ctypes.c_double]
    low_deals: int
    _fields_ = [
        ("high_share", c_uint64 * 10), ("weighted_high_share", ctypes.c_double * 10), ("low_deals", c_uint64),
    ]


def _game_pair(args: Any) -> Tuple[int, int, _Game]:
    """(high, low, _Game) of (high, low, players_holdings, weights, board, dead, ...), checked by the core."""
    high = _game(args[0])
    low = _as_long(args[1])
    if low != 0 and not 1 <= low <= GAME_COUNT:
        raise ValueError(f"unknown game id {low}")
    spot = _Game(args[2:6])
    problem = ctypes.create_string_buffer(_PROBLEM_CAP)
    if _lib.ph_game_equity_check(high, low, spot.address, ctypes.addressof(problem), _PROBLEM_CAP) != 0:
        raise ValueError(problem.value.decode("utf-8", "replace"))
    return high, low, spot


def _game_tally_dict(tally: _GameTally, players: int) -> Tally:
    result = _tally_dict(tally, players)
    result["high_share"] = tally.high_share[:players]
    result["weighted_high_share"] = tally.weighted_high_share[:players]
    result["low_deals"] = tally.low_deals
    return result


@_signature("high, low, players_holdings, weights, board, dead")
def game_equity_units(*args: Any) -> int:
    """Exact work units (deals) of a game's equity spot."""
    if len(args) != 6:
        raise TypeError("game_equity_units(high, low, players_holdings, weights, board, dead) takes 6 arguments")
    high, low, spot = _game_pair(args)
    _u64.value = 0
    if _lib.ph_game_equity_units(high, low, spot.address, ctypes.byref(_u64)) == PH_E_OVERFLOW:
        raise OverflowError("more than 2**64-1 deals to enumerate")
    return _u64.value


@_signature("high, low, players_holdings, weights, board, dead")
def game_equity_exact_seconds(*args: Any) -> float:
    """Estimated native single-core seconds of the exact enumeration of a game's spot."""
    if len(args) != 6:
        raise TypeError("game_equity_exact_seconds(high, low, players_holdings, weights, board, dead) takes 6 arguments")
    high, low, spot = _game_pair(args)
    seconds = ctypes.c_double(0)
    _lib.ph_game_equity_exact_seconds(high, low, spot.address, ctypes.byref(seconds))
    return seconds.value


@_signature("high, low, players_holdings, weights, board, dead, start, count")
def game_equity_exact(*args: Any) -> Tally:
    """Exact tally (dict) of units start..start+count-1 of a game's spot."""
    if len(args) != 8:
        raise TypeError("game_equity_exact(high, low, players_holdings, weights, board, dead, start, count) "
                        "takes 8 arguments")
    start, count = _unsigned(args[6], "start"), _unsigned(args[7], "count")
    high, low, spot = _game_pair(args)
    _u64.value = 0
    status = _lib.ph_game_equity_units(high, low, spot.address, ctypes.byref(_u64))
    units = _u64.value
    if status == 0 and (start > units or count > units - start):
        raise ValueError(f"range {start}..{(start + count) % U64_END} outside 0..{units} units")
    tally = _GameTally()
    if status == 0:
        status = _lib.ph_game_equity_exact(high, low, spot.address, start, count, ctypes.addressof(tally))
    if status == PH_E_OVERFLOW:
        raise OverflowError("more than 2**64-1 deals to enumerate")
    if status != 0:
        raise _status_error(status)
    return _game_tally_dict(tally, spot.players)


@_signature("high, low, players_holdings, weights, board, dead, seed, first, count")
def game_equity_sample(*args: Any) -> Tally:
    """Monte Carlo tally (dict) of samples first..first+count-1 of a game's spot."""
    if len(args) != 9:
        raise TypeError("game_equity_sample(high, low, players_holdings, weights, board, dead, seed, first, count) "
                        "takes 9 arguments")
    seed, first, count = _unsigned(args[6], "seed"), _unsigned(args[7], "first"), _unsigned(args[8], "count")
    high, low, spot = _game_pair(args)
    tally = _GameTally()
    status = _lib.ph_game_equity_sample(high, low, spot.address, seed, first, count, ctypes.addressof(tally))
    if status == PH_E_ARGUMENT:
        raise ValueError("could not deal holdings without shared cards (1,000,000 tries)")
    if status != 0:
        raise _status_error(status)
    return _game_tally_dict(tally, spot.players)


# ---- combination tables (scale-out; docs/scale.md) -------------------------------------------------------

for _name, _result, _args in (
    ("ph_combination_rows", c_int, [c_uint, c_size_t, c_int, c_uint64, c_size_t, c_void_p]),
    ("ph_values_by_rank", c_int, [c_size_t, c_int, c_uint64, c_size_t, c_void_p]),
    ("ph_combination_rank_batch", c_int, [c_void_p, c_size_t, c_size_t, c_uint, c_int, c_void_p, POINTER(c_size_t)]),
    ("ph_combination_lookup", c_int,
     [c_void_p, c_size_t, c_size_t, c_uint, c_int, c_void_p, c_uint64, c_size_t, c_void_p, POINTER(c_size_t)]),
):
    _function = getattr(_lib, _name)
    _function.restype = _result
    _function.argtypes = _args


def _table_shape(n_arg: Any, k_arg: Any, order_arg: Any) -> Tuple[int, int, int]:
    n, k = _unsigned(n_arg, "n"), _unsigned(k_arg, "k")
    order = _order(order_arg)
    _check_n_k(n, k)
    return n, k, order


def _row_error(status: int, n: int) -> Exception:
    if status == PH_E_DUPLICATE:
        return ValueError(f"row {_size.value}: duplicate item")
    if status == PH_E_CARD:
        return ValueError(f"row {_size.value}: item outside 0..{n - 1}")
    return _status_error(status)


def _rows_of(obj: Any, k: int) -> "_Buffer":
    rows = _Buffer(obj, False, "B", 1, "rows")
    if k == 0 or rows.nbytes % k:
        rows.release()
        raise ValueError(f"rows hold {rows.nbytes} bytes, not a multiple of k={k}")
    return rows


class _AnyBuffer:
    """A C-contiguous buffer of any item format, pinned for one C call (table lookups copy raw items)."""

    __slots__ = ("view", "address", "nbytes", "itemsize", "format", "_keep")

    def __init__(self, obj: Any, writable: bool, what: str) -> None:
        try:
            view = memoryview(obj)
            if not view.c_contiguous or (writable and view.readonly):
                raise BufferError
        except (TypeError, BufferError):
            raise ValueError(f"{what} must be a {'writable ' if writable else ''}C-contiguous buffer") from None
        self.view, self.nbytes, self.itemsize, self.format = view, view.nbytes, view.itemsize, view.format
        flat = view.cast("B") if view.ndim != 1 or view.format != "B" else view
        self._keep: object = None
        if not view.readonly:
            pinned = (ctypes.c_char * self.nbytes).from_buffer(flat)
            self._keep, self.address = pinned, ctypes.addressof(pinned)
        else:
            copied = flat.tobytes()
            self._keep, self.address = copied, ctypes.cast(c_char_p(copied), c_void_p).value or 0

    def release(self) -> None:
        self._keep = None
        self.view.release()


@_signature("n, k, order, start, count, out")
def combination_rows_into(*args: Any) -> None:
    """Rows of the k-subsets of range(n) with ranks start.. in colex (order 0) or lex (1) order, into a uint8 buffer."""
    if len(args) != 6:
        raise TypeError("combination_rows_into(n, k, order, start, count, out) takes 6 arguments")
    n, k, order = _table_shape(args[0], args[1], args[2])
    start, count = _unsigned(args[3], "start"), _unsigned(args[4], "count")
    _check_range(n, k, start, count)
    _check_rows_fit(count, k)
    out = _Buffer(args[5], True, "B", 1, "out")
    try:
        if out.nbytes != count * k:
            raise ValueError(f"out must hold {count * k} uint8 values")
        _lib.ph_combination_rows(n, k, order, start, count, out.address)
    finally:
        out.release()


@_signature("k, order, start, count, out")
def values_by_rank_into(*args: Any) -> None:
    """Values of the k-card hands (5..9) with ranks start.. in colex (order 0) or lex (1) order, into a uint16 buffer."""
    if len(args) != 5:
        raise TypeError("values_by_rank_into(k, order, start, count, out) takes 5 arguments")
    k, order = _unsigned(args[0], "k"), _order(args[1])
    start, count = _unsigned(args[2], "start"), _unsigned(args[3], "count")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    _check_range(DECK_SIZE, k, start, count)
    out = _Buffer(args[4], True, "H", 2, "out")
    try:
        if out.nbytes // 2 != count:
            raise ValueError(f"out must hold {count} uint16 values")
        _lib.ph_values_by_rank(k, order, start, count, out.address)
    finally:
        out.release()


@_signature("rows, n, k, order, out")
def combination_ranks_into(*args: Any) -> None:
    """The uint64 rank (colex or lex) of each k-item row of a uint8 buffer, into out."""
    if len(args) != 5:
        raise TypeError("combination_ranks_into(rows, n, k, order, out) takes 5 arguments")
    n, k, order = _table_shape(args[1], args[2], args[3])
    rows = _rows_of(args[0], k)
    try:
        out = _Buffer(args[4], True, "QLK", 8, "out")
    except BaseException:
        rows.release()
        raise
    try:
        m = rows.nbytes // k
        if out.nbytes // 8 != m:
            raise ValueError(f"out must hold {m} uint64 values")
        status = _lib.ph_combination_rank_batch(rows.address, m, k, n, order, out.address, ctypes.byref(_size))
    finally:
        rows.release()
        out.release()
    if status != 0:
        raise _row_error(status, n)


def _holds_objects(format: str) -> bool:
    """format_holds_objects in _core.c: an 'O' outside the ":name:" of fields; copied as bytes, those
    references would skip their counts."""
    return "O" in "".join(format.split(":")[::2])


@_signature("rows, n, k, order, table, out")
def combination_lookup_into(*args: Any) -> None:
    """The table entry at each row's rank (colex or lex), into out."""
    if len(args) != 6:
        raise TypeError("combination_lookup_into(rows, n, k, order, table, out) takes 6 arguments")
    n, k, order = _table_shape(args[1], args[2], args[3])
    rows = _rows_of(args[0], k)
    held: List[Any] = [rows]  # _Buffer and _AnyBuffer
    try:
        table = _AnyBuffer(args[4], False, "table")
        held.append(table)
        out = _AnyBuffer(args[5], True, "out")
        held.append(out)
        total = _binomial(n, k)
        m = rows.nbytes // k
        if out.itemsize != table.itemsize or out.format != table.format:
            raise ValueError(f"out must have the table's item format '{table.format}' (format '{out.format}' given)")
        if table.itemsize < 1:
            raise ValueError(f"table must have items of at least one byte (format '{table.format}' has "
                             f"{table.itemsize}-byte items)")
        if _holds_objects(table.format):
            raise ValueError(f"table must not hold Python objects (format '{table.format}')")
        if table.nbytes // table.itemsize != total:
            raise ValueError(f"table must hold C({n},{k}) = {total} entries, not {table.nbytes // table.itemsize}")
        if out.nbytes // out.itemsize != m:
            raise ValueError(f"out must hold {m} entries")
        status = _lib.ph_combination_lookup(rows.address, m, k, n, order, table.address, total, table.itemsize,
                                            out.address, ctypes.byref(_size))
    finally:
        for buffer in held:
            buffer.release()
    if status != 0:
        raise _row_error(status, n)


# ---- whole-deal analysis: its own module, part of this one's contract as _core_analysis.c is of _core ------

from ._wasm_analysis import (  # noqa: E402  (after the functions above: it declares its own C functions)
    showdown_into as showdown_into, showdown_matrix_into as showdown_matrix_into,
    showdown_matrix_units as showdown_matrix_units, uth_classes_into as uth_classes_into,
    uth_flop_decisions_into as uth_flop_decisions_into, uth_flop_into as uth_flop_into, uth_payoff as uth_payoff,
    uth_river as uth_river, uth_river_decisions_into as uth_river_decisions_into, uth_solve_into as uth_solve_into,
    strength_units as strength_units, strength_rows_into as strength_rows_into,
    strength_preflop_into as strength_preflop_into, strength_hand_into as strength_hand_into,
)


# ---- suit-isomorphic hand indexes: its own module, part of this one's contract as _core_isomorphism.c is of _core

from ._wasm_isomorphism import (  # noqa: E402  (after the functions above: it declares its own C functions)
    indexer_index_into as indexer_index_into, indexer_is_canonical_into as indexer_is_canonical_into,
    indexer_new as indexer_new, indexer_size as indexer_size, indexer_unindex_into as indexer_unindex_into,
)
