"""Hand-strength tables for every suit-canonical hand: HS on the river, EHS and EHS^2 on the turn, and those
with a histogram of HS on the flop and before it (docs/analysis.md, "Hand-strength tables").

The C core (core_c/src/analysis/strength*.c) sweeps each canonical board of a street once per runout and
gives every live hole pair its score (2 per opponent beaten, 1 per tie, out of 1,980) with the index of
[hole, board]; here the rows land in a table keyed by that index. Scores are exact integers, so the floats
made of them are the same on every executor.
"""

import math
import os
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from . import parallel
from ._analysis_input import analysis_core, cards_arg, distinct, executor_of, numpy
from ._checks import flag, integer
from ._isomorphism import HandIndexer
from ._table import FORMAT, _read_file, read_values, write_file
from ._version import __version__

__all__ = ["Strength", "StrengthTable", "strength_table", "hand_strength"]

STREETS = ("preflop", "flop", "turn", "river")
BOARD_CARDS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
#: Canonical hands of each street: the sizes of the indexers {2}, {2, 3}, {2, 4}, {2, 5}.
SIZES = {"preflop": 169, "flop": 1_286_792, "turn": 13_960_050, "river": 123_156_254}
#: What a hand's figures average over: boards C(50, 5) before the flop, turn+river C(47, 2), rivers, one board.
RUNOUTS = {"preflop": 2_118_760, "flop": 1081, "turn": 46, "river": 1}
FULL_SCORE = 1980  # 2 x the C(45, 2) opponent pairs: a score beats them all
MAX_BINS = 1000
UNSET_SCORE = 0xFFFF  # a river entry outside the boards computed
# Canonical boards one core gets through per second (low estimates, so a task stays short for Ctrl-C): a flop
# is 1,176 sweeps of its runouts, a turn 48, a river board or a preflop board one.
UNITS_PER_SECOND = {"preflop": 20_000, "flop": 20, "turn": 500, "river": 5_000}
KIND = "hand strength"  # the "table" field of a saved file's metadata


class Strength(NamedTuple):
    """One hand's entry of a strength table.

    Args:
        ehs, ehs2, histogram: the fields below (StrengthTable.lookup makes them).

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> s = analysis.hand_strength("AsKs", "Qs Js 2d")
        >>> round(s.ehs, 4), round(s.ehs2, 4), int(s.histogram[-1])   # 311 runouts win against every hand
        (0.7633, 0.6466, 311)
    """

    #: Mean HS over the runouts (on the river, HS itself): wins + ties / 2 per opponent pair.
    ehs: float
    #: Mean HS squared over the runouts.
    ehs2: float
    #: Runouts (boards before the flop) per HS bin, flop and preflop tables only; None otherwise.
    histogram: Optional[Any]


def table_dtype(street: str, bins: int) -> Any:
    """The numpy dtype of one entry: river uint16 scores; else ehs, ehs2 (float64) and on the flop and
    preflop a histogram of `bins` counts (uint16 of 1,081 runouts, uint32 of 2,118,760 boards)."""
    np = numpy()
    if street == "river":
        return np.dtype("<u2")
    fields: List[Tuple[Any, ...]] = [("ehs", "<f8"), ("ehs2", "<f8")]
    if street == "flop":
        fields.append(("histogram", "<u2", (bins,)))
    elif street == "preflop":
        fields.append(("histogram", "<u4", (bins,)))
    return np.dtype(fields)


def _empty(street: str, bins: int) -> Any:
    """A table with nothing computed: river scores UNSET_SCORE, means NaN, histograms zero."""
    np = numpy()
    if street == "river":
        return np.full(SIZES[street], UNSET_SCORE, np.uint16)
    values = np.zeros(SIZES[street], table_dtype(street, bins))
    values["ehs"] = np.nan
    values["ehs2"] = np.nan
    return values


