"""The shared vectors (tests/vectors/hands.txt, also read by the C and web tests) through every public
entry point that takes a hand."""

import pokerhash
from pokerhash import Card, Category

import oracle


def test_vector_file_is_rich(vectors):
    # Guard against an accidentally truncated file: all card counts and all categories present.
    seen = {(len(text.split()), oracle.category_of_value(v)) for text, v in vectors}
    assert {(k, c) for k in range(5, 10) for c in range(10)} <= seen


def test_vectors_agree_with_oracle(vectors):
    for text, value in vectors:
        assert oracle.value_of(oracle.parse(text)) == value, text


def test_evaluate_every_input_form(vectors):
    for text, value in vectors:
        names = text.split()
        ids = [oracle.card_id(n) for n in names]
        assert pokerhash.evaluate(text) == value, text
        assert pokerhash.evaluate(text.replace(" ", "")) == value, text
        assert pokerhash.evaluate(text.replace(" ", ",")) == value, text
        assert pokerhash.evaluate(text.lower()) == value, text
        assert pokerhash.evaluate(names) == value, text
        assert pokerhash.evaluate(tuple(ids)) == value, text
        assert pokerhash.evaluate(*ids) == value, text
        assert pokerhash.evaluate(*names) == value, text
        assert pokerhash.evaluate([Card(n) for n in names]) == value, text
        assert pokerhash.evaluate(names[:2] + ids[2:]) == value, text  # names and ids mixed
        assert pokerhash.evaluate(list(reversed(ids))) == value, text


def test_evaluate_batch_on_vectors(vectors):
    # Grouped by card count into flat bytes (no numpy needed): array('H') out, in row order.
    for k in range(5, 10):
        rows = [(text, v) for text, v in vectors if len(text.split()) == k]
        flat = bytes(oracle.card_id(n) for text, _ in rows for n in text.split())
        out = pokerhash.evaluate_batch(flat, k)
        assert list(out) == [v for _, v in rows]


def test_category_on_vectors(vectors):
    for text, value in vectors:
        category = pokerhash.category(pokerhash.evaluate(text))
        assert isinstance(category, Category)
        assert category == oracle.category_of_value(value), text


def test_best_five_on_vectors(vectors):
    for text, value in vectors:
        five = pokerhash.best_five(text)
        assert isinstance(five, tuple) and len(five) == 5
        assert all(isinstance(c, Card) for c in five)
        assert set(five) <= set(pokerhash.parse_cards(text)), text
        assert pokerhash.evaluate(five) == value, text
        # importance order: the ranks the value names, in order (wheel: the ace last)
        assert tuple(c.rank for c in five) == oracle.ranks_of_value(value), (text, five)
