"""The direct lanes of equity() (issue 28, part 4): a bot's call with known hands runs in one native call
(_equity_fixed.known_hands, _core.equity_hands) or builds its spot straight from the card ids
(_equity_fixed.fixed_spot); a job that a cheap bound of the cost model shows to be small runs at once, with no
estimate and no plan (Spot.seconds_bound, _equity_jobs.run_small_exact), without progress in one native call
(_equity_jobs.run_within_one_piece, _core.equity_exact_within); a job on one local thread runs with
no runner (_equity_jobs._run_here). They must change nothing but the time: the same result, field by field and
float by float, and the same exception with the same words, for any input and options, as the planned path
(Spot for every input, the cost model's estimate for every job, pokerhash.parallel.run for every job)."""

import contextlib
import math
import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pokerhash as ph
from pokerhash import _equity, _equity_fixed, _equity_jobs, _equity_spot, parallel
from pokerhash._backend import core
from pokerhash._equity_fixed import fixed_spot
from pokerhash._equity_spot import Spot

EXAMPLES = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
RANGES = ["QQ+", "AKs", "AsKs,AdKd", "random"]


def _through_runner(pieces, total, totals, progress):
    """run_pieces as it ran before the direct lane: every job through parallel.run, on the calling thread."""
    parallel.run(_equity_jobs.run_task, ((piece,) for piece in pieces), _equity_jobs._fold, totals, executor=1,
                 sizes=_equity_jobs.task_size, total=total, progress=progress or False, stop=lambda t: t.done)
    return totals.tally


@contextlib.contextmanager
def planned_path():
    """equity() with no direct lane: every input through Spot, every job estimated, planned and run by the runner."""
    with mock.patch.object(_equity, "known_hands", lambda *args: None), \
            mock.patch.object(_equity, "fixed_spot", lambda *args: None), \
            mock.patch.object(Spot, "seconds_bound", lambda self: math.inf), \
            mock.patch.object(_equity_jobs, "run_within_one_piece", lambda *args: None), \
            mock.patch.object(_equity_jobs, "known_ranges", lambda *args: None), \
            mock.patch.object(_equity_jobs, "_run_here", _through_runner):
        yield


def outcome(**call):
    """What equity(**call) gives: the result (its type and fields) and the progress calls, or the error."""
    seen = []
    if call.pop("progress", False):
        call["progress"] = lambda done, total: seen.append((done, total))
    try:
        result = ph.equity(**call)
    except (ValueError, TypeError) as error:
        return "error", type(error), str(error)
    return "result", type(result), result, repr(result.equity), seen


def _written(cards, style):
    """Cards as a caller may write them: joined text, spaced text, a list of names, a tuple of ids."""
    if style == 0:
        return "".join(NAMES[c] for c in cards)
    if style == 1:
        return " ".join(NAMES[c] for c in cards)
    if style == 2:
        return [NAMES[c] for c in cards]
    return tuple(cards)


