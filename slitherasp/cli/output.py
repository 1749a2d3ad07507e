"""The command line's printing: a command's result on standard output, lines on
standard error, and whether the result has begun (for the watchdog, :mod:`.watch`)."""

from __future__ import annotations

import sys

from ..model.errors import printable


class Said:
    """Whether the command has begun to print its result (``begun``) and is printing it
    now (``writing``): the watchdog (:mod:`.watch`) must then neither cut the result
    short nor print a second, unknown one after it."""

    begun = False
    writing = False


def out(text: str = "") -> None:
    """A line of the command's result on standard output (marked as begun, and as
    being written while it is)."""
    Said.begun = Said.writing = True
    try:
        sys.stdout.write(text + "\n")
    finally:
        Said.writing = False


def err(text: str) -> None:
    """A line on standard error, one line whatever it quotes (:func:`printable`)."""
    sys.stderr.write(printable(text) + "\n")
