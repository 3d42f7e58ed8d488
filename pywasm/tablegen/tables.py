"""Build each generated C source: (file name, text, [(array name, bytes)])."""

from __future__ import annotations

from itertools import chain, combinations

from . import quinary, rank_hash, rank_walk
from .emit import banner, c_array, rank_hash_array, source
from .quinary import GROUP_SPAN, GROUPS
from .ranking import FiveCardTable

SUIT_COUNTER_SHIFT = 0  # four 4-bit suit counters in bits 0..15 (a flush test is a 16-bit immediate)
POISON_COUNT = 1 << 16  # ids >= 52 count in bits 16..19 (nine cards at most), so one test finds any
HASH_SHIFT = 40  # the rank hash in bits 40..63: a sum wraps at 2**64, which is its own mod 2**24
SUIT_BIAS = 0x3333  # PH_SUIT_BIAS: a row's key starts at 3 a suit counter, so that a fifth card sets bit 3
G2_SHIFT, G1_SHIFT = 12, 25  # the quinary key's fields (8- and 9-card hands)


def card_key(card: int) -> int:
    """Additive per-card key: scrambled rank weight << 40 | suit counter; ids >= 52 count as poison."""
    if card >= 52:
        return POISON_COUNT
    rank, suit = divmod(card, 4)
    return (rank_hash.card_hash_part(rank) << HASH_SHIFT) + (1 << (SUIT_COUNTER_SHIFT + 4 * suit))


def card_quinary_key(card: int) -> int:
    """Additive quinary key of 8- and 9-card hands: G3 digits | G2 digits + 625 per card above G1 | G1
    digits + 625 per card."""
    if card >= 52:
        return 0  # the card key's poison bit already rejects the hand
    rank = card // 4
    if rank in GROUPS[2]:
        key = 5 ** (rank - GROUPS[2][0]) + (GROUP_SPAN << G2_SHIFT)
    elif rank in GROUPS[1]:
        key = (5 ** (rank - GROUPS[1][0]) + GROUP_SPAN) << G2_SHIFT
    else:
        key = 5 ** rank << G1_SHIFT
    return key + (GROUP_SPAN << G1_SHIFT)


def card_bit(card: int) -> int:
    """Suit-major bit (16 * suit + rank) so a suit's 13 ranks are one shift away. An id >= 52 has no bit,
    so a hand holding one counts fewer bits than cards (its card key also carries the poison bit)."""
    if card >= 52:
        return 0
    rank, suit = divmod(card, 4)
    return 1 << (16 * suit + rank)


def suited_ranks_key(rank_mask: int) -> int:
    """Rank key of the distinct ranks in a mask (the hash part, wrapped at 2**64), plus their number in the low
    byte (where a card key has its suit counters, which a rank key does not use)."""
    ranks = [r for r in range(13) if rank_mask >> r & 1]
    return (sum(rank_hash.card_hash_part(r) << HASH_SHIFT for r in ranks) + len(ranks)) % (1 << 64)


def planes():
    """pshufb tables of the SIMD batch: bytes 0..2 of each rank's hash part (index = rank; 13..15 are 0),
    then one suit table whose byte sums over a hand form the suit counters as 4-bit fields: index = suit
    gives clubs 1 and diamonds 16, index = suit + 8 gives hearts 1 and spades 16."""
    rank_planes = [[(rank_hash.card_hash_part(r) >> (8 * p)) & 0xFF if r < 13 else 0 for r in range(16)]
                   for p in range(3)]
    suits = [1, 16, 0, 0, 0, 0, 0, 0, 0, 0, 1, 16, 0, 0, 0, 0]
    return rank_planes + [suits]


def card_planes():
    """vpermb tables of the AVX-512 batch, by card id 0..63 (ids 52..63 are 0, so a kernel's pad bytes,
    whose low six bits land there, add nothing): bytes 0..2 of the card's rank hash part, then its
    clubs/diamonds and hearts/spades suit-counter bytes (the low 16 bits of its card key)."""
    keys = [card_key(c) if c < 52 else 0 for c in range(64)]
    return [[(key >> (HASH_SHIFT + 8 * p)) & 0xFF for key in keys] for p in range(3)] + \
           [[(key >> (SUIT_COUNTER_SHIFT + 8 * p)) & 0xFF for key in keys] for p in range(2)]


