"""Work a command abandoned (a grounding that cannot stop, left running in a thread) ends
the process at once only when the command is the process's own command line: called with
its arguments (a test, a script), the command returns. The tests call commands in their
own process; before, one abandoned thread anywhere in it made every later command end
the whole test run with ``os._exit`` (an xdist worker "not properly terminated")."""

from __future__ import annotations

import subprocess
import sys
import time

CHILD = """
import sys, threading, time
from slitherasp.solver import run as solver
from slitherasp.cli.main import main
left = threading.Thread(target=time.sleep, args=(60,))  # work that runs on, as an abandoned grounding
left.start()
solver._ABANDONED.append((None, left))
{call}
"""


def _child(call: str) -> tuple[subprocess.CompletedProcess, float]:
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", CHILD.format(call=call), "count", "3x3t0:i"],
                          capture_output=True, text=True, timeout=120)
    return done, time.monotonic() - began


def test_a_command_called_with_its_arguments_returns_despite_abandoned_work() -> None:
    done, _ = _child("code = main(['count', '3x3t0:i'])\nprint('returned', code)\nimport os; os._exit(0)")
    assert done.stdout.split() == ["213", "returned", "0"], (done.returncode, done.stdout, done.stderr)


def test_the_command_line_of_the_process_leaves_at_once() -> None:
    done, took = _child("main()\nprint('returned')")
    assert done.returncode == 0 and done.stdout.split() == ["213"], (done.returncode, done.stdout, done.stderr)
    assert took < 50  # not the 60 s the abandoned thread runs on
