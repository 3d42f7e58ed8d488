"""CombinationTable: one slot per k-subset of range(n), addressed by the subset's rank (seed 000's binomial
coefficient table, on numpy), and value_table(k): seed 001's table of the value of every k-card hand.

Ranks and lookups run in C (`ph_combination_rank_batch`, `ph_combination_lookup`) with the GIL released;
building goes through pokerhash.parallel, so any executor fills a table. A saved table is a plain `.npy`
file (numpy.load reads it) followed by a metadata trailer with a CRC-32 of the values; CombinationTable.load
checks that metadata and the checksum, then memory-maps the values.
"""

from __future__ import annotations

import functools
import json
import math
import operator
import os
import platform
import re
import stat
import struct
import sys
import threading
import zlib
from types import ModuleType
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from ._backend import core
from ._buffers import numpy_or_none
from ._checks import check_output, integer, positive, shown_value
from .parallel import BLOCK_ROWS, _dask_backed, map_task, ranges, run, _threads_or_executor
from ._subsets import ORDER_NAMES, ORDERS, combination_rows, combination_span
from ._version import __version__

TRAILER_MAGIC = b"POKERHASH-TABLE1"  # the last 16 bytes of a saved table; 8 bytes before: metadata length
FORMAT = 1  # version of the metadata layout (the optional "crc32" field came later: older files lack it)
CHECKSUM_BLOCK = 1 << 24  # bytes per zlib.crc32 call (and per read when verifying): the GIL is released in each


def _numpy() -> ModuleType:
    np = numpy_or_none()
    if np is None:
        raise ImportError("combination tables need numpy: pip install numpy (or pokerhash[numpy])")
    return np


def _value_dtype(np: ModuleType, dtype: Any) -> Any:
    """dtype as a numpy dtype that a table can hold one item of per slot; ValueError naming the problem."""
    dtype = np.dtype(dtype)
    if dtype.itemsize == 0:
        # Nothing to store, and the C lookup counts the table's entries by dividing by the item size.
        raise ValueError(f"dtype {dtype} has zero-size items: a table needs values of at least one byte"
                         " (flexible types need a size: 'S8', 'U4', 'V16')")
    if dtype.subdtype is not None:
        # numpy spreads a sub-array dtype over a second axis, so values could not have shape (C(n, k),).
        base, shape = dtype.subdtype
        raise ValueError(f"dtype {dtype} is a sub-array dtype, which numpy turns into a second axis; use a"
                         f" structured dtype for several numbers per subset: [('v', '{base.str}', {shape})]")
    return dtype


