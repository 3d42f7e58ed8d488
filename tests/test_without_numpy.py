"""The core-API test files again, in a subprocess where numpy cannot be imported (as in Pyodide):
results come back as array.array / memoryview and every numpy-free test must still pass."""

import os
import subprocess

FILES = ["test_api.py", "test_batch_buffers.py", "test_best_five.py", "test_cards.py",
         "test_combinatorics.py", "test_describe.py", "test_errors.py", "test_random_hands.py",
         "test_sweeps.py", "test_vectors.py"]


def test_suite_without_numpy(native_tools):
    tests = os.path.join(native_tools["root"], "tests")
    run = subprocess.run(
        [native_tools["python"], os.path.join(tests, "no_numpy.py"), "-q", "-p", "no:cacheprovider",
         *[os.path.join(tests, f) for f in FILES]],
        cwd=native_tools["root"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
