"""Calls of the whole-deal analysis part of the `_core` contract (pokerhash/_core_analysis.c), run against both
backends: results, what the calls write into their buffers, and exact errors must agree.

`outcomes(core)` runs every case with `core` bound to one backend module (the native `_core`, or
`_wasm_analysis` over a native build of the C core in tests/web/test_wasm_core_native.py, or over the side
module inside Pyodide in tests/web/pyodide_suite.py) and returns one line per case. Plain Python without
numpy (Pyodide here has none): buffers are array.array and bytearray, and a line holds the sums and a digest of
what a call wrote, so the big ones (the 29 MB bet table, whole-game totals) compare exactly without being stored.
"""

import hashlib
import struct
from array import array

STANDARD_RULES = struct.pack("<11I", 2, 1000, 100, 20, 6, 3, 2, 0, 0, 0, 0)  # the standard table, 3:2 flush
PAIRS = 1326
FLOPS = 22100
RANKS_2_TO_9 = bytes(range(32))  # dead: a deck of T..A (20 cards), where the whole game solves in ~1 s natively


def board(text: str) -> bytes:
    """Card ids of text like 'Ks 7d 2c' (the one thing the cases parse themselves, to stay readable)."""
    return bytes(4 * "23456789TJQKA".index(word[0]) + "cdhs".index(word[1]) for word in text.split())


class Buffers:
    """The output buffers of one case, created through the case's calls of u8/u16/u32/u64, digested after it."""

    def __init__(self):
        self.made = []

    def make(self, code: str, count: int) -> array:
        buffer = array(code, bytes(count * array(code).itemsize))
        self.made.append(buffer)
        return buffer

    def digest(self) -> str:
        return " | ".join(f"{b.typecode}{len(b)} nonzero {len(b) - b.count(0)} sha "
                          f"{hashlib.sha256(b.tobytes()).hexdigest()[:16]}" for b in self.made)


