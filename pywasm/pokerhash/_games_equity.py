"""games.equity(): all-in equity of short deck hold'em and Omaha hi-lo, exact or Monte Carlo.

The C engine (ph_game_equity_*, docs/games.md) counts deals with the GIL released. Everything around it is
pokerhash.equity's: the same input checks (_equity_spot.py, with the game's deck and hole sizes), the same
mode rule, messages and runner (_equity_jobs.py), so the same call gives the same result on any threads or
executor, and a Monte Carlo seed fixes the result.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional, Sequence, Tuple

from . import _equity, _equity_jobs as jobs
from ._backend import core
from ._cards import Card
from ._checks import shown_value
from ._equity_engine import Tally
from ._equity_spot import Rules, Spot
from ._ranges import Range, parse_range as parse_holdem_range, parse_range_on

POT = 5040  # the engine's share unit is 1/5040 pot: half a pot splits 1..10 ways into whole units
MC_BATCH = 1 << 14  # Monte Carlo samples per piece (a hi-lo sample costs more); stderr is checked after each
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
        raise ValueError(f"unknown game {shown_value(game)}; games: {', '.join(_IDS)}") from None


def _deck_name(game: str) -> str:
    return "the short deck" if game.startswith("shortdeck") else "the deck"


def _rules(game: str) -> Rules:
    """The deck, hole sizes and range reading of a game (an equity game or a ranking)."""
    high, low, sizes = EQUITY_GAMES.get(game, (game, None, None))
    deck = core.game_info(game_id(high))[3]
    return Rules(game=(game_id(high), game_id(low) if low else 0), name=game, deck=deck,
                 deck_name=_deck_name(high), sizes=sizes, parse=lambda text: parse_range(text, game=high))


def parse_range(text: str, *, game: str) -> Range:
    """Hold'em range notation (pokerhash.parse_range) on a game's deck, with the game's hand sizes.

    One rule: a range names cards of the game's deck. "random" (any, XX, *) is every two-card hand of that
    deck (630 in the 36-card short deck); any other token holding a card outside it is refused, so a range
    never loses hands silently. An equity game's range holds hands of its sizes: "omaha_hilo8" takes Omaha
    hands of 4 to 6 cards named by their cards ("AhAdKsKd, AsAc2d3d"), and refuses two-card notation such
    as "AA" or "random" rather than return a hold'em range.

    Args:
        text: range text, e.g. "QQ+, AKs, A9s-A6s".
        game: a game name (games.GAMES or games.EQUITY_GAMES), e.g. "shortdeck".

    Returns:
        Range: the combos and weights.

    Raises:
        ValueError: the parser's message for bad notation ("unknown range token 'AKx'"), an unknown game,
            a card outside the deck ("card 5c is not in the short deck"), or hands of a size the game does
            not deal ("omaha_hilo8 hands have 4 to 6 cards, got 2").
        TypeError: text that is not a string.

    Example:
        >>> from pokerhash import games
        >>> len(games.parse_range("random", game="shortdeck")), len(games.parse_range("QQ+, AKs", game="shortdeck"))
        (630, 22)
        >>> games.parse_range("A5s", game="shortdeck")
        Traceback (most recent call last):
        ...
        ValueError: card 5c is not in the short deck
    """
    rules = _rules(game)
    if isinstance(text, str) and text.strip().lower() in ANY_HAND:
        rng = parse_range_on(text, [c for c in range(52) if not rules.deck >> c & 1])
    else:
        rng = parse_holdem_range(text)
        for cards, _ in rng.id_combos():
            rules.check_cards(cards)
    if len(rng):  # "AA:0" weighs every combo out: no hand of a wrong size is left
        rules.check_size(rng.hand_size)
    return rng


@dataclass(frozen=True)
class GameEquityResult:
    """Per-player results of games.equity(), in the order the players were given.

    A deal's pot goes to the best high hand, or half to it and half to the best qualifying low; a half splits
    evenly among tied hands. Counts are unweighted deals (exact) or samples (Monte Carlo); equities and
    rates are weighted by the ranges' weights, as in pokerhash.EquityResult.

    Args:
        game: the equity game ("omaha_hilo8").
        players: each player's hand or range, as given.
        equity: the expected share of the pot.
        high_equity: the part of `equity` won with the high hand.
        low_equity: the part won with the low hand (0 in games without a low).
        win: deals the player takes whole (a scoop).
        tie: deals won in part (split or quartered).
        lose: deals won nothing.
        win_rate: the weighted fraction of deals scooped.
        tie_rate: the weighted fraction won in part.
        lose_rate: the weighted fraction lost.
        deals: deals counted (exact) or samples (Monte Carlo).
        low_deals: deals with a qualifying low.
        exact: True for exact enumeration.
        stderr: Monte Carlo only: each equity's standard error.
        seed: Monte Carlo only: the seed that reproduces the run.
        board: the board cards.
        dead: the dead cards.
        seconds: the wall time (not compared by ==).

    Raises:
        Nothing itself: games.equity() builds it; str() gives a table.

    Example:
        >>> from pokerhash import games
        >>> r = games.equity(["AhAd2c3d", "KsKhQsJh"], game="omaha_hilo8", board="5c 7h 8d")
        >>> r.exact, r.deals, r.low_deals, [round(e, 2) for e in r.high_equity], [round(e, 2) for e in r.low_equity]
        (True, 820, 820, [0.42, 0.08], [0.5, 0.0])
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
        width = max([12, *(len(p) for p in self.players)])  # a hand-built result may have no players
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
        lows = f", a low in {self.low_deals / self.deals:.1%}" if split and self.deals else ""
        lines.append(f"{self.game} {mode}, {where}{lows} ({self.seconds:.2f} s)")
        return "\n".join(lines)


