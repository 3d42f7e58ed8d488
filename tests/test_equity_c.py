"""Compiles tests/c/test_equity.c against the C core (cc -O2 -std=c11) and runs its sections: state machine
vs core on every 7-card hand, Omaha vs the 2+3 oracle, exact equity vs brute force, Monte Carlo vs exact,
split invariance and bad inputs. Each section is one pytest test; the C program prints its counts.
tests/c/test_equity_symmetry.c checks the sharing of work between suit-symmetric holding combinations."""

import os
import subprocess

import pytest

from core_build import core_includes, core_sources

SECTIONS = ["bad", "exact", "split", "mc", "omaha", "sm"]


@pytest.fixture(scope="module")
def core_objects(native_tools, tmp_path_factory):
    """The core compiled once (-O2, warnings as errors) for the C test programs to link against."""
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    root = native_tools["root"]
    folder = tmp_path_factory.mktemp("equity_core")
    build = subprocess.run([native_tools["cc"], "-c", *_flags(), *core_sources()], capture_output=True, text=True,
                           cwd=folder)
    assert build.returncode == 0, build.stderr
    return sorted(str(p) for p in folder.glob("*.o"))


def _flags():
    return ["-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", *core_includes()]


def _build(native_tools, tmp_path_factory, core_objects, source):
    root = native_tools["root"]
    out = str(tmp_path_factory.mktemp("equity_c") / os.path.splitext(source)[0])
    cmd = [native_tools["cc"], *_flags(), os.path.join(root, "tests", "c", source), *core_objects, "-o", out, "-lm"]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    return out


@pytest.fixture(scope="module")
def equity_binary(native_tools, tmp_path_factory, core_objects):
    return _build(native_tools, tmp_path_factory, core_objects, "test_equity.c")


