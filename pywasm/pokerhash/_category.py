"""Hand categories, best first; ROYAL_FLUSH is value 1 alone."""

from enum import IntEnum


class Category(IntEnum):
    ROYAL_FLUSH = 0
    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9

    def __str__(self) -> str:
        return self.name.replace("_", " ").title().replace(" Of A ", " of a ")
