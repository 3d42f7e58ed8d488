"""A game's ranges have the game's hand sizes: Omaha games refuse two-card range text and read Omaha combos;
hold'em games keep two-card notation."""

import pytest

from pokerhash import games


@pytest.mark.parametrize("text", ["AA", "QQ+, AKs", "random", "AsKs"])
def test_an_omaha_game_refuses_two_card_ranges(text):
    with pytest.raises(ValueError, match=r"^omaha_hilo8 hands have 4 to 6 cards, got 2$"):
        games.parse_range(text, game="omaha_hilo8")


def test_an_omaha_game_reads_omaha_combos():
    r = games.parse_range("AhAd2c3d, AsAc2d3d:0.5", game="omaha_hilo8")
    assert [len(c) for c, _ in r.id_combos()] == [4, 4] and r.weighted
    assert len(games.parse_range("AA:0", game="omaha_hilo8")) == 0  # nothing left that could be the wrong size
    assert len(games.parse_range("AA", game="shortdeck")) == 6  # hold'em games keep two-card notation
    with pytest.raises(ValueError, match=r"^player 1: omaha_hilo8 hands have 4 to 6 cards, got 2$"):
        games.equity(["AA", "AhAd2c3d"], game="omaha_hilo8")  # equity's wording is unchanged
