"""Hostile calls of the private _core contract (issue 13, items 2 and 3), run by tests/test_reliability_bindings.py
in a child process under PYTHONMALLOC=malloc_debug, so a heap overrun or a use after free aborts the child
instead of passing unseen. `python reliability_cases.py native|wasm` prints one JSON list of
[case, outcome, expected]: the outcome of each hostile call and of the same call on plain copies."""

import json
import sys


def outcome(call):
    try:
        return ["ok", call()]
    except Exception as error:  # the outcome is the exception's type and text, compared by the test
        return [type(error).__name__, str(error)]


class ClearsOnFloat:
    """A weight whose __float__ empties and refills the lists the binding is walking."""

    def __init__(self, victims, grow):
        self.victims, self.grow = victims, grow

    def __float__(self):
        for victim in self.victims:
            victim.clear()
        self.grow.extend([(0, 1)] * 1000)
        return 1.0


class ClearsOnIndex:
    """A card id (or digit) whose __index__ empties the list that holds it."""

    def __init__(self, value, victim):
        self.value, self.victim = value, victim

    def __index__(self):
        self.victim.clear()
        return self.value


def hostile_game():
    """AsAh/JsJh vs KsKh: the first weight's __float__ clears player 1's list and the weight lists, and grows
    player 2's list by 1000 holdings."""
    first, second = [(51, 50), (43, 42)], [(47, 46)]
    first_weights, second_weights = [None, 2.0], [1.0]
    first_weights[0] = ClearsOnFloat([first, first_weights, second_weights], second)
    return [first, second], [first_weights, second_weights]


PLAIN_GAME = ([[(51, 50), (43, 42)], [(47, 46)]], [[1.0, 2.0], [1.0]])


def refused(count, width):
    return lambda: ["ValueError", f"count={count} rows of {width} bytes do not fit in memory"]


def same_as(plain):
    return lambda: outcome(plain)


def cases(core):
    huge = 2**59  # C(64, 32) > 2**60 rows pass the range check; 2**59 rows of 32 items wrap to 0 bytes
    hand = []
    hand.extend([ClearsOnIndex(51, hand), 47, 43, 39, 35])
    items = []
    items.extend([ClearsOnIndex(0, items), 1, 2])
    digits = []
    digits.extend([ClearsOnIndex(2, digits)] + [0] * 12)
    players = []
    players.extend([[ClearsOnIndex(51, players), 47], "QQ+, AKs"])
    return [
        ("equity_ranges, card clears the players", lambda: core.equity_ranges(players, None, None, None, 0.04, 1.0, 2.0),
         lambda: ["ok", None]),
        ("combinations_into 2**59 rows of 32", lambda: core.combinations_into(64, 32, 0, huge, bytearray(0)),
         refused(huge, 32)),
        ("combinations_into 2**59+1 rows of 32", lambda: core.combinations_into(64, 32, 0, huge + 1, bytearray(32)),
         refused(huge + 1, 32)),
        ("combination_rows_into lex 2**59 rows", lambda: core.combination_rows_into(64, 32, 1, 0, huge, bytearray(0)),
         refused(huge, 32)),
        ("equity_units, weight clears lists", lambda: core.equity_units(*hostile_game(), [], []),
         same_as(lambda: core.equity_units(*PLAIN_GAME, [], []))),
        ("equity_exact, weight clears lists", lambda: core.equity_exact(*hostile_game(), [], [], 0, 2),
         same_as(lambda: core.equity_exact(*PLAIN_GAME, [], [], 0, 2))),
        ("equity_sample, weight clears lists", lambda: core.equity_sample(*hostile_game(), [], [], 5, 0, 500),
         same_as(lambda: core.equity_sample(*PLAIN_GAME, [], [], 5, 0, 500))),
        ("evaluate, card clears the hand", lambda: core.evaluate(hand), same_as(lambda: core.evaluate([51, 47, 43, 39, 35]))),
        ("rank_combination, item clears the items", lambda: core.rank_combination(items, 52, 0),
         same_as(lambda: core.rank_combination([0, 1, 2], 52, 0))),
        ("quinary_hash, digit clears the digits", lambda: core.quinary_hash(digits, 2),
         same_as(lambda: core.quinary_hash([2] + [0] * 12, 2))),
    ]


def main():
    if sys.argv[1] == "wasm":
        import pokerhash._wasm_core as core
    else:
        import pokerhash._core as core
    print(json.dumps([[name, outcome(call), want()] for name, call, want in cases(core)]))


if __name__ == "__main__":
    main()
