"""The pokerhash package's checks, run inside Pyodide on the wasm backend (tests/web/pyodide_run.mjs).

Pyodide here has no pytest and no numpy, so this is a plain runner: every `check_*` function runs, and
`run_all` returns a JSON report. Expectations come from the native backend (files in the data dir).
"""

from __future__ import annotations

import json
import os
import random
import time
import traceback
from array import array

# Parity with the native messages: estimates on the reference host's scale, as tests/conftest.py pins them
# natively (the probe would measure this wasm engine, about twice slower).
os.environ["POKERHASH_HOST_FACTOR"] = "1"

import pokerhash as ph  # noqa: E402
from pokerhash import _backend  # noqa: E402

import core_cases

DATA = "/data"
FIGURES = {}
# The poker odds of five cards: hands per category, royal flush first.
FIVE_CARD_CATEGORY_COUNTS = [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


def _load(name: str, typecode: str) -> array:
    items = array(typecode)
    with open(f"{DATA}/{name}", "rb") as f:
        items.frombytes(f.read())
    return items


def _first_difference(got, want) -> str:
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return f"row {i}: got {a}, native {b}"
    return f"lengths {len(got)} != {len(want)}"


def check_installed_from_the_wheel():
    """micropip installed the wheel: its metadata, the package, and the side module next to it."""
    import importlib.metadata
    import os

    assert importlib.metadata.version("pokerhash") == ph.__version__, importlib.metadata.version("pokerhash")
    files = {str(f) for f in importlib.metadata.files("pokerhash")}
    assert "pokerhash/pokerhash_core.so" in files and "pokerhash/_wasm_core.py" in files, sorted(files)
    assert os.path.exists(os.path.join(os.path.dirname(ph.__file__), "pokerhash_core.so"))
    wheel = open(os.path.join(importlib.metadata.distribution("pokerhash")._path, "WHEEL")).read()
    assert "Tag: py3-none-pyemscripten_2026_0_wasm32" in wheel, wheel
    FIGURES["installed_files"] = len(files)


def check_ranges_match_the_shared_vectors():
    """The C range parser in the side module answers every shared vector as the reference does."""
    with open(f"{DATA}/ranges.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    bad = []
    for text, dead, normalized, want in rows:
        try:
            parsed = ph.parse_range(text)
            combos = _backend.core.parse_range(text, dead)[1]
            names = ["".join(str(ph.Card(c)) for c in sorted(cards, reverse=True)) + ("" if w == 1.0 else f":{w!r}")
                     for cards, w in combos]
            got, got_text = "= " + " ".join(names), str(parsed)
        except ValueError as error:
            got, got_text = f"! {error}", ""
        if got != want or (want.startswith("=") and got_text != normalized):
            bad.append(f"{text!r}: {got[:100]} | want {want[:100]}")
    assert not bad, "\n".join(bad[:10])
    assert ph.Range("QQ+") == ph.Range(text="QQ+") and len(ph.Range(text="QQ+")) == 18
    FIGURES["range_vectors"] = len(rows)


def check_backend_is_wasm():
    assert ph.backend == "wasm", ph.backend
    assert _backend.core.__name__ == "pokerhash._wasm_core"
    assert ph.evaluate is _backend.core.evaluate


def check_core_contract_matches_native():
    with open(f"{DATA}/core_outcomes.json", encoding="utf-8") as f:
        native = json.load(f)
    wasm = core_cases.outcomes(_backend.core)
    diffs = [f"{c}\n  native {n}\n  wasm   {w}" for c, n, w in zip(core_cases.CASES, native, wasm) if n != w]
    assert not diffs, "\n".join(diffs[:10])
    FIGURES["core_cases"] = len(wasm)


def check_analysis_core_matches_native():
    """The whole-deal analysis (pokerhash._wasm_analysis over the side module): showdown counts on boards of 3 to
    5 cards with and without dead cards, the whole showdown matrix and the whole Ultimate Texas Hold'em solve of
    the T..A deck, bet tables and decisions, and every error, as the native binding gives them."""
    import analysis_core_cases

    with open(f"{DATA}/analysis_outcomes.json", encoding="utf-8") as f:
        native = json.load(f)
    assert _backend.core.showdown_into.__module__ == "pokerhash._wasm_analysis"
    wasm = analysis_core_cases.outcomes(_backend.core)
    assert len(wasm) == len(native) == len(analysis_core_cases.CASES)
    diffs = [f"{c}\n  native {n}\n  wasm   {w}" for c, n, w in zip(analysis_core_cases.CASES, native, wasm) if n != w]
    assert not diffs, "\n".join(diffs[:10])
    FIGURES["analysis_cases"] = len(wasm)


def check_isomorphism_core_matches_native():
    """The hand indexer (pokerhash._wasm_isomorphism over the side module): sizes, indexes, canonical hands and
    every error, as the native binding gives them."""
    import isomorphism_core_cases

    with open(f"{DATA}/isomorphism_outcomes.json", encoding="utf-8") as f:
        native = json.load(f)
    assert _backend.core.indexer_new.__module__ == "pokerhash._wasm_isomorphism"
    wasm = isomorphism_core_cases.outcomes(_backend.core)
    assert len(wasm) == len(native) == len(isomorphism_core_cases.CASES)
    diffs = [f"{c}\n  native {n}\n  wasm   {w}" for c, n, w in zip(isomorphism_core_cases.CASES, native, wasm)
             if n != w]
    assert not diffs, "\n".join(diffs[:10])
    FIGURES["isomorphism_cases"] = len(wasm)


def check_analysis_asks_for_numpy():
    """This Pyodide has no numpy (nothing is fetched): pokerhash.analysis imports, and its functions say what
    they need instead of failing somewhere inside."""
    from pokerhash import analysis

    try:
        import numpy  # noqa: F401
    except ImportError:
        pass
    else:
        raise AssertionError("numpy is here now: check pokerhash.analysis's results against native ones instead")
    for call in (lambda: analysis.showdown("Ks 7d 2c 3h 9s"), lambda: analysis.showdown_matrix(dead=range(32)),
                 lambda: analysis.ultimate_texas_holdem(dead=range(32))):
        try:
            call()
        except ImportError as error:
            assert "pokerhash.analysis needs numpy" in str(error), error
        else:
            raise AssertionError("pokerhash.analysis ran without numpy")


def check_all_five_card_hands():
    cards = ph.combinations(52, 5)  # a 2-D memoryview without numpy
    assert cards.shape == (2598960, 5)
    native_cards = _load("cards_5.u8", "B")
    assert cards.tobytes() == native_cards.tobytes(), "combinations(52, 5) differs from native"
    values = ph.evaluate_batch(cards, 5)
    native = _load("values_5.u16", "H")
    assert values == native, _first_difference(values, native)
    histogram = ph.value_histogram(5)
    assert sum(histogram) == 2598960
    per_value = [0] * 7463
    for v in values:
        per_value[v] += 1
    assert list(histogram) == per_value
    by_category = [0] * 10
    for v in range(1, 7463):
        by_category[ph.category(v)] += histogram[v]
    assert by_category == FIVE_CARD_CATEGORY_COUNTS, by_category


def check_random_hands_6_to_9():
    for k in (6, 7, 8, 9):
        cards = _load(f"cards_{k}.u8", "B")
        native = _load(f"values_{k}.u16", "H")
        values = ph.evaluate_batch(cards, k)
        assert isinstance(values, array) and values.typecode == "H"
        assert values == native, f"k={k}: " + _first_difference(values, native)
        for i in range(0, len(native), 997):  # the single-hand path, by ids and by text
            row = list(cards[i * k : i * k + k])
            assert ph.evaluate(row) == native[i]
            assert ph.evaluate(" ".join(str(c) for c in ph.parse_cards(row))) == native[i]


def check_buffer_kinds():
    row = [51, 47, 43, 39, 35, 0, 4, 8, 12, 16]
    for cards in (bytes(row), bytearray(row), array("B", row), memoryview(bytes(row)), memoryview(bytearray(row))):
        assert list(ph.evaluate_batch(cards, 5)) == [1, 9], type(cards)
    assert list(ph.evaluate_batch(memoryview(bytes(row)).cast("B", (2, 5)), 5)) == [1, 9]


def check_values_describe_and_rank():
    with open(f"{DATA}/values.json", encoding="utf-8") as f:
        native = json.load(f)
    for value, (category, text, ranks) in enumerate(native, start=1):
        assert ph.category(value) == category and ph.describe(value) == text, value
        assert list(ph.value_ranks(value)) == ranks, value
    assert str(ph.category(236)) == "Full House"


def check_public_api():
    assert ph.evaluate("As Ks Qs Js Ts") == 1
    assert ph.evaluate(ph.Card("As"), "Ks", 43, "J♠", "10s") == 1
    assert ph.describe(ph.evaluate("9c 9d 9h 4s 4c 2d 3h")) == "Nines Full over Fours"
    assert [str(c) for c in ph.best_five("9c 9d 9h 4s 4c 2d 3h")] == ["9h", "9d", "9c", "4s", "4c"]
    assert ph.Card(51).symbol == "A♠" and repr(ph.Card("2c")) == "Card('2c')"
    try:
        ph.evaluate("As As Qs Js Ts")
    except ValueError as error:
        assert str(error) == "duplicate card As"
    else:
        raise AssertionError("a duplicate card was accepted")
    rows = ph.combinations(52, 7, 133784555)
    assert rows.shape == (5, 7) and list(rows.tobytes()[28:]) == [45, 46, 47, 48, 49, 50, 51]
    masks = ph.combination_masks(52, 2, 0, 3)
    assert list(masks) == [0b11, 0b101, 0b110]


def check_combinatorics_match_native():
    with open(f"{DATA}/ranks.json") as f:
        cases = json.load(f)
    for case in cases:
        n, k, items = case["n"], case["k"], case["items"]
        for order in ("colex", "lex"):
            rank = int(case[order])
            assert ph.rank_combination(items, n, order) == rank, (case, order)
            assert list(ph.unrank_combination(rank, k, n, order)) == items, (case, order)
    assert ph.comb(64, 32) == 1832624140942590534
    big = 2**53 + 12345  # past exact floats: the 64-bit index must cross ctypes intact
    assert ph.rank_combination(ph.unrank_combination(big, 32, 64), 64) == big
    assert ph.rank_combination(ph.unrank_combination(big, 32, 64, "lex"), 64, "lex") == big


def check_hand_index_matches_native():
    cards = _load("cards_7.u8", "B")
    native = _load("hand_index_7.u32", "I")
    for i, want in enumerate(native):
        row = list(cards[i * 7 : i * 7 + 7])
        assert ph.hand_index(row) == want == ph.rank_combination(row, 52), i


def check_batch_speed():
    rng = random.Random(7)
    deck = list(range(52))
    n = 1_000_000
    cards = bytearray()
    for _ in range(n):
        cards += bytes(rng.sample(deck, 7))
    out = array("H", bytes(2 * n))
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        _backend.core.evaluate_batch_into(cards, 7, out)
        best = min(best, time.perf_counter() - started)
    FIGURES["pyodide_batch_evals_per_s"] = round(n / best)
    started = time.perf_counter()
    for i in range(20000):
        ph.evaluate(cards[i * 7], cards[i * 7 + 1], cards[i * 7 + 2], cards[i * 7 + 3], cards[i * 7 + 4],
                    cards[i * 7 + 5], cards[i * 7 + 6])
    FIGURES["pyodide_single_evals_per_s"] = round(20000 / (time.perf_counter() - started))


def check_equity_aces_vs_kings_exact():
    """The headline spot, with its known counts, on the wasm engine; best of three for the figure."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        result = ph.equity(["AcAd", "KsKh"], exact=True)
        best = min(best, time.perf_counter() - started)
    assert result.exact and result.deals == 1_712_304, result
    assert result.win == (1_388_072, 317_694) and result.lose == (317_694, 1_388_072), result
    assert result.tie == (6_538, 6_538), result
    FIGURES["pyodide_equity_aa_kk_exact_ms"] = round(1000 * best, 2)


def check_equity_matches_native():
    """Exact and seeded Monte Carlo spots (hold'em, Omaha 4/5, ranges): the same counts and the same floats."""
    with open(f"{DATA}/equity.json", encoding="utf-8") as f:
        spots = json.load(f)
    for spot in spots:
        seed = None if spot["seed"] is None else int(spot["seed"])
        result = ph.equity(spot["players"], board=spot["board"], dead=spot["dead"], exact=spot["exact"],
                           samples=spot.get("samples"), seed=seed)
        got = {"win": list(result.win), "tie": list(result.tie), "lose": list(result.lose), "deals": result.deals,
               "equity": list(result.equity), "stderr": list(result.stderr) if result.stderr else None}
        assert got == spot["native"], f"{spot['players']}: wasm {got}, native {spot['native']}"
    FIGURES["equity_spots"] = len(spots)
    started = time.perf_counter()
    ph.equity(["AcAd", "KsKh"], exact=False, samples=1_000_000, seed=1)
    FIGURES["pyodide_equity_mc_samples_per_s"] = round(1_000_000 / (time.perf_counter() - started))


def check_omaha_matches_native():
    with open(f"{DATA}/omaha.json", encoding="utf-8") as f:
        cases = json.load(f)
    for hole, board, value in cases:
        assert _backend.core.omaha_evaluate(hole, board) == value, (hole, board)


def check_equity_errors():
    """Bad spots and options fail in Pyodide with the native package's message (one thread, as here)."""
    with open(f"{DATA}/equity_errors.json", encoding="utf-8") as f:
        cases = json.load(f)
    for case in cases:
        try:
            options = {"board": case.get("board"), "dead": case.get("dead"), **case.get("options", {})}
            ph.equity(case["players"], **options)
        except ValueError as error:
            assert str(error) == case["native"], (case, str(error))
        else:
            raise AssertionError(f"{case} was accepted")


def run_all(data_dir: str = DATA) -> str:
    global DATA
    DATA = data_dir
    passed, failed = [], {}
    for name, check in list(globals().items()):
        if name.startswith("check_") and callable(check):
            started = time.perf_counter()
            try:
                check()
                passed.append(name)
            except Exception:
                failed[name] = traceback.format_exc()[-3000:]
            FIGURES[f"{name}_s"] = round(time.perf_counter() - started, 2)
    return json.dumps({"passed": passed, "failed": failed, "figures": FIGURES})
