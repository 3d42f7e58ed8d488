"""Messages echo what they were given readably and briefly: a lone surrogate is an unknown card or token like
any other text (not a codec error), text past 40 characters is cut and its length given (in C and in Python),
and a huge int is named by its size, never by Python's digit-limit error.

The calls that reach the binding (_core) are also in tests/web/core_cases.py, which runs them on the native
binding, on its Python twin (_wasm_core.py) and inside Pyodide, and requires the same outcome from each.
"""

import pytest

import pokerhash as ph


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


def test_a_huge_int_inside_an_echoed_value_names_its_type():
    with pytest.raises(TypeError, match=r"^shuffle must be True or False, got a list$"):
        ph.Deck(shuffle=[10**5000])
