"""equity(): the mode rule (auto, exact=True refusals, force), weighted rates, input errors, the thread and
task plan, and Ctrl-C stopping a long run (docs/design/equity-c-api.md, "Choosing exact or Monte Carlo")."""

import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import pokerhash as ph
from pokerhash import _equity, _equity_engine, _equity_jobs
from interrupts import seconds_to_stop_equity
from test_equity import brute


def _c_engine():
    from pokerhash._backend import core
    if not hasattr(core, "equity_exact_seconds"):
        pytest.skip("the C equity engine is not in _core")


# ---- the mode rule --------------------------------------------------------------------------------------


def test_auto_mode_enumerates_small_spots_and_ignores_nothing():
    _c_engine()
    small = ph.equity(["AsAd", "KK"], board="Ks 7d 2c")
    assert small.exact and small.seed is None
    # Any Monte Carlo option makes auto mode sample, so none of them is silently ignored.
    for options in ({"samples": 5000}, {"seed": 3}, {"stderr": 0.05}):
        r = ph.equity(["AsAd", "KK"], board="Ks 7d 2c", **options)
        assert not r.exact and r.seed is not None
    assert ph.equity(["AsAd", "KK"], board="Ks 7d 2c", samples=5000).deals == 5000
    assert ph.equity(["AsAd", "KK"], board="Ks 7d 2c", seed=3, samples=1000).seed == 3


def test_auto_mode_samples_a_million_with_a_reported_seed_when_exact_is_dear():
    _c_engine()
    spot = _equity._Spot(["random", "random"], None, None, None)
    assert spot.estimated_seconds() > _equity.AUTO_EXACT_SECONDS  # about a minute of one core
    r = ph.equity(["random", "random"])
    assert not r.exact and r.deals == _equity.DEFAULT_SAMPLES and isinstance(r.seed, int)
    again = ph.equity(["random", "random"], seed=r.seed, samples=r.deals)
    assert again.equity == r.equity  # the reported seed reproduces the run


@pytest.mark.parametrize("options, named", [
    ({"samples": 1000}, "samples=1000"), ({"seed": 7}, "seed=7"), ({"stderr": 0.01}, "stderr=0.01"),
    ({"samples": 10, "seed": 1}, "samples=10, seed=1"),
])
def test_exact_true_with_monte_carlo_options_names_the_conflict(options, named):
    with pytest.raises(ValueError, match=f"exact=True conflicts with {named}"):
        ph.equity(["AsAd", "KK"], exact=True, **options)


def test_exact_true_refuses_hours_of_work_with_the_estimate_and_force_runs_it(monkeypatch):
    _c_engine()
    with pytest.raises(ValueError) as error:
        ph.equity(["random"] * 3, exact=True, threads=2)
    text = str(error.value)
    assert text.startswith("exact enumeration would take about ") and " on 2 threads; " in text
    assert text.endswith("use Monte Carlo (exact=False) or pass force=True")
    assert any(unit in text for unit in ("hours", "days", "years")), text
    # force=True runs it: here on a spot made to look dear, so the test stays quick.
    monkeypatch.setattr(_equity, "REFUSE_EXACT_SECONDS", 1e-9)
    with pytest.raises(ValueError, match="pass force=True"):
        ph.equity(["AsAd", "KsKh"], board="2c 7d 9h", exact=True)
    assert ph.equity(["AsAd", "KsKh"], board="2c 7d 9h", exact=True, force=True).exact


def test_duration_text():
    assert _equity._duration(45) == "45 seconds"
    assert _equity._duration(1) == "1 second"
    assert _equity._duration(3 * 3600) == "3 hours"
    assert _equity._duration(5 * 86400) == "5 days"
    assert _equity._duration(3e12) == "9.5e+04 years"


# ---- weighted rates ----------------------------------------------------------------------------------------


