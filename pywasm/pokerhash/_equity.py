"""equity(): all-in equity of 2 to 10 hold'em or Omaha hands or ranges, exact or Monte Carlo.

This layer checks and normalises the input, splits the work into chunks and merges the engine's counts.
The engine (`_core.equity_units / equity_exact / equity_sample`, docs/design/equity-c-api.md) does every deal and
releases the GIL, so chunks run in parallel on a thread pool. Chunk boundaries and the merge order depend
only on the problem, never on the thread count, so the same call gives the same result with any `threads`;
Monte Carlo samples come from a counter-based generator (sample i depends on seed and i alone), so a seed
fixes the result too.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ._backend import core
from ._cards import Card
from ._ranges import Range, parse_range

#: The engine module; None means `_core`. Tests swap in a pure-Python reference engine.
engine = None

POT = 2520  # the engine's share unit is 1/2520 pot: a k-way split (k <= 10) is then a whole number
# Auto mode enumerates when the estimated single-core time is at most this. The estimate: the engine pays
# about UNIT_NS per holdings combination plus, per deal and player, DEAL_NS[board size] for hold'em (the
# preflop is cheapest: its boards share work) or OMAHA_NS. Measured on a 2-core x86 box, rounded up.
AUTO_EXACT_SECONDS = 2.0
UNIT_NS = 150.0
DEAL_NS = {0: 0.5, 3: 0.5, 4: 2.0, 5: 0.0}
OMAHA_NS = 10.0
EXACT_CHUNKS = 512  # exact work is cut into about this many chunks (progress steps, load balance)
MC_BATCH = 1 << 16  # Monte Carlo batch: the stderr stopping rule is checked after each one
DEFAULT_SAMPLES = 1_000_000  # when neither samples nor stderr is given
MAX_SAMPLES_FOR_STDERR = 100_000_000  # cap when only a stderr target is given
# Below these one thread beats a pool (about a millisecond to start and merge).
SMALL_EXACT = 0.01  # estimated seconds
SMALL_MC = 200_000  # samples
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class EquityResult:
    """Per-player results, in the order the players were given.

    win/tie/lose count deals (boards, times the players' holdings for ranges): `tie` is a split pot that
    player shares. `equity` is the expected share of the pot (splits shared; range weights applied).
    In Monte Carlo mode (`exact` False) `deals` is the number of samples and `stderr` the standard error
    of each equity; `seed` reproduces the run.
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

    @property
    def boards(self) -> int:
        """The same number as `deals` (the name that fits when every player holds one hand)."""
        return self.deals

    def __str__(self) -> str:
        width = max(12, *(len(p) for p in self.players))
        count = max(6, *(len(f"{n:,}") for n in self.win + self.tie + self.lose))  # column width
        head = f"{'':>2}  {'hand':<{width}}  {'equity':>8}"
        head += f"  {'± stderr':>8}" if self.stderr else ""
        lines = [head + "".join(f"  {name:>{count}}" for name in ("win", "tie", "lose"))]
        for i, name in enumerate(self.players):
            line = f"{i + 1:>2}  {name:<{width}}  {100 * self.equity[i]:>7.3f}%"
            line += f"  {100 * self.stderr[i]:>7.3f}%" if self.stderr else ""
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
           progress: Optional[Progress] = None, omaha: Optional[bool] = None) -> EquityResult:
    """All-in equity of each player.

    players: 2 to 10 hands ("AsAd", ["As", "Ad"], [51, 49]; 4 to 6 cards for Omaha) or ranges (range
      text such as "QQ+, AKs", or a Range). A string with no comma that reads as 2 or 4-6 cards is a hand.
    board: 0, 3, 4 or 5 cards; dead: cards out of the deck.
    exact: True enumerates every deal; False samples; None (default) enumerates when that should take at
      most about 2 s of one core (AUTO_EXACT_SECONDS), else samples.
    samples / stderr: Monte Carlo stops after `samples` (default 1,000,000; 100,000,000 when only stderr
      is given) or once every player's standard error is <= stderr, checked every 65,536 samples.
    seed: Monte Carlo seed (random when None; the result records it). threads: default os.cpu_count().
    progress: called as progress(done, total) after each chunk (units of work, or samples).
    omaha: None detects from the hand size; True/False insists on Omaha/hold'em.
    """
    started = time.perf_counter()
    spot = _Spot(players, board, dead, omaha)
    eng = _engine()
    args = (spot.holdings, spot.weights, spot.board, spot.dead)
    run_exact = exact if exact is not None else spot.estimated_seconds() <= AUTO_EXACT_SECONDS
    if threads is not None and (not isinstance(threads, int) or threads < 1):
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    cap, target = _mc_limits(samples, stderr)
    small = spot.estimated_seconds() < SMALL_EXACT if run_exact else cap < SMALL_MC
    workers = threads or (1 if small else (os.cpu_count() or 1))
    if sys.platform == "emscripten":
        workers = 1  # Pyodide has no threads
    if run_exact:
        if math.prod(len(h) for h in spot.holdings) >= 1 << 64:  # the engine counts units in 64 bits
            raise ValueError("too many holding combinations to enumerate (2**64 or more); "
                             "use Monte Carlo (exact=False)")
        units = eng.equity_units(*args)
        chunks = _exact_chunks(units)
        total = _run_ordered(
            [lambda s=s, n=n: eng.equity_exact(*args, s, n) for s, n in chunks],
            [n for _, n in chunks], units, workers, progress, stop=None)
        seed = None
    else:
        seed = _seed(seed)
        spot.check_some_deal()  # sampling would search forever for a deal that cannot exist
        batches = [(f, min(MC_BATCH, cap - f)) for f in range(0, cap, MC_BATCH)]
        stop = (lambda t: _stderrs(t) is not None and max(_stderrs(t)) <= target) if target else None
        total = _run_ordered(
            [lambda f=f, n=n: eng.equity_sample(*args, seed, f, n) for f, n in batches],
            [n for _, n in batches], cap, workers, progress, stop=stop)
    return spot.result(total, run_exact, seed, time.perf_counter() - started)


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

    def estimated_deals(self) -> float:
        """Holdings combinations times boards: an upper bound on the exact work (overlaps are skipped)."""
        free = 52 - len(self.board) - len(self.dead) - len(self.holdings) * self.size
        boards = math.comb(free, 5 - len(self.board))
        return math.prod(len(h) for h in self.holdings) * boards

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
        """Rough single-core time of exact enumeration (see AUTO_EXACT_SECONDS)."""
        units = math.prod(len(h) for h in self.holdings)
        per_deal = OMAHA_NS if self.size > 2 else DEAL_NS[len(self.board)]
        return (units * UNIT_NS + self.estimated_deals() * len(self.holdings) * per_deal) * 1e-9

    def result(self, total: dict, exact: bool, seed: Optional[int], seconds: float) -> EquityResult:
        deals = int(total["deals"])
        if deals == 0:
            raise ValueError("no deal is possible: the players' ranges always share a card")
        if exact and self.weights is None:  # integers all the way: exactly rounded equities
            equities = tuple(s / (POT * deals) for s in total["share"])
        else:
            equities = tuple(w / total["weight"] for w in total["weighted_share"])
        return EquityResult(
            players=tuple(self.labels), equity=equities,
            win=tuple(map(int, total["win"])), tie=tuple(map(int, total["tie"])),
            lose=tuple(map(int, total["lose"])), deals=deals, exact=exact,
            stderr=None if exact else _stderrs(total), seed=seed,
            board=tuple(Card(c) for c in self.board), dead=tuple(Card(c) for c in self.dead),
            seconds=seconds)


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
        if p.strip() and "," not in p and _reads_as_cards(p):  # "AsAd", "As Ad", "AhKhQdJd": one hand
            return _fixed_hand(core.parse_cards(p), index)
        try:
            return p.strip(), parse_range(p)
        except ValueError as error:
            raise ValueError(f"player {index + 1}: {error}") from None
    if isinstance(p, (list, tuple)):
        return _fixed_hand(core.parse_cards(list(p)), index)
    raise TypeError(f"player {index + 1} must be a hand or a range, got {type(p).__name__}")


