"""Every five-card hand: the library's value must equal the oracle's, which pins all 7,462 classes and
their order on the Cactus Kev scale."""

import pytest

import oracle
import pokerhash

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def all_hands():
    hands = oracle.all_five_card_hands()
    return hands, oracle.values_array(hands)


@pytest.mark.slow
def test_every_five_card_hand_matches_oracle(all_hands):
    hands, expected = all_hands
    got = pokerhash.evaluate_batch(hands)
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, (
        f"{bad.size} hands differ, first: "
        + ", ".join(f"{' '.join(oracle.card_name(c) for c in hands[i])}: got {got[i]} want {expected[i]}"
                    for i in bad[:5]))
    assert len(np.unique(got)) == 7462


@pytest.mark.slow
def test_card_order_within_a_hand_does_not_matter(all_hands):
    # The same hands with their columns reversed and rotated.
    hands, expected = all_hands
    assert (pokerhash.evaluate_batch(np.ascontiguousarray(hands[:, ::-1])) == expected).all()
    assert (pokerhash.evaluate_batch(np.ascontiguousarray(np.roll(hands, 2, axis=1))) == expected).all()


def test_five_card_histogram_matches_oracle(all_hands):
    # value_histogram(5) enumerates in colex order by its own incremental code: same counts.
    _, expected = all_hands
    hist = pokerhash.value_histogram(5)
    assert hist[0] == 0
    assert (hist == np.bincount(expected, minlength=7463)).all()
