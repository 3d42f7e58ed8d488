"""evaluate_batch and the array-returning functions: numpy in -> numpy out, plain buffers in ->
array.array out; any integer table is converted (tests/test_batch_inputs.py has the numpy habits), and
non-integers, bad widths and bad rows are rejected with the problem named."""

import array
import random

import pytest

import pokerhash

import oracle

HANDS = [oracle.parse(t) for t in ("As Ks Qs Js Ts", "7c 5d 4h 3s 2c", "9c 9d 9h 4s 4c")]
VALUES = [1, 7462, 236]
FLAT = bytes(c for hand in HANDS for c in hand)


# ---- plain buffers (no numpy; these also run in Pyodide) ---------------------------------------------

@pytest.mark.parametrize("make", [bytes, bytearray, lambda b: array.array("B", b), memoryview,
                                  lambda b: memoryview(bytearray(b))])
def test_plain_buffers_give_array_h(make):
    out = pokerhash.evaluate_batch(make(FLAT), 5)
    assert isinstance(out, array.array) and out.typecode == "H"
    assert list(out) == VALUES


def test_plain_buffer_2d_memoryview():
    out = pokerhash.evaluate_batch(memoryview(FLAT).cast("B", (3, 5)), 5)
    assert list(out) == VALUES


def test_plain_buffer_every_k():
    rng = random.Random(5)
    for k in range(5, 10):
        hands = [rng.sample(range(52), k) for _ in range(200)]
        out = pokerhash.evaluate_batch(bytes(c for h in hands for c in h), k)
        assert list(out) == [oracle.value_of(h) for h in hands]


def test_empty_plain_buffer():
    out = pokerhash.evaluate_batch(b"", 7)
    assert isinstance(out, array.array) and len(out) == 0


def test_plain_buffer_needs_k():
    with pytest.raises(ValueError, match="k is required"):
        pokerhash.evaluate_batch(FLAT)


@pytest.mark.parametrize("k", [0, 4, 10, 52])
def test_plain_buffer_k_out_of_range(k):
    with pytest.raises(ValueError, match=f"k must be 5 to 9, got {k}"):
        pokerhash.evaluate_batch(bytes(k * 2), k)


def test_plain_buffer_length_not_multiple_of_k():
    with pytest.raises(ValueError, match="not a multiple of k=5"):
        pokerhash.evaluate_batch(FLAT[:-1], 5)


@pytest.mark.parametrize("typecode", ["H", "b", "i", "Q"])
def test_plain_buffer_of_other_integers(typecode):
    out = pokerhash.evaluate_batch(array.array(typecode, list(FLAT)), 5)
    assert isinstance(out, array.array) and list(out) == VALUES


@pytest.mark.parametrize("typecode", ["d", "f"])
def test_plain_buffer_of_floats(typecode):
    with pytest.raises(TypeError, match="must hold integer card ids, got buffer format"):
        pokerhash.evaluate_batch(array.array(typecode, list(FLAT)), 5)


def test_plain_buffer_non_contiguous():
    assert list(pokerhash.evaluate_batch(memoryview(bytes(c for c in FLAT for _ in (0, 1)))[::2], 5)) == VALUES


@pytest.mark.parametrize("obj", ["As Ks Qs Js Ts", 12345, None, 1.5, {1: 2}])
def test_not_a_table(obj):
    with pytest.raises(TypeError):
        pokerhash.evaluate_batch(obj, 5)


def test_bad_rows_are_named():
    bad = bytearray(FLAT)
    bad[2 * 5 + 4] = bad[2 * 5]  # row 2: duplicate
    with pytest.raises(ValueError, match="^row 2: duplicate card$"):
        pokerhash.evaluate_batch(bytes(bad), 5)
    bad = bytearray(FLAT)
    bad[1 * 5 + 3] = 52  # row 1: card 52
    with pytest.raises(ValueError, match="^row 1: card id outside 0..51$"):
        pokerhash.evaluate_batch(bytes(bad), 5)


# ---- numpy ---------------------------------------------------------------------------------------------

@pytest.fixture
def np():
    return pytest.importorskip("numpy")


