"""The `pokerhash` command line: names, help, --version, --json everywhere, stdin mode, progress only on a
terminal, quiet exits on a closed pipe and on Ctrl-C (exit 130, one line, for every subcommand).

In-process tests call main(argv); the exit paths run real subprocesses and send real signals."""

from __future__ import annotations

import argparse
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pokerhash
from pokerhash import _cli
from pokerhash.__main__ import main
from pokerhash._cli_output import ProgressBar

from interrupts import CHILD_OPTIONS

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="a command line, run in subprocesses")

# One --json run per subcommand; test_every_subcommand_has_json fails when a subcommand is missing here.
JSON_RUNS = {
    "eval": (["eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"], lambda r: r["value"] == 1 and r["best_five"][0] == "As"),
    "rank": (["rank", "2c 2d 2h 2s 3c 3d 3h"], lambda r: r["index"] == 0),
    "unrank": (["unrank", "133784559", "7"], lambda r: r["cards"] == ["Kd", "Kh", "Ks", "Ac", "Ad", "Ah", "As"]),
    "histogram": (["histogram", "5"], lambda r: r["hands"] == 2598960 and r["categories"]["Four of a Kind"] == 624),
    "equity": (["equity", "AsAd", "KsKh", "--board", "Qs7d2c"],
               lambda r: r["deals"] == 990 and r["board"] == ["Qs", "7d", "2c"] and r["exact"] is True),
}