class CombinationTable:
    """One value of `dtype` per k-subset of range(n), stored by the subset's rank in `order` (needs numpy).

    t[cards] reads or writes the slot of a subset (card text "As Kd 7h", ids, Cards, any order);
    t[i] and t[a:b] by rank; t.lookup(rows) for many subsets at once ((M, k) -> (M,), ranked in C with
    the GIL released); t.values is the numpy array itself (len C(n, k)). build() fills a table on any
    executor, save() / load() keep it in one file that a later process memory-maps.

    Args:
        n: the size of the set, 0..64 (52 for cards).
        k: the subset size, 0..n.
        dtype: the numpy dtype of the values.
        order: "colex" or "lex", the rank order of the slots.
        values: an existing numpy array of shape (C(n, k),) and that dtype to wrap (default: zeros).
        holds: a note of what the values are, kept in the saved file.

    Raises:
        ValueError: n, k or order out of range, a dtype of zero-size items or a sub-array dtype, or values of
            another shape or dtype.
        TypeError: n or k not integers.
        ImportError: numpy is not installed.

    Example:
        >>> import pokerhash as ph
        >>> t = ph.CombinationTable(52, 2, "float64")
        >>> t["As Ah"] = 0.85
        >>> float(t[[51, 50]]), t.rank("As Ah"), len(t)
        (0.85, 1325, 1326)
    """

    def __init__(self, n: int, k: int, dtype: Any = "uint16", order: str = "colex", *, values: Any = None,
                 holds: str = "") -> None:
        np = _numpy()
        _, total, code = combination_span(n, k, 0, None, order)
        n, k = operator.index(n), operator.index(k)
        self.n, self.k, self.order, self.holds = n, k, ORDER_NAMES[code], str(holds)
        self._order = code
        self.dtype = _value_dtype(np, dtype)
        if values is None:
            check_output(total, self.dtype.itemsize, f"a CombinationTable({n}, {k}) of {self.dtype}",
                         "build it in parts (CombinationTable.build / map_combinations over rank ranges) or"
                         " load a saved table with mmap=True")
            values = np.zeros(total, dtype=self.dtype)
        elif not isinstance(values, np.ndarray) or values.shape != (total,) or values.dtype != self.dtype:
            shape = getattr(values, "shape", None)
            kind = getattr(values, "dtype", type(values).__name__)
            raise ValueError(f"values must be a numpy array of shape ({total},) and dtype {self.dtype},"
                             f" got shape {shape} and {kind}")
        self.values = values

    # ---- addressing ----------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.values)

    def rank(self, cards: Any) -> int:
        """Rank of one subset in the table's order.

        Args:
            cards: card text, or a sequence of ids / Cards in any order.

        Returns:
            int: the rank, 0..C(n, k)-1: the subset's slot in `values`.
        """
        items = self._items(cards)
        if len(items) != self.k:
            raise ValueError(f"a subset of this table has {self.k} items, got {len(items)}")
        return core.rank_combination(items, self.n, self._order)

    def subset(self, rank: int) -> Tuple[int, ...]:
        """The subset at a rank: the inverse of rank().

        Args:
            rank: 0..C(n, k)-1.

        Returns:
            tuple of k ints, ascending.
        """
        return core.unrank_combination(rank, self.k, self.n, self._order)

    def _items(self, cards: Any) -> List[int]:
        if isinstance(cards, str):
            return core.parse_cards(cards)
        try:
            return [integer(c, "a subset's item") for c in cards]
        except TypeError:
            raise TypeError("a subset must be card text or a sequence of integer ids, got "
                            f"{type(cards).__name__}") from None

    def _where(self, key: Any) -> Union[int, slice]:
        """The index into values for t[key]: a rank, a slice, or the rank of a subset."""
        if isinstance(key, slice):
            return key
        if getattr(key, "ndim", 0) == 0 and not isinstance(key, (str, bool)) and hasattr(key, "__index__"):
            return self._slot(operator.index(key))
        if isinstance(key, str) or hasattr(type(key), "__iter__"):
            return self.rank(key)
        raise TypeError(f"a key of this table of {len(self.values)} slots is a rank, a slice, or a subset as card"
                        f" text or a sequence of integer ids; got {type(key).__name__}")

    def _slot(self, rank: int) -> int:
        """rank, checked against the table's size (negative ranks count from the end, as numpy's do): numpy's
        own errors for a rank past a C long name neither the rank nor the size."""
        size = len(self.values)
        if -size <= rank < size:
            return rank
        named = rank if rank.bit_length() <= 64 else ">= 2**64" if rank > 0 else "<= -2**64"
        raise IndexError(f"rank {named} outside this table of {size} slots (0..{size - 1}, or -{size}..-1 from"
                         f" the end)")

    def __getitem__(self, key: Any) -> Any:
        np = _numpy()
        if isinstance(key, np.ndarray) and key.ndim == 2:
            return self.lookup(key)
        return self.values[self._where(key)]

    def __setitem__(self, key: Any, value: Any) -> None:
        self.values[self._where(key)] = value

    # ---- many rows at once -----------------------------------------------------------------------------

    def _rows(self, rows: Any) -> Any:
        """rows as a C-contiguous (M, k) uint8 array, with items checked to fit in a byte."""
        np = _numpy()
        array = np.asarray(rows)
        if array.ndim == 1 and array.size == 0:
            array = array.reshape(0, self.k)
        if array.ndim != 2 or array.shape[1] != self.k:
            raise ValueError(f"rows must have shape (M, {self.k}), got {array.shape}")
        if array.size == 0:
            # No items to check: [] (and [[]] for k=0) come out of numpy as float64, yet are an empty batch.
            return np.zeros(array.shape, dtype=np.uint8)
        if array.dtype.kind not in "iu":
            raise ValueError(f"rows must hold integers, got dtype {array.dtype}")
        if array.dtype != np.uint8:
            outside = ((array < 0) | (array >= self.n)).any(axis=1)
            if outside.any():
                raise ValueError(f"row {int(np.argmax(outside))}: item outside 0..{self.n - 1}")
            array = array.astype(np.uint8)
        return np.ascontiguousarray(array)

    def ranks(self, rows: Any) -> Any:
        """Ranks of many subsets at once (computed in C, the GIL released).

        Args:
            rows: an (M, k) integer array (or nested lists) of subsets, items in any order.

        Returns:
            an (M,) uint64 numpy array.
        """
        np = _numpy()
        array = self._rows(rows)
        out = np.empty(len(array), dtype=np.uint64)
        if self.k:
            core.combination_ranks_into(array, self.n, self.k, self._order, out)
        else:
            out[:] = 0
        return out

    def lookup(self, rows: Any) -> Any:
        """Values of many subsets at once: rank and gather in one C pass, the GIL released.

        Args:
            rows: an (M, k) integer array (or nested lists) of subsets, items in any order.

        Returns:
            an (M,) numpy array of the table's dtype.
        """
        np = _numpy()
        array = self._rows(rows)
        out = np.empty(len(array), dtype=self.dtype)
        if not self.k:
            out[:] = self.values[0]
            return out
        if self.dtype.hasobject or not self.values.flags.c_contiguous:
            # The C pass copies raw bytes from one contiguous buffer: object references would skip their
            # reference counts, and a strided values array has no such buffer. numpy gathers these.
            return self.values[self.ranks(array)]
        core.combination_lookup_into(array, self.n, self.k, self._order, _raw(self.values), _raw(out))
        return out

    def rows(self, start: int = 0, stop: Optional[int] = None) -> Any:
        """The subsets with ranks start..stop-1, in table order.

        Args:
            start: the first rank.
            stop: one past the last (default C(n, k)).

        Returns:
            an (M, k) uint8 numpy array, items ascending in each row.
        """
        start, stop, _ = combination_span(self.n, self.k, start, stop, self.order)
        return combination_rows(self.n, self.k, start, stop, self._order)

    def chunks(self, size: int = 1 << 20) -> Iterator[Tuple[int, Any, Any]]:
        """Walks the table in consecutive rank ranges.

        Args:
            size: subsets per chunk.

        Returns:
            an iterator of (start, rows, values): the first rank, the (M, k) subsets and a view of their
            values (writes go to the table).
        """
        for start, stop in ranges(0, len(self.values), size):
            yield start, self.rows(start, stop), self.values[start:stop]

    def __repr__(self) -> str:
        what = f", holds={self.holds!r}" if self.holds else ""
        return f"CombinationTable(n={self.n}, k={self.k}, dtype={self.dtype}, order={self.order!r}{what})"

    # ---- building ----------------------------------------------------------------------------------------

    @classmethod
    def build(cls, n: int, k: int, func: Any, dtype: Any, *, order: str = "colex", executor: Any = None,
              chunk: Optional[int] = None, block: int = BLOCK_ROWS, progress: Any = None,
              holds: str = "") -> "CombinationTable":
        """A table whose slot for each subset is func(rows) for the rows of that subset.

        The rank range is cut into tasks of `chunk` subsets that run on `executor` (pokerhash.parallel.run)
        with progress; the table is the same for every executor and chunking.

        Args:
            n: the size of the set, 0..64.
            k: the subset size.
            func: func(rows) gets an (M, k) uint8 array of subsets (M <= block, consecutive ranks in
                `order`) and returns M values; for processes or a cluster it must be picklable.
            dtype: the values' numpy dtype.
            order: "colex" or "lex".
            executor: None for local threads, an int, any concurrent.futures.Executor or a dask
                distributed.Client.
            chunk: subsets per task (default: 16 blocks locally, 256 on a Dask cluster).
            block: rows per call of func.
            progress: a callable(done, total), False for none, or None for a tqdm bar on a terminal.
            holds: a note of what the values are.

        Returns:
            CombinationTable: the filled table.

        Raises:
            ValueError: func's values of another length ("func must return one value per row") or that do
                not fit dtype (integer dtypes take exact values only; float dtypes round, as numpy casts,
                and refuse only finite values that overflow); whatever func raises, as it is.

        Example:
            >>> import pokerhash as ph
            >>> t = ph.CombinationTable.build(52, 5, ph.evaluate_batch, "uint16")
            >>> int(t["As Ks Qs Js Ts"])
            1
        """
        table = cls(n, k, dtype, order, holds=holds)
        block, executor = positive(block, "block"), _threads_or_executor(executor)
        if chunk is None:
            chunk = block * (256 if _dask_backed(executor) else 16)
        spans = ranges(0, len(table.values), chunk)
        sizes = [b - a for a, b in spans]
        if executor is None or isinstance(executor, int):
            # Local threads share the table: each task writes its own slots, nothing is copied back; and
            # they share an Event that ends them between blocks once the job is over.
            cancelled = threading.Event()
            run(functools.partial(_fill_span, table, func, block, cancelled), spans, _count, 0,
                executor=executor, sizes=sizes, progress=progress, cancelled=cancelled)
        else:
            tasks = [(func, None, n, k, table._order, a, b, block, None) for a, b in spans]
            expected = iter(sizes)  # parts arrive in task order: each must fill exactly its span
            run(map_task, tasks, lambda position, part: table._place(position, part, next(expected)), 0,
                executor=executor, sizes=sizes, progress=progress)
        return table

    def _place(self, position: int, part: Any, expected: Optional[int] = None) -> int:
        """Writes func's values for the ranks from `position` on (build()'s merge); returns where they end."""
        np = _numpy()
        rows = f"{expected if expected is not None else 'the'} rows from rank {position}"
        try:
            values = np.asarray(part)
        except ValueError as error:  # ragged lists
            raise ValueError(f"func must return one value per row, got {error} for {rows}") from None
        # ndim before len(): None or a scalar comes back 0-d, which has no len().
        if (values.ndim != 1 or position + len(values) > len(self.values)
                or expected is not None and len(values) != expected):
            got = f"shape {values.shape}" if values.ndim else _shown(part)
            raise ValueError(f"func must return one value per row, got {got} for {rows}")
        if values.dtype != self.dtype:
            values = _converted(np, values, self.dtype)
            if values is None:
                raise ValueError(f"func returned values that do not fit {self.dtype} at rank {position}")
        end = position + len(values)
        self.values[position:end] = values
        return end

    # ---- files -------------------------------------------------------------------------------------------

    def metadata(self) -> Dict[str, Any]:
        """What save() writes beside the values (with "crc32", their checksum), and load() checks.

        Returns:
            dict: format, n, k, order, dtype, holds and the pokerhash version.
        """
        return {"format": FORMAT, "n": self.n, "k": self.k, "order": self.order, "dtype": self.dtype.str,
                "holds": self.holds, "pokerhash": __version__}

    def save(self, path: Any) -> None:
        """Writes the table to one file: a `.npy` of the values (numpy.load reads it), then the metadata with
        a CRC-32 of the value bytes (zlib.crc32, about 0.4 s per GB), which load() verifies.

        The file is written beside the target and renamed over it, so a reader never sees half a file and a
        table loaded from it, memory-mapped, keeps reading the old one. A file that exists keeps its
        permission bits (a 0600 table stays 0600); a symbolic link stays a link, its target is replaced.
        Temporary files (`<path>.<host>.<pid>.<thread>.tmp`) that a save killed midway left behind, by a
        process of this host that no longer runs, are removed first.

        Args:
            path: the file to write (replaced if it exists, as a whole).
        """
        np = _numpy()
        write_file(path, np.ascontiguousarray(self.values), self.metadata())

    @classmethod
    def load(cls, path: Any, mmap: bool = True, *, n: Optional[int] = None, k: Optional[int] = None,
             order: Optional[str] = None, dtype: Any = None, holds: Optional[str] = None,
             check_version: bool = True, verify: bool = True) -> "CombinationTable":
        """Opens a saved table, memory-mapped read-only by default, after checking the values' CRC-32.

        Verifying reads the whole file once (about 0.4 s per GB from the page cache, more from a cold disk:
        bench/bench_table_checksum.py); verify=False skips it, and a memory-mapped table then reads nothing
        until used. A file saved before checksums were written (no "crc32" in its metadata) loads as before,
        with nothing verified: save it again to add one.

        A memory-mapped table reads the file as it is on disk when a page is first touched. Another process
        that truncates the file (writing it in place, `open(path, "wb")`, `truncate`) pulls the pages from under
        it: the next read of a lost page kills this process with SIGBUS, which Python cannot catch. save()
        never does that (it renames a new file over the old one, and a mapped table keeps the old pages); where
        other tools may rewrite the file in place, load with mmap=False, which reads the values into memory.
        A file already shorter than its header says is refused here, by name.

        Args:
            path: a file written by save().
            mmap: True maps the values read-only; False reads them into memory.
            n, k, order, dtype, holds: what the caller expects; a file holding anything else is refused.
            check_version: False accepts a file of another pokerhash major.minor version.
            verify: False skips the checksum (and the read of the whole file it takes).

        Returns:
            CombinationTable: the table, its values a numpy.memmap (or array).

        Raises:
            ValueError: not a table file, a damaged or truncated one ("t.bin: damaged metadata: k must be an
                integer 0..n=52, got str '5'", "t.bin: the values do not match their checksum"), or metadata
                that disagrees with the data, an expectation or the version ("t.bin holds a table with k=7,
                expected 5").
        """
        np = _numpy()
        name = os.fspath(path)
        # The checks, the checksum and the values all come from the one file opened here, even if another
        # process renames a new file over its name meanwhile.
        with open(name, "rb") as f:
            meta, data_offset, shape, fortran, file_dtype = _read_file(f, name, np)
            total = math.comb(meta["n"], meta["k"])
            # The metadata keeps dtype.str, which a structured dtype shares with its plain void ('|V9'); the .npy
            # header holds the whole dtype, and the table takes that.
            if shape != (total,) or fortran or file_dtype.str != meta["dtype"]:
                raise ValueError(f"{name}: the values (shape {shape}, dtype {file_dtype}) do not match the metadata"
                                 f" (C({meta['n']},{meta['k']}) = {total} values of {np.dtype(meta['dtype'])})")
            expected = {"n": n, "k": k, "order": order, "holds": holds,
                        "dtype": None if dtype is None else np.dtype(dtype).str}
            for field, want in expected.items():
                if want is not None and meta[field] != want:
                    raise ValueError(f"{name} holds a table with {field}={meta[field]!r}, expected {want!r}")
            if dtype is not None and np.dtype(dtype) != file_dtype:  # fields of structured dtypes differ
                raise ValueError(f"{name} holds a table with dtype={file_dtype}, expected {np.dtype(dtype)}")
            if check_version and meta["pokerhash"].split(".")[:2] != __version__.split(".")[:2]:
                raise ValueError(f"{name} was written by pokerhash {meta['pokerhash']}, this is {__version__};"
                                 " pass check_version=False to load it anyway")
            expected_crc = meta.get("crc32") if verify else None
            values = read_values(f, name, data_offset, (total,), file_dtype, mmap, expected_crc)
        return cls(meta["n"], meta["k"], file_dtype, meta["order"], values=values, holds=meta["holds"])


