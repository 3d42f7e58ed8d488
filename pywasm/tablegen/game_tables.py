"""Tables of the other games (core_c/tables/games_*.c): one generic rank-multiset evaluator, many table sets.

For every ranking of game_rankings.py:
  * card keys: the card's rank as one base-5 digit in one of three 16-bit lanes (digit groups), so a hand's
    key sum holds its rank counts; and card bits (16 * suit + digit) for flushes and repeats;
  * dense value blocks for 5, 7 and 6 cards: the best value of each rank multiset (suits ignored), laid out
    by a perfect hash of the multiset (its lexicographic position among multisets of that size);
  * for rankings where suits count, the best five-card suited value of every one-suit rank mask;
  * per value: its category and the ranks of its five cards in order of importance (describe, best five).
Every array is written once. The hash tables depend only on the number of digits (9 for the short deck, 13
otherwise), so rankings with the same count share them, and their later digit groups are hold'em's quinary
shares (tables.py). A table set's rankings share its keys, bits, blocks, flushes and value info: Triton's
short deck has the common short deck's classes in another order, so it reads them through a remap (and a
few codes where the two disagree on seven cards); ace-to-five eight-or-better reads ace-to-five's values
cut at 56 and adds one table for Omaha, the best qualifying low of two hole and three board cards from the
two sets of distinct low ranks, written as deduplicated rows.
"""

from __future__ import annotations

import functools
from itertools import combinations, combinations_with_replacement
from typing import Dict, List, Sequence, Tuple

from . import quinary
from .emit import banner, c_array
from .tables import card_bit
from .game_rankings import FLUSH_HELPS, NO_FLUSH, Ranking, all_rankings

MAX_DIGIT = 4
BLOCK_KS = (5, 7, 6)         # dense blocks in table order; the 6-card block is last so a build can leave it out
LANE_BITS = 16
SUIT_SHIFT = 48              # four 4-bit suit counters above the three lanes; the evaluator biases each by 3,
                             # so a counter reaching five sets its bit 3 (a flush)
POISON_BIT = 1 << 63         # card bits of a card outside the game's deck (never a real card's bit)
LOW_DIGITS = 8               # eight-or-better: digits 0..7 are A..8 in ace-to-five order
LOW_SPLIT = 6                # PH_GAME_LOW_SPLIT: the Omaha low table's row is picked by the masks' digits below it


def groups(n: int) -> Tuple[range, range, range]:
    """Digit groups, most significant first: 4 digits, the middle, the last 5 (9 digits: 4, 0, 5)."""
    return range(0, 4), range(4, n - 5), range(n - 5, n)


@functools.lru_cache(maxsize=None)
def multisets(n: int, k: int) -> Tuple[Tuple[int, ...], ...]:
    """Digit-count vectors of k cards over n digits (at most four of a digit) in lexicographic order, digit 0
    most significant: the order of the hash positions."""
    vectors = set()
    for digits in combinations_with_replacement(range(n), k):
        counts = [0] * n
        for d in digits:
            counts[d] += 1
        if max(counts) <= MAX_DIGIT:
            vectors.add(tuple(counts))
    return tuple(sorted(vectors))


