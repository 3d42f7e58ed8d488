"""games.equity(): all-in equity of short deck hold'em and Omaha hi-lo, exact or Monte Carlo.

The C engine (ph_game_equity_*, docs/games.md) counts deals with the GIL released; this layer checks the
players, cuts the work into chunks of about a tenth of a second (so Ctrl-C stops it within a second) whose
boundaries depend on the problem alone, and merges their counts in order. So the same call gives the same
result with any `threads`, and a Monte Carlo seed fixes the result (sample i depends on seed and i only).
"""

from __future__ import annotations

import functools
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
from ._ranges import Range
from ._ranges import parse_range as parse_holdem_range

POT = 5040  # the engine's share unit is 1/5040 pot: half a pot splits 1..10 ways into whole units
AUTO_EXACT_SECONDS = 2.0    # auto mode enumerates when the single-core estimate is at most this
REFUSE_EXACT_SECONDS = 60.0  # exact=True above this needs force=True
CHUNK_SECONDS = 0.1
MC_BATCH = 1 << 14          # Monte Carlo samples per chunk; the stderr rule is checked after each
DEFAULT_SAMPLES = 1_000_000
MAX_SAMPLES_FOR_STDERR = 100_000_000
ANY_HAND = {"random", "any", "xx", "*"}
Progress = Callable[[int, int], None]

# Equity games: (high ranking, low ranking or None, hole sizes).
EQUITY_GAMES: Dict[str, Tuple[str, Optional[str], Tuple[int, ...]]] = {
    "shortdeck": ("shortdeck", None, (2,)),
    "shortdeck_triton": ("shortdeck_triton", None, (2,)),
    "omaha_hilo8": ("holdem", "ace_five_8", (4, 5, 6)),
}


def _names() -> Dict[str, int]:
    names, gid = {}, 1
    while True:
        try:
            names[core.game_info(gid)[0]] = gid
        except ValueError:
            return names
        gid += 1


_IDS = _names()


def game_names() -> Tuple[str, ...]:
    return tuple(_IDS)


def game_id(game: str) -> int:
    """The core's id of a ranking name; ValueError naming the known ones."""
    try:
        return _IDS[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game!r}; games: {', '.join(_IDS)}") from None


def _deck_mask(game: str) -> int:
    return core.game_info(game_id(game))[3]


def _deck_name(game: str) -> str:
    return "the short deck" if game.startswith("shortdeck") else "the deck"


def parse_range(text: str, *, game: str) -> Range:
    """Hold'em range notation (pokerhash.parse_range) for a game's deck: in the short deck "random" (any, XX,
    *) is every two-card hand of its 36 cards, and a range naming a smaller card is refused ("card 5c is not
    in the short deck")."""
    mask = _deck_mask(game)
    if isinstance(text, str) and text.strip().lower() in ANY_HAND:
        cards = [c for c in range(52) if mask >> c & 1]
        return Range([(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]], text=text.strip())
    rng = parse_holdem_range(text)
    _check_deck(rng, mask, game)
    return rng


def _check_deck(rng: Range, mask: int, game: str) -> None:
    for cards, _ in rng.id_combos():
        for c in cards:
            if not mask >> c & 1:
                raise ValueError(f"card {Card(c)} is not in {_deck_name(game)}")


