"""pokerhash.parallel: one job on any executor, merged in task order, the same result everywhere.

Also the jobs built on it: value_histogram(executor=), map_combinations and evaluate_batch(threads=).
"""

import sys
import threading
import time
import types
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import pokerhash as ph
from pokerhash import _core, parallel

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no threads in Pyodide")


def reference_histogram(k, start, stop):
    """One C call over the whole range: what every split must add up to."""
    out = np.zeros(7463, dtype=np.uint64)
    _core.value_histogram_into(k, start, stop - start, out)
    return out


def late_first(task):
    """Later tasks finish first, so merging in arrival order would scramble the result."""
    index, count = task
    time.sleep(0.001 * (count - index))
    return index


def fail_at_three(task):
    if task == 3:
        raise ValueError("task 3 is bad")
    time.sleep(0.01)
    return task


def append(total, part):
    return total + [part]


def test_parts_merge_in_task_order_whatever_finishes_first():
    tasks = [(i, 30) for i in range(30)]
    for executor in (1, 4, None):
        assert parallel.run(late_first, tasks, append, [], executor=executor) == list(range(30))
    with ThreadPoolExecutor(5) as pool:
        assert parallel.run(late_first, tasks, append, [], executor=pool) == list(range(30))


def test_value_histogram_is_the_same_for_every_executor_and_chunk():
    start, stop = 3_000_000, 9_000_017
    want = reference_histogram(6, start, stop)
    with ThreadPoolExecutor(3) as threads, ProcessPoolExecutor(2) as processes:
        for executor in (None, 1, 2, threads, processes):
            for chunk in (None, 1_000_003, 6_000_017):
                got = ph.value_histogram(6, start, stop, executor=executor, chunk=chunk)
                assert got.dtype == np.uint64 and (got == want).all(), (executor, chunk)
    assert (ph.value_histogram(5) == reference_histogram(5, 0, 2_598_960)).all()
    assert ph.value_histogram(5, 10, 10).sum() == 0


def test_stop_ends_the_job_and_cancels_the_rest():
    calls = []

    def worker(task):
        calls.append(task)
        time.sleep(0.002)
        return task

    total = parallel.run(worker, list(range(1000)), lambda a, b: a + b, executor=2, stop=lambda t: t >= 45)
    assert total == sum(range(10))  # 0 + 1 + ... + 9 = 45: the first total that says stop
    assert len(calls) < 100


def test_a_failing_task_fails_the_job_fast_with_its_own_error():
    started = time.perf_counter()
    with pytest.raises(ValueError, match="task 3 is bad"):
        parallel.run(fail_at_three, list(range(2000)), lambda a, b: a, executor=2)
    assert time.perf_counter() - started < 10  # 2000 tasks of 10 ms would take 10 s on 2 threads
    with ThreadPoolExecutor(2) as pool:  # a caller's executor: our pending tasks are cancelled, it lives on
        with pytest.raises(ValueError, match="task 3 is bad"):
            parallel.run(fail_at_three, list(range(2000)), lambda a, b: a, executor=pool)
        assert pool.submit(abs, -1).result() == 1


def test_progress_is_reported_after_each_merge_up_to_the_total():
    seen = []
    parallel.run(abs, list(range(10)), lambda a, b: a + b, executor=3, sizes=[5] * 10,
                 progress=lambda done, total: seen.append((done, total)))
    assert seen == [(5 * (i + 1), 50) for i in range(10)]


class FakeTqdm:
    made = []

    def __init__(self, total, **options):
        self.total, self.n, self.closed, self.options = total, 0, False, options
        FakeTqdm.made.append(self)

    def update(self, step):
        self.n += step

    def close(self):
        self.closed = True


@pytest.mark.parametrize("terminal", [False, True])
def test_the_automatic_bar_is_tqdm_and_only_on_a_terminal(monkeypatch, terminal):
    FakeTqdm.made = []
    monkeypatch.setitem(sys.modules, "tqdm", types.SimpleNamespace(tqdm=FakeTqdm))
    monkeypatch.setattr(sys, "stderr", types.SimpleNamespace(isatty=lambda: terminal, write=None, flush=None))
    parallel.run(abs, list(range(7)), lambda a, b: a, executor=1)
    if not terminal:
        assert FakeTqdm.made == []
    else:
        (bar,) = FakeTqdm.made
        assert (bar.total, bar.n, bar.closed, bar.options["delay"]) == (7, 7, True, parallel.PROGRESS_DELAY)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="executor must be a positive number of threads, got 0"):
        ph.value_histogram(5, executor=0)
    with pytest.raises(ValueError, match="chunk must be a positive integer, got 0"):
        ph.value_histogram(5, chunk=0)
    with pytest.raises(TypeError, match="progress must be None, True, False or a callable"):
        ph.value_histogram(5, progress="yes")
    with pytest.raises(TypeError, match="executor must be None, a number of threads, a concurrent.futures.Executor"
                                        " or a distributed.Client, got str"):
        ph.value_histogram(5, executor="threads")
    with pytest.raises(ValueError, match="sizes must have one entry per task"):
        parallel.run(abs, [1, 2], max, sizes=[1])
    with pytest.raises(ValueError, match="range 0..99 outside 0..C\\(5,3\\) = 10"):
        ph.map_combinations(len, 5, 3, stop=99)
    with pytest.raises(ValueError, match="order must be 'colex' or 'lex'"):
        ph.map_combinations(len, 5, 3, order="grey")