def _brute_rates(players, board):
    """Weighted win/tie/lose probabilities by brute force (test_equity.brute's loop, weights applied)."""
    import itertools
    from pokerhash._ranges import parse_range
    from test_equity import _hand, _value
    board = ph.parse_cards(board)
    combos = [[(_hand(p), 1.0)] if _hand(p) else [(tuple(c), w) for c, w in parse_range(p)] for p in players]
    rates, total = [[0.0] * 3 for _ in players], 0.0
    for pick in itertools.product(*combos):
        hands = [h for h, _ in pick]
        used = [c for h in hands for c in h] + board
        if len(set(used)) != len(used):
            continue
        weight = math.prod(w for _, w in pick)
        for rest in itertools.combinations([c for c in range(52) if c not in used], 5 - len(board)):
            values = [_value(h, board + list(rest)) for h in hands]
            best, k = min(values), values.count(min(values))
            total += weight
            for i, v in enumerate(values):
                rates[i][0 if v == best and k == 1 else 1 if v == best else 2] += weight
    return [[x / total for x in r] for r in rates]


def test_rates_are_weighted_in_both_modes():
    _c_engine()
    players, board = ["AK:0.25, QQ:2", "JJ+, 76s:0.5"], "Qs 7h 2d Ac"
    exact = ph.equity(players, board=board, exact=True)
    want = _brute_rates(players, board)
    for i, (w, t, l) in enumerate(want):
        assert exact.win_rate[i] == pytest.approx(w, abs=1e-12)
        assert exact.tie_rate[i] == pytest.approx(t, abs=1e-12)
        assert exact.lose_rate[i] == pytest.approx(l, abs=1e-12)
    # The counts stay unweighted deals, so with these weights counts and rates disagree.
    assert exact.win[0] / exact.deals != pytest.approx(exact.win_rate[0], abs=1e-3)
    mc = ph.equity(players, board=board, samples=200_000, seed=4)
    for i in range(2):
        for got, truth in ((mc.win_rate[i], want[i][0]), (mc.tie_rate[i], want[i][1])):
            assert abs(got - truth) <= 5 * math.sqrt(truth * (1 - truth) / mc.deals) + 1e-9
        assert mc.win_rate[i] == mc.win[i] / mc.deals  # sampling draws by weight: counts are the rates
    assert "win" in str(exact) and f"{100 * exact.win_rate[0]:.3f}%" in str(exact)


def test_unweighted_exact_rates_are_the_counts():
    _c_engine()
    r = ph.equity(["AcAd", "KsKh"])
    assert r.win_rate == (1_388_072 / 1_712_304, 317_694 / 1_712_304)
    assert r.tie_rate[0] == r.tie_rate[1] == 6_538 / 1_712_304
    assert r.win_rate[0] + r.tie_rate[0] + r.lose_rate[0] == pytest.approx(1.0)
    assert brute(["AcAd", "KsKh"], "2c 7d 9h")[0] == list(ph.equity(["AcAd", "KsKh"], board="2c 7d 9h").win)


# ---- input errors -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, message", [
    (["AsAs", "KK"], "player 1: duplicate card As"),
    (["AsAd", "KhKh"], "player 2: duplicate card Kh"),
    (["AsAd", ["Kh", "Kh"]], "player 2: duplicate card Kh"),
    (["AsAsKdQd", "AhKhQhJh"], "player 1: duplicate card As"),
    (["AA", "AA:0"], "player 2 has an empty range"),
    (["KK:0, QQ:0", "AA"], "player 1 has an empty range"),
    (["AA", ph.Range([])], "player 2 has an empty range"),
])
def test_input_errors_name_the_problem(players, message):
    with pytest.raises(ValueError) as error:
        ph.equity(players)
    assert str(error.value) == message


# ---- threads and tasks ------------------------------------------------------------------------------------


