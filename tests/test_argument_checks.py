"""Arguments the public API must read as they are meant, or refuse by name (issue 13, items 5, 6, 8, 9).

- numpy integer scalars (anything with __index__) work wherever an int does, in both `_core` backends
  (the Pyodide one, _wasm_core.py, runs here on CPython over the native extension's own ph_ symbols);
- bools are not counts, 'no' is not a mode, an int is not a board, ids past 2**63 are named;
- a card typed on a phone ('A♠️', the emoji presentation selector) reads as the card;
- outputs larger than half the machine's memory and sample counts past 10**12 are refused up front.
"""

import glob
import json
import operator
import os
import subprocess
import sys

import pytest

import pokerhash as ph
from pokerhash import games

np = pytest.importorskip("numpy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def backend_outcomes(backend, library):
    env = dict(os.environ, POKERHASH_WASM_CORE=library,
               PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "pywasm"), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "index_cases.py"), backend], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(map(tuple, json.loads(done.stdout)))


def test_both_backends_take_numpy_integers_and_name_huge_ids(native_tools):
    if ph.backend != "native":
        pytest.skip("compares the native extension with its Pyodide twin")
    library = glob.glob(os.path.join(os.path.dirname(ph._core.__file__), "_core*.so"))[0]
    native, wasm = backend_outcomes("native", library), backend_outcomes("wasm", library)
    diffs = [f"{case}: native {native[case]} wasm {wasm[case]}" for case in native if native[case] != wasm[case]]
    assert not diffs, "\n".join(diffs)
    assert native["comb(np.int64(52), np.uint8(5))"] == ["ok", 2598960]
    assert native["combinations_into numpy n, k, start, count"] == ["ok", [0, 1, 3, 0, 2, 3]]
    assert native["equity_exact numpy holdings"] == ["ok", [1, 0]]
    assert native["card_name(2**63)"] == ["ValueError", "card id 9223372036854775808 outside 0..51"]
    assert native["describe(2**63)"] == ["ValueError", "hand value 9223372036854775808 outside 1..7462"]
    assert native["evaluate 'A♠️ K♠️ Q♠️ J♠️ T♠️' (emoji selector)"] == ["ok", 1]
    assert native["parse_cards 'A♠︎K♥️' (text and emoji selectors)"] == ["ok", [51, 46]]
    assert native["equity_units holding float"] == ["TypeError", "holdings must hold card ids (int)"]


@pytest.mark.parametrize("call, want", [
    (lambda: ph.value_histogram(np.int64(5))[1], 4),
    (lambda: int(ph.value_table(np.int64(5))["As Ks Qs Js Ts"]), 1),
    (lambda: ph.combinations(np.int64(52), np.uint8(5), np.int64(0), np.int16(2)).tolist(),
     [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]),
    (lambda: ph.combination_masks(np.uint8(4), np.int64(2), stop=np.int64(1)).tolist(), [3]),
    (lambda: len(ph.CombinationTable(np.int64(10), np.int64(3))), 120),
    (lambda: ph.Deck(seed=np.int64(7)).deal(np.int64(2)), ph.Deck(seed=7).deal(2)),
    (lambda: ph.equity(["AsAd", "KsKh"], samples=np.int64(2000), seed=np.uint32(3), threads=np.int8(1)).equity,
     ph.equity(["AsAd", "KsKh"], samples=2000, seed=3, threads=1).equity),
    (lambda: games.equity(["AA", "KK"], game="shortdeck", samples=np.int64(1000), seed=np.int64(1)).deals, 1000),
    (lambda: games.value_histogram(np.int64(5), game="shortdeck")[1], 4),
    (lambda: ph.Card(np.int64(51)), ph.Card("As")),
    (lambda: ph.evaluate("A♠️ K♠️ Q♠️ J♠️ T♠️"), 1),
    (lambda: ph.Card("A♥️"), ph.Card("Ah")),
])
def test_numpy_integers_and_emoji_cards_work(call, want):
    assert call() == want


