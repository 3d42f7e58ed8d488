"""percentile(): the rank of a value among all k-card hands, checked against published hand counts."""

import pytest

import pokerhash

FIVE = 2598960
SEVEN = 133784560


def test_five_card_ends_from_the_known_counts():
    # 4 royal flushes (value 1); the worst high card, 7-5-4-3-2, comes in 4^5 - 4 = 1020 suit patterns.
    assert pokerhash.percentile(1, k=5) == pytest.approx(100 * (FIVE - 2) / FIVE)
    assert pokerhash.percentile(7462, k=5) == pytest.approx(100 * 510 / FIVE)
    # the best high card (A-K-Q-J-9, value 6186) beats only the other high cards: 1,302,540 in all
    assert pokerhash.percentile(6186, k=5) == pytest.approx(100 * (1302540 - 1020 + 510) / FIVE)


def test_seven_card_royal_flush():
    # 4,324 seven-card hands hold a royal flush
    assert pokerhash.percentile(1) == pytest.approx(100 * (SEVEN - 4324 / 2) / SEVEN)


def test_monotone_in_value():
    values = [1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7000]
    ranks = [pokerhash.percentile(v, k=6) for v in values]
    assert ranks == sorted(ranks, reverse=True)


def test_errors():
    with pytest.raises(ValueError, match="hand value 0 outside 1..7462"):
        pokerhash.percentile(0)
    with pytest.raises(ValueError, match="k must be 5, 6 or 7, got 9"):
        pokerhash.percentile(1, k=9)
