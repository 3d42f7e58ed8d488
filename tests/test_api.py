"""The public surface: names, backend, constants and the documented examples of the README/brief."""

import sys
import types

import pokerhash
from pokerhash import Card, Category


def test_public_names():
    for name in ("evaluate", "evaluate_batch", "category", "describe", "best_five", "Card", "Category",
                 "parse_cards", "comb", "rank_combination", "unrank_combination", "combinations",
                 "combination_masks", "hand_index", "value_histogram", "quinary_hash", "backend"):
        assert hasattr(pokerhash, name), name
    for name in pokerhash.__all__:
        assert hasattr(pokerhash, name), name


def test_the_namespace_holds_the_public_names_and_submodules_only():
    # Helpers, aliases and typing names live in the submodules: dir(pokerhash) is what the package offers.
    loose = [name for name in dir(pokerhash) if name not in pokerhash.__all__
             and not (name.startswith("__") and name.endswith("__"))
             and not isinstance(getattr(pokerhash, name), types.ModuleType)]
    assert not loose, loose
    aliases = [name for name in dir(pokerhash) if isinstance(getattr(pokerhash, name), types.ModuleType)
               and getattr(pokerhash, name).__name__ != f"pokerhash.{name}"]
    assert not aliases, aliases  # a module attribute is the submodule of that name, not another under it


def test_backend():
    assert pokerhash.backend == ("wasm" if sys.platform == "emscripten" else "native")


def test_scale_ends():
    assert pokerhash.evaluate("As Ks Qs Js Ts") == 1
    assert pokerhash.evaluate("7c 5d 4h 3s 2c") == 7462
    assert pokerhash.WORST_VALUE == 7462


def test_lower_is_better():
    quads = pokerhash.evaluate("Ac Ad Ah As 2c")
    full = pokerhash.evaluate("Kc Kd Kh Qs Qc")
    assert quads < full


def test_category_values():
    assert pokerhash.category(1) is Category.ROYAL_FLUSH
    assert pokerhash.category(7462) is Category.HIGH_CARD
    assert Category.FOUR_OF_A_KIND == 2 and Category.ONE_PAIR == 8
    assert str(Category.FOUR_OF_A_KIND) == "Four of a Kind"


def test_card_examples():
    assert Card("As") == 51 and str(Card(51)) == "As" and Card("As").rank == 12 and Card("As").suit == 3
    assert Card("2c") == 0 and Card("2d") == 1 and Card("3c") == 4
