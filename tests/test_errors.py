"""Bad input: the right exception type with the documented message (docs/design/python-binding.md), never a
crash. Batch and buffer errors are in test_batch_buffers.py."""

import re

import pytest

import pokerhash

TYPE_MSG = "cards must be card names (str), card ids (int) or a sequence of them"


def raises(exc, message):
    return pytest.raises(exc, match=re.escape(message))


@pytest.mark.parametrize("cards, message", [
    ("As Ks Qs Js Xx", "unknown card 'Xx'"),
    ("As Ks Qs Js 1s", "unknown card '1s'"),
    ("As Ks Qs Js T", "unknown card 'T'"),
    (["As", "Ks", "Qs", "Js", "Zz"], "unknown card 'Zz'"),
    ("As Ks Qs Js As", "duplicate card As"),
    ([51, 50, 49, 48, 51], "duplicate card As"),
    (["As", "Ks", "Qs", "Js", 51], "duplicate card As"),
    ("As Ks Qs Js", "a hand needs 5 to 9 cards, got 4"),
    ("", "a hand needs 5 to 9 cards, got 0"),
    ([], "a hand needs 5 to 9 cards, got 0"),
    ("As Ks Qs Js Ts 9s 8s 7s 6s 5s", "a hand needs 5 to 9 cards, got 10"),
    (list(range(20)), "a hand needs 5 to 9 cards, got 20"),
    ([51, 50, 49, 48, 52], "card id 52 outside 0..51"),
    ([51, 50, 49, 48, 255], "card id 255 outside 0..51"),
    ([51, 50, 49, 48, -1], "card id -1 outside 0..51"),
    ([51, 50, 49, 48, 2**70], f"card id {2**70} outside 0..51"),
])
def test_evaluate_bad_hands(cards, message):
    with raises(ValueError, message):
        pokerhash.evaluate(cards)


def test_separate_args_errors():
    with raises(ValueError, "a hand needs 5 to 9 cards, got 0"):
        pokerhash.evaluate()
    with raises(ValueError, "card id 60 outside 0..51"):
        pokerhash.evaluate(0, 1, 2, 3, 60)
    with raises(ValueError, "duplicate card 2c"):
        pokerhash.evaluate(0, 1, 2, 3, 0)


@pytest.mark.parametrize("cards", [None, 1.5, [0, 1, 2, 3, 4.0], [0, 1, 2, 3, None], b"\x00\x01\x02\x03\x04",
                                   {0, 1, 2, 3, 4}, [[0, 1], 2, 3, 4, 5]])
def test_evaluate_wrong_types(cards):
    with raises(TypeError, TYPE_MSG):
        pokerhash.evaluate(cards)


@pytest.mark.parametrize("fn", [pokerhash.best_five, pokerhash.parse_cards, pokerhash.hand_index])
def test_other_card_functions_share_messages(fn):
    with raises(ValueError, "unknown card 'Xx'"):
        fn("As Xx")
    with raises(ValueError, "duplicate card Kd"):
        fn("Kd Qd Kd")
    with raises(ValueError, "card id 52 outside 0..51"):
        fn([1, 52])
    with raises(TypeError, TYPE_MSG):
        fn(None)


def test_best_five_count():
    with raises(ValueError, "a hand needs 5 to 9 cards, got 4"):
        pokerhash.best_five("As Ks Qs Js")
    with raises(ValueError, "a hand needs 5 to 9 cards, got 10"):
        pokerhash.best_five(list(range(10)))


def test_hand_index_count():
    with pytest.raises(ValueError, match="1 to 7 cards, got 0"):
        pokerhash.hand_index([])
    with pytest.raises(ValueError, match="1 to 7 cards, got 8"):
        pokerhash.hand_index(list(range(8)))


@pytest.mark.parametrize("value", [0, -1, 7463, 10**6])
@pytest.mark.parametrize("fn", [pokerhash.category, pokerhash.describe, pokerhash.value_ranks])
def test_value_out_of_range(fn, value):
    with raises(ValueError, f"hand value {value} outside 1..7462"):
        fn(value)


@pytest.mark.parametrize("fn", [pokerhash.category, pokerhash.describe])
def test_value_wrong_type(fn):
    with pytest.raises(TypeError):
        fn("1")


# ---- combinatorics ----------------------------------------------------------------------------------

def test_n_too_large():
    with raises(ValueError, "n must be 0..64, got 65"):
        pokerhash.rank_combination([1, 2], 65)
    with raises(ValueError, "n must be 0..64, got 65"):
        pokerhash.unrank_combination(0, 2, 65)
    with raises(ValueError, "n must be 0..64, got 65"):
        pokerhash.combinations(65, 2)
    with raises(ValueError, "n must be 0..64, got 100"):
        pokerhash.combination_masks(100, 2)


def test_k_larger_than_n():
    with raises(ValueError, "k must be 0..n, got 8 for n=7"):
        pokerhash.rank_combination(range(8), 7)
    with raises(ValueError, "k must be 0..n, got 8 for n=7"):
        pokerhash.unrank_combination(0, 8, 7)
    with raises(ValueError, "k must be 0..n, got 8 for n=7"):
        pokerhash.combinations(7, 8)
    with raises(ValueError, "k must be 0..n, got 8 for n=7"):
        pokerhash.combination_masks(7, 8)


def test_items_out_of_range_or_repeated():
    with raises(ValueError, "item 9 outside 0..n-1 for n=9"):
        pokerhash.rank_combination([1, 9], 9)
    with raises(ValueError, "item 64 outside 0..n-1 for n=64"):
        pokerhash.rank_combination([64], 64, order="lex")
    with raises(ValueError, "duplicate item 3"):
        pokerhash.rank_combination([3, 1, 3], 9)
    with pytest.raises(ValueError, match="item -1"):
        pokerhash.rank_combination([-1, 2], 9)


def test_index_and_range_out_of_bounds():
    with raises(ValueError, "index 35 outside 0..C(7,3)-1 = 0..34"):
        pokerhash.unrank_combination(35, 3, 7)
    with raises(ValueError, "index 35 outside 0..C(7,3)-1 = 0..34"):
        pokerhash.unrank_combination(35, 3, 7, order="lex")
    with pytest.raises(ValueError, match="index"):
        pokerhash.unrank_combination(-1, 3, 7)
    with raises(ValueError, "range 30..40 outside 0..C(7,3) = 35"):
        pokerhash.combinations(7, 3, 30, 40)
    with raises(ValueError, "range 30..40 outside 0..C(7,3) = 35"):
        pokerhash.combination_masks(7, 3, 30, 40)
    with raises(ValueError, "range 20..10 outside 0..C(7,3) = 35"):
        pokerhash.combinations(7, 3, 20, 10)
    with raises(ValueError, "range 0..2598961 outside 0..C(52,5) = 2598960"):
        pokerhash.value_histogram(5, 0, 2598961)


def test_bad_order():
    with raises(ValueError, "order must be 'colex' or 'lex', got 'foo'"):
        pokerhash.rank_combination([1, 2], 5, order="foo")
    with pytest.raises(ValueError, match="order must be 'colex' or 'lex'"):
        pokerhash.unrank_combination(0, 2, 5, order=None)


@pytest.mark.parametrize("k", [0, 4, 10, -1])
def test_value_histogram_k(k):
    with raises(ValueError, f"k must be 5 to 9, got {k}"):
        pokerhash.value_histogram(k)


def test_masks_need_k_at_least_one():
    with pytest.raises(ValueError, match="k must be 1..n"):
        pokerhash.combination_masks(7, 0)
