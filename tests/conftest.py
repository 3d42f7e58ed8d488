"""Shared fixtures. The same test files run under CPython (native backend) and inside Pyodide (wasm
backend, no numpy, no compiler, no subprocesses), so everything environment-specific is decided here:
tests that need numpy use pytest.importorskip("numpy"); tests that need a C compiler or a subprocess
take the `native_tools` fixture, which skips them under Pyodide."""

import os
import shutil
import sys

import pytest

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(TESTS_DIR)
VECTORS_FILE = os.path.join(TESTS_DIR, "vectors", "hands.txt")
IN_PYODIDE = sys.platform == "emscripten"

# The oracle is a plain module next to the tests; make it importable however pytest was started
# (rootdir conftest, a copied tree inside Pyodide, or `python -m pytest tests/test_x.py`).
if TESTS_DIR not in sys.path:
    sys.path.insert(0, TESTS_DIR)

# The equity rules read the cost model's estimate in seconds of this host (pokerhash/_equity_host.py), which a
# short probe measures; pinned here (and in the subprocesses the tests start) so that no test's mode choice
# or refusal depends on the speed or the load of the machine. test_equity_host.py unpins it where it must.
os.environ["POKERHASH_HOST_FACTOR"] = "1"

# Under CI (CI set, as .ci/run does) Hypothesis draws the same examples on every machine, so a red run
# reproduces with `CI=1 ./build.sh test`; a plain run explores new examples each time.
try:
    from hypothesis import settings as hypothesis_settings
except ImportError:  # Pyodide runs the tests that need no Hypothesis
    pass
else:
    hypothesis_settings.register_profile("ci", derandomize=True, database=None)
    if os.environ.get("CI"):
        hypothesis_settings.load_profile("ci")


def load_vectors(path=VECTORS_FILE):
    """[(text, value)] from hands.txt: 'As Ks Qs Js Ts = 1  # comment'."""
    vectors = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                text, value = line.split("=")
                vectors.append((text.strip(), int(value)))
    return vectors


@pytest.fixture(scope="session")
def vectors():
    return load_vectors()


@pytest.fixture(scope="session")
def native_tools():
    """Skips tests that run subprocesses or a C compiler where there are none (Pyodide)."""
    if IN_PYODIDE:
        pytest.skip("needs subprocesses, not available in Pyodide")
    return {"python": sys.executable, "cc": shutil.which("cc") or shutil.which("gcc"),
            "root": REPO_ROOT}
