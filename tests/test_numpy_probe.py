"""numpy_or_none caches only a definite answer: numpy imported, or numpy itself not installed. An import that
fails for another reason (out of memory under a low `ulimit -v` in a pool thread, a broken install) is not
remembered, so one bad moment never turns the rest of the process's results into array.array (issue 27, F13)."""

import builtins

import pytest

from pokerhash import _buffers


@pytest.fixture
def fresh_probe(monkeypatch):
    """An empty probe cache for the test; the real one comes back afterwards."""
    monkeypatch.setattr(_buffers, "_NUMPY_PROBE", [])
    return _buffers


def fail_numpy_import_once(monkeypatch, error):
    """The next `import numpy` raises `error`; later ones import as usual."""
    real_import = builtins.__import__
    calls = []

    def importing(name, *args, **kwargs):
        if name == "numpy" and not calls:
            calls.append(name)
            raise error
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", importing)
    return calls


@pytest.mark.parametrize("error", [MemoryError(), ImportError("numpy C-extensions failed: cannot map segment"),
                                   ModuleNotFoundError("No module named 'numpy._core._multiarray_umath'",
                                                       name="numpy._core._multiarray_umath")],
                         ids=["memory", "import", "missing-part"])
def test_a_failed_numpy_import_is_not_cached_as_no_numpy(fresh_probe, monkeypatch, error):
    np = pytest.importorskip("numpy")
    calls = fail_numpy_import_once(monkeypatch, error)
    with pytest.raises(type(error)):
        fresh_probe.numpy_or_none()
    assert calls == ["numpy"]
    assert fresh_probe.numpy_or_none() is np  # the next call tries again and gets numpy
    assert fresh_probe.numpy_or_none() is np


def test_results_are_numpy_again_after_a_failed_import(fresh_probe, monkeypatch):
    np = pytest.importorskip("numpy")
    import pokerhash as ph

    # what numpy's import raises when its C extension cannot be mapped under a low `ulimit -v`
    fail_numpy_import_once(monkeypatch, ImportError("Error importing numpy: failed to map segment"))
    with pytest.raises(ImportError):
        ph.value_histogram(5)
    assert isinstance(ph.value_histogram(5), np.ndarray)


def test_numpy_not_installed_is_still_cached_as_absent(fresh_probe, monkeypatch):
    real_import = builtins.__import__
    calls = []

    def no_numpy(name, *args, **kwargs):
        if name == "numpy":
            calls.append(name)
            raise ModuleNotFoundError("No module named 'numpy'", name="numpy")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    assert fresh_probe.numpy_or_none() is None
    assert fresh_probe.numpy_or_none() is None
    assert calls == ["numpy"]  # probed once: a missing numpy is not searched for on every call
