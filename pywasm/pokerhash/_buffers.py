"""Output arrays: numpy when the caller uses numpy, array.array otherwise (numpy stays optional)."""

from __future__ import annotations

import sys
from array import array
from types import ModuleType
from typing import Any, Iterator, List, Optional, Tuple


def numpy_if_loaded() -> Optional[ModuleType]:
    """numpy, if the program already imported it; never imports it by itself."""
    return sys.modules.get("numpy")


# [numpy or None] once probed: a failed import searches the whole path every time. Only a definite answer
# is kept: numpy imported, or numpy itself not installed (ModuleNotFoundError naming "numpy").
_NUMPY_PROBE: List[Optional[ModuleType]] = []


def numpy_or_none() -> Optional[ModuleType]:
    """numpy if installed (for results with no input array to follow), else None.

    Raises:
        MemoryError, ImportError, ...: numpy is installed but its import failed (out of memory, as under a
            low `ulimit -v` in a pool thread, or a broken install). Not cached: the next call tries again,
            so one failed import never turns the rest of the process's results into array.array.
    """
    if not _NUMPY_PROBE:
        try:
            import numpy
        except ModuleNotFoundError as error:
            if error.name != "numpy":  # a module numpy needs is missing: a broken install, not "no numpy"
                raise
            _NUMPY_PROBE.append(None)
        else:
            _NUMPY_PROBE.append(numpy)
    return _NUMPY_PROBE[0]


def is_numpy_array(obj: Any) -> bool:
    np = numpy_if_loaded()
    return np is not None and isinstance(obj, np.ndarray)


def zeros(typecode: str, count: int, use_numpy: Optional[ModuleType]) -> Any:
    """A zeroed 1-D array of `count` items: numpy if use_numpy (the module) is given."""
    if use_numpy is not None:
        dtype = {"B": use_numpy.uint8, "H": use_numpy.uint16, "Q": use_numpy.uint64}[typecode]
        return use_numpy.zeros(count, dtype=dtype)
    return array(typecode, bytes(count * array(typecode).itemsize))


class Rows:
    """Rows of k small ints over one flat uint8 buffer: what combinations() returns without numpy.

    A 2-D memoryview cannot index rows or hold zero rows, so this keeps the flat buffer and answers the
    few things callers do with rows: len, indexing, iteration, tolist(), tobytes(), shape. evaluate_batch
    reads it in place.

    Args:
        flat: a uint8 buffer of rows * k ids, row after row.
        k: ids per row.

    Raises:
        IndexError: a row index outside the rows.

    Example:
        >>> from array import array
        >>> from pokerhash import Rows
        >>> rows = Rows(array("B", [51, 47, 43, 39, 35, 0, 4, 8, 12, 17]), 5)
        >>> rows.shape, rows[1], rows.tolist()[0]
        ((2, 5), (0, 4, 8, 12, 17), [51, 47, 43, 39, 35])
    """

    __slots__ = ("_flat", "_k", "shape")

    def __init__(self, flat: Any, k: int) -> None:
        self._flat, self._k = flat, k
        self.shape = (len(flat) // k if k else 1, k)

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, index: int) -> Tuple[int, ...]:
        rows = self.shape[0]
        if not -rows <= index < rows:
            raise IndexError("row index out of range")
        start = (index % rows) * self._k
        return tuple(self._flat[start:start + self._k])

    def __iter__(self) -> Iterator[Tuple[int, ...]]:
        return (self[i] for i in range(len(self)))

    def tolist(self) -> List[List[int]]:
        """The rows as lists of ints.

        Returns:
            list of lists, one per row.
        """
        return [list(row) for row in self]

    def tobytes(self) -> bytes:
        """The flat buffer's bytes, row after row.

        Returns:
            bytes of rows * k ids.
        """
        return bytes(self._flat)

    @property
    def flat(self) -> Any:
        """The rows as one flat uint8 buffer (row after row)."""
        return self._flat

    def __repr__(self) -> str:
        return f"Rows(shape={self.shape})"
