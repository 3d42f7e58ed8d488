"""The ES-module WebAssembly library under node: parity with the native extension, its API, its types."""

import json

from webtools import HERE, WEB, last_json_line, run_node


def test_parity_with_native(built, node, native_data):
    """All five-card hands, a million random 6-9 card hands, describe/rank/unrank/hand_index."""
    report = last_json_line(run_node(node, [HERE / "parity.mjs", native_data], timeout=300))
    print(f"\nnode parity: {report['total']:,} checks in {report['seconds']:.2f} s")
    assert report["ok"], json.dumps(report["mismatches"], indent=1)
    assert report["checked"]["values of all 5-card hands"] == 2_598_960
    random_hands = sum(report["checked"][f"values of random {k}-card hands"] for k in (6, 7, 8, 9))
    assert random_hands >= 1_000_000


def test_js_api_contract(built, node):
    run_node(node, ["--test", HERE / "api.test.mjs"], timeout=120)


def test_js_ranges_match_the_shared_vectors(built, node):
    """parseRange: tests/vectors/ranges.jsonl replayed through the wasm build of the C parser."""
    run_node(node, ["--test", HERE / "ranges.test.mjs"], timeout=120)


def test_js_showdown_matches_the_shared_vectors(built, node):
    """showdown(): tests/vectors/showdown.jsonl (Python's pokerhash.analysis.showdown) replayed through the wasm
    build of the C core; result types, messages and the heap's reuse (showdown.test.mjs)."""
    run_node(node, ["--test", HERE / "showdown.test.mjs"], timeout=120)


def test_js_equity_matches_native(built, node, native_data):
    """equity() (hands and ranges), winners() and omahaEvaluate() against the native package: exact counts,
    seeded Monte Carlo floats, messages; the mode rule, refusal, progress and cancel."""
    run_node(node, ["--test", HERE / "equity.test.mjs"], timeout=300, env={"POKERHASH_NATIVE_DATA": str(native_data)})

# The .d.ts is type-checked against real usage (types_check.ts) by test_npm_package.py, from the installed package.


def test_readme_examples_run_and_give_their_stated_values(built, node):
    """web/README.md and README.md's browser section: every JS example runs on the built library, and the
    values their comments state are the ones it gives (readme.test.mjs)."""
    run_node(node, ["--test", HERE / "readme.test.mjs"], timeout=120)


def test_js_reliability(built, node):
    """Issue 13 on the JS side: sample-count and output-size limits, BigInt arguments, named option errors,
    'A♠️' card text, a wasm heap flat over 10^5 calls with errors, adversarial arguments (reliability.test.mjs)."""
    run_node(node, ["--test", HERE / "reliability.test.mjs"], timeout=120)


def test_js_card_text_reader_agrees_with_the_c_parser(built, node):
    """Card names and text read in JS (web/src/card_text.mjs): the C parser's ids for every short string over
    its alphabet and near misses, anything else left to it, so values and messages stay the core's."""
    run_node(node, ["--test", HERE / "card_text.test.mjs"], timeout=120)


def test_js_hand_indexer_matches_the_shared_vectors(built, node):
    """handIndexer(): tests/vectors/isomorphism.jsonl (Python's HandIndexer) replayed through the wasm build of
    the C core; the index rule, batches and messages (isomorphism.test.mjs)."""
    run_node(node, ["--test", HERE / "isomorphism.test.mjs"], timeout=120)
