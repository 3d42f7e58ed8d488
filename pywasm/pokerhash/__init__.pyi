from array import array
from enum import IntEnum
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

CardLike = Union[int, str]
Cards = Union[str, Sequence[CardLike]]

backend: str
__version__: str
WORST_VALUE: int

class Card(int):
    def __new__(cls, card: CardLike) -> "Card": ...
    @property
    def rank(self) -> int: ...
    @property
    def suit(self) -> int: ...
    @property
    def symbol(self) -> str: ...

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

def parse_cards(*cards: Union[Cards, CardLike]) -> List[Card]: ...
def evaluate(*cards: Union[Cards, CardLike]) -> int: ...
def evaluate_batch(cards: Any, k: Optional[int] = ..., threads: Optional[int] = ...) -> Any: ...
def category(value: int) -> Category: ...
def describe(value: int) -> str: ...
def value_ranks(value: int) -> Tuple[int, int, int, int, int]: ...
def best_five(*cards: Union[Cards, CardLike]) -> Tuple[Card, Card, Card, Card, Card]: ...
def comb(n: int, k: int) -> int: ...
def rank_combination(items: Sequence[int], n: int, order: str = ...) -> int: ...
def unrank_combination(index: int, k: int, n: int, order: str = ...) -> Tuple[int, ...]: ...
def combinations(n: int, k: int, start: int = ..., stop: Optional[int] = ...) -> Any: ...
def combination_masks(n: int, k: int, start: int = ..., stop: Optional[int] = ...) -> Any: ...
def value_histogram(k: int, start: int = ..., stop: Optional[int] = ..., *, executor: Any = ...,
                    chunk: Optional[int] = ..., progress: Any = ...) -> Any: ...
def hand_index(*cards: Union[Cards, CardLike]) -> int: ...
def quinary_hash(q: Sequence[int], k: int) -> int: ...

# ---- ranges and equity (_ranges.py, _equity.py) ----
class Range:
    def __init__(self, combos: Iterable[Any] = ..., text: str = ...) -> None: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def weighted(self) -> bool: ...
    def combos(self, dead: Any = ...) -> List[Tuple[Tuple[Card, ...], float]]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Tuple[Tuple[Card, ...], float]]: ...

def parse_range(text: str) -> Range: ...

class EquityResult:
    players: Tuple[str, ...]
    equity: Tuple[float, ...]
    win: Tuple[int, ...]
    tie: Tuple[int, ...]
    lose: Tuple[int, ...]
    deals: int
    exact: bool
    stderr: Optional[Tuple[float, ...]]
    seed: Optional[int]
    board: Tuple[Card, ...]
    dead: Tuple[Card, ...]
    seconds: float
    @property
    def boards(self) -> int: ...

def equity(
    players: Sequence[Union[Cards, Range, Sequence[CardLike]]],
    board: Optional[Union[Cards, Sequence[CardLike]]] = ...,
    dead: Optional[Union[Cards, Sequence[CardLike]]] = ...,
    exact: Optional[bool] = ...,
    samples: Optional[int] = ...,
    seed: Optional[int] = ...,
    threads: Optional[int] = ...,
    stderr: Optional[float] = ...,
    progress: Optional[Callable[[int, int], None]] = ...,
    omaha: Optional[bool] = ...,
) -> EquityResult: ...

# ---- scale-out: combination tables and the parallel runner (_table.py, parallel.py) ----
from . import parallel as parallel
from ._table import CombinationTable as CombinationTable, value_table as value_table
from .parallel import map_combinations as map_combinations