class RankHash:
    """The perfect hash of digit-count vectors of n digits: three lane lookups whose sum is the position."""

    def __init__(self, n: int):
        self.n = n
        self.count = quinary.count_table(n, max(BLOCK_KS))
        self.sizes = {k: self.count[n][k] for k in BLOCK_KS}
        self.bases: Dict[int, int] = {}
        offset = 0
        for k in BLOCK_KS:
            self.bases[k] = offset
            offset += self.sizes[k]
        self.g0, self.g1, self.g2 = groups(n)

    def share(self, positions: Sequence[int], digits: Sequence[int], left: int) -> int:
        """The part of the lexicographic position owed to these digits, `left` cards still to place."""
        share = 0
        for position, digit in zip(positions, digits):
            for smaller in range(digit):
                if left - smaller >= 0:
                    share += self.count[self.n - 1 - position][left - smaller]
            left -= digit
        return share

    def patterns(self, group: range):
        for key in range(5 ** len(group)):
            yield key, [key // 5 ** j % 5 for j in range(len(group))]

    def tables(self):
        """first[(k-5)*span0 + p]: block base + share | (k - digit sum) << 24; middle[left*span1 + p]; last[p]."""
        span0, span1 = 5 ** len(self.g0), 5 ** len(self.g1)
        first = [0] * (3 * span0)
        for k in (5, 6, 7):
            for key, digits in self.patterns(self.g0):
                if sum(digits) <= k:
                    share = self.bases[k] + self.share(self.g0, digits, k)
                    first[(k - 5) * span0 + key] = share | (k - sum(digits)) << 24
        middle = [0] * ((max(BLOCK_KS) + 1) * span1)
        for left in range(max(BLOCK_KS) + 1):
            for key, digits in self.patterns(self.g1):
                if sum(digits) <= left:
                    middle[left * span1 + key] = self.share(self.g1, digits, left)
        last = [0] * 5 ** len(self.g2)
        for key, digits in self.patterns(self.g2):
            if sum(digits) <= max(BLOCK_KS):  # more cards than a dense block holds: never looked up
                last[key] = self.share(self.g2, digits, sum(digits))
        return first, middle, last

    def digit_key(self, digit: int) -> int:
        """One card of this digit: 5^(place in its group) in the group's lane."""
        for lane, group in enumerate((self.g0, self.g1, self.g2)):
            if digit in group:
                return 5 ** (digit - group.start) << (LANE_BITS * lane)
        raise ValueError(digit)


# ---- one ranking's values -----------------------------------------------------------------------------

def best_plain(ranking: Ranking, hash_: RankHash) -> List[int]:
    """Dense blocks in BLOCK_KS order: best unsuited value of every multiset, by dropping one card at a time.
    A multiset is keyed by its counts as a base-5 number, so dropping a card of digit d subtracts 5^d."""
    n = hash_.n
    power = [5 ** d for d in range(n)]

    def code(q) -> int:
        return sum(c * p for c, p in zip(q, power))

    best: Dict[int, int] = {}
    for q in multisets(n, 5):
        best[code(q)] = ranking.plain[tuple(d for d, c in enumerate(q) for _ in range(c))]
    for k in (6, 7):
        for q in multisets(n, k):
            key = code(q)
            best[key] = min(best[key - power[d]] for d in range(n) if q[d])
    return [best[code(q)] for k in BLOCK_KS for q in multisets(n, k)]


def best_flush(ranking: Ranking, n: int) -> List[int]:
    """Per one-suit digit mask: the best suited value of five of its ranks (0 below five ranks)."""
    table = [0] * (1 << n)
    for mask in sorted(range(1 << n), key=lambda m: bin(m).count("1")):
        bits = bin(mask).count("1")
        if bits == 5:
            table[mask] = ranking.suited[tuple(d for d in range(n) if mask >> d & 1)]
        elif bits > 5:
            table[mask] = min(table[mask & ~(1 << d)] for d in range(n) if mask >> d & 1)
    return table


def value_info(ranking: Ranking) -> List[int]:
    """Per value: category << 24 | the five ranks in order of importance, 4 bits each, first rank lowest."""
    info = [0] * (ranking.worst + 1)
    for value, category, order, _ in ranking.classes:
        info[value] = category << 24 | sum(r << (4 * i) for i, r in enumerate(order))
    if ranking.qualifier:
        info[ranking.worst] = (len(ranking.categories) - 1) << 24  # "No Low": no cards
    return info


def omaha_low(ranking: Ranking) -> List[int]:
    """[hole_mask * 256 + board_mask] over the low digits: best value of two hole ranks and three other
    board ranks, or worst (no low). Subset-minimum passes keep it to a few hundred thousand steps."""
    value_of = {}
    for value, _, order, _ in ranking.classes:
        value_of[sum(1 << ranking.digits.index(r) for r in order)] = value
    size, none = 1 << LOW_DIGITS, ranking.worst
    table = [none] * (size * size)
    for pair in (a | b for a, b in combinations([1 << d for d in range(LOW_DIGITS)], 2)):
        best_with = [none] * size  # best over board triples inside the mask, disjoint from the pair
        for triple in (a | b | c for a, b, c in combinations([1 << d for d in range(LOW_DIGITS)], 3)):
            if not triple & pair:
                best_with[triple] = value_of[pair | triple]
        for d in range(LOW_DIGITS):  # superset pass: a board also offers every triple it contains
            for mask in range(size):
                if mask >> d & 1:
                    best_with[mask] = min(best_with[mask], best_with[mask ^ 1 << d])
        for board in range(size):
            table[pair * size + board] = best_with[board]
    for d in range(LOW_DIGITS):  # and a hole offers every pair it contains
        for hole in range(size):
            if hole >> d & 1:
                row, sub = hole * size, (hole ^ 1 << d) * size
                for board in range(size):
                    if table[sub + board] < table[row + board]:
                        table[row + board] = table[sub + board]
    return table


# ---- C sources ------------------------------------------------------------------------------------------

def _static(definition: str) -> str:
    """Arrays are private to their file: only the ph_game_def and ph_game_hash structs are extern."""
    return definition.replace("\nconst ", "\nstatic const ", 1)


def _source(what: str, body: List[str], holdem: bool = False) -> str:
    """holdem: the file refers to hold'em tables (core_c/src/common/tables.h) instead of repeating them."""
    includes = '#include "game_tables.h"\n' + ('#include "tables.h"\n' if holdem else "")
    return banner(what) + includes + "\n" + "\n".join(body)


def _agrees(own: Sequence[int], shared: Sequence[int], read: Sequence[bool]) -> bool:
    """Whether a shared table holds this table's values wherever a lookup can read them."""
    return len(own) <= len(shared) and all(o == s for o, s, r in zip(own, shared, read) if r)


def hash_source(hashes: Dict[int, RankHash]):
    """The games' hashes share the groups they have in common with hold'em's quinary hash (ph_qhash_g2 and g3,
    written to 16 bits for both): the same lexicographic shares, summed to nine cards there and to seven here.
    Only the first group, which also carries the block bases and the cards left, is their own."""
    _, g2, g3 = quinary.grouped_tables()
    body, sizes = [], []
    for n, h in sorted(hashes.items()):
        first, middle, last = h.tables()
        digit_sum = [sum(digits) for _, digits in h.patterns(h.g2)]
        assert _agrees(last, g3, [s <= max(BLOCK_KS) for s in digit_sum]), f"{n} digits: last group != ph_qhash_g3"
        body += [
            _static(c_array("uint32_t", f"hash{n}_first", first,
                            f"{n} digits: block base + position share of digits 0-3 by (k - 5, pattern),"
                            " remaining cards << 24", per_line=8)),
            _static(c_array("uint64_t", f"hash{n}_digit_keys", [h.digit_key(d) for d in range(n)],
                            f"{n} digits: per digit, the key of one card of it", per_line=4)),
        ]
        size = 4 * len(first) + 8 * n
        if len(h.g1):
            middle_sum = [sum(digits) for _, digits in h.patterns(h.g1)]
            read = [s <= left for left in range(max(BLOCK_KS) + 1) for s in middle_sum]
            assert _agrees(middle, g2, read), f"{n} digits: middle group != ph_qhash_g2"
            middle_name = "ph_qhash_g2"
        else:
            middle_name = f"hash{n}_middle"
            body.append(_static(c_array("uint16_t", middle_name, middle,
                                        f"{n} digits: no middle group, one zero per remaining count")))
            size += 2 * len(middle)
        body.append(
            f"const ph_game_hash ph_game_hash{n} = {{\n    .first = hash{n}_first, .middle = {middle_name},"
            f" .last = ph_qhash_g3, .digit_keys = hash{n}_digit_keys,\n"
            f"    .first_span = {5 ** len(h.g0)}, .middle_span = {5 ** len(h.g1)},\n}};\n")
        sizes.append((f"hash of {n} digits", size))
    return ("games_hash_tables.c",
            _source("Rank-multiset hash of the other games' evaluator (its later groups are hold'em's).", body,
                    holdem=True), sizes)


def reordering(base: Ranking, variant: Ranking) -> List[int]:
    """[base value] -> the variant's value of the same five-card class: a variant with the base's classes in
    another order (Triton's short deck)."""
    value_of = {(order, suited): value for value, _, order, suited in variant.classes}
    assert len(value_of) == len(base.classes) == len(variant.classes), f"{variant.name} has other classes"
    perm = [0] * (base.worst + 1)
    for value, _, order, suited in base.classes:
        perm[value] = value_of[(order, suited)]
    return perm


class TableSet:
    """What the rankings of one table set share, and how each reads it.

    The dense blocks hold codes: the base ranking's values, plus one more code for each multiset whose best
    values in the variants are not the base's best reordered (short deck: seven cards holding a straight and
    three of a kind), one per distinct set of values. A ranking reads a code up to its `direct` as its value
    and a larger one through its remap. A qualifier variant reads the base's values cut at its qualifier."""

    def __init__(self, base: Ranking, variants: List[Ranking], hash_: RankHash):
        self.base, self.hash = base, hash_
        self.reorders = [v for v in variants if not v.qualifier]
        self.perm = {r.name: reordering(base, r) for r in self.reorders}
        plains = [best_plain(r, hash_) for r in [base] + self.reorders]
        extra: Dict[Tuple[int, ...], int] = {}  # (base value, each reorder's value) -> its code
        self.codes: List[int] = []
        for best in zip(*plains):
            if all(self.perm[r.name][best[0]] == v for r, v in zip(self.reorders, best[1:])):
                self.codes.append(best[0])
            else:
                self.codes.append(extra.setdefault(best, base.worst + 1 + len(extra)))
        self.extra = sorted(extra, key=lambda best: extra[best])
        self.flush = best_flush(base, hash_.n) if base.flush_mode != NO_FLUSH else None
        for ranking, plain in zip([base] + self.reorders, plains):
            direct, values = self.direct(ranking), self.values(ranking)
            read = [code if code <= direct else values[code] for code in self.codes]  # as ph_game_read reads
            assert read == plain, f"{ranking.name}: codes misread"
            if self.flush is not None:  # ph_game_value takes the better of a code and a flush before reading
                assert best_flush(ranking, hash_.n) == self.flush, f"{ranking.name}: flushes of its own"
                assert max(self.flush) <= direct, f"{ranking.name}: a flush value past direct"
                assert all(v > max(self.flush) for v in values[direct + 1:]), f"{ranking.name}: a remapped value beats a flush"

    def values(self, ranking: Ranking) -> List[int]:
        """[code] -> this ranking's value, codes 0..last."""
        if ranking.qualifier or ranking is self.base:
            return list(range(self.base.worst + 1)) + [e[0] for e in self.extra]
        i = self.reorders.index(ranking) + 1
        return self.perm[ranking.name] + [e[i] for e in self.extra]

    def direct(self, ranking: Ranking) -> int:
        """The last code read as it stands (every code: 65535); a qualifier variant's is its qualifier (codes
        past it read as "no low")."""
        if ranking.qualifier:
            assert self.direct(self.base) == 0xFFFF, f"{ranking.name}: a qualifier cannot cut remapped codes"
            return ranking.qualifier
        values = self.values(ranking)
        same = next((c for c, v in enumerate(values) if c != v), len(values)) - 1
        return 0xFFFF if same == len(values) - 1 else same


def shared_arrays(table_set: TableSet):
    """The arrays every ranking of one table set uses: card keys and bits, dense blocks, flushes."""
    ranking, hash_ = table_set.base, table_set.hash
    keys, bits = [0] * 52, [POISON_BIT] * 52
    for card in range(52):
        rank, suit = divmod(card, 4)
        if rank in ranking.digits:
            digit = ranking.digits.index(rank)
            keys[card] = hash_.digit_key(digit) + (1 << (SUIT_SHIFT + 4 * suit))
            bits[card] = 1 << (16 * suit + digit)
    plain = table_set.codes
    six = hash_.bases[6]
    body = [
        f"#define PLAIN_ENTRIES (PH_GAME_SIX_CARD_BLOCKS ? {len(plain)} : {six})\n",
        _static(c_array("uint64_t", "keys", keys,
                        "per card id: one base-5 digit in its group's lane, one in its suit's counter (bits 48..63)",
                        per_line=4)),
    ]
    size = 8 * 52 + 2 * len(plain)
    bits_name = "bits"
    if bits == [card_bit(c) for c in range(52)]:  # digits are ranks: hold'em's card bits
        bits_name = "ph_card_bits"
    else:
        body.append(_static(c_array("uint64_t", "bits", bits,
                                    "per card id: 1 << (16 * suit + digit); a card outside the deck sets bit 63",
                                    per_line=4)))
        size += 8 * 52
    body.append(_static(c_array("uint16_t", "plain", plain,
                                "code of the best hand of each rank multiset, suits ignored: blocks for k = 5, 7, 6"
                                " by hash position", optional_tail=(six, "PH_GAME_SIX_CARD_BLOCKS", "PLAIN_ENTRIES"))))
    if table_set.flush is not None:
        body.append(_static(c_array("uint16_t", "flush", table_set.flush,
                                    "per one-suit digit mask: best suited value of five of its ranks"
                                    " (0: fewer than five)")))
        size += 2 * len(table_set.flush)
    info = value_info(ranking)
    body.append(_static(c_array("uint32_t", f"{ranking.name}_info", info,
                                "per value: category << 24 | ranks in order of importance, 4 bits each (first lowest)",
                                per_line=8)))
    size += 4 * len(info)
    return body, size, bits_name


def split_omaha_low(table: List[int]) -> Tuple[List[int], List[int]]:
    """The Omaha low table in two steps (PH_GAME_LOW_SPLIT): the two masks' low digits pick a row, the row
    holds the values by their high digits. Rows repeat (the best low rarely needs the high ranks), so each
    is written once."""
    size, low, high = 1 << LOW_DIGITS, 1 << LOW_SPLIT, 1 << (LOW_DIGITS - LOW_SPLIT)
    rows: Dict[Tuple[int, ...], int] = {}
    row_of = []
    for hole_low in range(low):
        for board_low in range(low):
            row = tuple(table[(hole_high * low + hole_low) * size + board_high * low + board_low]
                        for hole_high in range(high) for board_high in range(high))
            row_of.append(rows.setdefault(row, len(rows)))
    assert len(rows) <= 256, "Omaha low rows outgrew their 8-bit index"
    return row_of, [v for row in sorted(rows, key=lambda row: rows[row]) for v in row]


def omaha_low_as_read(row_of: List[int], values: List[int], hole: int, board: int) -> int:
    """ph_game_omaha_low's reading of the split table."""
    low, high_digits = 1 << LOW_SPLIT, LOW_DIGITS - LOW_SPLIT
    row = row_of[hole % low * low + board % low]
    return values[row << 2 * high_digits | (hole >> LOW_SPLIT) << high_digits | board >> LOW_SPLIT]


def definition(ranking: Ranking, table_set: TableSet, bits_name: str):
    """A ranking's own arrays (remaps, category names, the Omaha low table) and its ph_game_def."""
    base, n = table_set.base, table_set.hash.n
    name = ranking.name
    body = [f"static const char *const {name}_categories[] = {{\n    "
            + ",\n    ".join(f'"{c}"' for c in ranking.categories) + ",\n};\n"]
    size = 0
    direct, values = table_set.direct(ranking), table_set.values(ranking)
    remap = unmap = category_of = omaha = rows = "0"
    if direct != 0xFFFF and not ranking.qualifier:
        remap = f"{name}_remap"
        body.append(_static(c_array("uint16_t", remap, values[direct + 1:],
                                    f"codes {direct + 1}.. of the dense blocks: their value in this ranking")))
        size += 2 * (len(values) - direct - 1)
    base_info, info = value_info(base), value_info(ranking)
    inverse = category_map = None
    if ranking in table_set.reorders:
        perm = table_set.perm[name]
        inverse = [0] * (ranking.worst + 1)
        for value in range(1, base.worst + 1):
            inverse[perm[value]] = value
        categories = {base_info[v] >> 24: info[perm[v]] >> 24 for v in range(1, base.worst + 1)}
        category_map = [categories[c] for c in range(len(categories))]
        unmap, category_of = f"{name}_unmap", f"{name}_category_of"
        body += [_static(c_array("uint16_t", unmap, inverse, "per value: the base ranking's value of its class")),
                 _static(c_array("uint8_t", category_of, category_map,
                                 "the base ranking's category index -> this ranking's"))]
        size += 2 * len(inverse) + len(category_map)
    read = [_info_as_read(ranking, base_info, inverse, category_map, v) for v in range(1, ranking.worst + 1)]
    assert read == info[1:], f"{name}: value info misread"
    if ranking.qualifier:
        table = omaha_low(ranking)
        row_of, row_values = split_omaha_low(table)
        assert all(omaha_low_as_read(row_of, row_values, i >> LOW_DIGITS, i & 0xFF) == v
                   for i, v in enumerate(table)), f"{name}: Omaha low table misread"
        omaha, rows = f"{name}_omaha_row", f"{name}_omaha_values"
        body += [_static(c_array("uint8_t", omaha, row_of,
                                 f"Omaha: row of values by (hole, board) low-digit masks' low {LOW_SPLIT} digits",
                                 per_line=32)),
                 _static(c_array("uint8_t", rows, row_values,
                                 "Omaha: best qualifying low per row, by the masks' high digits (hole, board)",
                                 per_line=1 << 2 * (LOW_DIGITS - LOW_SPLIT)))]
        size += len(row_of) + len(row_values)
    deck = sum(1 << c for c in range(52) if c // 4 in ranking.digits)
    flush_mode = base.flush_mode
    fields = [
        f'.name = "{name}", .deck_name = "{ranking.deck_name or "the deck"}", .deck = UINT64_C(0x{deck:013x}),',
        f".flush_mode = {flush_mode}, .digits = {n}, .worst = {ranking.worst}, .qualifier = {ranking.qualifier},",
        f".keys = keys, .bits = {bits_name}, .plain = plain," + (" .flush = flush," if flush_mode != NO_FLUSH else "")
        + f" .hash = &ph_game_hash{n},",
        f".direct = {direct}," + (f" .remap = {remap}," if remap != "0" else ""),
        f".info = {base.name}_info," + (f" .unmap = {unmap}, .category_of = {category_of}," if unmap != "0" else ""),
        f".categories = {name}_categories, .category_count = {len(ranking.categories)},",
    ]
    if omaha != "0":
        fields.append(f".omaha_low = {omaha}, .omaha_low_values = {rows},")
    body.append(f"const ph_game_def ph_game_{name} = {{\n" + "".join(f"    {f}\n" for f in fields) + "};\n")
    return body, size


def _info_as_read(ranking: Ranking, info: List[int], unmap, category_of, value: int) -> int:
    """ph_game_info's reading of a value's info."""
    if ranking.qualifier and value > ranking.qualifier:
        return (len(ranking.categories) - 1) << 24
    if unmap is None:
        return info[value]
    entry = info[unmap[value]]
    return category_of[entry >> 24] << 24 | entry & 0xFFFFFF


def table_set_source(base: Ranking, variants: List[Ranking], hash_: RankHash):
    """One file per table set: the arrays its rankings share, then each ranking's own and its definition."""
    table_set = TableSet(base, variants, hash_)
    body, shared, bits_name = shared_arrays(table_set)
    sizes = []
    for ranking in [base] + variants:
        more, size = definition(ranking, table_set, bits_name)
        body += more
        sizes.append((ranking.name, size + (shared if ranking is base else 0)))
    titles = "; ".join(f"{r.title}: values 1..{r.worst}" for r in [base] + variants)
    text = _source(f"Tables of {titles} (lower is better).", body, holdem=bits_name != "bits")
    return f"games_{base.name}_tables.c", text, sizes


def all_sources():
    rankings = all_rankings()
    hashes = {n: RankHash(n) for n in sorted({len(r.digits) for r in rankings})}
    sources = [hash_source(hashes)]
    for base in (r for r in rankings if r.shares_tables_with is None):
        variants = [r for r in rankings if r.shares_tables_with == base.name]
        sources.append(table_set_source(base, variants, hashes[len(base.digits)]))
    return sources
