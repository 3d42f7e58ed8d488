"""comb, rank/unrank, combinations, combination_masks, hand_index and quinary_hash against brute force
(itertools, math.comb, sorting). Property tests with hypothesis are in test_combinatorics_properties.py."""

import itertools
import math
import random

import pytest

import pokerhash


def colex_rank(items):
    """Colex rank from the combinatorial number system: sum of C(c_i, i+1) over the ascending items."""
    return sum(math.comb(c, i + 1) for i, c in enumerate(sorted(items)))


def lex_rank(items, n):
    """Lex rank by counting the subsets that come before it, position by position."""
    rank, prev = 0, -1
    items = sorted(items)
    k = len(items)
    for i, a in enumerate(items):
        for smaller in range(prev + 1, a):
            rank += math.comb(n - 1 - smaller, k - 1 - i)
        prev = a
    return rank


def colex_order(n, k):
    """All k-subsets of range(n), sorted by the numeric value of their bit masks."""
    return sorted(itertools.combinations(range(n), k), key=lambda s: sum(1 << i for i in s))


def rows(array_2d):
    return [tuple(r) for r in array_2d.tolist()]


# ---- seed vectors -------------------------------------------------------------------------------------

def test_seed_vectors():
    assert pokerhash.rank_combination([12, 11, 10, 9, 8], 13) == 1286
    assert pokerhash.rank_combination([12, 11, 10, 9, 8], 13, order="colex") == 1286
    assert pokerhash.rank_combination([5, 10, 15, 20, 25, 30, 35], 52, order="lex") == 75_352_208
    assert pokerhash.unrank_combination(75_352_208, 7, 52, order="lex") == (5, 10, 15, 20, 25, 30, 35)
    # 4C2 in colex: 0011 0101 0110 1001 1010 1100 -> binary 1010 (items {1, 3}) is at position 4
    assert pokerhash.rank_combination([1, 3], 4) == 4
    assert pokerhash.unrank_combination(4, 2, 4) == (1, 3)
    assert rows(pokerhash.combinations(4, 2)) == [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)]


def test_reference_formulas_agree_with_itertools():
    # The two helpers above are the references for large n, so check them first where brute force works.
    for n in range(0, 11):
        for k in range(0, n + 1):
            for i, s in enumerate(itertools.combinations(range(n), k)):
                assert lex_rank(s, n) == i
            for i, s in enumerate(colex_order(n, k)):
                assert colex_rank(s) == i


# ---- comb ---------------------------------------------------------------------------------------------

def test_comb_small_n_all_k():
    for n in range(0, 65):
        for k in range(0, n + 3):
            assert pokerhash.comb(n, k) == math.comb(n, k), (n, k)


