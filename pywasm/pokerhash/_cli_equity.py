"""`pokerhash equity`: all-in equity of 2 to 10 hands or ranges, exact or Monte Carlo."""

from __future__ import annotations

import argparse
import dataclasses
import re
from typing import Any, Dict

from ._cli_output import ProgressBar, emit_json
from ._cli_scale import executor_from, scale_options
from ._equity import EquityResult, equity

# equity()'s messages name its keyword arguments; this command's user knows its options. Each phrase of
# advice as equity() words it, and the same advice in this command's options (longest first: "or pass
# force=True" is part of the refusal's longer advice).
PYTHON_ADVICE = (
    ("drop them, or pass exact=False (or leave exact=None) to sample", "drop them, or pass --mc (or neither) to sample"),
    ("use Monte Carlo (exact=False) or pass force=True", "use Monte Carlo (--mc) or pass --force"),
    ("use Monte Carlo (exact=False)", "use Monte Carlo (--mc)"),
    ("pass a smaller samples=, or force=True", "pass a smaller --samples, or --force"),
    ("pass exact=True", "pass --exact"),
    ("pass stderr=", "pass --stderr"),
)
# An option named with its value ("exact=True conflicts with samples=1000, seed=3") or at the start of a
# message ("samples must be a positive integer, got 0"): the option as typed on this command line.
OPTION_VALUE = re.compile(r"\b(samples|seed|stderr|threads)=([^,:;\s]+)")
OPTION_FIRST = re.compile(r"^(samples|seed|stderr|threads) ")
QUOTED = re.compile(r"('[^']*')")


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("equity", parents=[common, scale_options()], help="all-in equity of 2 to 10 hands or ranges, exact or Monte Carlo",
                       description="All-in equity: `pokerhash equity AsAd \"KK,QQ\" --board Ks7d2c`. Exact when "
                                   "that is cheap, else Monte Carlo (the seed is printed so a run can be repeated).")
    p.add_argument("players", nargs="+", help='hands ("AsAd", "AhKhQdJd" for Omaha) or ranges ("QQ+,AKs")')
    p.add_argument("--board", default="", help="0, 3, 4 or 5 cards, e.g. Ks7d2c")
    p.add_argument("--dead", default="", help="cards out of the deck")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true",
                      help="enumerate every deal (refused when estimated at over a minute of one core, unless --force)")
    mode.add_argument("--mc", action="store_true", help="Monte Carlo even when enumeration is cheap")
    p.add_argument("--samples", type=int, help="Monte Carlo samples (default 1,000,000)")
    p.add_argument("--stderr", type=float, help="stop Monte Carlo once every standard error is this small")
    p.add_argument("--seed", type=int, help="Monte Carlo seed (printed, so a run can be repeated)")
    p.add_argument("--force", action="store_true", help="with --exact, enumerate even a job estimated at hours")
    p.add_argument("--threads", type=int, help="local worker threads (default: one per CPU)")
    p.set_defaults(run=_equity)


def _equity(args: argparse.Namespace) -> None:
    if args.threads is not None and (args.workers is not None or args.scheduler is not None):
        raise ValueError("--threads sets local threads: it cannot be combined with --workers or --scheduler")
    with executor_from(args) as executor, ProgressBar(enabled=not args.no_progress) as progress:
        try:
            result = equity(args.players, board=args.board, dead=args.dead,
                            exact=True if args.exact else (False if args.mc else None),
                            samples=args.samples, seed=args.seed, threads=args.threads, stderr=args.stderr,
                            progress=progress if progress.active else None, force=args.force, executor=executor)
        except (ValueError, TypeError) as error:
            raise type(error)(cli_words(str(error))) from None
    if args.json:
        emit_json(result_fields(result))
    else:
        print(result)


def cli_words(message: str) -> str:
    """equity()'s message in this command's words: --exact, --samples 1000, --force for exact=True,
    samples=1000, force=True. Text quoted from the user ('samples=5' read as a range) stays as typed."""
    parts = QUOTED.split(message)
    for i in range(0, len(parts), 2):  # the odd parts are the quotes
        part = parts[i]
        for python, cli in PYTHON_ADVICE:
            part = part.replace(python, cli)
        part = part.replace("exact=True conflicts", "--exact conflicts")
        part = OPTION_VALUE.sub(lambda m: f"--{m[1]} {m[2]}", part)
        parts[i] = OPTION_FIRST.sub(lambda m: f"--{m[1]} ", part) if i == 0 else part
    return "".join(parts)


def result_fields(result: EquityResult) -> Dict[str, Any]:
    """Every field of the result (new fields included as they are added), and `boards`."""
    return {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
