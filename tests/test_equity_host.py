"""The equity rules in seconds of this host (issue 27, F15): ph_equity_exact_seconds estimates seconds of one
core of the reference host, so auto mode's 2 s and exact=True's 60 s read it times a host factor that a short
probe measures once per process (pokerhash/_equity_host.py). conftest pins the factor to 1; these tests unpin
it and report a host of their choosing, so none depends on the speed of the machine."""

import threading
import time

import pytest

import pokerhash as ph
from pokerhash import _equity_fixed, _equity_host, _equity_jobs, _equity_spot, games

pytestmark = pytest.mark.skipif(not hasattr(ph._backend.core, "equity_exact_seconds"),
                                reason="this build of pokerhash has no equity engine")


@pytest.fixture
def host(monkeypatch):
    """host(factor): from now on the probe reports a host `factor` times slower than the reference; returns
    the list of the probe's calls."""
    monkeypatch.delenv(_equity_host.ENV, raising=False)
    monkeypatch.setattr(_equity_host, "_factor", [])
    calls = []

    def report(factor):
        monkeypatch.setattr(_equity_host, "_factor", [])
        monkeypatch.setattr(_equity_host, "probe", lambda: calls.append(factor) or factor)
        return calls

    return report


@pytest.fixture
def estimate(monkeypatch):
    """estimate(seconds): the cost model estimates every spot at `seconds` (of the reference host), and its
    cheap bound says no less; the native lanes of known hands, of small range jobs and of small jobs, which
    read the model in C, stand aside."""
    monkeypatch.setattr(_equity_fixed, "_equity_hands", None)
    monkeypatch.setattr(_equity_jobs, "_exact_within", None)
    monkeypatch.setattr(_equity_jobs, "_equity_ranges", None)

    def set_estimate(seconds):
        monkeypatch.setattr(_equity_spot.Spot, "estimated_seconds", lambda self: seconds)
        monkeypatch.setattr(_equity_spot.Spot, "seconds_bound", lambda self: seconds)

    return set_estimate


AA_KK = (["AsAd", "KsKh"], "Qs 7d 2c")  # 990 deals: cheap to enumerate whatever the estimate says


def test_auto_mode_enumerates_up_to_two_seconds_of_this_host(host, estimate):
    estimate(1.5)  # 1.5 s on the reference host
    host(1.0)
    assert ph.equity(*AA_KK).exact
    host(2.0)  # 3 s here: over AUTO_EXACT_SECONDS, so auto mode samples
    result = ph.equity(*AA_KK, threads=1)
    assert not result.exact and result.deals == ph._equity.DEFAULT_SAMPLES
    estimate(3.0)
    host(0.5)  # a host twice as fast: 1.5 s here
    assert ph.equity(*AA_KK).exact


def test_exact_refusal_reads_seconds_of_this_host(host, estimate):
    estimate(40.0)
    host(1.0)
    assert ph.equity(*AA_KK, exact=True).deals == 990
    host(2.0)
    with pytest.raises(ValueError, match=r"^exact enumeration would take about 80 seconds on 1 thread;"):
        ph.equity(*AA_KK, exact=True)
    estimate(100.0)
    host(1.0)
    with pytest.raises(ValueError, match="about 100 seconds on 1 thread"):
        ph.equity(*AA_KK, exact=True)
    host(2.0)
    with pytest.raises(ValueError, match="about 3 minutes on 1 thread"):
        ph.equity(*AA_KK, exact=True)
    assert ph.equity(*AA_KK, exact=True, force=True).exact


def test_game_equity_refusal_reads_seconds_of_this_host(host, estimate):
    estimate(40.0)
    host(1.0)
    assert games.equity(["As Ad", "Ks Kh"], game="shortdeck", board="Qs 7d 6c", exact=True, threads=1).exact
    host(2.0)
    with pytest.raises(ValueError, match="about 80 seconds on 1 thread"):
        games.equity(["As Ad", "Ks Kh"], game="shortdeck", board="Qs 7d 6c", exact=True, threads=1)


def test_sampling_refusal_reads_seconds_of_this_host(host, monkeypatch):
    # clash-free holdings as rare as 1 in 1,000: 100,000 samples take 40 s of the reference host
    monkeypatch.setattr(_equity_jobs, "sampling_cost", lambda spot: (1e-3, 4e-4))
    host(1.0)
    assert ph.equity(*AA_KK, samples=100_000, seed=1, threads=1).deals == 100_000
    host(2.0)
    with pytest.raises(ValueError, match=r"1 in 1,000 .* 100,000 samples would take about 80 seconds on 1 thread"):
        ph.equity(*AA_KK, samples=100_000, seed=1, threads=1)


def test_the_probe_runs_once_per_process(host):
    calls = host(1.7)
    threads = [threading.Thread(target=_equity_host.host_factor) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert _equity_host.host_factor() == 1.7
    ph.equity(*AA_KK)
    ph.equity(*AA_KK, exact=True)
    assert calls == [1.7]


def test_the_environment_pins_the_factor_without_a_probe(host, monkeypatch):
    calls = host(5.0)
    monkeypatch.setenv(_equity_host.ENV, "2.5")
    assert _equity_host.host_factor() == 2.5 and calls == []
    for text in ("fast", "0", "-1", "nan", "inf"):
        monkeypatch.setattr(_equity_host, "_factor", [])
        monkeypatch.setenv(_equity_host.ENV, text)
        with pytest.raises(ValueError, match="POKERHASH_HOST_FACTOR=.*expected a positive number"):
            _equity_host.host_factor()


def test_the_real_probe_is_short_and_gives_a_factor_in_range():
    started = time.perf_counter()
    factor = _equity_host.probe()  # about 10 ms of one core; generous for a loaded machine
    assert time.perf_counter() - started < 1.0
    low, high = _equity_host.FACTOR_RANGE
    assert low <= factor <= high
