"""Regressions of the second Python API audit: each call here once gave a bare exception, ran a job it should
have refused, or lost information."""

import math

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import games


def test_force_must_be_a_bool():
    # "no" would read as true and start a two-hour enumeration
    with pytest.raises(TypeError, match=r"^force must be True or False, got 'no'$"):
        ph.equity(["random"] * 3, exact=True, force="no")
    with pytest.raises(TypeError, match=r"^force must be True or False, got 0$"):
        games.equity(["random"] * 4, game="shortdeck", exact=True, force=0)


def test_a_tiny_stderr_target_runs_to_the_sample_cap():
    r = ph.equity(["AcAd", "KsKh"], stderr=1e-300, samples=20_000, seed=1)  # 1e-300 squared underflows to 0
    assert r.deals == 20_000


def test_weights_past_the_float_range_are_refused_by_name():
    with pytest.raises(ValueError, match=r"^weight must be a finite number >= 0, got 1000"):
        ph.Range([("AsKs", 10**400)])


def test_range_text_keeps_every_weight_bit():
    r = ph.Range([("AsKs", 1 / 3), ("QdQh", 0.1)])
    assert ph.parse_range(str(r)) == r
    assert "AsKs:0.3333333333333333" in str(r)


def test_a_foreign_byte_order_buffer_is_read_by_value():
    row = np.array([51, 47, 43, 39, 35], dtype=">i4")
    assert list(ph.evaluate_batch(memoryview(row), k=5)) == [ph.evaluate([51, 47, 43, 39, 35])]


def test_table_subsets_take_no_bools():
    table = ph.CombinationTable(52, 3, "uint8")
    with pytest.raises(TypeError):
        table.rank([True, 2, 3])
    assert table.rank([1, 2, 3]) == ph.rank_combination([1, 2, 3], 52)


def test_a_numpy_row_is_a_hand_as_the_stubs_say():
    r = ph.equity([np.array([51, 49]), "KK"], board="2c3d4h", exact=True)
    assert r.players[0] == "AsAd"
    assert r.equity == ph.equity(["AsAd", "KK"], board="2c3d4h", exact=True).equity


@pytest.mark.parametrize("board", [b"2c3d4h", b"\x00\x05\x0a", bytearray(b"2c3d4h"), {0: 1, 5: 1, 10: 1}])
def test_boards_of_bytes_or_mappings_are_refused(board):
    with pytest.raises(TypeError, match=r"^board must be card text or a sequence of cards"):
        ph.equity(["AA", "KK"], board=board)
    assert math.isclose(sum(ph.equity(["AA", "KK"], board="2c3d4h").equity), 1.0)
