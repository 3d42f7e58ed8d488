"""value_histogram as a job of pokerhash.parallel: rank ranges of k-card hands, counted in C, added in order."""

from __future__ import annotations

import operator
from array import array
from typing import Any, Optional, Tuple

from ._backend import core
from ._buffers import numpy_or_none, zeros
from .parallel import plan, run

SLOTS = 7463  # values 1..7462; slot 0 unused
#: Low estimates of one core's sweep speed (hands/s) on a slow machine, so a task of
#: parallel.LOCAL_TASK_SECONDS' worth stays well under 0.2 s wherever it runs. Measured on the 2-core
#: AMD box (docs/scale.md): 716, 643, 285, 13 and 5 M hands/s for k = 5..9.
RATES = {5: 300e6, 6: 250e6, 7: 120e6, 8: 6e6, 9: 2.5e6}


def value_histogram(k: int, start: int, stop: int, *, executor: Any = None, chunk: Optional[int] = None,
                    progress: Any = None):
    """Counts of each value over k-card hands with colex ranks start..stop-1 (already checked)."""
    tasks = [(k, a, b) for a, b in plan(start, stop, RATES[k], executor, chunk)]
    if not tasks:
        return zeros("Q", SLOTS, numpy_or_none())
    return run(histogram_task, tasks, add_counts, executor=executor, sizes=[b - a for _, a, b in tasks],
               progress=progress)


def histogram_task(task: Tuple[int, int, int]):
    """Worker: the counts of one rank range (numpy uint64 where numpy is installed, else array('Q'))."""
    k, start, stop = task
    out = zeros("Q", SLOTS, numpy_or_none())
    core.value_histogram_into(k, start, stop - start, out)
    return out


def add_counts(total, part):
    if isinstance(total, array):
        return array("Q", map(operator.add, total, part))
    total += part
    return total
