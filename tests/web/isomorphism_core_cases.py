"""Calls of the hand indexer part of the `_core` contract (pokerhash/_core_isomorphism.c), run against both
backends (tests/web/test_wasm_core_native.py, tests/web/pyodide_suite.py): results, what the calls write into
their buffers, and exact errors must agree. Each case builds its indexers with the backend it runs on."""

from array import array

from analysis_core_cases import Buffers, board

HOLDEM = bytes([2, 3, 1, 1])
OMAHA = bytes([4, 3, 1, 1])

CASES = [
    # indexers and sizes: hold'em, Omaha, one round, bad counts
    "[core.indexer_size(core.indexer_new(HOLDEM), r) for r in range(5)]",
    "[core.indexer_size(core.indexer_new(OMAHA), r) for r in range(4)]",
    "[core.indexer_size(core.indexer_new(bytes([2, 5])), r) for r in range(2)]",
    "core.indexer_size(core.indexer_new(bytearray([1] * 8)), 7)",
    "core.indexer_new(b'')",
    "core.indexer_new(bytes([2, 0]))",
    "core.indexer_new(bytes([30, 30]))",
    "core.indexer_new(bytes([1] * 9))",
    "core.indexer_new(bytes([13, 13, 13, 13]))",
    "core.indexer_new([2, 3])",
    "core.indexer_new()",
    "core.indexer_size(b'x', 0)",
    "core.indexer_size(core.indexer_new(HOLDEM), -1)",
    "core.indexer_size(core.indexer_new(HOLDEM), 2**64)",
    "core.indexer_size(core.indexer_new(HOLDEM), 1.0)",
    # index: one round, every round, rows of one hand, errors naming the row
    "core.indexer_index_into(core.indexer_new(HOLDEM), 3, False, board('As Ks Qs 7h 2d 3c 4c'), u64(1))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 3, True, board('As Ks Qs 7h 2d 3c 4c Ah Kh Qh 7c 2s 3d 4d'),"
    " u64(8))",
    "core.indexer_index_into(core.indexer_new(OMAHA), 1, True, board('As Ks Qs Js 7h 2d 3c'), u64(2))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 0, False, bytes(range(52)), u64(26))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 1, False, board('As Ks Qs 7h 2d 3c 4c 5c 6c 7c'), u64(2))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 1, False, board('As Ks Qs 7h 2d 3c 3c 5c 6c 7c'), u64(2))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 0, False, bytes([0, 52]), u64(1))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 0, False, bytes([0, 1, 2]), u64(2))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 0, False, bytes([0, 1, 2, 3]), u64(1))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 4, False, bytes(7), u64(1))",
    "core.indexer_index_into(core.indexer_new(HOLDEM), 0, False, bytes([0, 1]), bytes(8))",
    "core.indexer_index_into(None, 0, False, bytes([0, 1]), u64(1))",
    # unindex: canonical rows, the last index, out of range
    "core.indexer_unindex_into(core.indexer_new(HOLDEM), 0, array('Q', range(169)), u8(338))",
    "core.indexer_unindex_into(core.indexer_new(HOLDEM), 3, array('Q', [0, 2428287419, 1234567890]), u8(21))",
    "core.indexer_unindex_into(core.indexer_new(OMAHA), 3, array('Q', [389802959831]), u8(9))",
    "core.indexer_unindex_into(core.indexer_new(HOLDEM), 1, array('Q', [5, 1286792]), u8(10))",
    "core.indexer_unindex_into(core.indexer_new(HOLDEM), 4, array('Q', [0]), u8(7))",
    "core.indexer_unindex_into(core.indexer_new(HOLDEM), 0, array('Q', [0]), u8(1))",
    # canonical test
    "core.indexer_is_canonical_into(core.indexer_new(HOLDEM), 0, board('Ac Kc As Ks Ad Kh'), u8(3))",
    "core.indexer_is_canonical_into(core.indexer_new(HOLDEM), 0, board('Ac Ac'), u8(1))",
]


def outcome(core, expression: str) -> str:
    """The result's repr and a digest of the buffers the call wrote, or the exception's type and message."""
    buffers = Buffers()
    names = {"core": core, "array": array, "board": board, "HOLDEM": HOLDEM, "OMAHA": OMAHA}
    for name, code in (("u8", "B"), ("u64", "Q")):
        names[name] = lambda count, code=code: buffers.make(code, count)
    try:
        result = eval(expression, names)
    except Exception as error:  # every kind of failure is part of the contract
        return f"! {type(error).__name__}: {error}"
    return f"= {result!r} | {buffers.digest()}"


def outcomes(core) -> list:
    return [outcome(core, expression) for expression in CASES]
