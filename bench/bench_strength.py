"""Time and memory of the hand-strength tables, street by street (docs/analysis.md, "Hand-strength tables").

    .venv/bin/python bench/bench_strength.py                     # all four streets, one thread per CPU
    .venv/bin/python bench/bench_strength.py --streets flop --threads 2 --save /tmp/tables

Each street runs in a child process of its own, so its peak memory (ru_maxrss of the child) is its own; the
time is the wall time of strength_table() in the child, cpu the CPU seconds of the whole child (all its
threads, the import included), the table's bytes those of its values. The load average at the start and end
is printed too: on a shared machine the wall times inflate with it, the CPU seconds much less.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

STREETS = ("preflop", "flop", "turn", "river")

CHILD = """
import json, resource, sys, time
from pokerhash import analysis
street, threads, save = sys.argv[1], int(sys.argv[2]) or None, sys.argv[3]
started = time.perf_counter()
table = analysis.strength_table(street, threads=threads, progress=False)
seconds = time.perf_counter() - started
if save:
    table.save(save)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "hands": len(table),
                  "bytes": table.values.nbytes, "peak": usage.ru_maxrss * 1024}))
"""


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streets", nargs="+", choices=STREETS, default=list(STREETS))
    parser.add_argument("--threads", type=int, default=0, help="local threads (default: one per CPU)")
    parser.add_argument("--save", help="a folder to save the tables to (<street>.strength)")
    args = parser.parse_args()
    if args.save:
        os.makedirs(args.save, exist_ok=True)
    print(f"cpus {os.cpu_count()}, threads {args.threads or 'one per CPU'}, load average {load()}")
    print(f"{'street':<8} {'hands':>12} {'seconds':>8} {'cpu s':>8} {'table MB':>9} {'peak MB':>8}")
    total = cpu = 0.0
    for street in args.streets:
        save = os.path.join(args.save, f"{street}.strength") if args.save else ""
        done = subprocess.run([sys.executable, "-c", CHILD, street, str(args.threads), save], check=True,
                              capture_output=True, text=True)
        row = json.loads(done.stdout)
        total += row["seconds"]
        cpu += row["cpu"]
        print(f"{street:<8} {row['hands']:>12,} {row['seconds']:>8.1f} {row['cpu']:>8.1f} {row['bytes'] / 1e6:>9.1f} "
              f"{row['peak'] / 1e6:>8.0f}", flush=True)
    now = time.strftime("%H:%M:%S")
    print(f"{'all':<8} {'':>12} {total:>8.1f} {cpu:>8.1f}   (load average now {load()}, at {now})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
