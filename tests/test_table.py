"""CombinationTable and value_table: rows, ranks and lookups against itertools, builds on any executor,
and files that reopen memory-mapped with their metadata checked."""

import glob
import itertools
import json
import math
import os
import re
import struct
import subprocess
from concurrent.futures import ProcessPoolExecutor

import pytest

import pokerhash as ph
from pokerhash import CombinationTable, _table

np = pytest.importorskip("numpy")


def reference_subsets(n, k, order):
    """Every k-subset of range(n) in rank order, from itertools alone (lex), or sorted by largest items."""
    subsets = list(itertools.combinations(range(n), k))
    return subsets if order == "lex" else sorted(subsets, key=lambda s: s[::-1])


@pytest.mark.parametrize("order", ["colex", "lex"])
@pytest.mark.parametrize("n, k", [(9, 4), (12, 1), (10, 10), (14, 6), (64, 2), (20, 3)])
def test_rows_ranks_and_lookups_agree_with_itertools(n, k, order):
    want = reference_subsets(n, k, order)
    table = CombinationTable(n, k, "int64", order, values=np.arange(len(want), dtype=np.int64) * 3)
    assert [tuple(r) for r in table.rows()] == want
    assert [tuple(r) for r in table.rows(len(want) // 3, len(want) // 2)] == want[len(want) // 3:len(want) // 2]
    rng = np.random.default_rng(n * 100 + k)
    shuffled = rng.permuted(np.array(want, dtype=np.uint8).reshape(len(want), k), axis=1)  # items in any order
    assert (table.ranks(shuffled) == np.arange(len(want))).all()
    assert (table.lookup(shuffled) == np.arange(len(want)) * 3).all()
    assert (table.lookup(shuffled.astype(np.int32)) == np.arange(len(want)) * 3).all()
    for rank in (0, len(want) - 1, len(want) // 2):
        assert table.subset(rank) == want[rank] and table.rank(list(want[rank])[::-1]) == rank
        assert table[want[rank]] == table[rank] == 3 * rank


def test_the_seed_articles_examples():
    # Seed 001: cards 5, 10, ..., 35 have lex rank 75,352,208 among the 133,784,560 seven-card hands.
    hand = [5, 10, 15, 20, 25, 30, 35]
    table = CombinationTable(52, 7, "uint8", "lex")
    assert table.rank(hand) == 75_352_208 and len(table) == 133_784_560
    assert table.ranks(np.array([hand, [0, 1, 2, 3, 4, 5, 6], [45, 46, 47, 48, 49, 50, 51]])).tolist() == [
        75_352_208, 0, 133_784_559]
    assert CombinationTable(52, 7, "uint8").rank(hand) == ph.hand_index(hand)
    # Seed 000: C(13, 5) = 1287 rank sets, the lowest (5 4 3 2 = 0..4 as ranks) first in colex order.
    ranks = CombinationTable(13, 5, "uint16")
    assert len(ranks) == 1287 and ranks.subset(0) == (0, 1, 2, 3, 4) and ranks.subset(1286) == (8, 9, 10, 11, 12)


def test_reading_and_writing_by_subset_rank_and_slice():
    t = CombinationTable(52, 2, "float64", holds="test")
    t["As Ah"] = 0.85
    t[[ph.Card("Kd"), ph.Card("Kc")]] = 0.82
    t[np.array([4, 5], dtype=np.int64)] = 0.5
    assert t[[51, 50]] == t["Ah,As"] == t[t.rank("AsAh")] == 0.85
    assert t["Kc Kd"] == 0.82 and t[[5, 4]] == 0.5
    t[10:20] = 1.0
    assert t[10:20].tolist() == [1.0] * 10 and t[9] == 0.0
    assert t.rank("As Ah") == 1325 and t.subset(1325) == (50, 51)
    assert repr(t) == "CombinationTable(n=52, k=2, dtype=float64, order='colex', holds='test')"
    with pytest.raises(ValueError, match="a subset of this table has 2 items, got 3"):
        t["As Ah Ad"]
    with pytest.raises(ValueError, match="duplicate card As"):
        t["As As"]
    with pytest.raises(ValueError, match="unknown card 'Xx'"):
        t["As Xx"]
    with pytest.raises(TypeError, match="a key of this table of 1326 slots is a rank, a slice, or a subset as card"
                                         " text or a sequence of integer ids; got float"):
        t[1.5]
    with pytest.raises(ValueError, match="item 52 outside 0..n-1 for n=52"):
        t[[52, 1]]


def test_lookup_names_bad_rows():
    t = CombinationTable(10, 3, "uint16")
    with pytest.raises(ValueError, match=r"rows must have shape \(M, 3\), got \(2, 4\)"):
        t.lookup(np.zeros((2, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="rows must hold integers, got dtype float64"):
        t.lookup(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="^row 1: item outside 0..9$"):
        t.lookup(np.array([[0, 1, 2], [0, 1, 300], [0, 1, -1]]))
    with pytest.raises(ValueError, match="^row 2: item outside 0..9$"):
        t.lookup(np.array([[0, 1, 2], [3, 1, 2], [0, 10, 2]], dtype=np.uint8))
    with pytest.raises(ValueError, match="^row 1: duplicate item$"):
        t.ranks([[0, 1, 2], [3, 3, 2]])
    assert t.lookup(np.zeros((0, 3), dtype=np.uint8)).shape == (0,)
    with pytest.raises(ValueError, match=r"values must be a numpy array of shape \(120,\) and dtype uint16"):
        CombinationTable(10, 3, "uint16", values=np.zeros(119, dtype=np.uint16))


def test_lookup_copies_any_item_size():
    for dtype in ("uint8", "int32", "float32", "complex128", [("a", "u1"), ("b", "f8")]):
        values = np.zeros(120, dtype=dtype)
        values.view(np.uint8)[:] = np.arange(values.nbytes) % 251
        t = CombinationTable(10, 3, dtype, "lex", values=values)
        rows = np.array([[9, 8, 7], [0, 1, 2], [2, 5, 7]])
        got = t.lookup(rows)
        assert got.dtype == t.dtype and got.tobytes() == values[t.ranks(rows)].tobytes()


def value_counts(values):
    """Counts of each value 0..7462, a million at a time (bincount widens its input to int64 first)."""
    return sum(np.bincount(values[i:i + (1 << 20)], minlength=7463) for i in range(0, len(values), 1 << 20))


def squares_of_sums(rows):
    """A test function for builds: picklable (top level) for process pools."""
    return (rows.astype(np.uint32).sum(axis=1) ** 2).astype(np.uint32)


def test_build_is_the_same_on_any_executor_and_chunking():
    want = np.array([sum(s) ** 2 for s in reference_subsets(22, 6, "lex")], dtype=np.uint32)
    with ProcessPoolExecutor(2) as pool:
        for executor, chunk, block in ((None, None, 1 << 16), (1, 999, 100), (pool, 7_777, 1000)):
            t = CombinationTable.build(22, 6, squares_of_sums, "uint32", order="lex", executor=executor,
                                       chunk=chunk, block=block)
            assert (t.values == want).all(), (executor, chunk, block)


def test_build_rejects_what_does_not_fit():
    with pytest.raises(ValueError, match="func must return one value per row, got shape \\(5,\\) for 6 rows"):
        CombinationTable.build(8, 3, lambda rows: np.zeros(5), "uint8", block=6)
    with pytest.raises(ValueError, match="func returned values that do not fit uint8 at rank 0"):
        CombinationTable.build(8, 3, lambda rows: np.full(len(rows), 300), "uint8")
    with pytest.raises(ValueError, match="block must be a positive integer"):
        CombinationTable.build(8, 3, len, "uint8", block=0)
    with pytest.raises(ValueError, match="n must be 0..64, got 65"):
        CombinationTable(65, 3)


@pytest.mark.parametrize("k", [5])
def test_value_tables_hold_every_hands_value(k):
    total = math.comb(52, k)
    for order in ("colex", "lex"):
        t = ph.value_table(k, order)
        assert len(t) == total and t.dtype == np.uint16 and t.holds == "hand values"
        step = 9973  # a sample of ranks, evaluated one by one through the public evaluator
        for rank in range(0, total, step):
            assert t[rank] == ph.evaluate(list(t.subset(rank)))
        assert (value_counts(t.values) == ph.value_histogram(k)).all()
    with pytest.raises(ValueError, match="k must be 5 to 9, got 4"):
        ph.value_table(4)


def test_the_seven_card_lex_table_of_seed_001():
    t = ph.value_table(7, order="lex")
    assert t[[5, 10, 15, 20, 25, 30, 35]] == ph.evaluate(5, 10, 15, 20, 25, 30, 35)
    assert t.values[75_352_208] == ph.evaluate(5, 10, 15, 20, 25, 30, 35)
    assert t.values.min() == 1  # every slot written (the 5- and 6-card tables above check the count of
    # every value; here the lookups below check random slots)
    rng = np.random.default_rng(7)
    hands = np.argpartition(rng.random((50_000, 52), dtype=np.float32), 7, axis=1)[:, :7].astype(np.uint8)
    assert (t.lookup(hands) == ph.evaluate_batch(hands)).all()


def test_chunks_walk_the_table_in_rank_order():
    t = CombinationTable.build(9, 4, squares_of_sums, "uint32")
    seen = list(t.chunks(50))
    assert [start for start, _, _ in seen] == [0, 50, 100]
    assert [tuple(r) for _, rows, _ in seen for r in rows] == reference_subsets(9, 4, "colex")
    assert np.concatenate([v for _, _, v in seen]).tolist() == t.values.tolist()


def test_saved_tables_reopen_memory_mapped(tmp_path):
    t = CombinationTable.build(20, 5, squares_of_sums, "uint32", order="lex", holds="squared sums")
    path = tmp_path / "sums.npy"
    t.save(path)
    opened = CombinationTable.load(path)
    assert isinstance(opened.values, np.memmap) and not opened.values.flags.writeable
    assert (opened.values == t.values).all() and (opened.n, opened.k, opened.order) == (20, 5, "lex")
    assert opened.holds == "squared sums" and opened.dtype == np.uint32
    assert (opened.lookup([[19, 0, 4, 3, 2]]) == [(19 + 9) ** 2]).all()
    copy = CombinationTable.load(str(path), mmap=False, n=20, k=5, order="lex", dtype="uint32", holds="squared sums")
    assert not isinstance(copy.values, np.memmap) and (copy.values == t.values).all()
    assert (np.load(path) == t.values).all()  # a plain .npy to numpy


def test_loading_names_every_mismatch(tmp_path, monkeypatch):
    path = tmp_path / "t.npy"
    CombinationTable.build(10, 4, squares_of_sums, "uint32").save(path)
    for field, wrong, shown in (("n", 11, "11"), ("k", 3, "3"), ("order", "lex", "'lex'"),
                                ("dtype", "uint16", "'<u2'"), ("holds", "values", "'values'")):
        with pytest.raises(ValueError, match=f"holds a table with {field}=.*, expected {shown}"):
            CombinationTable.load(path, **{field: wrong})
    monkeypatch.setattr(_table, "__version__", "9.1.0")
    CombinationTable.build(10, 4, squares_of_sums, "uint32").save(tmp_path / "new.npy")
    monkeypatch.undo()
    with pytest.raises(ValueError, match="was written by pokerhash 9.1.0, this is .*check_version=False"):
        CombinationTable.load(tmp_path / "new.npy")
    assert len(CombinationTable.load(tmp_path / "new.npy", check_version=False)) == 210

    data = path.read_bytes()
    (tmp_path / "short.npy").write_bytes(data[:200] + data[220:])
    with pytest.raises(ValueError, match="does not match its header"):
        CombinationTable.load(tmp_path / "short.npy")
    np.save(tmp_path / "plain.npy", np.zeros(210, dtype=np.uint32))
    with pytest.raises(ValueError, match="is not a pokerhash table file \\(no metadata trailer\\)"):
        CombinationTable.load(tmp_path / "plain.npy")
    meta = json.dumps({"format": 1, "n": 10, "k": 4, "order": "colex", "dtype": "<u2", "holds": "",
                       "pokerhash": ph.__version__}).encode()
    body = data[: len(data) - 24 - struct.unpack("<Q", data[-24:-16])[0]]
    (tmp_path / "lying.npy").write_bytes(body + meta + struct.pack("<Q", len(meta)) + _table.TRAILER_MAGIC)
    with pytest.raises(ValueError, match="do not match the metadata"):
        CombinationTable.load(tmp_path / "lying.npy")
    (tmp_path / "garbled.npy").write_bytes(body + b"{nope" + struct.pack("<Q", 5) + _table.TRAILER_MAGIC)
    with pytest.raises(ValueError, match="damaged metadata trailer"):
        CombinationTable.load(tmp_path / "garbled.npy")


# ---- refused dtypes, odd rows and values, damaged files (the audit of CombinationTable) -------------------

@pytest.mark.parametrize("dtype", ["V0", [("a", "V0")], (np.float64, (0,)), "S", "U"])
def test_zero_size_items_are_refused_up_front(dtype):
    # The C lookup counts a table's entries by dividing by the item size: these used to kill the process.
    with pytest.raises(ValueError, match="has zero-size items: a table needs values of at least one byte"):
        CombinationTable(52, 2, dtype)
    with pytest.raises(ValueError, match="has zero-size items"):
        CombinationTable(52, 2, dtype, values=np.zeros(1326, dtype=dtype))
    with pytest.raises(ValueError, match="has zero-size items"):  # the size check multiplied by 0 bytes
        CombinationTable(64, 32, dtype)


def test_sub_array_dtypes_are_refused_for_a_structured_one():
    with pytest.raises(ValueError, match=r"sub-array dtype.*\[\('v', '<f8', \(2,\)\)\]"):
        CombinationTable(10, 3, np.dtype((np.float64, (2,))))
    pairs = CombinationTable(10, 3, [("v", "<f8", (2,))])
    pairs[[0, 1, 2]] = ([1.5, 2.5],)
    assert pairs.lookup([[2, 1, 0]])["v"].tolist() == [[1.5, 2.5]]


LOOKUP_BINDING = """
import numpy as np
import pokerhash as ph
from pokerhash._backend import core
rows = np.array([[0, 1]], dtype=np.uint8)
field, named = [("Oa", "u1"), ("b", "O")], [("Oa", "u2")]  # an 'O' in a field's name is no object
for what, table, out in (("zero", np.zeros(1326, "V0"), np.zeros(1, "V0")),
                         ("object", np.zeros(1326, object), np.zeros(1, object)),
                         ("field", np.zeros(1326, field), np.zeros(1, field)),
                         ("named", np.zeros(1326, named), np.zeros(1, named))):
    try:
        core.combination_lookup_into(rows, 52, 2, 0, table, out)
        print(what, "copied")
    except ValueError as error:
        print(what, error)
try:
    ph.CombinationTable(52, 2, "V0").lookup([[0, 1]])
except ValueError as error:
    print("table", error)
"""


def test_the_lookup_binding_refuses_what_it_cannot_copy(native_tools):
    # A subprocess: before the fix the first call died of SIGFPE, and the object copies skipped refcounts.
    done = subprocess.run([native_tools["python"], "-c", LOOKUP_BINDING], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "zero table must have items of at least one byte (format '0x' has 0-byte items)"
    assert lines[1] == "object table must not hold Python objects (format 'O')"
    assert lines[2] == "field table must not hold Python objects (format 'T{B:Oa:O:b:}')"
    assert lines[3] == "named copied"
    assert lines[4].startswith("table dtype |V0 has zero-size items")


def test_the_wasm_twin_refuses_the_same_buffers(native_tools):
    # _wasm_core.py (Pyodide's binding) over the native extension's own ph_ symbols, as in
    # tests/test_argument_checks.py: a ZeroDivisionError before, and object references copied as bytes.
    library = glob.glob(os.path.join(os.path.dirname(ph._core.__file__), "_core*.so"))[0]
    script = LOOKUP_BINDING.replace("from pokerhash._backend import core", "from pokerhash import _wasm_core as core")
    env = dict(os.environ, POKERHASH_WASM_CORE=library)
    done = subprocess.run([native_tools["python"], "-c", script], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("zero table must have items of at least one byte (format ")
    assert lines[1] == "object table must not hold Python objects (format 'O')"
    assert lines[2] == "field table must not hold Python objects (format 'T{B:Oa:O:b:}')"
    assert lines[3] == "named copied"


def test_lookup_gathers_objects_and_strided_values_with_numpy():
    held = CombinationTable(10, 3, object)
    held["2c 2d 2h"] = {"any": "object"}
    got = held.lookup([[2, 0, 1], [0, 1, 3]])
    assert got.dtype == object and got.tolist() == [{"any": "object"}, 0]
    strided = CombinationTable(10, 3, "uint16", values=np.arange(240, dtype=np.uint16)[::2])
    rows = np.array([[9, 8, 7], [0, 1, 2], [2, 5, 7]])
    assert strided.lookup(rows).tolist() == (2 * strided.ranks(rows)).tolist()


def test_no_rows_is_an_empty_lookup():
    t = CombinationTable(10, 3, "float32")
    for empty in ([], np.zeros((0, 3)), np.zeros((0, 3), dtype=np.int8)):
        got = t.lookup(empty)
        assert got.shape == (0,) and got.dtype == np.float32
        assert t.ranks(empty).shape == (0,)
    with pytest.raises(ValueError, match=r"rows must have shape \(M, 3\), got \(0, 2\)"):
        t.lookup(np.zeros((0, 2)))
    whole = CombinationTable(5, 0, "int16", values=np.array([7], dtype=np.int16))
    assert whole.lookup([[], []]).tolist() == [7, 7]  # k=0: [[]] is one empty subset, float64 to numpy


def test_build_rounds_into_float_dtypes_and_keeps_integers_exact():
    tenths = CombinationTable.build(52, 2, lambda rows: [0.1] * len(rows), "f4")
    assert (tenths.values == np.float32(0.1)).all()
    special = CombinationTable.build(3, 1, lambda rows: np.array([np.nan, np.inf, -np.inf]), "f2")
    assert np.isnan(special.values[0]) and special.values[1:].tolist() == [np.inf, -np.inf]
    assert CombinationTable.build(3, 1, lambda rows: [2 ** 64 - 1] * 3, "f4").values[0] == np.float32(2 ** 64)
    assert CombinationTable.build(3, 1, lambda rows: [3.0, 4.0, 5.0], "u1").values.tolist() == [3, 4, 5]
    assert CombinationTable.build(3, 1, lambda rows: np.full(3, 2 + 0j), "i2").values.tolist() == [2, 2, 2]
    for values, dtype in (([1e300] * 3, "f4"), ([7e4] * 3, "f2"), ([1e300] * 3, "c8"), ([1 + 1j] * 3, "f8"),
                          ([1.5] * 3, "u1"), ([np.nan] * 3, "i4"), ([300] * 3, "u1"), ([-1] * 3, "u8"),
                          (["0.1"] * 3, "f4"), ([2] * 3, "bool")):
        with pytest.raises(ValueError, match=f"func returned values that do not fit {np.dtype(dtype)} at rank 0"):
            CombinationTable.build(3, 1, lambda rows, v=values: np.array(v), dtype)


def test_build_names_results_that_are_not_one_value_per_row():
    for result, shown in ((None, "NoneType None"), (3, "int 3"), (np.float64(2), "float64 np.float64(2.0)")):
        with pytest.raises(ValueError, match=f"^func must return one value per row, got {re.escape(shown)} for 6"):
            CombinationTable.build(8, 3, lambda rows, r=result: r, "f4", block=6)
    with pytest.raises(ValueError, match="func must return one value per row, got .*inhomogeneous"):
        CombinationTable.build(8, 3, lambda rows: [[1]] + [[1, 2]] * (len(rows) - 1), "f4")


def saved_with_trailer(tmp_path, trailer, descr=None):
    """A table file of C(10, 4) uint32 values (or raw bytes under the .npy header `descr`) and this trailer."""
    path = tmp_path / "t.npy"
    with open(path, "wb") as f:
        if descr is None:
            np.lib.format.write_array(f, np.arange(210, dtype=np.uint32))
        else:
            np.lib.format.write_array_header_1_0(f, {"descr": descr, "fortran_order": False, "shape": (210,)})
            f.write(np.full(210, 0x4141414141, dtype=np.uint64).tobytes())
        raw = trailer if isinstance(trailer, bytes) else json.dumps(trailer).encode()
        f.write(raw + struct.pack("<Q", len(raw)) + _table.TRAILER_MAGIC)
    return path


GOOD = {"format": 1, "n": 10, "k": 4, "order": "colex", "dtype": "<u4", "holds": "", "pokerhash": ph.__version__}


@pytest.mark.parametrize("trailer, message", [
    (b"5", "a JSON object expected, got int 5"),
    (b"[[1]]", r"a JSON object expected, got list \[\[1\]\]"),
    (b"null", "a JSON object expected, got NoneType None"),
    ({**GOOD, "pokerhash": 3}, "pokerhash must be a string, got int 3"),
    ({**GOOD, "format": "1"}, "format must be the integer 1, got str '1'"),
    ({**GOOD, "format": True}, "format must be the integer 1, got bool True"),
    ({**GOOD, "n": "10"}, "n must be an integer 0..64, got str '10'"),
    ({**GOOD, "n": 10.0}, "n must be an integer 0..64, got float 10.0"),
    ({**GOOD, "n": 65}, "n must be an integer 0..64, got int 65"),
    ({**GOOD, "n": 10 ** 60}, r"n must be an integer 0..64, got int 1000000000000000000000000000000000000\.\.\.$"),
    ({**GOOD, "k": 11}, "k must be an integer 0..n=10, got int 11"),
    ({**GOOD, "k": None}, "k must be an integer 0..n=10, got NoneType None"),
    ({**GOOD, "order": ["lex"]}, r"order must be a string, got list \['lex'\]"),
    ({**GOOD, "order": "revlex"}, "order must be 'colex' or 'lex', got str 'revlex'"),
    ({**GOOD, "dtype": 5}, "dtype must be a string, got int 5"),
    ({**GOOD, "dtype": "nonsense"}, "dtype must name a numpy dtype, got str 'nonsense'"),
    ({**GOOD, "dtype": ","}, "dtype must name a numpy dtype, got str ','"),
    ({**GOOD, "dtype": "|V0"}, "dtype |V0 has zero-size items"),
    ({**GOOD, "dtype": "(2,)<u2"}, r"dtype \('<u2', \(2,\)\) is a sub-array dtype"),
    ({**GOOD, "dtype": "|O"}, "dtype object holds Python objects"),
    ({**GOOD, "holds": {}}, "holds must be a string, got dict {}"),
    ({key: value for key, value in GOOD.items() if key not in ("k", "holds")}, r"lacks \['k', 'holds'\]"),
])
def test_loading_names_the_damaged_metadata_field(tmp_path, trailer, message):
    path = saved_with_trailer(tmp_path, trailer)
    with pytest.raises(ValueError, match=f"^{path}: damaged metadata: {message}"):
        CombinationTable.load(path)


def test_loading_a_file_of_another_format_or_of_object_values(tmp_path):
    assert CombinationTable.load(saved_with_trailer(tmp_path, {**GOOD, "extra": 1})).values[5] == 5
    hand_written = CombinationTable.load(saved_with_trailer(tmp_path, {**GOOD, "dtype": "uint32"}), dtype="<u4")
    assert hand_written.dtype == np.uint32 and hand_written.metadata()["dtype"] == "<u4"
    path = saved_with_trailer(tmp_path, {**GOOD, "format": 2, "pokerhash": None})
    with pytest.raises(ValueError, match=r"table format 2 is not 1 \(written by pokerhash \(unknown\)"):
        CombinationTable.load(path)
    path = saved_with_trailer(tmp_path, b"[" * 100_000)
    with pytest.raises(ValueError, match="damaged metadata trailer"):
        CombinationTable.load(path)
    # numpy maps object dtypes from a file as raw pointers: reading one used to crash the process
    path = saved_with_trailer(tmp_path, {**GOOD, "dtype": "|V8"}, descr=[("a", "|O")])
    with pytest.raises(ValueError, match=r"the values are Python objects \(dtype \[\('a', 'O'\)\]\)"):
        CombinationTable.load(path)
    path = saved_with_trailer(tmp_path, {**GOOD, "dtype": "|V16"}, descr=("<f8", (2,)))
    with pytest.raises(ValueError, match=r"the values' dtype \('<f8', \(2,\)\) is a sub-array dtype"):
        CombinationTable.load(path)


def test_structured_tables_reopen_with_their_fields(tmp_path):
    pair = [("count", "u1"), ("mean", "<f8")]
    t = CombinationTable.build(10, 3, lambda rows: np.array([(s, s / 3) for s in rows.sum(axis=1)], dtype=pair),
                               pair)
    t.save(tmp_path / "pairs.npy")
    for opened in (CombinationTable.load(tmp_path / "pairs.npy"), CombinationTable.load(tmp_path / "pairs.npy",
                                                                                         mmap=False, dtype=pair)):
        assert opened.dtype == np.dtype(pair) and opened.values.tobytes() == t.values.tobytes()
        assert opened.lookup([[9, 8, 7]]).tolist() == [(24, 8.0)]
    with pytest.raises(ValueError, match=r"with dtype=\[\('count', 'u1'\), \('mean', '<f8'\)\], expected \[\('a'"):
        CombinationTable.load(tmp_path / "pairs.npy", dtype=[("a", "u1"), ("b", "<f8")])


def test_saving_over_the_file_a_mapped_table_reads(tmp_path):
    # save() truncated the file in place: the table mapped from it then died of SIGBUS on its next read, and
    # the file was lost. Now the file is replaced whole and the mapped table keeps its old pages.
    path = tmp_path / "t.bin"
    built = CombinationTable.build(30, 5, lambda r: r.sum(1), "uint16")
    built.save(path)
    loaded = CombinationTable.load(path)
    total = int(loaded.values.sum())
    loaded.save(path)
    CombinationTable.build(20, 3, lambda r: r.sum(1), "uint16").save(path)
    assert int(loaded.values.sum()) == total
    again = CombinationTable.load(path)
    assert (again.n, again.k) == (20, 3)
    assert list(tmp_path.iterdir()) == [path]  # no temporary left behind
