"""Suit-isomorphic hand indexes: HandIndexer maps hands dealt in rounds to 0..size-1 modulo suit renaming."""

from __future__ import annotations

from array import array
from typing import Any, List, Sequence, SupportsIndex, Tuple, Union

from ._backend import core
from ._batch import card_rows
from ._buffers import Rows, numpy_if_loaded, numpy_or_none, zeros
from ._cards import Card, CardLike, Cards
from ._checks import integer

MAX_ROUNDS = 8


class HandIndexer:
    """Numbers hands dealt in rounds so that two hands share a number exactly when renaming suits turns one
    into the other (Waugh's hand isomorphism, 2013: the numbering of his reference library).

    AsKs on Qs7h2d and AhKh on Qh7c2s get one index; AsKs and AsKh do not. The index of the last round runs
    over 0..size(round)-1 with no gaps, so it keys tables of per-hand data (strategies, equities, buckets).

    Args:
        cards_per_round: 1 to 8 counts, each at least 1, 52 cards at most in all: hold'em is [2, 3, 1, 1]
            (hole, flop, turn, river), [2, 5] takes the board as one set, Omaha is [4, 3, 1, 1].

    Raises:
        ValueError: no rounds or more than 8, a round of no cards, or more than 52 cards.
        OverflowError: a round with 2**64 canonical hands or more (no 64-bit index).
        TypeError: counts that are not integers.

    Example:
        >>> import pokerhash as ph
        >>> holdem = ph.HandIndexer([2, 3, 1, 1])
        >>> [holdem.size(r) for r in range(4)]
        [169, 1286792, 55190538, 2428287420]
        >>> holdem.index("AsKs Qs7h2d") == holdem.index("AhKh Qh7c2s")
        True
        >>> holdem.unindex(0, holdem.index("AsKs"))
        (Card('Ac'), Card('Kc'))
    """

    __slots__ = ("_rounds", "_indexer", "_totals")

    def __init__(self, cards_per_round: Sequence[SupportsIndex]) -> None:
        if isinstance(cards_per_round, (str, bytes)) or not hasattr(type(cards_per_round), "__len__"):
            raise TypeError(f"cards_per_round must be a sequence of counts, got {type(cards_per_round).__name__}")
        counts = tuple(integer(count, "a round's card count") for count in cards_per_round)
        if not 1 <= len(counts) <= MAX_ROUNDS:
            raise ValueError(f"cards_per_round must have 1 to {MAX_ROUNDS} rounds, got {len(counts)}")
        for r, count in enumerate(counts):
            if count < 1:
                raise ValueError(f"round {r} deals {count} cards: every round deals at least one")
        if sum(counts) > 52:
            raise ValueError(f"the rounds deal {sum(counts)} cards, more than the 52 of a deck")
        try:
            self._indexer = core.indexer_new(bytes(counts))
        except OverflowError:
            raise OverflowError(f"rounds {list(counts)} have 2**64 canonical hands or more: no 64-bit index") from None
        self._rounds = counts
        self._totals = tuple(sum(counts[:r + 1]) for r in range(len(counts)))

    @property
    def rounds(self) -> Tuple[int, ...]:
        """The cards of each round, as given."""
        return self._rounds

    def __repr__(self) -> str:
        return f"HandIndexer({list(self._rounds)})"

    def size(self, round: int = -1) -> int:
        """The number of canonical hands once rounds 0..round are dealt (round -1, the default: the last).

        Example:
            >>> import pokerhash as ph
            >>> ph.HandIndexer([2, 5]).size()
            123156254
        """
        return int(core.indexer_size(self._indexer, self._round(round)))

    def index(self, cards: Union[Cards, CardLike], *more: CardLike) -> int:
        """The index of a hand: the cards of rounds 0..r in round order (any order inside a round), for any r.

        Args:
            cards: text ("AsKs Qh7c2d"), a sequence of names or ids, or the cards as separate arguments; as
                many as rounds 0..r deal (2, 5, 6 or 7 for hold'em).

        Returns:
            int: 0..size(r)-1, the same for every suit renaming of the hand.

        Raises:
            ValueError: unknown or duplicate cards, or a card count that ends no round.

        Example:
            >>> import pokerhash as ph
            >>> ph.HandIndexer([2, 3, 1, 1]).index("2c 3c"), ph.HandIndexer([2, 3, 1, 1]).index("2d 3d")
            (91, 91)
        """
        return self.index_all(cards, *more)[-1]

    def index_all(self, cards: Union[Cards, CardLike], *more: CardLike) -> List[int]:
        """The index of each round of a hand, in one pass: [index of round 0, ..., index of round r].

        Example:
            >>> import pokerhash as ph
            >>> ph.HandIndexer([2, 3, 1, 1]).index_all("AsAh 2c3d4h 5s 6c")
            [90, 122238, 13298830, 523346914]
        """
        ids = self._hand(cards, more)
        round = self._totals.index(len(ids))
        out = array("Q", bytes(8 * (round + 1)))
        core.indexer_index_into(self._indexer, round, True, bytes(ids), out)
        return list(out)

    def unindex(self, round: int, index: SupportsIndex) -> Tuple[Card, ...]:
        """The canonical hand of an index: the cards of rounds 0..round, round by round, each round ascending.

        Raises:
            ValueError: a round outside the indexer's or an index outside 0..size(round)-1.

        Example:
            >>> import pokerhash as ph
            >>> ph.HandIndexer([2, 3]).unindex(1, 0)
            (Card('2c'), Card('2d'), Card('2h'), Card('2s'), Card('3h'))
        """
        round = self._round(round)
        value = integer(index, "index")
        size = self.size(round)
        if not 0 <= value < size:
            raise ValueError(f"index {value} outside 0..{size - 1} (round {round})")
        out = bytearray(self._totals[round])
        core.indexer_unindex_into(self._indexer, round, array("Q", [value]), out)
        return tuple(Card(c) for c in out)

    def canonical(self, cards: Union[Cards, CardLike], *more: CardLike) -> Tuple[Card, ...]:
        """The canonical form of a hand: unindex of its index (the representative every renaming maps to).

        Example:
            >>> import pokerhash as ph
            >>> " ".join(map(str, ph.HandIndexer([2, 3]).canonical("AhKh Qh7c2s")))
            'Kc Ac 2h 7d Qc'
        """
        ids = self._hand(cards, more)
        round = self._totals.index(len(ids))
        return self.unindex(round, self.index(ids))

    def is_canonical(self, cards: Union[Cards, CardLike], *more: CardLike) -> bool:
        """Whether a hand is its own canonical form (up to the order inside each round).

        Example:
            >>> import pokerhash as ph
            >>> holdem = ph.HandIndexer([2, 3, 1, 1])
            >>> holdem.is_canonical("AcKc"), holdem.is_canonical("AsKs")
            (True, False)
        """
        ids = self._hand(cards, more)
        out = bytearray(1)
        core.indexer_is_canonical_into(self._indexer, self._totals.index(len(ids)), bytes(ids), out)
        return bool(out[0])

    def index_batch(self, rows: Any, every_round: bool = False) -> Any:
        """Indexes of many hands (the GIL is released): rows of the cards of rounds 0..r, one hand a row.

        Args:
            rows: an (N, k) integer array or a list of rows, k the cards of rounds 0..r (as evaluate_batch
                takes them); a C-contiguous uint8 array is read in place.
            every_round: also give rounds 0..r-1's indexes.

        Returns:
            uint64 numpy array of shape (N,) (or (N, r + 1) with every_round) for numpy input or when numpy is
            installed, else array('Q') (row after row).

        Raises:
            ValueError: a row width that ends no round, or a bad row ("row 17: duplicate card").

        Example:
            >>> import numpy as np, pokerhash as ph
            >>> ph.HandIndexer([2, 5]).index_batch(np.array([[0, 4, 8, 12, 16, 20, 24]])).tolist()
            [123120218]
        """
        data, k, count, np = card_rows(rows, None, "rows", self._check_width)
        round = self._totals.index(k)
        width = round + 1 if every_round else 1
        np = np or numpy_if_loaded()
        out = zeros("Q", count * width, np)
        core.indexer_index_into(self._indexer, round, bool(every_round), data, out)
        return out.reshape(count, width) if np is not None and every_round else out

    def unindex_batch(self, round: int, indices: Any) -> Any:
        """Canonical hands of many indexes of one round (the GIL is released).

        Args:
            round: the round the indexes number (0-based; -1 for the last).
            indices: integers 0..size(round)-1: a numpy array, a list, or array('Q').

        Returns:
            (N, k) uint8 numpy array (k the cards of rounds 0..round) when numpy is installed, else Rows.

        Raises:
            ValueError: an index outside 0..size(round)-1 ("row 3: index out of range").

        Example:
            >>> import pokerhash as ph
            >>> ph.HandIndexer([2]).unindex_batch(0, [0, 168]).tolist()
            [[0, 1], [44, 48]]
        """
        round = self._round(round)
        np = numpy_or_none()
        if np is not None:
            values = np.asarray(indices)
            if values.dtype.kind not in "iu" and values.size:
                raise TypeError(f"indices must be integers, got dtype {values.dtype.name}")
            if values.size and (values.min() < 0 if values.dtype.kind == "i" else False):
                raise ValueError("indices must be 0..size(round)-1, got a negative one")
            flat = np.ascontiguousarray(values.reshape(-1), dtype=np.uint64)
        else:
            flat = array("Q", [integer(v, "an index") for v in indices])
        k = self._totals[round]
        out = zeros("B", len(flat) * k, np)
        core.indexer_unindex_into(self._indexer, round, flat, out)
        return out.reshape(len(flat), k) if np is not None else Rows(out, k)

    def is_canonical_batch(self, rows: Any) -> Any:
        """Whether each row is its own canonical form: a bool numpy array (uint8 array('B') without numpy)."""
        data, k, count, np = card_rows(rows, None, "rows", self._check_width)
        np = np or numpy_if_loaded()
        out = zeros("B", count, np)
        core.indexer_is_canonical_into(self._indexer, self._totals.index(k), data, out)
        return out.astype(bool) if np is not None else out

    # ---- arguments -----------------------------------------------------------------------------------

    def _round(self, round: Any) -> int:
        value = integer(round, "round")
        count = len(self._rounds)
        if not -count <= value < count:
            raise ValueError(f"round {value} outside 0..{count - 1} ({count} rounds)")
        return value % count

    def _expected(self) -> str:
        totals = [str(t) for t in self._totals]
        return totals[0] if len(totals) == 1 else ", ".join(totals[:-1]) + " or " + totals[-1]

    def _check_width(self, k: int) -> None:
        if k not in self._totals:
            raise ValueError(f"rows must hold {self._expected()} cards (rounds {list(self._rounds)}), got {k}")

    def _hand(self, cards: Any, more: Sequence[Any]) -> List[int]:
        ids: List[int] = list(core.parse_cards(cards, *more) if more else core.parse_cards(cards))
        if len(ids) not in self._totals:
            raise ValueError(f"expected {self._expected()} cards (rounds {list(self._rounds)}), got {len(ids)}")
        return ids