def _street(street: Any) -> str:
    if not isinstance(street, str) or street not in BOARD_CARDS:
        raise ValueError(f"street must be one of {', '.join(map(repr, STREETS))}, got {street!r}")
    return street


def _bins(street: str, bins: Any) -> int:
    """The histogram's bins: 1..MAX_BINS on the flop and preflop; turn and river tables keep none (0)."""
    count = integer(bins, "bins")
    if not 1 <= count <= MAX_BINS:
        raise ValueError(f"bins must be 1 to {MAX_BINS}, got {count}")
    return count if street in ("flop", "preflop") else 0


def rows_task(task: Tuple[str, int, int, int]) -> Tuple[Any, Any, Any, Any]:
    """One piece of a flop, turn or river table: the rows of canonical boards [start, stop), as (table index
    (uint32), score sum, square sum or None, histogram or None)."""
    street, bins, start, stop = task
    np = numpy()
    cards = BOARD_CARDS[street]
    rows = (stop - start) * math.comb(52 - cards, 2)
    index = np.empty(rows, np.uint64)
    score = np.empty(rows, np.uint32)
    square = None if street == "river" else np.empty(rows, np.uint64)
    histogram = np.empty((rows, bins), np.uint16) if bins else None
    analysis_core.strength_rows_into(cards, bins, start, stop - start, index, score, square, histogram)
    return index.astype(np.uint32), score, square, histogram


def preflop_task(task: Tuple[int, int, int]) -> Tuple[Any, Any, Any]:
    """One piece of the preflop table: canonical 5-card boards [start, stop) added to the class totals."""
    bins, start, stop = task
    np = numpy()
    totals = (np.zeros(169, np.uint64), np.zeros(169, np.uint64), np.zeros((169, bins), np.uint64))
    analysis_core.strength_preflop_into(bins, start, stop - start, *totals)
    return totals


def _place(values: Any, street: str, part: Tuple[Any, Any, Any, Any]) -> Any:
    """Writes a piece's rows at their index (rows of one hand are equal, so overlaps agree)."""
    np = numpy()
    index, score, square, histogram = part
    if street == "river":
        values[index] = score.astype(np.uint16)
        return values
    values["ehs"][index] = score / (FULL_SCORE * RUNOUTS[street])
    values["ehs2"][index] = square / (FULL_SCORE * FULL_SCORE * RUNOUTS[street])
    if histogram is not None:
        values["histogram"][index] = histogram
    return values


def _add(total: Any, part: Any) -> Any:
    for into, add in zip(total, part):
        into += add
    return total


def _preflop(totals: Tuple[Any, Any, Any], bins: int) -> Any:
    """The preflop table from the orbit-weighted class totals of every board."""
    np = numpy()
    sums, squares, histogram = totals
    deals = histogram.sum(axis=1)  # each pair of a class over every board: pairs x C(50, 5)
    pairs = deals // RUNOUTS["preflop"]
    if not np.array_equal(pairs * RUNOUTS["preflop"], deals) or set(pairs.tolist()) != {4, 6, 12}:
        raise RuntimeError(f"preflop totals cover {deals.tolist()} deals, not pairs x C(50, 5) per class")
    values = np.zeros(169, table_dtype("preflop", bins))
    values["ehs"] = sums / (FULL_SCORE * deals.astype(np.float64))
    values["ehs2"] = squares / (float(FULL_SCORE * FULL_SCORE) * deals)
    values["histogram"] = histogram // pairs[:, None]
    return values


def _board_range(boards: Any, units: int) -> Tuple[int, int]:
    if boards is None:
        return 0, units
    try:
        start, stop = boards
    except (TypeError, ValueError):
        raise TypeError(f"boards must be a (start, stop) pair of canonical board numbers, got {boards!r}") from None
    start, stop = integer(start, "boards start"), integer(stop, "boards stop")
    if not 0 <= start <= stop <= units:
        raise ValueError(f"boards must satisfy 0 <= start <= stop <= {units:,}, got ({start}, {stop})")
    return start, stop


