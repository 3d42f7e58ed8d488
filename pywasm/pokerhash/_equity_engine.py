"""Which engine counts hold'em equity deals: the C core's, or a stand-in that a test swaps in.

The equity layers (_equity_spot.py asks for the units, _equity_jobs.py runs the pieces) both reach the
engine through holdem_engine(), so a swapped engine serves the whole call.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Protocol

from ._backend import core

#: An engine's tally of a piece: counts (ints), sums (floats) and per-player lists of either.
Tally = Dict[str, Any]


class Engine(Protocol):
    """The hold'em equity functions of `_core` (docs/design/equity-c-api.md)."""

    def equity_units(self, *spot: Any) -> int: ...

    def equity_exact(self, *spot_and_units: Any) -> Tally: ...

    def equity_sample(self, *spot_and_samples: Any) -> Tally: ...


#: The engine in use; None means `_core`. Tests swap in a pure-Python reference engine.
engine: Optional[Engine] = None


def holdem_engine() -> Engine:
    """The engine in use; NotImplementedError for a build of the core without one."""
    eng: Engine = engine if engine is not None else core
    if not hasattr(eng, "equity_exact"):
        raise NotImplementedError("this build of pokerhash has no equity engine (pokerhash._core.equity_exact)")
    return eng
