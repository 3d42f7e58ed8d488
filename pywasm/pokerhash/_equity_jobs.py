"""How the work of an equity call is chosen, cut up and run: the one mode rule and the one runner that
pokerhash.equity and pokerhash.games.equity share.

The work is a stream of *pieces*, plain picklable descriptions of one engine call:
    ("exact", game, spot, start, count)          units [start, start + count) of exact enumeration
    ("sample", game, spot, seed, first, count)   samples [first, first + count) of Monte Carlo
where spot = (players_holdings, weights_or_None, board, dead) as the `_core` equity functions take them and
game is None for hold'em (`_core.equity_*`) or a (high, low) pair of game ids (`_core.game_equity_*`).
Piece boundaries depend on the problem alone, never on where the pieces run; the tallies are added one
piece at a time in piece order (also when a cluster runs several pieces as one task), and Monte Carlo
sample i depends on the seed and i alone. So a call gives the same result, to the last bit, on one
thread, many threads, a process pool or a Dask cluster.

The pieces go through pokerhash.parallel.run: local threads by default (the engine releases the GIL),
each piece about CHUNK_SECONDS of C time so Ctrl-C, seen between pieces, stops a run within a second. A job
planned for one local thread runs its pieces in the calling thread without the runner (_run_here: the same
loop, without the set-up that would cost more than a bot's whole river spot).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

from . import _equity_engine, parallel
from ._backend import core
from ._equity_engine import Tally, holdem_engine
from ._equity_host import host_factor, host_seconds
from ._checks import as_int, flag, optional_bool, positive, shown_value

Piece = Tuple[Any, ...]  # ("exact", game, spot, start, count) | ("sample", game, spot, seed, first, count)
Progress = Callable[[int, int], None]

CHUNK_SECONDS = 0.1  # estimated C time per piece: Ctrl-C is seen between pieces
# Monte Carlo pieces are cut below their batch only past this estimated C time: overlapping ranges make
# samples dear, while any other spot (ten "random" ranges: 0.12 s a batch) keeps its batches and its floats.
MC_PIECE_SECONDS = 0.5
# A sample whose tries at clash-free holdings take longer than this is dear: ten times a whole sample of most
# spots. Only dear samples are refused (a huge samples= of other spots is the user's to ask for).
DEAR_SAMPLE_SECONDS = 1e-5
THREAD_SECONDS = 0.02  # estimated work each extra local thread must have to pay for itself
MIN_PIECE_SECONDS = 0.005  # pieces are not cut smaller than this for load balance (call overhead)
SPLIT = 32  # pieces a job worth splitting is cut into at least: four per thread for 8 threads
SMALL_MC = 200_000  # below this many samples one thread beats a pool
MAX_SAMPLES = 10 ** 12  # samples= above this is refused (days of C time); the same cap as the JS library
DASK_SAMPLES = 1 << 21  # Monte Carlo samples per cluster task: 0.3 to 1 s of C time here (hold'em, Omaha)
# One holding draw of the C samplers' loop that redraws every holding until none clash: 5.1 to 6.2 ns on one
# core of the development box, hold'em and short deck alike (ranges of "AA,KK,QQ,JJ" and "random").
SAMPLER_DRAW_NS = 6.0
# What progress(done, total) counts: exact runs, units (one choice of holdings per player, each with all its
# boards; combinations that share a card count too, at almost no cost); Monte Carlo, samples.
EXACT_UNIT = "hand combinations"
SAMPLE_UNIT = "samples"


# ---- the mode rule (PLAN decision 2; the same in JS) -------------------------------------------------------


def force_option(force: Any) -> bool:
    """force= as True or False; TypeError otherwise ("no" would read as true and run a refused job)."""
    return flag(force, "force")


def sampling_options(exact: Optional[bool], samples: Any, stderr: Any, seed: Any) -> List[str]:
    """The Monte Carlo options given, as "name=value"; ValueError when exact=True conflicts with them,
    TypeError for an exact that is not True, False or None ('no' would otherwise read as true)."""
    exact = optional_bool(exact, "exact")
    given = [f"{name}={shown_value(value)}" for name, value in (("samples", samples), ("stderr", stderr), ("seed", seed))
             if value is not None]
    if exact is True and given:
        raise ValueError(f"exact=True conflicts with {', '.join(given)}: those set Monte Carlo; "
                         "drop them, or pass exact=False (or leave exact=None) to sample")
    return given


def runs_exact(exact: Optional[bool], sampling: Sequence[str], estimate: Callable[[], float],
               auto_seconds: float) -> bool:
    """exact=None: exact unless a Monte Carlo option is given or the single-core estimate, in seconds of
    this host (estimate is called only when needed), is over `auto_seconds`."""
    if exact is not None:
        return bool(exact)
    return not sampling and estimate() <= auto_seconds


def pick_mode(exact: Optional[bool], sampling: Sequence[str], spot: Any, cap: int, target: Optional[float],
              batch: int, *, most: int, executor: Any, auto_seconds: float, refuse_seconds: float,
              force: bool) -> Tuple[bool, int]:
    """(True, 0) to enumerate, or (False, samples per piece) to sample.

    runs_exact's rule, and for heavily overlapping ranges, where the sampler's tries at holdings free of
    shared cards make a sample dear (over DEAR_SAMPLE_SECONDS): auto mode enumerates when those tries would
    take longer than the whole enumeration (itself within `refuse_seconds`); sampling whose tries would take
    over `refuse_seconds` of one core is refused, naming the rate (refuse_sampling), unless forced; and pieces
    are cut below `batch` samples (sample_batch). `spot` is an _equity_spot.Spot; cap and target as
    mc_limits gives them.
    """
    # The rules read seconds of this host (_equity_host); batches follow the reference host's, so where pieces
    # fall depends on the spot alone.
    if runs_exact(exact, sampling, lambda: host_seconds(spot.estimated_seconds()), auto_seconds):
        return True, 0
    accepted, per_sample = sampling_cost(spot)
    batch = sample_batch(batch, per_sample)
    samples = expected_samples(cap, target, batch)
    seconds = host_seconds(samples * per_sample)
    if exact is None and not sampling and host_seconds(spot.estimated_seconds()) < min(seconds, refuse_seconds):
        return True, 0
    if per_sample > DEAR_SAMPLE_SECONDS and seconds > refuse_seconds and not force:
        workers = sample_threads(cap, batch, most) if executor is None else parallel.workers(executor)
        refuse_sampling(accepted, seconds, samples, workers)
    return False, batch


def sampling_cost(spot: Any) -> Tuple[float, float]:
    """(the share of the sampler's tries free of shared cards, the single-core seconds a sample's tries take):
    the part of a sample that grows without bound as ranges overlap more (the rest is the same for any
    ranges)."""
    accepted, draws = spot.deal_rate()
    if not accepted:
        return 0.0, math.inf
    return accepted, draws / accepted * SAMPLER_DRAW_NS * 1e-9


def sample_batch(batch: int, per_sample: float) -> int:
    """Samples per Monte Carlo piece: `batch`, halved while a piece would take over MC_PIECE_SECONDS, so that
    Ctrl-C, seen between pieces, stops a run within a second also when overlapping ranges make samples dear.
    The same for every executor, and in JS: it depends on the spot alone."""
    while batch > 1 and batch * per_sample > MC_PIECE_SECONDS:
        batch //= 2
    return batch


def refuse_sampling(accepted: float, seconds: float, samples: int, workers: int) -> None:
    """ValueError naming how rare clash-free holdings are and how long `samples` samples would take."""
    if not accepted:
        raise ValueError("almost no choice of the players' holdings is free of shared cards, so Monte Carlo "
                         "cannot deal them; pass exact=True to enumerate the few that are")
    rarity = int(1 / accepted + 0.5)  # rounded half up, as JS rounds it
    raise ValueError(f"only about 1 in {rarity:,} choices of the players' holdings is free of shared "
                     f"cards; {samples:,} samples would take about {duration(seconds / workers)} on {workers} "
                     f"thread{'s' if workers > 1 else ''}; pass a smaller samples=, or force=True")


def expected_samples(cap: int, target: Optional[float], batch: int) -> int:
    """The samples a Monte Carlo job draws at most: `cap`, or fewer for a stderr target, which a pot share
    (variance at most 1/4) meets by 1 / (4 target^2) samples, checked after each piece of `batch`."""
    if target is None:
        return cap
    needed = 0.25 / target / target  # a tiny target gives inf (or huge), never a division by an underflowed 0
    if needed >= cap:
        return cap
    return min(cap, -(-math.ceil(needed) // batch) * batch)


def check_cost(estimate: float, workers: int, refuse_seconds: float, force: bool) -> None:
    """Refuses, naming the estimate, an exact job of more than `refuse_seconds` on one core of this host
    (`estimate` in this host's seconds), unless forced."""
    if estimate > refuse_seconds and not force:
        raise ValueError(f"exact enumeration would take about {duration(estimate / workers)} on {workers} "
                         f"thread{'s' if workers > 1 else ''}; use Monte Carlo (exact=False) or pass force=True")


def tell_plan(progress: Optional[Progress], unit: str, seconds: Optional[float]) -> None:
    """Tells a progress callback with a plan(unit, seconds) method (the command line's bar) what its done and
    total count and the run's estimated wall time: the seconds the refusal quotes (this host's, over the
    workers), or None where there is no estimate (Monte Carlo). A plain callable is told nothing."""
    plan = getattr(progress, "plan", None)
    if callable(plan):
        plan(unit, seconds)


def duration(seconds: float) -> str:
    """'45 seconds', '12 minutes', '9 hours', '3 days', '2.1e+04 years': rounded for a message."""
    for unit, size in (("year", 365 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size:
            amount = seconds / size
            text = f"{amount:.2g}" if amount >= 1e4 else f"{round(amount):,}"
            return f"{text} {unit}s"
    return f"{max(1, round(seconds))} second{'s' if round(seconds) != 1 else ''}"


def mc_limits(samples: Any, stderr: Any, default: int, most_for_stderr: int) -> Tuple[int, Optional[float]]:
    """(samples to draw at most, stderr target or None), checked."""
    count = None if samples is None else positive(samples, "samples")
    if count is not None and count > MAX_SAMPLES:
        raise ValueError(f"samples must be at most 10**12, got {shown_value(samples)}: that many would take days;"
                         " pass stderr= to stop at a precision instead")
    samples = count
    if stderr is not None and (isinstance(stderr, bool) or not isinstance(stderr, (int, float)) or not stderr > 0):
        raise ValueError(f"stderr must be a positive number, got {shown_value(stderr)}")
    if samples is None:
        samples = most_for_stderr if stderr is not None else default
    return samples, stderr


def new_seed(seed: Any) -> int:
    """The seed to use: the one given (checked), or a fresh random one."""
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    number = as_int(seed)
    if number is None or not 0 <= number < 1 << 64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {shown_value(seed)}")
    return number


def default_threads(most: Optional[int]) -> int:
    """The local threads a job may use: `most`, else one per CPU; one under Pyodide (no threads)."""
    return 1 if sys.platform == "emscripten" else (most or parallel.available_cpus())


def local_threads(threads: Any, executor: Any) -> Optional[int]:
    """The local thread bound of a call's threads= / executor= (None: no bound given); checks both."""
    bound = None if threads is None else positive(threads, "threads")
    if bound is not None and executor is not None:
        raise ValueError("pass threads= or executor=, not both (executor=N is N local threads)")
    if isinstance(executor, int) and not isinstance(executor, bool):
        return parallel.workers(executor)  # checks it is positive
    return bound


# ---- planning ------------------------------------------------------------------------------------------------


def exact_plan(units: int, estimate: float, most: int) -> Tuple[int, int]:
    """(local threads, units per piece) for an exact job of `units` units estimated at `estimate` seconds of
    one core, on at most `most` threads.

    Pieces take about CHUNK_SECONDS each (so Ctrl-C is seen often); a job worth a second thread is cut into
    at least SPLIT pieces for balance, none below MIN_PIECE_SECONDS. The pieces depend on the job alone,
    not on `most`. A thread is added only for every THREAD_SECONDS of estimated work, so small jobs stay on
    one thread, where a pool would only add its start-up and merging.
    """
    pieces = max(1, math.ceil(estimate / CHUNK_SECONDS))
    if estimate >= 2 * THREAD_SECONDS:
        pieces = max(pieces, min(SPLIT, int(estimate / MIN_PIECE_SECONDS)))
    pieces = max(1, min(pieces, units))
    workers = max(1, min(most, int(estimate / THREAD_SECONDS), pieces))
    return workers, max(1, -(-units // pieces))


# The largest estimate that exact_plan gives one piece on one thread: at most a piece's time, short of a second thread's
ONE_PIECE_SECONDS = min(CHUNK_SECONDS, math.nextafter(2 * THREAD_SECONDS, 0.0))


def one_piece(estimate: float) -> bool:
    """Whether exact_plan gives a job of this estimate one piece on one thread, whatever its units: then it
    does so for any smaller estimate too, so a bound of the estimate settles the plan without the estimate."""
    return estimate <= ONE_PIECE_SECONDS


def run_within_one_piece(spot: Tuple[Any, ...], most_host_seconds: float) -> Optional[Tally]:
    """run_small_exact's tally of a hold'em spot, without progress, when its cheap bound b shows one piece
    (one_piece(b)) within this host's limit (host_seconds(b) <= most_host_seconds): the bound, the units and
    the run in one native call, which reads the spot once. None when the bound says neither, when the core
    refuses the spot (ranges left with one holding each that share a card: the caller's deal search words it
    as it always has), or where the core lacks the call or a test's stand-in engine counts the work: then the
    caller checks and plans."""
    if _exact_within is None or _equity_engine.engine is not None:
        return None
    try:
        tally: Optional[Tally] = _exact_within(*spot, ONE_PIECE_SECONDS, host_factor(), most_host_seconds)
    except ValueError:
        return None
    return tally


def run_small_exact(game: Optional[Tuple[int, int]], spot: Tuple[Any, ...], units: int,
                    progress: Optional[Progress]) -> Optional[Tally]:
    """run_exact of a job on local threads whose estimate is within one_piece's and this host's refusal
    limit: its one piece on the calling thread, with the same tally and progress call as _run_here gives,
    planned and checked without the cost model's estimate."""
    tell_plan(progress, EXACT_UNIT, None)
    tally = run_piece(("exact", game, spot, 0, units)) if units else None
    if progress and units:
        progress(units, units)
    return tally


#: equity_exact_within of the core; None where the core has no such entry
_exact_within = getattr(core, "equity_exact_within", None)


def known_ranges(players: Any, board: Any, dead: Any, omaha: Any, most_host_seconds: float) -> Optional[Tuple[Any, ...]]:
    """The exact result's fields (as _equity.known_hands gives them) of equity(players, board, dead,
    omaha=omaha) in auto or exact mode when the players are hold'em range text or known hands, the call is
    plainly valid and run_within_one_piece's rule holds for its spot: Spot, the bound, the units and the run
    in one native call, where a bot's small range job would spend more in Python than in the engine. None
    otherwise, where the core has no such entry or a test's stand-in engine counts the work:
    then the caller builds the Spot, which names any fault in its own words."""
    if _equity_ranges is None or _equity_engine.engine is not None:
        return None
    fields: Optional[Tuple[Any, ...]] = _equity_ranges(players, board, dead, omaha, ONE_PIECE_SECONDS, host_factor(),
                                                       most_host_seconds)
    return fields


#: equity_ranges of the core; None where the core has no such entry
_equity_ranges = getattr(core, "equity_ranges", None)


def exact_pieces(game: Optional[Tuple[int, int]], spot: Tuple[Any, ...], units: int, size: int) -> Iterator[Piece]:
    return (("exact", game, spot, start, min(size, units - start)) for start in range(0, units, size))


def sample_pieces(game: Optional[Tuple[int, int]], spot: Tuple[Any, ...], seed: int, cap: int,
                  batch: int) -> Iterator[Piece]:
    return (("sample", game, spot, seed, first, min(batch, cap - first)) for first in range(0, cap, batch))


def sample_threads(cap: int, batch: int, most: int) -> int:
    """Local threads for a Monte Carlo job of at most `cap` samples in pieces of `batch`."""
    return 1 if cap < SMALL_MC else max(1, min(most, -(-cap // batch)))


# ---- running -------------------------------------------------------------------------------------------------


def run_pieces(pieces: Iterable[Piece], total: int, *, threads: int, executor: Any = None,
               pieces_per_task: int = 1, progress: Optional[Progress] = None,
               stop: Optional[Callable[[Tally], bool]] = None) -> Optional[Tally]:
    """Runs the pieces and adds their tallies in piece order; returns the total tally (None for no pieces).

    threads: local threads when executor is None. executor: as pokerhash.parallel.run (a Dask cluster
    gets `pieces_per_task` pieces a task, so its per-task overhead stays small). progress(done, total)
    after each task. stop(tally) is asked after each piece; once it says yes, no later piece counts (the
    same pieces count however they were grouped into tasks).
    """
    totals = _Totals(stop)
    if executor is None and threads == 1 and (not progress or callable(progress)):
        return _run_here(pieces, total, totals, progress)
    group = pieces_per_task if parallel._dask_backed(executor) else 1
    tasks = _grouped(pieces, group)
    parallel.run(run_task, tasks, _fold, totals, executor=threads if executor is None else executor,
                 sizes=task_size, total=total, progress=progress or False, stop=lambda t: t.done)
    return totals.tally


def _run_here(pieces: Iterable[Piece], total: int, totals: "_Totals", progress: Optional[Progress]) -> Optional[Tally]:
    """run_pieces on the calling thread with no runner: what parallel.run does for one local thread (one task
    a piece, merged in order, progress after each, Ctrl-C between two), without its set-up, which would be most
    of the time of a small job (a bot's call on the river is a few microseconds of C)."""
    done = 0
    for piece in pieces:
        part = run_piece(piece)
        # the engine's tally is new and read by no one else: the total starts as it, not as a copy of it
        totals.tally = part if totals.tally is None else add_tally(totals.tally, part)
        totals.done = bool(totals.stop and totals.stop(totals.tally))
        done += int(piece[-1])
        if progress:
            progress(done, total)
        if totals.done:
            break
    return totals.tally


def run_task(task: Tuple[Piece, ...]) -> List[Tally]:
    """Worker: the engine's tally of each piece of a task, in order (a top-level function, so processes and
    clusters can run it)."""
    return [run_piece(piece) for piece in task]


def run_piece(piece: Piece) -> Tally:
    """One engine call; returns the engine's tally dict."""
    kind, game, spot, *numbers = piece
    if game is None:
        engine = holdem_engine()
        return engine.equity_exact(*spot, *numbers) if kind == "exact" else engine.equity_sample(*spot, *numbers)
    if kind == "exact":
        return core.game_equity_exact(*game, *spot, *numbers)
    return core.game_equity_sample(*game, *spot, *numbers)


def task_size(task: Tuple[Piece, ...]) -> int:
    """Units or samples a task covers (the last number of each piece)."""
    return sum(int(piece[-1]) for piece in task)


def _grouped(pieces: Iterable[Piece], size: int) -> Iterator[Tuple[Piece, ...]]:
    """Consecutive pieces, `size` at a time, taken lazily."""
    pieces = iter(pieces)
    while True:
        task = tuple(itertools.islice(pieces, size))
        if not task:
            return
        yield task


class _Totals:
    """The running tally of a job, and whether its stop rule has ended it."""

    def __init__(self, stop: Optional[Callable[[Tally], bool]]) -> None:
        self.tally: Optional[Tally] = None
        self.done = False
        self.stop = stop


def _fold(totals: _Totals, parts: List[Tally]) -> _Totals:
    for part in parts:
        if totals.done:
            break
        totals.tally = add_tally(totals.tally, part)
        totals.done = bool(totals.stop and totals.stop(totals.tally))
    return totals


def add_tally(total: Optional[Tally], part: Tally) -> Tally:
    """Adds the engine's counts: numbers add, lists add element by element."""
    if total is None:
        return {k: list(v) if isinstance(v, list) else v for k, v in part.items()}
    for key, value in part.items():
        if isinstance(value, list):
            acc = total[key]
            for i, v in enumerate(value):
                acc[i] += v
        else:
            total[key] += value
    return total


def stderrs(total: Tally) -> Optional[Tuple[float, ...]]:
    """Standard error of each player's Monte Carlo equity: one sample's pot share has mean m and
    E[x^2] = sum_sq / n, so the mean of n samples has variance (E[x^2] - m^2) / (n - 1) (unbiased)."""
    n = total["deals"]
    if n < 2:
        return None
    out = []
    for s, sq in zip(total["weighted_share"], total["sum_sq"]):
        mean = s / total["weight"]
        out.append(math.sqrt(max(0.0, sq / n - mean * mean) / (n - 1)))
    return tuple(out)


def stderr_stop(target: Optional[float]) -> Optional[Callable[[Tally], bool]]:
    """The stop rule of a stderr target: every player's standard error at most `target`."""
    if target is None:
        return None
    return lambda tally: (lambda errors: errors is not None and max(errors) <= target)(stderrs(tally))


def run_exact(game: Optional[Tuple[int, int]], spot: Tuple[Any, ...], units: int, estimate: float, *, most: int,
              executor: Any, progress: Optional[Progress], refuse_seconds: float, force: bool) -> Optional[Tally]:
    """Exact enumeration of `units` units estimated at `estimate` single-core seconds (the cost model's,
    reference-host seconds: the plan depends on the spot alone): refused (check_cost) when dear in this
    host's seconds and not forced, else run on at most `most` local threads, or on `executor`."""
    threads, size = exact_plan(units, estimate, most)
    workers = threads if executor is None else parallel.workers(executor)
    seconds = host_seconds(estimate)
    check_cost(seconds, workers, refuse_seconds, force)
    tell_plan(progress, EXACT_UNIT, seconds / workers)
    pieces = -(-units // size)
    per_task = max(1, round(parallel.DASK_TASK_SECONDS * pieces / max(estimate, 1e-9)))
    return run_pieces(exact_pieces(game, spot, units, size), units, threads=threads, executor=executor,
                      pieces_per_task=per_task, progress=progress)


def run_monte_carlo(game: Optional[Tuple[int, int]], spot: Tuple[Any, ...], seed: int, cap: int, target: Optional[float],
                    batch: int, *, most: int, executor: Any, progress: Optional[Progress]) -> Optional[Tally]:
    """Up to `cap` samples in pieces of `batch`, stopping early once every stderr is at most `target`."""
    tell_plan(progress, SAMPLE_UNIT, None)
    return run_pieces(sample_pieces(game, spot, seed, cap, batch), cap, threads=sample_threads(cap, batch, most),
                      executor=executor, pieces_per_task=max(1, DASK_SAMPLES // batch), progress=progress,
                      stop=stderr_stop(target))
