"""Random 5..9 card hands against the oracle: big seeded numpy batches, plus a smaller pure-Python run
through evaluate() itself (this part also runs inside Pyodide)."""

import random

import pytest

import oracle
import pokerhash


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9])
def test_random_batches_match_oracle(k):
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(1000 + k)
    # Each row: the first k of a random permutation of the deck, so cards are distinct and unsorted.
    hands = np.argsort(rng.random((40_000, 52)), axis=1)[:, :k].astype(np.uint8)
    expected = oracle.values_array(hands)
    got = pokerhash.evaluate_batch(hands)
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, [(" ".join(oracle.card_name(c) for c in hands[i]), int(got[i]), int(expected[i]))
                           for i in bad[:5]]


@pytest.mark.parametrize("k", [6, 7, 8, 9])
def test_random_batches_rich_in_flushes(k):
    # Uniform hands rarely hold flushes beside full houses or quads; draw from 26 cards (two suits)
    # so those collisions, and straight flushes, are common.
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(2000 + k)
    pool = np.array([c for c in range(52) if c % 4 in (1, 3)], dtype=np.uint8)
    hands = pool[np.argsort(rng.random((20_000, 26)), axis=1)[:, :k]]
    assert (pokerhash.evaluate_batch(hands) == oracle.values_array(hands)).all()


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9])
def test_random_hands_one_by_one(k):
    rng = random.Random(k)
    for _ in range(300):
        hand = rng.sample(range(52), k)
        value = oracle.value_of(hand)
        assert pokerhash.evaluate(hand) == value, hand
        assert pokerhash.evaluate(*hand) == value
        assert pokerhash.evaluate(" ".join(oracle.card_name(c) for c in hand)) == value
