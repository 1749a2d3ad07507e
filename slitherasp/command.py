"""The ``slitherasp`` command's entry point: the command line (:mod:`slitherasp.cli`),
with Ctrl-C while it loads (a third of a second of imports) ending it as Ctrl-C ends
any command, in one line and exit 130, never a traceback. SIGTERM (``kill``,
``timeout``, a service manager) is taken as Ctrl-C, so it too ends a command with what
it found and one line, not silently. Outside the ``cli`` package, whose first import is
the work it guards."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .model.stopping import terminate_as_interrupt


def run(argv: Sequence[str] | None = None) -> int:
    """Load the command line and run one command; its exit code.

    >>> run(["count", "3x3t0:i"])  # a clue-less 3x3 square: its loops
    213
    0
    """
    terminate_as_interrupt()
    try:
        from .cli.main import main

        return main(argv)
    except KeyboardInterrupt:  # before the command's own handler was set (or after it was undone)
        sys.stderr.write("slitherasp: interrupted\n")
        return 130