def strength_table(street: str, bins: int = 50, *, threads: Optional[int] = None, executor: Any = None,
                   progress: Any = None, boards: Optional[Tuple[int, int]] = None,
                   chunk: Optional[int] = None) -> "StrengthTable":
    """The hand-strength table of a street: every suit-canonical hand's HS, or EHS, EHS^2 and histogram.

    HS(hole, board) on the river is (wins + ties / 2) / 990 against every opponent hole pair free of the seven
    known cards. On the turn EHS and EHS2 are the means of HS and HS^2 over the 46 rivers; on the flop over
    the 1,081 turn+river runouts, with a histogram of HS in `bins` equal bins of [0, 1] (bin k holds
    k/bins <= HS < (k+1)/bins; HS == 1 falls in the last bin); before the flop over all 2,118,760 boards (EHS
    is then the equity against one random hand: AA 0.8520). Each canonical board is swept once per runout;
    see docs/analysis.md for dtypes, sizes and times (all four streets take a few minutes on two cores).

    Args:
        street: "preflop", "flop", "turn" or "river".
        bins: histogram bins, 1 to 1,000 (flop and preflop; checked, then unused, on the turn and river).
        threads: at most this many local threads (default: one per CPU).
        executor: where the work runs instead (pokerhash.parallel.run): an int, a concurrent.futures
            executor or a dask distributed.Client.
        progress: None shows a bar on an interactive terminal, False nothing, a callable gets (done, total)
            in canonical boards.
        boards: (start, stop): only the canonical boards [start, stop) of the street (index order of the
            one-round indexer of its board cards), for a piece of a table; entries of other hands stay unset
            (NaN means, river score 0xFFFF). Not before the flop, where every board adds to every class.
        chunk: canonical boards per task (default: about LOCAL_TASK_SECONDS of work, DASK_TASK_SECONDS on Dask).

    Returns:
        StrengthTable: the values keyed by the canonical index, with lookup(), save() and load().

    Raises:
        ValueError: an unknown street, bins out of range, a bad boards range (or one before the flop),
            threads= and executor= both given.
        TypeError: bins or boards of another type.
        ImportError: numpy is not installed.

    Example:
        >>> import pokerhash as ph
        >>> from pokerhash import analysis
        >>> unit = ph.HandIndexer([3]).index(ph.parse_cards("Ks 7d 2c"))   # the flop's canonical board number
        >>> flop = analysis.strength_table("flop", boards=(unit, unit + 1), progress=False)   # that flop only
        >>> round(flop.lookup("AsAh", "Ks 7d 2c").ehs, 4), round(flop.lookup("Ah Ad", "Kh 7s 2c").ehs, 4)
        (0.8873, 0.8873)
    """
    np = numpy()
    street = _street(street)
    bins = _bins(street, bins)
    executor = executor_of(threads, executor)
    cards = BOARD_CARDS[street]
    units = analysis_core.strength_units(cards)
    if boards is not None and street == "preflop":
        raise ValueError("boards= takes a piece of a flop, turn or river table; the preflop table needs every board")
    start, stop = _board_range(boards, units)
    spans = parallel.plan(start, stop, UNITS_PER_SECOND[street], executor, chunk)
    sizes = [b - a for a, b in spans]
    if street == "preflop":
        initial = (np.zeros(169, np.uint64), np.zeros(169, np.uint64), np.zeros((169, bins), np.uint64))
        totals = parallel.run(preflop_task, [(bins, a, b) for a, b in spans], _add, initial, executor=executor,
                              sizes=sizes, progress=progress)
        return StrengthTable(street, bins, _preflop(totals, bins), (start, stop))
    values = parallel.run(rows_task, [(street, bins, a, b) for a, b in spans],
                          lambda table, part: _place(table, street, part), _empty(street, bins), executor=executor,
                          sizes=sizes, progress=progress)
    return StrengthTable(street, bins, values, (start, stop))


