"""The run-time perfect hash of 5-, 6- and 7-card rank multisets: additive rank weights, scrambled, then
row displacement into one dense value array.

Every card adds W7[rank] * SCRAMBLE (mod 2**24) to its hand's key. The sum over a hand's ranks,
R = sum(count[r] * W7[r]), is distinct for distinct rank multisets of the same size (the weights are built
for that, see W7), and multiplying by the odd SCRAMBLE is a bijection of the integers mod 2**24, so the low
24 bits of the key, h, identify the multiset. The scramble spreads the keys evenly, which is what makes the
displacement table small: h splits into a row (h >> shift) and a column; each row has a base in the value
array such that the rows' columns interleave without two different values landing in one slot (slots may be
shared by multisets of equal value). A lookup is two dependent loads: base, then value.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

HASH_BITS = 24
HASH_MASK = (1 << HASH_BITS) - 1
SCRAMBLE = 0x9E3779B1 & HASH_MASK  # odd, so multiplying by it permutes the integers mod 2**24

# Rank weights (2, 3, ..., A) such that the weighted rank sums of all multisets of k cards (at most four per
# rank) are distinct for each k <= 7. Built greedily: each weight is the smallest integer above the previous
# one that keeps every sum distinct, given the weights before it (`distinct_sums` re-checks the result;
# the greedy search itself takes minutes, so its output is recorded here).
W7 = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)

# Row shift per hand size: a trade between the base array (2 bytes a row) and how densely the rows pack.
ROW_SHIFT = {5: 13, 6: 12, 7: 11}
# Order of the blocks in ph_quinary_values: the 6-card block comes last so that a build with
# PH_SIX_CARD_TABLE=0 (the wasm library, which has a 150 KB budget) can leave it out.
BLOCK_ORDER = (5, 7, 6)


def rank_multisets(k: int) -> List[Tuple[int, ...]]:
    """Every rank-count vector (13 counts, each 0..4) with k cards, in lexicographic order."""
    out: List[Tuple[int, ...]] = []

    def rec(prefix: List[int], left: int) -> None:
        if len(prefix) == 13:
            if left == 0:
                out.append(tuple(prefix))
            return
        for count in range(min(4, left) + 1):
            prefix.append(count)
            rec(prefix, left - count)
            prefix.pop()

    rec([], k)
    return out


def weight_sum(counts: Sequence[int]) -> int:
    return sum(c * w for c, w in zip(counts, W7))


def scrambled(value: int) -> int:
    return value * SCRAMBLE & HASH_MASK


def card_hash_part(rank: int) -> int:
    """The rank part of a card key: its scrambled weight."""
    return scrambled(W7[rank])


def distinct_sums(k: int) -> bool:
    sums = [weight_sum(m) for m in rank_multisets(k)]
    return len(set(sums)) == len(sums)


def pack_rows(rows: Sequence[Tuple[Sequence[int], Sequence[int]]]) -> Tuple[List[int], List[int]]:
    """First-fit decreasing row displacement. rows[i] = (ascending columns, values); returns each row's
    base and the packed value array, in which a slot may serve several rows only with one value."""
    import numpy as np  # the generator's one dependency beyond the standard library

    window = 8192
    table = np.zeros(1 << 16, dtype=np.int32)  # 0: free (values are 1..7462)
    bases = [0] * len(rows)
    top = 0
    for i in sorted(range(len(rows)), key=lambda i: (-len(rows[i][0]), i)):
        cols = np.asarray(rows[i][0], dtype=np.int64)
        vals = np.asarray(rows[i][1], dtype=np.int32)
        if len(cols) == 0:
            continue
        span = int(cols[-1]) + 1
        start = 0
        while True:
            if start + window + span > len(table):
                grown = np.zeros(2 * len(table) + window + span, dtype=np.int32)
                grown[:len(table)] = table
                table = grown
            fits = np.ones(window, dtype=bool)
            for col, value in zip(cols, vals):
                slots = table[start + col:start + col + window]
                fits &= (slots == 0) | (slots == value)
            hits = np.flatnonzero(fits)
            if len(hits):
                base = start + int(hits[0])
                break
            start += window
        table[base + cols] = vals
        bases[i] = base
        top = max(top, base + span)
    return bases, [int(v) for v in table[:top]]


def displace(keyed_values, key_bits: int, shift: int) -> Tuple[List[int], List[int]]:
    """(row bases, values) of (key, value) pairs with keys of key_bits bits: row key >> shift, column the
    rest, packed by pack_rows."""
    by_row: Dict[int, List[Tuple[int, int]]] = {}
    for key, value in keyed_values:
        by_row.setdefault(key >> shift, []).append((key & ((1 << shift) - 1), value))
    rows = []
    for row in range(1 << (key_bits - shift)):
        entries = sorted(by_row.get(row, []))
        rows.append(([c for c, _ in entries], [v for _, v in entries]))
    return pack_rows(rows)


def block(k: int, plain_value) -> Tuple[List[int], List[int]]:
    """(row bases, values) of the k-card block; plain_value(counts) is the best non-flush value."""
    bases, values = displace(((scrambled(weight_sum(counts)), plain_value(counts)) for counts in rank_multisets(k)),
                             HASH_BITS, ROW_SHIFT[k])
    assert max(bases) < 1 << 16, "row bases must fit uint16"
    return bases, values


def tables(plain_value) -> Tuple[List[int], Dict[str, int]]:
    """The flat uint16 array (per block: row bases, then values) and its layout constants."""
    for k in ROW_SHIFT:
        assert distinct_sums(k), f"W7 sums collide for {k} cards"
    flat: List[int] = []
    layout: Dict[str, int] = {}
    for k in BLOCK_ORDER:
        bases, values = block(k, plain_value)
        layout[f"PH_RH_SHIFT_{k}"] = ROW_SHIFT[k]
        layout[f"PH_RH_ROWS_{k}"] = len(flat)
        flat += bases
        layout[f"PH_RH_VALUES_{k}"] = len(flat)
        flat += values
        if k == 7:
            layout["PH_RH_ENTRIES_57"] = len(flat)
    layout["PH_RH_ENTRIES_567"] = len(flat)
    return flat, layout


def row_offsets(flat: Sequence[int], layout: Dict[str, int]) -> Tuple[List[int], Dict[str, int]]:
    """Each row's base with the row's own start taken off, so that a value is flat[h + offset[h >> shift]]
    (mod 2**32, stored as uint32): the column needs no mask and the block no add. Same block order as
    `tables`; returns the offsets and their layout constants."""
    offsets: List[int] = []
    out: Dict[str, int] = {}
    for k in BLOCK_ORDER:
        shift, rows, values = (layout[f"PH_RH_{part}_{k}"] for part in ("SHIFT", "ROWS", "VALUES"))
        out[f"PH_RO_ROWS_{k}"] = len(offsets)
        for row in range(1 << (HASH_BITS - shift)):
            offsets.append((values + flat[rows + row] - (row << shift)) % (1 << 32))
        if k == 7:
            out["PH_RO_ENTRIES_57"] = len(offsets)
    out["PH_RO_ENTRIES_567"] = len(offsets)
    return offsets, out
