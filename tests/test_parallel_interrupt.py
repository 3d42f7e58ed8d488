"""Ctrl-C stops long jobs: value_histogram, table builds and map_combinations run in short tasks, so a
SIGINT ends the process within about a second instead of after minutes. Each job here would run for far
longer than the bound the test allows (minutes, even on a fast machine)."""

import signal
import subprocess
import sys
import time

import pytest

from interrupts import CHILD_OPTIONS

pytest.importorskip("numpy")
pytestmark = pytest.mark.skipif(sys.platform in ("emscripten", "win32"), reason="needs POSIX signals")

EXIT_BOUND = 15  # seconds: generous for a loaded 2-core box; an ignored Ctrl-C takes minutes
JOBS = {
    "histogram": "ph.value_histogram(9)",  # 3.7 billion hands
    "histogram on one thread": "ph.value_histogram(9, executor=1)",
    # 20 million rows, each block evaluated 300 times over: billions of evaluations
    "build": "ph.CombinationTable.build(52, 6, heavy, 'uint16')",
    "map": "ph.map_combinations(counts, 52, 9, np.add)",  # 3.7 billion rows
}
SCRIPT = """
import sys, numpy as np, pokerhash as ph
def heavy(rows):
    for _ in range(300):
        values = ph.evaluate_batch(rows)
    return values
def counts(rows):
    return np.bincount(ph.evaluate_batch(rows), minlength=7463)
print("running", flush=True)
{job}
print("finished", flush=True)
"""


@pytest.mark.parametrize("job", sorted(JOBS))
def test_ctrl_c_stops_the_job_within_the_bound(job):
    process = subprocess.Popen([sys.executable, "-c", SCRIPT.format(job=JOBS[job])], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, **CHILD_OPTIONS)
    try:
        assert process.stdout.readline().strip() == "running"
        time.sleep(1.0)  # well inside the job
        process.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        out, err = process.communicate(timeout=EXIT_BOUND)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{job}: still running {EXIT_BOUND} s after Ctrl-C")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "finished" not in out, f"{job} finished before the signal: make it longer"
    assert process.returncode in (-signal.SIGINT, 1), err
    assert "KeyboardInterrupt" in err
    print(f"{job}: stopped {time.perf_counter() - sent:.2f} s after SIGINT")
