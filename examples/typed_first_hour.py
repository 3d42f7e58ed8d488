"""A user's first script, fully typed: single hands, numpy batches, Omaha, a showdown, a deck, equity,
a table of every 5-card value, a job of one's own over all hands, and the other games.

CI type-checks it with `mypy --strict` and pyright in strict mode (tests/test_types.py) and runs it, so
the stubs stay useful to a user and not only consistent with the runtime:
    python examples/typed_first_hour.py
"""
# pyright: strict

from __future__ import annotations

from typing import Any, List, Sequence

import numpy as np
import numpy.typing as npt

import pokerhash as ph
from pokerhash import Card, CardLike, Cards, Deck, games


def flushes(rows: npt.NDArray[np.uint8]) -> int:
    """How many of the rows are flushes (a job of one's own for map_combinations)."""
    values = ph.evaluate_batch(rows)
    return int(((values >= 323) & (values <= 1599)).sum())


def add(total: int, part: int) -> int:
    return total + part


def names(cards: Sequence[CardLike]) -> List[str]:
    return [f"{Card(c)}" for c in cards]


def main() -> None:
    value: int = ph.evaluate("As Ks Qs Js Ts 2c 3d")
    category: ph.Category = ph.category(value)
    five = ph.best_five("Ah Kh 7h 4h 2h 9h 9c 9d")
    print(value, category, " ".join(names(five)), ph.describe(ph.evaluate(five)))

    # numpy habits: int64 from a random generator, a strided view, numpy integers as single cards
    rng = np.random.default_rng(7)
    hands: npt.NDArray[np.int64] = np.array([rng.choice(52, 7, replace=False) for _ in range(1000)])
    values: npt.NDArray[np.uint16] = ph.evaluate_batch(hands)
    fives: npt.NDArray[np.uint16] = ph.evaluate_batch(hands[:, :5])
    assert ph.evaluate(*hands[0]) == values[0] and bool((fives >= values).all())
    best = int(values.min())
    print(f"best of 1000 random hands: {ph.describe(best)} (percentile {ph.percentile(best):.3f})")

    # plain Python containers work without numpy and give array('H')
    plain = ph.evaluate_batch([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]])
    print(list(plain), ph.combinations(52, 5, 0, 3))

    # Omaha, one hand and a batch against one board
    omaha: int = ph.omaha_evaluate("AhKhQdJd", "Th Ts 9c 2d 5c")
    batch: npt.NDArray[np.uint16] = ph.omaha_evaluate_batch(np.array([[51, 47, 43, 39]]), "Ts 9s 8s")
    print(ph.describe(omaha), ph.describe(int(batch[0])))

    # a seeded deck and a showdown
    deck = Deck(seed=1, remove="As Ad Kc Kd")
    board = deck.deal(5)
    hands_at_showdown: List[Cards] = ["As Ad", deck.deal(2), deck.deal(2)]
    won: List[int] = ph.winners(hands_at_showdown, board)
    print("board", " ".join(names(board)), "winners", won, ph.compare("As Ad", "Kc Kd", board))

    result: ph.EquityResult = ph.equity(["AsAd", "KsKh"], board="Qs7d2c")
    print(f"AsAd vs KsKh on Qs7d2c: {result.equity[0]:.4f} over {result.deals} deals")
    mine = ph.EquityResult(players=("a", "b"), equity=(0.5, 0.5), win=(1, 1), tie=(0, 0), lose=(1, 1),
                           deals=2, exact=True)
    assert mine.boards == 2

    # scale out: the same equity on two threads (or a process pool, or a Dask client), a value table,
    # and a job of one's own over every 5-card hand
    assert ph.equity(["AsAd", "KsKh"], board="Qs7d2c", executor=2) == result
    table: ph.CombinationTable = ph.value_table(5)
    looked_up: npt.NDArray[Any] = table.lookup(hands[:, :5])
    assert bool((looked_up == fives).all()) and table[table.rank("As Ks Qs Js Ts")] == 1
    flush_count: int = ph.map_combinations(flushes, 52, 5, add, executor=2)
    print(f"{flush_count:,} five-card flushes; the value table holds {len(table):,} hands")

    # other games on the same core
    short: int = games.evaluate("As Ks Qs Js Ts 6c 7d", game="shortdeck")
    hilo: games.GameEquityResult = games.equity(["As2s3dKd", "Ah2hQcQd"], game="omaha_hilo8", board="5c 7h 8d")
    print(f"short deck royal flush = {short}; hi-lo low equity {hilo.low_equity[0]:.3f}")


if __name__ == "__main__":
    main()
