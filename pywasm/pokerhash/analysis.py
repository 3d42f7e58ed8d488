"""Whole-deal analysis: showdown counts of every hand on a board, every heads-up deal by category,
Ultimate Texas Hold'em solved exactly, and hand-strength tables of every canonical hand (docs/analysis.md).

On a fixed board the hole pairs are sorted by value once; the opponents a pair beats, minus those that share
one of its cards (counted per card), are then O(1) each, so a board costs a sort instead of a comparison of
every two pairs. Boards that a renaming of suits maps onto each other are counted once, with their number.
"""

from ._showdown_counts import Showdown, ShowdownMatrix, showdown, showdown_matrix
from ._strength import Strength, StrengthTable, hand_strength, strength_table
from ._uth import STANDARD_PAY_TABLE
from ._uth_result import Decision, Outcome, PreflopDecision, UTHResult, ultimate_texas_holdem

__all__ = ["showdown", "Showdown", "showdown_matrix", "ShowdownMatrix", "ultimate_texas_holdem", "UTHResult",
           "PreflopDecision", "Decision", "Outcome", "STANDARD_PAY_TABLE", "strength_table", "StrengthTable",
           "Strength", "hand_strength"]
