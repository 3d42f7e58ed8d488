"""equity(): all-in equity of 2 to 10 hold'em or Omaha hands or ranges, exact or Monte Carlo.

This layer checks and normalises the input, picks the mode, cuts the work into small tasks
(_equity_jobs.py runs them) and turns the engine's counts into an EquityResult. The engine
(`_core.equity_units / equity_exact / equity_sample / equity_exact_seconds`, docs/design/equity-c-api.md) does
every deal with the GIL released. Task boundaries and the merge order depend only on the problem, never on
the thread count, so the same call gives the same result with any `threads`; Monte Carlo samples come from
a counter-based generator (sample i depends on seed and i alone), so a seed fixes the result too.

The mode rule (the same in JS, docs/design/equity-c-api.md "Choosing exact or Monte Carlo"):
  - exact=None: Monte Carlo when samples, stderr or seed is given; else exact when the engine's estimate
    of the single-core time (ph_equity_exact_seconds) is at most AUTO_EXACT_SECONDS, else Monte Carlo
    with DEFAULT_SAMPLES samples and a fresh seed, which the result reports.
  - exact=True with samples, stderr or seed: ValueError naming the conflict.
  - exact=True with an estimate above REFUSE_EXACT_SECONDS: ValueError with the estimate, unless force=True.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ._backend import core
from ._cards import Card
from ._equity_jobs import run_ordered
from ._ranges import Range, parse_range

#: The engine module; None means `_core`. Tests swap in a pure-Python reference engine.
engine = None

POT = 2520  # the engine's share unit is 1/2520 pot: a k-way split (k <= 10) is then a whole number
AUTO_EXACT_SECONDS = 2.0  # auto mode enumerates up to this estimated single-core time
REFUSE_EXACT_SECONDS = 60.0  # exact=True refuses above this estimated single-core time unless forced
CHUNK_SECONDS = 0.1  # estimated C time per task: Ctrl-C is seen between tasks
THREAD_SECONDS = 0.02  # estimated work each extra thread must have to pay for itself
MIN_TASK_SECONDS = 0.005  # tasks are not cut smaller than this for load balance (Python overhead per task)
MC_BATCH = 1 << 16  # Monte Carlo task: the stderr stopping rule is checked after each one
DEFAULT_SAMPLES = 1_000_000  # when neither samples nor stderr is given
MAX_SAMPLES_FOR_STDERR = 100_000_000  # cap when only a stderr target is given
SMALL_MC = 200_000  # below this many samples one thread beats a pool
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class EquityResult:
    """Per-player results of equity(), in the order the players were given.

    Counts (integers): `win`, `tie` and `lose` count deals. Exact: every deal once, that is every board
    completion of every holding combination (ranges' weights do not change counts); Monte Carlo: samples,
    drawn in proportion to the weights. `tie` counts the deals a player splits; `deals` is their number
    (exact: deals; Monte Carlo: samples).
    Fractions (weighted, both modes): `equity` is the expected share of the pot (splits shared);
    `win_rate`, `tie_rate` and `lose_rate` are the probabilities of winning alone, splitting and losing,
    each combination weighted by the product of its holdings' weights. Without weights, exact
    win_rate == win / deals.
    `exact` tells the mode; in Monte Carlo mode `stderr` holds each equity's standard error and `seed`
    reproduces the run. `seconds` is the wall time.
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
        width = max(12, *(len(p) for p in self.players))
        count = max(6, *(len(f"{n:,}") for n in self.win + self.tie + self.lose))  # column width
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


def equity(players, board=None, dead=None, exact: Optional[bool] = None, samples: Optional[int] = None,
           seed: Optional[int] = None, threads: Optional[int] = None, stderr: Optional[float] = None,
           progress: Optional[Progress] = None, omaha: Optional[bool] = None, force: bool = False
           ) -> EquityResult:
    """All-in equity of each player: exact enumeration of every deal, or Monte Carlo.

    Parameters:
      players: 2 to 10 hands ("AsAd", ["As", "Ad"], [51, 49]; 4 to 6 cards for Omaha) or ranges (range
        text such as "QQ+, AKs, A5s-A2s:0.5", or a Range). A string with no comma that reads as 2 or 4-6
        cards is a hand. Cards on the board, dead or in another player's single hand leave the ranges.
      board: 0, 3, 4 or 5 cards. dead: cards out of the deck.
      exact: None (default) picks the mode: Monte Carlo when samples, stderr or seed is given; otherwise
        exact enumeration when the engine estimates it at most 2 s of one core (AUTO_EXACT_SECONDS), else
        Monte Carlo with 1,000,000 samples and a fresh seed (reported in the result). True enumerates (and
        refuses, naming the estimate, when that is over 60 s of one core, unless force=True); False samples.
      samples / stderr: Monte Carlo stops after `samples` (default 1,000,000; 100,000,000 when only stderr
        is given) or once every player's standard error is <= stderr, checked every 65,536 samples.
      seed: Monte Carlo seed, 0 .. 2**64-1 (a fresh random one when None; the result records it).
      threads: at most this many threads (default: one per CPU); fewer when the job is too small to gain.
      progress: called as progress(done, total) after each task (units of work, or samples).
      omaha: None detects Omaha from the hand size; True / False insist on Omaha / hold'em.
      force: with exact=True, enumerate even when the estimate is over 60 s.

    Returns an EquityResult (counts and weighted fractions; see its docstring).

    Raises ValueError naming the problem: bad cards ("player 1: duplicate card As"), card clashes ("card As
    is in player 2's hand and the board"), empty ranges ("player 2 has an empty range"), bad counts,
    conflicting options ("exact=True conflicts with samples=..."), or an exact job estimated at over 60 s
    ("exact enumeration would take about 9 hours on 2 threads; use Monte Carlo (exact=False) or pass
    force=True"). TypeError for arguments of the wrong type. Ctrl-C (KeyboardInterrupt) stops a run
    within about a second.

    Example:
      >>> r = equity(["AcAd", "KsKh"])        # exact: all 1,712,304 boards
      >>> r.win[0], r.tie[0], round(r.equity[0], 4)
      (1388072, 6538, 0.8126)
      >>> equity(["AhKh", "QQ+, AKs"], board="Ks7d2c").exact
      True
    """
    started = time.perf_counter()
    if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or threads < 1):
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    sampling = [f"{name}={value!r}" for name, value in (("samples", samples), ("stderr", stderr), ("seed", seed))
                if value is not None]
    if exact is True and sampling:
        raise ValueError(f"exact=True conflicts with {', '.join(sampling)}: those set Monte Carlo; "
                         "drop them, or pass exact=False (or leave exact=None) to sample")
    cap, target = _mc_limits(samples, stderr)
    spot = _Spot(players, board, dead, omaha)
    run_exact = exact if exact is not None else not sampling and spot.estimated_seconds() <= AUTO_EXACT_SECONDS
    most = 1 if sys.platform == "emscripten" else (threads or os.cpu_count() or 1)  # Pyodide has no threads
    if run_exact:
        total = _run_exact(spot, most, progress, force)
        seed = None
    else:
        seed = _seed(seed)
        spot.check_some_deal()  # sampling would search forever for a deal that cannot exist
        total = _run_monte_carlo(spot, seed, cap, target, most, progress)
    return spot.result(total, bool(run_exact), seed, time.perf_counter() - started)