def write_file(path: Any, values: Any, metadata: Dict[str, Any]) -> None:
    """Writes a C-contiguous values array as a table file (a .npy, then the metadata with a CRC-32 of the values
    and the trailer), beside the target and renamed over it: CombinationTable.save explains why."""
    np = _numpy()
    meta = json.dumps(dict(metadata, crc32=_crc32(_bytes_of(np, values))), sort_keys=True).encode()
    # Written beside the target, then renamed over it: truncating the file in place would pull the pages
    # from under any table mapped from it (this one, when saved back to where it was loaded from): SIGBUS.
    # The rename goes to where a link points, or it would put a regular file in the link's place.
    target = os.path.realpath(os.fspath(path))
    _remove_stale_temporaries(target)
    try:
        mode: Optional[int] = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None  # a new file: the umask decides, as for open()
    temporary = _temporary(target, os.getpid(), threading.get_ident())
    try:
        with _created(temporary, mode) as f:
            np.lib.format.write_array(f, values, allow_pickle=False)
            f.write(meta)
            f.write(struct.pack("<Q", len(meta)))
            f.write(TRAILER_MAGIC)
        os.replace(temporary, target)
    except BaseException:
        if os.path.lexists(temporary):
            os.remove(temporary)
        raise


def read_values(f: Any, name: str, data_offset: int, shape: Tuple[int, ...], dtype: Any, mmap: bool,
                expected_crc: Optional[int]) -> Any:
    """The values of an open table file (from _read_file's data offset), memory-mapped read-only or read into
    memory, after checking their CRC-32 when expected_crc is given; ValueError when they do not match."""
    np = _numpy()
    count = math.prod(shape) * dtype.itemsize
    if mmap:
        if expected_crc is not None:
            _check_crc(name, expected_crc, _read_crc(f, name, data_offset, count, None))
        return np.memmap(f, dtype=dtype, mode="r", offset=data_offset, shape=shape)
    values = np.empty(shape, dtype=dtype)
    crc = _read_crc(f, name, data_offset, count, _bytes_of(np, values), expected_crc is not None)
    if expected_crc is not None:
        _check_crc(name, expected_crc, crc)
    return values


