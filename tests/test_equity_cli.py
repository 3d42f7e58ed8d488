"""`python -m pokerhash equity` and `enumerate`, run in-process through main(argv)."""

import pytest

from pokerhash import _equity, _equity_engine
from pokerhash.__main__ import main
from test_equity_reference import ReferenceEngine


@pytest.fixture
def reference_engine(monkeypatch):
    monkeypatch.setattr(_equity_engine, "engine", ReferenceEngine())
    monkeypatch.setattr(_equity, "MC_BATCH", 500)


def test_equity_table(reference_engine, capsys):
    assert main(["equity", "AsAd", "KK,QQ", "--board", "Ks7d2c", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "AsAd" in out and "KK,QQ" in out and "exact: 8,910 deals, board Ks7d2c" in out


def test_equity_monte_carlo_options(reference_engine, capsys):
    argv = ["equity", "AsAd", "KK", "--board", "Ks7d2c", "--mc", "--samples", "1000", "--seed", "4",
            "--threads", "2", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo: 1,000 samples, seed 4" in out
    assert main(argv) == 0 and capsys.readouterr().out.split("(")[0] == out.split("(")[0]


def test_equity_error_message(reference_engine, capsys):
    assert main(["equity", "AsAd", "--board", "Ks"]) == 2
    assert capsys.readouterr().err.strip() == "error: equity needs 2 to 10 players, got 1"
    assert main(["equity", "AsAd", "AKx"]) == 2
    assert "unknown range token 'AKx'" in capsys.readouterr().err


def test_enumerate_five(capsys):
    assert main(["enumerate", "5"]) == 0
    out = capsys.readouterr().out
    assert "Four of a Kind" in out and "624" in out and "2,598,960" in out


# The progress bar (tqdm only, only on a terminal) is tested in tests/test_cli.py.
