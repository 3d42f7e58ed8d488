"""The command line's progress bar: its unit, and the time left from the job's estimate (the number the
refusal quotes) moving to the run's measured pace. The clock is a stand-in: no test depends on timing."""

from __future__ import annotations

import io
import sys

import pytest

from pokerhash import _equity_jobs as jobs
from pokerhash._cli_output import ProgressBar, time_left
from pokerhash._equity_host import host_seconds
from pokerhash._equity_spot import Spot

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="a command line's bar")


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    """A progress callback that wants the plan, as the command line's bar does: what it was told, in order."""

    def __init__(self) -> None:
        self.calls: list = []

    def plan(self, unit, seconds):
        self.calls.append((unit, seconds))

    def __call__(self, done, total):
        self.calls.append((done, total))


def test_time_left_starts_at_the_estimate():
    assert time_left(0.0, 0.0, 7200.0) == 7200.0


def test_time_left_moves_from_the_estimate_to_the_measured_pace():
    # The run goes four times slower than estimated: 400 s where the estimate said 100 s.
    estimate, actual = 100.0, 400.0
    gaps = []
    for fraction in (0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99):
        elapsed = actual * fraction
        pace_left = actual - elapsed
        left = time_left(fraction, elapsed, estimate)
        assert estimate * (1 - fraction) < left < pace_left  # between the two
        gaps.append((pace_left - left) / pace_left)
    assert gaps == sorted(gaps, reverse=True) and gaps[-1] < 0.02


def test_time_left_without_an_estimate_is_the_pace_once_there_is_one():
    assert time_left(0.0, 3.0, None) is None
    assert time_left(0.25, 10.0, None) == pytest.approx(30.0)


def test_bar_reads_its_unit_and_starts_at_the_estimate():
    pytest.importorskip("tqdm")
    clock, stream = Clock(), FakeTerminal()
    with ProgressBar(stream=stream, delay=0, clock=clock) as bar:
        bar.plan("hand combinations", 3 * 3600.0)
        bar(143_044, 2_331_473_976)
        bar.bar.refresh()
        assert stream.getvalue().endswith("| 143,044 of 2,331,473,976 hand combinations, about 3 hours left")
        clock.now += 5 * 3600  # 10% done in 5 hours: the pace says 45 hours left, the estimate's share 2.7
        assert bar.left_text(233_147_398, 2_331_473_976) == "about 7 hours left"
        clock.now += 44.5 * 3600  # 99% done after 49.5 hours: the pace says 30 minutes
        assert bar.left_text(2_308_159_236, 2_331_473_976) == "about 30 minutes left"


def test_equity_runs_tell_the_bar_the_refusal_estimate():
    spot = Spot(["QQ+,AK", "random"], "Ks7d2c", None)
    units, estimate = spot.units(), spot.estimated_seconds()

    def run(progress, force):
        return jobs.run_exact(None, spot.args, units, estimate, most=2, executor=None, progress=progress,
                              refuse_seconds=0.0, force=force)

    with pytest.raises(ValueError) as refused:
        run(None, False)
    told = Recorder()
    run(told, True)
    (unit, seconds), *steps = told.calls
    threads = jobs.exact_plan(units, estimate, 2)[0]
    assert unit == "hand combinations" and seconds == host_seconds(estimate) / threads
    assert f"about {jobs.duration(seconds)} on {threads} thread" in str(refused.value)
    assert steps[-1] == (units, units)


def test_monte_carlo_runs_count_samples_with_no_estimate():
    spot, told = Spot(["AsAd", "KK"], None, None), Recorder()
    jobs.run_monte_carlo(None, spot.args, 1, 1000, None, 500, most=1, executor=None, progress=told)
    assert told.calls == [("samples", None), (500, 1000), (1000, 1000)]
