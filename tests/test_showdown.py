"""winners() and compare(): hold'em, stud-size hands and Omaha, against the independent oracle."""

import itertools
import random

import pytest

import pokerhash

import oracle


def oracle_value(hand, board, omaha):
    if omaha:
        return min(oracle.value_of(list(h) + list(b))
                   for h in itertools.combinations(hand, 2) for b in itertools.combinations(board, 3))
    return oracle.value_of(list(hand) + list(board))


@pytest.mark.parametrize("players,hole,board_len", [(2, 2, 5), (6, 2, 5), (9, 2, 3), (3, 4, 5), (4, 5, 4),
                                                    (3, 6, 5), (4, 7, 0), (2, 5, 0)])
def test_winners_match_the_oracle(players, hole, board_len):
    rng = random.Random(players * 100 + hole * 10 + board_len)
    split_pots = 0
    for _ in range(150 if hole == 2 else 50):  # the Omaha oracle tries up to 150 five-card hands per hand
        deal = rng.sample(range(52), players * hole + board_len)
        hands = [deal[i * hole:(i + 1) * hole] for i in range(players)]
        board = deal[players * hole:]
        omaha = 4 <= hole <= 6 and board_len >= 3
        values = [oracle_value(h, board, omaha) for h in hands]
        want = [i for i, v in enumerate(values) if v == min(values)]
        assert pokerhash.winners(hands, board) == want
        split_pots += len(want) > 1
        if players == 2:
            assert pokerhash.compare(hands[0], hands[1], board) == (values[0] < values[1]) - (values[0] > values[1])
    if hole == 2 and board_len == 5:
        assert split_pots, "no split pot in the sample: the tie path went untested"


def test_text_and_ties():
    assert pokerhash.winners(["AsKd", "AhKc", "2c3d"], "Qs Js Ts 4h 8c") == [0, 1]
    assert pokerhash.winners(["2c2d"], "As Ks Qs Js 9h") == [0]
    assert pokerhash.compare("As Ks Qs Js Ts", "Ah Kh Qh Jh Th") == 0


def test_omaha_rule_and_override():
    hands, board = ["AhKhQhJh", "8s8h4c5c"], "Th 2c 3d 7s 9c"
    assert pokerhash.winners(hands, board) == [1]  # Omaha: Ah Kh + T 9 7 is only ace-high; 8 8 + T 9 7 a pair
    assert pokerhash.winners(hands, board, omaha=False) == [0]  # all cards: Ah Kh Qh Jh Th, a royal flush
    with pytest.raises(ValueError, match="Omaha needs 4 to 6 cards per hand"):
        pokerhash.winners(["AsKs", "QdQh"], "2c 3d 4h", omaha=True)


def test_errors():
    with pytest.raises(ValueError, match="card Ks is in hand 2 and the board"):
        pokerhash.winners(["AsAd", "KsKh"], "Ks 7d 2c")
    with pytest.raises(ValueError, match="card Ad is in hand 3 and hand 1"):
        pokerhash.winners(["AsAd", "KsKh", "AdQc"], "2s 7d 2c")
    with pytest.raises(ValueError, match="a showdown needs at least one hand"):
        pokerhash.winners([], "Ks 7d 2c")
    with pytest.raises(ValueError, match="hand 1 plays 2 \\+ 0 board cards = 2; a hand needs 5 to 9 cards"):
        pokerhash.winners(["AsAd", "KsKh"])
    with pytest.raises(ValueError, match="the board has at most 5 cards, got 6"):
        pokerhash.winners(["AsAd"], "2c 3c 4c 5c 6c 7c")
    with pytest.raises(TypeError, match="hands must be a list of hands"):
        pokerhash.winners("AsAd KsKh", "2c 3c 4c 5c 6c")
