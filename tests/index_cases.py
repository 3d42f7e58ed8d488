"""Integer-like arguments of the private _core contract (issue 13, items 8 and 9), run by
tests/test_index_arguments.py once per backend: `python index_cases.py native|wasm` prints one JSON list of
[case, outcome]. numpy integer scalars must act as the ints they hold, and an id past 2**63 must be a
ValueError naming it, never a bare OverflowError."""

import json
import sys

import numpy as np


def outcome(call):
    try:
        result = call()
        return ["ok", result.tolist() if hasattr(result, "tolist") else result]
    except Exception as error:  # the test compares the type and the text across backends
        return [type(error).__name__, str(error)]


def cases(core):
    seven = np.arange(7, dtype=np.uint8)
    out2 = np.zeros(1, np.uint16)
    rows = np.zeros(2 * 3, np.uint8)
    masks = np.zeros(3, np.uint64)
    holdings = [[(np.int64(51), np.int64(50))], [(np.uint8(47), np.uint8(46))]]
    return [
        ("evaluate_batch_into k=np.int64(7)", lambda: (core.evaluate_batch_into(seven, np.int64(7), out2), out2)[1]),
        ("evaluate_batch_into k=np.int64(4)", lambda: core.evaluate_batch_into(seven, np.int64(4), out2)),
        ("comb(np.int64(52), np.uint8(5))", lambda: core.comb(np.int64(52), np.uint8(5))),
        ("combinations_into numpy n, k, start, count",
         lambda: (core.combinations_into(np.int64(10), np.int64(3), np.uint16(1), np.int32(2), rows), rows)[1]),
        ("combination_masks_into numpy n, k, start, count",
         lambda: (core.combination_masks_into(np.int64(10), np.int8(2), np.int64(0), np.int64(3), masks), masks)[1]),
        ("rank_combination numpy items, n", lambda: core.rank_combination([np.int64(1), np.int64(3)], np.int64(10), 0)),
        ("rank_combination numpy order", lambda: core.rank_combination([1, 3], 10, np.int64(1))),
        ("unrank_combination numpy", lambda: core.unrank_combination(np.int64(3), np.int64(2), np.int64(10), 0)),
        ("card_name(np.int64(51))", lambda: core.card_name(np.int64(51))),
        ("card_name(2**63)", lambda: core.card_name(2 ** 63)),
        ("card_name(-2**70)", lambda: core.card_name(-2 ** 70)),
        ("describe(2**63)", lambda: core.describe(2 ** 63)),
        ("card_name(np.uint64(2**64-1))", lambda: core.card_name(np.uint64(2 ** 64 - 1))),
        ("evaluate numpy ids", lambda: core.evaluate([np.int64(c) for c in range(7)])),
        ("evaluate id 2**63", lambda: core.evaluate([2 ** 63, 1, 2, 3, 4])),
        ("evaluate 'A♠️ K♠️ Q♠️ J♠️ T♠️' (emoji selector)", lambda: core.evaluate("A♠️ K♠️ Q♠️ J♠️ T♠️")),
        ("parse_cards 'A♠︎K♥️' (text and emoji selectors)", lambda: core.parse_cards("A♠︎K♥️")),
        ("parse_cards 'A️' (a selector with no symbol)", lambda: core.parse_cards("A️")),
        ("category(np.int64(1))", lambda: core.category(np.int64(1))),
        ("describe(np.uint16(7462))", lambda: core.describe(np.uint16(7462))),
        ("hand_index(np.uint64(3))", lambda: core.hand_index(np.uint64(3))),
        ("equity_units numpy holdings", lambda: core.equity_units(holdings, None, [0, 1, 2], [])),
        ("equity_exact numpy holdings",
         lambda: core.equity_exact(holdings, None, [0, 1, 2, 3, 4], [], 0, 1)["win"]),
        ("equity_units holding id 2**63", lambda: core.equity_units([[(2 ** 63, 1)], [(5, 6)]], None, [], [])),
        ("equity_units holding float", lambda: core.equity_units([[(1.0, 2)], [(5, 6)]], None, [], [])),
        # bools are ints to Python, never cards, counts or values to pokerhash (True read as card 2d before)
        ("evaluate bools", lambda: core.evaluate([True, False, 2, 3, 4])),
        ("parse_cards [True]", lambda: core.parse_cards([True])),
        ("card_name(True)", lambda: core.card_name(True)),
        ("describe(True)", lambda: core.describe(True)),
        ("comb(True, True)", lambda: core.comb(True, True)),
        ("rank_combination [True]", lambda: core.rank_combination([True], 52, 0)),
        ("unrank_combination(True, ...)", lambda: core.unrank_combination(True, 5, 52, 0)),
        ("equity_units holding bool", lambda: core.equity_units([[(True, 2)], [(5, 6)]], None, [], [])),
        # a game's values (game 5 ace_five_8, 2 shortdeck) are range-checked like hold'em's: 2**64 named, not an OverflowError
        ("game_category 2**64", lambda: core.game_category(5, 2 ** 64)),
        ("game_describe 2**63", lambda: core.game_describe(2, 2 ** 63)),
        ("game_describe True", lambda: core.game_describe(2, True)),
    ]


def main():
    backend = sys.argv[1]
    if backend == "native":
        from pokerhash import _core as core
    else:
        from pokerhash import _wasm_core as core
    print(json.dumps([[name, outcome(call)] for name, call in cases(core)]))


if __name__ == "__main__":
    main()
