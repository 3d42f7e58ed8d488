"""Showdown counts of every hole pair on a board, and of every heads-up deal, from the C core's sorted sweep."""


from typing import Any, NamedTuple, Optional

from . import parallel
from ._analysis_input import analysis_core, cards_arg, distinct, executor_of, numpy

# Boards a second of one core sweeps (a low estimate: a slow machine, the wasm build); most boards are not
# suit-canonical and cost next to nothing.
MATRIX_BOARDS_PER_SECOND = 200_000


class Showdown(NamedTuple):
    """Every hole pair free of the board and the dead cards, with its showdown counts (numpy arrays).

    Rows are in colex order of the pair (lo, hi): hi * (hi - 1) / 2 + lo among the live cards.

    Args:
        holes, values, wins, ties, losses, by_category: the fields below (showdown() makes them).

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> s = analysis.showdown("Ks 7d 2c 3h 9s")
        >>> s.holes.shape, s.by_category.shape
        ((1081, 2), (1081, 3, 10))
    """

    #: (n, 2) uint8: the pair's card ids, ascending.
    holes: Any
    #: (n,) uint16: the value of the pair with the board (5, 6 or 7 cards).
    values: Any
    #: (n,) uint64: opponent pairs beaten (summed over every runout of a 3- or 4-card board).
    wins: Any
    #: (n,) uint64: opponent pairs tied.
    ties: Any
    #: (n,) uint64: opponent pairs lost to.
    losses: Any
    #: (n, 3, 10) uint64: wins, ties, losses split by the opponent's final category (0 royal flush .. 9 high card).
    by_category: Any


class ShowdownMatrix(NamedTuple):
    """Every heads-up deal by the categories of its winner and loser.

    Args:
        wins, ties, deals: the fields below (showdown_matrix() makes them).

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> m = analysis.showdown_matrix(dead=list(range(32)), progress=False)   # ranks T..A
        >>> int(m.wins.sum() + m.ties.sum()) == m.deals, int(m.wins[9, 0])   # a royal flush never loses
        (True, 0)
    """

    #: (10, 10) uint64: deals with a winner, [winner's category, loser's category].
    wins: Any
    #: (10,) uint64: tied deals by their category.
    ties: Any
    #: All deals: wins.sum() + ties.sum().
    deals: int


def showdown(board: Any, dead: Any = None) -> Showdown:
    """Wins, ties and losses of every hole pair against every other on a board, in one sorted sweep.

    An opponent is any hole pair free of the board, the dead cards and the pair itself. On a flop or turn the
    counts are summed over every runout (the missing cards drawn from the cards left; the opponent avoids
    them too), so they count (opponent, runout) deals.

    Args:
        board: 3, 4 or 5 cards (text "Ks 7d 2c" or a sequence of cards).
        dead: cards out of play (None for none).

    Returns:
        Showdown: numpy arrays, one row per hole pair in colex order.

    Raises:
        ValueError: a board of another size, a card used twice, too few cards left.
        TypeError: a board or dead cards of another kind.
        ImportError: numpy is not installed.

    Example:
        >>> from pokerhash import analysis
        >>> s = analysis.showdown("Ks 7d 2c 3h 9s")
        >>> len(s.holes), int(s.wins[0] + s.ties[0] + s.losses[0])   # 1,081 pairs, 990 opponents each
        (1081, 990)
    """
    np = numpy()
    board_ids = cards_arg(board, "board")
    dead_ids = cards_arg(dead, "dead")
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(f"the board must have 3, 4 or 5 cards, got {len(board_ids)}")
    distinct(("on the board", board_ids), ("dead", dead_ids))
    live = 52 - len(board_ids) - len(dead_ids)
    if live < 4 + 5 - len(board_ids):
        raise ValueError(f"not enough cards: {live} left, a hole, an opponent and the runout need "
                         f"{4 + 5 - len(board_ids)}")
    holes = np.zeros((1326, 2), np.uint8)
    values = np.zeros(1326, np.uint16)
    counts = np.zeros((1326, 3), np.uint64)
    by_category = np.zeros((1326, 3, 10), np.uint64)
    rows = analysis_core.showdown_into(bytes(board_ids), bytes(dead_ids), holes, values, counts, by_category)
    return Showdown(holes[:rows], values[:rows], counts[:rows, 0].copy(), counts[:rows, 1].copy(),
                    counts[:rows, 2].copy(), by_category[:rows])


def matrix_task(task: Any) -> Any:
    """One piece of the showdown matrix: boards [start, stop) of the live cards' 5-subsets."""
    dead, start, stop = task
    np = numpy()
    wins = np.zeros((10, 10), np.uint64)
    ties = np.zeros(10, np.uint64)
    analysis_core.showdown_matrix_into(dead, start, stop - start, wins, ties)
    return wins, ties


def _add(total: Any, part: Any) -> Any:
    total[0][...] += part[0]
    total[1][...] += part[1]
    return total


def showdown_matrix(dead: Any = None, *, threads: Optional[int] = None, executor: Any = None, progress: Any = None,
                    chunk: Optional[int] = None) -> ShowdownMatrix:
    """Every heads-up hold'em deal counted by the categories of the winner and the loser.

    A deal is a player's hole pair, an opponent's hole pair (ordered: (A, B) and (B, A) are two deals) and a
    5-card board, all from the cards not dead. Each suit-canonical board is swept once and counts for its
    whole orbit; the counts are exact integers, identical on every executor.

    Args:
        dead: cards out of play (None for none; removing whole ranks gives a reduced deck).
        threads: at most this many local threads (default: one per CPU).
        executor: where the work runs instead (pokerhash.parallel.run): an int, a concurrent.futures
            executor or a dask distributed.Client.
        progress: None shows a bar on an interactive terminal, False nothing, a callable gets (done, total)
            in boards.
        chunk: boards per task (default: about LOCAL_TASK_SECONDS of work, DASK_TASK_SECONDS on Dask).

    Returns:
        ShowdownMatrix: wins (10 x 10), ties (10) and the number of deals (2,781,381,002,400 with a full deck).

    Raises:
        ValueError: a card used twice, fewer than 9 live cards, threads= and executor= both given.
        ImportError: numpy is not installed.

    Example:
        >>> from pokerhash import analysis
        >>> m = analysis.showdown_matrix(dead=[c for c in range(52) if c < 32])   # ranks T..A only
        >>> m.deals == int(m.wins.sum() + m.ties.sum())
        True
    """
    np = numpy()
    dead_ids = cards_arg(dead, "dead")
    distinct(("dead", dead_ids))
    if 52 - len(dead_ids) < 9:
        raise ValueError(f"not enough cards: {52 - len(dead_ids)} left, two holes and a board need 9")
    executor = executor_of(threads, executor)
    dead_bytes = bytes(dead_ids)
    units = analysis_core.showdown_matrix_units(dead_bytes)
    tasks = [(dead_bytes, a, b) for a, b in parallel.plan(0, units, MATRIX_BOARDS_PER_SECOND, executor, chunk)]
    total = (np.zeros((10, 10), np.uint64), np.zeros(10, np.uint64))
    wins, ties = parallel.run(matrix_task, tasks, _add, total, executor=executor, sizes=[b - a for _, a, b in tasks],
                              progress=progress)
    return ShowdownMatrix(wins, ties, int(wins.sum(dtype=np.uint64)) + int(ties.sum(dtype=np.uint64)))