def hand_strength(hole: Any, board: Any, bins: int = 50) -> Strength:
    """One hand's EHS, EHS^2 and HS histogram over every runout of its board, without a table (a flop takes
    about 20 ms: every turn+river swept once, as the flop table does).

    Args:
        hole: two cards, as text or a sequence of cards.
        board: 3, 4 or 5 cards (flop, turn, river).
        bins: histogram bins, 1 to 1,000 (bin k holds k/bins <= HS < (k+1)/bins; HS == 1 the last).

    Returns:
        Strength: ehs, ehs2 and the histogram (numpy uint32, runouts per bin; on the river one runout).

    Raises:
        ValueError: a hole of other than 2 cards, a board of other than 3 to 5, a card used twice, bins out
            of range.
        TypeError: cards or bins of another type.
        ImportError: numpy is not installed.

    Example:
        >>> from pokerhash import analysis
        >>> s = analysis.hand_strength("AsAh", "2c 2d 2h")
        >>> round(s.ehs, 4), int(s.histogram.sum()), int(s.histogram.argmax())   # 1,081 runouts, most in bin 47
        (0.9441, 1081, 47)
    """
    np = numpy()
    hole_ids, board_ids = cards_arg(hole, "hole"), cards_arg(board, "board")
    if len(hole_ids) != 2:
        raise ValueError(f"a hole has 2 cards, got {len(hole_ids)}")
    if len(board_ids) not in (3, 4, 5):
        raise ValueError(f"the board must have 3, 4 or 5 cards, got {len(board_ids)}")
    distinct(("in the hole", hole_ids), ("on the board", board_ids))
    count = integer(bins, "bins")
    if not 1 <= count <= MAX_BINS:
        raise ValueError(f"bins must be 1 to {MAX_BINS}, got {count}")
    sums = np.zeros(2, np.uint64)
    histogram = np.zeros(count, np.uint32)
    runouts = analysis_core.strength_hand_into(bytes(hole_ids), bytes(board_ids), count, sums, histogram)
    return Strength(int(sums[0]) / (FULL_SCORE * runouts), int(sums[1]) / (FULL_SCORE * FULL_SCORE * runouts),
                    histogram)


def _indexer(street: str) -> Any:
    cards = BOARD_CARDS[street]
    return HandIndexer([2, cards] if cards else [2])


