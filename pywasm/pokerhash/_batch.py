"""Batch evaluation: a table of card ids in, one value per row out.

Any integer table is accepted (numpy arrays of any integer dtype and layout, buffers such as bytes or
array.array, lists of rows, the rows combinations() returns) and converted to the one layout the C core
reads: C-contiguous uint8 rows. An array that already has it is passed as is, without a copy. numpy in
gives numpy out (uint16); anything else gives array('H').

Ids outside 0..51 stay outside it in the conversion (they become 52 or 255, never a valid id), so the core
names the first bad row exactly as it does for uint8 input ("row 17: card id outside 0..51"), in row order
with duplicates.
"""

from __future__ import annotations

import operator
import struct
import sys
from typing import Any, Callable, List, Optional, Tuple

from . import parallel
from ._backend import core
from ._buffers import Rows, is_numpy_array, zeros
from ._checks import integer

_INTEGER_FORMATS = set("bBhHiIlLqQnN")
_BAD_ID = 255  # an id outside 0..51 in a list row maps here: the core reports its row
WidthCheck = Callable[[int], None]
#: (uint8 rows the core reads, k, row count, numpy module when the input is numpy else None)
CardRows = Tuple[Any, int, int, Any]


def evaluate_batch(cards: Any, k: Optional[int] = None, threads: Optional[int] = None) -> Any:
    """Values of many hands at once (the GIL is released for big batches).

    Args:
        cards: the hands, one row of k card ids each (k = 5..9): a 2-D numpy array of any integer dtype
            and layout (int64 from np.random.choice, strided views such as m[:, :5], Fortran order), a
            list of rows (lists, tuples, numpy rows), the rows combinations() returns, or a flat buffer or
            sequence of ids (bytes, bytearray, array.array, memoryview, 1-D array, list) with k given.
            A C-contiguous uint8 array is read in place; anything else is converted first.
        k: cards per hand; needed only for flat input.
        threads: evaluate on this many threads (None or 1: the calling thread); the rows are split into
            contiguous pieces, so the values are the same, and a bad row is reported as on one thread.

    Returns:
        numpy.ndarray of uint16 (shape (N,)) for numpy input, else array.array('H'): the values 1..7462.

    Raises:
        ValueError: rows of the wrong width ("k must be 5 to 9, got 4"), ragged rows, a bad hand
            ("row 17: duplicate card", "row 3: card id outside 0..51"), or k that does not fit the input.
        TypeError: ids that are not integers (floats, text), or input that is not a table of ids.

    Example:
        >>> import pokerhash as ph
        >>> list(ph.evaluate_batch([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]]))   # AsKsQsJsTs, 7c5d4h3s2c
        [1, 7462]
        >>> import numpy as np
        >>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [48, 49, 50, 44, 45, 2, 3]], dtype=np.int64)
        >>> ph.evaluate_batch(hands[:, :5]).tolist()
        [1, 167]
    """
    rows, k, count, np = card_rows(cards, k, "cards", _hand_width)
    out = zeros("H", count, np)
    parallel.evaluate_batch_into(rows, k, out, threads)
    return out


