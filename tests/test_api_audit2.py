"""Regressions of the third Python API audit: each call here once gave Python's or numpy's own exception
instead of ours, took an argument it should have refused, answered a question wrongly, or echoed a huge text.

The calls that reach the binding (_core) are also in tests/web/core_cases.py, which runs them on the native
binding, on its Python twin (_wasm_core.py) and inside Pyodide, and requires the same outcome from each.
"""

import decimal
import fractions
import re

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import games


# ---- 1. a lone surrogate is an unknown card, not a codec error -----------------------------------------


@pytest.mark.parametrize("call, message", [
    (lambda: ph.evaluate("As\ud800 Ks Qs Js Ts"), r"unknown card '\ud800'"),
    (lambda: ph.Card("A\ud800"), r"unknown card 'A\ud800'"),
    (lambda: ph.parse_cards(["Ks", "\udfff"]), r"unknown card '\udfff'"),
    (lambda: ph.parse_range("A\ud800K"), r"unknown range token 'A\ud800K'"),
    (lambda: ph.parse_range("AK, QQ:1\ud800"), r"bad weight '1\ud800' in range token 'QQ:1\ud800'"),
])
def test_a_lone_surrogate_is_named_like_any_unknown_text(call, message):
    with pytest.raises(ValueError) as info:
        call()
    assert type(info.value) is ValueError and str(info.value) == message
    str(info.value).encode("utf-8")  # the message itself holds no surrogate: it can be printed and logged


# ---- 2. bools are no counts; shuffle= is a bool -----------------------------------------------------------


def test_quinary_hash_takes_no_bools():
    with pytest.raises(TypeError, match=r"^q must hold integers, got True$"):
        ph.quinary_hash([True] + [0] * 12, 1)
    with pytest.raises(TypeError, match=r"^k must be an integer, got True$"):
        ph.quinary_hash([1] + [0] * 12, True)
    assert ph.quinary_hash([1] + [0] * 12, 1) == ph.quinary_hash([np.int64(1)] + [0] * 12, np.int8(1))


@pytest.mark.parametrize("shuffle", [1, 0, "no", None, 1.0])
def test_deck_shuffle_must_be_true_or_false(shuffle):
    with pytest.raises(TypeError, match=r"^shuffle must be True or False, got "):
        ph.Deck(shuffle=shuffle)


def test_deck_shuffle_takes_bools_and_numpy_bools():
    assert ph.Deck(shuffle=np.False_).deal(2) == ph.Deck(shuffle=False).deal(2) == [0, 1]
    assert len(ph.Deck(seed=3, shuffle=np.True_)) == 52


# ---- 3. only a card is in a deck ----------------------------------------------------------------------------


@pytest.mark.parametrize("thing", [[1], ["As"], (51,), {51}, "As Ks", 51.0, True, 52, -1, "Zz", None, b"As"])
def test_only_one_card_can_be_in_a_deck(thing):
    assert thing not in ph.Deck()


@pytest.mark.parametrize("card", [51, "As", ph.Card("As"), np.int64(51), "A♠"])
def test_a_card_as_id_card_or_text_is_in_a_full_deck(card):
    deck = ph.Deck(seed=1)
    assert card in deck
    deck.remove("As")
    assert card not in deck


# ---- 4. a Decimal weight is a number ------------------------------------------------------------------------


def test_a_decimal_weight_reads_as_a_float_does():
    for weight in (decimal.Decimal("0.25"), fractions.Fraction(1, 4), 0.25, np.float32(0.25)):
        assert ph.Range([("As Ks", weight)]).id_combos() == [((47, 51), 0.25)]
    assert len(ph.Range([("As Ks", decimal.Decimal(0))])) == 0  # weight 0 removes the combo, as 0.0 does


@pytest.mark.parametrize("weight", ["NaN", "sNaN", "Infinity", "-1", "1e400"])
def test_a_bad_decimal_weight_is_named_as_a_weight(weight):
    with pytest.raises(ValueError, match=r"^weight must be a finite number >= 0, got Decimal\('.*'\) in range "
                                         r"token 'As Ks'$"):
        ph.Range([("As Ks", decimal.Decimal(weight))])


# ---- 5. table item access names the table's size ------------------------------------------------------------


@pytest.mark.parametrize("rank, shown", [(10**30, ">= 2**64"), (-10**30, "<= -2**64"), (1326, "1326"),
                                         (-1327, "-1327"), (np.uint64(2**64 - 1), "18446744073709551615")])
def test_a_rank_outside_the_table_is_an_index_error_naming_its_size(rank, shown):
    table = ph.CombinationTable(52, 2)
    message = rf"^rank {re.escape(shown)} outside this table of 1326 slots \(0\.\.1325, or -1326\.\.-1 from the end\)$"
    with pytest.raises(IndexError, match=message):
        table[rank]
    with pytest.raises(IndexError, match=message):
        table[rank] = 1


