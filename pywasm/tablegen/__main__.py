"""Write every generated C table: `./build.sh tables`, i.e. `PYTHONPATH=pywasm .venv/bin/python -m tablegen [--out DIR]`
(from the repository root; the rank-hash packing needs numpy)."""

from __future__ import annotations

import argparse
import pathlib
import sys

from . import game_tables, tables


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tablegen", description=__doc__)
    root = pathlib.Path(__file__).resolve().parents[2]
    parser.add_argument("--out", type=pathlib.Path, default=root / "core_c" / "tables",
                        help="directory for the generated .c files (default: core_c/tables)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for filename, text, sizes in tables.all_sources() + game_tables.all_sources():
        (args.out / filename).write_text(text)
        detail = ", ".join(f"{name} {size:,} B" for name, size in sizes)
        print(f"{filename}: {detail}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
