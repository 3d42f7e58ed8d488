"""pokerhash.equity: exact counts, brute-force agreement, Monte Carlo, threads, seeds, Omaha, bad input.

Every test that needs an engine runs twice: on the pure-Python reference engine (test_equity_reference.py,
which tests the Python layer alone) and on the C engine in `_core` (skipped until it is built in).
The brute force here is a third, independent loop over deals using only pokerhash.evaluate.
"""

import itertools
import math
import sys

import pytest

import pokerhash as ph
from pokerhash import _equity, _equity_engine
from pokerhash._ranges import parse_range
from test_equity_reference import ReferenceEngine

NO_THREADS = sys.platform == "emscripten"


def _has_c_engine():
    from pokerhash._backend import core
    return hasattr(core, "equity_exact")


@pytest.fixture(params=["reference", "c"])
def engine(request, monkeypatch):
    """Which engine `equity` uses. The reference engine is slow, so its Monte Carlo batches are small."""
    if request.param == "reference":
        monkeypatch.setattr(_equity_engine, "engine", ReferenceEngine())
        monkeypatch.setattr(_equity, "MC_BATCH", 500)
    elif not _has_c_engine():
        pytest.skip("the C equity engine is not in _core yet")
    return request.param


@pytest.fixture
def c_engine():
    if not _has_c_engine():
        pytest.skip("the C equity engine is not in _core yet")


def brute(players, board=(), dead=()):
    """(win, tie, lose, equity) per player by enumerating every holdings choice and every board."""
    board, dead = ph.parse_cards(board), ph.parse_cards(dead)
    combos = []
    for p in players:
        cards = _hand(p)
        combos.append([(cards, 1.0)] if cards else [(tuple(c), w) for c, w in parse_range(p)])
    n = len(players)
    win, tie, lose, share, total_weight = [0] * n, [0] * n, [0] * n, [0.0] * n, 0.0
    for pick in itertools.product(*combos):
        hands = [h for h, _ in pick]
        used = [c for h in hands for c in h] + board + dead
        if len(set(used)) != len(used):
            continue
        weight = math.prod(w for _, w in pick)
        deck = [c for c in range(52) if c not in used]
        for rest in itertools.combinations(deck, 5 - len(board)):
            full = board + list(rest)
            values = [_value(h, full) for h in hands]
            best = min(values)
            k = values.count(best)
            total_weight += weight
            for i, v in enumerate(values):
                if v != best:
                    lose[i] += 1
                else:
                    (win if k == 1 else tie)[i] += 1
                    share[i] += weight / k
    return win, tie, lose, [s / total_weight for s in share]


def _hand(p):
    try:
        cards = ph.parse_cards(p)
    except ValueError:
        return None
    return tuple(cards) if "," not in p else None


