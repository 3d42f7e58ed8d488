"""`card in deck`: a card given as an id, a Card, numpy integer or text is found; anything that is not one
card (a list, two cards, a float, a bool, an id outside the deck, unknown text) is in no deck."""

import numpy as np
import pytest

import pokerhash as ph


@pytest.mark.parametrize("thing", [[1], ["As"], (51,), {51}, "As Ks", 51.0, True, 52, -1, "Zz", None, b"As"])
def test_only_one_card_can_be_in_a_deck(thing):
    assert thing not in ph.Deck()


@pytest.mark.parametrize("card", [51, "As", ph.Card("As"), np.int64(51), "A♠"])
def test_a_card_as_id_card_or_text_is_in_a_full_deck(card):
    deck = ph.Deck(seed=1)
    assert card in deck
    deck.remove("As")
    assert card not in deck
