"""pokerhash: exact, fast poker hand evaluation (5 to 9 cards) and card combinatorics.

Values run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is better: the Cactus Kev /
PokerHandEvaluator scale. Card id = 4 * rank + suit (2c = 0, As = 51).
"""

from __future__ import annotations

from typing import Optional, Tuple

from ._backend import backend, core as _core
from ._buffers import Rows, is_numpy_array, numpy_or_none, zeros
from ._cards import Card, parse_cards
from ._category import Category
from ._equity import EquityResult, equity
from ._ranges import Range, parse_range
# scale-out: tables, the parallel runner and its jobs (docs/scale.md)
from . import parallel
from ._histogram import value_histogram as _value_histogram_job
from ._table import CombinationTable, value_table
from .parallel import map_combinations

__all__ = [
    "backend", "Card", "Category", "parse_cards",
    "evaluate", "evaluate_batch", "category", "describe", "best_five", "value_ranks",
    "comb", "rank_combination", "unrank_combination", "combinations", "combination_masks",
    "hand_index", "value_histogram", "quinary_hash",
    "equity", "EquityResult", "Range", "parse_range",
    "WORST_VALUE", "__version__",
    "CombinationTable", "value_table", "map_combinations", "parallel",
]

from ._version import __version__
WORST_VALUE = 7462

#: evaluate(*cards) -> int. The C function itself, so a call costs no Python frame.
evaluate = _core.evaluate
describe = _core.describe
value_ranks = _core.value_ranks
comb = _core.comb
quinary_hash = _core.quinary_hash

_ORDERS = {"colex": 0, "lex": 1}


def category(value: int) -> Category:
    """Category of a hand value 1..7462."""
    return Category(_core.category(value))


def best_five(*cards) -> Tuple[Card, ...]:
    """The five cards that make the hand's value, in order of importance."""
    _, five = _core.best_five(*cards)
    return tuple(Card(c) for c in five)


def evaluate_batch(cards, k: Optional[int] = None, threads: Optional[int] = None):
    """Values of many hands at once.

    cards: an (N, k) C-contiguous uint8 numpy array (k = 5..9) -> (N,) uint16 numpy array; or any 1-D
    uint8 buffer of N*k ids (bytes, bytearray, array.array('B'), memoryview) with k given, or the rows
    combinations() returns without numpy -> array('H').
    threads: evaluate on this many threads (default 1; large batches only, the GIL is released).
    """
    if is_numpy_array(cards):
        if cards.dtype.name != "uint8":
            raise ValueError(f"cards must have dtype uint8, got {cards.dtype.name}")
        if cards.ndim == 2:
            if k is not None and k != cards.shape[1]:
                raise ValueError(f"k={k} does not match cards of shape {cards.shape}")
            k = cards.shape[1]
        elif cards.ndim != 1 or k is None:
            raise ValueError(f"cards must have shape (N, k), got {cards.shape}")
        if not cards.flags.c_contiguous:
            raise ValueError("cards must be C-contiguous (numpy.ascontiguousarray makes a copy that is)")
        rows = cards.size // k if 5 <= k <= 9 else 0
        out = zeros("H", rows, numpy_or_none())
    else:
        if isinstance(cards, Rows):
            k, cards = (cards.shape[1] if k is None else k), cards.flat
        if k is None:
            raise ValueError("k is required unless cards is a 2-D numpy array")
        view = memoryview(cards)
        if view.ndim == 2:
            if k != view.shape[1]:
                raise ValueError(f"k={k} does not match cards of shape {view.shape}")
        elif view.ndim != 1:
            raise ValueError(f"cards must be 1-D or 2-D, got {view.ndim} dimensions")
        rows = view.nbytes // k if 5 <= k <= 9 else 0
        out = zeros("H", rows, None)
    parallel.evaluate_batch_into(cards, k, out, threads)
    return out


def rank_combination(items, n: int, order: str = "colex") -> int:
    """Rank 0..C(n,k)-1 of the k-subset `items` of range(n) (n <= 64) in colex or lex order."""
    return _core.rank_combination(list(items), n, _order(order))


def unrank_combination(index: int, k: int, n: int, order: str = "colex") -> Tuple[int, ...]:
    """The k-subset of range(n) at `index` in colex or lex order, ascending."""
    return _core.unrank_combination(index, k, n, _order(order))


def combinations(n: int, k: int, start: int = 0, stop: Optional[int] = None):
    """Rows of the k-subsets of range(n) with colex ranks start..stop-1: an (M, k) uint8 numpy array if
    numpy is installed, else a `Rows` sequence of tuples over one flat buffer."""
    start, stop = _span(n, k, start, stop)
    np = numpy_or_none()
    out = zeros("B", (stop - start) * k, np)
    _core.combinations_into(n, k, start, stop - start, out)
    return out.reshape(stop - start, k) if np is not None else Rows(out, k)


def combination_masks(n: int, k: int, start: int = 0, stop: Optional[int] = None):
    """Bit masks of the k-subsets of range(n) with colex ranks start..stop-1 (uint64, ascending)."""
    start, stop = _span(n, k, start, stop)
    out = zeros("Q", stop - start, numpy_or_none())
    _core.combination_masks_into(n, k, start, stop - start, out)
    return out


def value_histogram(k: int, start: int = 0, stop: Optional[int] = None, *, executor=None,
                    chunk: Optional[int] = None, progress=None):
    """Counts of each value 1..7462 (index = value; slot 0 unused) over the k-card hands with colex ranks
    start..stop-1 (default: all C(52, k) hands).

    executor: where the work runs (default: local threads; an int N for N threads, any
    concurrent.futures executor or a dask distributed.Client: pokerhash.parallel). chunk: hands per
    task (default: about 0.05 s of work, 1 s on a cluster). progress: as for pokerhash.parallel.run.
    The counts are the same for every executor and chunk size; Ctrl-C stops the job within a second.
    """
    if not isinstance(k, int) or not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    start, stop = _span(52, k, start, stop)
    return _value_histogram_job(k, start, stop, executor=executor, chunk=chunk, progress=progress)


def hand_index(*cards) -> int:
    """Colex rank of a 1..7 card hand among C(52, len): 0..133,784,559 for seven cards."""
    mask = 0
    for card in _core.parse_cards(*cards):
        mask |= 1 << card
    return _core.hand_index(mask)


def _order(order: str) -> int:
    try:
        return _ORDERS[order]
    except (KeyError, TypeError):
        raise ValueError(f"order must be 'colex' or 'lex', got {order!r}") from None


def _span(n: int, k: int, start: int, stop: Optional[int]) -> Tuple[int, int]:
    total = _core.comb(n, k) if 0 <= n <= 64 and 0 <= k <= n else None
    if total is None:
        _core.rank_combination([], n, 0)  # raises the shared n/k message
        raise ValueError(f"k must be 0..n, got {k} for n={n}")
    stop = total if stop is None else stop
    if not 0 <= start <= stop <= total:
        raise ValueError(f"range {start}..{stop} outside 0..C({n},{k}) = {total}")
    return start, stop