class StrengthTable:
    """A street's hand-strength values keyed by the suit-isomorphic index of [hole, board] (strength_table).

    Attributes: street, bins (0 on the turn and river), boards (the canonical boards computed, (start,
    stop)), values (the numpy array: river uint16 scores, else the structured ehs / ehs2 / histogram) and
    indexer (pokerhash.HandIndexer of rounds [2, board cards], [2] before the flop).

    Args:
        street, bins, values, boards: as strength_table() and load() make them.

    Raises:
        Nothing.

    Example:
        >>> from pokerhash import analysis
        >>> table = analysis.strength_table("preflop", progress=False)   # a few seconds
        >>> len(table), table.histogram.shape, round(table.lookup("AsAh").ehs, 4), round(table.lookup("7c2d").ehs, 4)
        (169, (169, 50), 0.852, 0.3458)
    """

    def __init__(self, street: str, bins: int, values: Any, boards: Tuple[int, int]):
        self.street = street
        self.bins = bins
        self.values = values
        self.boards = boards
        self._indexer: Any = None

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def __repr__(self) -> str:
        return f"<StrengthTable {self.street}: {len(self):,} hands, bins={self.bins}, boards={self.boards}>"

    @property
    def indexer(self) -> Any:
        """The HandIndexer whose index keys the table."""
        if self._indexer is None:
            self._indexer = _indexer(self.street)
        return self._indexer

    @property
    def score(self) -> Any:
        """River only: the uint16 scores, 2 wins + ties out of 1,980 (HS = score / 1980), 0xFFFF unset."""
        if self.street != "river":
            raise AttributeError(f"a {self.street} table has ehs and ehs2; score is the river's")
        return self.values

    @property
    def ehs(self) -> Any:
        """EHS of every hand (float64; on the river HS = score / 1980, a new array)."""
        return self._hs() if self.street == "river" else self.values["ehs"]

    @property
    def ehs2(self) -> Any:
        """Mean HS squared of every hand (float64; on the river HS squared, a new array)."""
        return self._hs(squared=True) if self.street == "river" else self.values["ehs2"]

    @property
    def histogram(self) -> Any:
        """Flop and preflop: (hands, bins) counts of runouts (uint16) or boards (uint32) per HS bin."""
        if self.street not in ("flop", "preflop"):
            raise AttributeError(f"a {self.street} table has no histogram (flop and preflop tables do)")
        return self.values["histogram"]

    def _hs(self, squared: bool = False) -> Any:
        """HS (or HS^2) of the river scores, each the exact ratio rounded once, as the other streets' means."""
        np = numpy()
        scores = self.values.astype(np.float64)
        hs = scores * scores / (FULL_SCORE * FULL_SCORE) if squared else scores / FULL_SCORE
        return np.where(self.values == UNSET_SCORE, np.nan, hs)

    def index(self, hole: Any, board: Any = None) -> int:
        """The canonical index of a hand, its row in the table.

        Args:
            hole: two cards, as text or a sequence of cards.
            board: the street's board (3, 4 or 5 cards; None before the flop).

        Returns:
            int: the index of [hole, board] by the table's indexer.
        """
        hole_ids = cards_arg(hole, "hole")
        board_ids = cards_arg(board, "board")
        if len(hole_ids) != 2:
            raise ValueError(f"a hole has 2 cards, got {len(hole_ids)}")
        if len(board_ids) != BOARD_CARDS[self.street]:
            raise ValueError(f"a {self.street} hand has a board of {BOARD_CARDS[self.street]} cards, "
                             f"got {len(board_ids)}")
        distinct(("in the hole", hole_ids), ("on the board", board_ids))
        return int(self.indexer.index(hole_ids + board_ids))

    def lookup(self, hole: Any, board: Any = None) -> Strength:
        """One hand's entry, by its cards ("AsKs", "Qh 7c 2d"; any suits: the index is suit-isomorphic).

        Args:
            hole: two cards, as text or a sequence of cards.
            board: the street's board (3, 4 or 5 cards; None before the flop).

        Returns:
            Strength: ehs, ehs2 and the histogram row (a copy; None on the turn and river).

        Raises:
            ValueError: a wrong number of cards, a card used twice, or a hand outside the boards computed.
        """
        i = self.index(hole, board)
        if self.street == "river":
            score = int(self.values[i])
            if score == UNSET_SCORE:
                raise ValueError(f"this table holds boards {self.boards} only; the hand's board is not among them")
            return Strength(score / FULL_SCORE, score * score / (FULL_SCORE * FULL_SCORE), None)
        row = self.values[i]
        if math.isnan(row["ehs"]):
            raise ValueError(f"this table holds boards {self.boards} only; the hand's board is not among them")
        histogram = row["histogram"].copy() if self.bins else None
        return Strength(float(row["ehs"]), float(row["ehs2"]), histogram)

    def lookup_batch(self, hands: Any) -> Any:
        """Many hands' entries at once (the indexing runs in C with the GIL released).

        Args:
            hands: an (N, 2 + board cards) array of card ids (or a list of rows): hole, then board.

        Returns:
            numpy array: the N entries of `values` (river uint16 scores, else records with ehs, ehs2 and
            histogram fields); hands outside the boards computed read as unset (score 0xFFFF, NaN).

        Raises:
            ValueError: rows of another width, or a bad row ("row 17: duplicate card").
        """
        return self.values[numpy().asarray(self.indexer.index_batch(hands), numpy().intp)]

    # ---- files -------------------------------------------------------------------------------------------

    def metadata(self) -> Dict[str, Any]:
        """What save() writes beside the values (with their CRC-32) and load() checks."""
        return {"format": FORMAT, "table": KIND, "street": self.street, "bins": self.bins,
                "boards": list(self.boards), "pokerhash": __version__}

    def save(self, path: Any) -> None:
        """Writes the table to one file, as CombinationTable.save does: a .npy of the values (numpy.load reads
        it), the metadata and a CRC-32; written beside the target and renamed over it, so a reader never sees
        half a file and a table mapped from the old one keeps reading it.

        Args:
            path: the file to write (replaced as a whole if it exists).
        """
        write_file(path, numpy().ascontiguousarray(self.values), self.metadata())

    @classmethod
    def load(cls, path: Any, mmap: bool = True, *, verify: bool = True,
             check_version: bool = True) -> "StrengthTable":
        """Opens a saved table, memory-mapped read-only by default, after checking its metadata and CRC-32.

        Args:
            path: a file written by save().
            mmap: True maps the values read-only; False reads them into memory.
            verify: False skips the checksum (and the read of the whole file it takes).
            check_version: False accepts a file of another pokerhash major.minor version.

        Returns:
            StrengthTable: the table.

        Raises:
            ValueError: not a strength table file, a damaged or truncated one ("the values do not match their
                checksum"), or one of another version.
        """
        np = numpy()
        name = os.fspath(path)
        mmap, verify, check_version = flag(mmap, "mmap"), flag(verify, "verify"), flag(check_version, "check_version")
        with open(name, "rb") as f:
            meta, offset, shape, fortran, dtype = _read_file(f, name, np, _checked_metadata)
            street, bins = meta["street"], meta["bins"]
            if shape != (SIZES[street],) or fortran or dtype != table_dtype(street, bins):
                raise ValueError(f"{name}: the values (shape {shape}, dtype {dtype}) are not a {street} table's"
                                 f" ({SIZES[street]:,} of {table_dtype(street, bins)})")
            if check_version and meta["pokerhash"].split(".")[:2] != __version__.split(".")[:2]:
                raise ValueError(f"{name} was written by pokerhash {meta['pokerhash']}, this is {__version__};"
                                 " pass check_version=False to load it anyway")
            values = read_values(f, name, offset, shape, dtype, mmap, meta["crc32"] if verify else None)
        start, stop = meta["boards"]
        return cls(street, bins, values, (start, stop))


