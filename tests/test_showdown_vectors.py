"""tests/vectors/showdown.jsonl, the showdown counts the JS library is checked against, is what
pokerhash.analysis.showdown answers today (regenerate it with the command in its banner if this fails)."""

import os
import sys

import pytest

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vectors")


def test_showdown_vectors_are_what_the_generator_writes_now():
    pytest.importorskip("numpy")
    sys.path.insert(0, VECTORS)
    import make_showdown_vectors

    with open(make_showdown_vectors.OUT, encoding="utf-8") as f:
        stored = f.read().splitlines()
    assert stored == make_showdown_vectors.lines(), f"tests/vectors/showdown.jsonl is stale: {make_showdown_vectors.COMMAND}"
    boards = [line for line in stored if '"rows"' in line]
    assert len(boards) == len(make_showdown_vectors.BOARDS) >= 12
