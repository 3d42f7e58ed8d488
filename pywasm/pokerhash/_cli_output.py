"""What every subcommand of the command line shares: JSON output and the optional progress bar.

The bar is tqdm's (the `cli` extra: pip install "pokerhash[cli]"); without tqdm, or when stderr is not a
terminal (a pipe, a log file, CI), no bar is drawn at all.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Optional

from ._cards import Card

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
    is missing. Use as a context manager (the bar is closed, and erased, on the way out)."""

    def __init__(self, enabled: bool = True, stream: Any = None, delay: float = BAR_DELAY, unit: str = "") -> None:
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
        self.delay, self.unit = delay, unit

    @property
    def active(self) -> bool:
        """True when progress is drawn (tqdm installed and stderr a terminal)."""
        return self._tqdm is not None

    def __call__(self, done: int, total: int) -> None:
        if self._tqdm is None:
            return
        if self.bar is None:
            self.bar = self._tqdm(total=total, file=self.stream, delay=self.delay, leave=False,
                                  unit=self.unit, unit_scale=True, dynamic_ncols=True)
        self.bar.total = total
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> "ProgressBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
