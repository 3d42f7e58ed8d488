"""Build each generated C source: (file name, text, [(array name, bytes)])."""

from __future__ import annotations

from itertools import chain

from . import quinary
from .emit import c_array, source
from .quinary import GROUP_SPAN, GROUPS, TABLE_KS
from .ranking import FiveCardTable

SUIT_COUNTER_SHIFT = 40  # four 4-bit suit counters above the three hash fields
G2_SHIFT, G1_SHIFT = 12, 25
POISON_BIT = 1 << 63
SUITED_COUNT_SHIFT = 56  # above the suit counters, which suited keys do not use  # any id >= 52 sets it, so one test after the adds catches bad ids


def card_key(card: int) -> int:
    """Additive per-card key: G3 digits | G2 digits + 625 per card above G1 | G1 digits + 625 per card | suit."""
    rank, suit = divmod(card, 4)
    if rank in GROUPS[2]:
        key = 5 ** (rank - GROUPS[2][0]) + (GROUP_SPAN << G2_SHIFT)
    elif rank in GROUPS[1]:
        key = (5 ** (rank - GROUPS[1][0]) + GROUP_SPAN) << G2_SHIFT
    else:
        key = 5 ** rank << G1_SHIFT
    key += GROUP_SPAN << G1_SHIFT
    return key + (1 << (SUIT_COUNTER_SHIFT + 4 * suit))


def card_bit(card: int) -> int:
    """Suit-major bit (16 * suit + rank) so a suit's 13 ranks are one shift away."""
    if card >= 52:
        return POISON_BIT
    rank, suit = divmod(card, 4)
    return 1 << (16 * suit + rank)


def suited_ranks_key(rank_mask: int) -> int:
    """Rank key of the distinct ranks in a mask, plus their number in bits 56..63."""
    ranks = [r for r in range(13) if rank_mask >> r & 1]
    key = sum(card_key(4 * r) - (1 << SUIT_COUNTER_SHIFT) for r in ranks)
    return key + (len(ranks) << SUITED_COUNT_SHIFT)


def eval_source():
    five = FiveCardTable()
    values = []
    for k in TABLE_KS:
        for q in quinary.quinaries(k):
            ranks = list(chain.from_iterable([r] * d for r, d in enumerate(q)))
            values.append(five.best_plain(ranks))
    bases = quinary.value_table_bases()
    assert len(values) == bases["total"]
    g1, g2, g3 = quinary.grouped_tables()
    dp = [quinary.DP[l][n][k] for l in range(5) for n in range(14) for k in range(quinary.MAX_K + 1)]
    keys = [card_key(c) if c < 52 else POISON_BIT for c in range(256)]
    suited_low = [suited_ranks_key(m) for m in range(128)]
    suited_high = [suited_ranks_key(m << 7) for m in range(64)]
    bits = [card_bit(c) for c in range(256)]
    arrays = [
        c_array("uint16_t", "ph_quinary_values", values,
                "best non-flush value per quinary: blocks for k = 5, 7, 6 in hash_quinary order",
                optional_tail=(bases[6], "PH_SIX_CARD_TABLE", "PH_QUINARY_ENTRIES")),
        c_array("uint16_t", "ph_qhash_g1", g1,
                "hash_quinary share of ranks 2-5, by (k - 5) * 625 + base-5 pattern"),
        c_array("uint16_t", "ph_qhash_g2", g2,
                "hash_quinary share of ranks 6-9, by (cards above rank 5) * 625 + base-5 pattern"),
        c_array("uint16_t", "ph_qhash_g3", g3, "hash_quinary share of ranks T-A, by base-5 pattern"),
        c_array("uint32_t", "ph_quinary_dp", dp,
                "dp[l][n][k] = #quinaries in [0, l*5^n) with digit sum k (the article's DP)",
                per_line=10, shape=(5, 14, 10)),
        c_array("uint64_t", "ph_card_keys", keys,
                "card_key(c): 5^digit in its rank group + 625 per card in the count fields + suit counter;"
                " ids >= 52 set bit 63",
                per_line=4),
        c_array("uint64_t", "ph_card_bits", bits, "1 << (16*suit + rank); ids >= 52 map to bit 63",
                per_line=4),
        c_array("uint64_t", "ph_suited_keys_low", suited_low,
                "sum of clubs card_key (suit counter removed) over ranks 2..8 in the mask, count << 56",
                per_line=4),
        c_array("uint64_t", "ph_suited_keys_high", suited_high,
                "the same for ranks 9..A: mask bits 7..12", per_line=4),
    ]
    sizes = [("ph_quinary_values", 2 * len(values)), ("ph_qhash_g1", 2 * len(g1)),
             ("ph_qhash_g2", 2 * len(g2)), ("ph_qhash_g3", 2 * len(g3)), ("ph_card_keys", 8 * 256),
             ("ph_suited_keys", 8 * 192),
             ("evaluator total", 2 * (len(values) + len(g1) + len(g2) + len(g3)) + 8 * (256 + 192))]
    return "eval_tables.c", source("Evaluator tables.", arrays), sizes


def describe_source():
    five = FiveCardTable()
    packed = [0] * 7463
    for value, order, _ in five.classes:
        packed[value] = sum(r << (4 * i) for i, r in enumerate(order))
    arrays = [c_array("uint32_t", "ph_value_rank_table", packed,
                      "five ranks of each value in order of importance, 4 bits each, first rank lowest",
                      per_line=8)]
    return "describe_tables.c", source("Ranks behind each hand value.", arrays), [("ph_value_rank_table", 4 * 7463)]


def binomial_source():
    table = [[0] * 65 for _ in range(65)]
    for n in range(65):
        table[n][0] = 1
        for k in range(1, n + 1):
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k]
    flat = list(chain.from_iterable(table))
    arrays = [c_array("uint64_t", "ph_binomial_table", flat,
                      "C(n,k) = C(n-1,k-1) + C(n-1,k), 0 for k > n; every entry fits 64 bits for n <= 64",
                      per_line=4, shape=(65, 65))]
    return "binomial_table.c", source("Pascal's triangle.", arrays), [("ph_binomial_table", 8 * len(flat))]


def all_sources():
    return [eval_source(), describe_source(), binomial_source()]
