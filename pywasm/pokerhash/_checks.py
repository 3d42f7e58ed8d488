"""Argument rules the public Python API shares: what counts as an integer, and how big an output may be.

Integers: an int or anything else with __index__ (numpy integer scalars, 0-d integer arrays), as
Python's own APIs take them; never a bool (True is not a count, a start or a seed) and never a float.

Echoed text: a message quotes the user's text through shown(), cut to SHOWN_CHARACTERS characters with
its length, so a 10 MB bad text gives a short message (the C core's rule, ph_quote_text, which the native
binding and the range parser use; web/src/common.mjs echo() is the JS twin).

Outputs: a call that allocates an array proportional to a count the caller chose (combinations,
combination_masks, CombinationTable, value_table) refuses up front, naming the size, one larger than
MAX_OUTPUT_BYTES, instead of asking for memory that the OOM killer would then reclaim.
"""

from __future__ import annotations

import operator
import os
import sys
from typing import Any, Callable, Optional


def is_bool(value: Any) -> bool:
    """A bool or numpy's bool (named "bool" since numpy 2)."""
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool")


def as_int(value: Any) -> Optional[int]:
    """The int `value` stands for (int, numpy integer, any __index__), or None for a bool or a non-integer."""
    if is_bool(value):
        return None
    if isinstance(value, int):
        return int(value)
    if isinstance(value, (str, bytes)) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)
    except TypeError:  # a numpy array of several items has __index__ but is no integer
        return None


def integer(value: Any, name: str) -> int:
    """`value` as an int; TypeError naming `name` for a bool or a non-integer."""
    number = as_int(value)
    if number is None:
        kind = "a bool" if is_bool(value) else type(value).__name__
        raise TypeError(f"{name} must be an integer, got {kind} {shown_value(value)}")
    return number


def is_card_id(item: Any) -> bool:
    """An int, or anything else with __index__ (numpy integers) that has no length (a numpy array has
    __index__ too, but holds cards): is_card_id in _core.c; both backends' rule."""
    kind = type(item)
    if isinstance(item, bool):  # True is an int, but never a card, a count or a value
        return False
    return isinstance(item, int) or (not isinstance(item, str) and hasattr(kind, "__index__")
                                     and not hasattr(kind, "__len__"))


def is_card_sequence(arg: Any) -> bool:
    """One argument that holds the cards: a list, tuple or other sequence that is not text, bytes or a
    dict (is_card_sequence in _core.c); both backends' rule, and what equity takes as a hand."""
    kind = type(arg)
    return isinstance(arg, (list, tuple)) or (
        not is_card_id(arg) and not isinstance(arg, (str, bytes, bytearray, dict))
        and hasattr(kind, "__len__") and hasattr(kind, "__getitem__"))


def optional_bool(value: Any, name: str) -> Optional[bool]:
    """`value` as True, False or None; TypeError naming `name` otherwise (0 or "no" would read as a choice)."""
    if value is None or is_bool(value):
        return None if value is None else bool(value)
    raise TypeError(f"{name} must be True, False or None, got {shown_value(value)}")


def flag(value: Any, name: str) -> bool:
    """`value` as True or False; TypeError naming `name` otherwise ("no" is true to Python, 1 is no bool)."""
    if is_bool(value):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {shown_value(value)}")


def positive(value: Any, name: str) -> int:
    """`value` as an int of at least 1 (a count, a size, a thread number); ValueError naming `name` otherwise."""
    number = as_int(value)
    if number is None or number < 1:
        raise ValueError(f"{name} must be a positive integer, got {shown_value(value)}")
    return number


#: Characters of user text a message quotes; past this it shows the start, "…" and the text's length.
SHOWN_CHARACTERS = 40


def _visible(character: str) -> str:
    # A control character would be invisible (or end a C string); the C parser shows bytes the same way.
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x20 or code == 0x7F else character


def shown(text: str) -> str:
    """`text` quoted for a message: 'AKx', or its first SHOWN_CHARACTERS characters with … and the length."""
    head = "".join(map(_visible, text[:SHOWN_CHARACTERS]))
    if len(text) <= SHOWN_CHARACTERS:
        return f"'{head}'"
    return f"'{head}…' ({len(text):,} characters)"


def shown_value(value: Any, text: Callable[[Any], str] = repr) -> str:
    """A value for a message, as `text` (repr or str) writes it, cut as shown() cuts text but unquoted
    ("9999… (5,000 characters)"); an int too long for str() (Python's limit on digits) by its size, so a
    huge argument never turns our message into the digit-limit error or a huge message."""
    if isinstance(value, str) and text is repr:
        return shown(value)
    try:
        written = text(value)
    except ValueError:  # the digit limit, also inside a container: [10**5000]
        return f"an integer of {value.bit_length():,} bits" if isinstance(value, int) else f"a {type(value).__name__}"
    if len(written) <= SHOWN_CHARACTERS:
        return "".join(map(_visible, written))
    return f"{''.join(map(_visible, written[:SHOWN_CHARACTERS]))}… ({len(written):,} characters)"


def _memory_bytes() -> Optional[int]:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


#: The largest output one call allocates: half the machine's memory (4 GiB where it is unknown, 1 GiB
#: under Pyodide, whose 32-bit heap holds at most 4 GiB in all). Bigger requests are refused up front.
MAX_OUTPUT_BYTES = (1 << 30) if sys.platform == "emscripten" else (_memory_bytes() or 1 << 33) // 2


def _size(nbytes: int) -> str:
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= size:
            return f"{nbytes / size:.3g} {unit}"
    return f"{nbytes} bytes"


def check_output(rows: int, row_bytes: int, what: str, alternative: str) -> None:
    """ValueError, naming the size and `alternative`, when rows * row_bytes exceeds MAX_OUTPUT_BYTES."""
    nbytes = rows * row_bytes
    if nbytes > MAX_OUTPUT_BYTES:
        raise ValueError(f"{what} would be {rows:,} rows of {row_bytes} bytes ({_size(nbytes)}), more than the"
                         f" {_size(MAX_OUTPUT_BYTES)} one call may allocate (half this machine's memory); "
                         f"{alternative}")