def _read_file(f: Any, name: str, np: ModuleType,
               checked: Any = None) -> Tuple[Dict[str, Any], int, Tuple[int, ...], bool, Any]:
    """(metadata, data offset, shape, fortran_order, dtype) of a saved table, its metadata passed through
    checked(meta, name, np) (default: a CombinationTable's checks); ValueError when it is not one."""
    size = os.fstat(f.fileno()).st_size
    tail = len(TRAILER_MAGIC) + 8
    if size < tail:
        raise ValueError(f"{name} is not a pokerhash table file (too short)")
    f.seek(size - tail)
    length_bytes = f.read(8)
    if f.read(len(TRAILER_MAGIC)) != TRAILER_MAGIC:
        _refuse_if_truncated(f, name, size, np)
        raise ValueError(f"{name} is not a pokerhash table file (no metadata trailer)")
    (length,) = struct.unpack("<Q", length_bytes)
    if length > size - tail:
        raise ValueError(f"{name}: damaged metadata trailer")
    f.seek(size - tail - length)
    try:
        meta = json.loads(f.read(length))
    except (ValueError, RecursionError):  # RecursionError: brackets nested thousands deep
        raise ValueError(f"{name}: damaged metadata trailer") from None
    meta = (checked or _checked_metadata)(meta, name, np)
    try:
        shape, fortran, dtype = _npy_header(f, np)
    except ValueError as error:
        raise ValueError(f"{name}: not a valid .npy header ({error})") from None
    if dtype.hasobject:
        # numpy would map the file's bytes as object pointers: reading one dereferences whatever they hold.
        raise ValueError(f"{name}: the values are Python objects (dtype {dtype}), which no table file holds")
    try:
        _value_dtype(np, dtype)
    except ValueError as error:
        raise ValueError(f"{name}: the values' {error}") from None
    offset = f.tell()
    if offset + math.prod(shape) * dtype.itemsize + length + tail != size:
        raise ValueError(f"{name}: file size {size} does not match its header (truncated or damaged)")
    return meta, offset, tuple(shape), fortran, dtype


