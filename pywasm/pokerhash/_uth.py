"""Ultimate Texas Hold'em solved exactly: the rules, the job over every flop, and the result's arithmetic.

The C core (core_c/src/analysis/uth_*.c) counts, for every suit-canonical flop and every hole pair, the
outcomes of each line (play preflop, bet the flop, play or fold on the river) with the flop and river decided
by exact EV, and adds them to the pair's class times the flop's orbit. The preflop decision needs every
flop, so it is taken here, from those class totals, in exact integers.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction
from typing import Any, Dict, List, Mapping, Optional, Tuple

from . import parallel
from ._analysis_input import analysis_core, numpy
from ._category import Category
from ._checks import flag

OUTCOMES = 23  # per line: wins by category with / without the dealer qualifying, tie, losses with / without
FLOP_COUNTS = 2 * OUTCOMES + 1
LINES = 3 * OUTCOMES + 1
FLOPS = 22100  # C(52, 3): the solve's work units
PAIRS = 1326
# Work units (flops, ~8 % of them canonical) a second of one core gets through: a low estimate, so a task
# stays short enough for Ctrl-C.
FLOPS_PER_SECOND = 200

#: The standard Blind pay table: the Blind wins this many times itself by the player's final hand (others push).
STANDARD_PAY_TABLE: Mapping[Category, Fraction] = {
    Category.ROYAL_FLUSH: Fraction(500), Category.STRAIGHT_FLUSH: Fraction(50), Category.FOUR_OF_A_KIND: Fraction(10),
    Category.FULL_HOUSE: Fraction(3), Category.FLUSH: Fraction(3, 2), Category.STRAIGHT: Fraction(1),
}


class Rules:
    """The Blind pay table in whole units of 1/unit ante, packed for the C core."""

    def __init__(self, pay_table: Optional[Mapping[Any, Any]], allow_3x: bool):
        table = STANDARD_PAY_TABLE if pay_table is None else pay_table
        if not isinstance(table, Mapping):
            raise TypeError(f"pay_table must be a mapping of hand categories to Blind pays, got {type(table).__name__}")
        pays: Dict[int, Fraction] = {}
        for key, pay in table.items():
            category = _category(key)
            try:
                ratio = Fraction(pay)
            except (TypeError, ValueError):
                raise ValueError(f"pay_table[{category.name}] must be a number, got {pay!r}") from None
            if ratio < 0 or ratio > 10 ** 6:
                raise ValueError(f"pay_table[{category.name}] must be 0 to 1,000,000, got {ratio}")
            pays[int(category)] = ratio
        unit = 1
        for ratio in pays.values():
            unit = unit * ratio.denominator // math.gcd(unit, ratio.denominator)
        if unit > 1000 or any(ratio * unit > 10 ** 6 for ratio in pays.values()):
            raise ValueError("pay_table pays must be fractions with denominators whose common multiple is at most 1,000")
        self.unit = unit
        self.pays = {Category(c): ratio for c, ratio in sorted(pays.items())}
        self.allow_3x = flag(allow_3x, "allow_3x")
        blind = [int(pays.get(c, Fraction(0)) * unit) for c in range(10)]
        self.packed = struct.pack("<11I", unit, *blind)
        # the player's result of each outcome for each Play bet (1/unit antes), from the C rule
        self.payoff = {play: [analysis_core.uth_payoff(self.packed, play, o) for o in range(OUTCOMES)]
                       for play in (1, 2, 3, 4)}
        self.fold = -2 * unit


def _category(key: Any) -> Category:
    if isinstance(key, str):
        try:
            return Category[key.upper().replace(" ", "_")]
        except KeyError:
            raise ValueError(f"unknown hand category {key!r} in pay_table") from None
    try:
        return Category(key)
    except (ValueError, TypeError):
        raise ValueError(f"unknown hand category {key!r} in pay_table") from None


def line_value(payoff: List[int], counts: Any) -> int:
    """Outcome counts times their payoffs, exactly."""
    return sum(int(count) * pay for count, pay in zip(counts, payoff))


def solve_task(task: Any) -> Any:
    """One piece of the solve: flops [start, stop). Returns the class totals (rows of the class representatives)
    and the bet decisions of its canonical flops ({flop: 1,326 bytes})."""
    packed, dead, representatives, start, stop = task
    np = numpy()
    totals = np.zeros((PAIRS, LINES), np.uint64)
    bets = np.zeros((stop - start, PAIRS), np.uint8)
    analysis_core.uth_solve_into(packed, dead, start, stop - start, totals, bets)
    rows = {start + i: bytes(row) for i, row in enumerate(bets) if row.any()}
    return totals[representatives], rows


def add_part(total: Any, part: Any) -> Any:
    total[0][...] += part[0]
    total[1].update(part[1])
    return total


def solve(rules: Rules, dead: List[int], executor: Any, progress: Any, chunk: Optional[int]) -> Tuple[Any, Any, Any]:
    """(class of each pair, class totals by representative, bet table (22,100 x 1,326 uint8)) of the whole game."""
    np = numpy()
    dead_bytes = bytes(dead)
    class_of = np.zeros(PAIRS, np.uint16)
    analysis_core.uth_classes_into(dead_bytes, class_of)
    representatives = np.unique(class_of[class_of != 0xFFFF]).astype(np.intp)
    tasks = [(rules.packed, dead_bytes, representatives, a, b)
             for a, b in parallel.plan(0, FLOPS, FLOPS_PER_SECOND, executor, chunk)]
    initial: Tuple[Any, Dict[int, bytes]] = (np.zeros((len(representatives), LINES), np.uint64), {})
    rep_totals, bet_rows = parallel.run(solve_task, tasks, add_part, initial, executor=executor,
                                        sizes=[t[4] - t[3] for t in tasks], progress=progress)
    totals = np.zeros((PAIRS, LINES), np.uint64)
    totals[representatives] = rep_totals
    bets = np.zeros((FLOPS, PAIRS), np.uint8)
    for flop, row in bet_rows.items():
        bets[flop] = np.frombuffer(row, np.uint8)
    return class_of, totals, bets
