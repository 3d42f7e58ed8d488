"""The reference for range notation: pokerhash's original pure-Python parser, kept word for word in its rules
(regexes, expansion order, merge order, messages) so that the C parser (core_c/src/ranges/) can be checked
against it. tests/vectors/make_range_vectors.py writes its answers to tests/vectors/ranges.jsonl, which the C,
Python and JS tests replay. Card text is read by the library's card parser, and messages quote user text with
the library's `shown` (both tested on their own).

    parse(text) -> (normalized_text, [(ascending card ids, weight), ...])   raises ValueError
"""

from __future__ import annotations

import decimal
import math
import re
from typing import Dict, List, Tuple

import pokerhash
from pokerhash._checks import shown  # messages quote user text as the library does: cut at 40 characters

Combo = Tuple[int, ...]
RANKS = "23456789TJQKA"
_RANK = "[2-9TJQKA]"
_CLASS = re.compile(rf"^({_RANK})({_RANK})([so])?(\+)?$", re.IGNORECASE)
_SPAN = re.compile(rf"^({_RANK})({_RANK})([so])?-({_RANK})({_RANK})([so])?$", re.IGNORECASE)
_ANY = {"random", "any", "xx", "*"}
_OMAHA_SIZES = (4, 5, 6)


def tokens(text: str) -> List[str]:
    normal = re.sub(r"\s*([-:])\s*", r"\1", text.strip())
    return [t for t in re.split(r"[\s,;]+", normal) if t]


def parse(text: str) -> Tuple[str, List[Tuple[Combo, float]]]:
    if not isinstance(text, str):
        raise TypeError(f"a range must be text, got {type(text).__name__}")
    found = tokens(text)
    if not found:
        raise ValueError("empty range: no hands given")
    merged: Dict[Combo, float] = {}
    for token in found:
        body, weight = _split_weight(token)
        for combo in _token_combos(body, token):
            merged.pop(combo, None)
            if weight > 0.0:
                merged[combo] = weight
    sizes = {len(c) for c in merged}
    if len(sizes) > 1:
        raise ValueError(f"a range mixes hands of {' and '.join(map(str, sorted(sizes)))} cards")
    return ", ".join(found), list(merged.items())


def _split_weight(token: str) -> Tuple[str, float]:
    body, colon, weight_text = token.partition(":")
    if not colon:
        return body, 1.0
    try:
        weight = float(weight_text)
    except ValueError:
        raise ValueError(f"bad weight {shown(weight_text)} in range token {shown(token)}") from None
    if not math.isfinite(weight) or weight < 0:
        raise ValueError(f"weight must be a finite number >= 0, got {weight!r} in range token {shown(token)}")
    if weight == 0 and decimal.Decimal(weight_text) != 0:  # 1e-400: a weight too small for a float
        raise ValueError(f"weight must be 0 or a number that does not round to 0.0 as a float, got {shown(weight_text)} "
                         f"in range token {shown(token)}")
    return body, weight


def _token_combos(body: str, token: str) -> List[Combo]:
    if body.lower() in _ANY:
        return [(a, b) for b in range(52) for a in range(b)]
    m = _CLASS.match(body)
    if m:
        high, low, kind, plus = _rank(m[1]), _rank(m[2]), _kind(m[3]), m[4]
        high, low = max(high, low), min(high, low)
        if high == low and kind:
            raise ValueError(f"unknown range token {shown(token)}: a pair cannot be suited or offsuit")
        return [c for h, l in _classes_up(high, low, bool(plus)) for c in _class_combos(h, l, kind)]
    m = _SPAN.match(body)
    if m:
        return _span_combos(m, token)
    try:
        cards = pokerhash.parse_cards(body)
    except ValueError:
        cards = []
    if len(cards) == 2 or len(cards) in _OMAHA_SIZES:
        return [tuple(sorted(int(c) for c in cards))]
    raise ValueError(f"unknown range token {shown(token)}")


def _classes_up(high: int, low: int, plus: bool) -> List[Tuple[int, int]]:
    if not plus:
        return [(high, low)]
    if high == low:
        return [(r, r) for r in range(low, 13)]
    if low == high - 1:
        return [(h, h - 1) for h in range(high, 13)]
    return [(high, l) for l in range(low, high)]


def _span_combos(m, token: str) -> List[Combo]:
    h1, l1, h2, l2 = (_rank(m[i]) for i in (1, 2, 4, 5))
    h1, l1 = max(h1, l1), min(h1, l1)
    h2, l2 = max(h2, l2), min(h2, l2)
    kind1, kind2 = _kind(m[3]), _kind(m[6])
    if kind1 != kind2:
        raise ValueError(f"unknown range token {shown(token)}: both ends must be suited, offsuit or neither")
    if h1 == l1 and h2 == l2:
        classes = [(r, r) for r in range(min(h1, h2), max(h1, h2) + 1)]
        if kind1:
            raise ValueError(f"unknown range token {shown(token)}: a pair cannot be suited or offsuit")
    elif h1 == h2 and l1 != h1 and l2 != h2:
        classes = [(h1, l) for l in range(min(l1, l2), max(l1, l2) + 1)]
    elif h1 - l1 == h2 - l2 and h1 != l1:
        gap = h1 - l1
        classes = [(h, h - gap) for h in range(min(h1, h2), max(h1, h2) + 1)]
    else:
        raise ValueError(f"unknown range token {shown(token)}: a span joins pairs, hands with the same top card, "
                         "or hands with the same gap")
    return [c for h, l in classes for c in _class_combos(h, l, kind1)]


def _class_combos(high: int, low: int, kind: str) -> List[Combo]:
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * high + s1, 4 * low + s2
            if high == low and s1 >= s2:
                continue
            if high != low and ((kind == "s" and s1 != s2) or (kind == "o" and s1 == s2)):
                continue
            out.append((min(a, b), max(a, b)))
    return out


def _rank(char: str) -> int:
    return RANKS.index(char.upper())


def _kind(char) -> str:
    return char.lower() if char else ""
