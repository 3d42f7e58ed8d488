"""Ultimate Texas Hold'em solved exactly: the optimal strategy, house edge, element of risk and return table,
over every way the cards can fall (27,813,810,024,000 deals).

    python examples/ultimate_texas_holdem.py                 # local threads, a progress bar on a terminal
    python examples/ultimate_texas_holdem.py --json          # the result as JSON on stdout
    python examples/ultimate_texas_holdem.py --threads 1     # one core
    python examples/ultimate_texas_holdem.py --processes 2   # a process pool
    python examples/ultimate_texas_holdem.py --workers 2     # a local 2-process Dask cluster (pokerhash[dask])
    python examples/ultimate_texas_holdem.py --no-3x --pay flush=1 --pay straight=1   # another casino's game
    python examples/ultimate_texas_holdem.py --dead "2c 2d 2h 2s"   # cards out of play (a reduced deck)

Ctrl-C stops within about a second. Every executor gives the identical result (exact integer counts).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal, getcontext
from fractions import Fraction

from pokerhash import _cli_scale, analysis
from pokerhash._cards import RANK_CHARS

getcontext().prec = 30


def digits(x: Fraction, places: int = 20) -> str:
    """A fraction as a decimal with `places` significant digits (exact values are rational, not floats)."""
    return f"{Decimal(x.numerator) / Decimal(x.denominator):.{places}g}"


def pay_table(pairs):
    table = dict(analysis.STANDARD_PAY_TABLE)
    for pair in pairs or ():
        name, _, ratio = pair.partition("=")
        table[name.upper().replace(" ", "_")] = Fraction(ratio.replace(":", "/"))
    return {str(getattr(k, "name", k)): v for k, v in table.items()}


def chart(result) -> str:
    """The preflop strategy as the usual 13x13 grid: pairs on the diagonal, suited above, offsuit below."""
    code = {"raise4": "4x", "raise3": "3x", "check": " ."}
    lines = ["    " + "  ".join(RANK_CHARS[::-1])]
    for i, high in enumerate(RANK_CHARS[::-1]):
        row = []
        for j, low in enumerate(RANK_CHARS[::-1]):
            name = high * 2 if i == j else (high + low + "s" if i < j else low + high + "o")
            decision = result.preflop.get(name)
            row.append(code[decision.action] if decision else " -")
        lines.append(f"{high}  " + " ".join(row))
    return "\n".join(lines)


def report(result, seconds: float) -> str:
    out = [f"Ultimate Texas Hold'em, optimal strategy, {result.deals:,} deals, solved in {seconds:.1f} s",
           f"house edge      {digits(100 * result.house_edge)} %  (= {result.house_edge} of the Ante)",
           f"element of risk {digits(100 * result.element_of_risk)} %  (= {result.element_of_risk})", "",
           f"{'line':<22} {'result':<44} {'deals':>22} {'probability':>24} {'net':>6} {'contribution':>24}"]
    for o in result.outcomes:
        out.append(f"{o.line:<22} {o.result:<44} {o.deals:>22,} {digits(o.probability):>24} {str(o.net):>6} "
                   f"{digits(o.contribution):>24}")
    total = sum(o.contribution for o in result.outcomes)
    out.append(f"{'total':<22} {'':<44} {result.deals:>22,} {'1':>24} {'':>6} {digits(total):>24}")
    out += ["", "Preflop: 4x = raise 4x, 3x = raise 3x, . = check", chart(result)]
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--threads", type=int, help="local threads (default: one per CPU)")
    parser.add_argument("--processes", type=int, help="run on a process pool of N processes")
    parser.add_argument("--no-3x", action="store_true", help="no 3x preflop bet")
    parser.add_argument("--dead", help="cards out of play, e.g. '2c 2d 2h 2s'")
    parser.add_argument("--pay", action="append", metavar="CATEGORY=RATIO",
                        help="a Blind pay, e.g. flush=3:2 or straight=1 (repeatable; others stay standard)")
    _cli_scale.add_arguments(parser)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print("solving every deal ...", file=sys.stderr, flush=True)
    try:
        with _cli_scale.executor_from(args) as executor:
            if args.processes:
                # the workers ignore SIGINT: Ctrl-C reaches this process, which cancels what is pending
                with ProcessPoolExecutor(args.processes, initializer=signal.signal,
                                         initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
                    result = analysis.ultimate_texas_holdem(pay_table=pay_table(args.pay), allow_3x=not args.no_3x,
                                                            dead=args.dead, executor=pool)
            else:
                result = analysis.ultimate_texas_holdem(pay_table=pay_table(args.pay), allow_3x=not args.no_3x,
                                                        dead=args.dead, threads=args.threads, executor=executor)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except (ValueError, TypeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - started
    if args.json:
        data = result.to_dict()
        data["seconds"] = round(seconds, 3)
        json.dump(data, sys.stdout, indent=1)
        print()
    else:
        print(report(result, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
