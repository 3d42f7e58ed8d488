"""The suit-isomorphic hand indexer (issue 29): the C checks (tests/c/test_isomorphism.c: exhaustive bijections
of [2], [2,3], [2,4], [2,3,1], 10^7 random hands of [2,5] and [2,3,1,1], the shared vectors), and HandIndexer in
Python against a plain reference written here: the canonical form of a hand is the smallest, over the 24 suit
renamings, of its rounds' sorted card tuples."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys

import pytest

from c_build import c_program
from conftest import REPO_ROOT

import pokerhash as ph

sys.path.insert(0, os.path.join(REPO_ROOT, "tests", "vectors"))
import make_isomorphism_vectors  # noqa: E402

VECTORS = os.path.join(REPO_ROOT, "tests", "vectors", "isomorphism.jsonl")
PERMUTATIONS = list(itertools.permutations(range(4)))


def reference_form(cards, rounds):
    """The smallest renaming of the hand: rounds as sorted tuples of ids, compared round by round."""
    splits, at = [], 0
    for count in rounds:
        splits.append(cards[at:at + count])
        at += count
    return min(tuple(tuple(sorted(4 * (c // 4) + perm[c % 4] for c in part)) for part in splits)
               for perm in PERMUTATIONS)


def run_c(native_tools, *args):
    run = subprocess.run([c_program(native_tools, "test_isomorphism"), *map(str, args)], capture_output=True,
                         text=True, timeout=600)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: 0 failure(s)" in run.stdout


# ---- the C checks ------------------------------------------------------------------------------------------


def test_every_index_of_small_games_round_trips_and_orbits_add_up(native_tools):
    run_c(native_tools, "exhaustive")


def test_ten_million_random_hands_of_the_big_games_keep_their_class(native_tools):
    run_c(native_tools, "sample", 10_000_000, 29)


def test_c_core_reads_the_shared_vectors(native_tools):
    run_c(native_tools, "vectors", VECTORS)


# ---- sizes, vectors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rounds, sizes", [
    ([2], [169]),
    ([2, 3, 1, 1], [169, 1_286_792, 55_190_538, 2_428_287_420]),
    ([2, 4], [169, 13_960_050]),
    ([2, 5], [169, 123_156_254]),
    ([4, 3, 1, 1], [16_432, 204_461_673, 8_964_883_057, 389_802_959_832]),
])
def test_sizes_are_the_published_ones(rounds, sizes):
    indexer = ph.HandIndexer(rounds)
    assert [indexer.size(r) for r in range(len(rounds))] == sizes
    assert indexer.size() == sizes[-1] and indexer.rounds == tuple(rounds)


def test_vectors_file_is_what_its_script_writes():
    with open(VECTORS, encoding="utf-8") as f:
        assert f.read() == make_isomorphism_vectors.text()


def test_vectors_give_their_indexes_and_canonical_hands():
    with open(VECTORS, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if '"rounds"' in line]
    assert len(cases) >= 40
    for case in cases:
        indexer = ph.HandIndexer(case["rounds"])
        assert indexer.index_all(case["text"]) == case["indexes"]
        assert indexer.index(case["cards"]) == case["indexes"][-1]
        assert [int(c) for c in indexer.unindex(-1, case["indexes"][-1])] == case["canonical"]


# ---- against the reference ------------------------------------------------------------------------------------


def test_all_hole_pairs_share_an_index_exactly_when_their_forms_match():
    indexer = ph.HandIndexer([2])
    by_form, by_index = {}, {}
    for hole in itertools.combinations(range(52), 2):
        form, index = reference_form(list(hole), [2]), indexer.index(list(hole))
        assert by_form.setdefault(form, index) == index
        assert by_index.setdefault(index, form) == form
    assert len(by_form) == len(by_index) == 169 and sorted(by_index) == list(range(169))


@pytest.mark.parametrize("rounds", [[2, 3, 1, 1], [4, 3, 1, 1], [2, 5], [1, 1, 1, 1, 1, 1, 1, 1]])
def test_random_pairs_share_an_index_exactly_when_their_forms_match(rounds):
    rng = random.Random(sum(rounds))
    indexer = ph.HandIndexer(rounds)
    k = sum(rounds)
    hands = []
    for _ in range(300):
        cards = rng.sample(range(52), k)
        perm = rng.choice(PERMUTATIONS)
        renamed = [4 * (c // 4) + perm[c % 4] for c in cards]
        shuffled = list(cards)
        rng.shuffle(shuffled)  # mostly another class; sometimes the same
        near = list(cards)
        near[rng.randrange(k)] = rng.choice([c for c in range(52) if c not in cards])
        hands += [(cards, renamed), (cards, shuffled), (cards, near)]
    same = 0
    for a, b in hands:
        equal_forms = reference_form(a, rounds) == reference_form(b, rounds)
        assert (indexer.index(a) == indexer.index(b)) == equal_forms, (a, b)
        same += equal_forms
    assert 300 <= same < len(hands)  # both outcomes were tried


def test_canonical_hands_are_renamings_with_the_same_form():
    rng = random.Random(7)
    indexer = ph.HandIndexer([2, 3, 1, 1])
    for _ in range(500):
        cards = rng.sample(range(52), 7)
        canonical = [int(c) for c in indexer.canonical(cards)]
        assert reference_form(canonical, [2, 3, 1, 1]) == reference_form(cards, [2, 3, 1, 1])
        assert indexer.is_canonical(canonical) and indexer.index(canonical) == indexer.index(cards)
        assert indexer.is_canonical(cards) == (sorted(cards[:2]) + sorted(cards[2:5]) + cards[5:] == canonical)


# ---- the Python API ---------------------------------------------------------------------------------------------


def test_cards_come_as_text_names_or_ids_and_any_round():
    holdem = ph.HandIndexer([2, 3, 1, 1])
    text = "AsKs Qs7h2d"
    assert holdem.index(text) == holdem.index(["As", "Ks", "Qs", "7h", "2d"]) == holdem.index(51, 47, 43, 22, 1)
    assert holdem.index(text) == holdem.index("AhKh Qh7c2s") != holdem.index("AsKh Qs7h2d")
    assert holdem.index_all(text + " 3c 4c")[:2] == [holdem.index("AsKs"), holdem.index(text)]
    assert holdem.unindex(0, holdem.index("AsKs")) == (ph.Card("Kc"), ph.Card("Ac"))
    assert holdem.unindex(-1, 0) == holdem.unindex(3, 0) and len(holdem.unindex(1, 5)) == 5
    assert repr(holdem) == "HandIndexer([2, 3, 1, 1])"


def test_batches_agree_with_single_calls():
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(5)
    holdem = ph.HandIndexer([2, 3, 1, 1])
    rows = np.array([rng.permutation(52)[:7] for _ in range(2000)])
    last = holdem.index_batch(rows)
    assert last.dtype == np.uint64 and last.shape == (2000,)
    assert last.tolist() == [holdem.index(row.tolist()) for row in rows]
    every = holdem.index_batch(rows, every_round=True)
    assert every.shape == (2000, 4) and every[:, 3].tolist() == last.tolist()
    assert holdem.index_batch(rows[:, :5]).tolist() == every[:, 1].tolist()
    canonical = holdem.unindex_batch(3, last)
    assert canonical.dtype == np.uint8 and canonical.shape == (2000, 7)
    assert holdem.index_batch(canonical).tolist() == last.tolist()
    assert holdem.is_canonical_batch(canonical).all()
    assert holdem.is_canonical_batch(rows).tolist() == [holdem.is_canonical(r.tolist()) for r in rows]
    assert holdem.index_batch([[51, 47, 43, 22, 1, 0, 4]]).tolist() == [holdem.index("AsKsQs7h2d 2c 3c")]


def test_batches_take_lists_of_rows_and_lists_of_indexes():
    holdem = ph.HandIndexer([2])
    assert list(holdem.index_batch([[0, 1], [4, 5], (51, 47)])) == [holdem.index(h) for h in ([0, 1], [4, 5], [51, 47])]
    assert [list(row) for row in holdem.unindex_batch(0, [0, 168])] == [[0, 1], [44, 48]]


@pytest.mark.parametrize("counts, error, message", [
    ([], ValueError, "1 to 8 rounds, got 0"),
    ([1] * 9, ValueError, "1 to 8 rounds, got 9"),
    ([2, 0], ValueError, "round 1 deals 0 cards"),
    ([30, 23], ValueError, "53 cards, more than the 52"),
    ([13, 13], OverflowError, "2**64 canonical hands or more"),
    ("23", TypeError, "sequence of counts"),
    ([2.0], TypeError, "must be an integer"),
    ([True], TypeError, "must be an integer"),
])
def test_bad_rounds_are_refused_by_name(counts, error, message):
    with pytest.raises(error, match=message.replace("*", r"\*")):
        ph.HandIndexer(counts)


def test_bad_hands_and_indexes_are_refused_by_name():
    holdem = ph.HandIndexer([2, 3, 1, 1])
    with pytest.raises(ValueError, match="duplicate card As"):
        holdem.index("As As")
    with pytest.raises(ValueError, match="expected 2, 5, 6 or 7 cards .rounds .2, 3, 1, 1.., got 3"):
        holdem.index("As Ks Qs")
    with pytest.raises(ValueError, match="unknown card"):
        holdem.index("As Xx")
    with pytest.raises(ValueError, match=r"index 169 outside 0..168 \(round 0\)"):
        holdem.unindex(0, 169)
    with pytest.raises(ValueError, match=r"index -1 outside"):
        holdem.unindex(0, -1)
    with pytest.raises(ValueError, match=r"round 4 outside 0..3 \(4 rounds\)"):
        holdem.size(4)
    with pytest.raises(TypeError, match="round must be an integer"):
        holdem.unindex("0", 1)
    with pytest.raises(ValueError, match="row 1: duplicate card"):
        holdem.index_batch([[0, 1], [2, 2]])
    with pytest.raises(ValueError, match="row 0: card id outside 0..51"):
        holdem.index_batch([[0, 60]])
    with pytest.raises(ValueError, match="rows must hold 2, 5, 6 or 7 cards .rounds .2, 3, 1, 1.., got 3"):
        holdem.index_batch([[0, 1, 2]])
    with pytest.raises(ValueError, match="row 1: index out of range"):
        holdem.unindex_batch(0, [5, 169])


def test_one_indexer_shared_by_threads_gives_the_serial_results():
    np = pytest.importorskip("numpy")
    import threading

    holdem = ph.HandIndexer([2, 3, 1, 1])
    rng = np.random.default_rng(11)
    rows = [np.array([rng.permutation(52)[:7] for _ in range(3000)], dtype=np.uint8) for _ in range(6)]
    serial = [holdem.index_batch(r).tolist() for r in rows]
    results = [None] * len(rows)

    def work(i):  # each thread indexes its rows and turns them back, in the C core with the GIL released
        indexes = holdem.index_batch(rows[i])
        results[i] = holdem.index_batch(holdem.unindex_batch(3, indexes)).tolist()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(rows))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == serial