@pytest.mark.parametrize("call, error, message", [
    (lambda: ph.value_histogram(9, True), TypeError, "start must be an integer, got a bool True"),
    (lambda: ph.value_histogram(True), TypeError, "k must be an integer, got a bool"),
    (lambda: ph.combinations(52, 5, stop=2.0), TypeError, "stop must be an integer, got float"),
    (lambda: ph.value_table(np.float64(5)), TypeError, "k must be an integer"),
    (lambda: games.value_histogram(9, start=True, game="shortdeck"), TypeError, "start must be an integer"),
    (lambda: ph.equity(["AsAd", "KsKh"], board="2c3d4h", exact="no"), TypeError,
     "exact must be True, False or None, got 'no'"),
    (lambda: games.equity(["AA", "KK"], game="shortdeck", exact="no"), TypeError, "exact must be True, False or None"),
    (lambda: ph.equity(["AsAd", "KsKh"], samples=True), ValueError, "samples must be a positive integer, got True"),
    (lambda: ph.equity(["AsAd", "KsKh"], seed=np.bool_(True)), ValueError, "seed must be an integer"),
    (lambda: ph.equity(["AsAd", "KsKh"], board=5), TypeError, "board must be card text or a sequence of cards, got int 5"),
    (lambda: ph.equity(["AsAd", "KsKh"], dead=7), TypeError, "dead must be card text or a sequence"),
    (lambda: ph.Card(2 ** 63), ValueError, "card id 9223372036854775808 outside 0..51"),
    (lambda: ph.evaluate([2 ** 64, 1, 2, 3, 4]), ValueError, "card id 18446744073709551616 outside 0..51"),
    (lambda: ph.equity(["AsAd", "KsKh"], samples=10 ** 12 + 1), ValueError, r"samples must be at most 10\*\*12"),
    (lambda: games.equity(["AA", "KK"], game="shortdeck", samples=10 ** 13), ValueError,
     r"samples must be at most 10\*\*12"),
    (lambda: ph.combinations(35, 14), ValueError,
     r"combinations\(35, 14, 0, 2319959400\) would be 2,319,959,400 rows of 14 bytes \(30.2 GiB\).*start= and stop="),
    (lambda: ph.combination_masks(64, 32), ValueError, r"combination_masks\(64, 32.* rows of 8 bytes.*start= and stop="),
    (lambda: ph.CombinationTable(52, 26), ValueError, r"CombinationTable\(52, 26\) of uint16 would be .* \(902 TiB\)"),
    (lambda: ph.CombinationTable(64, 32, "float64"), ValueError, r"more than the .* one call may allocate"),
    # bools: True is an int to Python, but no card, value or count (evaluate(True, False, ...) was 166)
    (lambda: ph.evaluate(True, False, 2, 3, 4), TypeError, "card ids"),
    (lambda: ph.evaluate_batch([[True, False, 2, 3, 4]]), TypeError, "row 0: card ids must be integers, got bool"),
    (lambda: ph.Card(True), TypeError, "a card id must be an integer, got True"),
    (lambda: ph.describe(True), TypeError, "a hand value must be an integer, got True"),
    (lambda: ph.percentile(True, k=5), TypeError, "a hand value must be an integer"),
    (lambda: ph.comb(True, True), ValueError, "n must be a non-negative integer"),
    (lambda: ph.Deck().deal(True), TypeError, "count must be an integer, got a bool"),
    (lambda: ph.Range([(True, 47)]), TypeError, "cards must be card names"),
    # k of a batch: named as k, whatever the input's form
    (lambda: ph.evaluate_batch([[0, 1, 2, 3, 4]], k="5"), TypeError, "k must be an integer, got str '5'"),
    (lambda: ph.evaluate_batch(b"\0\1\2\3\4", k=5.0), TypeError, "k must be an integer, got float"),
    (lambda: games.evaluate_batch(np.arange(10, dtype=np.uint8), k=5.0, game="holdem"), TypeError,
     "k must be an integer, got float"),
    # a game's value past 2**63 is named, as hold'em's is, not a bare OverflowError
    (lambda: games.category(2 ** 64, game="ace_five_8"), ValueError, "hand value 18446744073709551616 outside 1..57"),
    (lambda: games.describe(2 ** 63, game="shortdeck"), ValueError, "outside 1..1404"),
    # omaha= is a choice of three, as exact= is: 0 or "no" must not read as "decide by size"
    (lambda: ph.winners(["6d9hJhKh", "8cKd8s8d"], board="Jc9c4c7s3h", omaha=0), TypeError,
     "omaha must be True, False or None, got 0"),
    (lambda: ph.equity(["AsAdAhAc", "KsKhKdKc"], omaha=0), TypeError, "omaha must be True, False or None, got 0"),
    # a NUL in range text shows in the message instead of ending it ("unknown range token 'AK'" before)
    (lambda: ph.parse_range("AK\x00QQ"), ValueError, r"unknown range token 'AK\\x00QQ'"),
    (lambda: ph.parse_range("AK:0.5\x00"), ValueError, r"bad weight '0.5\\x00'"),
])
def test_wrong_types_and_oversized_requests_are_refused_by_name(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_numpy_numbers_are_weights_in_range_pairs():
    # ("AsKsQsJs", np.int64(3)) read the 3 as card 2s before: a 5-card combo of weight 1
    assert ph.Range([("AsKsQsJs", np.int64(3))]).combos() == [(tuple(map(ph.Card, ["Js", "Qs", "Ks", "As"])), 3.0)]
    assert ph.Range([("As Ks", np.float32(0.5))]).combos() == [((ph.Card("Ks"), ph.Card("As")), 0.5)]
    assert ph.winners(["6d9hJhKh", "8cKd8s8d"], board="Jc9c4c7s3h", omaha=np.False_) == [1]


def test_messages_never_contradict_themselves():
    # Before: "k must be 5 to 9, got 7" for np.int64(7) outside the range check's idea of an int.
    with pytest.raises(ValueError) as caught:
        ph.value_histogram(np.int64(4))
    assert str(caught.value) == "k must be 5 to 9, got 4"


class _Stop(Exception):
    pass


def _rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads RSS from /proc")
@pytest.mark.parametrize("run", [
    lambda progress: ph.equity(["AsAd", "KsKh"], samples=10 ** 12, seed=1, progress=progress),
    lambda progress: games.equity(["AA", "KK"], game="shortdeck", samples=10 ** 12, seed=1, progress=progress),
])
def test_the_largest_sample_count_starts_at_once_with_flat_memory(run):
    # 10**12 samples are 15 million pieces: built up front they would take gigabytes before the first
    # sample. The pieces are generated as the runner asks for them, so memory stays flat.
    seen = []

    def progress(done, total):
        seen.append(_rss_bytes())
        if len(seen) == 40:
            raise _Stop

    with pytest.raises(_Stop):
        run(progress)
    assert seen[-1] - seen[0] < 32 << 20, f"RSS grew {(seen[-1] - seen[0]) >> 20} MiB over 40 pieces"


def test_numpy_integers_as_executor_chunk_block_and_threads():
    """The scale-out knobs take numpy integers like every other count (an int executor = local threads)."""
    from pokerhash import parallel

    two = np.int64(2)
    expected = ph.value_histogram(5, 0, 100_000, executor=1)
    assert np.array_equal(ph.value_histogram(5, 0, 100_000, executor=two, chunk=np.int64(30_000)), expected)
    assert parallel.workers(two) == 2 and parallel.ranges(0, 5, np.uint8(2)) == [(0, 2), (2, 4), (4, 5)]
    built = ph.CombinationTable.build(20, 3, lambda rows: rows.sum(axis=1), "uint16", block=np.int32(100),
                                      executor=two)
    assert int(built[[0, 1, 2]]) == 3
    total = ph.map_combinations(len, 20, 3, operator.add, block=np.int16(50), executor=two)
    assert total == 1140
    rows = np.array([[51, 47, 43, 39, 35, 0, 1]] * 1000, np.uint8)
    assert set(ph.evaluate_batch(rows, threads=np.int64(2)).tolist()) == {1}
