"""Measures how much slower the wasm equity engine is than the native one: JS equity's WASM_FACTOR.

    .venv/bin/python web/tools/measure_wasm_factor.py      (after ./build.sh native and bash web/build.sh)

For each spot, the whole exact enumeration runs once natively (pokerhash._core.equity_exact, one thread) and
in node (the JS library, exact: true), best of four each; prints both times, their ratio and the native cost estimate
(ph_equity_exact_seconds). JS shows that estimate times WASM_FACTOR (web/src/equity_job.mjs): set it to about the
median ratio, rounded up.
"""

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pokerhash
from pokerhash import _core
from pokerhash._equity import _Spot

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
const ph = await PokerHash.load();
const out = [];
for (const [players, board] of JSON.parse(process.argv[2])) {
    let best = Infinity;
    for (let i = 0; i < 4; i++) {
        const t = performance.now();
        ph.equity(players, { board, exact: true, force: true });
        best = Math.min(best, (performance.now() - t) / 1000);
    }
    out.push(best);
}
console.log(JSON.stringify(out));
"""


def main() -> None:
    wasm = json.loads(subprocess.run(
        ["node", "--input-type=module", "-e", NODE, str(WEB / "dist" / "pokerhash.mjs"), json.dumps(SPOTS)],
        check=True, capture_output=True, text=True).stdout)
    ratios = []
    print(f"{'spot':52} {'native s':>9} {'wasm s':>9} {'ratio':>6} {'estimate s':>10}")
    for (players, board), wasm_s in zip(SPOTS, wasm):
        spot = _Spot(players, board, None, None)
        args = (spot.holdings, spot.weights, spot.board, spot.dead)
        units = _core.equity_units(*args)
        native = float("inf")
        for _ in range(4):
            started = time.perf_counter()
            _core.equity_exact(*args, 0, units)
            native = min(native, time.perf_counter() - started)
        ratios.append(wasm_s / native)
        name = " vs ".join(players) + (f" | {board}" if board else "")
        print(f"{name:52} {native:9.4f} {wasm_s:9.4f} {wasm_s / native:6.2f} {_core.equity_exact_seconds(*args):10.4f}")
    print(f"median wasm/native ratio {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f});"
          f" pokerhash {pokerhash.__version__}, {sys.platform}")


if __name__ == "__main__":
    main()
