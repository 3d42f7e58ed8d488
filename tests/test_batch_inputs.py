"""numpy and Python habits: any integer table into evaluate_batch / omaha_evaluate_batch (converted, zero-copy
when already C-contiguous uint8), numpy integers as single cards, and bad rows named in row order.

The plain-Python cases also run in Pyodide (no numpy there); numpy cases skip without it."""

from __future__ import annotations

import array
import itertools
import random

import pytest

import pokerhash
from pokerhash import _batch

import oracle

RNG = random.Random(10)
HANDS7 = [RNG.sample(range(52), 7) for _ in range(300)]
VALUES7 = [oracle.value_of(h) for h in HANDS7]


@pytest.fixture
def np():
    return pytest.importorskip("numpy")


# ---- plain Python (no numpy needed) ------------------------------------------------------------------------

def test_lists_of_rows_give_array_h():
    out = pokerhash.evaluate_batch(HANDS7)
    assert isinstance(out, array.array) and out.typecode == "H" and list(out) == VALUES7
    assert list(pokerhash.evaluate_batch([tuple(h) for h in HANDS7[:5]])) == VALUES7[:5]
    assert list(pokerhash.evaluate_batch([bytes(h) for h in HANDS7[:5]])) == VALUES7[:5]


def test_flat_list_with_k():
    flat = [c for h in HANDS7[:10] for c in h]
    assert list(pokerhash.evaluate_batch(flat, 7)) == VALUES7[:10]
    with pytest.raises(ValueError, match="k is required"):
        pokerhash.evaluate_batch(flat)
    with pytest.raises(ValueError, match="not a multiple of k=7"):
        pokerhash.evaluate_batch(flat[:-1], 7)


def test_list_errors_name_the_row():
    rows = [list(h) for h in HANDS7[:6]]
    rows[4][2] = 52
    with pytest.raises(ValueError, match="^row 4: card id outside 0..51$"):
        pokerhash.evaluate_batch(rows)
    rows[4][2] = -1
    with pytest.raises(ValueError, match="^row 4: card id outside 0..51$"):
        pokerhash.evaluate_batch(rows)
    rows[4][2] = 10 ** 30
    with pytest.raises(ValueError, match="^row 4: card id outside 0..51$"):
        pokerhash.evaluate_batch(rows)
    rows[1][3] = rows[1][0]  # an earlier duplicate is reported first, as the core reads rows in order
    with pytest.raises(ValueError, match="^row 1: duplicate card$"):
        pokerhash.evaluate_batch(rows)


def test_lists_reject_non_integers_and_ragged_rows():
    with pytest.raises(TypeError, match="row 1: card ids must be integers, got float"):
        pokerhash.evaluate_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3, 4.0]])
    with pytest.raises(TypeError, match="row 0: card ids must be integers, got str"):
        pokerhash.evaluate_batch([["As", "Ks", "Qs", "Js", "Ts"]])
    with pytest.raises(ValueError, match="row 2 of cards: expected 5 card ids, got 6 cards"):
        pokerhash.evaluate_batch([[0, 1, 2, 3, 4]] * 2 + [[0, 1, 2, 3, 4, 5]])
    with pytest.raises(ValueError, match="k must be 5 to 9, got 4"):
        pokerhash.evaluate_batch([[0, 1, 2, 3]])
    with pytest.raises(ValueError, match="k=6 does not match"):
        pokerhash.evaluate_batch([[0, 1, 2, 3, 4]], k=6)


def test_ids_with_index_everywhere():
    class Id:  # what numpy integers look like to Python: __index__ and no length
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

    row = [Id(c) for c in HANDS7[0]]
    assert pokerhash.evaluate(*row) == pokerhash.evaluate(row) == VALUES7[0]
    assert list(pokerhash.evaluate_batch([row])) == VALUES7[:1]
    assert pokerhash.comb(Id(52), Id(7)) == 133784560
    assert pokerhash.Card(Id(51)) == pokerhash.Card("As")


def test_single_hand_from_any_sequence():
    assert pokerhash.evaluate(range(47, 52)) == oracle.value_of(list(range(47, 52)))
    assert pokerhash.evaluate(array.array("B", HANDS7[0])) == VALUES7[0]
    with pytest.raises(TypeError):
        pokerhash.evaluate({1: 2, 3: 4, 5: 6, 7: 8, 9: 10})


def test_rows_from_combinations_without_numpy_convert():
    rows = pokerhash.Rows(array.array("B", bytes(c for h in HANDS7[:4] for c in h)), 7)
    assert list(pokerhash.evaluate_batch(rows)) == VALUES7[:4]


# ---- numpy ---------------------------------------------------------------------------------------------------

def test_int64_from_random_choice(np):
    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(200)])
    assert hands.dtype == np.int64
    out = pokerhash.evaluate_batch(hands)
    assert out.dtype == np.uint16 and out.tolist() == [oracle.value_of(h) for h in hands.tolist()]


def test_strided_and_fortran_views(np):
    hands = np.array(HANDS7, dtype=np.int32)
    assert pokerhash.evaluate_batch(hands[:, :5]).tolist() == [oracle.value_of(h[:5]) for h in HANDS7]
    assert pokerhash.evaluate_batch(hands[::3]).tolist() == VALUES7[::3]
    assert pokerhash.evaluate_batch(np.asfortranarray(hands)).tolist() == VALUES7
    assert pokerhash.evaluate_batch(hands.T.copy().T).tolist() == VALUES7  # Fortran-ordered copy