@pytest.mark.parametrize("order", ["colex", "lex"])
def test_map_combinations_sees_every_subset_once_in_rank_order(order):
    want = [tuple(ph.unrank_combination(r, 5, 12, order)) for r in range(792)]
    for chunk, block in ((None, 1 << 16), (50, 7), (1, 1), (792, 1000)):
        rows = ph.map_combinations(lambda r: r.copy(), 12, 5, order=order, chunk=chunk, block=block)
        assert [tuple(r) for r in rows] == want, (chunk, block)
    ranks = ph.map_combinations(lambda r: [ph.rank_combination(x.tolist(), 12, order) for x in r], 12, 5, order=order,
                                start=100, stop=400, chunk=33, block=10, executor=3)
    assert ranks == list(range(100, 400))
    assert ph.map_combinations(len, 12, 5, lambda a, b: a + b, order=order, chunk=64, block=5) == 792


def value_counts(rows):
    return np.bincount(ph.evaluate_batch(rows), minlength=7463)


def test_map_combinations_reduce_matches_the_histogram_on_threads_and_processes():
    want = reference_histogram(5, 0, 2_598_960)
    assert (ph.map_combinations(value_counts, 52, 5, np.add) == want).all()
    with ProcessPoolExecutor(2) as pool:
        got = ph.map_combinations(value_counts, 52, 5, np.add, executor=pool, chunk=300_000)
    assert (got == want).all()


def random_hands(rows, k, seed):
    rng = np.random.default_rng(seed)
    return np.argpartition(rng.random((rows, 52), dtype=np.float32), k, axis=1)[:, :k].astype(np.uint8)


def test_evaluate_batch_on_threads_gives_the_same_values():
    for k in (7, 9):
        hands = random_hands(100_000, k, k)
        want = ph.evaluate_batch(hands)
        for threads in (2, 3):
            assert (ph.evaluate_batch(hands, threads=threads) == want).all()
    flat = bytes(random_hands(100_000, 7, 1))
    assert list(ph.evaluate_batch(flat, 7, threads=2)) == list(ph.evaluate_batch(flat, 7))


def test_evaluate_batch_on_threads_names_the_first_bad_row():
    hands = random_hands(100_000, 7, 3)
    hands[90_000, 1] = hands[90_000, 0]  # in the last thread's piece
    hands[60_000, 2] = 60  # earlier, in another piece
    with pytest.raises(ValueError, match="^row 60000: card id outside 0..51$"):
        ph.evaluate_batch(hands, threads=4)
    with pytest.raises(ValueError, match="threads must be a positive integer, got 0"):
        ph.evaluate_batch(hands, threads=0)


def test_threads_really_run_at_once():
    # Two tasks that each wait for the other can only finish when they run concurrently.
    barrier = threading.Barrier(2, timeout=10)
    assert parallel.run(lambda t: barrier.wait() * 0 + t, [1, 2], lambda a, b: a + b, executor=2) == 3


def test_jobs_of_too_many_tasks_are_refused_up_front():
    # C(52, 9) tasks of one subset each were built as a list first: a MemoryError after seconds, or the OOM killer
    with pytest.raises(ValueError, match=r"3,679,075,400 items in chunks of 1 would be 3,679,075,400 tasks, more "
                                         r"than the 10,000,000 one job may hold; pass a larger chunk="):
        ph.value_histogram(9, chunk=1)
    with pytest.raises(ValueError, match=r"tasks, more than the 10,000,000"):
        ph.map_combinations(len, 64, 32)


def test_an_executor_class_and_results_that_are_not_rows_are_named():
    import concurrent.futures as cf
    import operator

    with pytest.raises(TypeError, match=r"executor must be an executor instance, got the class ThreadPoolExecutor"):
        parallel.run(abs, [-1], operator.add, executor=cf.ThreadPoolExecutor)
    for executor in (None, 2):  # "'int' object is not subscriptable" from the concatenation before
        with pytest.raises(TypeError, match=r"func must return one value per row \(a sequence or an array\), got int 5"):
            ph.map_combinations(lambda rows: 5, 10, 3, executor=executor)
    with cf.ThreadPoolExecutor(2) as pool:
        with pytest.raises(TypeError, match=r"func must return one value per row"):
            ph.CombinationTable.build(10, 3, lambda rows: None, "uint16", executor=pool)


def test_a_task_that_never_finishes_is_named_after_task_timeout_seconds():
    # A frozen worker held the job forever (on Dask: until the scheduler's worker TTL, 10 minutes) with no word.
    release = threading.Event()

    def stuck_on_two(task):
        if task == 2:
            release.wait(120)  # bounded, and released as soon as the test is done
        return task

    pool = ThreadPoolExecutor(2)
    started = time.monotonic()
    try:
        with pytest.raises(TimeoutError, match=r"no task of this job finished for 0.5 s \(2 merged so far\): task 2 \(2\) "
                                               r"is still unfinished.*task_timeout"):
            parallel.run(stuck_on_two, list(range(6)), lambda a, b: a + b, executor=pool, task_timeout=0.5)
        assert time.monotonic() - started < 60
    finally:
        release.set()
        pool.shutdown()
    # no limit unless asked (local work), and only positive numbers of seconds
    assert parallel.run(abs, [1, 2], lambda a, b: a + b, executor=ThreadPoolExecutor(2)) == 3
    for bad in (0, -1, "5", True, float("nan")):
        with pytest.raises(ValueError, match="task_timeout must be a positive number of seconds or None"):
            parallel.run(abs, [1, 2], lambda a, b: a + b, executor=2, task_timeout=bad)
