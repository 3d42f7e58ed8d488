"""Paths and helpers shared by tests/web/conftest.py and the test modules (a module of its own, so that
`import` never picks up another directory's conftest)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
DIST = WEB / "dist"
HERE = Path(__file__).resolve().parent
RANDOM_HANDS_PER_K = 250_000  # for each of k = 6, 7, 8, 9: one million in all
HAND_INDEX_SAMPLES = 20_000
REQUIRED = [
    DIST / "pokerhash.mjs",
    DIST / "pokerhash.d.ts",
    DIST / "pokerhash_core.mjs",
    DIST / "pokerhash_core.wasm",
    DIST / "pokerhash_core.so",
    DIST / "wheel.json",
    WEB / "pyodide" / "pyodide.asm.wasm",
    WEB / "node_modules" / "pyodide" / "pyodide.mjs",
]


# Equity spots the wasm builds (the JS library and Python in Pyodide) must answer exactly as the native
# extension does (equity.json in the native data holds each spot with the native result): hands and ranges,
# weights, card removal, hold'em and Omaha, exact and seeded Monte Carlo. "weighted" marks exact spots whose
# equity comes from float sums (compared to 1e-12 in JS: the chunking may differ from Python's).
EQUITY_SPOTS = [
    {"players": ["AcAd", "KsKh"], "board": "", "dead": "", "exact": True},
    {"players": ["AhKhQdJd", "9s9c8s7c", "AsAd2c3h"], "board": "Ts 6d 2h", "dead": "", "exact": True},
    {"players": ["AsAhKsKh", "QdJdTc9c"], "board": "", "dead": "", "exact": True},
    {"players": ["AsAhKsKh5c", "QdJdTc9c8h"], "board": "Qh 7s 2d", "dead": "3c", "exact": True},
    {"players": ["AcAd", "KsKh", "7h6h"], "board": "", "dead": "", "exact": False, "samples": 200_000, "seed": 42},
    {"players": ["AsAhKsKh", "QdJdTc9c"], "board": "", "dead": "2c", "exact": False, "samples": 100_000,
     "seed": 2**64 - 1},
    {"players": ["QQ+,AKs", "JJ-99", "random"], "board": "Ts 6d 2h", "dead": "", "exact": False,
     "samples": 70_000, "seed": 5},
    {"players": ["AA", "KK"], "board": "", "dead": "", "exact": True},
    {"players": ["AhKh", "QQ+, AKs:0.5, A5s-A2s"], "board": "", "dead": "", "exact": True, "weighted": True},
    {"players": ["AsKs", "random"], "board": "Ts 6d 2h", "dead": "9c", "exact": True},
    {"players": ["AsKs", "random"], "board": "", "dead": "", "exact": False, "samples": 100_000, "seed": 3},
    {"players": ["random", "random", "random"], "board": "", "dead": "", "exact": False, "samples": 140_000,
     "seed": 11},
    {"players": ["AhKhQdJd, 2c3c4c5c:0.5", "9s9c8s7c"], "board": "Ts 6d 2h", "dead": "", "exact": True,
     "weighted": True},
    {"players": ["22+:0.3, AKs", "T9s+, KQo"], "board": "2h 7c Jd", "dead": "As", "exact": False,
     "samples": 65_537, "seed": 123},
]

# Bad spots (players, board, dead): the wasm builds must refuse them with the native message.
EQUITY_ERRORS = [
    (["AcAd", "AcKh"], "", ""),
    (["AcAd", "KsKh"], "2c 3c", ""),
    (["AcAd", "KsKh"], "Ks 3c 4c", ""),
    (["AcAd", "KsKh"], "", "Ad"),
    (["AcAd", "QQ+,AX"], "", ""),
    (["AcAd"], "", ""),
    (["AcAd", "KsKhQs"], "", ""),
    (["AcAd", "KsKhQsJs"], "", ""),
    (["AcAd", "KsXx"], "", ""),
    (["AcAd", "AA"], "Ah As 2c", ""),
    (["AcAd", "AK:-1"], "", ""),
    (["AcAd", ""], "", ""),
    (["AsKs, AhKhQdJd", "QQ"], "", ""),
    (["AcAd", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h", "4s4h"], "", ""),
    ([[6 * p + i for i in range(6)] for p in range(8)], "", ""),  # 8 Omaha hands of 6: 48 + 5 > 52 cards
    (["AsAs", "KK"], "", ""),
    (["AcAd", "AA:0"], "", ""),
    (["AcAd", "KK"], "Kc Kd Ks", "Kh"),
]

# The mode rule's refusals (docs/design/equity-c-api.md "Choosing exact or Monte Carlo") and option checks,
# on one thread as in the browser: (players, options). JS must give the native message in JS spelling.
EQUITY_OPTION_ERRORS = [
    (["AcAd", "KsKh"], {"exact": True, "samples": 10}),
    (["AcAd", "KsKh"], {"exact": True, "stderr": 0.1, "seed": 1}),
    (["random", "random", "random"], {"exact": True}),
    (["random", "random", "random"], {"exact": True, "board": "Ts 6d 2h"}),
    (["random"] * 4, {"exact": True}),
    (["random"] * 5, {"exact": True, "board": "Ts 6d 2h"}),
    (["random"] * 6, {"exact": True}),
    (["AcAd", "KsKh"], {"samples": 0}),
    (["AcAd", "KsKh"], {"samples": 10, "seed": -1}),
    (["AcAd", "KsKh"], {"stderr": -0.5}),
    (["AcAd", "KsKh"], {"omaha": True}),
    (["AhKhQdJd", "AsAd2c3h"], {"omaha": False}),
]


@contextlib.contextmanager
def held_js_jobs(page, job: str):
    """The page's JS worker keeps back its `job` messages (estimate, streets, gameEquity, ...) while the block
    runs: that job waits, so a test can act (Cancel, edit the form) at a known point, then it runs."""
    worker = next(w for w in page.workers if w.url.endswith("/app/js_worker.mjs"))
    worker.evaluate("""(job) => {
        const original = self.onmessage;
        const held = [];
        self.onmessage = (event) => (event.data.job === job ? held.push(event) : original(event));
        self.releaseJobs = () => { self.onmessage = original; held.forEach((event) => original(event)); };
    }""", job)
    try:
        yield
    finally:
        worker.evaluate("self.releaseJobs()")


def js_spelling(message: str) -> str:
    """A Python message as JS gives it: each option `name=value` as `name: value` (True -> true, None ->
    undefined); the rest of the text is the same."""
    words = {"True": "true", "False": "false", "None": "undefined"}
    return re.sub(r"\b([a-z_]+)=(True|False|None|-?[0-9][0-9.e+-]*)",
                  lambda m: f"{m[1]}: {words.get(m[2], m[2])}", message)


LONG_TASK_LIMIT_MS = 200
# Every main-thread task over 50 ms, from the first moment of the page (buffered): the Long Tasks API.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
}).observe({ type: 'longtask', buffered: true });
"""


