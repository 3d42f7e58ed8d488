"""value_histogram as a job of pokerhash.parallel: rank ranges of k-card hands, counted in C, added in order.

The same job serves pokerhash.value_histogram (hold'em, 52 cards) and pokerhash.games.value_histogram
(any game's ranking over its own deck); only the C counting function and the value scale differ.
"""

from __future__ import annotations

import operator
from array import array
from typing import Any, Optional, Tuple

from ._backend import core
from ._buffers import numpy_or_none, zeros
from .parallel import plan, run

SLOTS = 7463  # hold'em values 1..7462; slot 0 unused
#: Low estimates of one core's sweep speed (hands/s) on a slow machine, so a task of
#: parallel.LOCAL_TASK_SECONDS' worth stays well under 0.2 s wherever it runs: about half of what the 2-core
#: AMD box measures on 2M-hand slices (1,760, 960, 500, 133 and 118 M hands/s for k = 5..9). Far lower
#: estimates make thousands of millisecond tasks whose merging costs more than their work.
RATES = {5: 800e6, 6: 450e6, 7: 250e6, 8: 60e6, 9: 50e6}
#: The same for the other games' rankings (pokerhash.games), measured there at about 150, 130, 110, 12 and
#: 3 M hands/s for k = 5..9.
GAME_RATES = {5: 60e6, 6: 50e6, 7: 40e6, 8: 5e6, 9: 1.2e6}


def value_histogram(k: int, start: int, stop: int, *, executor: Any = None, chunk: Optional[int] = None,
                    progress: Any = None, game: Optional[int] = None, slots: int = SLOTS):
    """Counts of each value over k-card hands with colex ranks start..stop-1 (already checked).

    game: None for hold'em, else a core game id (ranks then count the k-subsets of that game's deck, and
    the counts have `slots` = worst value + 1 entries).
    """
    rate = (RATES if game is None else GAME_RATES)[k]
    tasks = [(game, k, a, b, slots) for a, b in plan(start, stop, rate, executor, chunk)]
    if not tasks:
        return zeros("Q", slots, numpy_or_none())
    return run(histogram_task, tasks, add_counts, executor=executor, sizes=[b - a for _, _, a, b, _ in tasks],
               progress=progress)


def histogram_task(task: Tuple[Optional[int], int, int, int, int]):
    """Worker: the counts of one rank range (numpy uint64 where numpy is installed, else array('Q'))."""
    game, k, start, stop, slots = task
    out = zeros("Q", slots, numpy_or_none())
    if game is None:
        core.value_histogram_into(k, start, stop - start, out)
    else:
        core.game_value_histogram_into(game, k, start, stop - start, out)
    return out


def add_counts(total, part):
    if isinstance(total, array):
        return array("Q", map(operator.add, total, part))
    total += part
    return total