def test_comb_beyond_64_fits_or_overflows():
    for n in list(range(65, 140)) + [200, 1000, 10_000, 100_000]:
        for k in list(range(0, 12)) + [n // 2, n - 3, n - 1, n, n + 1]:
            exact = math.comb(n, k)
            if exact < 2**64:
                assert pokerhash.comb(n, k) == exact, (n, k)
            else:
                with pytest.raises(OverflowError, match=rf"C\({n},{k}\) does not fit in 64 bits"):
                    pokerhash.comb(n, k)


def test_comb_at_the_64_bit_boundary():
    assert pokerhash.comb(67, 33) == 14_226_520_737_620_288_370  # the largest central C that fits
    with pytest.raises(OverflowError, match=r"C\(68,34\) does not fit in 64 bits"):
        pokerhash.comb(68, 34)
    with pytest.raises(OverflowError, match=r"C\(100,50\) does not fit in 64 bits"):
        pokerhash.comb(100, 50)


def test_comb_huge_n_small_k():
    # Results that fit in 64 bits must be returned even when n itself is past 32 bits.
    for n, k in ((2**32, 0), (2**32, 1), (2**32 + 5, 2), (2**40, 1), (2**64 - 1, 1), (2**64 - 1, 0)):
        assert pokerhash.comb(n, k) == math.comb(n, k), (n, k)


def test_comb_rejects_negative():
    with pytest.raises((ValueError, OverflowError), match="n"):
        pokerhash.comb(-1, 2)
    with pytest.raises((ValueError, OverflowError), match="k"):
        pokerhash.comb(5, -1)


# ---- rank / unrank -------------------------------------------------------------------------------------

@pytest.mark.parametrize("order", ["colex", "lex"])
def test_rank_unrank_exhaustive_small_n(order):
    for n in range(0, 13):
        for k in range(0, n + 1):
            subsets = list(itertools.combinations(range(n), k)) if order == "lex" else colex_order(n, k)
            for i, s in enumerate(subsets):
                assert pokerhash.rank_combination(s, n, order=order) == i
                assert pokerhash.unrank_combination(i, k, n, order=order) == s


def test_rank_ignores_item_order():
    assert pokerhash.rank_combination([8, 9, 12, 10, 11], 13) == 1286
    assert pokerhash.rank_combination((35, 5, 30, 10, 25, 15, 20), 52, "lex") == 75_352_208


def test_empty_and_full_subsets():
    for n in (0, 1, 5, 64):
        assert pokerhash.rank_combination([], n) == 0
        assert pokerhash.unrank_combination(0, 0, n) == ()
        assert pokerhash.rank_combination(range(n), n, "lex") == 0
        assert pokerhash.unrank_combination(0, n, n) == tuple(range(n))


def test_rank_unrank_n64_extremes():
    for order, rank in (("colex", colex_rank), ("lex", lambda s: lex_rank(s, 64))):
        for k in (1, 2, 7, 31, 32, 33, 63):
            total = math.comb(64, k)
            for index in (0, 1, total // 3, total - 2, total - 1):
                s = pokerhash.unrank_combination(index, k, 64, order)
                assert rank(s) == index and pokerhash.rank_combination(s, 64, order) == index


# ---- combinations / combination_masks --------------------------------------------------------------

def test_combinations_full_small():
    for n in range(1, 11):
        for k in range(1, n + 1):
            assert rows(pokerhash.combinations(n, k)) == colex_order(n, k)
            masks = [int(m) for m in pokerhash.combination_masks(n, k)]
            assert masks == [sum(1 << i for i in s) for s in colex_order(n, k)]


def test_combination_slices_agree_with_unrank():
    rng = random.Random(3)
    for n, k in ((52, 5), (52, 7), (52, 9), (64, 32), (64, 1), (64, 63), (20, 10), (13, 5)):
        total = math.comb(n, k)
        for _ in range(3):
            start = rng.randrange(total)
            stop = min(total, start + rng.randrange(1, 300))
            got = rows(pokerhash.combinations(n, k, start, stop))
            assert got == [pokerhash.unrank_combination(i, k, n) for i in range(start, stop)]
            masks = [int(m) for m in pokerhash.combination_masks(n, k, start, stop)]
            assert masks == [sum(1 << i for i in s) for s in got]
        assert rows(pokerhash.combinations(n, k, total - 1)) == [tuple(range(n - k, n))]
        assert len(pokerhash.combinations(n, k, 5, 5)) == 0


def test_combinations_empty_range_and_k0():
    # Zero rows (start == stop) and zero columns (k = 0: one empty subset) are valid shapes, with or
    # without numpy (without it the result is a 2-D memoryview).
    assert len(pokerhash.combinations(7, 3, 4, 4)) == 0
    assert len(pokerhash.combinations(7, 3, 35)) == 0
    assert rows(pokerhash.combinations(5, 0)) == [()]
    assert rows(pokerhash.combinations(0, 0)) == [()]
    assert len(pokerhash.combination_masks(7, 3, 4, 4)) == 0


def test_masks_use_all_64_bits():
    assert [int(m) for m in pokerhash.combination_masks(64, 1, 62)] == [2**62, 2**63]
    assert [int(m) for m in pokerhash.combination_masks(64, 64)] == [2**64 - 1]


# ---- hand_index ------------------------------------------------------------------------------------

def test_hand_index_is_colex_rank():
    rng = random.Random(11)
    for k in range(1, 8):
        for _ in range(2000 if k == 7 else 300):
            hand = rng.sample(range(52), k)
            expected = colex_rank(hand)
            assert pokerhash.hand_index(hand) == expected, hand
            assert pokerhash.hand_index(" ".join(str(pokerhash.Card(c)) for c in hand)) == expected
            assert pokerhash.rank_combination(hand, 52) == expected
    assert pokerhash.hand_index("2c 2d 2h 2s 3c 3d 3h") == 0
    top7 = [45, 46, 47, 48, 49, 50, 51]
    assert pokerhash.hand_index(top7) == math.comb(52, 7) - 1
    assert pokerhash.hand_index(*top7) == math.comb(52, 7) - 1


def test_hand_index_extremes_per_size():
    for k in range(1, 8):
        assert pokerhash.hand_index(list(range(k))) == 0
        assert pokerhash.hand_index(list(range(52 - k, 52))) == math.comb(52, k) - 1


# ---- quinary_hash ----------------------------------------------------------------------------------

def quinaries(digits, total):
    """All `digits`-long base-5 digit tuples with the given digit sum, in lexicographic order."""
    if digits == 0:
        if total == 0:
            yield ()
        return
    for d in range(min(4, total) + 1):
        for rest in quinaries(digits - 1, total - d):
            yield (d,) + rest


@pytest.mark.parametrize("k", range(10))
def test_quinary_hash_is_lexicographic_position(k):
    all_q = list(quinaries(13, k))
    assert all_q == sorted(all_q)  # the generator really is in lexicographic order
    got = [pokerhash.quinary_hash(q, k) for q in all_q]
    assert got == list(range(len(all_q)))


def test_quinary_hash_of_hands():
    # Exact positions at the ends of the order, and list/tuple arguments giving the same answer.
    assert pokerhash.quinary_hash([0] * 13, 0) == 0
    assert pokerhash.quinary_hash([0] * 12 + [4], 4) == 0
    assert pokerhash.quinary_hash([4] + [0] * 12, 4) == len(list(quinaries(13, 4))) - 1
    assert pokerhash.quinary_hash(tuple([1] * 5 + [0] * 8), 5) == pokerhash.quinary_hash([1] * 5 + [0] * 8, 5)


@pytest.mark.parametrize("q, k", [([0] * 12, 0), ([0] * 14, 0), ([5] + [0] * 12, 5),
                                  ([1] * 13, 9), ([1] * 5 + [0] * 8, 4), ([2] * 5 + [0] * 8, 10)])
def test_quinary_hash_rejects(q, k):
    with pytest.raises(ValueError, match="q must be 13 digits 0..4 summing to k"):
        pokerhash.quinary_hash(q, k)
