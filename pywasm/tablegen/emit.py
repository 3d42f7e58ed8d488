"""Deterministic C source output for the generated tables."""

from __future__ import annotations

from typing import Iterable, List, Sequence, Tuple

DERIVED_MACRO = "PH_DERIVED_TABLES"  # core_c/src/common/tables.h
COMMAND = "./build.sh tables"  # = PYTHONPATH=pywasm .venv/bin/python -m tablegen (the generator needs numpy)


def banner(what: str) -> str:
    return (
        f"/* GENERATED FILE, do not edit. {what}\n"
        f" * Made by `{COMMAND}` from the repository root (see pywasm/tablegen/). */\n"
    )


def c_array(ctype: str, name: str, values: Sequence[int], comment: str, per_line: int = 16,
            shape: Sequence[int] = (), optional_tail=None, align: int = 0, derived: bool = False) -> str:
    """One `const` array definition; `shape` makes it multi-dimensional (row-major `values`).

    optional_tail = (start, macro, size_macro): values from `start` on are compiled only when `macro` is
    non-zero, and the array is declared with `size_macro` elements. `align`: the array's alignment in bytes
    (for aligned vector loads of its rows). `derived`: a build with DERIVED_MACRO non-zero gets the array
    without its values, writable, for the core to fill in at load (the wasm builds' download)."""
    if derived:
        shape = tuple(shape) or (len(values),)
        dims = "".join(f"[{d}]" for d in shape)
        return (f"#if {DERIVED_MACRO}\n/* {comment}: filled in at load */\n{ctype} {name}{dims};\n#else\n"
                + c_array(ctype, name, values, comment, per_line, shape, optional_tail, align) + "#endif\n")
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


def rank_hash_array(name: str, flat: Sequence[int], blocks: Sequence[Tuple[str, int, int, int]], comment: str) -> str:
    """The rank-hash array: per block (layout macro of its row bases, rows start, values start, end) the row
    bases at their designated index, then the values, which a build with `derived_macro` non-zero leaves out
    (it derives them at load into the array, declared `const_macro`, that is writable there). A block after
    the first two is compiled only under PH_SIX_CARD_TABLE (as optional_tail of c_array does)."""
    lines = [f"/* {comment} */", f"PH_DERIVED_CONST uint16_t {name}[PH_QUINARY_ENTRIES] = {{"]
    for i, (rows_macro, rows, values, end) in enumerate(blocks):
        if i == 2:
            lines.append("#if PH_SIX_CARD_TABLE")
        lines.append(f"    [{rows_macro}] =")
        lines += _braced("uint16_t", list(flat[rows:values]), (values - rows,), 16, "    ").split("\n")[1:-1]
        lines.append(f"#if !{DERIVED_MACRO}")
        lines += _braced("uint16_t", list(flat[values:end]), (end - values,), 16, "    ").split("\n")[1:-1]
        lines.append("#endif")
        if i == 2:
            lines.append("#endif")
    lines.append("};")
    return "\n".join(lines) + "\n"


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