def test_table_ranks_in_range_still_index_from_either_end():
    table = ph.CombinationTable(52, 2)
    table[-1] = 7
    assert table[1325] == 7 and table[np.int16(-1)] == 7 and table["As Ah"] == 7


@pytest.mark.parametrize("key", [None, 1.5, np.float64(2.0), Ellipsis])
def test_a_key_of_no_kind_is_a_type_error_naming_the_table(key):
    with pytest.raises(TypeError, match=r"^a key of this table of 1326 slots is a rank, a slice, or a subset"):
        ph.CombinationTable(52, 2)[key]


# ---- 6. str() of a hand-built, empty EquityResult -----------------------------------------------------------


def test_an_empty_result_prints():
    text = str(ph.EquityResult((), (), (), (), (), 0, True))
    assert text.splitlines()[-1] == "exact: 0 deals, preflop (0.00 s)"
    empty = games.GameEquityResult("omaha_hilo8", (), (), (), (), (), (), (), (), (), (), 0, 0, False, seed=5)
    assert str(empty).splitlines()[-1] == "omaha_hilo8 Monte Carlo: 0 samples, seed 5, preflop (0.00 s)"


# ---- 7. a game's range has the game's hand sizes ------------------------------------------------------------


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


# ---- 8. echoed text is cut to 40 characters and its length ----------------------------------------------------


def _message(call) -> str:
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


def test_a_huge_bad_card_text_gives_a_short_message():
    message = _message(lambda: ph.evaluate("X" * 10_000_000))
    assert message == f"unknown card '{'X' * 40}…' (10,000,000 characters)"


def test_a_huge_bad_range_token_gives_a_short_message():
    message = _message(lambda: ph.parse_range("AK, " + "Q" * 10_000_000))
    assert message == f"unknown range token '{'Q' * 40}…' (10,000,000 characters)"
    weight = _message(lambda: ph.parse_range("AK:" + "7" * 99 + "x"))
    assert weight == f"bad weight '{'7' * 40}…' (100 characters) in range token 'AK:{'7' * 37}…' (103 characters)"


def test_text_of_40_characters_is_shown_whole_and_control_characters_escaped():
    assert _message(lambda: ph.parse_cards("X" * 40)) == f"unknown card '{'X' * 40}'"
    assert _message(lambda: ph.parse_range("A" * 40)) == f"unknown range token '{'A' * 40}'"
    assert _message(lambda: ph.evaluate("As Ks Qs Js T\x00")) == r"unknown card 'T\x00'"
    assert _message(lambda: ph.parse_range("A\x7fK")) == r"unknown range token 'A\x7fK'"
    # characters, not bytes: 41 suit symbols (3 bytes each) are cut after 40 of them
    assert _message(lambda: ph.parse_cards("♠" * 41)) == f"unknown card '{'♠' * 40}…' (41 characters)"
    assert _message(lambda: ph.parse_range("♠" * 41)) == f"unknown range token '{'♠' * 40}…' (41 characters)"


def test_an_unknown_card_is_named_up_to_the_parsers_own_separators():
    for separator in " ,;\t\r\n":
        assert _message(lambda: ph.evaluate(f"As Ks Qx{separator}Js Ts")) == "unknown card 'Qx'"
    assert _message(lambda: ph.evaluate("As Ks Qx")) == "unknown card 'Qx'"


def test_python_layer_messages_cut_echoed_text_too():
    message = _message(lambda: ph.Card("As" + " " * 1000 + "Ks"))
    assert message == f"expected one card, got 2 in 'As{' ' * 38}…' (1,004 characters)"
    hand = "As Ks" + " " * 1000
    weight = _message(lambda: ph.Range([(hand, -1)]))
    assert weight == f"weight must be a finite number >= 0, got -1 in range token '{hand[:40]}…' (1,005 characters)"


def test_a_huge_int_is_named_by_its_size_not_by_pythons_digit_limit():
    huge = 10**5000  # str() of it raises Python's own "Exceeds the limit (4300 digits)" ValueError
    assert _message(lambda: ph.evaluate([huge, 1, 2, 3, 4])) == "card id an integer of 16,610 bits outside 0..51"
    assert _message(lambda: ph.describe(huge)) == "hand value an integer of 16,610 bits outside 1..7462"
    assert _message(lambda: ph.equity(["AA", "KK"], seed=huge)) == (
        "seed must be an integer 0..2**64-1, got an integer of 16,610 bits")
    assert _message(lambda: ph.evaluate([10**50, 1, 2, 3, 4])) == f"card id 1{'0' * 39}… (51 characters) outside 0..51"


def test_other_echoed_arguments_are_cut_too():
    assert _message(lambda: ph.CombinationTable(52, 2, order="x" * 100)) == (
        f"order must be 'colex' or 'lex', got '{'x' * 40}…' (100 characters)")
    assert _message(lambda: ph.games.info("g" * 10**6)).startswith(f"unknown game '{'g' * 40}…' (1,000,000 characters); games:")


# ---- 9. a positive weight too small for a float is refused, not read as 0 -------------------------------------

