"""Names a user types: read in any case, and the name meant when one is mistyped
(an option, a command; tilings name theirs in :func:`slitherasp.tilings.get`)."""

from __future__ import annotations

import argparse
from typing import Any


def lowered(text: str) -> str:
    """An argparse type: a name read without regard to case (``--difficulty Hard``),
    as tiling names and commands are."""
    return text.lower()


def closest(word: str, names: Any) -> str | None:
    """The name most like ``word`` (a typing slip, a case slip), or None.

    >>> closest("--unqiue", ["--unique", "--json"]), closest("--zzz", ["--unique"])
    ('--unique', None)
    """
    from difflib import get_close_matches

    names = list(names)
    same = [n for n in names if n.lower() == word.lower()]
    found = same or get_close_matches(word.lower(), names, n=1, cutoff=0.6)
    return found[0] if found else None


def unrecognized(parser: argparse.ArgumentParser, extras: list[str]) -> str:
    """The error for arguments ``parser`` does not know, with the option meant when
    one is close (``--unqiue``: did you mean --unique?)."""
    options = [o for action in parser._actions for o in action.option_strings]
    hints = []
    for extra in extras:
        word = extra.split("=", 1)[0]
        meant = closest(word, options) if extra.startswith("-") else None
        if meant is not None:
            hints.append(f"did you mean {meant}?" if len(extras) == 1 else f"{word}: did you mean {meant}?")
    return f"unrecognized arguments: {' '.join(extras)}" + (f" ({'; '.join(hints)})" if hints else "")
