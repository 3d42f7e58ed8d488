"""The `pokerhash` command line: the parser, and how it ends (errors, Ctrl-C, a closed pipe).

Every subcommand module adds its parser through `add_parser(sub, common)`; `common` holds the options
every subcommand has (--json, --no-progress), so an option shared by all subcommands is added once, here.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import List, Optional, Sequence

from . import _cli_equity, _cli_hands, _cli_histogram
from ._backend import backend, core
from ._version import __version__

EXIT_ERROR = 2  # bad input, as argparse exits for a bad command line
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a program stopped by Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what `yes | head -1` reports for `yes`

DESCRIPTION = """\
Exact poker hand evaluation and card combinatorics. Cards are names (As, Td, 10h, A♠; ids 0..51 are
for the Python API); hand values run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is better.
Every subcommand takes --json; `-` in place of the cards reads one item per line from stdin."""


def common_options() -> argparse.ArgumentParser:
    """The options of every subcommand (argparse parent parser)."""
    common = argparse.ArgumentParser(add_help=False)
    group = common.add_argument_group("output")
    group.add_argument("--json", action="store_true",
                       help="print JSON (one document; one line per input in stdin mode) instead of text")
    group.add_argument("--no-progress", action="store_true",
                       help="no progress bar (there is none anyway unless tqdm is installed and stderr is a terminal)")
    return common


def build_parser() -> argparse.ArgumentParser:
    # prog is fixed: `python -m pokerhash` and the `pokerhash` script show the same usage.
    parser = argparse.ArgumentParser(prog="pokerhash", description=DESCRIPTION,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", help="print the version and exit",
                        version=f"pokerhash {__version__} ({backend} backend, C core {core.core_version})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", help="what to do",
                                title="commands (pokerhash COMMAND --help for more)")
    common = common_options()
    for module in (_cli_hands, _cli_histogram, _cli_equity):
        module.add_parsers(sub, common)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs one command line; returns the exit status (0, 2 for bad input, 130 after Ctrl-C)."""
    try:
        args = parse(build_parser(), None if argv is None else list(argv))
        if sys.stdout is None:  # started with stdout closed (`pokerhash ... >&-`)
            raise ValueError("stdout is closed: there is nowhere to write the answer")
        status = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handlers, not at interpreter exit
        return int(status or 0)
    except KeyboardInterrupt:
        _stop_taking_interrupts()
        print("pokerhash: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except (ValueError, TypeError, OverflowError, MemoryError) as error:
        print(f"error: {_printable(str(error))}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as error:  # a full disk under stdout, a scheduler that does not answer
        _quiet_stdout()  # what is still buffered would fail again at exit, with a traceback
        print(f"error: {_printable(str(error))}", file=sys.stderr)
        return EXIT_ERROR


def parse(parser: argparse.ArgumentParser, argv: Optional[List[str]]) -> argparse.Namespace:
    """parse_args, except that an unknown option is named before a missing COMMAND (argparse itself reports
    `pokerhash --bogus` as "the following arguments are required: COMMAND")."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:
        parser.error("the following arguments are required: COMMAND")
    return args


def _printable(message: str) -> str:
    """A message with control characters escaped (a NUL read from stdin, quoted back): one line, no raw
    bytes on the terminal."""
    return "".join(c if c.isprintable() or c == "\n" else repr(c)[1:-1] for c in message)


def _stop_taking_interrupts() -> None:
    """After the first Ctrl-C, a second one ends the process at once (worker threads may still be
    finishing their chunk while the interpreter shuts down), with no second traceback."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_DFL)


def _quiet_stdout() -> None:
    """The reader went away (`pokerhash ... | head -1`): send what is still buffered to /dev/null, so
    the interpreter's last flush does not raise again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout is not a file (tests capture it)
        pass


def subcommand_names() -> List[str]:
    """Names of the subcommands (for tests and docs)."""
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return sorted(action.choices)
    return []
