"""parse_range and Range: notations, weights, card removal, errors. The notation is parsed by the C core
(core_c/src/ranges/); tests/vectors/ranges.jsonl holds the reference parser's answers (tests/range_oracle.py),
replayed here through Python, by tests/c/test_range.c in C and by tests/web/ranges.test.mjs in JS."""

import glob
import json
import math
import os
import random
import subprocess
import sys
import unicodedata

import pytest

import pokerhash as ph
from pokerhash import Range, parse_range
from pokerhash import _backend

import range_oracle
from core_build import core_includes

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors", "ranges.jsonl")


def load_range_vectors():
    with open(VECTORS, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def combo_name(cards):
    return "".join(str(ph.Card(c)) for c in sorted(cards, reverse=True))


def replay(text, dead):
    """The `result` field of a vector, computed through the public API (and _core for card removal)."""
    try:
        parsed = parse_range(text)
    except ValueError as error:
        return "", f"! {error}"
    combos = _backend.core.parse_range(text, dead)[1]
    assert [(c, w) for c, w in parsed.id_combos(dead)] == combos
    names = [combo_name(c) + ("" if w == 1.0 else f":{w!r}") for c, w in combos]
    return str(parsed), "= " + " ".join(names)


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


# ---- the shared vectors and the C parser ------------------------------------------------------------------


def test_vectors_replay_through_python():
    rows = load_range_vectors()
    assert len(rows) >= 500
    bad = []
    for text, dead, normalized, result in rows:
        got_text, got = replay(text, dead)
        if got != result or (result.startswith("=") and got_text != normalized):
            bad.append(f"{text!r}: got {got_text!r} {got[:200]!r}, want {normalized!r} {result[:200]!r}")
    assert not bad, "\n".join(bad[:10])


def test_vectors_are_the_reference_answers(native_tools):
    """The vector file is exactly what the reference parser answers today (regenerate it if this fails)."""
    root = native_tools["root"]
    sys.path.insert(0, os.path.join(root, "tests", "vectors"))
    import make_range_vectors

    rows = load_range_vectors()
    want = [make_range_vectors.answer(text, dead) for text, dead, _, _ in rows]
    assert rows == want, "tests/vectors/ranges.jsonl is stale: python tests/vectors/make_range_vectors.py"
    texts = [r[0] for r in rows]
    assert texts[: len(make_range_vectors.CASES)] == make_range_vectors.CASES


def test_c_parser_on_the_vectors(native_tools, tmp_path):
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    root = native_tools["root"]
    # The range files and the card parser and quoting they use: small enough to build with the sanitizers quickly.
    sources = sorted(glob.glob(os.path.join(root, "core_c", "src", "ranges", "*.c")))
    sources += [os.path.join(root, "core_c", "src", "common", name) for name in ("cards.c", "quote.c")]
    exe = str(tmp_path / "test_range")
    build = subprocess.run(
        [native_tools["cc"], "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-fsanitize=address,undefined",
         *core_includes(),
         os.path.join(root, "tests", "c", "test_range.c"), *sources, "-o", exe, "-lm"],
        capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([exe, VECTORS], capture_output=True, text=True, timeout=300)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failures" in run.stdout


def test_random_texts_match_the_reference():
    """Fresh random texts each run (seed printed), beyond the checked-in vectors."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    pieces = ["A", "K", "T", "9", "2", "s", "o", "O", "+", "-", ":", "0.25", "1e-2", "_", ".", "As", "Kd", "2c",
              "10h", "x", "any", " ", ",", ";", "\u00a0", "QQ", "AKs", "T9s+", "22-55", "AhKhQdJd", "nan", "-1"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        try:
            want = range_oracle.parse(text)
        except ValueError as error:
            with pytest.raises(ValueError) as got:
                parse_range(text)
            assert str(got.value) == str(error), (seed, text)
            continue
        got = parse_range(text)
        assert (str(got), list(got.id_combos())) == want, (seed, text)


def test_every_unicode_decimal_digit_is_a_weight_digit():
    """Python's float() reads any Unicode decimal digit; so does the C parser (for this Python's Unicode)."""
    digits = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Nd"]
    assert len(digits) >= 600
    for d in digits:
        weights = {w for _, w in parse_range(f"AK:{d}.5")}
        assert weights == {unicodedata.decimal(d) + 0.5}, d
    for c in ["\u00b2", "\u2155", "\u0f33", "a", "\u00bd"]:  # digits of other kinds are not decimal digits
        with pytest.raises(ValueError, match="bad weight"):
            parse_range(f"AK:{c}")


def test_negative_weights_are_shown_as_python_shows_them():
    rng = random.Random(5)
    values = [-rng.uniform(0, 10) ** rng.randint(-30, 30) for _ in range(300)]
    values += [-1e16, -1e15, -123456789012345.6, -0.0001, -0.00001, -1.5e-300, -5e-324, -1.7976931348623157e308]
    for x in values:
        with pytest.raises(ValueError) as error:
            parse_range(f"AK:{x!r}")
        assert str(error.value) == f"weight must be a finite number >= 0, got {x!r} in range token 'AK:{x!r}'"


def test_range_from_text():
    """Range('QQ+') and Range(text='QQ+') parse (issue 10 item 7): neither is an empty range any more."""
    assert Range("QQ+") == Range(text="QQ+") == parse_range("QQ+")
    assert len(Range(text="QQ+")) == 18 and str(Range("qq+ ,aks")) == "qq+, aks"
    assert Range("QQ+", text="QQ+") == parse_range("QQ+")
    with pytest.raises(ValueError, match="unknown range token 'QX'"):
        Range(text="QX")
    with pytest.raises(ValueError, match="empty range"):
        Range(text="")
    with pytest.raises(ValueError, match="Range\\(\\) takes range text or combos, not both"):
        Range(["AsKs"], text="QQ+")
    with pytest.raises(ValueError, match="not both"):
        Range("QQ+", text="KK")
    with pytest.raises(TypeError, match="a range must be text, got int"):
        Range(text=5)
    assert len(Range()) == 0 and len(Range([])) == 0


def test_long_texts_stay_linear():
    assert len(parse_range(", ".join(["random"] * 2000))) == 1326
    omaha = ", ".join(f"{a}{b}{c}{d}" for a, b, c, d in
                      [("Ah", "Kh", "Qd", "Jd"), ("2c", "3c", "4c", "5c")] * 3000)
    r = parse_range(omaha)
    assert len(r) == 2 and r.hand_size == 4
    assert [combo_name(cards) for cards, _ in r.id_combos()] == ["AhKhQdJd", "5c4c3c2c"]
