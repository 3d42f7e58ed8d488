"""The answer to Ultimate Texas Hold'em: house edge, element of risk, return table, preflop chart, decisions."""


from fractions import Fraction
from math import comb
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from ._analysis_input import analysis_core, cards_arg, distinct, executor_of, numpy
from ._cards import RANK_CHARS, Card
from ._category import Category
from ._uth import FLOP_COUNTS, OUTCOMES, PAIRS, Rules, line_value, solve

__all__ = ["UTHResult", "PreflopDecision", "Decision", "Outcome", "ultimate_texas_holdem"]

PREFLOP_ACTIONS = ("check", "raise3", "raise4")  # least aggressive first: exact ties go to the earlier one


class PreflopDecision(NamedTuple):
    """The best preflop action of a starting hand and the EV of each option, per hand in antes.

    Args:
        action: "raise4", "raise3" or "check"; ev_check, ev_raise3, ev_raise4: exact EVs (Fraction).

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> analysis.ultimate_texas_holdem(dead=list(range(32)), progress=False).preflop["AA"].action
        'raise4'
    """

    action: str
    ev_check: Fraction
    ev_raise3: Fraction
    ev_raise4: Fraction


class Decision(NamedTuple):
    """The best action at one street and the EV of every option, per hand in antes.

    Args:
        street: "preflop", "flop" or "river"; action: the best option; evs: option -> exact EV (Fraction).

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> small = analysis.ultimate_texas_holdem(dead=list(range(32)), progress=False)
        >>> small.decide("AsAh", "Ks Kd Kh").action
        'bet2'
    """

    street: str
    action: str
    evs: Dict[str, Fraction]


class Outcome(NamedTuple):
    """One row of the return table: a line of play and how the deal ends.

    Args:
        line: "play 4x preflop", ..., "fold on the river"; result: how the deal ends; deals: how many;
        probability: deals / all deals; contribution: probability * net; net: the player's result of one such
        deal, in antes.

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> small = analysis.ultimate_texas_holdem(dead=list(range(32)), progress=False)
        >>> sum(row.contribution for row in small.outcomes) == -small.house_edge
        True
    """

    line: str
    result: str
    deals: int
    probability: Fraction
    contribution: Fraction  # probability * net
    net: Fraction  # the player's result of one such deal, in antes


def _result_name(outcome: int) -> str:
    if outcome < 20:
        hand = Category(outcome % 10).name.replace("_", " ").lower()
        return f"win with {hand}, dealer {'qualifies' if outcome < 10 else 'does not qualify'}"
    return ("tie", "loss, dealer qualifies", "loss, dealer does not qualify")[outcome - 20]


def _class_name(pair: int) -> str:
    lo, hi = _split(pair)
    if lo >> 2 == hi >> 2:
        return RANK_CHARS[hi >> 2] * 2
    return RANK_CHARS[hi >> 2] + RANK_CHARS[lo >> 2] + ("s" if lo & 3 == hi & 3 else "o")


def _pair_index(cards: List[int]) -> int:
    lo, hi = sorted(cards)
    return hi * (hi - 1) // 2 + lo


