"""The exact-equity cost model against the clock: ph_equity_exact_seconds (the estimate behind equity()'s
auto mode, its refusals and its chunk sizes) next to the measured single-core CPU time, for a table of spots.

    python bench/bench_equity_cost.py [--budget S] [--runs N] [--fit] [--only TEXT]

Builds bench/bench_equity_cost.c against the core (cc -O3, as the extension), hands it the spots as
equity() would (card removal applied), and prints estimate, measurement and their ratio; the target is a
ratio within 1/1.5 .. 1.5 everywhere. Spots over the budget are timed on 64 slices spread over their
units and scaled. The ratio reads the estimate times the host factor that equity() applies (a short probe,
pokerhash/_equity_host.py; POKERHASH_HOST_FACTOR=1 compares the model's reference-host seconds as they are).
On a shared machine use --runs: each spot keeps its fastest (least disturbed) run. --fit prints the nanoseconds per part that best fit this machine (least squares on relative error)
for core_c/src/equity/equity_cost.c. Exit status 1 when a ratio falls outside the target.
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "pywasm"))

from pokerhash._equity import _Spot  # noqa: E402  (the holdings exactly as equity() sends them)
from pokerhash._equity_host import host_factor  # noqa: E402

PARTS = ["calls", "units", "orbit tries", "solves", "plain", "plain x players", "flush leaves", "flush far leaves",
         "flush sets x players", "omaha plain", "omaha rows", "omaha flush"]

# (label, players, board, dead): preflop, rainbow / two-tone / monotone flops, turn, river, ranges, Omaha.
SPOTS = [
    ("preflop AcAd vs KsKh", ["AcAd", "KsKh"], "", ""),
    ("preflop AhKh vs QsQd", ["AhKh", "QsQd"], "", ""),
    ("preflop 7c2d vs 8h3s", ["7c2d", "8h3s"], "", ""),
    ("preflop 3-way AhAd KsKc QhQc", ["AhAd", "KsKc", "QhQc"], "", ""),
    ("preflop 4-way", ["AhKh", "QsQd", "JcTc", "9d9h"], "", ""),
    ("preflop 6-way", ["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d"], "", ""),
    ("preflop 9-way", ["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d", "4h3h", "2c2s", "Ac8d"], "", ""),
    ("preflop dead cards", ["AcAd", "KsKh"], "", "2c 7h Qd"),
    ("flop two-tone AsKs vs 7h7d", ["AsKs", "7h7d"], "7c 8s 9s", ""),
    ("flop rainbow AsAd vs QcJc", ["AsAd", "QcJc"], "Kd 7c 2h", ""),
    ("flop monotone AsKd vs QsQh", ["AsKd", "QsQh"], "9s 6s 2s", ""),
    ("flop 3-way", ["AsAd", "KcQc", "9h9s"], "Kd 7c 2c", ""),
    ("turn AhKh vs 9c9d", ["AhKh", "9c9d"], "Qh 7h 2c 5s", ""),
    ("river 3-way", ["AhKh", "9c9d", "QsJs"], "Qh 7h 2c 5s 9h", ""),
    ("range QQ+,AKs vs JJ-99,AQs+", ["QQ+,AKs", "JJ-99,AQs+"], "", ""),
    ("range AsAd vs random", ["AsAd", "random"], "", ""),
    ("range weighted 22+:0.5,AK vs random", ["22+:0.5,AKs,AKo:0.25", "random"], "", ""),
    ("range random vs random preflop", ["random", "random"], "", ""),
    ("range random x3 preflop", ["random", "random", "random"], "", ""),
    ("range random vs random rainbow flop", ["random", "random"], "Ks 7d 2c", ""),
    ("range random vs random monotone flop", ["random", "random"], "9s 6s 2s", ""),
    ("range random vs random two-tone flop", ["random", "random"], "Qh Th 4c", ""),
    ("range TT+,AQ+ vs random turn", ["TT+,AQ+", "random"], "Ks 7d 2c 9h", ""),
    ("range random vs random river", ["random", "random"], "Ks 7d 2c 9h 4s", ""),
    ("omaha-4 heads-up preflop", ["AhKhQhJd", "9c8c7s6d"], "", ""),
    ("omaha-4 3-way preflop", ["AsAdKhQh", "9c8c7d6d", "JsTs5h4h"], "", ""),
    ("omaha-5 heads-up preflop", ["AhKhQhJd2c", "9c8c7s6d3d"], "", ""),
    ("omaha-6 heads-up preflop", ["AhKhQhJd2c3s", "9c8c7s6d3d4h"], "", ""),
    ("omaha-4 flop", ["AsAdKhQh", "9c8c7d6d"], "Jh 2h Tc", ""),
    ("omaha-4 turn 3-way", ["AsAdKhQh", "9c8c7d6d", "JsTs5s4s"], "Jh 2h Tc 3s", ""),
]


def spot_line(label, players, board, dead):
    spot = _Spot(players, board, dead, None)
    fields = [label, " ".join(map(str, spot.board)), " ".join(map(str, spot.dead))]
    for p, holdings in enumerate(spot.holdings):
        weights = spot.weights[p] if spot.weights else [1.0] * len(holdings)
        fields.append(",".join(" ".join(map(str, h)) + ("" if w == 1.0 else f":{w!r}")
                               for h, w in zip(holdings, weights)))
    return "|".join(fields)


def build() -> str:
    out = os.path.join(ROOT, "bench", "build", "bench_equity_cost")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    sources = sorted(glob.glob(os.path.join(ROOT, "core_c", "src", "*", "*.c")) +
                     glob.glob(os.path.join(ROOT, "core_c", "tables", "*.c")))
    subprocess.run([os.environ.get("CC", "cc"), "-O3", "-std=c11", "-I" + os.path.join(ROOT, "core_c", "include"),
                    "-I" + os.path.join(ROOT, "core_c", "src", "common"), *sources,
                    os.path.join(ROOT, "bench", "bench_equity_cost.c"), "-o", out, "-lm"], check=True)
    return out


def fit(rows):
    """Nanoseconds per part minimising the squared relative error, parts that fit negative dropped."""
    import numpy as np
    active = list(range(len(PARTS)))
    while True:
        a = np.array([[r["parts"][i] / r["measured"] for i in active] for r in rows])
        coef, *_ = np.linalg.lstsq(a, np.ones(len(rows)), rcond=None)
        if (coef >= 0).all():
            break
        active.pop(int(np.argmin(coef)))
    ns = [0.0] * len(PARTS)
    for i, c in zip(active, coef):
        ns[i] = float(c) * 1e9
    return ns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=0.5, help="seconds of timing per spot, about")
    parser.add_argument("--runs", type=int, default=1, help="time everything this many times, keep the fastest")
    parser.add_argument("--fit", action="store_true", help="print the nanoseconds per part fitted here")
    parser.add_argument("--only", default="", help="spots whose label contains this text")
    args = parser.parse_args()
    binary = build()
    spots = [s for s in SPOTS if args.only in s[0]]
    text = "\n".join(spot_line(*s) for s in spots) + "\n"
    outputs = [subprocess.run([binary, str(args.budget)], input=text, capture_output=True, text=True,
                              check=True).stdout.splitlines() for _ in range(args.runs)]
    rows = []
    factor = host_factor()
    print(f"host factor {factor:.2f} (the rules read the estimate times this; est/meas includes it)")
    print(f"{'spot':<40}{'estimate':>12}{'measured':>12}{'est/meas':>10}  timed")
    worst = 1.0
    for lines in zip(*outputs):
        fastest = min(lines, key=lambda line: float(line.split("|")[2]) if "|error" not in line else 0)
        label, *values = fastest.split("|")
        if values[0].startswith("error"):
            print(f"{label:<40}{values[0]}")
            continue
        estimate, measured, share, *parts = map(float, values)
        rows.append({"label": label, "estimate": estimate, "measured": measured, "parts": parts})
        ratio = estimate * factor / measured
        worst = max(worst, ratio, 1 / ratio)
        flag = "" if 1 / 1.5 <= ratio <= 1.5 else "  <-- outside 1.5x"
        timed = "all units" if share >= 1 else f"{100 * share:.3g}% of the units"
        print(f"{label:<40}{_fmt(estimate):>12}{_fmt(measured):>12}{ratio:>10.2f}  {timed}{flag}")
    print(f"worst ratio {worst:.2f}x (target <= 1.5x)")
    if args.fit:
        ns = fit(rows)
        print("fitted nanoseconds per part:")
        for name, value in zip(PARTS, ns):
            print(f"    {name:<24}{value:10.3f}")
    return 0 if worst <= 1.5 else 1


def _fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} us"


if __name__ == "__main__":
    sys.exit(main())
