"""Deterministic C source output for the generated tables."""

from __future__ import annotations

from typing import Iterable, List, Sequence

COMMAND = "./build.sh tables"  # = PYTHONPATH=pywasm .venv/bin/python -m tablegen (the generator needs numpy)


def banner(what: str) -> str:
    return (
        f"/* GENERATED FILE, do not edit. {what}\n"
        f" * Made by `{COMMAND}` from the repository root (see pywasm/tablegen/). */\n"
    )


def c_array(ctype: str, name: str, values: Sequence[int], comment: str, per_line: int = 16,
            shape: Sequence[int] = (), optional_tail=None, align: int = 0) -> str:
    """One `const` array definition; `shape` makes it multi-dimensional (row-major `values`).

    optional_tail = (start, macro, size_macro): values from `start` on are compiled only when `macro` is
    non-zero, and the array is declared with `size_macro` elements. `align`: the array's alignment in bytes
    (for aligned vector loads of its rows)."""
    shape = tuple(shape) or (len(values),)
    dims = "".join(f"[{d}]" for d in shape)
    if optional_tail:
        start, macro, size_macro = optional_tail
        head = _braced(ctype, list(values[:start]), (start,), per_line, "    ")[:-1]
        tail = _braced(ctype, list(values[start:]), (len(values) - start,), per_line, "    ")[2:-1]
        body = f"{head}#if {macro}\n{tail}#endif\n}}"
        dims = f"[{size_macro}]"
    else:
        body = _braced(ctype, list(values), shape, per_line, "    ")
    aligned = f"_Alignas({align}) " if align else ""
    return f"/* {comment} */\n{aligned}const {ctype} {name}{dims} = {body};\n"


def _braced(ctype: str, values: List[int], shape: Sequence[int], per_line: int, indent: str) -> str:
    if len(shape) == 1:
        lines = [indent + ", ".join(_literal(ctype, v) for v in values[i:i + per_line]) + ","
                 for i in range(0, len(values), per_line)]
        return "{\n" + "\n".join(lines) + "\n" + indent[4:] + "}"
    step = len(values) // shape[0]
    if len(shape) == 2 and step <= per_line:  # innermost rows that fit a line stay on one
        parts = ["{" + ", ".join(_literal(ctype, v) for v in values[i * step:(i + 1) * step]) + "}"
                 for i in range(shape[0])]
    else:
        parts = [_braced(ctype, values[i * step:(i + 1) * step], shape[1:], per_line, indent + "    ")
                 for i in range(shape[0])]
    return "{\n" + "".join(indent + p + ",\n" for p in parts) + indent[4:] + "}"


def _literal(ctype: str, value: int) -> str:
    if ctype == "uint64_t":
        return f"UINT64_C(0x{value:016x})"
    return str(value)


def source(what: str, arrays: Iterable[str]) -> str:
    return banner(what) + '#include "tables.h"\n\n' + "\n".join(arrays)
