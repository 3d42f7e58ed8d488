"""Card and parse_cards: ids, names, symbols, the accepted text forms."""

import pytest

import pokerhash
from pokerhash import Card

import oracle


def test_card_ids_and_names_round_trip():
    for card in range(52):
        name = oracle.card_name(card)
        c = Card(name)
        assert c == card and isinstance(c, int) and isinstance(c, Card)
        assert str(c) == name
        assert Card(card) == card and str(Card(card)) == name
        assert c.rank == card // 4 and c.suit == card % 4


def test_id_convention():
    assert Card("2c") == 0 and Card("2d") == 1 and Card("2h") == 2 and Card("2s") == 3
    assert Card("3c") == 4 and Card("As") == 51 and Card("Td") == 33


def test_alternative_spellings():
    assert Card("as") == Card("AS") == Card("A♠") == 51
    assert Card("10h") == Card("Th")
    assert [str(c) for c in pokerhash.parse_cards("2♣ 3♦ 4♥ 5♠")] == ["2c", "3d", "4h", "5s"]


def test_card_is_usable_as_int():
    c = Card("As")
    assert c + 0 == 51 and hash(c) == hash(51) and c == 51
    assert repr(c) == "Card('As')"


def test_parse_cards_forms():
    expected = [51, 42, 0]
    for form in ("As Qh 2c", "AsQh2c", "As,Qh,2c", "As, Qh, 2c", ["As", "Qh", "2c"], ("As", 42, 0),
                 [51, 42, 0]):
        got = pokerhash.parse_cards(form)
        assert got == expected, form
        assert all(isinstance(c, Card) for c in got)
    assert pokerhash.parse_cards("") == []


def test_parse_cards_keeps_order():
    assert [str(c) for c in pokerhash.parse_cards("2c As 7d")] == ["2c", "As", "7d"]


def test_bad_cards():
    with pytest.raises(ValueError, match="unknown card 'Xx'"):
        Card("Xx")
    with pytest.raises(ValueError, match="card id 52 outside 0..51"):
        Card(52)
    with pytest.raises(ValueError, match="card id -1 outside 0..51"):
        Card(-1)
    with pytest.raises(ValueError, match="duplicate card As"):
        pokerhash.parse_cards("As Kd As")
    with pytest.raises(ValueError, match="unknown card '1s'"):
        pokerhash.parse_cards("As 1s")
