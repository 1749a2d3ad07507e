"""Which families of rules a person's solution uses: the rule names ``explain`` gives
its steps (``"rule"`` in ``explain --json``), read off one run of the cascade without
the reasons (what ``generate --needs`` asks of every puzzle it keeps).

==============  ======  ========================================================
family          level   the rule
==============  ======  ========================================================
``cell``        easy    a clue with all its lines (or crosses) settles the rest
``one cross``   easy    a clue short of one cross beside a vertex with a line
``vertex``      easy    a vertex has no line or two
``closure``     easy    a line that would close a loop too early is a cross
``corner``      normal  corners of a clue and a vertex (at most one, at least one)
``corners``     tricky  clues and vertices teach corners, corners pass across
``alike``       hard    edges known alike or opposite
==============  ======  ========================================================

The cascade runs the easiest rules first and a harder family only when every easier
one is stuck, so a family in the solution is one that the solution needs there.

>>> from slitherasp.formats import read_text
>>> p = read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>")
>>> sorted(families(p, 1))
['cell', 'closure', 'one cross', 'vertex']
"""

from __future__ import annotations

from ..model import Puzzle
from .board import EASY, HARD, LEVELS, NORMAL, TRICKY, Contradiction
from .engine import Rules

__all__ = ["FAMILIES", "Families", "families"]

FAMILIES = {"cell": EASY, "one cross": EASY, "vertex": EASY, "closure": EASY, "corner": NORMAL,
            "corners": TRICKY, "alike": HARD}
"""Each family a solution may be asked to need, and the level (1 easy ... 4 hard) it
belongs to."""


class Families:
    """The families of the rules that settle edges on a board, as it records them
    (the board calls :meth:`fact` as it calls :class:`.why.Why`; a step's family is
    the one :mod:`slitherasp.explain` names)."""

    def __init__(self) -> None:
        self.found: set[str] = set()

    def attach(self, board: Rules) -> None:
        self.board = board
        self.m, self.cells = board.m, board.cells

    def fact(self, fact: int, premises: tuple[int, ...], mask: int = 0) -> None:
        if fact < self.m:
            self.found.add(self._family(premises))

    def _family(self, premises: tuple[int, ...]) -> str:
        board = self.board
        level, place = board.level, getattr(board, "here", -1)
        if level != EASY:
            return {NORMAL: "corner", TRICKY: "corners", HARD: "alike"}.get(level, "beyond")
        if place < 0:
            return "closure"
        if place >= self.cells:
            return "vertex"
        own = board.p.cell_edges[place]
        if len(premises) < 2 or premises[1] < 0 or not any(0 <= e < self.m and e not in own for e in premises):
            return "cell"
        return "one cross"

    def join(self, kind: str, a: int, b: int, odd: int, premises: tuple[int, ...]) -> None:
        pass

    def relation(self, a: int, b: int, kind: str = "edge") -> tuple[int, ...]:
        return () if a == b else (self.m,)

    def flush(self) -> None:
        pass


def families(puzzle: Puzzle, most: int) -> set[str]:
    """The families of rules (see the module) that the rules up to level ``most`` (1
    easy ... 4 hard) use on their way through the puzzle; empty when they find that no
    answer fits."""
    seen = Families()
    board = Rules(puzzle, LEVELS[:most], seen)
    try:
        board.run()
    except Contradiction:
        return set()
    return seen.found