CASES = [
    # showdown_into: river, turn, flop, dead cards, every error
    "core.showdown_into(board('Ks 7d 2c 3h 9s'), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), u64(30 * PAIRS))",
    "core.showdown_into(board('Ks 7d 2c 3h'), board('As Ah'), u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c 3h'), board('As Ah'), u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS),"
    " u64(30 * PAIRS))",
    "core.showdown_into(board('Th Jh Qh'), board('2c 2d 2h 2s'), u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS),"
    " u64(30 * PAIRS))",
    "core.showdown_into(board('Th Jh Qh'), RANKS_2_TO_9, u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), u64(30 * PAIRS))",
    "core.showdown_into(board('2c 3c 4c 5c 6c'), bytearray(board('7c 8c')), bytearray(2 * PAIRS), u16(PAIRS),"
    " u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d'), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c 3h 9s 4d'), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks Ks 2c'), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c'), board('Ks'), u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(bytes([52, 1, 2]), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c'), bytes(range(4, 47)), u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c'), b'', u8(2 * PAIRS - 1), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c'), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), u64(30 * PAIRS - 1))",
    "core.showdown_into(board('Ks 7d 2c'), b'', bytes(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into([1, 2, 3], b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c'), None, u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS), None)",
    "core.showdown_into(board('Ks 7d 2c'), b'', u8(2 * PAIRS), u16(PAIRS), u64(3 * PAIRS))",
    # the showdown matrix: units, a whole reduced deck, pieces, errors
    "core.showdown_matrix_units(b'')",
    "core.showdown_matrix_units(RANKS_2_TO_9)",
    "core.showdown_matrix_units(bytes(range(44)))",
    "core.showdown_matrix_units(bytes([60]))",
    "core.showdown_matrix_units(b'\\x01\\x01')",
    "core.showdown_matrix_units(0)",
    "core.showdown_matrix_into(RANKS_2_TO_9, 0, 15504, u64(100), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, 5000, 3000, u64(100), u64(10))",
    "core.showdown_matrix_into(b'', 0, 2000, u64(100), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, 15504, 1, u64(100), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, -1, 1, u64(100), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, 2**64, 1, u64(100), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, 1.0, 1, u64(100), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, 0, 1, u64(99), u64(10))",
    "core.showdown_matrix_into(RANKS_2_TO_9, 0, 1, u64(100), b'x' * 80)",
    # Ultimate Texas Hold'em: the payoff rule, the river, one flop, classes, the solve, decisions
    "[core.uth_payoff(STANDARD_RULES, play, o) for play in (1, 2, 3, 4) for o in range(23)]",
    "core.uth_payoff(STANDARD_RULES, 0, 0)",
    "core.uth_payoff(STANDARD_RULES, 5, 0)",
    "core.uth_payoff(STANDARD_RULES, 1, 23)",
    "core.uth_payoff(STANDARD_RULES, 1, 2**63)",
    "core.uth_payoff(STANDARD_RULES, -1, 0)",
    "core.uth_payoff(STANDARD_RULES, 2**64, 0)",
    "core.uth_payoff(bytearray(STANDARD_RULES), True, 0)",
    "core.uth_payoff(STANDARD_RULES[:40], 1, 0)",
    "core.uth_payoff(struct.pack('<11I', 0, *[0] * 10), 1, 0)",
    "core.uth_payoff(struct.pack('<11I', 1, 2000000, *[0] * 9), 1, 0)",
    "core.uth_payoff([1], 1, 0)",
    "core.uth_river(STANDARD_RULES, board('As Ad'), board('Ks 7d 2c 3h 9s'), b'')",
    "core.uth_river(STANDARD_RULES, board('7h 8h'), board('Ks 7d 2c 3h 9s'), board('Ac Ad'))",
    "core.uth_river(STANDARD_RULES, board('2c 3d'), board('Ah Kh Qh Jh 9d'), bytes(range(8, 28)))",
    "core.uth_river(STANDARD_RULES, board('As'), board('Ks 7d 2c 3h 9s'), b'')",
    "core.uth_river(STANDARD_RULES, board('As As'), board('Ks 7d 2c 3h 9s'), b'')",
    "core.uth_river(STANDARD_RULES, board('As Ad'), board('Ks 7d 2c 3h 9s'), board('Ks'))",
    "core.uth_flop_into(STANDARD_RULES, board('Ks Qd Jc'), RANKS_2_TO_9, u32(47 * PAIRS), u8(PAIRS))",
    "core.uth_flop_into(STANDARD_RULES, board('Ks 7d 2c'), board('Ks'), u32(47 * PAIRS), u8(PAIRS))",
    "core.uth_flop_into(STANDARD_RULES, board('Ks 7d 2c'), b'', u32(47 * PAIRS), None)",
    "core.uth_flop_into(STANDARD_RULES, board('Ks 7d'), b'', u32(47 * PAIRS), u8(PAIRS))",
    "core.uth_classes_into(b'', u16(PAIRS))",
    "core.uth_classes_into(board('As Kd 2c'), u16(PAIRS))",
    "core.uth_classes_into(b'', u16(PAIRS - 1))",
    "core.uth_classes_into(board('As As'), u16(PAIRS))",
    "core.uth_solve_into(STANDARD_RULES, RANKS_2_TO_9, 0, FLOPS, u64(70 * PAIRS), u8(FLOPS * PAIRS))",
    "core.uth_solve_into(STANDARD_RULES, bytes(range(28)), 11000, 11100, u64(70 * PAIRS), None)",
    "core.uth_solve_into(STANDARD_RULES, RANKS_2_TO_9, 0, FLOPS + 1, u64(70 * PAIRS), None)",
    "core.uth_solve_into(STANDARD_RULES, RANKS_2_TO_9, 22000, 101, u64(70 * PAIRS), None)",
    "core.uth_solve_into(STANDARD_RULES, RANKS_2_TO_9, 0, 10, u64(70 * PAIRS), u8(10 * PAIRS - 1))",
    "core.uth_solve_into(STANDARD_RULES, b'\\x01\\x01', 0, 10, u64(70 * PAIRS), None)",
    "core.uth_flop_decisions_into(RANKS_2_TO_9, solved_bets(), board('As Ks Ad Kd'), board('Qs Js Ts Qh Jh Th'),"
    " u8(2))",
    "core.uth_flop_decisions_into(RANKS_2_TO_9, solved_bets(), board('As Ks Qh Kd'), board('Qs Js Ts Qh Jh Th'),"
    " u8(2))",
    "core.uth_flop_decisions_into(RANKS_2_TO_9, solved_bets(), board('As Ks As Kd'), board('Qs Js Ts Qh Jh'),"
    " u8(2))",
    "core.uth_flop_decisions_into(RANKS_2_TO_9, bytes(FLOPS * PAIRS - 1), b'', b'', u8(0))",
    "core.uth_river_decisions_into(STANDARD_RULES, board('2c 2d'), board('As Ks 9c Th'),"
    " board('Qs Js Ts 2h 3h Qh Jh 8h Ac Ad'), u8(2))",
    "core.uth_river_decisions_into(STANDARD_RULES, board('2c 2d'), board('As Ks 2c Th'),"
    " board('Qs Js Ts 2h 3h Qh Jh 8h Ac Ad'), u8(2))",
    "core.uth_river_decisions_into(STANDARD_RULES, b'', board('As Ks Ac Kd'), board('Qs Js Ts 2h 3h Qh Jh Th As Ad'),"
    " u8(2))",
    "core.uth_river_decisions_into(STANDARD_RULES, b'', board('As Ks Ac Kd'), board('Qs Js Ts 2h 3h'), u8(2))",
    "core.uth_river_decisions_into(STANDARD_RULES, b'', b'', b'', u8(0))",
    # hand-strength tables: units, rows of each street, preflop totals, one hand, every error
    "[core.strength_units(n) for n in (0, 3, 4, 5)]",
    "core.strength_units(2)",
    "core.strength_units(-1)",
    "core.strength_units(2**64)",
    "core.strength_rows_into(3, 7, 100, 1, u64(1176), u32(1176), u64(1176), u16(7 * 1176))",
    "core.strength_rows_into(4, 0, 16000, 2, u64(2 * 1128), u32(2 * 1128), u64(2 * 1128), None)",
    "core.strength_rows_into(5, 0, 134000, 3, u64(3 * 1081), u32(3 * 1081), None, None)",
    "core.strength_rows_into(5, 0, 134459, 0, u64(0), u32(0), None, None)",
    "core.strength_rows_into(5, 0, 134459, 1, u64(1081), u32(1081), None, None)",
    "core.strength_rows_into(5, 0, 0, 134460, u64(0), u32(0), None, None)",
    "core.strength_rows_into(3, 0, 0, 1, u64(1176), u32(1176), None, u16(1176))",
    "core.strength_rows_into(3, 1001, 0, 1, u64(1176), u32(1176), None, None)",
    "core.strength_rows_into(0, 0, 0, 1, u64(1176), u32(1176), None, None)",
    "core.strength_rows_into(3, 2, 0, 1, u64(1175), u32(1176), None, None)",
    "core.strength_rows_into(3, 2, 0, 1, u64(1176), u32(1176), None, u16(2 * 1176 - 1))",
    "core.strength_rows_into(3, 2, 0, 1, u64(1176), bytes(4 * 1176), None, None)",
    "core.strength_preflop_into(9, 50000, 40, u64(169), u64(169), u64(9 * 169))",
    "core.strength_preflop_into(0, 0, 5, u64(169), None, None)",
    "core.strength_preflop_into(0, 0, 5, u64(169), None, u64(0))",
    "core.strength_preflop_into(9, 134459, 1, u64(169), None, None)",
    "core.strength_preflop_into(9, 0, 1, u64(168), None, None)",
    "core.strength_preflop_into(1001, 0, 1, u64(169), None, None)",
    "core.strength_hand_into(board('As Ah'), board('Ks 7d 2c'), 10, u64(2), u32(10))",
    "core.strength_hand_into(board('As Ah'), board('Ks 7d 2c 3h'), 4, u64(2), None)",
    "core.strength_hand_into(board('As Ah'), board('Ks 7d 2c 3h 9s'), 1, u64(2), u32(1))",
    "core.strength_hand_into(board('As Ah'), board('Ks 7d'), 4, u64(2), None)",
    "core.strength_hand_into(board('As Ks'), board('Ks 7d 2c'), 4, u64(2), None)",
    "core.strength_hand_into(bytes([52, 1]), board('Ks 7d 2c'), 4, u64(2), None)",
    "core.strength_hand_into(board('As Ah'), board('Ks 7d 2c'), 0, u64(2), u32(1))",
    "core.strength_hand_into(board('As Ah'), board('Ks 7d 2c'), 4, u64(1), None)",
    "core.strength_hand_into(board('As'), board('Ks 7d 2c'), 4, u64(2), None)",
]


