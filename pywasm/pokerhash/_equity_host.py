"""The host factor: how much slower this machine runs the exact equity engine than the reference host.

ph_equity_exact_seconds (and ph_game_equity_exact_seconds) estimate native single-core seconds on the host
their constants were fitted on (core_c/src/equity/equity_cost.c: one core of a 2-core AMD EPYC), the same
number on every machine. On another host the same spot takes 1.4 to 2.6 times as long or less, so the rules
stated in seconds (auto mode enumerates up to 2 s, exact=True refuses above 60 s) would hold only there.
The rules therefore read the estimate times this factor: on first use a process times a fixed small exact
job (PROBE_SPOTS, about 1.5 ms on the reference host; a warm-up run and the best of PROBE_RUNS, about 10 ms
in all, timed by this thread's CPU clock) and divides by what the model says of it on the reference host.
The factor is computed once per process; POKERHASH_HOST_FACTOR (a positive number) sets it instead, with no
timing (the test suite pins it to 1 so that no test depends on the speed of the machine; pin it to make the
mode choice reproducible across machines). Piece sizes still follow the unscaled estimate, so where pieces
fall depends on the spot alone, as before.
"""

from __future__ import annotations

import math
import os
import threading
import time
from typing import Any, List, Tuple

from ._backend import core
from ._equity_spot import Spot

ENV = "POKERHASH_HOST_FACTOR"
# Players, board: three ranges on a flop (1,152 units: the walk and the solver's flop passes) and three
# hands before the flop (one unit: the solver's preflop passes).
PROBE_SPOTS = ((["AK,AQ", "QQ,JJ", "T9s"], "Js 7d 2c"), (["AsKd", "QhJh", "Tc9c"], None))
PROBE_RUNS = 5
# The probe's best time over the model's estimate of it on the reference host (the development box, with the
# model of equity_cost.c as fitted: 0.973 to 0.986 over five rounds of 40 runs). Refit with the model.
REFERENCE_RATIO = 0.98
# A factor outside this range is a timing accident (a process stopped while timing), not a host.
FACTOR_RANGE = (0.25, 20.0)

_factor: List[float] = []
_lock = threading.Lock()


def host_factor() -> float:
    """Seconds on this host per second of ph_equity_exact_seconds' estimate (1.0 on the reference host):
    POKERHASH_HOST_FACTOR when set, else the probe's measurement, taken once per process."""
    if not _factor:
        with _lock:
            if not _factor:
                _factor.append(_pinned() or probe())
    return _factor[0]


def host_seconds(estimate: float) -> float:
    """The cost model's estimate (reference-host seconds) as seconds of one core of this host."""
    return estimate * host_factor()


def _pinned() -> float:
    text = os.environ.get(ENV, "").strip()
    if not text:
        return 0.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{ENV}={text!r}: expected a positive number (this host's seconds per second of "
                         "the equity cost model), or unset to measure it")
    return value


def probe() -> float:
    """Times PROBE_SPOTS on the exact engine (the best of PROBE_RUNS after a warm-up) against the model's
    estimate of them: the host factor, within FACTOR_RANGE."""
    jobs: List[Tuple[Any, int]] = []
    for players, board in PROBE_SPOTS:
        spot = Spot(players, board, None)
        jobs.append((spot.args, spot.units()))
    estimate = sum(core.equity_exact_seconds(*args) for args, _ in jobs)
    wall, cpu = [], []
    for _ in range(PROBE_RUNS + 1):
        wall_start, cpu_start = time.perf_counter(), _thread_time()
        for args, units in jobs:
            core.equity_exact(*args, 0, units)
        cpu.append(_thread_time() - cpu_start)
        wall.append(time.perf_counter() - wall_start)
    # The first run warms the caches. This thread's CPU time measures the host's speed, not the moment's load
    # (a factor taken while other processes held the cores would mislead the whole process); the best of
    # the wall times stands in where that clock is missing or too coarse (Windows ticks, some wasm hosts).
    best_wall, best_cpu = min(wall[1:]), min(cpu[1:])
    best = best_cpu if 0 < best_cpu <= 1.05 * best_wall else best_wall
    low, high = FACTOR_RANGE
    return min(high, max(low, best / estimate / REFERENCE_RATIO))


def _thread_time() -> float:
    try:
        return time.thread_time()
    except (AttributeError, OSError):  # no per-thread CPU clock here
        return 0.0
