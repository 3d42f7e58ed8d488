"""equity() input at its edges: a numpy row is a hand (as the stubs say), boards of bytes or mappings are
refused, a stderr target too small to square runs to the sample cap, and a hand-built empty result prints."""

import math

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import games


def test_a_numpy_row_is_a_hand_as_the_stubs_say():
    r = ph.equity([np.array([51, 49]), "KK"], board="2c3d4h", exact=True)
    assert r.players[0] == "AsAd"
    assert r.equity == ph.equity(["AsAd", "KK"], board="2c3d4h", exact=True).equity


@pytest.mark.parametrize("board", [b"2c3d4h", b"\x00\x05\x0a", bytearray(b"2c3d4h"), {0: 1, 5: 1, 10: 1}])
def test_boards_of_bytes_or_mappings_are_refused(board):
    with pytest.raises(TypeError, match=r"^board must be card text or a sequence of cards"):
        ph.equity(["AA", "KK"], board=board)
    assert math.isclose(sum(ph.equity(["AA", "KK"], board="2c3d4h").equity), 1.0)


def test_a_tiny_stderr_target_runs_to_the_sample_cap():
    r = ph.equity(["AcAd", "KsKh"], stderr=1e-300, samples=20_000, seed=1)  # 1e-300 squared underflows to 0
    assert r.deals == 20_000


def test_an_empty_result_prints():
    text = str(ph.EquityResult((), (), (), (), (), 0, True))
    assert text.splitlines()[-1] == "exact: 0 deals, preflop (0.00 s)"
    empty = games.GameEquityResult("omaha_hilo8", (), (), (), (), (), (), (), (), (), (), 0, 0, False, seed=5)
    assert str(empty).splitlines()[-1] == "omaha_hilo8 Monte Carlo: 0 samples, seed 5, preflop (0.00 s)"
