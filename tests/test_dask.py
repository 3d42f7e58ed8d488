"""Jobs on a real Dask cluster (2 worker processes): the same results as one thread, a worker killed mid-job
changes nothing, and a bad job fails fast with our own error.

Every result check goes through `same_as_one_thread(client, job)`, where job(executor) runs one job; a new
kind of job (exact equity, for instance) is one more test function calling it.
"""

import argparse
import asyncio
import contextlib
import io
import os
import signal
import subprocess
import sys
import time

import pytest

import pokerhash as ph
from pokerhash import __main__ as cli, _cli_scale, _equity, parallel

np = pytest.importorskip("numpy")
distributed = pytest.importorskip("distributed")
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0", silence_logs=50)
    with cluster, distributed.Client(cluster) as connected:
        yield connected


@contextlib.contextmanager
def own_cluster():
    """A cluster of 2 worker processes for a test that breaks it, on loopback only."""
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0", silence_logs=50)
    with cluster, distributed.Client(cluster) as connected:
        yield cluster, connected


def close_scheduler(cluster):
    """Closes the cluster's scheduler (in this process, on the cluster's event loop), as a killed one goes."""
    asyncio.run_coroutine_threadsafe(cluster.scheduler.close(), cluster.loop.asyncio_loop).result(timeout=60)


def same_as_one_thread(client, job):
    """Runs job(executor) on the cluster and on one local thread; both results must be identical."""
    on_cluster = job(client)
    alone = job(1)
    if isinstance(alone, np.ndarray):
        assert on_cluster.dtype == alone.dtype and (on_cluster == alone).all()
    else:
        assert on_cluster == alone
    return on_cluster


def test_histogram_slices(client):
    for k, start, stop, chunk in ((7, 50_000_000, 80_000_000, 3_000_001), (8, 0, 2_000_000, 700_000), (5, 0, None, None)):
        counts = same_as_one_thread(client, lambda ex: ph.value_histogram(k, start, stop, executor=ex, chunk=chunk))
        assert counts.sum() == (stop or 2_598_960) - start


def test_table_build_and_map_combinations(client):
    table = same_as_one_thread(client, lambda ex: ph.CombinationTable.build(
        52, 5, ph.evaluate_batch, "uint16", order="lex", executor=ex, chunk=400_000).values)
    assert (np.bincount(table, minlength=7463) == ph.value_histogram(5)).all()

    def top_ranks(rows):  # nested, so cloudpickle ships it by value to the workers
        return int(rows[:, -1].astype(np.int64).sum())

    same_as_one_thread(client, lambda ex: ph.map_combinations(top_ranks, 30, 6, lambda a, b: a + b, executor=ex,
                                                              chunk=50_000, block=10_000))


def test_equity_exact_and_monte_carlo(client):
    # Weighted, so the sums are floats: the pieces are added one by one in order on the cluster too.
    exact = same_as_one_thread(client, lambda ex: ph.equity(["TT+:0.5, AQ+", "random"], board="Ks 7d 2c",
                                                            exact=True, executor=ex))
    assert exact.exact and exact.deals > 0
    samples = 5 * _equity.MC_BATCH + 3  # the stderr stop rule on grouped pieces: tests/test_equity_modes.py
    sampled = same_as_one_thread(client, lambda ex: ph.equity(["AhKh", "QQ, JJ", "random"], samples=samples, seed=3,
                                                              executor=ex))
    assert not sampled.exact and sampled.deals == samples
    games = same_as_one_thread(client, lambda ex: ph.games.equity(["AhAd2c3d", "KsKhQsJh"], game="omaha_hilo8",
                                                                  board="5c 7h 8d", executor=ex))
    assert games.exact


def test_cli_runs_on_a_running_scheduler(client):
    def histogram(*options):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli.main(["histogram", "6", *options]) == 0
        return [line for line in out.getvalue().splitlines() if "hands/s" not in line]

    assert histogram("--scheduler", client.scheduler.address) == histogram()

    def equity(*options):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli.main(["equity", "AhKh", "QQ, JJ", "--samples", "300000", "--seed", "5", *options]) == 0
        return out.getvalue().rsplit("(", 1)[0]  # all but the time

    assert equity("--scheduler", client.scheduler.address) == equity()


