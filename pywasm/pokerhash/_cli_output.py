"""What every subcommand of the command line shares: JSON output and the optional progress bar.

The bar is tqdm's (the `cli` extra: pip install "pokerhash[cli]"); without tqdm, or when stderr is not a
terminal (a pipe, a log file, CI), no bar is drawn at all.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, Callable, Optional

from ._cards import Card
from ._equity_jobs import duration

BAR_DELAY = 0.5  # seconds before tqdm draws: quick runs print only their result


def emit_json(value: Any) -> None:
    """One JSON document (or one JSON line, in stdin mode) on stdout."""
    print(json.dumps(jsonable(value), ensure_ascii=False))


def jsonable(value: Any) -> Any:
    """Cards become their names (json would write a Card, an int, as its id); containers recurse."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


class ProgressBar:
    """A progress(done, total) callback drawing a tqdm bar on stderr, or nothing where tqdm or a terminal
    is missing. Use as a context manager (the bar is closed, and erased, on the way out).

    The bar reads "12%|##    | 143,044 of 2,331,473,976 hand combinations, about 3 hours left": the unit and
    the estimate come from the job (plan(), called by the equity runner before its first piece), and the time
    left from time_left(), not from tqdm's rate, so a run starts at the estimate its refusal would quote.
    """

    def __init__(self, enabled: bool = True, stream: Any = None, delay: float = BAR_DELAY, unit: str = "",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.bar: Any = None
        self._tqdm: Optional[Callable[..., Any]] = None
        if enabled and _is_terminal(self.stream):
            try:
                from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]  # the optional `cli` extra
            except ImportError:
                pass
            else:
                self._tqdm = tqdm
        self.delay, self.unit, self.clock = delay, unit, clock
        self.estimate: Optional[float] = None
        self.started = clock()

    @property
    def active(self) -> bool:
        """True when progress is drawn (tqdm installed and stderr a terminal)."""
        return self._tqdm is not None

    def plan(self, unit: str, seconds: Optional[float]) -> None:
        """What done and total count, and the job's estimated wall seconds (None: none); its clock starts now."""
        self.unit, self.estimate, self.started = unit, seconds, self.clock()

    def __call__(self, done: int, total: int) -> None:
        if self._tqdm is None:
            return
        if self.bar is None:
            unit = f" {self.unit}" if self.unit else ""
            self.bar = self._tqdm(total=total, file=self.stream, delay=self.delay, leave=False, unit=unit,
                                  unit_scale=False, dynamic_ncols=True,
                                  bar_format="{percentage:3.0f}%|{bar}| {n:,} of {total:,}" + unit + "{postfix}")
        self.bar.total = total
        self.bar.set_postfix_str(self.left_text(done, total), refresh=False)
        self.bar.update(done - self.bar.n)

    def left_text(self, done: int, total: int) -> str:
        """'about 3 hours left', or '' where there is nothing to say yet (no estimate and no pace) or left."""
        if not 0 <= done < total:
            return ""
        seconds = time_left(done / total, self.clock() - self.started, self.estimate)
        return "" if seconds is None else f"about {duration(seconds)} left"

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def time_left(fraction: float, elapsed: float, estimate: Optional[float]) -> Optional[float]:
    """Seconds left of a run `fraction` done after `elapsed` seconds (the page's rule, web/app/run_ui.mjs).

    With an estimate of the whole run it starts at the estimate and moves to the run's own pace: the
    estimate's time left weighted by the share not yet done, plus the pace's (elapsed * left / fraction)
    weighted by the share done. The cost model is right about the work, but the pace also sees what it
    cannot: other processes holding the cores. Without an estimate (Monte Carlo), the pace alone, once there
    is one (None before).
    """
    left = 1.0 - fraction
    if estimate is not None:
        return left * (left * estimate + elapsed)
    return elapsed * left / fraction if fraction > 0 else None


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
