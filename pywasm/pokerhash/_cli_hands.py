"""`pokerhash eval`, `rank` and `unrank`: one hand (or one index) from the arguments, or one per line from
stdin when the argument is `-` (each answer is printed and flushed as soon as its line is read)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pokerhash as ph

from ._checks import shown_value
from ._cli_output import emit_json

STDIN = "-"


def add_parsers(sub: Any, common: argparse.ArgumentParser) -> None:
    p = sub.add_parser("eval", parents=[common], help="value, category, description and best five of 5 to 9 cards",
                       description="Evaluates a hand of 5 to 9 cards: `pokerhash eval As Ks Qs Js Ts 2c 3d`, or "
                                   "one hand per line from stdin: `pokerhash eval - < hands.txt`.")
    p.add_argument("cards", nargs="+", help="cards such as `As Kd 7h` or `AsKd7h`; `-` reads hands from stdin")
    p.set_defaults(run=_eval)
    p = sub.add_parser("rank", parents=[common], help="index of a hand among all hands of its size (52 choose k)",
                       description="The colex (or lex) rank of a hand among all C(52, k) hands of its size.")
    p.add_argument("cards", nargs="+", help="1 to 52 cards; `-` reads hands from stdin")
    p.add_argument("--order", choices=["colex", "lex"], default="colex", help="ranking order (default colex)")
    p.set_defaults(run=_rank)
    p = sub.add_parser("unrank", parents=[common], help="the k-card hand at an index",
                       description="The hand of k cards at a rank: the inverse of `pokerhash rank`.")
    p.add_argument("index", type=_index_or_stdin, help="rank 0..C(52, k)-1; `-` reads one index per line from stdin")
    p.add_argument("k", type=_card_count, help="cards in the hand, 0 to 52")
    p.add_argument("--order", choices=["colex", "lex"], default="colex", help="ranking order (default colex)")
    p.set_defaults(run=_unrank)


def _card_count(text: str) -> int:
    """unrank's k, checked here: the library's message speaks of its n= ("k must be 0..n, got 60 for n=52"),
    which this command does not have."""
    try:
        k = int(text)
    except ValueError:
        k = -1
    if not 0 <= k <= 52:
        raise argparse.ArgumentTypeError(f"must be a number of cards, 0 to 52, got {text!r}")
    return k


def _index_or_stdin(text: str) -> Any:
    if text == STDIN:
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"index must be an integer or -, got {text!r}") from None


def _inputs(items: List[str]) -> Iterator[Tuple[Optional[int], str]]:
    """(stdin line number or None, text) of each input: the arguments joined, or each non-blank line of
    stdin (`#` starts a comment)."""
    if items != [STDIN]:
        yield None, " ".join(items)
        return
    if sys.stdin is None:  # started with stdin closed (`pokerhash eval - <&-`)
        raise ValueError("stdin is closed: there are no lines to read")
    for number, line in enumerate(sys.stdin, start=1):
        text = line.split("#", 1)[0].strip()
        if text:
            yield number, text


def _utf8_text(item: str) -> str:
    """item; ValueError for bytes that were not UTF-8 (Python keeps them as lone surrogates), which the library
    would call an unknown card: the CLI read them, so it names the line as unreadable instead."""
    try:
        item.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"cannot read {shown_value(item)}: not UTF-8 text") from None
    return item


def _each(args: argparse.Namespace, items: List[str], answer: Callable[[str], Dict[str, Any]],
          text: Callable[[Dict[str, Any], bool], str]) -> None:
    for line_number, item in _inputs(items):
        streaming = line_number is not None
        try:
            result = answer(_utf8_text(item))
        except (ValueError, TypeError) as error:
            kind = ValueError if isinstance(error, ValueError) else TypeError  # a subclass may take other arguments
            raise kind(f"line {line_number}: {error}" if line_number else str(error)) from None
        if args.json:
            emit_json(result)
        else:
            print(text(result, streaming))
        if streaming:
            sys.stdout.flush()  # answer each line as it comes, for pipes and interactive use


def _eval(args: argparse.Namespace) -> None:
    def answer(cards: str) -> Dict[str, Any]:
        parsed = ph.parse_cards(cards)
        value = ph.evaluate(parsed)
        return {"cards": parsed, "value": value, "category": str(ph.category(value)),
                "description": ph.describe(value), "best_five": list(ph.best_five(parsed))}

    def text(r: Dict[str, Any], streaming: bool) -> str:
        five = " ".join(map(str, r["best_five"]))
        if streaming:
            return f"{r['value']}\t{r['category']}\t{r['description']}\t{five}"
        return (f"value       {r['value']}\ncategory    {r['category']}\ndescription {r['description']}\n"
                f"best five   {five}")

    _each(args, args.cards, answer, text)


def _rank(args: argparse.Namespace) -> None:
    def answer(cards: str) -> Dict[str, Any]:
        parsed = ph.parse_cards(cards)
        return {"cards": parsed, "order": args.order, "index": ph.rank_combination(parsed, 52, args.order)}

    _each(args, args.cards, answer, lambda r, _: str(r["index"]))


def _unrank(args: argparse.Namespace) -> None:
    def answer(index: str) -> Dict[str, Any]:
        try:
            number = int(index)
        except ValueError:
            raise ValueError(f"index must be an integer, got {shown_value(index)}") from None
        cards = [ph.Card(c) for c in ph.unrank_combination(number, args.k, 52, args.order)]
        return {"index": number, "k": args.k, "order": args.order, "cards": cards}

    _each(args, [str(args.index)], answer, lambda r, _: " ".join(map(str, r["cards"])))