@dataclass(frozen=True)
class GameEquityResult:
    """Per-player results, in the order the players were given.

    A deal's pot goes to the best high hand, or half to it and half to the best qualifying low; a half splits
    evenly among tied hands. `win` counts deals a player takes whole (a scoop), `tie` deals won in part
    (split or quartered), `lose` deals won nothing. `equity` is the expected share of the pot (range weights
    applied), `high_equity` and `low_equity` its two parts; `low_deals` counts deals with a qualifying low.
    The *_rate fields are the weighted fractions of deals. Monte Carlo (`exact` False): `deals` counts
    samples, `stderr` is each equity's standard error and `seed` reproduces the run.
    """

    game: str
    players: Tuple[str, ...]
    equity: Tuple[float, ...]
    high_equity: Tuple[float, ...]
    low_equity: Tuple[float, ...]
    win: Tuple[int, ...]
    tie: Tuple[int, ...]
    lose: Tuple[int, ...]
    win_rate: Tuple[float, ...]
    tie_rate: Tuple[float, ...]
    lose_rate: Tuple[float, ...]
    deals: int
    low_deals: int
    exact: bool
    stderr: Optional[Tuple[float, ...]] = None
    seed: Optional[int] = None
    board: Tuple[Card, ...] = ()
    dead: Tuple[Card, ...] = ()
    seconds: float = field(default=0.0, compare=False)

    def __str__(self) -> str:
        split = EQUITY_GAMES[self.game][1] is not None
        width = max(12, *(len(p) for p in self.players))
        head = f"{'':>2}  {'hand':<{width}}  {'equity':>8}" + (f"  {'high':>8}  {'low':>8}" if split else "")
        head += f"  {'± stderr':>8}" if self.stderr else ""
        lines = [head + "".join(f"  {name:>11}" for name in ("scoop" if split else "win", "split", "lose"))]
        for i, name in enumerate(self.players):
            line = f"{i + 1:>2}  {name:<{width}}  {100 * self.equity[i]:>7.3f}%"
            if split:
                line += f"  {100 * self.high_equity[i]:>7.3f}%  {100 * self.low_equity[i]:>7.3f}%"
            line += f"  {100 * self.stderr[i]:>7.3f}%" if self.stderr else ""
            lines.append(line + "".join(f"  {n[i]:>11,}" for n in (self.win, self.tie, self.lose)))
        where = f"board {''.join(map(str, self.board))}" if self.board else "preflop"
        mode = f"exact: {self.deals:,} deals" if self.exact else f"Monte Carlo: {self.deals:,} samples, seed {self.seed}"
        lows = f", a low in {self.low_deals / self.deals:.1%}" if split else ""
        lines.append(f"{self.game} {mode}, {where}{lows} ({self.seconds:.2f} s)")
        return "\n".join(lines)


