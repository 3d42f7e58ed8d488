"""Card combinatorics: binomials, ranks of k-subsets and back, every k-subset as rows or bit masks, the
perfect hash of a hand, the quinary hash of rank counts."""

from __future__ import annotations

from typing import Any, Optional, Sequence, SupportsIndex, Tuple, Union

from ._backend import core
from ._buffers import Rows, numpy_or_none, zeros
from ._cards import CardLike, Cards
from ._checks import check_output
from ._subsets import order_code, rank_span


def comb(n: SupportsIndex, k: SupportsIndex) -> int:
    """The binomial coefficient C(n, k), exactly.

    Args:
        n: a non-negative integer.
        k: a non-negative integer (0 when k > n).

    Returns:
        int: C(n, k).

    Raises:
        OverflowError: the result does not fit in 64 bits.
        ValueError: a negative argument or one of 2**64 or more.

    Example:
        >>> import pokerhash as ph
        >>> ph.comb(52, 7)
        133784560
    """
    return core.comb(n, k)


def rank_combination(items: Sequence[SupportsIndex], n: SupportsIndex, order: str = "colex") -> int:
    """The rank of a k-subset of range(n) among all k-subsets, in colex or lex order.

    Args:
        items: k distinct integers 0..n-1, in any order (card ids for n = 52).
        n: the size of the set, 0..64.
        order: "colex" (by largest element first: the numeric order of the subsets' bit masks) or
            "lex" (by smallest element first).

    Returns:
        int: the rank, 0..C(n, k)-1.

    Raises:
        ValueError: an item outside 0..n-1, a duplicate item, n above 64, or an unknown order.
        TypeError: items that are not integers.

    Example:
        >>> import pokerhash as ph
        >>> ph.rank_combination([5, 10, 15, 20, 25, 30, 35], 52, "lex")
        75352208
    """
    return core.rank_combination(list(items), n, order_code(order))


def unrank_combination(index: SupportsIndex, k: SupportsIndex, n: SupportsIndex,
                       order: str = "colex") -> Tuple[int, ...]:
    """The k-subset of range(n) at a rank: the inverse of rank_combination.

    Args:
        index: the rank, 0..C(n, k)-1.
        k: the subset size, 0..n.
        n: the size of the set, 0..64.
        order: "colex" or "lex", as rank_combination.

    Returns:
        tuple of k ints, ascending.

    Raises:
        ValueError: an index outside 0..C(n, k)-1, k above n, n above 64, or an unknown order.

    Example:
        >>> import pokerhash as ph
        >>> ph.unrank_combination(1286, 5, 13, "colex")
        (8, 9, 10, 11, 12)
    """
    return core.unrank_combination(index, k, n, order_code(order))


def combinations(n: int, k: int, start: int = 0, stop: Optional[int] = None) -> Any:
    """Rows of the k-subsets of range(n) with colex ranks start..stop-1 (all hands of k cards for n = 52).

    Args:
        n: the size of the set, 0..64.
        k: the subset size, 0..n.
        start: the first colex rank.
        stop: one past the last rank (default C(n, k)).

    Returns:
        an (M, k) uint8 numpy array if numpy is installed, else a Rows sequence of tuples over one flat
        buffer; either feeds evaluate_batch directly.

    Raises:
        ValueError: n above 64, k above n, or a range outside 0..C(n, k).

    Example:
        >>> import pokerhash as ph
        >>> ph.combinations(52, 5, 0, 2).tolist()
        [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
    """
    n, k, start, stop = rank_span(n, k, start, stop)
    check_output(stop - start, k, f"combinations({n}, {k}, {start}, {stop})",
                 "take it in chunks with start= and stop=, or use map_combinations")
    np = numpy_or_none()
    out = zeros("B", (stop - start) * k, np)
    core.combinations_into(n, k, start, stop - start, out)
    return out.reshape(stop - start, k) if np is not None else Rows(out, k)


def combination_masks(n: int, k: int, start: int = 0, stop: Optional[int] = None) -> Any:
    """Bit masks of the k-subsets of range(n) with colex ranks start..stop-1, ascending.

    Args:
        n: the size of the set, 0..64.
        k: the subset size, 1..n.
        start: the first colex rank.
        stop: one past the last rank (default C(n, k)).

    Returns:
        a uint64 numpy array if numpy is installed, else array('Q').

    Raises:
        ValueError: n above 64, k of 0 or above n, or a range outside 0..C(n, k).

    Example:
        >>> import pokerhash as ph
        >>> [bin(m) for m in ph.combination_masks(4, 2, 0, 3)]
        ['0b11', '0b101', '0b110']
    """
    n, k, start, stop = rank_span(n, k, start, stop)
    check_output(stop - start, 8, f"combination_masks({n}, {k}, {start}, {stop})",
                 "take it in chunks with start= and stop=")
    out = zeros("Q", stop - start, numpy_or_none())
    core.combination_masks_into(n, k, start, stop - start, out)
    return out


def hand_index(*cards: Union[Cards, CardLike]) -> int:
    """The colex rank of a hand of 1 to 7 cards among all hands of its size (a perfect hash).

    Args:
        *cards: 1 to 7 cards, in any of the forms evaluate takes.

    Returns:
        int: 0..C(52, len)-1, e.g. 0..133,784,559 for seven cards; equal to
        rank_combination(sorted ids, 52).

    Raises:
        ValueError: no cards or more than 7, unknown or duplicate cards.

    Example:
        >>> import pokerhash as ph
        >>> ph.hand_index("2c 2d 2h 2s 3c 3d 3h")
        0
    """
    mask = 0
    for card in core.parse_cards(*cards):
        mask |= 1 << card
    return core.hand_index(mask)


def quinary_hash(q: Sequence[SupportsIndex], k: SupportsIndex) -> int:
    """The dynamic-programming quinary hash: the position of 13 rank counts among all with digit sum k.

    Args:
        q: 13 counts 0..4 (how many cards of each rank 2..A).
        k: their sum, 0..9.

    Returns:
        int: the dense index the evaluator's tables use.

    Raises:
        ValueError: not 13 digits 0..4 summing to k.
        TypeError: a bool among the digits or as k (True is no count).

    Example:
        >>> import pokerhash as ph
        >>> ph.quinary_hash([0] * 12 + [4], 4)
        0
    """
    return core.quinary_hash(q, k)
