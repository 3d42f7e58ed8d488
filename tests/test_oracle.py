"""Checks the reference evaluator itself against published facts, so that agreeing with it means something."""

import random

import pytest

import oracle

# Distinct five-card hand classes per public category (royal flush .. high card): 7,462 in all.
CLASSES_PER_CATEGORY = [1, 9, 156, 156, 1277, 10, 858, 858, 2860, 1277]
# Number of the 2,598,960 five-card hands in each category (standard published frequencies).
HANDS_PER_CATEGORY = [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


def test_class_counts_per_category():
    counts = [0] * 10
    for value in range(1, 7463):
        counts[oracle.category_of_value(value)] += 1
    assert counts == CLASSES_PER_CATEGORY


def test_categories_are_contiguous_best_first():
    cats = [oracle.category_of_value(v) for v in range(1, 7463)]
    assert cats == sorted(cats)


def test_landmark_values():
    assert oracle.value_of(oracle.parse("As Ks Qs Js Ts")) == 1
    assert oracle.value_of(oracle.parse("Ks Qs Js Ts 9s")) == 2
    assert oracle.value_of(oracle.parse("5s 4s 3s 2s As")) == 10  # steel wheel: worst straight flush
    assert oracle.value_of(oracle.parse("Ac Ad Ah As Kc")) == 11
    assert oracle.value_of(oracle.parse("Ad 2c 3h 4s 5d")) == 1609  # wheel: worst straight
    assert oracle.value_of(oracle.parse("7c 5d 4h 3s 2c")) == 7462


def test_wheel_ranks_put_the_ace_last():
    assert oracle.ranks_of_value(10) == (3, 2, 1, 0, 12)
    assert oracle.ranks_of_value(1609) == (3, 2, 1, 0, 12)
    assert oracle.describe_value(1609) == "Five-High Straight"


def test_best_subset_is_taken():
    # A seven-card hand holding a flush and a pair is a flush; a pair beside a straight is a straight.
    assert oracle.category_of_value(oracle.value_of(oracle.parse("Ah Kh 9h 5h 2h 2c 2d"))) == 4
    assert oracle.category_of_value(oracle.value_of(oracle.parse("6c 7d 8h 9s Tc Td 2s"))) == 5


def test_numpy_oracle_matches_pure_python_oracle():
    np = pytest.importorskip("numpy")
    rng = random.Random(7)
    for k in range(5, 10):
        hands = [rng.sample(range(52), k) for _ in range(1500)]
        fast = oracle.values_array(np.array(hands, dtype=np.uint8))
        assert fast.tolist() == [oracle.value_of(h) for h in hands]


@pytest.mark.slow
def test_all_five_card_category_frequencies():
    np = pytest.importorskip("numpy")
    values = oracle.values_array(oracle.all_five_card_hands())
    category = np.array([0] + [oracle.category_of_value(v) for v in range(1, 7463)])
    assert np.bincount(category[values], minlength=10).tolist() == HANDS_PER_CATEGORY
    assert len(np.unique(values)) == 7462