def _npy_header(f: Any, np: ModuleType) -> Tuple[Tuple[int, ...], bool, Any]:
    """(shape, fortran_order, dtype) of the .npy header at the start of f, which is left at the data."""
    f.seek(0)
    version = np.lib.format.read_magic(f)
    if version == (1, 0):
        return np.lib.format.read_array_header_1_0(f)  # type: ignore[no-any-return]
    return np.lib.format.read_array_header_2_0(f)  # type: ignore[no-any-return]


def _refuse_if_truncated(f: Any, name: str, size: int, np: ModuleType) -> None:
    """ValueError when f starts with a .npy header whose values run past the end of the file: a table cut
    short (by another process, or a copy that did not finish) has lost its trailer, so says nothing else."""
    try:
        shape, _, dtype = _npy_header(f, np)
    except (ValueError, EOFError, SyntaxError, TypeError):
        return  # not even a .npy header: not a table file at all
    end = f.tell() + math.prod(shape) * dtype.itemsize
    if end > size:
        raise ValueError(f"{name}: truncated: the file has {size} bytes, its header says the values alone take"
                         f" {end} (cut short by another process, or a copy that did not finish)")


def _bytes_of(np: ModuleType, values: Any) -> Any:
    """A C-contiguous values array as a flat uint8 view of its bytes (any dtype, structured ones included)."""
    return values.reshape(-1).view(np.uint8)


