"""True is no count and a flag is True or False: bools are refused where an integer is meant (quinary digits,
table subsets), and flags (shuffle=, force=, exact=) take bools and numpy's bools but nothing that merely reads
as true ("no" would otherwise start a job the caller refused)."""

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import games


def test_quinary_hash_takes_no_bools():
    with pytest.raises(TypeError, match=r"^q must hold integers, got True$"):
        ph.quinary_hash([True] + [0] * 12, 1)
    with pytest.raises(TypeError, match=r"^k must be an integer, got True$"):
        ph.quinary_hash([1] + [0] * 12, True)
    assert ph.quinary_hash([1] + [0] * 12, 1) == ph.quinary_hash([np.int64(1)] + [0] * 12, np.int8(1))


def test_table_subsets_take_no_bools():
    table = ph.CombinationTable(52, 3, "uint8")
    with pytest.raises(TypeError):
        table.rank([True, 2, 3])
    assert table.rank([1, 2, 3]) == ph.rank_combination([1, 2, 3], 52)


@pytest.mark.parametrize("shuffle", [1, 0, "no", None, 1.0])
def test_deck_shuffle_must_be_true_or_false(shuffle):
    with pytest.raises(TypeError, match=r"^shuffle must be True or False, got "):
        ph.Deck(shuffle=shuffle)


def test_deck_shuffle_takes_bools_and_numpy_bools():
    assert ph.Deck(shuffle=np.False_).deal(2) == ph.Deck(shuffle=False).deal(2) == [0, 1]
    assert len(ph.Deck(seed=3, shuffle=np.True_)) == 52


def test_force_must_be_a_bool():
    # "no" would read as true and start a two-hour enumeration
    with pytest.raises(TypeError, match=r"^force must be True or False, got 'no'$"):
        ph.equity(["random"] * 3, exact=True, force="no")
    with pytest.raises(TypeError, match=r"^force must be True or False, got 0$"):
        games.equity(["random"] * 4, game="shortdeck", exact=True, force=0)


def test_numpy_bools_are_flags_for_exact_too():
    # exact had its own bool test, which knew numpy 1's type name (bool_) but not numpy 2's (bool)
    result = ph.equity(["AsAd", "KsKh"], board="2c7d9h", exact=np.True_)
    assert result.exact and result.deals == 990
    with pytest.raises(TypeError, match=r"^exact must be True, False or None, got 'yes'$"):
        ph.equity(["AsAd", "KsKh"], exact="yes")
