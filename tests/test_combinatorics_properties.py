"""Hypothesis property tests: rank and unrank are inverse bijections onto 0..C(n,k)-1 for any n <= 64,
in both orders, and agree with independent rank formulas (themselves checked against itertools in
test_combinatorics.py)."""

import math

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings, strategies as st  # noqa: E402

import pokerhash  # noqa: E402
from test_combinatorics import colex_rank, lex_rank  # noqa: E402

ORDERS = st.sampled_from(["colex", "lex"])


@st.composite
def subsets(draw):
    n = draw(st.integers(0, 64))
    items = draw(st.sets(st.integers(0, n - 1), max_size=n)) if n else set()
    return n, sorted(items)


@st.composite
def indexes(draw):
    n = draw(st.integers(0, 64))
    k = draw(st.integers(0, n))
    return n, k, draw(st.integers(0, math.comb(n, k) - 1))


@settings(max_examples=3000, deadline=None)
@given(subsets(), ORDERS, st.randoms(use_true_random=False))
def test_rank_then_unrank(subset, order, rnd):
    n, items = subset
    shuffled = list(items)
    rnd.shuffle(shuffled)
    rank = pokerhash.rank_combination(shuffled, n, order=order)
    expected = colex_rank(items) if order == "colex" else lex_rank(items, n)
    assert rank == expected
    assert 0 <= rank < math.comb(n, len(items))
    assert pokerhash.unrank_combination(rank, len(items), n, order=order) == tuple(items)


@settings(max_examples=3000, deadline=None)
@given(indexes(), ORDERS)
def test_unrank_then_rank(case, order):
    n, k, index = case
    items = pokerhash.unrank_combination(index, k, n, order=order)
    assert len(items) == k and list(items) == sorted(set(items)) and all(0 <= i < n for i in items)
    assert pokerhash.rank_combination(items, n, order=order) == index


@settings(max_examples=1000, deadline=None)
@given(indexes())
def test_colex_is_mask_order(case):
    # Consecutive colex ranks have increasing masks: the defining property of colex order.
    n, k, index = case
    if index + 1 < math.comb(n, k):
        a = pokerhash.unrank_combination(index, k, n)
        b = pokerhash.unrank_combination(index + 1, k, n)
        assert sum(1 << i for i in a) < sum(1 << i for i in b)


@settings(max_examples=1000, deadline=None)
@given(indexes())
def test_lex_is_tuple_order(case):
    n, k, index = case
    if index + 1 < math.comb(n, k):
        a = pokerhash.unrank_combination(index, k, n, order="lex")
        b = pokerhash.unrank_combination(index + 1, k, n, order="lex")
        assert a < b


@settings(max_examples=500, deadline=None)
@given(indexes(), st.integers(1, 50))
def test_combinations_rows_are_unranks(case, length):
    n, k, start = case
    if k == 0:
        return
    stop = min(math.comb(n, k), start + length)
    got = [tuple(r) for r in pokerhash.combinations(n, k, start, stop).tolist()]
    assert got == [pokerhash.unrank_combination(i, k, n) for i in range(start, stop)]
