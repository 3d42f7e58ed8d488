"""Range weights: any real number (int, float, Fraction, Decimal, numpy scalars) reads as float() reads it;
a weight that is negative, not finite, past the float range or a positive number that rounds to 0.0 is refused
by name (by Range and by the C parser alike); and range text keeps every bit of a weight."""

import decimal
import fractions

import numpy as np
import pytest

import pokerhash as ph


def test_a_decimal_weight_reads_as_a_float_does():
    for weight in (decimal.Decimal("0.25"), fractions.Fraction(1, 4), 0.25, np.float32(0.25)):
        assert ph.Range([("As Ks", weight)]).id_combos() == [((47, 51), 0.25)]
    assert len(ph.Range([("As Ks", decimal.Decimal(0))])) == 0  # weight 0 removes the combo, as 0.0 does


@pytest.mark.parametrize("weight", ["NaN", "sNaN", "Infinity", "-1", "1e400"])
def test_a_bad_decimal_weight_is_named_as_a_weight(weight):
    with pytest.raises(ValueError, match=r"^weight must be a finite number >= 0, got Decimal\('.*'\) in range "
                                         r"token 'As Ks'$"):
        ph.Range([("As Ks", decimal.Decimal(weight))])


def test_weights_past_the_float_range_are_refused_by_name():
    with pytest.raises(ValueError, match=r"^weight must be a finite number >= 0, got 1000"):
        ph.Range([("AsKs", 10**400)])


def test_range_text_keeps_every_weight_bit():
    r = ph.Range([("AsKs", 1 / 3), ("QdQh", 0.1)])
    assert ph.parse_range(str(r)) == r
    assert "AsKs:0.3333333333333333" in str(r)


def _message(call) -> str:
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


TINY = "weight must be 0 or a number that does not round to 0.0 as a float, got "


@pytest.mark.parametrize("weight, shown", [
    (decimal.Decimal("1e-400"), "Decimal('1E-400')"),
    (decimal.Decimal("-1e-400"), "Decimal('-1E-400')"),
    (decimal.Decimal("2e-324"), "Decimal('2E-324')"),  # below half the smallest positive float
])
def test_a_weight_that_rounds_to_zero_is_refused_by_range(weight, shown):
    assert _message(lambda: ph.Range([("As Ks", weight), "QdQh"])) == f"{TINY}{shown} in range token 'As Ks'"


def test_a_fraction_that_rounds_to_zero_is_refused_and_echoed_short():
    message = _message(lambda: ph.Range([("As Ks", fractions.Fraction(1, 10**400))]))
    assert message == f"{TINY}Fraction(1, 1{'0' * 27}… (414 characters) in range token 'As Ks'"
    # the same cut for the other weight message: Fraction(10**400) is past the float range
    assert _message(lambda: ph.Range([("As Ks", fractions.Fraction(10**400))])) == (
        f"weight must be a finite number >= 0, got Fraction(1{'0' * 30}… (414 characters) in range token 'As Ks'")


@pytest.mark.parametrize("text", ["AK:1e-400", "AK:-1e-400", "AK:2e-324", "QQ+, AK:0.000000001e-320"])
def test_a_weight_that_rounds_to_zero_is_refused_by_the_parser(text):
    token = text.split(", ")[-1]
    assert _message(lambda: ph.parse_range(text)) == f"{TINY}'{token.split(':')[1]}' in range token '{token}'"


def test_small_weights_a_float_holds_and_written_zeros_still_work():
    assert ph.Range([("As Ks", decimal.Decimal("3e-324"))]).id_combos() == [((47, 51), 5e-324)]
    assert ph.parse_range("AsKs:3e-324").id_combos() == [((47, 51), 5e-324)]
    assert ph.parse_range("AsKs:1e-320").id_combos() == [((47, 51), 1e-320)]
    for zero in ("0e-400", "0.000", "-0", "00"):
        assert len(ph.parse_range(f"AK:{zero}")) == 0
    assert len(ph.Range([("As Ks", fractions.Fraction(0, 10**400)), ("AdKd", decimal.Decimal("-0E-400"))])) == 0
