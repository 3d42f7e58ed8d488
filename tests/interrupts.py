"""Starting a child that Ctrl-C can stop, whatever shell started the tests.

A shell that runs a command in the background (CI runners, `nohup ... &`, job-control-less scripts) starts
it with SIGINT ignored; every child inherits that, and Python leaves an ignored SIGINT ignored. A test that
sends SIGINT to such a child would then wait for a process that never hears it. Children started with
CHILD_OPTIONS get SIGINT back at its default before Python starts, so Python installs its own handler
(KeyboardInterrupt), as it does for a user at a terminal.
"""

import os
import signal
import subprocess
import sys
import time


def _sigint_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


#: Extra subprocess.Popen arguments for a child the test will interrupt.
CHILD_OPTIONS = {"preexec_fn": _sigint_as_in_a_terminal} if os.name == "posix" else {}


def seconds_to_stop_equity(tmp_path, call: str, timeout: float) -> float:
    """Runs `ph.equity(<call>, progress=progress)` in a child, sends SIGINT once the first piece of work has
    reported, and returns the seconds until the child exited; asserts that it stopped by KeyboardInterrupt."""
    return seconds_to_stop(tmp_path, f"ph.equity({call}, progress=progress)", timeout)


def seconds_to_stop(tmp_path, job: str, timeout: float) -> float:
    """Runs `job` (a call that takes progress=progress; `ph` is pokerhash) in a child, sends SIGINT once the
    first piece of work has reported, and returns the seconds until the child exited; asserts that it stopped
    by KeyboardInterrupt."""
    script = tmp_path / "interrupted.py"
    script.write_text(
        "import pokerhash as ph\n"
        "def progress(done, total):\n"
        "    if not progress.told:\n"
        "        progress.told = True\n"
        "        print('running', flush=True)\n"
        "progress.told = False\n"
        f"{job}\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, **CHILD_OPTIONS)
    try:
        assert proc.stdout.readline().strip() == "running"  # a piece has finished: the run is under way
        time.sleep(0.5)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=timeout)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "KeyboardInterrupt" in proc.stderr.read()
    print(f"stopped {took:.2f} s after SIGINT")
    return took
