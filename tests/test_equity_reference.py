"""A brute-force, pure-Python equity engine with the `_core.equity_*` contract (docs/design/equity-c-api.md).

It lets the Python layer (_equity.py) be tested on its own, and it is the slow, obvious model the C engine
must agree with. Only `pokerhash.evaluate` is shared with the library (scores of single hands); every
enumeration, split and weight decision is made again here, plainly.

As in the C engine: one unit is one choice of holdings (a mixed-radix index over the players' lists,
player 0 fastest) with every completion of the board. Sample i draws from random.Random of (seed, i) alone,
so any split of [first, first+count) gives the same totals; holdings are drawn in proportion to their
weights, the whole tuple redrawn while cards collide, then the missing board cards uniformly.
"""

import itertools
import math
import random

import pokerhash as ph

POT = 2520


def _value(hole, board):
    """Best value of a hold'em hand (any 2 + board) or an Omaha hand (exactly 2 hole + 3 board)."""
    if len(hole) == 2:
        return ph.evaluate(list(hole) + list(board))
    return min(ph.evaluate(list(h) + list(b))
               for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3))


class ReferenceEngine:
    """equity_units / equity_exact / equity_sample / omaha_evaluate, by brute force."""

    def equity_units(self, holdings, weights, board, dead):
        return math.prod(len(h) for h in holdings)

    def equity_exact(self, holdings, weights, board, dead, start, count):
        total = _empty(len(holdings))
        for unit in range(start, start + count):
            picks = _decode(unit, [len(h) for h in holdings])
            hands = [holdings[p][i] for p, i in enumerate(picks)]
            used = set(board) | set(dead)
            if not _disjoint(hands, used):
                continue
            weight = _weight(weights, picks)
            deck = [c for c in range(52) if c not in used and all(c not in h for h in hands)]
            for rest in itertools.combinations(deck, 5 - len(board)):
                _add_deal(total, hands, list(board) + list(rest), weight)
        return total

    def equity_sample(self, holdings, weights, board, dead, seed, first, count):
        total = _empty(len(holdings))
        for i in range(first, first + count):
            rng = random.Random(f"{seed}:{i}")
            used = set(board) | set(dead)
            while True:  # rejection: redraw the whole tuple while two holdings share a card
                picks = [_draw(rng, len(h), None if weights is None else weights[p])
                         for p, h in enumerate(holdings)]
                hands = [holdings[p][j] for p, j in enumerate(picks)]
                if _disjoint(hands, used):
                    break
            deck = [c for c in range(52) if c not in used and all(c not in h for h in hands)]
            rest = rng.sample(deck, 5 - len(board))
            _add_deal(total, hands, list(board) + rest, 1.0)  # weights went into the draw
        return total

    def omaha_evaluate(self, hole, board):
        return _value(tuple(hole), tuple(board))


def _empty(n):
    return {"deals": 0, "win": [0] * n, "tie": [0] * n, "lose": [0] * n, "share": [0] * n,
            "weight": 0.0, "weighted_share": [0.0] * n, "sum_sq": [0.0] * n,
            "weighted_win": [0.0] * n, "weighted_tie": [0.0] * n}


def _draw(rng, count, weights):
    if weights is None:
        return rng.randrange(count)
    return rng.choices(range(count), weights=weights)[0]


def _decode(unit, radices):
    picks = []
    for r in radices:  # player 0 is the fastest digit
        unit, digit = divmod(unit, r)
        picks.append(digit)
    return picks


def _disjoint(hands, used):
    seen = set(used)
    for h in hands:
        for c in h:
            if c in seen:
                return False
            seen.add(c)
    return True


def _weight(weights, picks):
    return 1.0 if weights is None else math.prod(weights[p][i] for p, i in enumerate(picks))


def _add_deal(total, hands, board, weight):
    values = [_value(h, board) for h in hands]
    best = min(values)
    winners = values.count(best)
    total["deals"] += 1
    total["weight"] += weight
    for p, v in enumerate(values):
        share = POT // winners if v == best else 0
        if v != best:
            total["lose"][p] += 1
        elif winners == 1:
            total["win"][p] += 1
            total["weighted_win"][p] += weight
        else:
            total["tie"][p] += 1
            total["weighted_tie"][p] += weight
        total["share"][p] += share
        total["sum_sq"][p] += (share / POT) ** 2
        total["weighted_share"][p] += weight * share / POT


def test_reference_engine_river_split():
    # Board straight to the ace plays for both: a two-way split on the one and only board.
    eng = ReferenceEngine()
    board = ph.parse_cards("Ts Js Qd Kc Ah")
    out = eng.equity_exact([[(0, 1)], [(4, 5)]], None, board, [], 0, 1)
    assert out["deals"] == 1 and out["tie"] == [1, 1] and out["share"] == [POT // 2, POT // 2]


def test_reference_engine_sample_split_invariance():
    eng = ReferenceEngine()
    args = ([[(48, 49)], [(44, 45), (40, 41)]], None, ph.parse_cards("2c 7d 9h"), [])
    whole = eng.equity_sample(*args, 5, 0, 40)
    parts = [eng.equity_sample(*args, 5, f, 10) for f in range(0, 40, 10)]
    assert whole["share"] == [sum(p["share"][i] for p in parts) for i in range(2)]