class UTHResult:
    """Ultimate Texas Hold'em played optimally: every decision by exact EV over all unseen cards.

    Attributes:
        house_edge: the player's expected loss per Ante (Fraction).
        element_of_risk: the expected loss per unit wagered in all (Ante + Blind + Play; a fold wagers 2).
        deals: every (player hole, dealer hole, flop, turn + river) deal counted.
        outcomes: the return table: a row per line of play and result, with deals, probability, the net
            result of one deal and its contribution to the return (they add up to -house_edge).
        preflop: starting hand ("AKs", "72o", "TT"; with asymmetric dead cards a class is named by its
            smallest combo) -> PreflopDecision.
        pay_table: the Blind pays used; allow_3x: whether the 3x preflop bet was an option.

    Args:
        rules, dead, class_of, totals, bets: the solve's pieces (ultimate_texas_holdem() makes the result).

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> small = analysis.ultimate_texas_holdem(dead=list(range(32)), progress=False)
        >>> small.deals, small.preflop["AKs"].action
        (1269777600, 'raise4')
    """

    def __init__(self, rules: Rules, dead: List[int], class_of: Any, totals: Any, bets: Any):
        self._rules = rules
        self._dead = dead
        self._class_of = class_of
        self._bets = bets
        live = 52 - len(dead)
        self._deals_per_hole = comb(live - 2, 2) * comb(live - 4, 3) * comb(live - 7, 2)
        self.pay_table = dict(rules.pays)
        self.allow_3x = rules.allow_3x
        unit, pay = rules.unit, rules.payoff
        sizes: Dict[int, int] = {}
        for c in class_of.tolist():
            if c != 0xFFFF:
                sizes[c] = sizes.get(c, 0) + 1
        names = {c: _class_name(c) for c in sizes}
        if len(set(names.values())) < len(names):  # classes finer than the 169 starting hands
            names = {c: f"{Card(_split(c)[1])}{Card(_split(c)[0])}" for c in sizes}
        self._evs: Dict[int, Dict[str, Fraction]] = {}
        self._decisions: Dict[int, PreflopDecision] = {}
        self.preflop: Dict[str, PreflopDecision] = {}
        rows: Dict[Any, int] = {}
        total_ev = 0
        wagered = 0
        self.deals = 0
        for c in sorted(sizes):
            t = [int(x) for x in totals[c].tolist()]
            deals = sizes[c] * self._deals_per_hole
            sums = {"check": line_value(pay[2], t[OUTCOMES:2 * OUTCOMES]) + line_value(pay[1], t[2 * OUTCOMES:3 * OUTCOMES])
                    + t[3 * OUTCOMES] * rules.fold,
                    "raise3": line_value(pay[3], t[:OUTCOMES]), "raise4": line_value(pay[4], t[:OUTCOMES])}
            allowed = PREFLOP_ACTIONS if rules.allow_3x else ("check", "raise4")
            best = allowed[0]
            for action in allowed[1:]:
                if sums[action] > sums[best]:
                    best = action
            evs = {a: Fraction(sums[a], unit * deals) for a in PREFLOP_ACTIONS}
            self._evs[c] = evs
            self._decisions[c] = PreflopDecision(best, evs["check"], evs["raise3"], evs["raise4"])
            self.preflop[names[c]] = self._decisions[c]
            total_ev += sums[best]
            self.deals += deals
            if best == "check":
                lines = [("play 2x on the flop", 2, t[OUTCOMES:2 * OUTCOMES]),
                         ("play 1x on the river", 1, t[2 * OUTCOMES:3 * OUTCOMES])]
                rows[("fold on the river", "fold")] = rows.get(("fold on the river", "fold"), 0) + t[3 * OUTCOMES]
                wagered += 2 * t[3 * OUTCOMES]
            else:
                play = int(best[-1])
                lines = [(f"play {play}x preflop", play, t[:OUTCOMES])]
            for line, play, counts in lines:
                for o, count in enumerate(counts):
                    if count:
                        rows[(line, o)] = rows.get((line, o), 0) + count
                    wagered += (2 + play) * count
        self.house_edge = Fraction(-total_ev, unit * self.deals)
        self.element_of_risk = Fraction(-total_ev, unit * wagered)
        self.outcomes: List[Outcome] = []
        order = ["play 4x preflop", "play 3x preflop", "play 2x on the flop", "play 1x on the river",
                 "fold on the river"]
        for (line, o), count in sorted(rows.items(), key=lambda item: (order.index(item[0][0]), str(item[0][1]).zfill(2))):
            if o == "fold":
                net, result = Fraction(rules.fold, unit), "fold: Ante and Blind lost"
            else:
                net, result = Fraction(pay[int(line.split()[1][0])][o], unit), _result_name(o)
            probability = Fraction(count, self.deals)
            self.outcomes.append(Outcome(line, result, count, probability, probability * net, net))

    def hole_ev(self, hole: Any) -> Dict[str, Fraction]:
        """The EV per hand in antes of checking, raising 3x and raising 4x with one hole pair.

        Raises:
            ValueError: a hole of other than 2 cards, a card twice or dead.
        """
        return dict(self._evs[self._class_of_hole(self._hole(hole))])

    def decide(self, hole: Any, board: Any = ()) -> Decision:
        """The optimal action with this hole at the street the board shows, and the EV of every option.

        Args:
            hole: the player's two cards.
            board: () or None before the flop, the 3 flop cards, or all 5 board cards (turn and river are
                dealt together in this game).

        Returns:
            Decision: street "preflop" (check, raise3, raise4), "flop" (check, bet2) or "river" (fold, play1).

        Raises:
            ValueError: a board of 1, 2 or 4 cards, a card twice or dead.
        """
        hole_ids = self._hole(hole)
        board_ids = cards_arg(board, "board")
        distinct(("in the hole", hole_ids), ("on the board", board_ids), ("dead", self._dead))
        if not board_ids:
            decision = self.preflop_decision(hole_ids)
            return Decision("preflop", decision.action, {"check": decision.ev_check, "raise3": decision.ev_raise3,
                                                         "raise4": decision.ev_raise4})
        np = numpy()
        rules, unit = self._rules, self._rules.unit
        if len(board_ids) == 3:
            counts = np.zeros((PAIRS, FLOP_COUNTS), np.uint32)
            bet = np.zeros(PAIRS, np.uint8)
            analysis_core.uth_flop_into(rules.packed, bytes(board_ids), bytes(self._dead), counts, bet)
            pair = _pair_index(hole_ids)
            row = [int(x) for x in counts[pair].tolist()]
            live = 52 - len(self._dead)
            deals = unit * comb(live - 5, 2) * comb(live - 7, 2)
            evs = {"check": Fraction(line_value(rules.payoff[1], row[OUTCOMES:2 * OUTCOMES])
                                     + row[2 * OUTCOMES] * rules.fold, deals),
                   "bet2": Fraction(line_value(rules.payoff[2], row[:OUTCOMES]), deals)}
            return Decision("flop", "bet2" if bet[pair] else "check", evs)
        if len(board_ids) == 5:
            dealers, _, play, fold = analysis_core.uth_river(rules.packed, bytes(hole_ids), bytes(board_ids),
                                                             bytes(self._dead))
            evs = {"fold": Fraction(fold, unit * dealers), "play1": Fraction(play, unit * dealers)}
            return Decision("river", "play1" if play > fold else "fold", evs)
        raise ValueError(f"the board must have 0, 3 or 5 cards (turn and river come together), got {len(board_ids)}")

    def preflop_decision(self, hole: Any) -> PreflopDecision:
        """The preflop row of one hole pair's class.

        Args:
            hole: the player's two cards.

        Returns:
            PreflopDecision.

        Raises:
            ValueError: a hole of other than 2 cards, a card twice or dead.
        """
        return self._decisions[self._class_of_hole(self._hole(hole))]

    def plays(self, holes: Any, boards: Any = None) -> Any:
        """The optimal Play bet for many deals at once (numpy): 4 or 3 (preflop raise), 2 (flop bet), 1
        (river play), 0 (check, or fold on the river).

        Args:
            holes: (n, 2) card ids.
            boards: None (preflop), (n, 3) flops or (n, 5) full boards.

        Returns:
            (n,) uint8 numpy array.
        """
        np = numpy()
        hole_rows = _card_rows(np, holes, "holes").reshape(-1, 2)
        n = len(hole_rows)
        out = np.zeros(n, np.uint8)
        if boards is None or np.asarray(boards).size == 0:
            pairs = np.maximum(hole_rows[:, 0], hole_rows[:, 1]).astype(np.intp)
            pairs = pairs * (pairs - 1) // 2 + np.minimum(hole_rows[:, 0], hole_rows[:, 1])
            classes = self._class_of[pairs]
            if np.any(classes == 0xFFFF) or np.any(hole_rows[:, 0] == hole_rows[:, 1]):
                raise ValueError("a hole holds a dead card or the same card twice")
            bets = {"check": 0, "raise3": 3, "raise4": 4}
            table = np.zeros(PAIRS, np.uint8)
            for c, decision in self._decisions.items():
                table[c] = bets[decision.action]
            return table[classes]
        board_rows = _card_rows(np, boards, "boards").reshape(n, -1)
        if board_rows.shape[1] == 3:
            analysis_core.uth_flop_decisions_into(bytes(self._dead), self._bets, hole_rows, board_rows, out)
            return out * np.uint8(2)
        if board_rows.shape[1] == 5:
            analysis_core.uth_river_decisions_into(self._rules.packed, bytes(self._dead), hole_rows, board_rows, out)
            return out
        raise ValueError(f"boards must have 0, 3 or 5 cards per row, got {board_rows.shape[1]}")

    def to_dict(self) -> Dict[str, Any]:
        """The result as JSON-ready data (exact values as "p/q" text beside floats with all digits)."""
        def number(x: Fraction) -> Dict[str, Any]:
            return {"exact": str(x), "float": float(x)}
        return {
            "house_edge": number(self.house_edge), "element_of_risk": number(self.element_of_risk),
            "deals": self.deals,
            "pay_table": {c.name.lower(): str(p) for c, p in self.pay_table.items()}, "allow_3x": self.allow_3x,
            "outcomes": [{"line": o.line, "result": o.result, "deals": o.deals, "probability": number(o.probability),
                          "net": str(o.net), "contribution": number(o.contribution)} for o in self.outcomes],
            "preflop": {name: {"action": d.action, "ev_check": number(d.ev_check), "ev_raise3": number(d.ev_raise3),
                               "ev_raise4": number(d.ev_raise4)} for name, d in self.preflop.items()},
        }

    def _hole(self, hole: Any) -> List[int]:
        ids = cards_arg(hole, "hole")
        if len(ids) != 2:
            raise ValueError(f"a hole has 2 cards, got {len(ids)}")
        distinct(("in the hole", ids), ("dead", self._dead))
        return ids

    def _class_of_hole(self, ids: List[int]) -> int:
        return int(self._class_of[_pair_index(ids)])


