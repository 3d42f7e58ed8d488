"""Writes tests/vectors/hands.txt: hands of 5..9 cards with their values, computed by tests/oracle.py.

    python3 tests/vectors/make_vectors.py        (from the repository root; needs no numpy)

The values come only from the independent brute-force oracle, never from the library, so the C, Python
and web tests can all check the library against them. Deterministic: a fixed seed, so rerunning it
rewrites the same file.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import oracle  # noqa: E402

# Hands chosen by hand for the edge cases every implementation gets wrong at least once.
SPECIAL = [
    "As Ks Qs Js Ts",                 # royal flush, value 1
    "Ts Js Qs Ks As 2c 3d",           # royal in seven cards, unsorted
    "5h 4h 3h 2h Ah",                 # steel wheel: the lowest straight flush
    "Ah 2h 3h 4h 5h 6h",              # six-high straight flush beats the steel wheel it contains
    "Ad 2c 3h 4s 5d",                 # wheel: the lowest straight
    "Ad 2c 3h 4s 5d 6c",              # six-high straight, not the wheel
    "Ad Kc Qh Js Td",                 # broadway
    "Kd Ac 2h 3s 4d",                 # no wrap-around straight: ace-high
    "7c 5d 4h 3s 2c",                 # the worst hand, value 7462
    "7c 5d 4h 3s 2c 8d",              # still high card
    "Ac Ad Ah As Kc",                 # best quads
    "2c 2d 2h 2s 3c",                 # worst quads
    "Ac Ad Ah Kc Kd",                 # best full house
    "2c 2d 2h 3c 3d",                 # worst full house
    "9c 9d 9h 4s 4c",                 # nines full over fours
    "9c 9d 9h 4s 4c 4d",              # two trips: nines full over fours
    "9c 9d 4h 4s 4c 9s Ah",           # two trips, the higher one makes the full house
    "Kc Kd Qh Qs Jc Jd 2s",           # three pairs: the best two plus the best kicker
    "Kc Kd Qh Qs Jc Jd As",           # three pairs with an ace kicker
    "Ac Ad Kh Ks 2c 2d 3h 3s Qc",     # four pairs in nine cards
    "Ac Kc Qc Jc 9c",                 # ace-high flush, no straight
    "7h 5h 4h 3h 2h",                 # the worst flush
    "Ah Kh Qh Jh 9h 8h 7h",           # seven of a suit: the best five make the flush
    "Ac Kd Qh Js 9c 8d 7h 6s 5c",     # nine cards, no pair: 9-8-7-6-5 is the straight
    "2c 3d 4h 5s 7c 8d 9h Tc Qd",     # nine different ranks and still only high card
    "Ah Ad As Kh Kd 2h 7h 9h",        # eight cards: flush and full house together; full house wins
    "Ah Ad As Ac Kh Qh Jh 9h 2h",     # nine cards: quads and a flush; quads win
    "9h 9d 9s 4h 4d 2h 7h Jh",        # eight cards: full house and a flush
    "5h 4h 3h 2h Ah 5c 5d 5s",        # eight cards: quads and the steel wheel; the straight flush wins
    "Th Jh Qh Kh Ah Ac Ad As Kd",     # nine cards: royal flush with quads and a full house around it
    "2c 2d 2h 2s 3c 3d 3h 3s 4c",     # nine cards: two quads
    "6h 7h 8h 9h Th 5h 4h 3h 2h",     # nine of one suit: ten-high straight flush
    "Ac Kc Qc Jc Tc 9c 8c 7c 6c",     # nine of one suit: royal flush
    "Ac Ad Ah Kc Kd Kh Qc Qd Qh",     # nine cards: three trips
    "Ac 2d 3h 4s 5c 6d 7h 8s 9c",     # a nine-card run: nine-high straight
]

CATEGORIES = ["Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
              "Three of a Kind", "Two Pair", "One Pair", "High Card"]
PER_BUCKET = 6  # hands per (card count, category)


def random_hand_of_category(rng, k, category):
    """k cards whose value falls in `category`: a random hand class of that category with random suits
    (keeping flushes in one suit), then k - 5 random extra cards, retried until the category holds."""
    classes = [v for v in range(1, 7463) if oracle.category_of_value(v) == category]
    for _ in range(20000):
        ranks = oracle.ranks_of_value(rng.choice(classes))
        if category in (0, 1, 4):
            suit = rng.randrange(4)
            five = [4 * r + suit for r in ranks]
        else:
            five, taken = [], set()
            for r in ranks:
                card = 4 * r + rng.choice([s for s in range(4) if 4 * r + s not in taken])
                taken.add(card)
                five.append(card)
        rest = [c for c in range(52) if c not in five]
        hand = five + rng.sample(rest, k - 5)
        rng.shuffle(hand)
        if oracle.category_of_value(oracle.value_of(hand)) == category:
            return hand
    return None  # the category cannot be reached with k cards this way


def main():
    rng = random.Random(20240607)
    lines = [
        "# Poker hands with their values on the 1..7462 scale (1 = royal flush, lower is better).",
        "# One hand per line: card names, '=', the value, then '#' and the oracle's category and",
        "# description for people (the description is the documented style; implementations must",
        "# match the value, and their category; the text is informational).",
        "# Generated by tests/vectors/make_vectors.py from tests/oracle.py, an independent brute-force",
        "# evaluator (best of all five-card subsets). Do not edit by hand; rerun the script.",
    ]
    hands = [oracle.parse(text) for text in SPECIAL]
    for k in range(5, 10):
        for category in range(10):
            for _ in range(PER_BUCKET):
                hand = random_hand_of_category(rng, k, category)
                if hand is not None:
                    hands.append(hand)
    for hand in hands:
        value = oracle.value_of(hand)
        names = " ".join(oracle.card_name(c) for c in hand)
        label = CATEGORIES[oracle.category_of_value(value)]
        lines.append(f"{names} = {value}  # {label}: {oracle.describe_value(value)}")
    with open(os.path.join(HERE, "hands.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(hands)} hands")


if __name__ == "__main__":
    main()
