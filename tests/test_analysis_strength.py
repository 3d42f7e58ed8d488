"""Hand-strength tables: entries of every street equal a brute force of plain evaluations, the preflop EHS equals
examples/preflop_table.py's exact equity against a random hand, the flop agrees with Monte Carlo and is the same
on every executor, and a saved table loads back (memory-mapped too) or is refused when damaged.

The turn and river tables (13,960,050 and 123,156,254 hands) are built here only in pieces (boards=)."""

import importlib.util
import itertools
import math
import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import analysis
from interrupts import seconds_to_stop

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FULL = 1980  # 2 x 990 opponent pairs
SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))


def runout_scores(hole, board):
    """The hole's score (2 per opponent pair beaten, 1 per tie) on every runout of the board, each from a plain
    evaluation of the hole and of every opponent pair free of the seven cards."""
    rest = [c for c in range(52) if c not in hole and c not in board]
    pairs = np.array(list(itertools.combinations(rest, 2)), np.uint8)
    scores = []
    for runout in itertools.combinations(rest, 5 - len(board)):
        final = list(board) + list(runout)
        opponents = pairs[~np.isin(pairs, runout).any(axis=1)]
        assert len(opponents) == 990
        mine = ph.evaluate(list(hole) + final)
        theirs = ph.evaluate_batch(np.hstack([opponents, np.tile(np.array(final, np.uint8), (990, 1))]))
        scores.append(2 * int((theirs > mine).sum()) + int((theirs == mine).sum()))
    return np.array(scores, np.int64)


