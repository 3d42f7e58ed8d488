"""Ranges that overlap heavily: most choices of holdings share a card. Exact enumeration passes runs of such
choices in one step (ph_eq_walk), the cost model prices that walk, a spot with no deal at all is said at
once, and Monte Carlo, whose sampler redraws every holding until none clash, refuses runs that would take
minutes instead of starting them (docs/design/equity-c-api.md, "Choosing exact or Monte Carlo").

Run times are never asserted: a regression hangs, and pytest-timeout fails the test by name. Only the Ctrl-C
test bounds how long a stop takes, as test_equity_modes does."""

import random

import pytest

import pokerhash as ph
from pokerhash import _equity, _equity_jobs, _games_equity, games
from pokerhash._equity_spot import Spot
from interrupts import seconds_to_stop_equity
from test_equity import brute

FOUR_PAIRS = "AA,KK,QQ,JJ"  # 16 cards: eight players use them all, a ninth finds none


def _core():
    from pokerhash._backend import core
    if not hasattr(core, "equity_exact_seconds"):
        pytest.skip("the C equity engine is not in _core")
    return core


# ---- no deal at all ---------------------------------------------------------------------------------------


@pytest.mark.timeout(120)
@pytest.mark.parametrize("players, options", [
    ([FOUR_PAIRS] * 10, {}),
    ([FOUR_PAIRS] * 10, {"exact": True}),
    ([FOUR_PAIRS] * 10, {"exact": False}),
    ([FOUR_PAIRS] * 9, {"samples": 1000}),
    (["AA,KK,QQ"] * 7, {}),
])
def test_no_deal_is_said_at_once(players, options):
    with pytest.raises(ValueError, match="^no deal is possible: the players' ranges always share a card$"):
        ph.equity(players, **options)


@pytest.mark.timeout(120)
def test_no_deal_in_a_game_is_said_at_once():
    with pytest.raises(ValueError, match="^no deal is possible"):
        games.equity([FOUR_PAIRS] * 10, game="shortdeck")


@pytest.mark.timeout(120)
def test_the_engine_walks_past_clashing_runs():
    """The C walk alone (no Python search first): 24**9 units, none clash-free, all counted as nothing."""
    core = _core()
    spot = Spot([FOUR_PAIRS] * 9, None, None)
    units = core.equity_units(*spot.args)
    assert units == 24 ** 9
    assert core.equity_exact(*spot.args, 0, units)["deals"] == 0
    rules = _games_equity._rules("shortdeck")
    spot = Spot(["AA,KK,QQ"] * 7, None, None, rules=rules)
    units = core.game_equity_units(*rules.game, *spot.args)
    assert core.game_equity_exact(*rules.game, *spot.args, 0, units)["deals"] == 0


def test_the_estimate_prices_the_walk():
    """Clashing units cost their visits: no longer 0 s for 24**10 units, and not the 6e13 units either."""
    core = _core()
    estimate = core.equity_exact_seconds(*Spot([FOUR_PAIRS] * 10, None, None).args)
    assert 0.05 < estimate < 30, estimate  # about 2e8 visits of a few ns
    # Eight players: every deal uses all 16 cards, about 1 in 34,000 choices; the solves dominate.
    assert 1 < core.equity_exact_seconds(*Spot([FOUR_PAIRS] * 8, None, None).args) < 100


# ---- exact counts with clashes ----------------------------------------------------------------------------


@pytest.mark.parametrize("players, board", [
    (["AA,KK"] * 4, "2c 7d 9h 3s"),  # 8 cards for 4 players: 216 of 20,736 choices
    (["AA,KK"] * 3, "2c 7d 9h Ks"),
    (["AA:0.5,KK", "AA,KK:0.25", "AhAd,KK,AsKs"], "2c 7d 9h 3s"),
    (["AA,KK,QQ"] * 4, "2c 7d 9h 3s 4s"),
])
def test_exact_with_clashes_matches_brute_force(players, board):
    r = ph.equity(players, board=board, exact=True)
    win, tie, lose, equity = brute(players, board)
    assert (list(r.win), list(r.tie), list(r.lose)) == (win, tie, lose)
    assert r.equity == pytest.approx(equity, rel=1e-12)


def _split(units, rng):
    """Random boundaries over [0, units): single units, short and long runs."""
    start = 0
    while start < units:
        count = min(units - start, rng.choice((1, 2, 7, rng.randrange(1, units + 1))))
        yield start, count
        start += count


INTEGERS = ("deals", "win", "tie", "lose", "share")


@pytest.mark.parametrize("players, board", [
    ([FOUR_PAIRS] * 4, "2c 7d 9h 3s 4s"),
    (["AA,KK:0.5,QQ", "AA,KK,QQ", "KK,QQ:2", "AA,QQ"], "2c 7d 9h 3s"),
])
def test_chunks_at_any_unit_boundary_sum_to_the_whole(players, board):
    core = _core()
    spot = Spot(players, board, None)
    units = core.equity_units(*spot.args)
    whole = core.equity_exact(*spot.args, 0, units)
    assert whole["deals"] > 0
    rng = random.Random(units)
    for _ in range(3):
        parts = [core.equity_exact(*spot.args, start, count) for start, count in _split(units, rng)]
        total = _equity_jobs.add_tally(None, parts[0])
        for part in parts[1:]:
            _equity_jobs.add_tally(total, part)
        assert {k: total[k] for k in INTEGERS} == {k: whole[k] for k in INTEGERS}
        assert total["weight"] == pytest.approx(whole["weight"], rel=1e-12)