def test_equity_symmetry_c(native_tools, tmp_path_factory, core_objects):
    binary = _build(native_tools, tmp_path_factory, core_objects, "test_equity_symmetry.c")
    run = subprocess.run([binary], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: 0 failure(s)" in run.stdout and "shared = alone, splits agree" in run.stdout


@pytest.mark.parametrize("section", SECTIONS)
def test_equity_c(equity_binary, section):
    run = subprocess.run([equity_binary, section], capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: 0 failure(s)" in run.stdout


# ---- the _core binding functions (native backend only; the wasm backend may not have them yet) ----------

def _core_with(name):
    from pokerhash import _backend
    if not hasattr(_backend.core, name):
        pytest.skip(f"_core.{name} not in the {_backend.backend} backend")
    return _backend.core


AAKK = [[(48, 49)], [(47, 46)]]  # AcAd, KsKh


def test_binding_exact_aakk():
    core = _core_with("equity_exact")
    assert core.equity_units(AAKK, None, [], []) == 1
    r = core.equity_exact(AAKK, None, [], [], 0, 1)
    assert r["deals"] == 1712304
    assert (r["win"], r["tie"], r["lose"]) == ([1388072, 317694], [6538, 6538], [317694, 1388072])
    assert sum(r["share"]) == 2520 * r["deals"]
    assert r["weight"] == 1712304.0
    assert r["weighted_share"][0] == pytest.approx(r["share"][0] / 2520)
    assert r["sum_sq"] == [0.0, 0.0]


def test_binding_threads_split_like_one_call():
    """Ranges split across threads (the GIL is released) sum to the one-call result."""
    from concurrent.futures import ThreadPoolExecutor
    core = _core_with("equity_exact")
    players = [[(48, 49), (44, 45), (40, 41)], [(47, 46), (51, 50)], [(0, 5), (8, 13), (20, 25)]]
    weights = [[1.0, 0.5, 2.0], [1.0, 1.0], [0.25, 1.0, 1.0]]
    board = [30, 31, 12]
    units = core.equity_units(players, weights, board, [])
    assert units == 18
    whole = core.equity_exact(players, weights, board, [], 0, units)
    bounds = [0, 5, 6, 13, 18]
    with ThreadPoolExecutor(4) as pool:
        parts = list(pool.map(lambda i: core.equity_exact(players, weights, board, [], bounds[i],
                                                          bounds[i + 1] - bounds[i]), range(4)))
    for key in ("win", "tie", "lose", "share"):
        assert [sum(p[key][i] for p in parts) for i in range(3)] == whole[key]
    assert sum(p["deals"] for p in parts) == whole["deals"]
    assert sum(p["weight"] for p in parts) == pytest.approx(whole["weight"])
    samples = core.equity_sample(players, weights, board, [], 9, 0, 30000)
    with ThreadPoolExecutor(3) as pool:
        parts = list(pool.map(lambda i: core.equity_sample(players, weights, board, [], 9, 10000 * i, 10000),
                              range(3)))
    for key in ("win", "tie", "lose", "share"):
        assert [sum(p[key][i] for p in parts) for i in range(3)] == samples[key]
    assert samples["deals"] == 30000 and samples["weight"] == 30000.0


@pytest.mark.parametrize("args, message", [
    ((AAKK, None, [47, 0, 1], []), "player 2 and the board share Ks"),
    ((AAKK, None, [1, 2], []), "board must have 0, 3, 4 or 5 cards, got 2"),
    (([[(48, 49), (48, 0)], [(48, 46)]], None, [], []), "player 1 has no holding left after card removal"),
    ((AAKK, None, [], [49]), "player 1 and the dead cards share Ad"),
    (([[(48, 49)]], None, [], []), "players must be 2 to 10, got 1"),
    (([[(48, 49)], [(47, 46, 45)]], None, [], []), "player 2: holding 1 has 3 cards, expected 2"),
    ((AAKK, [[1.0], [1.0, 2.0]], [], []), "weights must match players_holdings: player 2 has 1 holdings"),
    (([[(48, 52)], [(47, 46)]], None, [], []), "card id 52 outside 0..51"),
])
def test_binding_errors(args, message):
    core = _core_with("equity_exact")
    for call in (lambda: core.equity_units(*args), lambda: core.equity_exact(*args, 0, 1),
                 lambda: core.equity_sample(*args, 1, 0, 10)):
        with pytest.raises(ValueError) as err:
            call()
        assert str(err.value) == message


def test_binding_range_past_units():
    core = _core_with("equity_exact")
    with pytest.raises(ValueError, match="outside 0..1 units"):
        core.equity_exact(AAKK, None, [], [], 1, 1)


def test_binding_omaha_and_histogram():
    import itertools
    import random
    core = _core_with("omaha_evaluate")

    def oracle(hole, board):
        return min(core.evaluate(list(pair) + list(three)) for pair in itertools.combinations(hole, 2)
                   for three in itertools.combinations(board, 3))

    # AsKsQsJs on Ts9s2c: two board spades only, so no flush; ace-king high beats any straight-less pair.
    assert core.omaha_evaluate([51, 47, 43, 39], [35, 31, 0]) == oracle([51, 47, 43, 39], [35, 31, 0])
    assert core.omaha_evaluate([51, 47, 43, 39], [35, 31, 27, 0, 4]) == 3  # QsJs + Ts9s8s: queen-high straight flush
    rnd = random.Random(4)
    for _ in range(300):
        hole_len, board_len = rnd.choice((4, 5, 6)), rnd.choice((3, 4, 5))
        cards = rnd.sample(range(52), hole_len + board_len)
        hole, board = cards[:hole_len], cards[hole_len:]
        assert core.omaha_evaluate(hole, board) == oracle(hole, board)
    with pytest.raises(ValueError, match="duplicate card As"):
        core.omaha_evaluate([51, 47, 43, 39], [51, 31, 0])
    with pytest.raises(ValueError, match="an Omaha hole needs 4 to 6 cards, got 3"):
        core.omaha_evaluate([51, 47, 43], [35, 31, 0])
    import array
    out = array.array("Q", [0] * 7463)
    core.sm_value_histogram(5, out)
    assert sum(out) == 2598960 and out[1] == 4 and out[7462] == 1020