def _checked_metadata(meta: Any, name: str, np: Any) -> Dict[str, Any]:
    """A strength table's metadata with every field load() relies on; ValueError naming the problem."""
    if not isinstance(meta, dict) or meta.get("table") != KIND:
        raise ValueError(f"{name} is not a hand-strength table file")
    if meta.get("format") != FORMAT:
        raise ValueError(f"{name}: table format {meta.get('format')!r} is not {FORMAT}")
    street, bins, boards = meta.get("street"), meta.get("bins"), meta.get("boards")
    if street not in BOARD_CARDS:
        raise ValueError(f"{name}: damaged metadata: street {street!r}")
    if not isinstance(bins, int) or isinstance(bins, bool) or not 0 <= bins <= MAX_BINS:
        raise ValueError(f"{name}: damaged metadata: bins {bins!r}")
    if (not isinstance(boards, list) or len(boards) != 2 or
            not all(isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in boards)):
        raise ValueError(f"{name}: damaged metadata: boards {boards!r}")
    for field in ("pokerhash",):
        if not isinstance(meta.get(field), str):
            raise ValueError(f"{name}: damaged metadata: {field} {meta.get(field)!r}")
    crc = meta.get("crc32")
    if not isinstance(crc, int) or isinstance(crc, bool) or not 0 <= crc < 1 << 32:
        raise ValueError(f"{name}: damaged metadata: crc32 {crc!r}")
    return meta
