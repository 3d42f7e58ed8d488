"""The private _core contract against hostile calls (issue 13, items 2 and 3), in both Python backends:

- buffer sizes past 2**64 (count * k wrapped to a size a small buffer passed: a heap overrun) are refused;
- Python code run by an argument while the binding walks it (a weight's __float__, a card's __index__) that
  empties or grows the lists being walked neither overruns nor frees what is read: the call answers as for
  the lists it was given.

Each backend runs tests/reliability_cases.py in a child process under PYTHONMALLOC=malloc_debug, where an
overrun or a use after free aborts the child (freed memory is overwritten, guard bytes are checked); the Pyodide
backend (_wasm_core.py) runs on CPython over a native build of the core, as tests/web/test_wasm_core_native.py
does. Item 4 (range weights near the float limits) is checked through the public equity() below."""

import json
import os
import subprocess
import sys

import pytest

from core_build import core_includes, core_sources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def native_side_library(native_tools, tmp_path_factory):
    if not native_tools["cc"]:
        pytest.skip("no C compiler")
    library = str(tmp_path_factory.mktemp("reliability") / "pokerhash_core.so")
    subprocess.run([native_tools["cc"], "-std=c11", "-O1", "-shared", "-fPIC", *core_includes(), *core_sources(),
                    "-o", library], check=True)
    return library


def run_cases(backend, library=None):
    env = dict(os.environ, PYTHONMALLOC="malloc_debug",
               PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "pywasm"), os.environ.get("PYTHONPATH", "")]))
    if library:
        env["POKERHASH_WASM_CORE"] = library
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "reliability_cases.py"), backend], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"the {backend} backend's child died ({done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout)


def check(results):
    wrong = [f"{name}:\n  got  {got}\n  want {want}" for name, got, want in results if got != want]
    assert not wrong, "\n".join(wrong)
    assert len(results) == 10


def test_native_binding_survives_hostile_arguments(native_tools):
    check(run_cases("native"))


def test_wasm_binding_survives_hostile_arguments(native_side_library):
    check(run_cases("wasm", native_side_library))


@pytest.mark.parametrize("exact", [True, False])
def test_equity_does_not_change_when_every_weight_is_scaled(exact):
    """The review's spots: weights of 1e308 gave nan (exact) or 0.121 instead of the unweighted answer (Monte
    Carlo); weights of 1e-170 gave "no deal is possible". Scaling every weight by a constant changes nothing."""
    import pokerhash as ph
    mode = {"exact": True} if exact else {"samples": 20000, "seed": 11}
    for ranges, plain in (
        (["AA:1e308, 72o:1e308", "KK"], ["AA, 72o", "KK"]),
        (["AA:1e-170", "KK:1e-170"], ["AA", "KK"]),
        (["AA:3e307, 72o:1e308", "KK:1e-300, QQ:2e-300"], ["AA:0.3, 72o", "KK:0.5, QQ"]),
    ):
        got = ph.equity(ranges, board="2c3d9h", **mode)
        want = ph.equity(plain, board="2c3d9h", **mode)
        assert got.deals == want.deals and got.win == want.win and got.tie == want.tie, (ranges, got, want)
        for field in ("equity", "win_rate", "tie_rate", "lose_rate"):
            assert getattr(got, field) == pytest.approx(getattr(want, field), rel=1e-12, abs=1e-15), (ranges, field)