def equity(players: Sequence[Any], *, game: str, board: Any = None, dead: Any = None, exact: Optional[bool] = None,
           samples: Optional[int] = None, seed: Optional[int] = None, stderr: Optional[float] = None,
           threads: Optional[int] = None, progress: Optional[Progress] = None, force: bool = False,
           executor: Any = None) -> GameEquityResult:
    """All-in equity of 2 to 10 players in an equity game, exact or Monte Carlo, as pokerhash.equity.

    The games (EQUITY_GAMES): "shortdeck" and "shortdeck_triton" (two hole cards, 36-card deck) and
    "omaha_hilo8" (4 to 6 hole cards; the pot is split between the best high and the best eight-or-better
    low, quartered on ties). The mode rule, its messages and the runner are pokerhash.equity's.

    Args:
        players: hands ("AsAd", ["As", "Ad"]) or ranges (range text in hold'em notation, a Range) on the
            game's deck.
        game: "shortdeck", "shortdeck_triton" or "omaha_hilo8".
        board: 0, 3, 4 or 5 cards.
        dead: cards out of the deck.
        exact: None samples when samples, stderr or seed is given, else enumerates when that should take at
            most about 2 s of one core (or is the quicker, ranges overlapping), else samples 1,000,000
            deals; True enumerates (refusing work estimated above a minute unless force=True); False
            samples.
        samples: Monte Carlo stops after this many samples.
        seed: the Monte Carlo seed (random when None; the result records it).
        stderr: Monte Carlo stops once every player's standard error is at most this.
        threads: at most this many local threads (default: one per CPU).
        progress: called as progress(done, total) after each task.
        force: with exact=True, enumerate even when the estimate is over a minute; with Monte Carlo, sample
            even when overlapping ranges make finding holdings free of shared cards take over a minute.
        executor: where the work runs (pokerhash.parallel.run): an int, any concurrent.futures.Executor or
            a dask distributed.Client; the result is the same on every executor.

    Returns:
        GameEquityResult: equities (high and low parts), counts and rates per player.

    Raises:
        ValueError: an unknown game, cards outside the game's deck ("player 2: card 5c is not in the short
            deck", "board card 2c is not in the short deck"), wrong hole sizes ("player 1: omaha_hilo8
            hands have 4 to 6 cards, got 2"), and every error of pokerhash.equity (conflicting options,
            "exact enumeration would take about ...").
        TypeError: arguments of the wrong type.
        KeyboardInterrupt: Ctrl-C stops a run within about a second.

    Example:
        >>> from pokerhash import games
        >>> r = games.equity(["As 2s 3d Kd", "Ah 2h Qc Qd"], game="omaha_hilo8", board="5c 7h 8d")
        >>> r.exact, r.deals, [round(e, 3) for e in r.equity]
        (True, 820, [0.436, 0.564])
        >>> games.equity(["AA", "KK"], game="shortdeck", samples=20_000, seed=3).deals
        20000
    """
    started = time.perf_counter()
    if game not in EQUITY_GAMES:
        raise ValueError(f"unknown equity game {shown_value(game)}; equity games: {', '.join(EQUITY_GAMES)}")
    most = jobs.local_threads(threads, executor)
    if isinstance(executor, int) and not isinstance(executor, bool):
        executor = None  # executor=N: N local threads, planned as threads=N
    sampling = jobs.sampling_options(exact, samples, stderr, seed)
    force = jobs.force_option(force)
    cap, target = jobs.mc_limits(samples, stderr, _equity.DEFAULT_SAMPLES, _equity.MAX_SAMPLES_FOR_STDERR)
    rules = _rules(game)
    spot = Spot(players, board, dead, rules=rules)
    spot.check_some_deal()  # before either mode: no deal at all is said at once, not searched for
    most = jobs.default_threads(most)
    run_exact, batch = jobs.pick_mode(exact, sampling, spot, cap, target, MC_BATCH, most=most, executor=executor,
                                      auto_seconds=_equity.AUTO_EXACT_SECONDS,
                                      refuse_seconds=_equity.REFUSE_SAMPLING_SECONDS, force=force)
    if run_exact:
        total = jobs.run_exact(rules.game, spot.args, spot.units(), spot.estimated_seconds(), most=most,
                               executor=executor, progress=progress, refuse_seconds=_equity.REFUSE_EXACT_SECONDS,
                               force=force)
        used_seed = None
    else:
        used_seed = jobs.new_seed(seed)
        total = jobs.run_monte_carlo(rules.game, spot.args, used_seed, cap, target, batch, most=most,
                                     executor=executor, progress=progress)
    return _result(game, spot, total, bool(run_exact), used_seed, time.perf_counter() - started)