def run_cli(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pokerhash", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **CHILD_OPTIONS, **kwargs)


# ---- names, help, version -------------------------------------------------------------------------------

def test_usage_names_pokerhash_however_started():
    done = subprocess.run([sys.executable, "-m", "pokerhash", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("usage: pokerhash "), done.stdout[:80]
    script = Path(sys.executable).with_name("pokerhash")  # the console script pip installed
    if script.exists():
        done = subprocess.run([str(script), "histogram", "--help"], capture_output=True, text=True)
        assert done.stdout.startswith("usage: pokerhash histogram "), done.stdout[:80]


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"pokerhash {pokerhash.__version__} (native backend, C core {pokerhash.__version__})")



@pytest.mark.parametrize("argv, message", [
    (["--bogus"], "unrecognized arguments: --bogus"),  # argparse alone said a COMMAND was missing
    (["--bogus", "eval", "As Kd Qh Jc Tc"], "unrecognized arguments: --bogus"),
    (["eval", "As Kd Qh Jc Tc", "--bogus"], "unrecognized arguments: --bogus"),
    ([], "the following arguments are required: COMMAND"),
])
def test_usage_errors_name_the_problem(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.rstrip().endswith(f"pokerhash: error: {message}")

def parsers():
    """(name, parser) of the top level and of every subcommand."""
    top = _cli.build_parser()
    found = [("pokerhash", top)]
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            found += sorted(action.choices.items())
    return found


def test_every_argument_has_help():
    missing = [f"{name}: {action.dest}" for name, parser in parsers() for action in parser._actions
               if not action.help or action.help == argparse.SUPPRESS]
    assert not missing, missing


def test_big_jobs_take_the_scale_out_options():
    # --workers / --scheduler (a Dask cluster) come from one parent parser, on the subcommands that run big jobs.
    for name, parser in parsers():
        options = {option for action in parser._actions for option in action.option_strings}
        big = name in ("histogram", "enumerate", "equity")
        assert ({"--workers", "--scheduler"} <= options) == big, name
    with pytest.raises(SystemExit):  # one or the other
        _cli.build_parser().parse_args(["histogram", "5", "--workers", "2", "--scheduler", "tcp://x:1"])


def test_a_dear_exact_equity_is_refused_in_one_line_and_forced(monkeypatch, capsys):
    assert main(["equity", "random", "random", "random", "--exact"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: exact enumeration would take about ") and err.count("\n") == 1, err
    assert err.endswith("; use Monte Carlo (--mc) or pass --force\n"), err
    from pokerhash import _equity
    monkeypatch.setattr(_equity, "REFUSE_EXACT_SECONDS", 1e-9)  # a quick spot made to look dear
    argv = ["equity", "AsAd", "KsKh", "--board", "2c7d9h", "--exact", "--json"]
    assert main(argv) == 2 and "pass --force" in capsys.readouterr().err
    assert main(argv + ["--force"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 990
    assert main(["equity", "AsAd", "KsKh", "--threads", "2", "--workers", "2"]) == 2
    assert "cannot be combined with --workers" in capsys.readouterr().err


def test_histogram_and_enumerate_are_one_subcommand(capsys):
    assert "enumerate" not in canonical_subcommands()  # an alias of histogram, not a second command
    assert main(["histogram", "5", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(["enumerate", "5", "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    a.pop("seconds"), b.pop("seconds")
    assert a == b and a["distinct_values"] == 7462


# ---- JSON on every subcommand ----------------------------------------------------------------------------

def canonical_subcommands():
    top = _cli.build_parser()
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            return sorted({parser.prog.split()[-1] for parser in action.choices.values()})
    return []


def test_every_subcommand_has_json(capsys):
    assert sorted(JSON_RUNS) == canonical_subcommands()
    for name, (argv, check) in JSON_RUNS.items():
        assert main(argv + ["--json"]) == 0, name
        result = json.loads(capsys.readouterr().out)
        assert check(result), (name, result)


def test_stdin_mode_answers_line_by_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("As Ks Qs Js Ts\n\n# a comment\n9s 9h 9d 4c 4s  # boat\n"))
    assert main(["eval", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["1\tRoyal Flush\tRoyal Flush\tAs Ks Qs Js Ts", "236\tFull House\tNines Full over Fours\t9s 9h 9d 4s 4c"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("0\n133784559\n"))
    assert main(["unrank", "-", "7", "--json"]) == 0
    assert [json.loads(line)["index"] for line in capsys.readouterr().out.splitlines()] == [0, 133784559]


def test_errors_are_one_line_with_status_2(monkeypatch, capsys):
    assert main(["eval", "As", "As", "Qs", "Js", "Ts"]) == 2
    assert capsys.readouterr().err == "error: duplicate card As\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO("As Ks Qs Js Ts\nXx Ks Qs Js Ts\n"))
    assert main(["rank", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "2540542\n"  # C(35,1)+C(39,2)+C(43,3)+C(47,4)+C(51,5)
    assert captured.err == "error: line 2: unknown card 'Xx'\n"
    with pytest.raises(SystemExit) as exit_info:
        main(["unrank", "x", "7"])
    assert exit_info.value.code == 2 and "index must be an integer or -, got 'x'" in capsys.readouterr().err


# ---- progress: tqdm only, and only on a terminal ------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def fake_tqdm(monkeypatch):
    updates = []

    class FakeTqdm:  # records what a real tqdm would be told (its options and last postfix: module.bars)
        def __init__(self, total, **kwargs):
            self.total, self.n, self.options, self.postfix = total, 0, kwargs, ""
            updates.append(("start", total, kwargs["delay"]))
            module.bars.append(self)

        def set_postfix_str(self, text, refresh=True):
            self.postfix = text

        def update(self, step):
            self.n += step
            updates.append((self.n, self.total))

        def close(self):
            updates.append("closed")

    module = type(sys)("tqdm")
    module.tqdm, module.bars = FakeTqdm, []
    monkeypatch.setitem(sys.modules, "tqdm", module)
    return updates


def test_progress_is_drawn_by_tqdm_on_a_terminal(fake_tqdm, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    assert main(["histogram", "7"]) == 0  # value_histogram's tasks (about 0.05 s each): the bar moves after each
    assert fake_tqdm[0] == ("start", 133784560, 0.5) and fake_tqdm[-1] == "closed"
    steps = [u[0] for u in fake_tqdm[1:-1]]
    assert len(steps) >= 2 and steps == sorted(steps) and steps[-1] == 133784560


@pytest.mark.parametrize("argv, unit", [(["equity", "AsAd", "KK", "--exact"], "hand combinations"),
                                        (["equity", "AsAd", "KK", "--samples", "1000", "--seed", "1"], "samples"),
                                        (["histogram", "5"], "hands")])
def test_the_bar_names_what_it_counts(fake_tqdm, monkeypatch, capsys, argv, unit):
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    assert main(argv) == 0
    (bar,) = sys.modules["tqdm"].bars
    assert bar.options["bar_format"].endswith(f"{{n:,}} of {{total:,}} {unit}{{postfix}}")
    assert bar.n == bar.total and bar.postfix == ""  # nothing left to say once done


def test_no_progress_off_a_terminal_or_when_asked(fake_tqdm, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # a pipe or a file: no bar
    assert main(["histogram", "5"]) == 0
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    assert main(["histogram", "5", "--no-progress"]) == 0
    assert fake_tqdm == [] and sys.stderr.getvalue() == ""


def test_no_bar_without_tqdm(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # `import tqdm` fails: there is no built-in bar
    stream = FakeTerminal()
    with ProgressBar(stream=stream) as bar:
        bar(5, 10)
        bar(10, 10)
    assert not bar.active and stream.getvalue() == ""


# ---- exits: a closed pipe and Ctrl-C, in real processes ----------------------------------------------------

@pytest.mark.parametrize("argv", [["histogram", "5"], ["histogram", "5", "--json"], ["eval", "-"]])
def test_closed_pipe_is_quiet(argv):
    process = run_cli(*argv)
    process.stdout.close()  # the reader is gone before anything is written: the first write fails
    _, err = process.communicate("As Ks Qs Js Ts\n" * 3)
    assert process.returncode == 141 and err == "", err


def wait_until_imported(process: subprocess.Popen, settle: float = 1.0) -> None:
    """Waits until the child has loaded the extension (pokerhash is imported and main() about to run),
    then a little longer; an interrupt before main() starts would be Python's, not ours."""
    maps = Path(f"/proc/{process.pid}/maps")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        if maps.exists() and "pokerhash/_core" in maps.read_text():
            time.sleep(settle)
            return
        time.sleep(0.02)
    raise AssertionError(f"the child never loaded pokerhash._core (status {process.poll()})")


def interrupt(process: subprocess.Popen) -> float:
    """Sends SIGINT; returns the seconds until the process exited."""
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)
    return time.monotonic() - sent


# Each waits somewhere different: reading stdin, between rank-sweep chunks, between Monte Carlo batches.
INTERRUPTED_RUNS = {
    "eval": ["eval", "-"],
    "rank": ["rank", "-"],
    "unrank": ["unrank", "-", "7"],
    "histogram": ["histogram", "9"],
    "equity": ["equity", "AsKs", "QdQh", "--mc", "--samples", "2000000000"],
}


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="watches the child through /proc")
@pytest.mark.parametrize("name", sorted(INTERRUPTED_RUNS))
def test_ctrl_c_exits_130_with_one_line(name):
    process = run_cli(*INTERRUPTED_RUNS[name])
    try:
        if INTERRUPTED_RUNS[name][1] == "-":  # answer one line first: then it is surely running
            process.stdin.write({"unrank": "5\n"}.get(name, "As Ks Qs Js Ts\n"))
            process.stdin.flush()
            assert process.stdout.readline().strip()
        else:
            wait_until_imported(process)
        assert process.poll() is None, process.communicate()
        seconds = interrupt(process)
    finally:
        process.kill()
    err = process.stderr.read()
    assert process.returncode == 130 and err == "pokerhash: interrupted\n", (process.returncode, err)
    assert seconds < 5, f"{name} took {seconds:.1f} s to stop"
    print(f"\n{name}: stopped {seconds:.2f} s after SIGINT")


def test_ctrl_c_covers_every_subcommand():
    assert sorted(INTERRUPTED_RUNS) == canonical_subcommands()


# ---- output and input that cannot be used: one line on stderr, never a traceback -------------------------

@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_or_closed_streams_are_one_line_errors():
    script = [sys.executable, "-m", "pokerhash", "eval", "As", "Ks", "Qs", "Js", "Ts"]
    with open("/dev/full", "w") as full:  # stdout on a full disk: an OSError traceback before
        done = subprocess.run(script, stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (2, "error: [Errno 28] No space left on device\n")
    done = subprocess.run(script, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
                          preexec_fn=lambda: os.close(1))  # `>&-`: an AttributeError traceback before
    assert (done.returncode, done.stderr) == (2, "error: stdout is closed: there is nowhere to write the answer\n")
    done = subprocess.run([sys.executable, "-m", "pokerhash", "eval", "-"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.close(0))
    assert (done.returncode, done.stderr) == (2, "error: stdin is closed: there are no lines to read\n")


def test_bytes_that_are_not_utf8_or_are_control_characters_are_named():
    # "function takes exactly 5 arguments (1 given)" before: re-raising UnicodeEncodeError by its type
    done = subprocess.run([sys.executable, "-m", "pokerhash", "eval", "-"], input=b"\xff\xfe As\nAs Ks Qs Js Ts\n",
                          capture_output=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.decode() == "error: line 1: cannot read '\\udcff\\udcfe As': not UTF-8 text\n"
    done = subprocess.run([sys.executable, "-m", "pokerhash", "eval", "-"], input=b"As Ks Qs Js Ts\n\x01\x02\n",
                          capture_output=True, timeout=60)
    assert done.stderr.decode().endswith("error: line 2: unknown card '\\x01\\x02'\n")  # escaped, not raw bytes


# `pokerhash ARGS` in a child that says "starting" on stdout once its LocalCluster's workers are up (and, with a
# file name in argv[1], holds the start-up until that file exists) and "running" when the first part of the job
# is merged: the test interrupts at a real point of the run, not after a guessed sleep.
WATCHED_WORKERS = """
import os, sys, time
import distributed
from pokerhash import parallel
from pokerhash.__main__ import main

hold = sys.argv[1]

class Watched(distributed.LocalCluster):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        print("starting", flush=True)
        deadline = time.monotonic() + 120
        while hold and not os.path.exists(hold) and time.monotonic() < deadline:
            time.sleep(0.05)

distributed.LocalCluster = Watched
merge_part = parallel._Merger.add

def merge_and_tell(self, part, size):
    if self.merged == 0:
        print("running", flush=True)
    return merge_part(self, part, size)

parallel._Merger.add = merge_and_tell
sys.exit(main(sys.argv[2:]))
"""
WORKERS_JOB = ["equity", "AsKs", "QdQh", "--mc", "--samples", "2000000000", "--workers", "2"]
STOP_BOUND = 60  # seconds from Ctrl-C to exit: closing a cluster takes 1-5 s, far more on a loaded box


def interrupt_at_a_terminal(tmp_path, at: str, hold: bool) -> float:
    """Runs WORKERS_JOB in its own process group, sends SIGINT to the whole group (as a terminal's Ctrl-C
    does) once the child printed `at`, and returns the seconds until it exited with its one line and 130."""
    sent_file = tmp_path / "sent"
    process = subprocess.Popen([sys.executable, "-c", WATCHED_WORKERS, str(sent_file) if hold else "", *WORKERS_JOB],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               **CHILD_OPTIONS)
    try:
        while True:  # bounded: the child prints `at` or exits (stdout then ends)
            line = process.stdout.readline()
            assert line, (process.wait(timeout=STOP_BOUND), process.stderr.read())
            if line.strip() == at:
                break
        sent = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)
        sent_file.touch()
        process.wait(timeout=STOP_BOUND)
        seconds = time.monotonic() - sent
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running {STOP_BOUND} s after Ctrl-C (at {at!r})")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    err = process.stderr.read()
    assert process.returncode == 130 and err == "pokerhash: interrupted\n", (process.returncode, err)
    print(f"\nstopped {seconds:.2f} s after Ctrl-C at {at!r}")
    return seconds


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends Ctrl-C to a process group")
def test_ctrl_c_at_a_terminal_with_worker_processes_is_still_one_line(tmp_path):
    # A terminal's Ctrl-C reaches the whole process group: each Dask worker process printed its own
    # traceback (67 lines) before "pokerhash: interrupted". The workers now start with SIGINT blocked.
    pytest.importorskip("distributed")
    interrupt_at_a_terminal(tmp_path, "running", hold=False)


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends Ctrl-C to a process group")
def test_ctrl_c_while_the_worker_processes_start_stops_the_job(tmp_path):
    # SIGINT was ignored in this process while the cluster started: that Ctrl-C was lost and the job ran on.
    # The child holds its start-up until the signal is sent, so the signal surely lands inside it.
    pytest.importorskip("distributed")
    interrupt_at_a_terminal(tmp_path, "starting", hold=True)


def test_worker_processes_print_nothing_when_dasks_usual_port_is_taken():
    # distributed's HTTP server binds 8787 unless told otherwise, and warned on stderr when another job (or
    # a notebook's cluster) held it. Hold it here (or find it held) and expect a clean stderr.
    pytest.importorskip("distributed")
    holder = socket.socket()
    try:
        holder.bind(("", 8787))
        holder.listen()
    except OSError:
        pass  # taken already: the case itself
    try:
        run = subprocess.run([sys.executable, "-m", "pokerhash", "equity", "AsKs", "QdQh", "--mc", "--samples",
                              "20000", "--seed", "1", "--workers", "2"], capture_output=True, text=True, timeout=120)
    finally:
        holder.close()
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert "Monte Carlo: 20,000 samples, seed 1" in run.stdout
