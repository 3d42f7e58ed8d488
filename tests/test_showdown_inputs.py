"""winners() and compare() read their input as equity() does: None is no board, a wrong board is named in the
same words, a wrong hand by its place counted from 1, and every sequence of cards (arrays, buffers, ranges) is a hand."""

import numpy as np
import pytest

import pokerhash as ph


def test_winners_reads_none_as_no_board():
    assert ph.winners(["As Ks Qs Js Ts", "Ah Kh Qh Jh 9h"], None) == [0]
    assert ph.winners(["As Ks Qs Js Ts", "Ah Kh Qh Jh 9h"], board=None) == [0]
    assert ph.compare("As Ks Qs Js Ts", "Ah Kh Qh Jh 9h", None) == 1
    with pytest.raises(ValueError, match=r"^hand 1 plays 2 \+ 0 board cards = 2; a hand needs 5 to 9 cards$"):
        ph.winners(["AsKs", "QdQh"], None)


@pytest.mark.parametrize("board, message", [
    (5, "board must be card text or a sequence of cards, got int 5"),  # not the one-card board 3c
    (3.0, "board must be card text or a sequence of cards, got float 3.0"),
    (b"AsKs", "board must be card text or a sequence of cards, got bytes b'AsKs'"),
    ({}, "board must be card text or a sequence of cards, got dict {}"),
    (["As", {}], "board: cards must be card names (str), card ids (int) or a sequence of them"),
])
def test_winners_names_a_wrong_board_as_equity_does(board, message):
    for call in (lambda: ph.winners(["AsKs", "QdQh"], board), lambda: ph.compare("AsKs", "QdQh", board),
                 lambda: ph.equity(["AsKs", "QdQh"], board=board)):
        with pytest.raises(TypeError) as info:
            call()
        assert str(info.value) == message


@pytest.mark.parametrize("hand, error, message", [
    (5, TypeError, "hand 2 must be card text or a sequence of cards, got int 5"),
    ({}, TypeError, "hand 2 must be card text or a sequence of cards, got dict {}"),
    (None, TypeError, "hand 2 must be card text or a sequence of cards, got NoneType None"),
    (["Qd", 3.0], TypeError, "hand 2: cards must be card names (str), card ids (int) or a sequence of them"),
    ("QdXx", ValueError, "hand 2: unknown card 'Xx'"),
    ([5, 99], ValueError, "hand 2: card id 99 outside 0..51"),
    ("QdQd", ValueError, "hand 2: duplicate card Qd"),
])
def test_winners_names_the_hand_that_is_wrong(hand, error, message):
    with pytest.raises(error) as info:
        ph.winners(["AsKs", hand], "Ah 7d 2c")
    assert type(info.value) is error and str(info.value) == message


def test_winners_still_takes_every_sequence_of_cards():
    board = memoryview(bytes([0, 4, 9]))  # 2c 3c 4d: a row of ids, as parse_cards takes one
    assert ph.winners([np.array([51, 47], dtype=np.uint8), memoryview(bytes([42, 43])), (iter_ids := range(1, 3))],
                      board) == ph.winners(["AsKs", "QhQs", list(iter_ids)], "2c 3c 4d")
