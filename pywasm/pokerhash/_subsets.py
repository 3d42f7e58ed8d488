"""Rank ranges and rows of the k-subsets of range(n): the checks and the C row writer that the rank
functions, pokerhash.parallel.map_combinations and CombinationTable share."""

from __future__ import annotations

import math
from array import array
from typing import Any, Optional, Tuple

from ._backend import core
from ._buffers import Rows, numpy_or_none
from ._checks import integer, shown_value

ORDERS = {"colex": 0, "lex": 1}
ORDER_NAMES = {code: name for name, code in ORDERS.items()}


def combination_span(n: int, k: int, start: int, stop: Optional[int], order: str) -> Tuple[int, int, int]:
    """Checked (start, stop, order code) of a rank range of the k-subsets of range(n)."""
    code = order_code(order)
    n, k, start = integer(n, "n"), integer(k, "k"), integer(start, "start")
    stop = None if stop is None else integer(stop, "stop")
    if not 0 <= n <= 64:
        raise ValueError(f"n must be 0..64, got {n}")
    if not 0 <= k <= n:
        raise ValueError(f"k must be 0..n, got {k} for n={n}")
    total = math.comb(n, k)
    stop = total if stop is None else stop
    if not 0 <= start <= stop <= total:
        raise ValueError(f"range {start}..{stop} outside 0..C({n},{k}) = {total}")
    return start, stop, code


def order_code(order: str) -> int:
    try:
        return ORDERS[order]
    except (KeyError, TypeError):
        raise ValueError(f"order must be 'colex' or 'lex', got {shown_value(order)}") from None


def combination_rows(n: int, k: int, start: int, stop: int, order: int) -> Any:
    """Rows of the k-subsets with ranks start..stop-1 in the given order (0 colex, 1 lex), ascending items:
    an (M, k) uint8 numpy array, or Rows without numpy."""
    np = numpy_or_none()
    count = stop - start
    if np is not None:
        out = np.empty(count * k, dtype=np.uint8)
        core.combination_rows_into(n, k, order, start, count, out)
        return out.reshape(count, k)
    flat = array("B", bytes(count * k))
    core.combination_rows_into(n, k, order, start, count, flat)
    return Rows(flat, k)


def rank_span(n: Any, k: Any, start: Any, stop: Any) -> Tuple[int, int, int, int]:
    """(n, k, start, stop) as ints, checked: a rank range of the k-subsets of range(n)."""
    n, k, start = integer(n, "n"), integer(k, "k"), integer(start, "start")
    stop = None if stop is None else integer(stop, "stop")
    total = core.comb(n, k) if 0 <= n <= 64 and 0 <= k <= n else None
    if total is None:
        core.rank_combination([], n, 0)  # raises the shared n/k message
        raise ValueError(f"k must be 0..n, got {k} for n={n}")
    stop = total if stop is None else stop
    if not 0 <= start <= stop <= total:
        raise ValueError(f"range {start}..{stop} outside 0..C({n},{k}) = {total}")
    return n, k, start, stop
