"""The quinary perfect hash: rank counts as a 13-digit base-5 number with digit sum k.

Digit i counts the cards of rank i (0 = deuce ... 12 = ace); digit 0 is the most significant. The hash of
a quinary is its 0-based position among all quinaries of the same digit sum in lexicographic order, which
makes the table for k cards dense (49,205 entries for k = 7).
"""

from __future__ import annotations

from itertools import product
from typing import Dict, Iterator, List, Sequence, Tuple

DIGITS = 13
MAX_DIGIT = 4
MAX_K = 9  # the DP covers every hand size the library evaluates

# The run-time hash splits the digits into three groups so that each group's share of the lexicographic
# rank is one table lookup on an additive per-card key (see core_c/src/eval/large_hands.c: the dense value
# blocks of 8- and 9-card hands are laid out in this order).
GROUPS = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11, 12))
GROUP_SPAN = 625  # 5**4: a group of four digits; also the per-card count unit in the G1/G2 key fields
G1_ROWS = (5, 6, 7, 8, 9)  # G1 is indexed by (k - 5) * 625 + pattern


def count_table(digits: int = DIGITS, top: int = MAX_K) -> List[List[int]]:
    """count[n][s]: number of n-digit quinaries with digit sum s (n <= digits, s <= top)."""
    count = [[0] * (top + 1) for _ in range(digits + 1)]
    count[0][0] = 1
    for n in range(1, digits + 1):
        for s in range(top + 1):
            count[n][s] = sum(count[n - 1][s - d] for d in range(MAX_DIGIT + 1) if d <= s)
    return count


def dp_table() -> List[List[List[int]]]:
    """dp[l][n][k]: quinaries in [0, l * 5**n) with n digits below the leading one and digit sum k.

    This is the article's table; hash_quinary sums dp[q_i][12 - i][k_i] over the digits.
    """
    count = count_table()
    dp = [[[0] * (MAX_K + 1) for _ in range(DIGITS + 1)] for _ in range(MAX_DIGIT + 1)]
    for l in range(1, MAX_DIGIT + 1):
        for n in range(DIGITS + 1):
            for k in range(MAX_K + 1):
                lead = l - 1
                dp[l][n][k] = dp[l - 1][n][k] + (count[n][k - lead] if k >= lead else 0)
    return dp


DP = dp_table()
COUNT = count_table()


def hash_quinary(q: Sequence[int], k: int) -> int:
    """0-based lexicographic position of q among 13-digit quinaries with digit sum k."""
    position = 0
    for i, digit in enumerate(q):
        position += DP[digit][DIGITS - 1 - i][k]
        k -= digit
    return position


def quinaries(k: int) -> Iterator[Tuple[int, ...]]:
    """Every 13-digit quinary with digit sum k, in lexicographic order."""

    def rest(prefix: List[int], remaining: int, digits_left: int):
        if digits_left == 0:
            if remaining == 0:
                yield tuple(prefix)
            return
        for d in range(min(MAX_DIGIT, remaining) + 1):
            if remaining - d <= MAX_DIGIT * (digits_left - 1):
                prefix.append(d)
                yield from rest(prefix, remaining - d, digits_left - 1)
                prefix.pop()

    return rest([], k, DIGITS)


def group_share(group: Sequence[int], digits: Sequence[int], remaining: int) -> int:
    """The part of hash_quinary contributed by one group's digits, given the digit sum still to place."""
    if remaining > MAX_K:
        return 0  # more cards than any hand holds; the slot is never read
    share = 0
    for position, digit in zip(group, digits):
        if digit > remaining:
            return 0  # unreachable combination; the slot is never read
        share += DP[digit][DIGITS - 1 - position][remaining]
        remaining -= digit
    return share


def group_patterns(group: Sequence[int]) -> Iterator[Tuple[int, Tuple[int, ...]]]:
    """(base-5 key, digits) for every digit pattern of a group; the group's first rank is the 5**0 digit."""
    for digits in product(range(MAX_DIGIT + 1), repeat=len(group)):
        key = sum(d * 5**j for j, d in enumerate(digits))
        yield key, digits


def grouped_tables():
    """The three run-time hash tables: G1 by (k, pattern), G2 by (cards outside G1, pattern), G3 by pattern."""
    g1 = [0] * (len(G1_ROWS) * GROUP_SPAN)
    for row, k in enumerate(G1_ROWS):
        for key, digits in group_patterns(GROUPS[0]):
            g1[row * GROUP_SPAN + key] = group_share(GROUPS[0], digits, k)
    g2_rows = MAX_K + 1
    g2 = [0] * (g2_rows * GROUP_SPAN)
    for outside_g1 in range(g2_rows):
        for key, digits in group_patterns(GROUPS[1]):
            g2[outside_g1 * GROUP_SPAN + key] = group_share(GROUPS[1], digits, outside_g1)
    g3 = [0] * 5 ** len(GROUPS[2])
    for key, digits in group_patterns(GROUPS[2]):
        g3[key] = group_share(GROUPS[2], digits, sum(digits))
    return g1, g2, g3