def test_a_closed_client_or_an_unreachable_scheduler_is_one_clear_error(client, capsys):
    closed = distributed.Client(client.scheduler.address)
    closed.close()
    with pytest.raises(ValueError, match=r"the distributed.Client is closed; connect a new one"):
        ph.map_combinations(len, 10, 3, lambda a, b: a + b, executor=closed)
    # the CLI printed Dask's chained ConnectionRefusedError traceback (after its 10 s connect timeout)
    assert cli.main(["histogram", "5", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "tcp://127.0.0.1:1" in err and "Traceback" not in err, err


def test_without_dask_the_options_say_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    with pytest.raises(ValueError, match=r"--workers needs dask and distributed: pip install 'pokerhash\[dask\]'"):
        with _cli_scale.executor_from(argparse.Namespace(workers=2, scheduler=None)):
            pass


def test_a_bad_job_fails_fast_with_our_error(client):
    def bad_rows(rows):
        if rows[0, 0] == 0 and rows[0, 1] == 1:  # the first blocks are bad
            raise ValueError("this job's function rejects rows starting 0 1")
        time.sleep(0.05)
        return len(rows)

    started = time.perf_counter()
    with pytest.raises(ValueError, match="rejects rows starting 0 1"):  # 52C7 rows: hours, if not stopped
        ph.map_combinations(bad_rows, 52, 7, lambda a, b: a + b, executor=client, chunk=1 << 16, block=1 << 12)
    with pytest.raises(ValueError, match="func must return one value per row"):
        ph.CombinationTable.build(52, 7, lambda rows: np.zeros(3), "uint8", executor=client)
    assert time.perf_counter() - started < 60
    with pytest.raises(ValueError, match="k must be 5 to 9, got 4"):
        ph.value_histogram(4, executor=client)


def test_a_worker_killed_mid_job_changes_nothing(client):
    # Runs last in this module: the cluster is left with a freshly restarted worker.
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = []

    def slow_counts(rows):
        time.sleep(0.05)
        return np.bincount(ph.evaluate_batch(rows), minlength=7463)

    def kill_after_first_part(done, total):
        if not killed:
            killed.append(done)
            os.kill(victim, signal.SIGKILL)

    counts = ph.map_combinations(slow_counts, 52, 5, np.add, executor=client, chunk=150_000, block=50_000,
                                 progress=kill_after_first_part)
    assert killed and killed[0] < 2_598_960  # the worker died while most of the job was still to do
    assert (counts == ph.value_histogram(5)).all()
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()


def test_a_scheduler_gone_mid_job_is_one_clear_error():
    # A bare CancelledError('') before, and from the CLI a 49-line traceback with status 1. The job runs in
    # another process, as on a real cluster: its scheduler (here, in this process) goes away under it.
    with own_cluster() as (cluster, client):
        address = cluster.scheduler.address
        process = subprocess.Popen([sys.executable, "-m", "pokerhash", "histogram", "9", "--scheduler", address],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 120
            while not cluster.scheduler.tasks and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.1)  # until the job's tasks reach the scheduler
            assert cluster.scheduler.tasks, process.communicate()
            closed = time.monotonic()
            close_scheduler(cluster)
            _, err = process.communicate(timeout=120)
            print(f"\nthe job ended {time.monotonic() - closed:.2f} s after its scheduler")
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert process.returncode == 2, err
    assert err.startswith(f"error: the Dask scheduler at {address} went away mid-job") and err.count("\n") == 1, err


def test_a_frozen_worker_is_named_after_the_task_timeout(monkeypatch):
    # A SIGSTOPped worker held value_histogram(8) for 598 s (the scheduler's worker TTL) with no word. Tasks
    # of milliseconds here: 5 s with none finishing is the frozen worker, not a slow box.
    monkeypatch.setattr(parallel, "TASK_TIMEOUT", 5)
    with own_cluster() as (cluster, client):
        client.run(ph.value_histogram, 5)  # both workers have imported pokerhash: no slow first task
        victim = sorted(client.run(os.getpid).values())[0]
        stopped = []

        def count_rows(rows):
            return len(rows)

        def freeze_after_first_part(done, total):
            if not stopped:
                stopped.append(done)
                os.kill(victim, signal.SIGSTOP)  # the scheduler, unaware, keeps giving it tasks

        started = time.monotonic()
        try:
            with pytest.raises(TimeoutError, match=r"no task of this job finished for 5 s .*: task \d+ .*is still "
                                                   r"unfinished, on a worker that is frozen"):
                ph.map_combinations(count_rows, 52, 5, lambda a, b: a + b, executor=client, chunk=10_000,
                                    block=10_000, progress=freeze_after_first_part)
            assert stopped and time.monotonic() - started < 120
        finally:
            os.kill(victim, signal.SIGCONT)