def _value(hole, board):
    if len(hole) == 2:
        return ph.evaluate(list(hole) + board)
    return min(ph.evaluate(list(h) + list(b))
               for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


def _agrees(result, expected, exact_counts=True):
    win, tie, lose, eq = expected
    if exact_counts:
        assert (list(result.win), list(result.tie), list(result.lose)) == (win, tie, lose)
    assert result.equity == pytest.approx(eq, abs=1e-12)
    assert sum(result.equity) == pytest.approx(1.0)


# ---- exact ----------------------------------------------------------------------------------------------


def test_aces_vs_kings_preflop_exact_counts(c_engine):
    r = ph.equity(["AcAd", "KsKh"])
    assert r.exact and r.deals == r.boards == 1_712_304
    assert (r.win[0], r.lose[0], r.tie[0]) == (1_388_072, 317_694, 6_538)
    assert (r.win[1], r.lose[1], r.tie[1]) == (317_694, 1_388_072, 6_538)
    assert r.equity[0] == pytest.approx((1_388_072 + 6_538 / 2) / 1_712_304)


@pytest.mark.parametrize("players, board", [
    (["AsAd", "KcQc"], "Kd 7c 2c"),
    (["AsAd", "KcQc", "9h9s"], "Kd 7c 2c"),
    (["7h6h", "AcKd", "QsQd"], "8h 5c Qh Ts"),
    (["Ts9s", "2c2d"], "Js 8s 3h"),
])
def test_exact_matches_brute_force_hands(engine, players, board):
    r = ph.equity(players, board=board, exact=True)
    assert r.exact and r.stderr is None
    _agrees(r, brute(players, board))


def test_exact_with_ranges_and_card_removal(engine):
    players, board = ["AsAd", "KK, QQ, AK"], "Ks 7d 2c"
    r = ph.equity(players, board=board, exact=True)
    _agrees(r, brute(players, board))
    # KK keeps 3 combos (no Ks), QQ all 6, AK 2 aces (not As, Ad) times 3 kings (not Ks).
    assert r.deals == (3 + 6 + 2 * 3) * math.comb(45, 2)


def test_exact_with_weights(engine):
    players, board = ["AK:0.5, QQ", "JJ+:0.25, 76s"], "Qs 7h 2d Ac"
    r = ph.equity(players, board=board, exact=True)
    _agrees(r, brute(players, board))


def test_exact_with_dead_cards(engine):
    players, board, dead = ["AsAd", "KcQc"], "Kd 7c 2c", "3c 4c Qd"
    r = ph.equity(players, board=board, dead=dead)
    assert r.exact and r.deals == math.comb(52 - 4 - 3 - 3, 2)
    _agrees(r, brute(players, board, dead))


def test_omaha_turn_matches_brute_force(engine):
    players, board = ["AsAdKhQh", "9c8c7d6d"], "Jh 2h Th 5c"
    r = ph.equity(players, board=board)
    assert r.exact and r.deals == 52 - 8 - 4
    _agrees(r, brute(players, board))


def test_omaha_five_and_six_cards_and_ranges(engine):
    r = ph.equity([ph.Range(["AsAdKhQhJc", "AcAhKsQs2d"]), "9c8c7d6d5h"], board="Jh 2h Th 5c", omaha=True)
    _agrees(r, brute(["AsAdKhQhJc, AcAhKsQs2d", "9c8c7d6d5h"], "Jh 2h Th 5c"))
    r6 = ph.equity(["AsAdKhQhJc3c", "9c8c7d6d5h4h"], board="Jh 2h Th 5c")
    _agrees(r6, brute(["AsAdKhQhJc3c", "9c8c7d6d5h4h"], "Jh 2h Th 5c"))


def test_river_is_one_deal(engine):
    r = ph.equity(["AhKh", "QQ"], board="Ad 7h 2c 9d Qs")  # QQ (3 combos left) has trips
    assert r.exact and r.deals == 3 and r.lose[0] == 3 and r.equity[1] == 1.0


def test_progress_reaches_total(engine):
    calls = []
    ph.equity(["AsAd", "KK, QQ, AK"], board="Ks 7d 2c", exact=True, progress=lambda d, t: calls.append((d, t)))
    assert calls and calls[-1][0] == calls[-1][1]
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


@pytest.mark.skipif(NO_THREADS, reason="no threads in Pyodide")
def test_exact_identical_for_any_thread_count(engine):
    args = (["AsAd", "KK:0.7, QQ, AK:0.3"],)
    runs = [ph.equity(*args, board="Ks 7d 2c", exact=True, threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]


# ---- Monte Carlo ----------------------------------------------------------------------------------------


def test_monte_carlo_within_four_standard_errors(engine):
    players, board = ["AsAd", "KK, QQ, AK", "7h6h"], "Ks 7d 2c"
    exact = ph.equity(players, board=board, exact=True)
    samples = 4000 if engine == "reference" else 400_000
    mc = ph.equity(players, board=board, exact=False, samples=samples, seed=11)
    assert not mc.exact and mc.deals == samples and mc.seed == 11
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr):
        assert 0 < se < 0.02
        assert abs(m - e) <= 4 * se
    assert sum(mc.win) + sum(mc.tie) + sum(mc.lose) == 3 * samples


def test_weighted_monte_carlo_within_four_standard_errors(engine):
    # Weights shift the answer a lot here (the sets weigh 15 times more), so a sampler ignoring them fails.
    players, board = ["AsAd", "KK:3, 77:3, AK:0.2, 76s:0.2"], "Ks 7d 2c"
    exact = ph.equity(players, board=board, exact=True)
    unweighted = ph.equity(["AsAd", "KK, 77, AK, 76s"], board=board, exact=True)
    samples = 4000 if engine == "reference" else 400_000
    mc = ph.equity(players, board=board, exact=False, samples=samples, seed=2)
    assert unweighted.equity[0] - exact.equity[0] > 0.2
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr):
        assert abs(m - e) <= 4 * se


