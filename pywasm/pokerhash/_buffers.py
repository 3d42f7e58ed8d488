"""Output arrays: numpy when the caller uses numpy, array.array otherwise (numpy stays optional)."""

from __future__ import annotations

import sys
from array import array


def numpy_if_loaded():
    """numpy, if the program already imported it; never imports it by itself."""
    return sys.modules.get("numpy")


def numpy_or_none():
    """numpy if installed (for results with no input array to follow), else None."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def is_numpy_array(obj) -> bool:
    np = numpy_if_loaded()
    return np is not None and isinstance(obj, np.ndarray)


def zeros(typecode: str, count: int, use_numpy) -> object:
    """A zeroed 1-D array of `count` items: numpy if use_numpy (the module) is given."""
    if use_numpy is not None:
        dtype = {"B": use_numpy.uint8, "H": use_numpy.uint16, "Q": use_numpy.uint64}[typecode]
        return use_numpy.zeros(count, dtype=dtype)
    return array(typecode, bytes(count * array(typecode).itemsize))
