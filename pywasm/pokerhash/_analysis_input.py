"""Arguments of the whole-deal analysis functions, checked once for all of them."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from ._backend import core as analysis_core
from ._cards import Card, named_cards
from ._equity_jobs import local_threads

__all__ = ["analysis_core", "numpy", "cards_arg", "distinct", "executor_of"]


def numpy() -> Any:
    """numpy, which the analysis results are made of."""
    try:
        import numpy as np
    except ImportError:
        raise ImportError("pokerhash.analysis needs numpy: pip install 'pokerhash[numpy]'") from None
    return np


def cards_arg(cards: Any, name: str) -> List[int]:
    """The card ids of the argument `name`: None for none, card text or a sequence of cards."""
    return [] if cards is None else named_cards(cards, name)


def distinct(*groups: Tuple[str, List[int]]) -> None:
    """Refuses a card in two of the groups, each named by where it is ("on the board", "dead", "in the hole"):
    "card Ks is both on the board and dead", as equity and the JS library say it."""
    owner: Dict[int, str] = {}
    for where, cards in groups:
        for card in cards:
            if card in owner:
                raise ValueError(f"duplicate card {Card(card)}" if owner[card] == where
                                 else f"card {Card(card)} is both {owner[card]} and {where}")
            owner[card] = where


def executor_of(threads: Any, executor: Any) -> Any:
    """The executor of a job from its threads= / executor= arguments (threads=N: N local threads), by equity's
    rule (each checked, not both)."""
    bound = local_threads(threads, executor)
    return executor if executor is not None else bound