@st.composite
def spots(draw):
    """Mostly valid hand-vs-hand spots; now and then a fault of the kinds Spot names (a shared card, a bad
    card, a hand of the wrong size, mixed sizes, a board of 1 or 2 cards) or a range among the hands."""
    deck = list(range(52))
    random.Random(draw(st.integers(0, 2 ** 32))).shuffle(deck)
    omaha_size = draw(st.sampled_from([2, 2, 2, 4, 5]))
    board_size = draw(st.sampled_from([0, 3, 4, 5, 5, 5, 1]))
    # enumeration before the flop is dear past two players: three at most there, and only with 2 cards
    most = 3 if board_size == 0 and omaha_size == 2 else 2 if board_size == 0 else 4
    players = draw(st.integers(2, most))
    hands = [deck[i * omaha_size:(i + 1) * omaha_size] for i in range(players)]
    rest = deck[players * omaha_size:]
    board, dead = rest[:board_size], rest[board_size:board_size + draw(st.integers(0, 3))]
    fault = draw(st.sampled_from([None] * 24 + ["shared", "board-dead", "bad", "size", "mixed", "range", "dup"]))
    if fault == "shared":
        hands[-1] = [hands[0][0], *hands[-1][1:]]
    elif fault == "board-dead" and board and dead:
        dead = [board[0], *dead]
    elif fault == "size":
        hands[0] = hands[0][:1] if omaha_size == 2 else hands[0] + [rest[-1]] * (omaha_size == 6)
    elif fault == "mixed":
        hands[-1] = hands[-1][:2] if omaha_size > 2 else hands[-1] + rest[-2:]
    elif fault == "dup":
        hands[0] = [hands[0][0], hands[0][0], *hands[0][2:]]
    styles = [draw(st.integers(0, 3)) for _ in hands]
    written = [_written(h, s) for h, s in zip(hands, styles)]
    if fault == "bad":
        written[0] = draw(st.sampled_from(["AsXx", "", "  ", "As Ks Qs", ["As", 99], ("As", None), 5]))
    elif fault == "range":
        written[draw(st.integers(0, players - 1))] = draw(st.sampled_from(RANGES))
    shape = draw(st.sampled_from([list, list, tuple]))
    return dict(players=shape(written), board=_written(board, draw(st.integers(0, 3))) if board or draw(st.booleans())
                else None, dead=_written(dead, draw(st.integers(0, 3))) if dead else None)


@st.composite
def options(draw):
    """Options of every kind, conflicting ones now and then; Monte Carlo always with a seed (a fresh one would
    differ between the two runs) and few samples."""
    kind = draw(st.sampled_from(["auto"] * 4 + ["exact", "exact", "mc", "mc-auto", "conflict"]))
    chosen = {}
    if kind == "exact":
        chosen["exact"] = True
    elif kind == "mc":
        chosen.update(exact=False, samples=draw(st.sampled_from([1, 500, 3000])), seed=draw(st.integers(0, 99)))
    elif kind == "mc-auto":
        chosen.update(seed=draw(st.integers(0, 99)), samples=2000)
    elif kind == "conflict":
        chosen.update(exact=True, samples=100)
    omaha = draw(st.sampled_from([None] * 12 + [True, False, 0]))
    if omaha is not None:
        chosen["omaha"] = omaha
    threads = draw(st.sampled_from([None] * 8 + [1, 1, 2, 2, 0]))
    if threads is not None:
        chosen["threads" if draw(st.booleans()) else "executor"] = threads
    if draw(st.booleans()):
        chosen["progress"] = True
    if draw(st.integers(0, 19)) == 0:
        chosen["force"] = draw(st.sampled_from([True, "no"]))
    return chosen


@EXAMPLES
@given(spots(), options())
def test_direct_lane_gives_the_planned_paths_results_and_errors(spot, chosen):
    assert_as_planned({**spot, **chosen})


def assert_as_planned(call):
    """equity(**call) gives on the direct lanes what it gives on the planned path: the result or the error."""
    direct = outcome(**call)
    with planned_path():
        planned = outcome(**call)
    assert direct == planned


@EXAMPLES
@given(spots())
def test_fixed_spot_is_the_spot_that_spot_builds(spot):
    players, board, dead = spot["players"], spot["board"], spot["dead"]
    fixed = fixed_spot(players, board, dead, None)
    try:
        full = Spot(players, board, dead)
        full.check_some_deal()
    except (ValueError, TypeError):
        assert fixed is None  # every input Spot refuses goes to Spot, which names the fault
        return
    if fixed is None:  # a range among the hands: Spot's alone
        assert any(p in RANGES for p in players)
        return
    for name in ("labels", "size", "holdings", "weights", "board", "dead", "too_many", "args"):
        assert getattr(fixed, name) == getattr(full, name), name
    assert fixed.deal_rate() == full.deal_rate()
    assert fixed.estimated_seconds() == full.estimated_seconds() and fixed.units() == full.units()


def _refuse(*args, **kwargs):
    raise AssertionError("the planned path ran")


def _recording(native):
    """(answers, a stand-in for the native lane `native` that records each of its answers)."""
    answered = []

    def counting(*args):
        answered.append(native(*args))
        return answered[-1]
    return answered, counting


