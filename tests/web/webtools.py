"""Paths and helpers shared by tests/web/conftest.py and the test modules (a module of its own, so that
`import` never picks up another directory's conftest)."""

from __future__ import annotations

import json
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
    DIST / "py" / "manifest.json",
    WEB / "pyodide" / "pyodide.asm.wasm",
    WEB / "node_modules" / "pyodide" / "pyodide.mjs",
]


def run_node(node: str, args, timeout: float) -> str:
    """Runs a node script; returns its stdout, failing the test with stderr on a non-zero exit."""
    done = subprocess.run([node, *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"node {args[0]} exited {done.returncode}:\n{done.stderr[-4000:]}"
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
    import core_cases

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
    return out