def brute_force(hole, board, bins=50):
    """(EHS, EHS2, histogram) of a hand by brute force."""
    scores = runout_scores(hole, board)
    histogram = np.bincount(np.minimum(bins - 1, scores * bins // FULL), minlength=bins)
    return scores.sum() / (FULL * len(scores)), (scores * scores).sum() / (FULL * FULL * len(scores)), histogram


def renamed(cards, permutation):
    return [4 * (c // 4) + permutation[c % 4] for c in cards]


def sample_hands(rng, board_cards, units, count):
    """`count` random hands whose boards lie among the canonical boards `units`, each under a random renaming of
    suits (the index must see through it)."""
    boards = ph.HandIndexer([board_cards])
    hands = []
    for unit in rng.choice(units, count):
        board = [int(c) for c in boards.unindex(0, int(unit))]
        rest = [c for c in range(52) if c not in board]
        hole = [int(c) for c in rng.choice(rest, 2, replace=False)]
        permutation = SUIT_PERMUTATIONS[rng.integers(24)]
        hands.append((renamed(hole, permutation), renamed(board, permutation)))
    return hands


@pytest.fixture(scope="module")
def flop():
    return analysis.strength_table("flop", threads=2, progress=False)


@pytest.fixture(scope="module")
def preflop():
    return analysis.strength_table("preflop", progress=False)


def preflop_example():
    spec = importlib.util.spec_from_file_location("preflop_table", os.path.join(ROOT, "examples", "preflop_table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_preflop_ehs_is_the_examples_equity_against_a_random_hand(preflop):
    labels, representatives = preflop_example().class_grid()
    vs_random = np.load(os.path.join(ROOT, "examples", "preflop", "vs_random.npy"))
    ours = np.array([preflop.lookup(hole).ehs for hole in representatives])
    np.testing.assert_allclose(ours, vs_random, rtol=1e-13, atol=0)  # two exact ratios, computed two ways
    assert preflop.lookup("AsAh").ehs == pytest.approx(0.8520371330210104, abs=1e-15)
    assert labels[0] == "AA" and preflop.lookup("Ac Ad").ehs == preflop.lookup("AsAh").ehs


def test_preflop_histograms_count_every_board_and_bound_the_mean(preflop):
    boards = math.comb(50, 5)
    histogram = preflop.histogram.astype(np.int64)
    assert histogram.shape == (169, 50) and (histogram.sum(axis=1) == boards).all()
    low, high = histogram @ np.arange(50) / 50 / boards, histogram @ np.arange(1, 51) / 50 / boards
    assert (low <= preflop.ehs).all() and (preflop.ehs <= high).all()
    assert (preflop.ehs ** 2 <= preflop.ehs2).all() and (preflop.ehs2 <= preflop.ehs).all()
    assert len({preflop.index(hole) for hole in itertools.combinations(range(52), 2)}) == 169


def test_flop_entries_equal_a_brute_force_and_the_one_hand_function(flop):
    rng = np.random.default_rng(29)
    hands = sample_hands(rng, 3, ph.HandIndexer([3]).size(0), 2)
    hands += [([51, 47], [0, 4, 8]), ([12, 13], [48, 44, 40])]  # a monotone flop; a pair of fives on A-K-Q
    for hole, board in hands:
        ehs, ehs2, histogram = brute_force(hole, board)
        entry = flop.lookup(hole, board)
        assert (entry.ehs, entry.ehs2) == (ehs, ehs2), (hole, board)
        assert np.array_equal(entry.histogram, histogram), (hole, board)
        alone = analysis.hand_strength(hole, board)
        assert (alone.ehs, alone.ehs2) == (ehs, ehs2) and np.array_equal(alone.histogram, histogram)


def test_one_hand_on_boards_with_suit_symmetry_equals_a_brute_force():
    # boards that renamings keep in place: their runouts are swept once per orbit, then symmetrised
    for hole, board in (("AsKd", "2c 2d 2h 2s"), ("7h 8h", "Tc Td Jc Jd"), ("9s 9c", "2h 5h Kh"),
                        ("Qd Jd", "6c 6d 8s"), ("4s 5s", "Ac Ad Ah 3c 3d")):
        hole_ids, board_ids = ph.parse_cards(hole), ph.parse_cards(board)
        ehs, ehs2, histogram = brute_force(hole_ids, board_ids, bins=7)
        alone = analysis.hand_strength(hole, board, bins=7)
        assert (alone.ehs, alone.ehs2) == (ehs, ehs2) and np.array_equal(alone.histogram, histogram), hole


def test_the_flop_table_covers_every_canonical_hand(flop):
    rows = np.array([hole + board for hole, board in sample_hands(np.random.default_rng(3), 3, range(1755), 30)])
    entries = flop.lookup_batch(rows)
    assert [e["ehs"] for e in entries] == [flop.lookup(row[:2], row[2:]).ehs for row in rows.tolist()]
    assert len(flop) == 1_286_792 and flop.histogram.shape == (1_286_792, 50)
    assert (flop.histogram.sum(axis=1, dtype=np.int64) == 1081).all()
    assert not np.isnan(flop.ehs).any() and (flop.ehs2 <= flop.ehs).all() and (flop.ehs ** 2 <= flop.ehs2).all()


def test_flop_ehs_agrees_with_monte_carlo(flop):
    rng = np.random.default_rng(7)
    for hole, board in (([51, 50], [20, 33, 2]), ([44, 45], [48, 36, 5]), ([3, 7], [11, 15, 40])):
        rest = np.array([c for c in range(52) if c not in hole + board])
        draws = np.array([rng.choice(rest, 4, replace=False) for _ in range(20_000)])  # turn, river, opponent
        finals = np.hstack([np.tile(board, (len(draws), 1)), draws[:, :2]])
        mine = ph.evaluate_batch(np.hstack([np.tile(hole, (len(draws), 1)), finals]).astype(np.uint8))
        theirs = ph.evaluate_batch(np.hstack([draws[:, 2:], finals]).astype(np.uint8))
        outcome = (mine < theirs) + 0.5 * (mine == theirs)
        error = outcome.std() / math.sqrt(len(outcome))
        assert abs(outcome.mean() - flop.lookup(hole, board).ehs) < 4.5 * error


@pytest.mark.parametrize("street,board_cards", [("turn", 4), ("river", 5)])
def test_turn_and_river_pieces_equal_a_brute_force(street, board_cards):
    units = analysis.strength_table(street, boards=(0, 0), progress=False).boards  # an empty piece
    assert units == (0, 0)
    total = ph.HandIndexer([board_cards]).size(0)
    start = total // 3
    piece = analysis.strength_table(street, boards=(start, start + 40), threads=2, progress=False)
    rng = np.random.default_rng(board_cards)
    for hole, board in sample_hands(rng, board_cards, range(start, start + 40), 12):
        ehs, ehs2, _ = brute_force(hole, board)
        entry = piece.lookup(hole, board)
        assert (entry.ehs, entry.ehs2) == (ehs, ehs2), (hole, board)
    if street == "river":
        assert piece.score.dtype == np.uint16
        filled = piece.score != 0xFFFF
        assert filled.sum() > 0 and (piece.score[filled] <= FULL).all()
    hole, board = sample_hands(rng, board_cards, [0], 1)[0]
    with pytest.raises(ValueError, match="holds boards"):
        piece.lookup(hole, board)


def test_flop_pieces_are_identical_on_one_thread_two_threads_a_process_pool_and_small_tasks(flop):
    piece = (300, 360)
    one = analysis.strength_table("flop", boards=piece, threads=1, progress=False)
    filled = ~np.isnan(one.ehs)
    assert filled.sum() > 50 * 900
    assert np.array_equal(one.values[filled], flop.values[filled])  # the whole table, on two threads
    with ProcessPoolExecutor(2) as pool:
        others = [analysis.strength_table("flop", boards=piece, executor=pool, progress=False),
                  analysis.strength_table("flop", boards=piece, threads=2, chunk=7, progress=False)]
    for other in others:
        assert np.array_equal(other.values[filled], one.values[filled]) and np.isnan(other.ehs[~filled]).all()


def test_a_flop_piece_on_a_dask_cluster_is_identical():
    distributed = pytest.importorskip("distributed")
    piece = (1000, 1020)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = analysis.strength_table("flop", boards=piece, executor=client, progress=False)
    local = analysis.strength_table("flop", boards=piece, threads=1, progress=False)
    assert on_dask.values.tobytes() == local.values.tobytes()  # NaN where unset, the same bits


def test_save_and_load_round_trip_mapped_or_in_memory(tmp_path, preflop, flop):
    for table in (preflop, flop):
        path = tmp_path / f"{table.street}.strength"
        table.save(path)
        for mmap in (True, False):
            loaded = analysis.StrengthTable.load(path, mmap=mmap)
            assert (loaded.street, loaded.bins, loaded.boards) == (table.street, table.bins, table.boards)
            assert isinstance(loaded.values, np.memmap) == mmap
            assert np.array_equal(loaded.values, table.values)
        board = None if table.street == "preflop" else "2c 7d Jh"
        mapped, built = loaded.lookup("KsKh", board), table.lookup("KsKh", board)
        assert mapped[:2] == built[:2] and np.array_equal(mapped.histogram, built.histogram)
    path = tmp_path / "preflop.strength"
    preflop.save(path)  # again over the file: replaced whole
    assert np.array_equal(analysis.StrengthTable.load(path).ehs, preflop.ehs)


def test_a_damaged_or_foreign_file_is_refused_by_name(tmp_path, preflop):
    path = tmp_path / "preflop.strength"
    preflop.save(path)
    data = bytearray(path.read_bytes())
    data[200] ^= 1  # a value byte (past the .npy header)
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="do not match their checksum"):
        analysis.StrengthTable.load(path)
    assert analysis.StrengthTable.load(path, verify=False).street == "preflop"
    path.write_bytes(bytes(data[:1000]))
    with pytest.raises(ValueError, match="preflop.strength"):
        analysis.StrengthTable.load(path)
    other = tmp_path / "values.table"
    ph.CombinationTable(10, 2).save(other)
    with pytest.raises(ValueError, match="not a hand-strength table"):
        analysis.StrengthTable.load(other)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="street must be one of"):
        analysis.strength_table("showdown")
    for bins in (0, 1001):
        with pytest.raises(ValueError, match="bins must be 1 to 1000"):
            analysis.strength_table("flop", bins=bins, boards=(0, 0))
    with pytest.raises(TypeError, match="bins must be an integer"):
        analysis.strength_table("flop", bins=2.5)
    with pytest.raises(ValueError, match="boards must satisfy"):
        analysis.strength_table("flop", boards=(5, 1756))
    with pytest.raises(ValueError, match="preflop table needs every board"):
        analysis.strength_table("preflop", boards=(0, 1))
    with pytest.raises(ValueError, match="threads"):
        analysis.strength_table("flop", threads=2, executor=2)
    with pytest.raises(ValueError, match="board must have 3, 4 or 5 cards"):
        analysis.hand_strength("AsAh", "Kd 7c")
    with pytest.raises(ValueError, match="card As is both in the hole and on the board"):
        analysis.hand_strength("AsAh", "As 7c 2d")
    table = analysis.strength_table("flop", boards=(0, 0), progress=False)
    with pytest.raises(ValueError, match="a flop hand has a board of 3 cards, got 4"):
        table.lookup("AsAh", "Kd 7c 2d 3h")
    with pytest.raises(AttributeError, match="score is the river's"):
        table.score


def test_progress_counts_every_canonical_board():
    seen = []
    analysis.strength_table("preflop", threads=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (134_459, 134_459) and all(a <= b for (a, _), (b, _) in zip(seen, seen[1:]))


def test_ctrl_c_stops_the_flop_table_within_about_a_second(tmp_path):
    took = seconds_to_stop(tmp_path, "ph.analysis.strength_table('flop', progress=progress)", timeout=60)
    assert took < 3  # about a second; a loaded 2-core CI box gets some slack