def test_game_chunks_at_any_unit_boundary_sum_to_the_whole():
    core = _core()
    rules = _games_equity._rules("shortdeck")
    spot = Spot(["AA,KK,QQ"] * 3, "6c 7d 8h 9s", None, rules=rules)
    units = core.game_equity_units(*rules.game, *spot.args)
    whole = core.game_equity_exact(*rules.game, *spot.args, 0, units)
    assert whole["deals"] > 0
    rng = random.Random(5)
    parts = [core.game_equity_exact(*rules.game, *spot.args, start, count) for start, count in _split(units, rng)]
    total = _equity_jobs.add_tally(None, parts[0])
    for part in parts[1:]:
        _equity_jobs.add_tally(total, part)
    for key in INTEGERS + ("high_share", "low_deals"):
        assert total[key] == whole[key], key


# ---- Monte Carlo: refused when clash-free holdings are rare ------------------------------------------------


@pytest.mark.timeout(120)
def test_monte_carlo_of_rare_deals_is_refused_naming_the_rate():
    for call in (lambda: ph.equity([FOUR_PAIRS] * 8, exact=False),
                 lambda: ph.equity([FOUR_PAIRS] * 8, samples=100_000, threads=1),
                 lambda: games.equity([FOUR_PAIRS] * 8, game="shortdeck")):
        with pytest.raises(ValueError) as error:
            call()
        text = str(error.value)
        # the true rate is 1 in 33,657 (3,265,920 of 24**8); the estimate is a sample's
        assert text.startswith("only about 1 in ") and " choices of the players' holdings is free of shared" in text
        rarity = int(text.split(" in ", 1)[1].split(" ", 1)[0].replace(",", ""))
        assert 20_000 < rarity < 60_000, text
        assert " samples would take about " in text and text.endswith("pass a smaller samples=, or force=True")
    assert ph.equity([FOUR_PAIRS] * 8, samples=200, seed=1).deals == 200  # a few are fine


def test_force_samples_anyway(monkeypatch):
    monkeypatch.setattr(_equity, "REFUSE_SAMPLING_SECONDS", 1e-9)
    with pytest.raises(ValueError, match="force=True$"):
        ph.equity([FOUR_PAIRS] * 7, samples=2000, seed=1)
    assert ph.equity([FOUR_PAIRS] * 7, samples=2000, seed=1, force=True).deals == 2000
    # samples that are not dear are never refused, however many are asked for
    assert ph.equity(["random"] * 10, samples=1000, seed=1).deals == 1000


def test_auto_mode_enumerates_when_sampling_would_be_slower(monkeypatch):
    _core()
    players, board = [FOUR_PAIRS] * 5, "2c 7d 9h"
    spot = Spot(players, board, None)
    _, per_sample = _equity_jobs.sampling_cost(spot)
    assert spot.estimated_seconds() < _equity.DEFAULT_SAMPLES * per_sample
    monkeypatch.setattr(_equity, "AUTO_EXACT_SECONDS", 0.0)  # as if enumeration were dear
    assert ph.equity(players, board=board).exact
    assert not ph.equity(["AsAd", "KK"], board="Ks 7d 2c", exact=False, samples=1000).exact


@pytest.mark.parametrize("players, board", [
    (["random"] * 10, None), (["random"] * 3, None), (["AsAd", "KK"], "Ks 7d 2c"),
    (["22+:0.5,AKs,AKo:0.25", "random"], None), (["AhKhQdJd", "9c8c7s6d", "2s3s4h5h"], None),
])
def test_other_spots_keep_their_batches(players, board):
    """Only dear samples cut Monte Carlo pieces; everywhere else the pieces, and so the floats, stay."""
    accepted, per_sample = _equity_jobs.sampling_cost(Spot(players, board, None))
    assert _equity_jobs.sample_batch(_equity.MC_BATCH, per_sample) == _equity.MC_BATCH
    assert accepted > 0.01


def test_dear_samples_get_short_pieces():
    _, per_sample = _equity_jobs.sampling_cost(Spot([FOUR_PAIRS] * 8, None, None))
    batch = _equity_jobs.sample_batch(_equity.MC_BATCH, per_sample)
    assert 1 <= batch < 1024 and batch * per_sample <= _equity_jobs.MC_PIECE_SECONDS
    # the same samples whatever the pieces: sample i depends on the seed and i alone
    core = _core()
    spot = Spot([FOUR_PAIRS] * 7, None, None)
    whole = core.equity_sample(*spot.args, 3, 0, 300)
    halves = _equity_jobs.add_tally(core.equity_sample(*spot.args, 3, 0, 128),
                                    core.equity_sample(*spot.args, 3, 128, 172))
    assert {k: halves[k] for k in INTEGERS} == {k: whole[k] for k in INTEGERS}


def test_the_deal_rate_is_deterministic_and_near_the_truth():
    spot = Spot([FOUR_PAIRS] * 8, None, None)
    accepted, draws = spot.deal_rate()
    assert (accepted, draws) == spot.deal_rate()
    assert 0.6 < accepted / (3_265_920 / 24 ** 8) < 1.6
    assert 1 < draws < 8
    assert Spot(["AsAd", "KsKh"], None, None).deal_rate() == (1.0, 2.0)


@pytest.mark.timeout(120)
def test_ctrl_c_stops_forced_sampling_of_rare_deals_within_seconds(tmp_path):
    _core()
    took = seconds_to_stop_equity(tmp_path, f"[{FOUR_PAIRS!r}] * 8, exact=False, force=True, threads=1",
                                  timeout=60)
    assert took < 5, f"took {took:.1f} s to stop"  # one thread: the run stops between two short pieces
