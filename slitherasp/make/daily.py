"""The daily puzzle: one a day for every tiling and level, the same for everyone on
that date, wherever it is made (the static site's Python in the browser, ``slitherasp
serve``, ``slitherasp generate --daily DATE``), because everything that makes it comes
from the date, the tiling and the level: the seed (a hash of the three) and the size
(the tiling's usual size, :func:`usual_size`). Generation is deterministic for a seed,
plain or compiled, so the three make the same clues.

>>> d = daily("2025-06-01", "square", "normal")
>>> d.size, d.seed == daily("2025-06-01", "square", "normal").seed
((7, 7), True)
>>> d.seed != daily("2025-06-02", "square", "normal").seed
True
>>> usual_size("hats")
(6, 6)
"""

from __future__ import annotations

import datetime
import functools
import hashlib
from dataclasses import dataclass

from ..model.errors import InputError

__all__ = ["USUAL_SIZES", "Daily", "daily", "day", "fitting_size", "usual_size"]

USUAL_EDGES = 129
"""The most edges a tiling's usual patch may have: a square 7x7's 112 (the page's
first board) and 15% to spare, so that every tiling's usual board is about as large
to play as that square and generates at every level in seconds (measured on every tiling,
two seeds each, on a busy 2-core machine: Easy to Hard at most 0.4 s of CPython's CPU,
Fiendish at most 5.9 s, Kagome 4x4; about twice that in the browser)."""
LARGEST = 10
"""The largest usual size (the tilings' default size)."""
LEVELS = ("easy", "normal", "tricky", "hard", "fiendish")
"""The levels a daily puzzle comes in (a person's grades generation can aim at)."""


@dataclass(frozen=True)
class Daily:
    """What makes the puzzle of ``date`` on ``tiling`` at ``difficulty``."""

    date: str
    tiling: str
    difficulty: str
    size: tuple[int, int]
    seed: int

    @property
    def title(self) -> str:
        """The puzzle's name in words: ``daily 2025-06-01 square 7x7 normal``."""
        return f"daily {self.date} {self.tiling} {self.size[0]}x{self.size[1]} {self.difficulty}"


def day(text: str) -> str:
    """A date as ``YYYY-MM-DD`` (``today``: this computer's date), or
    :class:`InputError` naming what is wrong.

    >>> day("2025-6-1")
    '2025-06-01'
    >>> day("2025-02-30")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: 2025-02-30 is no date: write it as YYYY-MM-DD, such as 2025-06-01 (or today)
    """
    if text.strip().lower() == "today":
        return datetime.date.today().isoformat()
    parts = text.strip().split("-")
    try:
        if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts) or len(parts[0]) != 4:
            raise ValueError
        return datetime.date(*(int(p) for p in parts)).isoformat()
    except ValueError:
        raise InputError(f"{text[:40]} is no date: write it as YYYY-MM-DD, such as 2025-06-01 (or today)") from None


USUAL_SIZES = {
    "altair": 1, "cairo": 5, "compass-dodecagonal": 3, "dodecagonal": 3, "elongated-triangular": 3, "floret": 2,
    "great-dodecagonal": 2, "great-great-dodecagonal": 2, "great-hexagonal": 3, "hats": 6, "honeycomb": 5,
    "kagome": 4, "kisrhombille": 2, "kites": 3, "octagonal": 4, "penrose-p2": 9, "penrose-p3": 10,
    "prismatic-pentagonal": 2, "rhombille": 4, "snowflake": 2, "snub-hexagonal": 2, "snub-square": 5,
    "spectres": 6, "square": 7, "tetrakis-square": 4, "triakis-triangular": 3, "triangular": 6, "trisquares": 1,
}
"""Each tiling's usual size N (N x N), as :func:`fitting_size` works it out (a table, so
that nothing is built to know it: the tests hold it to the rule)."""


def usual_size(tiling: str) -> tuple[int, int]:
    """The size of ``tiling``'s daily puzzle, and the one the page offers first for it
    (:data:`USUAL_SIZES`; a tiling missing from it: :func:`fitting_size`)."""
    n = USUAL_SIZES.get(tiling)
    return (n, n) if n is not None else fitting_size(tiling)


@functools.cache
def fitting_size(tiling: str) -> tuple[int, int]:
    """The largest square size ``N x N`` (N at most :data:`LARGEST`, at least the
    tiling's smallest) whose patch has at most :data:`USUAL_EDGES` edges."""
    from .. import tilings

    t = tilings.get(tiling)
    best = t.min_size
    for n in range(t.min_size, LARGEST + 1):
        if len(tilings.build(t.name, n, n, seed=0).edges) <= USUAL_EDGES:
            best = n
    return best, best


def daily(date: str, tiling: str, difficulty: str) -> Daily:
    """The daily puzzle's recipe: its size and seed (a hash of the date, the tiling's
    name and the level; the same in every Python)."""
    from .. import tilings

    when = day(date)
    name = tilings.get(tiling).name
    if difficulty not in LEVELS:
        raise InputError(f"unknown difficulty {difficulty!r} for a daily puzzle; choose from {', '.join(LEVELS)}")
    digest = hashlib.sha256(f"slitherasp daily {when} {name} {difficulty}".encode()).digest()
    return Daily(when, name, difficulty, usual_size(name), int.from_bytes(digest[:4], "big"))
