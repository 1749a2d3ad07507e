"""One rule engine for every room: the rules a person uses to solve Slitherlink, in
Loopy's levels, plus the stronger rules a solver uses before grounding.

========  ==============================================================================
level     the rules (each level also uses the ones above it)
========  ==============================================================================
1 easy    one clue, one vertex, the loop (:mod:`.easy`)
2 normal  corners ("at most one", "at least one") at vertices, runs of a clue's ring
3 tricky  clues and vertices teach corners, and corners pass to opposite corners
4 hard    edges known alike or opposite (:mod:`.loopy`: levels 2-4, as Loopy's solver)
5 beyond  faces inside and outside, every way of a place, lone parts (:mod:`.beyond`)
========  ==============================================================================

The levels are Simon Tatham's Loopy's, rule for rule, so a Loopy puzzle of level L is
solved by our levels up to L and not by those up to L - 1. Callers choose the levels
(``simplify`` runs 1, 2 then 3, and 5, a person's grade 1 to 4, then 5 and trials) and, only
when they want them, the premises of every fact (:mod:`.why`).

>>> from slitherasp.formats import read_text
>>> p = read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>")
>>> r = deduce(p)
>>> r.complete, r.level
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..model import Puzzle
from . import compiled  # noqa: F401  (first: it may choose the plain Python modules)
from .board import ALL, BEYOND, EASY, HARD, LEVELS, NORMAL, TRICKY, Contradiction
from .engine import Rules, Stopped

__all__ = ["ALL", "BEYOND", "EASY", "HARD", "LEVELS", "NORMAL", "TRICKY", "Contradiction", "Deduced", "Rules",
           "Stopped", "deduce", "propagate"]


@dataclass(frozen=True, eq=False)
class Deduced:
    """Where the rules stopped: each edge's state (None: open), the highest level
    that deduced anything, how many edges each level settled, and whether they
    found that no answer fits (``state`` is then as far as they got) or were
    stopped first."""

    state: tuple[bool | None, ...]
    level: int
    settled: tuple[int, ...]
    contradiction: bool = False
    stopped: bool = False

    @property
    def complete(self) -> bool:
        """Every edge settled, without contradiction."""
        return not self.contradiction and not self.stopped and None not in self.state


def deduce(puzzle: Puzzle, *, levels: tuple[int, ...] = LEVELS, known: Iterable[tuple[int, bool]] = (),
           deadline: float | None = None, lean: bool = False) -> Deduced:
    """Apply the rules of ``levels`` (from ``known`` edge states on) until they stop.

    ``deadline``: a :func:`time.perf_counter` value after which they stop; ``lean``:
    only the state where they stop matters (see :class:`.board.Board`; the level
    and the counts of what each level settled are then not a person's)."""
    board = Rules(puzzle, levels, lean=lean)
    board.deadline = deadline
    contradiction = stopped = False
    try:
        for e, line in known:
            board.set(e, line)
        board.level = EASY
        board.top = 0
        board.run()
    except Contradiction:
        contradiction = True
    except Stopped:
        stopped = True
    return Deduced(tuple(board.state), board.top, (), contradiction, stopped)


def propagate(puzzle: Puzzle, *, faces: bool = True, known: Iterable[tuple[int, bool]] = ()
              ) -> list[bool | None] | None:
    """Each edge's state after the rules a solver uses before grounding (from the
    ``known`` edge states on): True a line, False a cross, None open; None when they
    find that no answer exists. Levels 1, 2
    and 5 on a lean board: Normal gives way to Tricky when it stalls (a puzzle Normal
    settles pays for no corner Tricky would teach; a harder one gets Tricky's corners,
    which spare level 5 most of its weighing), and level 5 starts only when those
    stall. The rules of faces apply where the cells
    are the faces of a disc (``faces=False``: the easy rules only).

    >>> from slitherasp.model import from_faces
    >>> propagate(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], clues=[4]))
    [True, True, True, True]
    """
    d = deduce(puzzle, levels=(EASY, NORMAL, TRICKY, BEYOND) if faces else (EASY,), known=known, lean=True)
    return None if d.contradiction else list(d.state)

