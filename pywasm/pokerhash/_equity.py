"""equity(): all-in equity of 2 to 10 hold'em or Omaha hands or ranges, exact or Monte Carlo.

This layer checks the input (_equity_spot.py), picks the mode and runs the work (_equity_jobs.py, shared
with pokerhash.games.equity) and turns the engine's counts into an EquityResult. The engine
(`_core.equity_units / equity_exact / equity_sample / equity_exact_seconds`, docs/design/equity-c-api.md) does
every deal with the GIL released. Piece boundaries and the merge order depend only on the problem, never on
the threads or the executor, so the same call gives the same result anywhere; Monte Carlo samples come from
a counter-based generator (sample i depends on seed and i alone), so a seed fixes the result too.

Per-decision calls take shorter ways to the same result (tests/test_equity_direct.py holds them to it):
known hands with default options are one native call (_equity_fixed.known_hands); a hold'em job whose cheap
cost bound (Spot.seconds_bound) shows one piece within the mode limits runs at once, unplanned; with no
progress callback, bound, units and run are one native call (_equity_jobs.run_within_one_piece).

The mode rule (the same in JS, docs/design/equity-c-api.md "Choosing exact or Monte Carlo"):
  - ranges that share a card in every choice of holdings: ValueError "no deal is possible", before any work.
  - exact=None: Monte Carlo when samples, stderr or seed is given; else exact when the engine's estimate
    of the single-core time (ph_equity_exact_seconds, times the host factor of _equity_host.py: seconds of
    this machine, not of the one the model was fitted on) is at most AUTO_EXACT_SECONDS, else Monte Carlo
    with DEFAULT_SAMPLES samples and a fresh seed, which the result reports; but exact after all when the
    sampler would spend longer finding holdings free of shared cards than enumeration takes (heavily
    overlapping ranges) and enumeration is estimated within REFUSE_SAMPLING_SECONDS.
  - exact=True with samples, stderr or seed: ValueError naming the conflict.
  - exact=True with an estimate above REFUSE_EXACT_SECONDS: ValueError with the estimate, unless force=True.
  - Monte Carlo whose search for clash-free holdings is estimated above REFUSE_SAMPLING_SECONDS of one core:
    ValueError naming how rare they are, unless force=True (_equity_jobs.pick_mode).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Tuple

from . import _equity_jobs as jobs
from ._cards import Card
from ._equity_jobs import exact_plan  # noqa: F401  (bench/bench_equity_threads.py reads the plan)
from ._equity_engine import Tally
from ._equity_host import host_seconds
from ._equity_fixed import fixed_spot, known_hands
from ._equity_spot import Spot as _Spot

POT = 2520  # the engine's share unit is 1/2520 pot: a k-way split (k <= 10) is then a whole number
AUTO_EXACT_SECONDS = 2.0  # auto mode enumerates up to this estimated single-core time
REFUSE_EXACT_SECONDS = 60.0  # exact=True refuses above this estimated single-core time unless forced
REFUSE_SAMPLING_SECONDS = 60.0  # Monte Carlo refuses when finding clash-free holdings takes longer, unless forced
MC_BATCH = 1 << 16  # Monte Carlo piece: the stderr stopping rule is checked after each one
DEFAULT_SAMPLES = 1_000_000  # when neither samples nor stderr is given
MAX_SAMPLES_FOR_STDERR = 100_000_000  # cap when only a stderr target is given
Progress = Callable[[int, int], None]
_duration = jobs.duration


@dataclass(frozen=True)
class EquityResult:
    """Per-player results of equity(), in the order the players were given.

    Counts (integers) count deals. Exact: every deal once, that is every board completion of every holding
    combination (ranges' weights do not change counts); Monte Carlo: samples, drawn in proportion to the
    weights. Fractions are weighted in both modes: each combination counts with the product of its
    holdings' weights; without weights, exact win_rate == win / deals.

    Args:
        players: each player's hand or range, as given (range text normalised).
        equity: the expected share of the pot, splits shared.
        win: deals the player wins alone.
        tie: deals the player splits.
        lose: deals the player loses.
        deals: the deals counted (exact: deals; Monte Carlo: samples); also `boards`.
        exact: True for exact enumeration, False for Monte Carlo.
        stderr: Monte Carlo only: each equity's standard error.
        seed: Monte Carlo only: the seed that reproduces the run.
        board: the board cards.
        dead: the dead cards.
        seconds: the wall time (not compared by ==).
        win_rate: the probability of winning alone.
        tie_rate: the probability of splitting.
        lose_rate: the probability of losing.

    Raises:
        Nothing itself: equity() builds it; str() gives a table.

    Example:
        >>> import pokerhash as ph
        >>> r = ph.equity(["AsAd", "KsKh"], board="Qs 7d 2c")
        >>> r.exact, r.deals, r.win, r.players
        (True, 990, (907, 83), ('AsAd', 'KsKh'))
        >>> round(r.win_rate[0], 4), r.stderr
        (0.9162, None)
    """

    players: Tuple[str, ...]
    equity: Tuple[float, ...]
    win: Tuple[int, ...]
    tie: Tuple[int, ...]
    lose: Tuple[int, ...]
    deals: int
    exact: bool
    stderr: Optional[Tuple[float, ...]] = None
    seed: Optional[int] = None
    board: Tuple[Card, ...] = ()
    dead: Tuple[Card, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    win_rate: Tuple[float, ...] = ()
    tie_rate: Tuple[float, ...] = ()
    lose_rate: Tuple[float, ...] = ()

    @property
    def boards(self) -> int:
        """The same number as `deals` (the name that fits when every player holds one hand)."""
        return self.deals

    def __str__(self) -> str:
        # max() of one argument would iterate it: a hand-built result may have no players
        width = max([12, *(len(p) for p in self.players)])
        count = max([6, *(len(f"{n:,}") for n in self.win + self.tie + self.lose)])  # column width
        head = f"{'':>2}  {'hand':<{width}}  {'equity':>8}"
        head += f"  {'± stderr':>8}" if self.stderr else ""
        head += f"  {'win':>8}  {'tie':>8}"
        lines = [head + "".join(f"  {name:>{count}}" for name in ("wins", "ties", "losses"))]
        for i, name in enumerate(self.players):
            line = f"{i + 1:>2}  {name:<{width}}  {100 * self.equity[i]:>7.3f}%"
            line += f"  {100 * self.stderr[i]:>7.3f}%" if self.stderr else ""
            if self.win_rate:
                line += f"  {100 * self.win_rate[i]:>7.3f}%  {100 * self.tie_rate[i]:>7.3f}%"
            lines.append(line + "".join(f"  {n[i]:>{count},}" for n in (self.win, self.tie, self.lose)))
        where = f"board {''.join(map(str, self.board))}" if self.board else "preflop"
        if self.dead:
            where += f", dead {''.join(map(str, self.dead))}"
        if self.exact:
            tail = f"exact: {self.deals:,} deals, {where}"
        else:
            tail = f"Monte Carlo: {self.deals:,} samples, seed {self.seed}, {where}"
        lines.append(f"{tail} ({self.seconds:.2f} s)")
        return "\n".join(lines)


def equity(players: Any, board: Any = None, dead: Any = None, exact: Optional[bool] = None,
           samples: Optional[int] = None, seed: Optional[int] = None, threads: Optional[int] = None,
           stderr: Optional[float] = None, progress: Optional[Progress] = None, omaha: Optional[bool] = None,
           force: bool = False, executor: Any = None) -> EquityResult:
    """All-in equity of each player: exact enumeration of every deal, or Monte Carlo.

    Args:
        players: 2 to 10 hands ("AsAd", ["As", "Ad"], [51, 49]; 4 to 6 cards for Omaha) or ranges (range
            text such as "QQ+, AKs, A5s-A2s:0.5", or a Range). A string with no comma that reads as 2 or
            4-6 cards is a hand. Cards on the board, dead or in another player's single hand leave the
            ranges.
        board: 0, 3, 4 or 5 cards.
        dead: cards out of the deck.
        exact: None (default) picks the mode: Monte Carlo when samples, stderr or seed is given; otherwise
            exact enumeration when the engine estimates it at most 2 s of one core (AUTO_EXACT_SECONDS),
            else Monte Carlo with 1,000,000 samples and a fresh seed (reported in the result), unless the
            ranges overlap so much that enumeration is the quicker. True enumerates (and refuses, naming the
            estimate, when that is over 60 s of one core, unless force=True); False samples.
        samples: Monte Carlo stops after this many samples (default 1,000,000; 100,000,000 when only
            stderr is given).
        seed: Monte Carlo seed, 0 .. 2**64-1 (a fresh random one when None; the result records it).
        threads: at most this many local threads (default: one per CPU); fewer when the job is too small
            to gain.
        stderr: Monte Carlo stops once every player's standard error is at most this (checked every
            65,536 samples).
        progress: called as progress(done, total) after each task (units of work, or samples).
        omaha: None detects Omaha from the hand size; True / False insist on Omaha / hold'em.
        force: with exact=True, enumerate even when the estimate is over 60 s; with Monte Carlo, sample even
            when ranges overlap so much that finding holdings free of shared cards would take over 60 s.
        executor: where the work runs instead of local threads (pokerhash.parallel.run): an int for that
            many threads, any concurrent.futures.Executor (a process pool, ...) or a dask
            distributed.Client. The result is the same on every executor.

    Returns:
        EquityResult: counts and weighted fractions per player (see its docstring).

    Raises:
        ValueError: bad cards ("player 1: duplicate card As"), card clashes ("card As is in player 2's
            hand and the board"), empty ranges ("player 2 has an empty range"), bad counts, conflicting
            options ("exact=True conflicts with samples=...", "pass threads= or executor=, not both"), ranges
            that always share a card ("no deal is possible: ..."), an exact job estimated at over 60 s
            ("exact enumeration would take about 9 hours on 2 threads; use Monte Carlo (exact=False) or pass
            force=True"), or sampling of ranges that rarely avoid each other's cards ("only about 1 in 37,331
            choices of the players' holdings is free of shared cards; 1,000,000 samples would take about 7
            minutes on 2 threads; pass a smaller samples=, or force=True").
        TypeError: arguments of the wrong type.
        KeyboardInterrupt: Ctrl-C stops a run within about a second.

    Example:
        >>> import pokerhash as ph
        >>> r = ph.equity(["AcAd", "KsKh"])        # exact: all 1,712,304 boards
        >>> r.win[0], r.tie[0], round(r.equity[0], 4)
        (1388072, 6538, 0.8126)
        >>> ph.equity(["AhKh", "QQ+, AKs"], board="Ks7d2c").exact
        True
        >>> ph.equity(["AhKh", "QQ"], samples=100_000, seed=1, executor=2).deals
        100000
    """
    started = time.perf_counter()
    # A bot's call (known hands or a small range job, default options) in one native call; anything else, valid
    # or not, below.
    if (progress is None and executor is None and samples is None and seed is None and stderr is None
            and (exact is None or exact is True) and (force is False or force is True)
            and (threads is None or type(threads) is int and threads > 0)):
        fields = known_hands(players, board, dead, omaha, min(AUTO_EXACT_SECONDS, REFUSE_EXACT_SECONDS))
        if fields is None:  # a small range job in one native call (run_within_one_piece's rule, below)
            fields = jobs.known_ranges(players, board, dead, omaha, min(AUTO_EXACT_SECONDS, REFUSE_EXACT_SECONDS))
        if fields is not None:
            labels, equities, win, tie, lose, deals, board_ids, dead_ids, win_rate, tie_rate, lose_rate = fields
            return _filled(labels, equities, win, tie, lose, deals, True, None, None, board_ids, dead_ids,
                           time.perf_counter() - started, win_rate, tie_rate, lose_rate)
    most = jobs.local_threads(threads, executor)
    if isinstance(executor, int) and not isinstance(executor, bool):
        executor = None  # executor=N: N local threads, planned as threads=N
    sampling = jobs.sampling_options(exact, samples, stderr, seed)
    force = jobs.force_option(force)
    cap, target = jobs.mc_limits(samples, stderr, DEFAULT_SAMPLES, MAX_SAMPLES_FOR_STDERR)
    spot = fixed_spot(players, board, dead, omaha) or _Spot(players, board, dead, omaha)
    # A small exact job, told by a cheap bound of the cost model's estimate: the mode and the plan (one piece,
    # this thread) that the estimate would give, without computing it.
    small = executor is None and (progress is None or callable(progress)) and (exact or exact is None and not sampling)
    if small and progress is None:
        # One native call; a spot with no deal at all counts none, which _result reports in check_some_deal's words
        total = jobs.run_within_one_piece(spot.args, min(AUTO_EXACT_SECONDS, REFUSE_EXACT_SECONDS))
        if total is not None:
            return _result(spot, total, True, None, time.perf_counter() - started)
    spot.check_some_deal()  # before either mode: no deal at all is said at once, not searched for
    if small:
        bound = spot.seconds_bound()
        if jobs.one_piece(bound) and host_seconds(bound) <= min(AUTO_EXACT_SECONDS, REFUSE_EXACT_SECONDS):
            total = jobs.run_small_exact(None, spot.args, spot.units(), progress)
            return _result(spot, total, True, None, time.perf_counter() - started)
    most = jobs.default_threads(most)
    run_exact, batch = jobs.pick_mode(exact, sampling, spot, cap, target, MC_BATCH, most=most, executor=executor,
                                      auto_seconds=AUTO_EXACT_SECONDS, refuse_seconds=REFUSE_SAMPLING_SECONDS,
                                      force=force)
    if run_exact:
        total = jobs.run_exact(None, spot.args, spot.units(), spot.estimated_seconds(), most=most,
                               executor=executor, progress=progress, refuse_seconds=REFUSE_EXACT_SECONDS,
                               force=force)
        used_seed = None
    else:
        used_seed = jobs.new_seed(seed)
        total = jobs.run_monte_carlo(None, spot.args, used_seed, cap, target, batch, most=most,
                                     executor=executor, progress=progress)
    return _result(spot, total, run_exact, used_seed, time.perf_counter() - started)


def _result(spot: _Spot, total: Optional[Tally], exact: bool, seed: Optional[int], seconds: float) -> EquityResult:
    """The EquityResult of a run's total tally."""
    deals = int(total["deals"]) if total else 0
    if total is None or deals == 0:
        raise ValueError("no deal is possible: the players' ranges always share a card")
    weight = total["weight"]
    # list comprehensions, not generators: a bot's call on the river spends more here than in the engine
    if exact and spot.weights is None:  # integers all the way: exactly rounded fractions
        pot = POT * deals
        equities = tuple([s / pot for s in total["share"]])
        win_rate = tuple([w / deals for w in total["win"]])
        tie_rate = tuple([t / deals for t in total["tie"]])
        lose_rate = tuple([n / deals for n in total["lose"]])
    else:
        equities = tuple([w / weight for w in total["weighted_share"]])
        win_rate = tuple([w / weight for w in total["weighted_win"]])
        tie_rate = tuple([t / weight for t in total["weighted_tie"]])
        lose_rate = tuple([max(0.0, (weight - w - t) / weight)
                           for w, t in zip(total["weighted_win"], total["weighted_tie"])])
    return _filled(tuple(spot.labels), equities, tuple(map(int, total["win"])), tuple(map(int, total["tie"])),
                   tuple(map(int, total["lose"])), deals, exact, None if exact else jobs.stderrs(total), seed,
                   spot.board, spot.dead, seconds, win_rate, tie_rate, lose_rate)


def _filled(players: Tuple[str, ...], equities: Tuple[float, ...], win: Tuple[int, ...], tie: Tuple[int, ...],
            lose: Tuple[int, ...], deals: int, exact: bool, stderr: Optional[Tuple[float, ...]], seed: Optional[int],
            board: Any, dead: Any, seconds: float, win_rate: Tuple[float, ...], tie_rate: Tuple[float, ...],
            lose_rate: Tuple[float, ...]) -> EquityResult:
    """An EquityResult of these fields (board and dead as card ids)."""
    # The fields as the dataclass's __init__ would set them, without its 15 frozen setattr calls (a fifth of
    # a river call); test_results_hold_every_field_in_the_dataclass_order holds this list to the dataclass's fields.
    result = _new(EquityResult)
    result.__dict__.update(
        players=players, equity=equities, win=win, tie=tie, lose=lose, deals=deals, exact=exact, stderr=stderr,
        seed=seed, board=tuple([_CARDS[c] for c in board]), dead=tuple([_CARDS[c] for c in dead]),
        seconds=seconds, win_rate=win_rate, tie_rate=tie_rate, lose_rate=lose_rate)
    return result


_new = object.__new__


_CARDS = tuple(Card(c) for c in range(52))  # a board's Cards, made once