def _crc32(data: Any) -> int:
    crc = 0
    for start in range(0, len(data), CHECKSUM_BLOCK):
        crc = zlib.crc32(data[start:start + CHECKSUM_BLOCK], crc)
    return crc


def _read_crc(f: Any, name: str, offset: int, count: int, into: Any, checksum: bool = True) -> int:
    """Reads count bytes of f from offset, block by block, into the uint8 array `into` (or a scratch buffer
    when None), and returns their CRC-32 (0 when checksum is False); ValueError when the file ends early."""
    f.seek(offset)
    scratch = memoryview(bytearray(min(count, CHECKSUM_BLOCK))) if into is None else None
    crc = 0
    for start in range(0, count, CHECKSUM_BLOCK):
        size = min(CHECKSUM_BLOCK, count - start)
        block = scratch[:size] if scratch is not None else into[start:start + size]
        read = f.readinto(block)
        if read != size:
            raise ValueError(f"{name}: truncated while being read: {offset + start + (read or 0)} bytes where"
                             f" its header says {offset + count} (another process cut the file short)")
        if checksum:
            crc = zlib.crc32(block, crc)
    return crc


def _check_crc(name: str, expected: int, crc: int) -> None:
    if crc != expected:
        raise ValueError(f"{name}: the values do not match their checksum (CRC-32 {crc:08x}, the metadata says"
                         f" {expected:08x}): the file is damaged; save the table again (verify=False loads it"
                         " as it is)")