@pytest.mark.parametrize("call", [
    dict(players=["AsKs", "7h7d"], board="7c8s9sTd2c"),
    dict(players=["AsKs", "7h7d"], board="7c8s9sTd"),
    dict(players=["AsKs", "7h7d", "QcJc"], board="7c8s9s", dead="2d"),
    dict(players=[["As", "Ks"], (22, 23)]),
    dict(players=["AsKsQdJd", "7h7d6c5c"], board="7c8s9sTd2h", exact=True, threads=4),
    dict(players=["AsKs", "7h7d"], board="7c8s9s", samples=5000, seed=3),
])
def test_known_hands_take_the_direct_lane(call):
    # Spot and the runner both refuse to run: the call must get by without them
    with mock.patch.object(_equity, "_Spot", _refuse), mock.patch.object(parallel, "run", _refuse):
        result = ph.equity(**call)
    assert result == outcome_of_planned(call)


def test_small_range_jobs_skip_the_runner():
    call = dict(players=["AsKs", "QQ+, AKs"], board="7c8s9sTd")
    with mock.patch.object(parallel, "run", _refuse):
        result = ph.equity(**call)
    assert result == outcome_of_planned(call)


def test_large_jobs_still_use_the_runner():
    ran = []
    real = parallel.run

    def counting(*args, **kwargs):
        ran.append(kwargs["executor"])
        return real(*args, **kwargs)

    with mock.patch.object(parallel, "run", counting):
        ph.equity(["AsKs", "random"], threads=2)  # about 0.1 s of C time: cut in pieces for two threads
    assert ran == [2]


def outcome_of_planned(call):
    with planned_path():
        return ph.equity(**call)


def test_results_hold_every_field_in_the_dataclass_order():
    # _equity._result fills the frozen dataclass's __dict__ itself: every field, in order, none extra
    import dataclasses
    result = ph.equity(["AsKs", "7h7d"], board="7c8s9sTd2c")
    assert list(vars(result)) == [f.name for f in dataclasses.fields(result)]
    assert result == dataclasses.replace(result) and repr(result) == repr(dataclasses.replace(result))


# Ranges that card removal can leave with one holding, and such holdings that clash with each other
FEW = ["AsKs", "AsKs,AdKd", "AsQs,AhQh", "AsQs,AsJs", "KdQd", "QQ+", "AhKh", "AsJs", "JJ", "AdKd,AcKc", "KK"]


@EXAMPLES
@given(st.lists(st.sampled_from(FEW), min_size=2, max_size=4), st.sampled_from([None, "Kd 7c 2h", "Ac Kc Qc"]))
def test_some_deal_is_found_as_the_search_finds_it(players, board):
    def verdict(search_only):
        try:
            spot = Spot(players, board, None)
            with mock.patch.object(Spot, "_one_choice_left", lambda self, budget: False) if search_only \
                    else contextlib.nullcontext():
                spot.check_some_deal()
        except ValueError as error:
            return str(error)
        return "a deal"

    assert verdict(False) == verdict(True)


# ---- small range jobs and the native lane of known hands -------------------------------------------------

# Ranges small enough to enumerate on any board, weighted or not; "AsKs" and "7h7d" also collide with the hands
SMALL_RANGES = ["QQ+", "AKs", "AsKs,AdKd", "QQ+:0.5, AKs", "JJ-99", "AhKh:0.25", "KK, AQs:0.7", "77, 7h7d",
                " TT+ , AKs:0.5 ", "AhKh, AhKh:2", "QQ, QQ:0", "A5s-A2s:0.3, KK"]