@pytest.mark.skipif(NO_THREADS, reason="no threads in Pyodide")
def test_monte_carlo_identical_for_any_thread_count(engine):
    batch = _equity.MC_BATCH
    runs = [ph.equity(["AsAd", "KK, QQ"], board="Ks 7d 2c", exact=False, samples=3 * batch + 17, seed=5,
                      threads=t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]


def test_seed_reproducibility(engine):
    n = 2 * _equity.MC_BATCH
    a = ph.equity(["AsAd", "KK"], exact=False, samples=n, seed=123)
    b = ph.equity(["AsAd", "KK"], exact=False, samples=n, seed=123)
    c = ph.equity(["AsAd", "KK"], exact=False, samples=n, seed=124)
    assert a == b and a.equity != c.equity
    assert ph.equity(["AsAd", "KK"], exact=False, samples=100).seed is not None


def test_stderr_target_stops_early(engine):
    target = 0.03 if engine == "reference" else 0.002
    r = ph.equity(["AsAd", "KK, QQ"], board="Ks 7d 2c", exact=False, stderr=target, seed=3)
    assert max(r.stderr) <= target
    assert r.deals % _equity.MC_BATCH == 0 and r.deals < _equity.MAX_SAMPLES_FOR_STDERR


def test_auto_mode_picks_monte_carlo_for_big_spots(engine, monkeypatch):
    monkeypatch.setattr(_equity, "AUTO_EXACT_SECONDS", 1e-6)
    r = ph.equity(["AsAd", "KK"], board="Ks 7d 2c", samples=_equity.MC_BATCH, seed=1)
    assert not r.exact and r.deals == _equity.MC_BATCH


# ---- results and bad input -------------------------------------------------------------------------------


def test_result_table_text(engine):
    text = str(ph.equity(["AsAd", "KK, QQ"], board="Ks7d2c"))
    assert "AsAd" in text and "KK, QQ" in text and "exact" in text and "board Ks7d2c" in text
    mc = str(ph.equity(["AsAd", "KK"], board="Ks7d2c", exact=False, samples=1000, seed=9))
    assert "Monte Carlo" in mc and "seed 9" in mc and "±" in mc


def test_hands_given_many_ways(engine):
    a = ph.equity(["AsAd", "Kc Qc"], board="Kd7c2c")
    b = ph.equity([["As", "Ad"], [ph.Card("Kc"), 40]], board=["Kd", "7c", "2c"])
    assert a.equity == b.equity and a.players == b.players == ("AsAd", "KcQc")


@pytest.mark.parametrize("players, kwargs, message", [
    (["AsAd"], {}, "equity needs 2 to 10 players, got 1"),
    (["AsAd", "KK"] + ["22"] * 9, {}, "equity needs 2 to 10 players, got 11"),
    (["AsAd", "KK"], {"board": "Ks"}, "the board must have 0, 3, 4 or 5 cards, got 1"),
    (["AsAd", "KK"], {"board": "Ks7d"}, "the board must have 0, 3, 4 or 5 cards, got 2"),
    (["AsAd", "AsKd"], {}, "card As is in player 2's hand and player 1's hand"),
    (["AsAd", "KsKd"], {"board": "Ad 7c 2c"}, "card Ad is in player 1's hand and the board"),
    (["AsAd", "KsKd"], {"dead": "Kd"}, "card Kd is in player 2's hand and the dead cards"),
    (["AsAd", "KsKd"], {"board": "7c 2c 3c", "dead": "2c"}, "card 2c is both on the board and dead"),
    (["AsAd", "AA"], {"board": "Ac 7c 2c"}, "player 2 has no hand left after card removal"),
    (["AsAd", "AK, AKx"], {}, "player 2: unknown range token 'AKx'"),
    (["AsAd", ""], {}, "player 2: empty range: no hands given"),
    (["AsAd", "AsKsQsJs"], {}, "all players must hold the same number of cards"),
    (["AsAd", "KK", "AA", "AA"], {"exact": False}, "no deal is possible"),
    (["AsAd", "KsKd"], {"omaha": True}, "omaha=True needs hands of 4 to 6 cards, got 2"),
    (["AsAd", "KsKdQc"], {}, "player 2's hand has 3 cards"),
    (["AsAd", "KsKd"], {"exact": False, "samples": 0}, "samples must be a positive integer"),
    (["AsAd", "KsKd"], {"threads": 0}, "threads must be a positive integer"),
    (["random"] * 10, {"exact": True}, "too many holding combinations to enumerate"),
])
def test_bad_input_names_the_problem(engine, players, kwargs, message):
    with pytest.raises(ValueError, match=_literal(message)):
        ph.equity(players, **kwargs)


def test_too_many_cards_for_the_deck(engine):
    players = ["AsAdAcAhKs6d", "KdKcKh2c2d2h", "QsQdQcQh3c3d", "JsJdJcJh4c4d",
               "TsTdTcTh5c5d", "9s9d9c9h6c6h", "8s8d8c8h7c7d", "7h7s6s5s4s3s"]
    with pytest.raises(ValueError, match="not enough cards: 8 players with 6 cards each"):
        ph.equity(players)


def test_players_must_be_a_list():
    with pytest.raises(TypeError, match="players must be a list"):
        ph.equity("AsAd KK")


def _literal(text):
    import re
    return re.escape(text)