def flush_values(five: FiveCardTable):
    """Best straight flush or flush of every 13-bit mask of one suit's ranks (0 below five ranks)."""
    suited = {tuple(sorted(order)): value for value, order, is_suited in five.classes if is_suited}
    table = [0] * 8192
    for mask in range(8192):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) >= 5:
            table[mask] = min(suited[c] for c in combinations(ranks, 5))
    return table


def _short(values):
    """The values of a uint16_t table, checked to fit."""
    assert max(values) < 1 << 16, "a quinary share outgrew 16 bits"
    return values


def eval_source():
    five = FiveCardTable()

    def plain_value(counts):
        return five.best_plain([r for r, c in enumerate(counts) for _ in range(c)])

    flat, layout = rank_hash.tables(plain_value)
    offsets, offset_layout = rank_hash.row_offsets(flat, layout)
    walk, walk_layout = rank_walk.walk(plain_value)
    offset_layout.update(walk_layout)
    g1, g2, g3 = quinary.grouped_tables()
    dp = [quinary.DP[l][n][k] for l in range(5) for n in range(14) for k in range(quinary.MAX_K + 1)]
    keys = [card_key(c) for c in range(256)]
    qkeys = [card_quinary_key(c) for c in range(256)]
    suited_low = [suited_ranks_key(m) for m in range(128)]
    suited_high = [suited_ranks_key(m << 7) for m in range(64)]
    bits = [card_bit(c) for c in range(256)]
    plane_bytes = [b for plane in planes() for b in plane]
    card_plane_bytes = [b for plane in card_planes() for b in plane]
    arrays = [
        rank_hash_array("ph_quinary_values", flat, [
            ("PH_RH_ROWS_5", layout["PH_RH_ROWS_5"], layout["PH_RH_VALUES_5"], layout["PH_RH_ROWS_7"]),
            ("PH_RH_ROWS_7", layout["PH_RH_ROWS_7"], layout["PH_RH_VALUES_7"], layout["PH_RH_ENTRIES_57"]),
            ("PH_RH_ROWS_6", layout["PH_RH_ROWS_6"], layout["PH_RH_VALUES_6"], len(flat)),
        ], "best non-flush value of every 5-, 7- and 6-card rank multiset (the quinary): per block the row bases,"
           " then the values, by the displacement hash of pywasm/tablegen/rank_hash.py (the wasm builds derive"
           " the 5- and 7-card values at load: core_c/src/eval/derive_tables.c)"),
        "#if PH_ROW_OFFSET_TABLE\n" + c_array(
            "uint32_t", "ph_rank_offsets", offsets,
            "the row bases of ph_quinary_values less each row's start (mod 2^32): value = ph_quinary_values[h +"
            " offset[h >> shift]], one add between the loads", per_line=8,
            optional_tail=(offset_layout["PH_RO_ENTRIES_57"], "PH_SIX_CARD_TABLE", "PH_ROW_OFFSET_ENTRIES"))
        + "#endif\n",
        c_array("uint32_t", "ph_qhash_g1", g1,
                "hash_quinary share of ranks 2-5, by (k - 5) * 625 + base-5 pattern"),
        c_array("uint16_t", "ph_qhash_g2", _short(g2),
                "hash_quinary share of ranks 6-9, by (cards above rank 5) * 625 + base-5 pattern (also the"
                " other games' 13-digit hash)"),
        c_array("uint16_t", "ph_qhash_g3", _short(g3),
                "hash_quinary share of ranks T-A, by base-5 pattern (also the other games' hashes)"),
        c_array("uint32_t", "ph_quinary_dp", dp,
                "dp[l][n][k] = #quinaries in [0, l*5^n) with digit sum k (the article's DP)",
                per_line=10, shape=(5, 14, 10)),
        c_array("uint64_t", "ph_card_keys", keys,
                "card_key(c): scrambled rank weight << 40 | 1 << (4 * suit); ids >= 52 count 1 << 16",
                per_line=4),
        c_array("uint64_t", "ph_card_quinary_keys", qkeys,
                "card_quinary_key(c): 5^digit in its rank group + 625 per card in the count fields",
                per_line=4),
        c_array("uint64_t", "ph_card_bits", bits, "1 << (16*suit + rank); ids >= 52 have none",
                per_line=4),
        c_array("uint64_t", "ph_card_key_bits", [v for c in range(256) for v in (keys[c], bits[c])],
                "ph_card_keys and ph_card_bits side by side, for one 16-byte add a card", per_line=2,
                shape=(256, 2), align=16),
        "#if PH_FIRST_CARD_TABLE\n" + c_array(
            "uint64_t", "ph_card_key_bits_first", [v for c in range(256) for v in (keys[c] + SUIT_BIAS, bits[c])],
            "ph_card_key_bits with SUIT_BIAS added to each key: a row's first card, whose entry starts the sums",
            per_line=2, shape=(256, 2), align=16) + "#endif\n",
        c_array("uint64_t", "ph_suited_keys_low", suited_low,
                "sum of the rank keys of ranks 2..8 in the mask (mod 2^64) + their count", per_line=4),
        c_array("uint64_t", "ph_suited_keys_high", suited_high,
                "the same for ranks 9..A: mask bits 7..12", per_line=4),
        "#if PH_FLUSH_TABLE\n" + c_array("uint16_t", "ph_flush_values", flush_values(five),
                                           "value of the best straight flush or flush among the ranks of one suit,"
                                           " by 13-bit mask (0 below five ranks)") + "#endif\n",
        c_array("uint8_t", "ph_key_planes", plane_bytes,
                "pshufb tables: bytes 0..2 of each rank's key (by rank), suit counters (by suit)",
                shape=(4, 16)),
        c_array("uint8_t", "ph_card_planes", card_plane_bytes,
                "vpermb tables by card id: rank-hash bytes 0..2, suit-counter bytes 0..1 (ids 52..63: 0)",
                shape=(5, 64)),
    ]
    sizes = [("ph_quinary_values", 2 * len(flat)), ("ph_rank_offsets", 4 * len(offsets)),
             ("ph_qhash_g1..g3", 4 * len(g1) + 2 * (len(g2) + len(g3))),
             ("card tables", 8 * (4 * 256 + 192)), ("ph_card_key_bits_first", 16 * 256), ("SIMD planes", 16 * 4 + 64 * 5)]
    header = layout_header({**layout, **offset_layout}, len(g1), len(g2))
    walk_arrays = [
        "#if PH_HAND_TABLE\n" + c_array(
            "uint32_t", "ph_hand_walk", walk,
            "the incremental hand's walk over rank multisets, a row of 16 entries (one per rank added, 3 unused)"
            f" a cache line: (next row << {rank_walk.ROW_SHIFT}) | best non-flush value from five cards"
            " (pywasm/tablegen/rank_walk.py)",
            per_line=rank_walk.ROW_WIDTH, align=64)
        + "#endif\n"]
    return [("eval_tables.c", source("Evaluator tables.", arrays), sizes),
            ("hand_walk_tables.c", source("The incremental hand's rank walk.", walk_arrays),
             [("ph_hand_walk", 4 * len(walk))]),
            ("eval_layout.h", header, [])]


