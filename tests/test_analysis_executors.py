"""The whole-deal jobs give identical exact results on every executor, and stop promptly on Ctrl-C."""

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from pokerhash import analysis
from interrupts import CHILD_OPTIONS, seconds_to_stop

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOW_RANKS = list(range(32))  # every card of ranks 2..9: the deck is T..A
TEN_UP = "".join(f"{r}{s} " for r in "23456789" for s in "cdhs")


def uth_key(result):
    return (result.house_edge, result.element_of_risk, result.deals, result.preflop, result.outcomes,
            result._bets.tobytes())


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)) as executor:
        yield executor


def test_uth_is_identical_on_one_thread_two_threads_a_process_pool_and_small_tasks(pool):
    one = analysis.ultimate_texas_holdem(dead=LOW_RANKS, threads=1, progress=False)
    assert uth_key(analysis.ultimate_texas_holdem(dead=LOW_RANKS, threads=2, progress=False)) == uth_key(one)
    assert uth_key(analysis.ultimate_texas_holdem(dead=LOW_RANKS, executor=pool, progress=False)) == uth_key(one)
    assert uth_key(analysis.ultimate_texas_holdem(dead=LOW_RANKS, threads=2, chunk=7, progress=False)) == uth_key(one)


def test_showdown_matrix_is_identical_on_every_executor(pool):
    dead = list(range(28))  # ranks 9..A
    one = analysis.showdown_matrix(dead=dead, threads=1, progress=False)
    for other in (analysis.showdown_matrix(dead=dead, threads=2, chunk=999, progress=False),
                  analysis.showdown_matrix(dead=dead, executor=pool, progress=False)):
        assert np.array_equal(other.wins, one.wins) and np.array_equal(other.ties, one.ties)
        assert other.deals == one.deals


def test_uth_and_the_matrix_run_on_a_dask_cluster_with_identical_results():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = analysis.ultimate_texas_holdem(dead=LOW_RANKS, executor=client, progress=False)
        matrix = analysis.showdown_matrix(dead=LOW_RANKS, executor=client, progress=False)
    assert uth_key(on_dask) == uth_key(analysis.ultimate_texas_holdem(dead=LOW_RANKS, threads=1, progress=False))
    local = analysis.showdown_matrix(dead=LOW_RANKS, threads=1, progress=False)
    assert np.array_equal(matrix.wins, local.wins) and np.array_equal(matrix.ties, local.ties)


def test_progress_counts_every_flop_and_board():
    seen = []
    analysis.ultimate_texas_holdem(dead=LOW_RANKS, threads=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (22100, 22100) and all(a <= b for (a, _), (b, _) in zip(seen, seen[1:]))
    seen.clear()
    analysis.showdown_matrix(dead=LOW_RANKS, threads=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (15504, 15504)  # C(20, 5) boards


def test_ctrl_c_stops_the_full_deck_solve_within_about_a_second(tmp_path):
    took = seconds_to_stop(tmp_path, "ph.analysis.ultimate_texas_holdem(progress=progress)", timeout=30)
    assert took < 3  # about a second; a loaded 2-core CI box gets some slack


def run_example(*args, **options):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen([sys.executable, os.path.join(ROOT, "examples", "ultimate_texas_holdem.py"), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **options)


def test_the_example_prints_json_with_the_documented_keys():
    child = run_example("--json", "--dead", TEN_UP, "--threads", "2")
    out, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    data = json.loads(out)
    assert {"house_edge", "element_of_risk", "deals", "outcomes", "preflop"} <= set(data)
    exact = analysis.ultimate_texas_holdem(dead=TEN_UP, progress=False)
    assert data["house_edge"]["exact"] == str(exact.house_edge) and data["deals"] == exact.deals
    assert data["preflop"]["AA"]["action"] == exact.preflop["AA"].action


def test_the_example_stops_on_ctrl_c_with_one_line():
    child = run_example("--threads", "2", **CHILD_OPTIONS)
    try:
        assert child.stderr.readline().startswith("solving")
        time.sleep(1.0)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        child.wait(timeout=30)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130 and child.stderr.read() == "interrupted\n"
    assert took < 3, took


def test_the_example_names_a_bad_argument_in_one_line():
    child = run_example("--dead", "2c 2c")
    _, err = child.communicate(timeout=120)
    assert child.returncode == 2 and err.splitlines()[-1] == "error: duplicate card 2c"


def test_batch_plays_agree_with_single_decisions_and_refuse_ids_that_would_wrap():
    small = analysis.ultimate_texas_holdem(dead=LOW_RANKS, threads=2, progress=False)
    rng = np.random.default_rng(7)
    deals = np.array([rng.choice(np.arange(32, 52), 7, replace=False) for _ in range(40)], dtype=np.int64)
    holes, flops, boards = deals[:, :2], deals[:, 2:5], deals[:, 2:7]
    bets = {"check": 0, "raise3": 3, "raise4": 4, "bet2": 2, "play1": 1, "fold": 0}
    for row, (pre, flop, river) in enumerate(zip(small.plays(holes), small.plays(holes, flops),
                                                 small.plays(holes, boards))):
        assert pre == bets[small.decide(holes[row]).action]
        assert flop == bets[small.decide(holes[row], flops[row]).action]
        assert river == bets[small.decide(holes[row], boards[row]).action]
    for bad in ([[300, 33]], [[-1, 33]], [[32.0, 33.0]]):  # uint8 would read 300 as 44 and -1 as 255
        with pytest.raises(ValueError, match="holes must hold card ids 0..51"):
            small.plays(bad)
    with pytest.raises(ValueError, match="a hole holds a dead card"):
        small.plays([[0, 33]])