def equity(players: Sequence, *, game: str, board=None, dead=None, exact: Optional[bool] = None,
           samples: Optional[int] = None, seed: Optional[int] = None, stderr: Optional[float] = None,
           threads: Optional[int] = None, progress: Optional[Progress] = None, force: bool = False) -> GameEquityResult:
    """All-in equity of 2 to 10 players in an equity game (EQUITY_GAMES): "shortdeck" and "shortdeck_triton"
    (two hole cards, 36-card deck) or "omaha_hilo8" (4 to 6 hole cards, high and eight-or-better low halves).

    players: hands ("AsAd", ["As", "Ad"]) or ranges (range text in hold'em notation, a Range).
    board: 0, 3, 4 or 5 cards; dead: cards out of the deck.
    exact: True enumerates every deal, False samples; None samples when `samples`, `stderr` or `seed` is given,
      else enumerates when that should take at most about 2 s of one core, else samples 1,000,000 deals.
      exact=True refuses work estimated above a minute unless force=True.
    samples / stderr: Monte Carlo stops after `samples` or once every player's standard error is <= stderr.
    seed: the Monte Carlo seed (random when None; the result records it). threads: default os.cpu_count().
    progress: called as progress(done, total) after each chunk.
    """
    started = time.perf_counter()
    if game not in EQUITY_GAMES:
        raise ValueError(f"unknown equity game {game!r}; equity games: {', '.join(EQUITY_GAMES)}")
    high, low, sizes = EQUITY_GAMES[game]
    pair = (game_id(high), game_id(low) if low else 0)
    spot = _Spot(players, board, dead, game, sizes)
    args = pair + (spot.holdings, spot.weights, spot.board, spot.dead)
    if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or threads < 1):
        raise ValueError(f"threads must be a positive integer, got {threads!r}")
    workers = 1 if sys.platform == "emscripten" else threads or os.cpu_count() or 1  # Pyodide has no threads
    monte_carlo_options = [name for name, v in (("samples", samples), ("stderr", stderr), ("seed", seed)) if v is not None]
    if exact and monte_carlo_options:
        raise ValueError(f"exact=True cannot be combined with {', '.join(monte_carlo_options)} (Monte Carlo options)")
    estimate = core.game_equity_exact_seconds(*args)
    run_exact = exact if exact is not None else (not monte_carlo_options and estimate <= AUTO_EXACT_SECONDS)
    if run_exact and estimate > REFUSE_EXACT_SECONDS and not force:
        raise ValueError(f"exact enumeration would take about {_duration(estimate / workers)} on {workers} "
                         f"thread{'s' if workers > 1 else ''}; use Monte Carlo (exact=False) or pass force=True")
    if run_exact:
        units = core.game_equity_units(*args)
        pieces = max(1, min(units, max(16, math.ceil(estimate / CHUNK_SECONDS))))
        size = -(-units // pieces)
        chunks = [(s, min(size, units - s)) for s in range(0, units, size)]
        total = _run_ordered([functools.partial(core.game_equity_exact, *args, s, n) for s, n in chunks],
                             [n for _, n in chunks], units, workers, progress, stop=None)
        seed = None
    else:
        cap, target = _mc_limits(samples, stderr)
        seed = _seed(seed)
        batches = [(f, min(MC_BATCH, cap - f)) for f in range(0, cap, MC_BATCH)]
        stop = (lambda t: max(_stderrs(t) or (1.0,)) <= target) if target else None
        total = _run_ordered([functools.partial(core.game_equity_sample, *args, seed, f, n) for f, n in batches],
                             [n for _, n in batches], cap, workers, progress, stop=stop)
    return spot.result(total, bool(run_exact), seed, time.perf_counter() - started)


class _Spot:
    """Validated input: per-player combos (card removal applied), weights, board and dead cards."""

    def __init__(self, players, board, dead, game: str, sizes: Tuple[int, ...]):
        if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
            raise TypeError("players must be a list of hands or ranges, one per player")
        if not 2 <= len(players) <= 10:
            raise ValueError(f"equity needs 2 to 10 players, got {len(players)}")
        self.game = game
        mask = _deck_mask(EQUITY_GAMES[game][0])
        self.board = _cards(board, mask, game, "board")
        self.dead = _cards(dead, mask, game, "dead")
        if len(self.board) not in (0, 3, 4, 5):
            raise ValueError(f"the board must have 0, 3, 4 or 5 cards, got {len(self.board)}")
        owner: Dict[int, str] = {c: "the board" for c in self.board}
        for c in self.dead:
            if c in owner:
                raise ValueError(f"card {Card(c)} is both on the board and dead")
            owner[c] = "the dead cards"
        parsed = [self._player(p, i, mask, sizes) for i, p in enumerate(players)]
        self.labels = [label for label, _ in parsed]
        hand_sizes = sorted({r.hand_size for _, r in parsed})
        if len(hand_sizes) > 1:
            raise ValueError(f"all players must hold the same number of cards, got {' and '.join(map(str, hand_sizes))}")
        for i, (_, rng) in enumerate(parsed):  # a known hand's cards leave the deck and the other ranges
            if len(rng) == 1:
                for c in next(iter(rng.id_combos()))[0]:
                    if c in owner:
                        raise ValueError(f"card {Card(c)} is in player {i + 1}'s hand and {owner[c]}")
                    owner[c] = f"player {i + 1}'s hand"
        self.holdings: List[List[Tuple[int, ...]]] = []
        weights: List[List[float]] = []
        for i, (_, rng) in enumerate(parsed):
            combos = rng.id_combos() if len(rng) == 1 else rng.id_combos(list(owner))
            if not combos:
                raise ValueError(f"player {i + 1} has no hand left after card removal")
            self.holdings.append([cards for cards, _ in combos])
            weights.append([w for _, w in combos])
        self.weights = weights if any(w != 1.0 for ws in weights for w in ws) else None

    def _player(self, p, index: int, mask: int, sizes: Tuple[int, ...]) -> Tuple[str, Range]:
        game = self.game
        try:
            if isinstance(p, Range):
                rng, label = p, str(p)
                _check_deck(rng, mask, game)
            elif isinstance(p, str) and "," not in p and _reads_as_cards(p):
                rng, label = _known_hand(core.parse_cards(p), mask, game)
            elif isinstance(p, str):
                rng, label = parse_range(p, game=EQUITY_GAMES[game][0]), p.strip()
            elif isinstance(p, (list, tuple)):
                rng, label = _known_hand(core.parse_cards(list(p)), mask, game)
            else:
                raise TypeError(f"player {index + 1} must be a hand or a range, got {type(p).__name__}")
            _check_deck(rng, mask, game)
        except ValueError as error:
            raise ValueError(f"player {index + 1}: {error}") from None
        if not len(rng):
            raise ValueError(f"player {index + 1} has an empty range")
        if rng.hand_size not in sizes:
            want = " or ".join(map(str, sizes)) if len(sizes) < 3 else f"{sizes[0]} to {sizes[-1]}"
            raise ValueError(f"player {index + 1}: {game} hands have {want} cards, got {rng.hand_size}")
        return label, rng

    def result(self, total: dict, exact: bool, seed: Optional[int], seconds: float) -> GameEquityResult:
        deals = int(total["deals"])
        if deals == 0:
            raise ValueError("no deal is possible: the players' ranges always share a card")
        weight = total["weight"]
        if exact and self.weights is None:  # integers to the end: exactly rounded
            equities = tuple(s / (POT * deals) for s in total["share"])
            highs = tuple(s / (POT * deals) for s in total["high_share"])
        else:
            equities = tuple(w / weight for w in total["weighted_share"])
            highs = tuple(w / weight for w in total["weighted_high_share"])
        wins = tuple(w / weight for w in total["weighted_win"])
        ties = tuple(t / weight for t in total["weighted_tie"])
        return GameEquityResult(
            game=self.game, players=tuple(self.labels), equity=equities, high_equity=highs,
            low_equity=tuple(e - h for e, h in zip(equities, highs)),
            win=tuple(map(int, total["win"])), tie=tuple(map(int, total["tie"])), lose=tuple(map(int, total["lose"])),
            win_rate=wins, tie_rate=ties, lose_rate=tuple(max(0.0, 1.0 - w - t) for w, t in zip(wins, ties)),
            deals=deals, low_deals=int(total["low_deals"]), exact=exact,
            stderr=None if exact else _stderrs(total), seed=seed,
            board=tuple(Card(c) for c in self.board), dead=tuple(Card(c) for c in self.dead), seconds=seconds)


def _known_hand(cards: List[int], mask: int, game: str) -> Tuple[Range, str]:
    """A player's known hand, its cards checked against the deck in the order given."""
    for c in cards:
        if not mask >> c & 1:
            raise ValueError(f"card {Card(c)} is not in {_deck_name(game)}")
    return Range([tuple(cards)]), "".join(str(Card(c)) for c in cards)


def _cards(cards, mask: int, game: str, what: str) -> List[int]:
    if cards is None:
        return []
    ids = list(core.parse_cards(cards if isinstance(cards, (str, list, tuple)) else list(cards)))
    for c in ids:
        if not mask >> c & 1:
            raise ValueError(f"{what} card {Card(c)} is not in {_deck_name(game)}")
    return ids


def _reads_as_cards(text: str) -> bool:
    try:
        core.parse_cards(text)
    except ValueError:
        return False
    return True


def _duration(seconds: float) -> str:
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:.0f} {unit}"
    return f"{seconds:.0f} seconds"


