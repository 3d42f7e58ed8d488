"""Adversarial input to the public Python API (issue 13, item 12): unicode text, huge and negative ints,
numpy scalars, odd buffers (strided, wrong dtype, 0-d, non-contiguous), malformed ranges, extreme weights.
Whatever comes in, only the documented exceptions come out (ValueError, TypeError): never a crash, an
OverflowError, a SystemError, a MemoryError or an IndexError. Bounded: a few hundred examples in all."""

import math
import operator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pokerhash as ph
from pokerhash import games

np = pytest.importorskip("numpy")
DOCUMENTED = (ValueError, TypeError)
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

huge_ints = st.one_of(st.integers(-2 ** 70, 2 ** 70), st.sampled_from([2 ** 63, 2 ** 64, -2 ** 63 - 1, 2 ** 128]))
numpy_ints = st.sampled_from([np.int8, np.uint8, np.int64, np.uint64]).flatmap(
    lambda t: st.integers(int(np.iinfo(t).min), int(np.iinfo(t).max)).map(t))
oddities = st.sampled_from([True, None, 1.5, float("nan"), "7", b"As", [], {}, np.bool_(True), np.float64(3),
                            np.array(3), np.array([1, 2]), object()])
numbers = st.one_of(huge_ints, numpy_ints, oddities, st.integers(-3, 60))
small_numpy = st.sampled_from([np.int8, np.uint8]).flatmap(
    lambda t: st.integers(int(np.iinfo(t).min), int(np.iinfo(t).max)).map(t))
# samples=: a valid count costs time in proportion (10**9 is minutes), so valid counts stay small here;
# the refused ones (0, negative, past the 10**12 cap, past 64 bits, not integers) are all kept
sample_counts = st.one_of(st.integers(-3, 3000), small_numpy, oddities,
                          st.sampled_from([10 ** 12 + 1, 2 ** 63, 2 ** 64, -2 ** 63 - 1, 2 ** 128, -2 ** 70,
                                           np.int64(-2 ** 63), np.uint64(2 ** 64 - 1), np.int64(10 ** 12 + 1)]))
# rank range ends: small enough that a valid range stays cheap, plus the extremes
ends = st.one_of(st.integers(-3, 300), small_numpy, oddities, st.sampled_from([2 ** 63, 2 ** 64, -2 ** 63 - 1, 2 ** 128]))
card_text = st.one_of(st.text(max_size=12),
                      st.lists(st.sampled_from(list("AKQJT98765432cdhs♠♥♦♣♤ ️︎,10\x00")), max_size=14).map("".join))
cards = st.one_of(card_text, st.lists(st.one_of(numbers, card_text), max_size=9), numbers)


def shaped_buffer(draw_kind, k):
    base = np.arange(52, dtype=np.uint8)[:(k * 2)] if k <= 26 else np.zeros(4, np.uint8)
    return {
        "strided": lambda: np.arange(60, dtype=np.uint8)[::2][: 2 * k].reshape(2, k),
        "wrong dtype": lambda: base.astype(np.float32),
        "0-d": lambda: np.array(5, dtype=np.uint8),
        "transposed": lambda: np.arange(14, dtype=np.uint8).reshape(7, 2).T,
        "int64": lambda: base.astype(np.int64),
        "empty": lambda: np.zeros((0, 7), np.uint8),
        "3-d": lambda: np.zeros((1, 1, 7), np.uint8),
    }[draw_kind]()


def only_documented(call, also=()):
    try:
        call()
    except DOCUMENTED + also:
        pass


@QUICK
@given(cards)
def test_card_parsing(value):
    only_documented(lambda: ph.evaluate(value))
    only_documented(lambda: ph.parse_cards(value))
    only_documented(lambda: ph.Card(value))
    only_documented(lambda: ph.hand_index(value))


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(numbers, numbers, ends, ends)
def test_counts_and_ranks(n, k, start, stop):
    only_documented(lambda: ph.comb(n, k), also=(OverflowError,))  # documented: C(n, k) past 64 bits
    if stop is not None or not big_but_valid(n, k):  # stop=None means all rows: up to half the memory, valid
        only_documented(lambda: ph.combinations(n, k, start, stop))
        only_documented(lambda: ph.combination_masks(n, k, start, stop))
    only_documented(lambda: ph.unrank_combination(start, k, n))
    only_documented(lambda: ph.value_histogram(k, start, start))
    only_documented(lambda: ph.describe(n))
    if not big_but_valid(n, k):  # a real table of up to half the memory would be allocated
        only_documented(lambda: ph.CombinationTable(n, k))


def big_but_valid(n, k):
    """Whether C(n, k) rows is a valid request too big for a quick test (numpy integers count as ints)."""
    try:
        n, k = operator.index(n), operator.index(k)
    except TypeError:
        return False
    return not isinstance(n, bool) and 0 <= k <= n and (n > 4096 or math.comb(n, k) > 10 ** 6)


@QUICK
@given(st.sampled_from(["strided", "wrong dtype", "0-d", "transposed", "int64", "empty", "3-d"]), numbers)
def test_odd_buffers(kind, k):
    only_documented(lambda: ph.evaluate_batch(shaped_buffer(kind, 7)))
    only_documented(lambda: ph.evaluate_batch(shaped_buffer(kind, 7), k))


range_text = st.one_of(st.text(max_size=20), st.lists(st.sampled_from(
    ["QQ+", "AKs", "A5s-A2s", ":", "0.5", "1e308", "1e-320", "nan", "-1", "inf", ",", " ", "KK-", "+", "72o",
     "AhKh", "XX", "random", "2♠"]), max_size=6).map(" ".join))


@QUICK
@given(range_text, st.one_of(st.just(None), cards), sample_counts, st.sampled_from([None, True, False, "no", 1]))
def test_equity(text, board, samples, exact):
    only_documented(lambda: ph.parse_range(text))
    only_documented(lambda: ph.equity([text, "KK"], board=board, samples=samples if exact is not True else None,
                                      exact=exact, seed=1))


@QUICK
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True), min_size=2, max_size=2), sample_counts)
def test_extreme_weights_and_game_equity(weights, samples):
    only_documented(lambda: ph.equity([ph.Range([((51, 50), weights[0])]), ph.Range([((47, 46), weights[1])])],
                                      board="2c3d4h5s"))
    only_documented(lambda: ph.equity([ph.Range([((51, 50), weights[0]), ((49, 48), weights[1])]), "KK"],
                                      samples=100, seed=1))
    only_documented(lambda: games.equity(["AA", "KK"], game="shortdeck", samples=samples, seed=1))
