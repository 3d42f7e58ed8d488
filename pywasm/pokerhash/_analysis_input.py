"""Arguments of the whole-deal analysis functions, checked once for all of them."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

from ._backend import core as analysis_core
from ._cards import Card, named_cards
from ._checks import positive

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
    """Refuses a card used twice within or across the named groups ("card As is both on the board and dead")."""
    owner: dict = {}
    for name, cards in groups:
        for card in cards:
            if card in owner:
                where = f"twice in {name}" if owner[card] == name else f"both in {owner[card]} and {name}"
                raise ValueError(f"card {Card(card)} is {where}")
            owner[card] = name


def executor_of(threads: Any, executor: Any) -> Any:
    """The executor of a job from its threads= / executor= arguments (threads=N: N local threads)."""
    if threads is None:
        return executor
    if executor is not None:
        raise ValueError("pass threads= or executor=, not both (executor=N is N local threads)")
    return positive(threads, "threads")