def _mc_limits(samples, stderr) -> Tuple[int, Optional[float]]:
    if samples is not None and (not isinstance(samples, int) or isinstance(samples, bool) or samples < 1):
        raise ValueError(f"samples must be a positive integer, got {samples!r}")
    if stderr is not None and not (isinstance(stderr, (int, float)) and stderr > 0):
        raise ValueError(f"stderr must be a positive number, got {stderr!r}")
    if samples is None:
        samples = MAX_SAMPLES_FOR_STDERR if stderr is not None else DEFAULT_SAMPLES
    return samples, stderr


def _seed(seed) -> int:
    if seed is None:
        return random.SystemRandom().getrandbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    return seed


def _run_ordered(jobs: List[Callable[[], dict]], sizes: List[int], total_size: int, workers: int,
                 progress: Optional[Progress], stop: Optional[Callable[[dict], bool]]) -> dict:
    """Runs the jobs, at most `workers` at once and a few queued ahead, merging their results in job order.

    `stop(merged)` is asked after each merge; once it says yes, later results are not used. Ctrl-C (or any
    error) cancels the jobs not yet started and waits only for the running ones, a chunk each."""
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
        assert merged is not None
        return merged
    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        ahead = 2 * workers
        futures = [pool.submit(job) for job in jobs[:ahead]]
        for i, size in enumerate(sizes):
            merged = _merge(merged, futures[i].result())
            done += size
            if progress:
                progress(done, total_size)
            if stop and stop(merged):
                break
            if i + ahead < len(jobs):
                futures.append(pool.submit(jobs[i + ahead]))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    assert merged is not None
    return merged


def _merge(total: Optional[dict], part: dict) -> dict:
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
    """Standard error of each Monte Carlo equity (unbiased variance of one sample's pot share over n - 1)."""
    n = total["deals"]
    if n < 2:
        return None
    out = []
    for s, sq in zip(total["weighted_share"], total["sum_sq"]):
        mean = s / total["weight"]
        out.append(math.sqrt(max(0.0, sq / n - mean * mean) / (n - 1)))
    return tuple(out)