def omaha_evaluate_batch(holes: Any, boards: Any) -> Any:
    """Omaha high values of many hands: exactly two hole cards and three board cards each.

    Args:
        holes: one row of 4 to 6 hole cards per hand (a 2-D integer numpy array, a list of rows, ...:
            the tables evaluate_batch takes).
        boards: one row of 3 to 5 board cards per hand, or a single board for every hand ("Ts 9s 2c",
            a flat list of ids, a 1-D array).

    Returns:
        numpy.ndarray of uint16 when holes or boards is a numpy array, else array.array('H').

    Raises:
        ValueError: a hole of other than 4 to 6 cards or a board of other than 3 to 5, different row
            counts, or a bad row ("row 2: duplicate card", also across a hole and its board).
        TypeError: ids that are not integers.

    Example:
        >>> import pokerhash as ph
        >>> values = ph.omaha_evaluate_batch([[51, 47, 43, 39], [4, 5, 6, 7]], "Ts 9s 8s")
        >>> [ph.describe(v) for v in values]   # Qs Js with the board; 3c 3d with it
        ['Queen-High Straight Flush', 'Pair of Threes']
    """
    hole_rows, hole_len, count, np_holes = card_rows(holes, None, "holes", _hole_width)
    single = _single_board(boards)
    if single is not None:
        _board_width(len(single))
        board_rows, board_len, np_boards = bytes(single) * count, len(single), None
        if is_numpy_array(boards):
            np_boards = sys.modules["numpy"]
    else:
        board_rows, board_len, board_count, np_boards = card_rows(boards, None, "boards", _board_width)
        if board_count != count:
            raise ValueError(f"holes and boards must have as many rows, got {count} and {board_count}")
    out = zeros("H", count, np_holes or np_boards)
    core.omaha_evaluate_batch_into(hole_rows, hole_len, board_rows, board_len, out)
    return out


# ---- conversion to C-contiguous uint8 rows ---------------------------------------------------------------


def _hand_width(k: int) -> None:
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")


def _hole_width(k: int) -> None:
    if not 4 <= k <= 6:
        raise ValueError(f"an Omaha hole needs 4 to 6 cards, got {k}")


def _board_width(k: int) -> None:
    if not 3 <= k <= 5:
        raise ValueError(f"an Omaha board needs 3 to 5 cards, got {k}")


def card_rows(cards: Any, k: Optional[int], what: str, check_width: WidthCheck) -> CardRows:
    """(uint8 rows the core reads, k, row count, numpy module when the input is numpy else None)."""
    if k is not None:
        k = integer(k, "k")
    if isinstance(cards, Rows):
        k = _width(k, cards.shape[1], what, cards.shape)
        cards = cards.flat
    if is_numpy_array(cards):
        return _numpy_rows(cards, k, what, check_width)
    if isinstance(cards, str):
        raise TypeError(f"{what} must be rows of card ids, got text (parse_cards reads text)")
    try:
        view = memoryview(cards)
    except TypeError:
        view = None
    if view is not None:
        return _buffer_rows(cards, view, k, what, check_width)
    if hasattr(type(cards), "__len__") and hasattr(type(cards), "__getitem__") and not isinstance(cards, dict):
        return _sequence_rows(cards, k, what, check_width)
    raise TypeError(f"{what} must be an integer array, a buffer or a list of rows of card ids, "
                    f"got {type(cards).__name__}")


def _width(k: Optional[int], columns: int, what: str, shape: Tuple[int, ...]) -> int:
    if k is not None and k != columns:
        raise ValueError(f"k={k} does not match {what} of shape {shape}")
    return columns


def _numpy_rows(array: Any, k: Optional[int], what: str, check_width: WidthCheck) -> CardRows:
    np = sys.modules["numpy"]
    if array.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integer card ids, got dtype {array.dtype.name}")
    if array.ndim == 2:
        k = _width(k, array.shape[1], what, array.shape)
        check_width(k)
    elif array.ndim == 1 and k is not None:
        check_width(k)
        if array.size % k:
            raise ValueError(f"{what} hold {array.size} ids, not a multiple of k={k}")
        array = array.reshape(-1, k)
    else:
        raise ValueError(f"{what} must have shape (N, k), got {array.shape}"
                         + (" (1-D input needs k)" if array.ndim == 1 else ""))
    if array.dtype != np.uint8:
        # Bound the ids before the cast could wrap one into a valid id (256 + 5 -> 5): 0..51 stay, the rest
        # become 52 or -1, and the cast turns -1 into 255. Either is a bad id the core names by row.
        array = np.minimum(array, 52) if array.dtype.kind == "u" else np.clip(array, -1, 52)
    if array.dtype != np.uint8 or not array.flags.c_contiguous:
        array = np.ascontiguousarray(array, dtype=np.uint8)
    return array, k, array.shape[0], np


