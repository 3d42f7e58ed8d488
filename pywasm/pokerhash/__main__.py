"""Command line: `python -m pokerhash eval As Ks Qs Js Ts 2c 3d`, `rank`, `unrank`, `histogram`."""

from __future__ import annotations

import argparse
import sys
import time

import pokerhash as ph
from pokerhash._cli_equity import add_subcommands as _add_equity_subcommands
from pokerhash import _cli_scale


def _eval(args) -> None:
    value = ph.evaluate(" ".join(args.cards))
    five = ph.best_five(" ".join(args.cards))
    print(f"value       {value}")
    print(f"category    {ph.category(value)}")
    print(f"description {ph.describe(value)}")
    print(f"best five   {' '.join(str(c) for c in five)}")


def _rank(args) -> None:
    cards = ph.parse_cards(" ".join(args.cards))
    print(ph.rank_combination(cards, 52, args.order))


def _unrank(args) -> None:
    cards = ph.unrank_combination(args.index, args.k, 52, args.order)
    print(" ".join(str(ph.Card(c)) for c in cards))


def _histogram(args) -> None:
    started = time.perf_counter()
    with _cli_scale.executor_from(args) as executor:
        counts = ph.value_histogram(args.k, executor=executor)
    seconds = time.perf_counter() - started
    per_category = [0] * 10
    distinct = 0
    for value in range(1, ph.WORST_VALUE + 1):
        if counts[value]:
            distinct += 1
            per_category[ph.category(value)] += int(counts[value])
    for cat in ph.Category:
        print(f"{str(cat):<16}{per_category[cat]:>14,}")
    total = sum(per_category)
    print(f"{'total':<16}{total:>14,}")
    print(f"{distinct:,} distinct values; {total / seconds / 1e6:,.0f} M hands/s ({seconds:.3f} s)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerhash", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("eval", help="value, category, description and best five of 5 to 9 cards")
    p.add_argument("cards", nargs="+", help="cards such as As Kd 7h or AsKd7h")
    p.set_defaults(run=_eval)
    p = sub.add_parser("rank", help="index of a hand among all hands of its size (52 choose k)")
    p.add_argument("cards", nargs="+")
    p.add_argument("--order", choices=["colex", "lex"], default="colex")
    p.set_defaults(run=_rank)
    p = sub.add_parser("unrank", help="the k-card hand at an index")
    p.add_argument("index", type=int)
    p.add_argument("k", type=int)
    p.add_argument("--order", choices=["colex", "lex"], default="colex")
    p.set_defaults(run=_unrank)
    p = sub.add_parser("histogram", help="category counts over every k-card hand, timed")
    p.add_argument("k", type=int, choices=range(5, 10), metavar="k")
    _cli_scale.add_arguments(p)
    p.set_defaults(run=_histogram)
    _add_equity_subcommands(sub)  # equity, enumerate
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except (ValueError, TypeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