def test_plan_keeps_small_jobs_on_one_thread_and_cuts_big_ones_into_short_tasks():
    chunk = _equity_jobs.CHUNK_SECONDS
    assert _equity.exact_plan(1, 0.0004, 16) == (1, 1)  # one heads-up preflop hand: nothing to share
    assert _equity.exact_plan(500, 0.01, 16)[0] == 1  # too small for a second thread to pay off
    workers, size = _equity.exact_plan(1_000_000, 50.0, 8)
    assert workers == 8
    assert 50.0 * size / 1_000_000 <= chunk * 1.01  # each piece ~0.1 s of C time
    workers, size = _equity.exact_plan(600, 0.5, 2)
    assert workers == 2 and math.ceil(600 / size) >= 8  # at least four pieces a thread
    assert _equity.exact_plan(3, 100.0, 16) == (3, 1)  # never more pieces than units
    huge = 1326 ** 3
    workers, size = _equity.exact_plan(huge, 1e5, 4)
    assert workers == 4 and 1e5 * size / huge <= chunk * 1.01
    # The pieces depend on the job alone, so any thread count adds the same tallies in the same order.
    for units, estimate in ((600, 0.5), (10**6, 3.0), (50, 0.03)):
        assert len({_equity.exact_plan(units, estimate, most)[1] for most in (1, 2, 3, 16)}) == 1


def test_runner_merges_in_piece_order_and_stops_early(monkeypatch):
    calls = []

    class Engine:
        def equity_exact(self, holdings, weights, board, dead, start, count):
            calls.append(start)
            return {"deals": count, "win": [start, 0]}

    monkeypatch.setattr(_equity_engine, "engine", Engine())
    spot = ([[(0, 1)], [(2, 3)]], None, [], [])
    pieces = (("exact", None, spot, s, 10) for s in range(0, 10**12, 10))  # lazily: far more than will run
    seen = []
    merged = _equity_jobs.run_pieces(pieces, 10**12, threads=3, progress=lambda d, t: seen.append(d),
                                     stop=lambda m: m["deals"] >= 50)
    assert merged["deals"] == 50 and merged["win"][0] == sum(range(0, 50, 10))
    assert seen == [10, 20, 30, 40, 50]
    assert len(calls) <= 50 // 10 + 2 * 3  # the tasks queued ahead at most, then nothing more


def test_pieces_grouped_into_cluster_tasks_give_the_same_tally(monkeypatch):
    # A cluster runs several pieces a task; the stop rule still sees them one at a time, so the same pieces
    # count. (The real cluster is in tests/test_dask.py; here any executor is made to look like one.)
    _c_engine()
    spot = _equity._Spot(["AsAd", "KK:0.7, QQ, AK:0.3"], "Ks 7d 2c", None, None)
    pieces = list(_equity_jobs.sample_pieces(None, spot.args, 5, 40 * 4096, 4096))
    stop = _equity_jobs.stderr_stop(0.004)
    alone = _equity_jobs.run_pieces(pieces, 0, threads=1, stop=stop)
    monkeypatch.setattr(_equity_jobs.parallel, "_dask_backed", lambda executor: True)
    with ThreadPoolExecutor(2) as pool:
        for group in (3, 7, 40):
            grouped = _equity_jobs.run_pieces(pieces, 0, threads=1, executor=pool, pieces_per_task=group, stop=stop)
            assert grouped == alone
    assert 0 < alone["deals"] < 40 * 4096  # the stop rule ended it part-way


def test_every_executor_gives_the_same_result():
    _c_engine()
    exact = (["TT+:0.5, AQ+", "random"],), {"board": "Ks 7d 2c", "exact": True}  # 19 pieces; weighted floats
    sampled = (["AhKh", "QQ, JJ", "random"],), {"samples": 5 * _equity.MC_BATCH + 3, "seed": 9}
    for args, options in (exact, sampled):
        alone = ph.equity(*args, threads=1, **options)
        with ThreadPoolExecutor(3) as threads, ProcessPoolExecutor(2) as processes:
            for executor in (2, threads, processes):
                assert ph.equity(*args, executor=executor, **options) == alone, executor
    with pytest.raises(ValueError, match=r"^pass threads= or executor=, not both"):
        ph.equity(["AsAd", "KK"], threads=2, executor=2)
    with pytest.raises(TypeError, match="executor must be None, a number of threads"):
        ph.equity(["AsAd", "KK"], executor="cluster")


def test_ctrl_c_stops_a_long_exact_run_within_seconds(tmp_path):
    _c_engine()
    took = seconds_to_stop_equity(tmp_path, "['random'] * 3, exact=True, force=True", timeout=30)
    assert took < 5, f"took {took:.1f} s to stop"  # a generous bound; the design aims at well under 1 s