def _buffer_rows(cards: Any, view: memoryview, k: Optional[int], what: str, check_width: WidthCheck) -> CardRows:
    fmt = view.format.lstrip("@=<>!")
    if fmt not in _INTEGER_FORMATS:
        given = view.format
        view.release()
        raise TypeError(f"{what} must hold integer card ids, got buffer format '{given}'")
    if view.ndim == 2:
        shape = view.shape or ()  # never None since Python 3.3
        k = _width(k, shape[1], what, shape)
    elif view.ndim != 1:
        raise ValueError(f"{what} must be 1-D or 2-D, got {view.ndim} dimensions")
    if k is None:
        raise ValueError(f"k is required for a flat buffer of card ids ({what})")
    check_width(k)
    if fmt == "B" and view.c_contiguous:
        size = view.nbytes
        if size % k:
            raise ValueError(f"{what} hold {size} bytes, not a multiple of k={k}")
        return cards, k, size // k, None  # the core reads it in place
    try:
        flat: List[Any] = view.tolist()
        if view.ndim == 2:
            flat = [card for row in flat for card in row]
    except NotImplementedError:  # a byte order other than the machine's (">i4" here): memoryview cannot list it
        flat = [card for (card,) in struct.iter_unpack(view.format, view.tobytes())]
    return _sequence_rows(flat, k, what, check_width)


def _is_row(item: Any) -> bool:
    return not isinstance(item, str) and hasattr(type(item), "__len__") and \
        hasattr(type(item), "__getitem__") and not isinstance(item, dict)


def _sequence_rows(cards: Any, k: Optional[int], what: str, check_width: WidthCheck) -> CardRows:
    items = list(cards)
    if items and _is_row(items[0]):
        k = _width(k, len(items[0]), what, (len(items), len(items[0])))
        check_width(k)
        flat = bytearray()
        for i, row in enumerate(items):
            if not _is_row(row) or len(row) != k:
                got = f"{len(row)} cards" if _is_row(row) else type(row).__name__
                raise ValueError(f"row {i} of {what}: expected {k} card ids, got {got}")
            flat += _row_bytes(row, i)
        return flat, k, len(items), None
    if k is None:
        if not items:
            raise ValueError(f"k is required for an empty {what} list")
        raise ValueError(f"k is required for a flat sequence of card ids ({what}), or pass rows")
    check_width(k)
    if len(items) % k:
        raise ValueError(f"{what} hold {len(items)} ids, not a multiple of k={k}")
    flat = bytearray()
    for i in range(0, len(items), k):
        flat += _row_bytes(items[i:i + k], i // k)
    return flat, k, len(items) // k, None


def _row_bytes(row: Any, index: int) -> bytes:
    """One row as bytes: ids 0..51 as they are, anything else out of range as 255 (the core names it)."""
    ids = row if isinstance(row, (list, tuple)) else list(row)  # bytes(ndarray) would copy raw memory
    if bool not in map(type, ids):  # bytes() would take True as the id 1
        try:
            return bytes(ids)
        except (TypeError, ValueError):
            pass
    out = bytearray()
    for card in ids:
        if isinstance(card, (str, bytes, float, bool)) or not hasattr(type(card), "__index__"):
            raise TypeError(f"row {index}: card ids must be integers, got {type(card).__name__}")
        value = operator.index(card)
        out.append(value if 0 <= value <= 51 else _BAD_ID)
    return bytes(out)


def _single_board(boards: Any) -> Optional[List[int]]:
    """The ids of one board meant for every hand ("Ts 9s 2c", [35, 31, 2], a 1-D array), else None."""
    if isinstance(boards, str):
        return core.parse_cards(boards)
    if is_numpy_array(boards):
        return core.parse_cards(boards.tolist()) if boards.ndim == 1 else None
    if isinstance(boards, (list, tuple)) and boards and not _is_row(boards[0]):
        return core.parse_cards(list(boards))
    return None
