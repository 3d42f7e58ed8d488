"""Whole-deal analysis against the naive loops (bench/analysis_naive.c), on this machine's cores.

    .venv/bin/python bench/bench_analysis.py            # everything (~5 minutes on one free core)
    .venv/bin/python bench/bench_analysis.py --quick    # the naive loops on a sample, scaled up (say so)

Figures, all CPU seconds of one thread (process time) unless marked wall:
  showdown_matrix(threads=1) vs the naive per-board loop (every board: 1,081 pairs with ph_evaluate_batch,
  qsort, sweep); ultimate_texas_holdem(threads=1) vs the naive loop (canonical flops, each turn+river board's
  1,081 pairs valued, qsort, swept); both again on all local threads (wall), and the solve's peak memory.
"""

from __future__ import annotations

import argparse
import glob
import os
import platform
import re
import resource
import subprocess
import sys
import time

from pokerhash import analysis, parallel

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "bench", "build")
MATRIX_BOARDS = 2_598_960
CANONICAL_FLOPS = 1755
PUBLISHED_SECONDS = 5 * 24 * 3600  # the published exact analysis: 3 days preflop + 2 days flop cycle
PLAN_CORE_HOURS = 170  # docs/scale.md's estimate with evaluate_batch and no counting


def build_naive() -> str:
    os.makedirs(BUILD, exist_ok=True)
    exe = os.path.join(BUILD, "analysis_naive")
    # the core as every build compiles it: each feature folder, then the generated tables (their headers
    # come from core_c/src/common)
    sources = sorted(glob.glob(os.path.join(ROOT, "core_c", "src", "*", "*.c")))
    sources += sorted(glob.glob(os.path.join(ROOT, "core_c", "tables", "*.c")))
    subprocess.run(["cc", "-O3", "-std=c11", "-I" + os.path.join(ROOT, "core_c", "include"),
                    "-I" + os.path.join(ROOT, "core_c", "src", "common"), os.path.join(ROOT, "bench", "analysis_naive.c"),
                    *sources, "-o", exe, "-lm", "-lpthread"], check=True)
    return exe


def naive(exe: str, job: str, count: int) -> float:
    out = subprocess.run([exe, job, str(count)], capture_output=True, text=True, check=True).stdout
    print("   ", out.strip())
    return float(re.search(r"([0-9.]+) s CPU", out).group(1))


def cpu(function, *args, **kwargs):
    start = time.process_time()
    wall = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.process_time() - start, time.perf_counter() - wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="naive loops on 5 %% of the work, scaled up")
    args = parser.parse_args()
    with open("/proc/cpuinfo") as f:
        info = f.read()
    model = re.search(r"model name\s*:\s*(.*)", info)
    print(f"# {model.group(1) if model else platform.processor()}, {parallel.available_cpus()} CPUs, "
          f"avx512f: {'yes' if ' avx512f' in info else 'no'}, load average {os.getloadavg()[0]:.2f}")
    exe = build_naive()

    matrix, matrix_cpu, _ = cpu(analysis.showdown_matrix, threads=1, progress=False)
    _, _, matrix_wall = cpu(analysis.showdown_matrix, progress=False)
    boards = MATRIX_BOARDS // 20 if args.quick else MATRIX_BOARDS
    naive_matrix = naive(exe, "matrix", boards) * MATRIX_BOARDS / boards
    print(f"showdown_matrix: {matrix.deals:,} deals; {matrix_cpu:.2f} s CPU on 1 thread, {matrix_wall:.2f} s wall on "
          f"{parallel.available_cpus()}; naive {naive_matrix:.1f} s{' (scaled from 5 %)' if args.quick else ''}: "
          f"{naive_matrix / matrix_cpu:.1f}x")

    uth, uth_cpu, _ = cpu(analysis.ultimate_texas_holdem, threads=1, progress=False)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    _, _, uth_wall = cpu(analysis.ultimate_texas_holdem, progress=False)
    flops = CANONICAL_FLOPS // 20 if args.quick else CANONICAL_FLOPS
    naive_uth = naive(exe, "uth", flops) * CANONICAL_FLOPS / flops
    print(f"ultimate_texas_holdem: house edge {float(uth.house_edge) * 100:.10f} %, {uth_cpu:.2f} s CPU on 1 thread, "
          f"{uth_wall:.2f} s wall on {parallel.available_cpus()}, peak RSS {peak_mb:.0f} MB; naive {naive_uth:.1f} s"
          f"{' (scaled from 5 %)' if args.quick else ''}: {naive_uth / uth_cpu:.1f}x")
    print(f"  vs the published 5-day run: {PUBLISHED_SECONDS / uth_cpu:,.0f}x on one core; vs docs/scale.md's "
          f"170 core-hour plan: {PLAN_CORE_HOURS * 3600 / uth_cpu:,.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
