"""category(), describe() and value_ranks() for every one of the 7,462 values, against the oracle's
classes, plus the documented example strings."""

import pytest

import pokerhash
from pokerhash import Category

import oracle

KNOWN = {
    "As Ks Qs Js Ts": "Royal Flush",
    "5d 4d 3d 2d Ad": "Five-High Straight Flush",
    "9h 8h 7h 6h 5h 2c": "Nine-High Straight Flush",
    "Ac Ad Ah As 2c": "Four Aces",
    "9c 9d 9h 4s 4c": "Nines Full over Fours",
    "4c 4d 4h 9s 9c": "Fours Full over Nines",
    "Ah Jh 8h 4h 2h": "Ace-High Flush",
    "Tc 9d 8h 7s 6c": "Ten-High Straight",
    "Ac 2d 3h 4s 5c": "Five-High Straight",
    "Ac Kd Qh Js Tc": "Ace-High Straight",
    "7c 7d 7h Ks 2c": "Three Sevens",
    "Ac Ad Kh Ks 2c": "Aces and Kings",
    "3c 3d 2h 2s Ac": "Threes and Twos",
    "Jc Jd 9h 5s 2c": "Pair of Jacks",
    "6c 6d 9h 5s 2c": "Pair of Sixes",
    "Ac Qd 9h 5s 2c": "Ace-High",
    "7c 5d 4h 3s 2c": "Seven-High",
}


@pytest.mark.parametrize("text", sorted(KNOWN))
def test_known_descriptions(text):
    assert pokerhash.describe(pokerhash.evaluate(text)) == KNOWN[text]


def test_category_enum():
    assert [c.name for c in Category] == [
        "ROYAL_FLUSH", "STRAIGHT_FLUSH", "FOUR_OF_A_KIND", "FULL_HOUSE", "FLUSH", "STRAIGHT",
        "THREE_OF_A_KIND", "TWO_PAIR", "ONE_PAIR", "HIGH_CARD"]
    assert [int(c) for c in Category] == list(range(10))


def test_category_of_every_value():
    bad = [v for v in range(1, 7463) if pokerhash.category(v) != oracle.category_of_value(v)]
    assert not bad, bad[:10]


def test_value_ranks_of_every_value():
    # Ranks in importance order. A wheel is a five-high straight, so its ranks are 5-4-3-2-A: the ace
    # plays low and comes last (and describe() must say "Five-High").
    bad = [(v, pokerhash.value_ranks(v), oracle.ranks_of_value(v)) for v in range(1, 7463)
           if tuple(pokerhash.value_ranks(v)) != oracle.ranks_of_value(v)]
    assert not bad, bad[:10]


def test_describe_every_value():
    bad = [(v, pokerhash.describe(v), oracle.describe_value(v)) for v in range(1, 7463)
           if pokerhash.describe(v) != oracle.describe_value(v)]
    assert not bad, bad[:10]


def test_descriptions_are_distinct_per_class_where_they_should_be():
    # Straights and straight flushes are fully named by their high card: ten distinct texts each.
    for first, last in ((1, 10), (1600, 1609)):
        texts = [pokerhash.describe(v) for v in range(first, last + 1)]
        assert len(set(texts)) == 10, texts