def _host_tag() -> str:
    """This host's name as it goes into a temporary file name: another host's pids say nothing here."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", platform.node()) or "host"


def _temporary(target: str, pid: int, thread: int) -> str:
    """The temporary file a save() by (pid, thread) on this host writes before renaming it over target."""
    return f"{target}.{_host_tag()}.{pid}.{thread}.tmp"


def _alive(pid: int) -> bool:
    """False only when no process `pid` runs on this host (signal 0 checks without sending anything)."""
    if os.name != "posix" or sys.platform == "emscripten":
        return True  # no such check here (Windows' os.kill would end the process): keep the file
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it runs, as another user
        return True
    return True


def _remove_stale_temporaries(target: str) -> None:
    """Removes the temporaries of saves to target by processes of this host that no longer run (killed midway,
    up to a whole table's size each); best effort: a file that cannot be listed or removed stays."""
    folder, base = os.path.split(target)
    pattern = re.compile(re.escape(f"{base}.{_host_tag()}.") + r"(\d+)\.\d+\.tmp")
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for entry in names:
        match = pattern.fullmatch(entry)
        if match and not _alive(int(match.group(1))):
            try:
                os.remove(os.path.join(folder, entry))
            except OSError:
                pass


def _created(path: str, mode: Optional[int]) -> Any:
    """path opened for binary writing as a new file (never through a file or link already there), with the
    permission bits `mode` when given; a leftover of this very thread (an earlier process had this pid) goes."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags, 0o666)
    except FileExistsError:
        os.remove(path)
        descriptor = os.open(path, flags, 0o666)
    try:
        if mode is not None:
            if hasattr(os, "fchmod"):
                os.fchmod(descriptor, mode)
            else:
                os.chmod(path, mode)
        return os.fdopen(descriptor, "wb")
    except BaseException:
        os.close(descriptor)
        raise


def _converted(np: ModuleType, values: Any, dtype: Any) -> Any:
    """values as dtype, or None when some do not fit: integers (and all other kinds) must convert exactly,
    floats round as numpy casts them, keeping NaN and infinities but refusing finite values that overflow."""
    source, target = values.dtype.kind, dtype.kind
    if source == "c" and target in "biuf":
        if (values.imag != 0).any():
            return None
        values = values.real  # nothing lost, and no ComplexWarning from astype
        source = values.dtype.kind
    try:
        with np.errstate(all="ignore"):  # overflow and NaN casts are judged below, not warned about
            converted = values.astype(dtype)
    except (TypeError, ValueError):  # text that is no number, for one
        return None
    if target in "fc" and source in "biufc":
        fits = bool(np.all(np.isfinite(converted) | ~np.isfinite(values)))
    else:
        fits = np.array_equal(converted, values)
    return converted if fits else None


METADATA_FIELDS = ("format", "n", "k", "order", "dtype", "holds", "pokerhash")


def _checked_metadata(meta: Any, name: str, np: ModuleType) -> Dict[str, Any]:
    """meta with every field of the type and range load() relies on; ValueError "<name>: damaged metadata:
    <field> ..." otherwise, so a hand-edited or corrupted trailer never reaches the code that trusts it."""
    def damaged(problem: str) -> ValueError:
        return ValueError(f"{name}: damaged metadata: {problem}")

    if not isinstance(meta, dict):
        raise damaged(f"a JSON object expected, got {_shown(meta)}")
    written = meta.get("pokerhash")
    if _is_int(meta.get("format")) and meta["format"] != FORMAT:
        # Checked first: another format may have other fields.
        raise ValueError(f"{name}: table format {meta['format']} is not {FORMAT} (written by pokerhash"
                         f" {written if isinstance(written, str) else '(unknown)'}, this is {__version__})")
    missing = [field for field in METADATA_FIELDS if field not in meta]
    if missing:
        raise damaged(f"lacks {missing}")
    if not _is_int(meta["format"]):
        raise damaged(f"format must be the integer {FORMAT}, got {_shown(meta['format'])}")
    n, k = meta["n"], meta["k"]
    if not _is_int(n) or not 0 <= n <= 64:
        raise damaged(f"n must be an integer 0..64, got {_shown(n)}")
    if not _is_int(k) or not 0 <= k <= n:
        raise damaged(f"k must be an integer 0..n={n}, got {_shown(k)}")
    for field in ("order", "dtype", "holds", "pokerhash"):
        if not isinstance(meta[field], str):
            raise damaged(f"{field} must be a string, got {_shown(meta[field])}")
    if meta["order"] not in ORDERS:
        raise damaged(f"order must be 'colex' or 'lex', got {_shown(meta['order'])}")
    try:
        dtype = np.dtype(meta["dtype"])
    except (TypeError, ValueError, SyntaxError):  # SyntaxError: numpy parses "," as a field list
        raise damaged(f"dtype must name a numpy dtype, got {_shown(meta['dtype'])}") from None
    if dtype.hasobject:
        raise damaged(f"dtype {dtype} holds Python objects, which no table file holds")
    try:
        _value_dtype(np, dtype)
    except ValueError as error:
        raise damaged(str(error)) from None
    if "crc32" in meta and (not _is_int(meta["crc32"]) or not 0 <= meta["crc32"] < 1 << 32):
        raise damaged(f"crc32 must be an integer 0..2**32-1, got {_shown(meta['crc32'])}")
    return dict(meta, dtype=dtype.str)  # save() writes dtype.str; a hand-written "uint32" compares the same


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON true is no count


def _shown(value: Any) -> str:
    """A field's bad value for a message, its type named and long text cut short."""
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def _fill_span(table: CombinationTable, func: Any, block: int, cancelled: threading.Event,
               span: Tuple[int, int]) -> int:
    """Local worker of build(): func's values for one rank range, written straight into the table."""
    first, end = span
    for a in range(first, end, block):
        if cancelled.is_set():
            return 0  # the build failed or was interrupted: stop between blocks
        b = min(a + block, end)
        table._place(a, func(combination_rows(table.n, table.k, a, b, table._order)), b - a)
    return end - first


def _count(total: int, part: int) -> int:
    return total + part


def _raw(values: Any) -> Any:
    """values viewed as unsigned integers (or raw bytes) of the same item size: a plain buffer format."""
    size = values.dtype.itemsize
    return values.view(f"u{size}" if size in (1, 2, 4, 8) else f"V{size}")


def value_table(k: int = 7, order: str = "colex", *, executor: Any = None, progress: Any = None) -> CombinationTable:
    """The value (1..7462) of every k-card hand as a uint16 CombinationTable indexed by rank.

    value_table(7, order="lex") is seed 001's table: 133,784,560 values (267 MB) in lexicographic rank
    order, so an analysis can look hands up instead of evaluating them. Save it once (t.save) and load it
    memory-mapped in later runs.

    Args:
        k: cards per hand, 5 to 9.
        order: "colex" or "lex".
        executor: where the build runs: None for local threads, an int, any concurrent.futures.Executor
            or a dask distributed.Client.
        progress: a callable(done, total), False for none, or None for a tqdm bar on a terminal.

    Returns:
        CombinationTable: n=52, k, uint16 values, holds="hand values".

    Raises:
        ValueError: k outside 5..9 or an unknown order.
        ImportError: numpy is not installed.

    Example:
        >>> import pokerhash as ph
        >>> t = ph.value_table(5)
        >>> int(t["As Ks Qs Js Ts"]), t.lookup([[51, 47, 43, 39, 35], [0, 7, 10, 13, 20]]).tolist()
        (1, [1, 7462])
    """
    k = integer(k, "k")
    if not 5 <= k <= 9:
        raise ValueError(f"k must be 5 to 9, got {shown_value(k)}")
    table = CombinationTable(52, k, "uint16", order, holds="hand values")
    executor = _threads_or_executor(executor)
    # Not build(evaluate_batch): the C walk steps from hand to hand (one key addition and a lookup each)
    # instead of writing rows and evaluating them from scratch, several times faster.
    spans = ranges(0, len(table.values), VALUE_SPAN * (16 if _dask_backed(executor) else 1))
    sizes = [b - a for a, b in spans]
    if executor is None or isinstance(executor, int):
        cancelled = threading.Event()
        run(functools.partial(_fill_hand_values, table, cancelled), spans, _count, 0, executor=executor,
            sizes=sizes, progress=progress, cancelled=cancelled)
    else:
        expected = iter(sizes)
        run(functools.partial(_hand_values, k, table._order), spans,
            lambda position, part: table._place(position, part, next(expected)), 0, executor=executor,
            sizes=sizes, progress=progress)
    return table


VALUE_SPAN = 1 << 22  # hands per task of value_table (tens of ms of C); Dask tasks take 16 of them
VALUE_BLOCK = 1 << 20  # hands per C call: Ctrl-C and a failed job end a task between two calls


def _fill_hand_values(table: CombinationTable, cancelled: threading.Event, span: Tuple[int, int]) -> int:
    """Local worker of value_table(): one rank range written straight into the shared table."""
    first, end = span
    for a in range(first, end, VALUE_BLOCK):
        if cancelled.is_set():
            return 0
        b = min(a + VALUE_BLOCK, end)
        core.values_by_rank_into(table.k, table._order, a, b - a, table.values[a:b])
    return end - first


def _hand_values(k: int, order_code: int, span: Tuple[int, int]) -> Any:
    """Worker of value_table() on processes or a cluster: the values of one rank range, sent back."""
    np = _numpy()
    first, end = span
    values = np.empty(end - first, np.uint16)
    for a in range(first, end, VALUE_BLOCK):
        b = min(a + VALUE_BLOCK, end)
        core.values_by_rank_into(k, order_code, a, b - a, values[a - first:b - first])
    return values