def _card_rows(np: Any, rows: Any, name: str) -> Any:
    """Card ids as C-contiguous uint8, refusing what uint8 would wrap (a float, -1, 300) instead of reading it."""
    ids = np.asarray(rows)
    if ids.size and (ids.dtype.kind not in "iu" or ids.min() < 0 or ids.max() > 51):
        raise ValueError(f"{name} must hold card ids 0..51")
    return np.ascontiguousarray(ids, dtype=np.uint8)


def _split(pair: int) -> Tuple[int, int]:
    hi = 1
    while hi * (hi + 1) // 2 <= pair:
        hi += 1
    return pair - hi * (hi - 1) // 2, hi


def ultimate_texas_holdem(*, pay_table: Optional[Any] = None, allow_3x: bool = True, dead: Any = None,
                          threads: Optional[int] = None, executor: Any = None, progress: Any = None,
                          chunk: Optional[int] = None) -> UTHResult:
    """Ultimate Texas Hold'em solved exactly: the optimal strategy, house edge and return table.

    Rules: Ante = Blind = 1. Before the flop the player checks or plays 4x (or 3x) the Ante; after the flop, if
    checked, plays 2x or checks; after the river (turn and river come together), if checked twice, plays 1x
    or folds (losing Ante and Blind). The dealer qualifies with a pair or better. Player wins: Play pays 1:1,
    the Ante 1:1 if the dealer qualifies (else it pushes), the Blind by the player's final hand (pay_table;
    less than a straight pushes). Dealer wins: Ante, Blind and Play lose, except that the Ante pushes when the
    dealer does not qualify. A tie pushes everything. Every decision maximises the exact EV over all unseen
    cards; exact ties go to the less aggressive choice.

    Args:
        pay_table: Blind pays by hand category (Category or its name -> ratio; e.g. {"flush": Fraction(3, 2)});
            default STANDARD_PAY_TABLE: 500, 50, 10, 3, 3:2, 1.
        allow_3x: whether the 3x preflop bet is offered.
        dead: cards out of play (None for none; removing whole ranks gives a reduced deck).
        threads, executor, progress, chunk: as for showdown_matrix (tasks of flops; 22,100 units).

    Returns:
        UTHResult.

    Raises:
        ValueError: a bad pay table, a card twice, too few cards, threads= and executor= both given.
        ImportError: numpy is not installed.

    Example:
        >>> from pokerhash import analysis
        >>> small = analysis.ultimate_texas_holdem(dead=list(range(32)))   # ranks T..A only: a second
        >>> small.preflop["AA"].action
        'raise4'
    """
    rules = Rules(pay_table, allow_3x)
    dead_ids = cards_arg(dead, "dead")
    distinct(("dead", dead_ids))
    if 52 - len(dead_ids) < 9:
        raise ValueError(f"not enough cards: {52 - len(dead_ids)} left, two holes and a board need 9")
    class_of, totals, bets = solve(rules, dead_ids, executor_of(threads, executor), progress, chunk)
    return UTHResult(rules, dead_ids, class_of, totals, bets)
