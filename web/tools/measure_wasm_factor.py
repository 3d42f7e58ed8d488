"""Measures how much slower the wasm equity engine is than the native one, beside JS's host factor.

    .venv/bin/python web/tools/measure_wasm_factor.py      (after ./build.sh native and bash web/build.sh)

For each spot, the whole exact enumeration runs once natively (pokerhash._core.equity_exact, one thread) and
in node (the JS library, exact: true), best of four each; prints both times, their ratio and the native cost estimate
(ph_equity_exact_seconds), then the factor the JS library measured on load (ph.hostFactor(), web/src/equity.mjs:
wasm seconds of a fixed small job per estimated second) and, per spot, the wasm time over the estimate times that
factor: the ratio of what a person waits to what the page said.
"""

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pokerhash
from pokerhash._backend import core
from pokerhash._equity_spot import Spot

WEB = Path(__file__).resolve().parents[1]
SPOTS = [
    (["AcAd", "KsKh"], ""),
    (["AhKh", "QQ+, AKs"], ""),
    (["AcAd", "KsKh", "7h6h"], ""),
    (["QQ+, AKs", "JJ-99, AQs"], "Ts 6d 2h"),
    (["random", "AA"], "Ts 6d 2h 9c"),
    (["AhKhQdJd", "9s9c8s7c"], ""),
    (["AhKhQdJd", "9s9c8s7c", "AsAd2c3h"], "Ts 6d 2h"),
    (["22+", "AKs"], ""),
    (["random", "AA"], "Ts 6d 2h"),
    (["AhKhQdJd", "9s9c8s7c", "AsAd2c3h"], ""),
    (["QQ+, AKs", "JJ-99, AQs", "KQs, 87s"], ""),
]

NODE = """
const { PokerHash } = await import(process.argv[1]);
delete process.env.POKERHASH_HOST_FACTOR;
const ph = await PokerHash.load();
const out = [ph.hostFactor()];
for (const [players, board] of JSON.parse(process.argv[2])) {
    let best = Infinity;
    for (let i = 0; i < 4; i++) {
        const t = performance.now();
        ph.equity(players, { board, exact: true, force: true });
        best = Math.min(best, (performance.now() - t) / 1000);
    }
    out.push([best, ph.equityEstimate(players, { board }).seconds]);
}
console.log(JSON.stringify(out));
"""


def main() -> None:
    factor, *wasm = json.loads(subprocess.run(
        ["node", "--input-type=module", "-e", NODE, str(WEB / "dist" / "pokerhash.mjs"), json.dumps(SPOTS)],
        check=True, capture_output=True, text=True).stdout)
    ratios, shown = [], []
    print(f"{'spot':52} {'native s':>9} {'wasm s':>9} {'ratio':>6} {'estimate s':>10} {'wasm/shown':>10}")
    for (players, board), (wasm_s, shown_s) in zip(SPOTS, wasm):
        spot = Spot(players, board or None, None)
        args, units = spot.args, spot.units()
        native = float("inf")
        for _ in range(4):
            started = time.perf_counter()
            core.equity_exact(*args, 0, units)
            native = min(native, time.perf_counter() - started)
        ratios.append(wasm_s / native)
        shown.append(wasm_s / shown_s)
        name = " vs ".join(players) + (f" | {board}" if board else "")
        print(f"{name:52} {native:9.4f} {wasm_s:9.4f} {wasm_s / native:6.2f} {core.equity_exact_seconds(*args):10.4f} {wasm_s / shown_s:10.2f}")
    print(f"median wasm/native ratio {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f});"
          f" pokerhash {pokerhash.__version__}, {sys.platform}")
    print(f"JS host factor {factor:.2f}; wasm time over the time shown: median {statistics.median(shown):.2f} "
          f"(min {min(shown):.2f}, max {max(shown):.2f})")


if __name__ == "__main__":
    main()
