"""The checked-in preflop tables (examples/preflop, made by `python examples/preflop_table.py`) against
pokerhash.equity, class pair by class pair, and against each other."""

import itertools
import sys
from pathlib import Path

import pytest

import pokerhash as ph

np = pytest.importorskip("numpy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))
import preflop_table  # noqa: E402

FOLDER = ROOT / "examples" / "preflop"


@pytest.fixture(scope="module")
def tables():
    labels, _ = preflop_table.class_grid()
    table = np.load(FOLDER / "equity_169x169.npy")
    vs_random = np.load(FOLDER / "vs_random.npy")
    return {label: i for i, label in enumerate(labels)}, table, vs_random


def combos(label):
    """Every two-card combination of a class, from its text alone."""
    high, low = ph.Card(label[0] + "c").rank, ph.Card(label[1] + "c").rank
    cards = [(4 * r + s) for r in {high, low} for s in range(4)]
    out = []
    for a, b in itertools.combinations(cards, 2):
        ranks, suited = {a >> 2, b >> 2}, (a & 3) == (b & 3)
        if len(label) == 2 and ranks == {high}:
            out.append((a, b))
        elif len(label) == 3 and ranks == {high, low} and suited == (label[2] == "s"):
            out.append((a, b))
    return out


@pytest.mark.parametrize("hand, villain", [("AA", "KK"), ("AKs", "QQ"), ("T9s", "AKo"), ("72o", "72o"), ("22", "AKs")])
def test_class_equities_are_the_average_over_all_combinations(tables, hand, villain):
    index, table, _ = tables
    equities = [ph.equity([list(a), list(b)], exact=True).equity[0]
                for a in combos(hand) for b in combos(villain) if not set(a) & set(b)]
    assert table[index[hand], index[villain]] == pytest.approx(sum(equities) / len(equities), abs=1e-6)


def test_the_tables_agree_with_each_other(tables):
    index, table, vs_random = tables
    assert table.shape == (169, 169) and vs_random.shape == (169,)
    # A class against a random hand is its equity against each class, weighted by how many of that
    # class's combinations are left once the hand's two cards are out.
    labels = sorted(index, key=index.get)
    for hand in ("AA", "AKs", "72o", "54s", "T8o"):
        mine = set(combos(hand)[0])
        weights = np.array([sum(1 for c in combos(v) if not set(c) & mine) for v in labels])
        assert weights.sum() == 1225
        assert vs_random[index[hand]] == pytest.approx((table[index[hand]] * weights).sum() / 1225, abs=1e-9)
    # Zero-sum: a row hand's equity and the column hand's equity against it add up to one.
    assert np.allclose(table + table.T, 1.0, atol=1e-12)


def test_published_values(tables):
    # Well-known figures (rounded to a tenth of a percent in the usual equity tables).
    index, table, vs_random = tables
    assert vs_random[index["AA"]] == pytest.approx(0.852, abs=0.001)
    assert vs_random[index["72o"]] == pytest.approx(0.346, abs=0.001)
    assert table[index["AA"], index["KK"]] == pytest.approx(0.82, abs=0.005)
