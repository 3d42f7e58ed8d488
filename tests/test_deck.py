"""Deck: seeded shuffles are reproducible, dealing and removing keep every card exactly once."""

import random

import pytest

from pokerhash import Card, Deck


def test_full_deck_holds_every_card_once():
    deck = Deck(seed=3)
    assert len(deck) == 52 and sorted(deck) == list(range(52)) and all(isinstance(c, Card) for c in deck)


def test_same_seed_same_deal_other_seed_other_deal():
    assert Deck(seed=42).deal(52) == Deck(seed=42).deal(52)
    assert Deck(seed=42).deal(52) != Deck(seed=43).deal(52)
    assert Deck(shuffle=False).deal(52) == list(range(52))


def test_the_seeded_order_is_documented():
    # The documented rule: ids in order, known cards out, then random.Random(seed).shuffle. Python keeps
    # that shuffle stable across versions, so a seed deals the same cards everywhere (Pyodide too).
    for seed in (0, 2024, 2**70):
        expected = [c for c in range(52) if c not in (51, 49)]
        random.Random(seed).shuffle(expected)
        assert Deck(seed=seed, remove="As Ad").deal(50) == expected


def test_deal_and_remove():
    deck = Deck(seed=1, remove="As Ad")
    assert len(deck) == 50 and "As" not in deck and Card("Ks") in deck
    hand = deck.deal(2)
    board = deck.deal(5)
    assert len(deck) == 43 and not set(hand) & set(board) and not set(hand + board) & set(deck)
    deck.remove(deck.cards[-1], deck.cards[0])
    assert len(deck) == 41
    with pytest.raises(ValueError, match=f"card {hand[0]} is not in the deck"):
        deck.remove(hand[0])
    with pytest.raises(ValueError, match="cannot deal 42 cards, 41 left"):
        deck.deal(42)
    with pytest.raises(ValueError, match="negative"):
        deck.deal(-1)
    with pytest.raises(TypeError):
        deck.deal(1.5)
    assert deck.deal(0) == [] and len(deck.deal(41)) == 41 and len(deck) == 0


def test_shuffle_continues_the_seeded_stream():
    a, b = Deck(seed=5), Deck(seed=5)
    a.deal(10), b.deal(10)
    a.shuffle(), b.shuffle()
    assert a.cards == b.cards and len(a) == 42


def test_bad_input():
    with pytest.raises(TypeError, match="seed must be an int or None"):
        Deck(seed="x")
    with pytest.raises(ValueError, match="duplicate card As"):
        Deck(remove="As As")
    with pytest.raises(ValueError, match="unknown card 'Zz'"):
        Deck(remove="Zz")
    assert "Zz" not in Deck() and 99 not in Deck()