@st.composite
def range_spots(draw):
    """Hold'em spots of hands and small ranges (one or two ranges on a board, one before the flop), with dead
    cards now and then, and now and then a fault (a card on the board and dead, a hand clashing with the board)."""
    deck = list(range(52))
    random.Random(draw(st.integers(0, 2 ** 32))).shuffle(deck)
    board_size = draw(st.sampled_from([0, 3, 4, 5]))
    players = draw(st.integers(2, 3 if board_size else 2))
    hands = [_written(deck[2 * i:2 * i + 2], draw(st.integers(0, 3))) for i in range(players)]
    rest = deck[2 * players:]
    board, dead = rest[:board_size], rest[board_size:board_size + draw(st.integers(0, 2))]
    for i in draw(st.sets(st.integers(0, players - 1), min_size=1, max_size=2 if board_size else 1)):
        hands[i] = draw(st.sampled_from(SMALL_RANGES))
    fault = draw(st.sampled_from([None] * 10 + ["board-dead", "clash"]))
    if fault == "board-dead" and board and dead:
        dead = [board[0], *dead]
    elif fault == "clash" and board:
        board = [51, *board[1:]] if 51 not in board else board
    return dict(players=hands, board=_written(board, draw(st.integers(0, 3))) if board else None,
                dead=_written(dead, draw(st.integers(0, 3))) if dead else None)


@EXAMPLES
@given(range_spots(), options())
def test_small_range_jobs_give_the_planned_paths_results_and_errors(spot, chosen):
    chosen.pop("omaha", None)  # hold'em ranges: omaha=True is a size error, tested above
    assert_as_planned({**spot, **chosen})


@EXAMPLES
@given(range_spots())
def test_the_bound_is_never_below_the_cost_models_estimate(spot):
    try:
        full = Spot(spot["players"], spot["board"], spot["dead"])
    except ValueError:
        return
    try:
        estimate = full.estimated_seconds()
    except ValueError as error:  # the core's own check (ranges that share a card in every deal): both refuse
        with pytest.raises(ValueError, match=str(error)):
            full.seconds_bound()
        return
    assert full.seconds_bound() >= estimate > 0


def test_omaha_has_no_bound():
    spot = Spot(["AsKsQdJd", "7h7d6c5c"], "2c3c4d", None)
    assert spot.seconds_bound() == math.inf and spot.estimated_seconds() < math.inf


@pytest.mark.parametrize("call", [
    dict(players=["AsKs", "QQ+, AKs"], board="7c8s9sTd2c"),
    dict(players=["AK, AQ", "QQ+, AKs"], board="7c8s9sTd2c", dead="3h"),
    dict(players=["AsKs", "QQ+"], progress=lambda done, total: None),
    dict(players=["AK, AQ", "QQ+:0.5, AKs"], board="7c8s9s", exact=True, threads=4),
])
def test_small_range_jobs_skip_the_estimate_and_the_plan(call):
    with mock.patch.object(Spot, "estimated_seconds", _refuse), mock.patch.object(_equity_jobs, "exact_plan", _refuse):
        result = ph.equity(**call)
    assert result == outcome_of_planned(call)


def test_jobs_past_the_bound_are_estimated_and_planned():
    estimated = []
    real = Spot.estimated_seconds

    def counting(self):
        estimated.append(self.labels)
        return real(self)

    with mock.patch.object(Spot, "estimated_seconds", counting):
        ph.equity(["AK, AQ", "QQ+, AKs"], board="7c8s9s", samples=2000, seed=1)  # Monte Carlo: its own rule
        ph.equity(["AsKsQdJd", "7h7d6c5c, 8h8d6d5d"], board="2c3c4d5s")  # Omaha: no bound
    assert {tuple(labels) for labels in estimated} == {("AsKsQdJd", "7h7d6c5c, 8h8d6d5d")}


@pytest.mark.parametrize("call", [
    dict(players=["AsKs", "7h7d"], board="7c8s9sTd2c"),
    dict(players=("AsKs", ["7h", "7d"], (0, 1)), board=["7c", "8s", "9s"], dead="2h", threads=1),
    dict(players=["AsKs", "7h7d"], exact=True),
    dict(players=["AsKsQdJd", "7h7d6c5c"], board="7c8s9sTd2h", omaha=True, force=False),
])
def test_known_hands_are_one_native_call(call):
    if _equity_fixed._equity_hands is None:
        pytest.skip("this core has no equity_hands")
    answered, counting = _recording(_equity_fixed._equity_hands)
    with mock.patch.object(_equity_fixed, "_equity_hands", counting), mock.patch.object(_equity, "fixed_spot", _refuse), \
            mock.patch.object(_equity, "_Spot", _refuse):
        result = ph.equity(**call)
    assert answered and answered[-1] is not None
    planned = outcome_of_planned(call)
    assert result == planned and repr(result.equity) == repr(planned.equity) and repr(result.win_rate) == repr(
        planned.win_rate) and repr(result.lose_rate) == repr(planned.lose_rate)


