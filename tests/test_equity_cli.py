"""`python -m pokerhash equity` and `enumerate`, run in-process through main(argv)."""

import re

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


# The progress bar (tqdm only, only on a terminal) is tested in tests/test_cli.py, its time left in
# tests/test_cli_progress.py.


OVERLAPPING = ["AA,KK,QQ,JJ"] * 8  # clash-free holdings are rare: Monte Carlo is refused unless forced
# Python's keyword words, which the command line has none of: exact=True, samples=1000, force=True, threads=...
PYTHON_WORDS = r"\b(exact|samples|seed|stderr|threads|force|executor|omaha)=|\bn="


@pytest.mark.parametrize("argv, message", [
    (["AsKs", "QdQh", "--exact", "--samples", "1000"],
     "--exact conflicts with --samples 1000: those set Monte Carlo; drop them, or pass --mc (or neither) to sample"),
    (["AsKs", "QdQh", "--exact", "--seed", "3", "--stderr", "0.01"],
     "--exact conflicts with --stderr 0.01, --seed 3: those set Monte Carlo; drop them, or pass --mc (or neither) to"
     " sample"),
    (["AsKs", "QdQh", "--samples", "0"], "--samples must be a positive integer, got 0"),
    (["AsKs", "QdQh", "--samples", str(10 ** 13)],
     f"--samples must be at most 10**12, got {10 ** 13}: that many would take days; pass --stderr to stop at a"
     " precision instead"),
    (["AsKs", "QdQh", "--seed", "-1"], "--seed must be an integer 0..2**64-1, got -1"),
    (["AsKs", "QdQh", "--stderr", "-1"], "--stderr must be a positive number, got -1.0"),
    (["AsKs", "QdQh", "--threads", "0"], "--threads must be a positive integer, got 0"),
    ([*OVERLAPPING, "--mc"], "only about 1 in 37,331 choices of the players' holdings is free of shared cards; "
     "1,000,000 samples would take about"),
    (["AsKs", "samples=5"], "player 2: unknown range token 'samples=5'"),  # the user's own text, as typed
])
def test_equity_errors_speak_the_commands_options(argv, message, capsys):
    assert main(["equity", *argv, "--no-progress"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"error: {message}")
    if "samples=5" not in argv:
        assert not re.search(PYTHON_WORDS, error), error
    if argv[0] == OVERLAPPING[0]:
        assert error.endswith("; pass a smaller --samples, or --force")


def test_a_dear_exact_job_is_refused_in_the_commands_options(capsys):
    assert main(["equity", "random", "random", "random", "random", "--exact", "--no-progress"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.endswith("; use Monte Carlo (--mc) or pass --force") and not re.search(PYTHON_WORDS, error)


def test_unrank_names_its_own_k(capsys):
    with pytest.raises(SystemExit):
        main(["unrank", "5", "60"])
    error = capsys.readouterr().err
    assert "argument k: must be a number of cards, 0 to 52, got '60'" in error and not re.search(PYTHON_WORDS, error)
