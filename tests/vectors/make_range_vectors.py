"""Writes tests/vectors/ranges.jsonl: range texts with the reference parser's answer (tests/range_oracle.py).

    .venv/bin/python tests/vectors/make_range_vectors.py       (from the repository root)

One JSON array per line: [text, dead, normalized, result]. `dead` is card text removed from the range,
`normalized` the tokens joined by ", " (what str() of the parsed range shows; "" for an error), and `result`
either "= " followed by the combos in order, each as its card names highest card first and ":weight" (the
weight's Python repr) when it is not 1, separated by spaces; or "! " followed by the error message. The C
(tests/c/test_range.c), Python (tests/test_ranges.py) and JS (tests/web/ranges.test.mjs) tests replay it.
Deterministic (a fixed seed), so rerunning it rewrites the same file; tests/test_ranges.py checks it is fresh.
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import range_oracle  # noqa: E402

import pokerhash  # noqa: E402  (card text only)

OUT = os.path.join(HERE, "ranges.jsonl")

CASES = [
    # hand classes and counts
    "AA", "AKs", "AKo", "AK", "KA", "QQ+", "22+", "A2s+", "K9s+", "K9o+", "KQo", "T9s+", "98o+", "AKs+", "KQ+",
    "32s+", "AA+", "aks", "aKS", "kqO", "tt+", "t9s+", "Jt",
    # spans
    "A5s-A2s", "A2s-A5s", "22-55", "55-22", "T9s-65s", "KTo-85o", "AA-QQ", "A5-A2", "65s-T9s", "AK-A2", "K2o-KQo",
    "22 - 55", "22 -55", "22- 55", "AKs-QJs-T9s", "A5s-K2s", "A5s-A2o", "AA-KK", "AAs-KKs", "AA-AK", "AK-QJ",
    "T9-T8", "22-A2", "5-2", "A5s-", "-A5s", "22--55",
    # explicit combos, hold'em and Omaha, all card spellings
    "AsKs", "AsKs, AhKh", "AhKhQdJd", "AhKhQdJdTc", "AhKhQdJdTc9c", "AhKhQdJdTc9c8c", "AsKsQs", "AsAs",
    "10h10d", "A♠K♠", "a♤k♧", "AcAd KsKh", "AhKhQdJd, 2c3c4c5c, AhKhQdJd:0.5", "AhKhQdJd 2c3c4c5c AhKhQdJd",
    "As Ks", "Xx", "Zz", "AsKx", "10", "1010",
    # any
    "random", "Random", "ANY", "XX", "xx", "*", "random:0.5", "random, AA:0", "**", "rand",
    # weights
    "AK:0.5", "AK : 0.5", "AK: 0.5", "AK :0.5", "QQ+:0.25, AA", "QQ+, KK:0", "AA:0", "AA:0, KK", "AK:1_0",
    "AK:.5", "AK:5.", "AK:1e-3", "AK:1E3", "AK:+0.5", "AK:-0", "AK:-0.0", "AK:0x1", "AK:1__0", "AK:_1",
    "AK:1_", "AK:1e", "AK:e5", "AK:.", "AK:1.2.3", "AK:1e_5", "AK:1_e5", "AK:1._5", "AK:inf", "AK:-inf",
    "AK:Infinity", "AK:nan", "AK:-nan", "AK:NaN", "AK:x", "AK:-1", "AK:-0.5", "AK:-1e-5", "AK:-1e16",
    "AK:-123456789012345.6", "AK:-1234567890123456.7", "AK:1e999", "AK:-1e999", "AK:1e-999", "AK:",
    "AK::1", "AK:0.5:1", ":0.5", "AK:0.1, AK:0.2", "AK:0.30000000000000004", "AK:1e+2", "AK:00.5",
    "AKx:-1", "AAs:0.5", "AK:١", "AK:0.5.", "AK:٫5", "AK:1e-400", "AK:-1e-400", "AK:0e-400", "AK:0.000", "AK:3e-324",
    "AK:2e-324", "AK:1_0e-400", "AK:١e-400",
    # separators, case, whitespace (Unicode too)
    "qq+ ,aks;  kqo", "QQ+,AKs;KQo", " , ", "", "   ", ",;,", "AA\tKK\nQQ", "AA\u00a0KK", "AA\u3000KK",
    "AA\u2003,KK", "AA\x1cKK", "AK \u00a0: 0.5", "AA,,KK", "AA ; ; KK",
    # mixing sizes and card removal
    "AsKs, AhKhQdJd", "AsKs:0, AhKhQdJd", "AsKs, AhKhQdJd, AsKs:0", "AsKs, AhKhQdJdTc, 2c3c4c5c",
    # errors name the first bad token
    "AKx", "QQ+, AKs, A5z", "AAs", "AAo+", "AKs+x", "A", "+", "AK++", "QQ+, AAs, AKx", "AKs-", "A5s-A2z",
]

DEAD_CASES = [("AK, QQ", "As Qd"), ("AK, QQ", "Ks 2c"), ("random", "As Ks Qs"), ("AhKhQdJd, 2c3c4c5c", "Ah"),
              ("AA", "As Ah Ad Ac"), ("QQ+:0.5, AKs", "Kh"), ("AsKs", "")]


def _fuzz(rng: random.Random, n: int) -> list:
    """Random texts glued from pieces of the notation: coverage for combinations nobody thought of."""
    pieces = ["A", "K", "Q", "J", "T", "9", "5", "2", "s", "o", "+", "-", ":", "0.5", "0", "1", "_", ".", "e",
              "As", "Kd", "10h", "♠", "x", "random", "*", ",", ";", " ", "  ", "\t", "AA", "AKs", "22-55",
              "T9s+", "AhKhQdJd", "inf", "nan", "-1"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))) for _ in range(n)]


def combo_name(cards) -> str:
    return "".join(str(pokerhash.Card(c)) for c in sorted(cards, reverse=True))


def answer(text: str, dead: str) -> list:
    try:
        normal, combos = range_oracle.parse(text)
    except ValueError as error:
        return [text, dead, "", f"! {error}"]
    removed = set(pokerhash.parse_cards(dead))
    names = [combo_name(c) + ("" if w == 1.0 else f":{w!r}") for c, w in combos if not removed & set(c)]
    return [text, dead, normal, "= " + " ".join(names)]


def main() -> None:
    rows = [answer(text, "") for text in CASES]
    rows += [answer(text, dead) for text, dead in DEAD_CASES]
    rows += [answer(text, "") for text in _fuzz(random.Random(20260601), 400)]
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} cases to {OUT}")


if __name__ == "__main__":
    main()