def test_numpy_in_numpy_out(np):
    hands = np.array(HANDS, dtype=np.uint8)
    out = pokerhash.evaluate_batch(hands)
    assert isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == (3,)
    assert out.tolist() == VALUES
    assert pokerhash.evaluate_batch(hands, k=5).tolist() == VALUES
    assert pokerhash.evaluate_batch(hands.reshape(-1), k=5).tolist() == VALUES  # 1-D with k


def test_numpy_every_k_and_empty(np):
    for k in range(5, 10):
        out = pokerhash.evaluate_batch(np.zeros((0, k), dtype=np.uint8))
        assert out.shape == (0,) and out.dtype == np.uint16


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "int64", "uint64"])
def test_numpy_other_integer_dtypes(np, dtype):
    assert pokerhash.evaluate_batch(np.array(HANDS).astype(dtype)).tolist() == VALUES


@pytest.mark.parametrize("dtype", ["float64", "bool", "complex64", "object"])
def test_numpy_non_integer_dtypes(np, dtype):
    with pytest.raises(TypeError, match=f"must hold integer card ids, got dtype {dtype}"):
        pokerhash.evaluate_batch(np.array(HANDS).astype(dtype))


def test_numpy_non_contiguous(np):
    wide = np.zeros((3, 10), dtype=np.uint8)
    wide[:, ::2] = HANDS
    reverse = VALUES[::-1]
    for view, want in ((wide[:, ::2], VALUES), (np.asfortranarray(np.array(HANDS, dtype=np.uint8)), VALUES),
                       (np.array(HANDS, dtype=np.uint8)[::-1], reverse),
                       (np.array(HANDS * 2, dtype=np.uint8)[::2], [1, 236, 7462])):
        assert pokerhash.evaluate_batch(view).tolist() == want


def test_numpy_wrong_shape(np):
    with pytest.raises(ValueError, match=r"shape \(N, k\)"):
        pokerhash.evaluate_batch(np.zeros(10, dtype=np.uint8))  # 1-D without k
    with pytest.raises(ValueError, match=r"shape \(N, k\)"):
        pokerhash.evaluate_batch(np.zeros((2, 2, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"k=6 does not match"):
        pokerhash.evaluate_batch(np.array(HANDS, dtype=np.uint8), k=6)


@pytest.mark.parametrize("k", [1, 4, 10, 13])
def test_numpy_columns_out_of_range(np, k):
    with pytest.raises(ValueError, match=f"k must be 5 to 9, got {k}"):
        pokerhash.evaluate_batch(np.zeros((3, k), dtype=np.uint8))


def test_numpy_bad_rows(np):
    hands = np.array(HANDS * 10, dtype=np.uint8)
    hands[17, 4] = hands[17, 0]
    with pytest.raises(ValueError, match="^row 17: duplicate card$"):
        pokerhash.evaluate_batch(hands)
    hands = np.array(HANDS * 10, dtype=np.uint8)
    hands[23, 0] = 200
    with pytest.raises(ValueError, match="^row 23: card id outside 0..51$"):
        pokerhash.evaluate_batch(hands)


def test_numpy_input_untouched(np):
    hands = np.array(HANDS, dtype=np.uint8)
    before = hands.copy()
    pokerhash.evaluate_batch(hands)
    assert (hands == before).all()


def test_read_only_numpy_input(np):
    hands = np.array(HANDS, dtype=np.uint8)
    hands.flags.writeable = False
    assert pokerhash.evaluate_batch(hands).tolist() == VALUES


def test_array_results_are_numpy(np):
    combos = pokerhash.combinations(7, 3)
    assert isinstance(combos, np.ndarray) and combos.dtype == np.uint8 and combos.shape == (35, 3)
    masks = pokerhash.combination_masks(7, 3)
    assert isinstance(masks, np.ndarray) and masks.dtype == np.uint64 and masks.shape == (35,)
    hist = pokerhash.value_histogram(5, 0, 1000)
    assert isinstance(hist, np.ndarray) and hist.dtype == np.uint64 and hist.shape == (7463,)
    assert int(hist.sum()) == 1000
    # combinations rows feed straight back into evaluate_batch
    rows = pokerhash.combinations(52, 7, 0, 1000)
    assert pokerhash.evaluate_batch(rows).tolist() == [oracle.value_of(r) for r in rows.tolist()]
