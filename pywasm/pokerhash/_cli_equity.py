"""The `equity` and `enumerate` subcommands of `python -m pokerhash` (registered by __main__.py)."""

from __future__ import annotations

import sys
import time

from ._backend import core
from ._buffers import zeros
from ._category import Category
from ._equity import equity

BAR_AFTER = 0.5  # seconds: runs shorter than this show no progress bar
REDRAW = 0.1  # seconds between redraws of the text bar (chunks can finish far more often)


def add_subcommands(sub) -> None:
    p = sub.add_parser("equity", help="all-in equity of 2 to 10 hands or ranges, exact or Monte Carlo")
    p.add_argument("players", nargs="+", help='hands ("AsAd", "AhKhQdJd" for Omaha) or ranges ("QQ+,AKs")')
    p.add_argument("--board", default="", help="0, 3, 4 or 5 cards, e.g. Ks7d2c")
    p.add_argument("--dead", default="", help="cards out of the deck")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every deal, however many")
    mode.add_argument("--mc", action="store_true", help="Monte Carlo even when enumeration is cheap")
    p.add_argument("--samples", type=int, help="Monte Carlo samples (default 1,000,000)")
    p.add_argument("--stderr", type=float, help="stop Monte Carlo once every standard error is this small")
    p.add_argument("--seed", type=int, help="Monte Carlo seed (printed, so a run can be repeated)")
    p.add_argument("--threads", type=int, help="worker threads (default: one per CPU)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=_equity)
    p = sub.add_parser("enumerate", help="category counts over every k-card hand (state machine for k=7)")
    p.add_argument("k", type=int, choices=range(5, 10), metavar="k")
    p.set_defaults(run=_enumerate)


def _equity(args) -> None:
    bar = None if args.no_progress else ProgressBar()
    try:
        result = equity(args.players, board=args.board, dead=args.dead,
                        exact=True if args.exact else (False if args.mc else None),
                        samples=args.samples, seed=args.seed, threads=args.threads, stderr=args.stderr,
                        progress=bar)
    finally:
        if bar is not None:
            bar.close()
    print(result)


def _enumerate(args) -> None:
    started = time.perf_counter()
    if args.k == 7 and hasattr(core, "sm_value_histogram"):
        method = "state machine"
        counts = zeros("Q", 7463, None)
        core.sm_value_histogram(args.k, counts)
    else:
        method = "value_histogram"
        counts = zeros("Q", 7463, None)
        core.value_histogram_into(args.k, 0, core.comb(52, args.k), counts)
    seconds = time.perf_counter() - started
    per_category = [0] * 10
    for value in range(1, 7463):
        per_category[core.category(value)] += counts[value]
    total = sum(per_category)
    print(f"{'category':<16}{'hands':>16}{'share':>11}")
    for cat in Category:
        print(f"{str(cat):<16}{per_category[cat]:>16,}{100 * per_category[cat] / total:>10.4f}%")
    print(f"{'total':<16}{total:>16,}")
    rate = total / seconds / 1e6 if seconds > 0 else float("inf")
    print(f"{total:,} {args.k}-card hands by {method} in {seconds:.3f} s ({rate:,.0f} M hands/s)")


class ProgressBar:
    """progress(done, total) callback: tqdm when installed, else a one-line text bar; both on stderr.

    Nothing is drawn until BAR_AFTER seconds have passed, so quick runs print only their table.
    """

    def __init__(self, stream=None, after: float = BAR_AFTER):
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.after = after
        self.tqdm = None
        self.drawn = False
        self.last_draw = float("-inf")

    def __call__(self, done: int, total: int) -> None:
        if not self.drawn and time.perf_counter() - self.started < self.after:
            return
        if not self.drawn:
            self.drawn = True
            try:
                from tqdm import tqdm  # optional: nicer bar with rate and time left
            except ImportError:
                pass
            else:
                self.tqdm = tqdm(total=total, file=self.stream, unit="", unit_scale=True, leave=False)
        if self.tqdm is not None:
            self.tqdm.total = total
            self.tqdm.update(done - self.tqdm.n)
            return
        seconds = time.perf_counter() - self.started
        if done < total and seconds - self.last_draw < REDRAW:
            return
        self.last_draw = seconds
        width = 40
        filled = width * done // total if total else width
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {100 * done / total:5.1f}%"
                          f" {seconds:6.1f} s")
        self.stream.flush()

    def close(self) -> None:
        if self.tqdm is not None:
            self.tqdm.close()
        elif self.drawn:
            self.stream.write("\r" + " " * 60 + "\r")  # erase the bar so the table starts clean
            self.stream.flush()