def _result(game: str, spot: Spot, total: Optional[Tally], exact: bool, seed: Optional[int],
            seconds: float) -> GameEquityResult:
    """The GameEquityResult of a run's total tally."""
    deals = int(total["deals"]) if total else 0
    if not total or deals == 0:
        raise ValueError("no deal is possible: the players' ranges always share a card")
    weight = total["weight"]
    if exact and spot.weights is None:  # integers to the end: exactly rounded
        equities = tuple(s / (POT * deals) for s in total["share"])
        highs = tuple(s / (POT * deals) for s in total["high_share"])
    else:
        equities = tuple(w / weight for w in total["weighted_share"])
        highs = tuple(w / weight for w in total["weighted_high_share"])
    wins = tuple(w / weight for w in total["weighted_win"])
    ties = tuple(t / weight for t in total["weighted_tie"])
    return GameEquityResult(
        game=game, players=tuple(spot.labels), equity=equities, high_equity=highs,
        low_equity=tuple(e - h for e, h in zip(equities, highs)),
        win=tuple(map(int, total["win"])), tie=tuple(map(int, total["tie"])), lose=tuple(map(int, total["lose"])),
        win_rate=wins, tie_rate=ties, lose_rate=tuple(max(0.0, 1.0 - w - t) for w, t in zip(wins, ties)),
        deals=deals, low_deals=int(total["low_deals"]), exact=exact,
        stderr=None if exact else jobs.stderrs(total), seed=seed,
        board=tuple(Card(c) for c in spot.board), dead=tuple(Card(c) for c in spot.dead), seconds=seconds)