@pytest.mark.parametrize("players, board, dead, omaha", [
    (["AsKs", "QQ+"], None, None, None),          # a range
    (["AsKs", "AsKd"], None, None, None),         # a shared card
    (["AsKs", "7h7d"], "2c2c3c", None, None),     # a duplicate on the board
    (["AsKs", "7h7d"], "2c3c", None, None),       # a board of two
    (["AsKs", "7h7d"], "2c3c4c", "2c", None),     # a card on the board and dead
    (["AsKs", "7h7dQc"], None, None, None),       # mixed sizes
    (["AsKs", "7h7d"], None, None, True),         # omaha=True with hold'em hands
    (["AsKs", "7h7d"], None, None, 0),            # an omaha that is not True, False or None
    (["AsKs", "7h7d"], b"2c3c4c", None, None),    # bytes
    (["AsKs", "7h7d"], 5, None, None),            # a bare id
    ("AsKs", None, None, None),                   # not a list of players
    (["AsKs", ["7h", 99]], None, None, None),     # an id outside the deck
    (["AsKs", ["7h", None]], None, None, None),   # an item of the wrong type
    (["AsKs"] + [[2 * i, 2 * i + 1] for i in range(1, 25)], None, None, None),  # 25 players
    (["AsKs", "7h7d", "2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "8c8d", "9c9d", "TcTd", "JcJd"], None, None, None),
    ([list(range(6 * i, 6 * i + 6)) for i in range(8)], None, None, None),  # 48 hole cards and a board: 53
])
def test_native_lane_leaves_every_other_call_to_the_checked_path(players, board, dead, omaha):
    if _equity_fixed._equity_hands is None:
        pytest.skip("this core has no equity_hands")
    assert core.equity_hands(players, board, dead, omaha, 0.01) is None


def test_native_lane_leaves_jobs_past_its_limit_to_the_checked_path():
    # heads-up before the flop: a quarter of a millisecond by the cost model; the limit is auto mode's
    if _equity_fixed._equity_hands is None:
        pytest.skip("this core has no equity_hands")
    assert core.equity_hands(["AsKs", "7h7d"], None, None, None, 1e-4) is None
    assert core.equity_hands(["AsKs", "7h7d"], None, None, None, 1e-2) is not None


def test_a_core_without_the_new_entries_takes_the_previous_lanes():
    calls = [dict(players=["AsKs", "7h7d"], board="7c8s9sTd"), dict(players=["AsKs", "QQ+, AKs"], board="7c8s9sTd")]
    with mock.patch.object(_equity_fixed, "_equity_hands", None), mock.patch.object(_equity_spot, "_seconds_bound", None), \
            mock.patch.object(_equity_jobs, "_exact_within", None):
        assert Spot(["AsKs", "QQ"], None, None).seconds_bound() == math.inf
        results = [ph.equity(**call) for call in calls]
    assert results == [outcome_of_planned(call) for call in calls]


# ---- small range jobs in one native call (_core.equity_exact_within) --------------------------------------

@contextlib.contextmanager
def _previous_small_lane():
    """equity() with the small-job lane as it was before equity_exact_within (and equity_ranges): Spot, the
    deal search, the bound, the units and the run, each its own call."""
    with mock.patch.object(_equity_jobs, "run_within_one_piece", lambda *args: None), \
            mock.patch.object(_equity_jobs, "known_ranges", lambda *args: None):
        yield


def _without_range_lane():
    """equity() as it was before equity_ranges: the small jobs' lane of equity_exact_within."""
    return mock.patch.object(_equity_jobs, "known_ranges", lambda *args: None)


@pytest.mark.parametrize("previous", [_previous_small_lane, _without_range_lane])
@EXAMPLES
@given(spot=range_spots(), chosen=options())
def test_the_native_small_lanes_give_the_previous_lanes_results_and_errors(previous, spot, chosen):
    chosen.pop("omaha", None)
    call = {**spot, **chosen}
    direct = outcome(**call)
    with previous():
        assert outcome(**call) == direct


@pytest.mark.parametrize("call", [
    dict(players=["AsKs", "QQ+, AKs"], board="7c8s9sTd2c"),
    dict(players=["AK, AQ", "QQ+, AKs"], board="7c8s9sTd2c", dead="3h"),
    dict(players=["AsKs", "QQ+"]),
    dict(players=["AK, AQ", "QQ+:0.5, AKs"], board="7c8s9s", exact=True, threads=4, force=True),
    dict(players=["AsKs", "7h7d", "JJ-99"], board="7c8s9sTd"),
    dict(players=[ph.Range("AsKs:0.5, AdKd"), "KK"], board=[0, 5, 10]),
    dict(players=["AsKs,AsQs", "AsJs,AsTs"], board="2c3c4c"),  # no deal at all: said in the search's words
])
def test_small_range_jobs_past_the_range_lane_are_one_native_call(call):
    if _equity_jobs._exact_within is None:
        pytest.skip("this core has no equity_exact_within")
    answered, counting = _recording(_equity_jobs._exact_within)
    # the deal search, the bound, the units and every runner refuse to run: the call must get by without them
    with mock.patch.object(_equity_jobs, "_exact_within", counting), \
            mock.patch.object(_equity_jobs, "known_ranges", lambda *args: None), \
            mock.patch.object(Spot, "check_some_deal", _refuse), mock.patch.object(Spot, "seconds_bound", _refuse), \
            mock.patch.object(Spot, "units", _refuse), mock.patch.object(_equity_jobs, "run_small_exact", _refuse), \
            mock.patch.object(parallel, "run", _refuse):
        direct = outcome(**call)
    assert answered and answered[-1] is not None
    assert direct == outcome(**call) == outcome_of_planned_or_error(call)


def outcome_of_planned_or_error(call):
    with planned_path():
        return outcome(**call)


# ---- small range jobs read, checked and run in one native call (_core.equity_ranges) -----------------------

@pytest.mark.parametrize("call", [
    dict(players=["AsKs", "QQ+, AKs"], board="7c8s9sTd2c"),
    dict(players=["AK, AQ", "QQ+, AKs"], board="7c8s9sTd2c", dead="3h"),
    dict(players=["AsKs", "QQ+"]),
    dict(players=["AK, AQ", " QQ+:0.5, AKs  "], board="7c8s9s", exact=True, threads=4, force=True),
    dict(players=["AsKs", "7h7d", "JJ-99"], board="7c8s9sTd"),
    dict(players=(["As", "Ks"], "KK:2, AQs"), board=(0, 5, 10), omaha=False),
    dict(players=["AhKh:0.25", "QQ+", "AKs"], board="2c3c4c"),  # a range of one combo holds known cards
])
def test_small_range_jobs_are_one_call_of_the_range_lane(call):
    if _equity_jobs._equity_ranges is None:
        pytest.skip("this core has no equity_ranges")
    answered, counting = _recording(_equity_jobs._equity_ranges)
    # Spot, the other native lane and every runner refuse to run: the call must get by without them
    with mock.patch.object(_equity_jobs, "_equity_ranges", counting), mock.patch.object(_equity, "_Spot", _refuse), \
            mock.patch.object(_equity_jobs, "_exact_within", _refuse), mock.patch.object(parallel, "run", _refuse):
        direct = outcome(**call)
    assert answered and answered[-1] is not None
    assert direct == outcome_of_planned_or_error(call)


class _Text(str):
    """Range text as a str subclass: Spot's to read."""


@pytest.mark.parametrize("call", [
    dict(players=["AsKs,AsQs", "AsJs,AsTs"], board="2c3c4c"),  # no deal at all
    dict(players=[ph.Range("QQ+"), "AKs"]),  # a Range object
    dict(players=[_Text("QQ+"), "AKs"]),
    dict(players=["AsKs", "random"]),  # past one piece
    dict(players=["AsKs", "QQ+, AKx"]),  # a bad token
    dict(players=["AsAs", "QQ+"]),  # cards that repeat one
    dict(players=["AsKs", "AsKs:0.5"]),  # a range of one combo that clashes with a hand
    dict(players=["AhAd", "AA"], board="AcAs2d"),  # no hand left after card removal
    dict(players=["AsKs", "QQ+"], omaha=True),
    dict(players=["AsKs", "QQ+"], omaha=0),
    dict(players=["AsKs", "\ud800QQ+"]),  # text that is not UTF-8
    dict(players=["AsKs", "  "]),
    dict(players=["AsKsQdJd", "AAKK"]),
    dict(players=["AsKs", "QQ+"], board="7c8s"),
    dict(players=["AsKs", "QQ+"], dead="7c7c"),
    dict(players=["AsKs", "QQ+"], board="7c8s9s", dead="9s"),
    dict(players=["AsKs"]),
])
def test_the_range_lane_leaves_what_spot_must_decide_to_spot(call):
    if _equity_jobs._equity_ranges is None:
        pytest.skip("this core has no equity_ranges")
    answered, counting = _recording(_equity_jobs._equity_ranges)
    with mock.patch.object(_equity_jobs, "_equity_ranges", counting):
        direct = outcome(**call)
    assert all(answer is None for answer in answered)
    assert direct == outcome_of_planned_or_error(call)


def test_the_range_lane_reads_the_bound_as_run_within_one_piece_does():
    if _equity_jobs._equity_ranges is None:
        pytest.skip("this core has no equity_ranges")
    spot = Spot(["AsKs", "QQ+"], None, None).args  # a millisecond before the flop
    ranges = core.equity_ranges
    for limits in ((0.04, 1.0, 2.0), (0.04, 1.0, 1e-5), (1e-9, 1.0, 2.0), (0.04, 1e9, 2.0), (0.04, 1.0, math.inf)):
        fields = ranges(["AsKs", "QQ+"], None, None, None, *limits)
        tally = core.equity_exact_within(*spot, *limits)
        assert (fields is None) == (tally is None)
        if tally is not None:
            assert fields[2:6] == (tuple(tally["win"]), tuple(tally["tie"]), tuple(tally["lose"]), tally["deals"])
    with pytest.raises(TypeError, match="takes 7 arguments"):
        ranges(["AsKs", "QQ+"], None, None, None, 0.04, 1.0)
    with pytest.raises(TypeError):
        ranges(["AsKs", "QQ+"], None, None, None, "x", 1.0, 2.0)


def test_jobs_past_the_native_bound_take_the_planned_path():
    if _equity_jobs._exact_within is None:
        pytest.skip("this core has no equity_exact_within")
    spot = Spot(["AsKs", "QQ+"], None, None).args  # a millisecond before the flop
    assert _equity_jobs.run_within_one_piece(spot, 1e-5) is None
    assert _equity_jobs.run_within_one_piece(spot, 2.0) == core.equity_exact(*spot, 0, core.equity_units(*spot))
    with mock.patch.object(_equity_jobs, "ONE_PIECE_SECONDS", 1e-9):
        assert _equity_jobs.run_within_one_piece(spot, 2.0) is None
    big = Spot(["AsKs", "random"], None, None).args  # a tenth of a second: pieces for threads
    assert _equity_jobs.run_within_one_piece(big, 2.0) is None


def test_one_piece_is_exact_plans_one_piece():
    for estimate in (0.0, 1e-6, _equity_jobs.ONE_PIECE_SECONDS, 0.039, 0.04, 0.05, 0.1, 0.2):
        assert _equity_jobs.one_piece(estimate) == (_equity_jobs.exact_plan(10 ** 6, estimate, 64) == (1, 10 ** 6))
