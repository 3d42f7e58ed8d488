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
from ._checks import integer
from ._subsets import rank_span
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


def histogram_job(k: int, start: int, stop: int, *, executor: Any = None, chunk: Optional[int] = None,
                  progress: Any = None, game: Optional[int] = None, slots: int = SLOTS) -> Any:
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


def histogram_task(task: Tuple[Optional[int], int, int, int, int]) -> Any:
    """Worker: the counts of one rank range (numpy uint64 where numpy is installed, else array('Q'))."""
    game, k, start, stop, slots = task
    out = zeros("Q", slots, numpy_or_none())
    if game is None:
        core.value_histogram_into(k, start, stop - start, out)
    else:
        core.game_value_histogram_into(game, k, start, stop - start, out)
    return out


def add_counts(total: Any, part: Any) -> Any:
    if isinstance(total, array):
        return array("Q", map(operator.add, total, part))
    total += part
    return total


def value_histogram(k: int, start: int = 0, stop: Optional[int] = None, *, executor: Any = None,
                    chunk: Optional[int] = None, progress: Any = None) -> Any:
    """How many k-card hands have each value, over all hands or a range of their colex ranks.

    The sweep runs as tasks of about 0.05 s of C time (so Ctrl-C stops it promptly), merged in a fixed order:
    the counts are the same for every executor and chunking.

    Args:
        k: hand size, 5 to 9.
        start: the first colex rank of the hands counted.
        stop: one past the last (default C(52, k): every hand).
        executor: where the tasks run (pokerhash.parallel.run): None for local threads, an int for that
            many threads, any concurrent.futures.Executor, or a dask distributed.Client.
        chunk: hands per task (default: sized from the measured speed).
        progress: a callable(done, total), False for none, or None for a tqdm bar on a terminal.

    Returns:
        7463 counts indexed by value (slot 0 unused): a uint64 numpy array if numpy is installed, else
        array('Q').

    Raises:
        ValueError: k outside 5..9 or a range outside 0..C(52, k).

    Example:
        >>> import pokerhash as ph
        >>> counts = ph.value_histogram(5)
        >>> int(counts[1]), int(sum(counts))   # 4 royal flushes among 2,598,960 hands
        (4, 2598960)
    """
    k = integer(k, "k")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {k}")
    _, _, start, stop = rank_span(52, k, start, stop)
    return histogram_job(k, start, stop, executor=executor, chunk=chunk, progress=progress)