TINY = "weight must be 0 or a number that does not round to 0.0 as a float, got "


@pytest.mark.parametrize("weight, shown", [
    (decimal.Decimal("1e-400"), "Decimal('1E-400')"),
    (decimal.Decimal("-1e-400"), "Decimal('-1E-400')"),
    (decimal.Decimal("2e-324"), "Decimal('2E-324')"),  # below half the smallest positive float
])
def test_a_weight_that_rounds_to_zero_is_refused_by_range(weight, shown):
    assert _message(lambda: ph.Range([("As Ks", weight), "QdQh"])) == f"{TINY}{shown} in range token 'As Ks'"


def test_a_fraction_that_rounds_to_zero_is_refused_and_echoed_short():
    message = _message(lambda: ph.Range([("As Ks", fractions.Fraction(1, 10**400))]))
    assert message == f"{TINY}Fraction(1, 1{'0' * 27}… (414 characters) in range token 'As Ks'"
    # the same cut for the other weight message: Fraction(10**400) is past the float range
    assert _message(lambda: ph.Range([("As Ks", fractions.Fraction(10**400))])) == (
        f"weight must be a finite number >= 0, got Fraction(1{'0' * 30}… (414 characters) in range token 'As Ks'")


@pytest.mark.parametrize("text", ["AK:1e-400", "AK:-1e-400", "AK:2e-324", "QQ+, AK:0.000000001e-320"])
def test_a_weight_that_rounds_to_zero_is_refused_by_the_parser(text):
    token = text.split(", ")[-1]
    assert _message(lambda: ph.parse_range(text)) == f"{TINY}'{token.split(':')[1]}' in range token '{token}'"


def test_small_weights_a_float_holds_and_written_zeros_still_work():
    assert ph.Range([("As Ks", decimal.Decimal("3e-324"))]).id_combos() == [((47, 51), 5e-324)]
    assert ph.parse_range("AsKs:3e-324").id_combos() == [((47, 51), 5e-324)]
    assert ph.parse_range("AsKs:1e-320").id_combos() == [((47, 51), 1e-320)]
    for zero in ("0e-400", "0.000", "-0", "00"):
        assert len(ph.parse_range(f"AK:{zero}")) == 0
    assert len(ph.Range([("As Ks", fractions.Fraction(0, 10**400)), ("AdKd", decimal.Decimal("-0E-400"))])) == 0


# ---- 10. winners: None is no board, a wrong board or hand is named --------------------------------------------


def test_winners_reads_none_as_no_board():
    assert ph.winners(["As Ks Qs Js Ts", "Ah Kh Qh Jh 9h"], None) == [0]
    assert ph.winners(["As Ks Qs Js Ts", "Ah Kh Qh Jh 9h"], board=None) == [0]
    assert ph.compare("As Ks Qs Js Ts", "Ah Kh Qh Jh 9h", None) == 1
    with pytest.raises(ValueError, match=r"^hand 0 plays 2 \+ 0 board cards = 2; a hand needs 5 to 9 cards$"):
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
    (5, TypeError, "hand 1 must be card text or a sequence of cards, got int 5"),
    ({}, TypeError, "hand 1 must be card text or a sequence of cards, got dict {}"),
    (None, TypeError, "hand 1 must be card text or a sequence of cards, got NoneType None"),
    (["Qd", 3.0], TypeError, "hand 1: cards must be card names (str), card ids (int) or a sequence of them"),
    ("QdXx", ValueError, "hand 1: unknown card 'Xx'"),
    ([5, 99], ValueError, "hand 1: card id 99 outside 0..51"),
    ("QdQd", ValueError, "hand 1: duplicate card Qd"),
])
def test_winners_names_the_hand_that_is_wrong(hand, error, message):
    with pytest.raises(error) as info:
        ph.winners(["AsKs", hand], "Ah 7d 2c")
    assert type(info.value) is error and str(info.value) == message


def test_winners_still_takes_every_sequence_of_cards():
    board = memoryview(bytes([0, 4, 9]))  # 2c 3c 4d: a row of ids, as parse_cards takes one
    assert ph.winners([np.array([51, 47], dtype=np.uint8), memoryview(bytes([42, 43])), (iter_ids := range(1, 3))],
                      board) == ph.winners(["AsKs", "QhQs", list(iter_ids)], "2c 3c 4d")


def test_numpy_bools_are_flags_for_exact_too():
    # exact had its own bool test, which knew numpy 1's type name (bool_) but not numpy 2's (bool)
    result = ph.equity(["AsAd", "KsKh"], board="2c7d9h", exact=np.True_)
    assert result.exact and result.deals == 990
    with pytest.raises(TypeError, match=r"^exact must be True, False or None, got 'yes'$"):
        ph.equity(["AsAd", "KsKh"], exact="yes")


def test_a_huge_int_inside_an_echoed_value_names_its_type():
    with pytest.raises(TypeError, match=r"^shuffle must be True or False, got a list$"):
        ph.Deck(shuffle=[10**5000])