def layout_header(layout, g1_len, g2_len):
    lines = [banner("Layout of the evaluator tables in eval_tables.c and hand_walk_tables.c (included by"
                    " core_c/src/common/tables.h)."),
             "#ifndef PH_EVAL_LAYOUT_H", "#define PH_EVAL_LAYOUT_H", ""]
    for name in sorted(layout):
        if not name.startswith(("PH_RH_ENTRIES", "PH_RO_ENTRIES")):
            lines.append(f"#define {name} {layout[name]}")
    lines += [f"#define PH_RH_ENTRIES_57 {layout['PH_RH_ENTRIES_57']}",
              f"#define PH_RH_ENTRIES_567 {layout['PH_RH_ENTRIES_567']}",
              f"#define PH_RO_ENTRIES_57 {layout['PH_RO_ENTRIES_57']}",
              f"#define PH_RO_ENTRIES_567 {layout['PH_RO_ENTRIES_567']}",
              f"#define PH_RH_SCRAMBLE 0x{rank_hash.SCRAMBLE:06x}u",
              f"#define PH_QHASH_G1_ENTRIES {g1_len}", f"#define PH_QHASH_G2_ENTRIES {g2_len}",
              "", "#endif", ""]
    return "\n".join(lines)


def describe_source():
    five = FiveCardTable()
    packed = [0] * 7463
    for value, order, _ in five.classes:
        packed[value] = sum(r << (4 * i) for i, r in enumerate(order))
    arrays = [c_array("uint32_t", "ph_value_rank_table", packed,
                      "five ranks of each value in order of importance, 4 bits each, first rank lowest",
                      per_line=8, derived=True)]
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
                      per_line=4, shape=(65, 65), derived=True)]
    return "binomial_table.c", source("Pascal's triangle.", arrays), [("ph_binomial_table", 8 * len(flat))]


def all_sources():
    return [*eval_source(), describe_source(), binomial_source()]