def long_tasks(page, since: float = 0) -> list:
    """The page's main-thread tasks over 50 ms that started at `since` (performance.now() ms) or later."""
    return [t for t in page.evaluate("window.__longTasks") if t["start"] >= since]


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextlib.contextmanager
def serve(directory: Path):
    """web/serve.py on 127.0.0.1 and a free port, serving `directory`; yields its base URL."""
    process = subprocess.Popen([sys.executable, str(WEB / "serve.py"), "--port", "0", "--quiet", "--dir", str(directory)],
                               stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, f"serve.py did not start: {line!r}"
        yield line.split()[-1]
    finally:
        process.terminate()
        process.wait(timeout=10)


def native_equity(spot: dict) -> dict:
    """The native package's answer for one spot, as JSON (big seeds as text: JSON numbers are doubles)."""
    import pokerhash

    result = pokerhash.equity(spot["players"], board=spot["board"], dead=spot["dead"], exact=spot["exact"],
                              samples=spot.get("samples"), seed=spot.get("seed"))
    return {"win": list(result.win), "tie": list(result.tie), "lose": list(result.lose), "deals": result.deals,
            "equity": list(result.equity), "stderr": list(result.stderr) if result.stderr else None}


def run_node(node: str, args, timeout: float, env: dict = None) -> str:
    """Runs a node script; returns its stdout, failing the test with stderr on a non-zero exit."""
    done = subprocess.run([node, *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env=None if env is None else {**os.environ, **env})
    # node --test reports failures on stdout, scripts on stderr: show the end of both.
    assert done.returncode == 0, f"node {args[0]} exited {done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout

def last_json_line(stdout: str) -> dict:
    return json.loads(stdout.strip().splitlines()[-1])

def _random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n distinct-card hands of k cards: the first k of a random permutation of the deck, per row."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)

def _rank_cases(rng: np.random.Generator, pokerhash) -> list:
    cases = []
    for n, k in [(52, 5), (52, 7), (52, 9), (64, 32), (64, 30), (64, 1), (64, 63), (10, 0), (60, 20), (64, 64)]:
        for _ in range(200):
            items = sorted(int(x) for x in rng.choice(n, size=k, replace=False))
            colex = pokerhash.rank_combination(items, n, "colex")
            lex = pokerhash.rank_combination(items, n, "lex")
            cases.append({"n": n, "k": k, "items": items, "colex": str(colex), "lex": str(lex)})
    return cases

def write_native_data(out: Path) -> Path:
    import pokerhash
    from pokerhash import _backend
    sys.path.insert(0, str(HERE))
    import analysis_core_cases
    import core_cases
    import isomorphism_core_cases

    assert pokerhash.backend == "native", "the native extension is not built (pip install -e .)"
    rng = np.random.default_rng(20240607)
    five = np.ascontiguousarray(pokerhash.combinations(52, 5))
    five.tofile(out / "cards_5.u8")
    pokerhash.evaluate_batch(five).tofile(out / "values_5.u16")
    for k in (6, 7, 8, 9):
        hands = _random_hands(rng, RANDOM_HANDS_PER_K, k)
        hands.tofile(out / f"cards_{k}.u8")
        pokerhash.evaluate_batch(hands).tofile(out / f"values_{k}.u16")
    sevens = np.fromfile(out / "cards_7.u8", dtype=np.uint8).reshape(-1, 7)[:HAND_INDEX_SAMPLES]
    np.array([pokerhash.hand_index(row.tolist()) for row in sevens], dtype=np.uint32).tofile(out / "hand_index_7.u32")
    values = [
        [pokerhash.category(v).value, pokerhash.describe(v), list(pokerhash.value_ranks(v))]
        for v in range(1, pokerhash.WORST_VALUE + 1)
    ]
    (out / "values.json").write_text(json.dumps(values))
    (out / "ranks.json").write_text(json.dumps(_rank_cases(rng, pokerhash)))
    (out / "core_outcomes.json").write_text(json.dumps(core_cases.outcomes(_backend.core), ensure_ascii=False))
    (out / "analysis_outcomes.json").write_text(json.dumps(analysis_core_cases.outcomes(_backend.core)))
    (out / "isomorphism_outcomes.json").write_text(json.dumps(isomorphism_core_cases.outcomes(_backend.core)))
    spots = [{**spot, "seed": str(spot["seed"]) if "seed" in spot else None, "weighted": spot.get("weighted", False),
              "native": native_equity(spot)}
             for spot in EQUITY_SPOTS]
    (out / "equity.json").write_text(json.dumps(spots))
    errors = []
    for players, board, dead in EQUITY_ERRORS:
        try:
            pokerhash.equity(players, board=board, dead=dead)
        except ValueError as error:
            errors.append({"players": players, "board": board, "dead": dead, "native": str(error),
                           "js": js_spelling(str(error))})
        else:
            raise AssertionError(f"native equity accepted {players} {board} {dead}")
    for players, options in EQUITY_OPTION_ERRORS:
        try:
            pokerhash.equity(players, threads=1, **options)
        except ValueError as error:
            errors.append({"players": players, "options": options, "native": str(error), "js": js_spelling(str(error))})
        else:
            raise AssertionError(f"native equity accepted {players} {options}")
    (out / "equity_errors.json").write_text(json.dumps(errors))
    omaha = []
    for hole_len, board_len in [(4, 3), (4, 5), (5, 4), (6, 5), (6, 3)] * 40:
        cards = [int(c) for c in rng.permutation(52)[: hole_len + board_len]]
        omaha.append([cards[:hole_len], cards[hole_len:], _backend.core.omaha_evaluate(cards[:hole_len], cards[hole_len:])])
    (out / "omaha.json").write_text(json.dumps(omaha))
    (out / "ranges.jsonl").write_bytes((ROOT / "tests" / "vectors" / "ranges.jsonl").read_bytes())
    return out
