"""Thread safety: the core keeps no shared mutable state (apart from hand_index's lazily built table,
published atomically), and the binding releases the GIL around batch work, so threads running at once
must reproduce the serial results exactly."""

import sys
import threading

import pytest

import pokerhash

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no threads in Pyodide")

THREADS = 8


def run_concurrently(jobs):
    """Runs the callables in threads released together; returns their results in order."""
    results = [None] * len(jobs)
    errors = []
    barrier = threading.Barrier(len(jobs))

    def work(i):
        try:
            barrier.wait()
            results[i] = jobs[i]()
        except BaseException as e:  # collected and re-raised in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def test_parallel_batches_equal_serial():
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(99)
    batches = []
    for i in range(THREADS):
        k = 5 + i % 5
        batches.append(np.argsort(rng.random((300_000, 52)), axis=1)[:, :k].astype(np.uint8))
    serial = [pokerhash.evaluate_batch(b) for b in batches]
    for _ in range(3):
        parallel = run_concurrently([lambda b=b: pokerhash.evaluate_batch(b) for b in batches])
        for s, p in zip(serial, parallel):
            assert (s == p).all()


def test_parallel_sweeps_equal_serial():
    pytest.importorskip("numpy")
    spans = [(7, i * 5_000_000, (i + 1) * 5_000_000) for i in range(THREADS)]
    serial = [pokerhash.value_histogram(*s) for s in spans]
    parallel = run_concurrently([lambda s=s: pokerhash.value_histogram(*s) for s in spans])
    for s, p in zip(serial, parallel):
        assert (s == p).all()
    serial = [pokerhash.combinations(52, 7, a, b) for _, a, b in spans]
    parallel = run_concurrently([lambda s=s: pokerhash.combinations(52, 7, s[1], s[2]) for s in spans])
    for s, p in zip(serial, parallel):
        assert (s == p).all()


def test_parallel_single_calls():
    # Many small calls interleaving through the GIL: evaluate, describe, hand_index, best_five.
    hands = [list(range(i, i + 7)) for i in range(0, 45)]
    expected = [(pokerhash.evaluate(h), pokerhash.hand_index(h), pokerhash.best_five(h)) for h in hands]

    def job():
        return [[(pokerhash.evaluate(h), pokerhash.hand_index(h), pokerhash.best_five(h)) for h in hands]
                for _ in range(50)]

    for result in run_concurrently([job] * THREADS):
        assert all(r == expected for r in result)


def test_first_use_of_hand_index_from_many_threads(native_tools):
    # The lazily built table must be built safely when its first users arrive together: a fresh process.
    import subprocess

    code = (
        "import threading, math, pokerhash\n"
        "b = threading.Barrier(8); out = [None] * 8\n"
        "def w(i):\n"
        "    b.wait(); out[i] = [pokerhash.hand_index(list(range(j, j + 7))) for j in range(45)]\n"
        "ts = [threading.Thread(target=w, args=(i,)) for i in range(8)]\n"
        "[t.start() for t in ts]; [t.join() for t in ts]\n"
        "want = [sum(math.comb(c, i + 1) for i, c in enumerate(range(j, j + 7))) for j in range(45)]\n"
        "assert all(o == want for o in out), out\n"
    )
    subprocess.run([native_tools["python"], "-c", code], check=True, timeout=120)
