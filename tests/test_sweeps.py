"""All six- and seven-card hands, counted two ways that share no enumeration code: value_histogram's
incremental sweep, and combinations() rows fed to evaluate_batch in chunks. Both must give the published
category frequencies and the same per-value counts."""

import math
import random

import pytest

import oracle
import pokerhash

# Published frequencies, royal flush .. high card (royal counted apart from other straight flushes).
SIX_CARD = [188, 1656, 14664, 165984, 205792, 361620, 732160, 2532816, 9730740, 6612900]
SEVEN_CARD = [4324, 37260, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460]
DISTINCT_VALUES = {5: 7462, 6: 6075, 7: 4824}
CATEGORY = [None] + [oracle.category_of_value(v) for v in range(1, 7463)]


def per_category(hist):
    counts = [0] * 10
    for value, n in enumerate(hist):
        if value:
            counts[CATEGORY[value]] += int(n)
    return counts


@pytest.fixture(scope="module")
def histograms():
    return {k: [int(n) for n in pokerhash.value_histogram(k)] for k in (6, 7)}


def test_six_card_histogram(histograms):
    hist = histograms[6]
    assert hist[0] == 0 and sum(hist) == math.comb(52, 6)
    assert per_category(hist) == SIX_CARD
    assert sum(1 for n in hist if n) == DISTINCT_VALUES[6]


def test_seven_card_histogram(histograms):
    hist = histograms[7]
    assert hist[0] == 0 and sum(hist) == math.comb(52, 7)
    assert per_category(hist) == SEVEN_CARD
    assert sum(1 for n in hist if n) == DISTINCT_VALUES[7]
    assert sum(per_category(hist)[:2]) == 41584  # straight flushes including royals


def test_histogram_ranges_add_up(histograms):
    # Uneven pieces of the 7-card sweep (start/stop in colex ranks) must sum to the whole.
    total = math.comb(52, 7)
    cuts = [0, 1, 12345, 50_000_000, 99_999_999, total - 1, total]
    summed = [0] * 7463
    for start, stop in zip(cuts, cuts[1:]):
        for v, n in enumerate(pokerhash.value_histogram(7, start, stop)):
            summed[v] += int(n)
    assert summed == histograms[7]


def test_empty_histogram_range():
    assert sum(int(n) for n in pokerhash.value_histogram(7, 5, 5)) == 0


def _chunked_histogram(np, k, chunk=8_000_000):
    total = math.comb(52, k)
    hist = np.zeros(7463, dtype=np.int64)
    for start in range(0, total, chunk):
        rows = pokerhash.combinations(52, k, start, min(start + chunk, total))
        hist += np.bincount(pokerhash.evaluate_batch(rows), minlength=7463)
    return hist.tolist()


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_chunked_batches_agree_with_histogram(histograms, k):
    np = pytest.importorskip("numpy")
    assert _chunked_histogram(np, k) == histograms[k]


@pytest.mark.slow
def test_six_card_histogram_matches_oracle(histograms):
    # Every 6-card hand through the oracle (best of its six 5-card subsets): about 10 s.
    np = pytest.importorskip("numpy")
    by_top = oracle.all_five_card_hands()
    by_top = by_top[np.argsort(by_top[:, 4], kind="stable")]  # hands below card c come first
    hist = np.zeros(7463, dtype=np.int64)
    for c in range(5, 52):
        n = math.comb(c, 5)
        hands = np.empty((n, 6), dtype=np.uint8)
        hands[:, :5] = by_top[:n]
        hands[:, 5] = c
        hist += np.bincount(oracle.values_array(hands), minlength=7463)
    assert hist.tolist() == histograms[6]


@pytest.mark.parametrize("k", [5, 6, 7, 8, 9])
def test_histogram_slices_agree_with_batches(k):
    # For 8 and 9 cards a full sweep is too long for the suite; random slices of it are compared instead.
    np = pytest.importorskip("numpy")
    rng = random.Random(k)
    total = math.comb(52, k)
    for _ in range(4):
        start = rng.randrange(total - 200_000)
        stop = start + rng.randrange(1, 200_000)
        rows = pokerhash.combinations(52, k, start, stop)
        expected = np.bincount(pokerhash.evaluate_batch(rows), minlength=7463)
        assert (pokerhash.value_histogram(k, start, stop) == expected).all()
    # and the tail end of the enumeration
    rows = pokerhash.combinations(52, k, total - 1000, total)
    assert (pokerhash.value_histogram(k, total - 1000) == np.bincount(pokerhash.evaluate_batch(rows),
                                                                        minlength=7463)).all()