def _run_exact(spot: "_Spot", most: int, progress: Optional[Progress], force: bool) -> dict:
    if math.prod(len(h) for h in spot.holdings) >= 1 << 64:  # the engine counts units in 64 bits
        raise ValueError("too many holding combinations to enumerate (2**64 or more); "
                         "use Monte Carlo (exact=False)")
    estimate = spot.estimated_seconds()
    units = _engine().equity_units(*spot.args)
    workers, size = exact_plan(units, estimate, most)
    if estimate > REFUSE_EXACT_SECONDS and not force:
        raise ValueError(f"exact enumeration would take about {_duration(estimate / workers)} on {workers} "
                         f"thread{'s' if workers > 1 else ''}; use Monte Carlo (exact=False) or pass force=True")
    tasks = (("exact", spot.args, start, min(size, units - start)) for start in range(0, units, size))
    return run_ordered(tasks, units, workers, progress)


def exact_plan(units: int, estimate: float, most: int) -> Tuple[int, int]:
    """(threads, units per task) for an exact job of `units` units estimated at `estimate` single-core seconds.

    Tasks take about CHUNK_SECONDS each (so Ctrl-C is seen often). A thread is added only for every
    THREAD_SECONDS of estimated work, so small jobs stay on one thread, where a pool would only add its
    start-up and merging; with several threads there are at least four tasks per thread for balance,
    none below MIN_TASK_SECONDS.
    """
    chunks = max(1, math.ceil(estimate / CHUNK_SECONDS))
    workers = max(1, min(most, int(estimate / THREAD_SECONDS)))
    if workers > 1:
        chunks = max(chunks, min(4 * workers, math.ceil(estimate / MIN_TASK_SECONDS)))
    chunks = min(chunks, units)
    return max(1, min(workers, chunks)), max(1, -(-units // chunks))


def _run_monte_carlo(spot: "_Spot", seed: int, cap: int, target: Optional[float], most: int,
                     progress: Optional[Progress]) -> dict:
    tasks = (("sample", spot.args, seed, first, min(MC_BATCH, cap - first)) for first in range(0, cap, MC_BATCH))
    stop = (lambda t: _stderrs(t) is not None and max(_stderrs(t)) <= target) if target else None
    workers = 1 if cap < SMALL_MC else min(most, -(-cap // MC_BATCH))
    return run_ordered(tasks, cap, workers, progress, stop=stop)


def _duration(seconds: float) -> str:
    """'45 seconds', '12 minutes', '9 hours', '3 days', '2.1e+04 years': rounded for a message."""
    for unit, size in (("year", 365 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size:
            amount = seconds / size
            text = f"{amount:.2g}" if amount >= 1e4 else f"{round(amount):,}"
            return f"{text} {unit}s"
    return f"{max(1, round(seconds))} second{'s' if round(seconds) != 1 else ''}"


# ---- the players, board and dead cards ------------------------------------------------------------------


class _Spot:
    """Validated input: per-player combos (card removal applied), weights, board, dead cards."""

    def __init__(self, players, board, dead, omaha):
        if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
            raise TypeError("players must be a list of hands or ranges, one per player")
        if not 2 <= len(players) <= 10:
            raise ValueError(f"equity needs 2 to 10 players, got {len(players)}")
        self.board = _cards(board)
        self.dead = _cards(dead)
        if len(self.board) not in (0, 3, 4, 5):
            raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(self.board)}")
        owner: Dict[int, str] = {c: "the board" for c in self.board}
        for c in self.dead:
            if c in owner:
                raise ValueError(f"card {Card(c)} is both on the board and dead")
            owner[c] = "the dead cards"
        parsed = [_player(p, i) for i, p in enumerate(players)]
        self.labels = [label for label, _ in parsed]
        self.size = _hand_size([r for _, r in parsed], omaha)
        # A player with a single hand holds known cards: they clash with others, and leave other ranges.
        for i, (_, rng) in enumerate(parsed):
            if len(rng) == 1:
                for c in next(iter(rng))[0]:
                    if c in owner:
                        raise ValueError(f"card {Card(c)} is in player {i + 1}'s hand and {owner[c]}")
                    owner[c] = f"player {i + 1}'s hand"
        known = list(owner)
        self.holdings: List[List[Tuple[int, ...]]] = []
        weights: List[List[float]] = []
        for i, (_, rng) in enumerate(parsed):
            combos = rng.id_combos() if len(rng) == 1 else rng.id_combos(known)
            if not combos:
                raise ValueError(f"player {i + 1} has no hand left after card removal")
            self.holdings.append([cards for cards, _ in combos])
            weights.append([w for _, w in combos])
        self.weights = weights if any(w != 1.0 for ws in weights for w in ws) else None
        needed = len(players) * self.size + 5 + len(self.dead)
        if needed > 52:
            raise ValueError(f"not enough cards: {len(players)} players with {self.size} cards each, a board"
                             f" of 5 and {len(self.dead)} dead cards need {needed} > 52")
        self.args = (self.holdings, self.weights, self.board, self.dead)  # the engine's spot description
        self._estimate: Optional[float] = None

    def check_some_deal(self, budget: int = 1_000_000) -> None:
        """Raises ValueError when no choice of one holding per player is free of shared cards.

        A depth-first search, narrowest range first; after `budget` steps it gives up and lets the engine
        decide (pathological inputs only).
        """
        order = sorted(range(len(self.holdings)), key=lambda i: len(self.holdings[i]))
        masks = [[sum(1 << c for c in h) for h in self.holdings[i]] for i in order]
        steps = 0

        def search(depth: int, used: int) -> bool:
            nonlocal steps
            if depth == len(masks):
                return True
            for m in masks[depth]:
                steps += 1
                if steps > budget or (not m & used and search(depth + 1, used | m)):
                    return True
            return False

        if not search(0, 0):
            raise ValueError("no deal is possible: the players' ranges always share a card")

    def estimated_seconds(self) -> float:
        """The engine's estimate of exact enumeration on one core (ph_equity_exact_seconds), computed once."""
        if self._estimate is None:
            self._estimate = float(core.equity_exact_seconds(*self.args))
        return self._estimate

    def result(self, total: dict, exact: bool, seed: Optional[int], seconds: float) -> EquityResult:
        deals = int(total["deals"])
        if deals == 0:
            raise ValueError("no deal is possible: the players' ranges always share a card")
        weight = total["weight"]
        if exact and self.weights is None:  # integers all the way: exactly rounded fractions
            equities = tuple(s / (POT * deals) for s in total["share"])
            win_rate = tuple(w / deals for w in total["win"])
            tie_rate = tuple(t / deals for t in total["tie"])
            lose_rate = tuple(n / deals for n in total["lose"])
        else:
            equities = tuple(w / weight for w in total["weighted_share"])
            win_rate = tuple(w / weight for w in total["weighted_win"])
            tie_rate = tuple(t / weight for t in total["weighted_tie"])
            lose_rate = tuple(max(0.0, (weight - w - t) / weight)
                              for w, t in zip(total["weighted_win"], total["weighted_tie"]))
        return EquityResult(
            players=tuple(self.labels), equity=equities,
            win=tuple(map(int, total["win"])), tie=tuple(map(int, total["tie"])),
            lose=tuple(map(int, total["lose"])), deals=deals, exact=exact,
            stderr=None if exact else _stderrs(total), seed=seed,
            board=tuple(Card(c) for c in self.board), dead=tuple(Card(c) for c in self.dead),
            seconds=seconds, win_rate=win_rate, tie_rate=tie_rate, lose_rate=lose_rate)


def _cards(cards) -> List[int]:
    if cards is None:
        return []
    return list(core.parse_cards(cards if isinstance(cards, (str, list, tuple)) else list(cards)))


def _player(p, index: int) -> Tuple[str, Range]:
    """(label, Range) of one player's argument: a hand, range text, or a Range."""
    if isinstance(p, Range):
        if not len(p):
            raise ValueError(f"player {index + 1} has an empty range")
        return str(p), p
    if isinstance(p, str):
        if p.strip() and "," not in p:  # "AsAd", "As Ad", "AhKhQdJd": one hand
            hand = _as_hand(p, index)
            if hand is not None:
                return _fixed_hand(hand, index)
        try:
            rng = parse_range(p)
        except ValueError as error:
            raise ValueError(f"player {index + 1}: {error}") from None
        if not len(rng):  # "AA:0": every combo weighted out
            raise ValueError(f"player {index + 1} has an empty range")
        return p.strip(), rng
    if isinstance(p, (list, tuple)):
        hand = _as_hand(list(p), index)
        return _fixed_hand(hand if hand is not None else core.parse_cards(list(p)), index)
    raise TypeError(f"player {index + 1} must be a hand or a range, got {type(p).__name__}")


def _fixed_hand(hand: List[int], index: int) -> Tuple[str, Range]:
    if len(hand) != 2 and not 4 <= len(hand) <= 6:
        raise ValueError(f"player {index + 1}'s hand has {len(hand)} cards; "
                         "hold'em hands have 2, Omaha hands 4 to 6")
    return "".join(str(Card(c)) for c in hand), Range([tuple(hand)])


def _as_hand(cards, index: int) -> Optional[List[int]]:
    """The card ids when `cards` reads as cards, None when it does not (then it is range text). Cards that
    read fine but repeat one are a hand with a mistake: that is reported ("player 1: duplicate card As")."""
    try:
        return list(core.parse_cards(cards))
    except ValueError as error:
        if str(error).startswith("duplicate card"):
            raise ValueError(f"player {index + 1}: {error}") from None
        return None


def _hand_size(ranges: List[Range], omaha: Optional[bool]) -> int:
    sizes = sorted({r.hand_size for r in ranges})
    if len(sizes) > 1:
        raise ValueError("all players must hold the same number of cards (2 for hold'em, 4 to 6 for Omaha),"
                         f" got {' and '.join(map(str, sizes))}")
    size = sizes[0]
    if omaha is True and size == 2:
        raise ValueError("omaha=True needs hands of 4 to 6 cards, got 2")
    if omaha is False and size != 2:
        raise ValueError(f"omaha=False needs hold'em hands of 2 cards, got {size}")
    return size


# ---- running the work -----------------------------------------------------------------------------------


def _engine():
    eng = engine if engine is not None else core
    if not hasattr(eng, "equity_exact"):
        raise NotImplementedError("this build of pokerhash has no equity engine (pokerhash._core.equity_exact)")
    return eng


def _mc_limits(samples, stderr) -> Tuple[int, Optional[float]]:
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise ValueError(f"samples must be a positive integer, got {samples!r}")
    if stderr is not None and not (isinstance(stderr, (int, float)) and stderr > 0):
        raise ValueError(f"stderr must be a positive number, got {stderr!r}")
    if samples is None:
        samples = MAX_SAMPLES_FOR_STDERR if stderr is not None else DEFAULT_SAMPLES
    return samples, stderr


def _seed(seed) -> int:
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    if not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    return seed


def _stderrs(total: dict) -> Optional[Tuple[float, ...]]:
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