def test_zero_copy_for_c_contiguous_uint8(np):
    hands = np.array(HANDS7, dtype=np.uint8)
    rows, k, count, _ = _batch.card_rows(hands, None, "cards", _batch._hand_width)
    assert rows is hands and (k, count) == (7, len(HANDS7))
    converted, _, _, _ = _batch.card_rows(hands.astype(np.int64), None, "cards", _batch._hand_width)
    assert converted.dtype == np.uint8 and converted.flags.c_contiguous


def test_numpy_bad_ids_name_the_first_bad_row(np):
    for dtype in (np.int64, np.int8, np.uint16, np.uint64):
        hands = np.array(HANDS7[:10], dtype=dtype)
        hands[6, 3] = 52 if dtype != np.int8 else -3
        with pytest.raises(ValueError, match="^row 6: card id outside 0..51$"):
            pokerhash.evaluate_batch(hands)
        hands[2, 1] = hands[2, 0]
        with pytest.raises(ValueError, match="^row 2: duplicate card$"):
            pokerhash.evaluate_batch(hands)
    hands = np.array(HANDS7[:3], dtype=np.int64)
    hands[1, 0] = 256 + hands[1, 0]  # would wrap to a valid id in a plain cast
    with pytest.raises(ValueError, match="^row 1: card id outside 0..51$"):
        pokerhash.evaluate_batch(hands)


def test_numpy_integers_as_single_cards(np):
    row = np.array(HANDS7[0], dtype=np.int64)
    assert pokerhash.evaluate(*row) == pokerhash.evaluate(row) == pokerhash.evaluate(list(row)) == VALUES7[0]
    assert pokerhash.evaluate(*row.astype(np.uint8)) == VALUES7[0]
    assert pokerhash.best_five(row)[0] in pokerhash.parse_cards(row.tolist())
    assert pokerhash.hand_index(row) == pokerhash.rank_combination(sorted(HANDS7[0]), 52)
    with pytest.raises(TypeError):
        pokerhash.evaluate(*row.astype(np.float64))


def test_a_foreign_byte_order_buffer_is_read_by_value(np):
    row = np.array([51, 47, 43, 39, 35], dtype=">i4")
    assert list(pokerhash.evaluate_batch(memoryview(row), k=5)) == [pokerhash.evaluate([51, 47, 43, 39, 35])]


# ---- Omaha -------------------------------------------------------------------------------------------------------

def omaha_oracle(hole, board):
    return min(oracle.value_of(list(h) + list(b))
               for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def omaha_deals(count, hole_len, board_len, seed):
    rng = random.Random(seed)
    deals = [rng.sample(range(52), hole_len + board_len) for _ in range(count)]
    return [d[:hole_len] for d in deals], [d[hole_len:] for d in deals]


@pytest.mark.parametrize("hole_len,board_len", [(4, 3), (4, 5), (5, 4), (6, 5)])
def test_omaha_single_and_batch_agree_with_a_brute_force(hole_len, board_len):
    holes, boards = omaha_deals(60, hole_len, board_len, hole_len * 10 + board_len)
    want = [omaha_oracle(h, b) for h, b in zip(holes, boards)]
    assert [pokerhash.omaha_evaluate(h, b) for h, b in zip(holes, boards)] == want
    assert list(pokerhash.omaha_evaluate_batch(holes, boards)) == want


def test_omaha_batch_with_one_board_and_numpy(np):
    board = "Th Ts 9c 2d 5c"
    ids = pokerhash.parse_cards(board)
    rng = random.Random(4)
    holes = [rng.sample([c for c in range(52) if c not in ids], 4) for _ in range(50)]
    want = [omaha_oracle(h, ids) for h in holes]
    assert list(pokerhash.omaha_evaluate_batch(holes, board)) == want
    assert list(pokerhash.omaha_evaluate_batch(holes, ids)) == want
    out = pokerhash.omaha_evaluate_batch(np.array(holes, dtype=np.int64), np.array(ids))
    assert out.dtype == np.uint16 and out.tolist() == want


def test_omaha_errors():
    with pytest.raises(ValueError, match="an Omaha hole needs 4 to 6 cards, got 3"):
        pokerhash.omaha_evaluate("As Ks Qs", "Ts 9s 2c")
    with pytest.raises(ValueError, match="an Omaha board needs 3 to 5 cards, got 2"):
        pokerhash.omaha_evaluate_batch([[0, 1, 2, 3]], "Ts 9s")
    with pytest.raises(ValueError, match="^row 1: duplicate card$"):
        pokerhash.omaha_evaluate_batch([[0, 1, 2, 3], [4, 5, 6, 40]], [[40, 41, 42], [40, 41, 42]])
    with pytest.raises(ValueError, match="holes and boards must have as many rows, got 2 and 1"):
        pokerhash.omaha_evaluate_batch([[0, 1, 2, 3], [4, 5, 6, 7]], [[40, 41, 42]])
    with pytest.raises(ValueError, match="duplicate card Ts"):
        pokerhash.omaha_evaluate("As Ks Qs Js", "Ts 9s Ts")


# ---- Card formatting -----------------------------------------------------------------------------------------------

def test_card_formats_as_its_name():
    card = pokerhash.Card("Td")
    assert f"{card:>4}" == "  Td" and f"{card:<3}|" == "Td |" and f"{card}" == "Td" and format(card, "s") == "Td"
    assert f"{card:d}" == "33" and f"{card:03d}" == "033" and f"{card:x}" == "21"
    assert "{:^6}".format(card) == "  Td  "
