"""pokerhash: exact, fast poker hand evaluation (5 to 9 cards, Omaha) and card combinatorics.

Cards are ids 0..51, `4 * rank + suit` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s: 2c = 0, As = 51), or
their names ("As", "10h", "A♠"). Hand values run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is
better: the Cactus Kev / PokerHandEvaluator scale, so values interoperate with other tools.

>>> import pokerhash as ph
>>> ph.evaluate("As Ks Qs Js Ts 2c 3d")
1
>>> ph.describe(ph.evaluate("9s 9h 9d 4c 4s"))
'Nines Full over Fours'

numpy is optional: numpy arrays in give numpy arrays out. Every function raises ValueError or TypeError
naming the problem ("unknown card 'Xx'", "duplicate card As", "row 17: duplicate card").
`pokerhash.backend` is "native" (the CPython extension) or "wasm" (the same package in Pyodide).
"""

from ._backend import backend
from ._batch import evaluate_batch, omaha_evaluate_batch
from ._buffers import Rows
from ._cards import Card, CardLike, Cards, parse_cards
from ._category import Category
from ._combinatorics import (comb, combination_masks, combinations, hand_index, quinary_hash, rank_combination,
                             unrank_combination)
from ._deck import Deck
from ._equity import EquityResult, equity
from ._histogram import value_histogram
from ._isomorphism import HandIndexer
from ._percentile import percentile
from ._ranges import Range, parse_range
from ._showdown import compare, winners
from ._values import WORST_VALUE, best_five, category, describe, evaluate, omaha_evaluate, value_ranks
from ._version import __version__
# other games (short deck, lowball, hi-lo) in a namespace of their own: pokerhash.games.evaluate(..., game=...)
from . import games
# scale-out: tables, the parallel runner and its jobs (docs/scale.md)
from . import parallel
from ._table import CombinationTable, value_table
from .parallel import map_combinations
# whole-deal analysis: showdown counts, the showdown matrix, Ultimate Texas Hold'em (docs/analysis.md)
from . import analysis

__all__ = [
    "backend", "Card", "Category", "parse_cards",
    "evaluate", "evaluate_batch", "category", "describe", "best_five", "value_ranks",
    "comb", "rank_combination", "unrank_combination", "combinations", "combination_masks",
    "hand_index", "value_histogram", "quinary_hash",
    "HandIndexer",  # suit-isomorphic hand indexes (issue 29)
    "equity", "EquityResult", "Range", "parse_range",
    "WORST_VALUE", "__version__",
    # python first hour: Omaha, showdowns, a deck, percentiles, type aliases, array rows
    "omaha_evaluate", "omaha_evaluate_batch", "winners", "compare", "Deck", "percentile",
    "CardLike", "Cards", "Rows",
    "games",  # other games: short deck, lowball, hi-lo (pokerhash/games.py)
    "CombinationTable", "value_table", "map_combinations", "parallel",
    "analysis",  # whole-deal analysis (pokerhash/analysis.py)
]
