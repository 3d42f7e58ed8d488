"""Ultimate Texas Hold'em decisions computed directly with numpy from the rules of the analysis contract:
one street at a time, every unseen card enumerated, values from pokerhash.evaluate_batch only. The
oracle of decide() and of the C brute force (tests/c/uth_brute.c). EVs are exact Fractions in antes."""

from fractions import Fraction
from itertools import combinations

import numpy as np

import pokerhash as ph

# The blind's pay in half antes by the player's category: royal 500:1, straight flush 50:1, quads 10:1,
# full house 3:1, flush 3:2, straight 1:1, else push.
BLIND_HALF_ANTES = np.array([1000, 100, 20, 6, 3, 2, 0, 0, 0, 0], dtype=np.int64)
WORST_VALUE = 7462
CATEGORY_OF_VALUE = np.array([0] + [int(ph.category(v)) for v in range(1, WORST_VALUE + 1)], dtype=np.int64)
FOLD_HALF_ANTES = -4


def unseen_cards(seen, dead):
    """Cards a player who saw `seen` may still meet: all but seen and dead, ascending."""
    out = set(seen) | set(dead)
    return [c for c in range(52) if c not in out]


def pairs_of(cards):
    return np.array(list(combinations(cards, 2)), dtype=np.uint8).reshape(-1, 2)


def showdown_half_antes(player_values, dealer_values, play):
    """The player's net result in half antes playing `play` antes (arrays broadcast)."""
    player_values = np.asarray(player_values, dtype=np.int64)
    dealer_values = np.asarray(dealer_values, dtype=np.int64)
    ante = np.where(CATEGORY_OF_VALUE[dealer_values] <= int(ph.Category.ONE_PAIR), 2, 0)
    win = 2 * play + ante + BLIND_HALF_ANTES[CATEGORY_OF_VALUE[player_values]]
    lose = -2 * play - ante - 2
    return np.where(player_values < dealer_values, win, np.where(player_values > dealer_values, lose, 0))


def river_sums(hole, board, dead):
    """(sum over dealer holes of the result of playing 1x, number of dealer holes), in half antes."""
    board = list(board)
    dealers = pairs_of(unseen_cards(list(hole) + board, dead))
    player = ph.evaluate(list(hole) + board)
    boards = np.broadcast_to(np.array(board, dtype=np.uint8), (len(dealers), 5))
    dealer_values = ph.evaluate_batch(np.ascontiguousarray(np.hstack([dealers, boards])))
    return int(showdown_half_antes(player, dealer_values, 1).sum()), len(dealers)


def river_evs(hole, board, dead=()):
    """{"play": EV of playing 1x, "fold": -2} after two checks, for a 5-card board."""
    total, dealers = river_sums(hole, board, dead)
    return {"play": Fraction(total, 2 * dealers), "fold": Fraction(FOLD_HALF_ANTES, 2)}


def _flop_sums(hole, flop, dead):
    """Half-ante sums over every turn+river and dealer hole after a flop: {"bet2", "check" (then the best
    river play), "check_wager" (half antes wagered by that check line), "raise3", "raise4", "deals"}."""
    hole, flop = list(hole), list(flop)
    sums = dict.fromkeys(("bet2", "check", "check_wager", "raise3", "raise4", "deals"), 0)
    for runout in pairs_of(unseen_cards(hole + flop, dead)):
        board = flop + [int(c) for c in runout]
        dealers = pairs_of(unseen_cards(hole + board, dead))
        boards = np.broadcast_to(np.array(board, dtype=np.uint8), (len(dealers), 5))
        dealer_values = ph.evaluate_batch(np.ascontiguousarray(np.hstack([dealers, boards])))
        player = ph.evaluate(hole + board)
        play1 = int(showdown_half_antes(player, dealer_values, 1).sum())
        fold = FOLD_HALF_ANTES * len(dealers)
        sums["check"] += play1 if play1 > fold else fold
        sums["check_wager"] += (6 if play1 > fold else 4) * len(dealers)
        for name, play in (("bet2", 2), ("raise3", 3), ("raise4", 4)):
            sums[name] += int(showdown_half_antes(player, dealer_values, play).sum())
        sums["deals"] += len(dealers)
    return sums


def flop_evs(hole, flop, dead=()):
    """{"bet2": EV of playing 2x, "check": EV of checking then playing the river best} after a flop."""
    sums = _flop_sums(hole, flop, dead)
    return {name: Fraction(sums[name], 2 * sums["deals"]) for name in ("bet2", "check")}


def preflop_sums(hole, dead=(), allow_3x=True):
    """Half-ante sums of a hole's options over all its deals, every flop walked (small decks only):
    {"check", "raise3", "raise4", "deals", "best", "wager"}; best and wager follow the best allowed option
    (an exact tie to the less aggressive one)."""
    out = dict.fromkeys(("check", "check_wager", "raise3", "raise4", "deals"), 0)
    for flop in combinations(unseen_cards(hole, dead), 3):
        sums = _flop_sums(hole, flop, dead)
        bet = sums["bet2"] > sums["check"]
        out["check"] += sums["bet2"] if bet else sums["check"]
        out["check_wager"] += 8 * sums["deals"] if bet else sums["check_wager"]
        for name in ("raise3", "raise4", "deals"):
            out[name] += sums[name]
    out["best"], out["wager"] = out["check"], out["check_wager"]
    for name, wager in (("raise3", 10), ("raise4", 12)):
        if (allow_3x or name == "raise4") and out[name] > out["best"]:
            out["best"], out["wager"] = out[name], wager * out["deals"]
    return out


def preflop_evs(hole, dead=()):
    """{"check", "raise3", "raise4"} EVs of a hole in antes."""
    sums = preflop_sums(hole, dead)
    return {name: Fraction(sums[name], 2 * sums["deals"]) for name in ("check", "raise3", "raise4")}