def _fixed_hand(hand: List[int], index: int) -> Tuple[str, Range]:
    if len(hand) != 2 and not 4 <= len(hand) <= 6:
        raise ValueError(f"player {index + 1}'s hand has {len(hand)} cards; "
                         "hold'em hands have 2, Omaha hands 4 to 6")
    return "".join(str(Card(c)) for c in hand), Range([tuple(hand)])


def _reads_as_cards(text: str) -> bool:
    try:
        core.parse_cards(text)
    except ValueError:
        return False
    return True


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


def _exact_chunks(units: int) -> List[Tuple[int, int]]:
    size = max(1, -(-units // EXACT_CHUNKS))
    return [(s, min(size, units - s)) for s in range(0, units, size)]


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


def _run_ordered(jobs, sizes, total_size, workers, progress, stop):
    """Runs the jobs (at most `workers` at once, a few queued ahead) and merges their dicts in job order.

    `stop(merged)` is asked after each merge; once it says yes no further job's result is used. Because
    merging is in job order and jobs are fixed by the caller, the result does not depend on `workers`.
    """
    merged: Optional[dict] = None
    done = 0
    if workers == 1 or len(jobs) == 1:
        for job, size in zip(jobs, sizes):
            merged = _merge(merged, job())
            done += size
            if progress:
                progress(done, total_size)
            if stop and stop(merged):
                break
        return merged
    with ThreadPoolExecutor(max_workers=workers) as pool:
        ahead = 2 * workers  # queued ahead so no worker idles while the main thread merges
        futures = [pool.submit(job) for job in jobs[:ahead]]
        for i, size in enumerate(sizes):
            merged = _merge(merged, futures[i].result())
            done += size
            if progress:
                progress(done, total_size)
            if stop and stop(merged):
                for f in futures[i + 1:]:
                    f.cancel()
                break
            if i + ahead < len(jobs):
                futures.append(pool.submit(jobs[i + ahead]))
    return merged


def _merge(total: Optional[dict], part: dict) -> dict:
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
