"""The direct lane of equity() (issue 28, part 4): a bot's call with known hands builds its spot straight from
the card ids (_equity_fixed.fixed_spot), and a job on one local thread runs with no runner
(_equity_jobs._run_here). Both must change nothing but the time: the same result, field by field and float by
float, and the same exception with the same words, for any input and options, as the planned path (Spot for
every input, pokerhash.parallel.run for every job)."""

import contextlib
import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pokerhash as ph
from pokerhash import _equity, _equity_jobs, parallel
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
    """equity() with no direct lane: every input through Spot, every job through the runner."""
    with mock.patch.object(_equity, "known_hands", lambda *args: None), \
            mock.patch.object(_equity, "fixed_spot", lambda *args: None), \
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
    call = {**spot, **chosen}
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
