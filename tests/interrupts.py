"""Starting a child that Ctrl-C can stop, whatever shell started the tests.

A shell that runs a command in the background (CI runners, `nohup ... &`, job-control-less scripts) starts
it with SIGINT ignored; every child inherits that, and Python leaves an ignored SIGINT ignored. A test that
sends SIGINT to such a child would then wait for a process that never hears it. Children started with
CHILD_OPTIONS get SIGINT back at its default before Python starts, so Python installs its own handler
(KeyboardInterrupt), as it does for a user at a terminal.
"""

import os
import signal


def _sigint_as_in_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


#: Extra subprocess.Popen arguments for a child the test will interrupt.
CHILD_OPTIONS = {"preexec_fn": _sigint_as_in_a_terminal} if os.name == "posix" else {}
