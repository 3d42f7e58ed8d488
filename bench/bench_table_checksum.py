"""The cost of a saved table's CRC-32 (docs/scale.md): save() computes it, load() verifies it by reading the
whole file, unless verify=False.

    .venv/bin/python bench/bench_table_checksum.py          # value_table(7): 267 MB; --k 6 for 40 MB

Each figure is the best of `--repeat` runs, in seconds and in seconds per GB of values. The file is read from
the page cache (it was just written, and dropping the cache needs root): from a cold disk, verifying costs what
reading the file costs there, which a memory-mapped load without verify=False would otherwise defer.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from typing import Any, Callable

import pokerhash as ph
from pokerhash import _table


def best(repeat: int, job: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, default=7, help="value_table(k): 7 is 267 MB, 6 is 40 MB")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    table = ph.value_table(args.k, progress=False)
    gigabytes = table.values.nbytes / 1e9
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "values.npy")
        table.save(path)
        rows = [
            ("CRC-32 of the values in memory (zlib.crc32)",
             lambda: _table._crc32(_table._bytes_of(_table._numpy(), table.values))),
            ("save() (the CRC, then the write)", lambda: table.save(path)),
            ("load(), memory-mapped, verify=False", lambda: ph.CombinationTable.load(path, verify=False)),
            ("load(), memory-mapped, verified", lambda: ph.CombinationTable.load(path)),
            ("load(mmap=False), verify=False", lambda: ph.CombinationTable.load(path, mmap=False, verify=False)),
            ("load(mmap=False), verified", lambda: ph.CombinationTable.load(path, mmap=False)),
        ]
        print(f"value_table({args.k}): {table.values.nbytes:,} bytes of values, best of {args.repeat}")
        for what, job in rows:
            seconds = best(args.repeat, job)
            print(f"{what:<48}{seconds:8.3f} s {seconds / gigabytes:8.3f} s/GB", flush=True)


if __name__ == "__main__":
    main()
