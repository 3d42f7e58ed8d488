"""The incremental hand's rank walk (ph_hand_walk): a state machine over the rank multisets of 0 to 7 cards.

A ph_hand holds its multiset's entry, (row << ROW_SHIFT) | value, where value is the best non-flush value
once the hand has five cards (0 before) and row the multiset's entries, one per rank added next. A row is
ROW_WIDTH entries (13 used), one 64-byte cache line, so that entry >> VALUE_BITS is the row's first entry
with no multiply; the bits between row and value are 0, so the low 16 bits are the value (one
zero-extending load). So adding a card is one load, and the value of a hand is already in it: ph_hand_value
reads it, and only a flush needs more (the suit counters and bits beside the entry).

A card's column is its rank, computed from the id as (id & 0x3c) >> 2 rather than loaded: in a loop over the
last card that leaves two loads a hand, the entry and the caller's own use of the value. Ids 52..63 land on
the three unused columns, whose entries are 0 (the dead end); ids from 64 on wrap onto a rank. Neither has a
suit-major bit, so ph_hand_check finds both (the hand's bits count fewer cards than its walk).

Row 0 is the dead end: its entries are 0, and so is every entry that would put a fifth card on a rank or an
eighth card in the hand. Seven-card multisets have no row of their own (row 0), so any card after the
seventh leads there, and ph_hand_check tells a hand's size from its row alone.

The other rows run by size, and within a size in lexicographic order of the sorted ranks. Cards dealt in
increasing id order add ranks in increasing order, so the multisets a loop over the next card reaches from
one hand are consecutive rows: nested loops walk the table nearly in order.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Sequence, Tuple

RANKS = 13
MAX_CARDS = 7
VALUE_BITS = 13  # a hand value is 1..7462 < 2**13
ROW_WIDTH = 16
ROW_SHIFT = VALUE_BITS + 4  # row * ROW_WIDTH above the value
DEAD_ROW = 0


def _multisets_by_size() -> List[List[Tuple[int, ...]]]:
    """The sorted rank sequences of each size 0..MAX_CARDS (at most four of a rank), in lexicographic order."""
    sizes: List[List[Tuple[int, ...]]] = [[()]]
    for _ in range(MAX_CARDS):
        grown = [seq + (r,) for seq in sizes[-1] for r in range(seq[-1] if seq else 0, RANKS)
                 if seq[-4:] != (r,) * 4]
        sizes.append(grown)  # already in lexicographic order: prefixes in order, then the last rank
    return sizes


def counts_of(seq: Sequence[int]) -> Tuple[int, ...]:
    counts = [0] * RANKS
    for r in seq:
        counts[r] += 1
    return tuple(counts)


def walk(plain_value: Callable[[Sequence[int]], int]) -> Tuple[List[int], Dict[str, int]]:
    """(entries, layout constants) of the walk; plain_value(counts) is the best non-flush value of 5..7 cards."""
    sizes = _multisets_by_size()
    row_of: Dict[Tuple[int, ...], int] = {}
    layout: Dict[str, int] = {}
    rows = 1  # after the dead end
    for size, seqs in enumerate(sizes[:MAX_CARDS]):
        if size == 5:
            layout["PH_WALK_FIVE"] = rows
        if size == 6:
            layout["PH_WALK_SIX"] = rows
        for seq in seqs:
            row_of[counts_of(seq)] = rows
            rows += 1
    layout["PH_WALK_EMPTY"] = row_of[(0,) * RANKS]
    layout["PH_WALK_ROW_SHIFT"] = ROW_SHIFT
    layout["PH_WALK_FIRST_SHIFT"] = VALUE_BITS  # entry >> VALUE_BITS = row * ROW_WIDTH, the row's first entry
    layout["PH_WALK_ENTRIES"] = rows * ROW_WIDTH
    assert rows < 1 << (32 - ROW_SHIFT), "rows must fit above the value"
    assert ROW_WIDTH << VALUE_BITS == 1 << ROW_SHIFT

    entries = [0] * (rows * ROW_WIDTH)
    for counts, row in row_of.items():
        size = sum(counts)
        for r in range(RANKS):
            if counts[r] == 4 or size == MAX_CARDS:
                continue  # the dead end
            grown = counts[:r] + (counts[r] + 1,) + counts[r + 1:]
            value = plain_value(grown) if size + 1 >= 5 else 0
            entries[row * ROW_WIDTH + r] = row_of.get(grown, DEAD_ROW) << ROW_SHIFT | value  # seven cards: no row
    return entries, layout

