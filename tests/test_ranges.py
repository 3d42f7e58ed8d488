"""parse_range and Range: notations, weights, card removal, errors."""

import pytest

import pokerhash as ph
from pokerhash import Range, parse_range


def names(text):
    """The combos of a range as a set of names like 'AsKs' (high card first)."""
    return {"".join(str(c) for c in sorted(cards, reverse=True)) for cards, _ in parse_range(text)}


@pytest.mark.parametrize("text, count", [
    ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("QQ+", 18), ("22+", 78),
    ("A2s+", 48), ("K9s+", 16), ("K9o+", 48), ("A5s-A2s", 16), ("A2s-A5s", 16), ("22-55", 24),
    ("55-22", 24), ("KQo", 12), ("T9s+", 20), ("T9s-65s", 20), ("KTo-85o", 72), ("AsKs", 1),
    ("random", 1326), ("XX", 1326), ("AhKhQdJd", 1), 
    # AKs is named three times (AKs, T9s+, AK) but counted once.
    ("QQ+, AKs, A5s-A2s, KQo, T9s+, 22-55, AK", 18 + 16 + 16 + 12 + 16 + 24),
])
def test_counts(text, count):
    assert len(parse_range(text)) == count


def test_exact_combos():
    assert names("AKs") == {"AsKs", "AhKh", "AdKd", "AcKc"}
    assert names("QQ+") == names("QQ, KK, AA") == names("AA-QQ")
    assert names("A5s-A2s") == names("A2s, A3s, A4s, A5s")
    assert names("T9s+") == names("T9s, JTs, QJs, KQs, AKs")  # connectors: both ranks walk up
    assert names("K9s+") == names("K9s, KTs, KJs, KQs")  # otherwise the kicker walks up
    assert names("AK") == names("AKs, AKo")
    assert len(names("AKo") & names("AKs")) == 0
    assert names("AsKs, AhKh") == {"AsKs", "AhKh"}


def test_separators_case_and_spaces():
    assert names("qq+ ,aks;  kqo") == names("QQ+, AKs, KQo")
    assert names("22 - 55") == names("22-55")
    assert names("AcAd KsKh") == {"AdAc", "KsKh"}


def test_weights():
    r = parse_range("AK:0.5")
    assert {w for _, w in r} == {0.5} and r.weighted
    r = parse_range("QQ+:0.25, AA")  # a later token overrides the weight of the combos it repeats
    weights = {"".join(map(str, sorted(c, reverse=True))): w for c, w in r}
    assert len(r) == 18 and weights["AsAh"] == 1.0 and weights["KsKh"] == 0.25
    assert len(parse_range("QQ+, KK:0")) == 12  # weight 0 removes
    assert len(parse_range("AK : 0.5")) == 16
    assert not parse_range("AA").weighted


def test_card_removal():
    r = parse_range("AK, QQ")
    left = r.combos("As Qd")
    assert len(left) == 3 * 4 + 3
    assert all(ph.Card("As") not in cards and ph.Card("Qd") not in cards for cards, _ in left)
    assert len(r.combos([ph.Card("Ks"), 0])) == 12 + 6
    assert r.combos() == list(r)


def test_iteration_and_objects():
    r = parse_range("AA")
    cards, weight = next(iter(r))
    assert isinstance(cards[0], ph.Card) and weight == 1.0 and len(cards) == 2
    assert r == Range(["AcAd", "AcAh", "AcAs", "AdAh", "AdAs", "AhAs"])
    assert r.hand_size == 2 and Range().hand_size == 0 and len(Range()) == 0
    assert str(parse_range("qq+ , aks")) == "qq+, aks"
    assert str(Range([("AsKs", 0.5), (51, 39)])) == "AsKs:0.5, AsJs"
    assert Range(["AhKhQdJd"]).hand_size == 4


@pytest.mark.parametrize("text, message", [
    ("AKx", "unknown range token 'AKx'"),
    ("QQ+, AKs, A5z", "unknown range token 'A5z'"),
    ("AAs", "unknown range token 'AAs': a pair cannot be suited or offsuit"),
    ("A5s-A2o", "unknown range token 'A5s-A2o': both ends must be suited, offsuit or neither"),
    ("AKs-QJs-T9s", "unknown range token 'AKs-QJs-T9s'"),
    ("A5s-K2s", "unknown range token 'A5s-K2s': a span joins pairs"),
    ("AK:x", "bad weight 'x' in range token 'AK:x'"),
    ("AK:-1", "weight must be a finite number >= 0, got -1.0 in range token 'AK:-1'"),
    ("AK:nan", "weight must be a finite number >= 0"),
    ("AsKsQs", "unknown range token 'AsKsQs'"),
    ("AsAs", "unknown range token 'AsAs'"),
    (" , ", "empty range: no hands given"),
    ("AsKs, AhKhQdJd", "a range mixes hands of 2 and 4 cards"),
])
def test_errors_name_the_token(text, message):
    with pytest.raises(ValueError) as info:
        parse_range(text)
    assert str(info.value).startswith(message)


def test_not_text():
    with pytest.raises(TypeError, match="a range must be text"):
        parse_range(["AA"])