def outcome(core, expression: str, bets: list) -> str:
    """The result's repr and a digest of the buffers the call wrote, or the exception's type and message."""
    buffers = Buffers()

    def solved_bets():
        """The bet table of the reduced-deck solve (computed once, by this backend)."""
        if not bets:
            table = bytearray(FLOPS * PAIRS)
            core.uth_solve_into(STANDARD_RULES, RANKS_2_TO_9, 0, FLOPS, array("Q", bytes(8 * 70 * PAIRS)), table)
            bets.append(bytes(table))
        return bets[0]

    names = {"core": core, "array": array, "struct": struct, "board": board, "solved_bets": solved_bets,
             "PAIRS": PAIRS, "FLOPS": FLOPS, "STANDARD_RULES": STANDARD_RULES, "RANKS_2_TO_9": RANKS_2_TO_9}
    for name, code in (("u8", "B"), ("u16", "H"), ("u32", "I"), ("u64", "Q")):
        names[name] = lambda count, code=code: buffers.make(code, count)
    try:
        result = eval(expression, names)
    except Exception as error:  # every kind of failure is part of the contract
        return f"! {type(error).__name__}: {error}"
    return f"= {result!r} | {buffers.digest()}"


def outcomes(core) -> list:
    bets: list = []
    return [outcome(core, expression, bets) for expression in CASES]
