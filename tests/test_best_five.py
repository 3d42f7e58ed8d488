"""best_five on random hands: the five returned are from the hand, make its value, come in importance
order, and among equal choices are the highest cards (as documented in pokerhash.h)."""

import itertools
import random

import pytest

import pokerhash

import oracle


def random_hands(k, count=150):
    rng = random.Random(500 + k)
    return [rng.sample(range(52), k) for _ in range(count)]


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9])
def test_best_five_choice(k):
    for hand in random_hands(k):
        value = oracle.value_of(hand)
        five = pokerhash.best_five(hand)
        assert pokerhash.evaluate(five) == value
        assert set(five) <= set(hand)
        # Of all five-card subsets worth the hand's value, the one whose cards are highest
        # (compared as bit masks: highest card first, then the next).
        best = max((s for s in itertools.combinations(hand, 5) if oracle.value_of(s) == value),
                   key=lambda s: sum(1 << c for c in s))
        assert set(five) == set(best), (hand, five, best)


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9])
def test_best_five_importance_order(k):
    bad = []
    for hand in random_hands(k):
        five = pokerhash.best_five(hand)
        if tuple(c.rank for c in five) != oracle.ranks_of_value(oracle.value_of(hand)):
            bad.append((" ".join(map(str, pokerhash.parse_cards(hand))), " ".join(map(str, five))))
    assert not bad, bad[:5]


def test_best_five_examples():
    assert [str(c) for c in pokerhash.best_five("2c 9c 9d 9h 4s 4c Ah")] == ["9h", "9d", "9c", "4s", "4c"]
    assert [str(c) for c in pokerhash.best_five("As Ks Qs Js Ts 2c 3d")] == ["As", "Ks", "Qs", "Js", "Ts"]
    # two equal flushes available: the highest cards win the tie
    five = pokerhash.best_five("Ah Kh Qh Jh 9h 7h 2c")
    assert [str(c) for c in five] == ["Ah", "Kh", "Qh", "Jh", "9h"]


def test_best_five_wheel_puts_the_ace_last():
    # a wheel is five-high: the ace plays low and comes last
    assert [str(c) for c in pokerhash.best_five("Ad 2c 3h 4s 5d Kc")] == ["5d", "4s", "3h", "2c", "Ad"]
