"""How strong a value is among all hands of a size: its percentile rank."""

from __future__ import annotations

import operator
import threading
from array import array
from typing import Dict, List

from ._backend import core
from ._checks import shown_value

WORST_VALUE = 7462
_below: Dict[int, List[int]] = {}  # k -> hands with a value better than v, for v = 0..7463
_lock = threading.Lock()


def percentile(value: int, k: int = 7) -> float:
    """Percentile rank (0 to 100) of a hand value among all k-card hands: the share of them it beats,
    ties counted half.

    The distribution of all C(52, k) hands is counted on first use per k and kept (about 0.1 s for 7
    cards natively, more in Pyodide).

    Args:
        value: a hand value 1..7462 (from evaluate).
        k: hand size 5, 6 or 7 (the value of a 7-card hand is best compared with 7-card hands).

    Returns:
        float: 0 < percentile < 100; higher is stronger.

    Raises:
        ValueError: a value outside 1..7462 or k outside 5..7.

    Example:
        >>> import pokerhash as ph
        >>> round(ph.percentile(ph.evaluate("As Ad Ks Kd 2c"), k=5), 2)   # aces up beats 97% of hands
        97.07
        >>> round(ph.percentile(1, k=5), 5), round(ph.percentile(7462, k=5), 5)
        (99.99992, 0.01962)
    """
    core.category(value)  # the shared range check and message
    if isinstance(k, bool) or not hasattr(type(k), "__index__") or not 5 <= operator.index(k) <= 7:
        raise ValueError(f"k must be 5, 6 or 7, got {shown_value(k)}")
    value, k = operator.index(value), operator.index(k)
    below = _below.get(k) or _count(k)
    total = below[WORST_VALUE + 1]
    better, equal = below[value], below[value + 1] - below[value]
    return 100.0 * (total - better - equal / 2) / total


def _count(k: int) -> List[int]:
    with _lock:  # one thread counts; the others wait for its table
        if k not in _below:
            counts = array("Q", bytes(8 * (WORST_VALUE + 1)))
            core.value_histogram_into(k, 0, core.comb(52, k), counts)
            below, running = [0], 0
            for v in range(1, WORST_VALUE + 1):
                below.append(running)
                running += counts[v]
            below.append(running)
            _below[k] = below
        return _below[k]
