"""A person's grade from an explanation: how hard its hardest steps are, and how many
of them there are.

A step's level is the rule that found it (1 easy ... 6 search, see :mod:`.deduce`).
The grade is the level of the hardest step; the score adds, below the next whole
number, how much of the puzzle needs that level, so that puzzles of one grade are
ordered too.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..grades import HUMAN_LEVELS
from ..model import Puzzle
from ..stopping import requested


def grade_of(steps: Sequence, complete: bool) -> tuple[str | None, float]:  # type: ignore[type-arg]
    """``(level name, score)``; no grade for an explanation that stopped short."""
    if not steps:
        return (HUMAN_LEVELS[0] if complete else None), 0.0
    top = max(s.level for s in steps)
    at_top = sum(s.level == top for s in steps)
    score = top + at_top / (at_top + 4)
    return (HUMAN_LEVELS[top - 1] if complete else None), round(score, 4)


@dataclass(frozen=True)
class HumanGrade:
    """A puzzle's grade for a person, without the reasons: the level of its hardest
    step (None: the rules of levels 1-5 get stuck before the end), a score, and how
    many steps each level took."""

    level: str | None
    score: float
    steps: tuple[int, ...]
    """Deductions found at each level 1..5."""
    solved: bool = True
    """Whether the rules up to the level asked for reached the answer."""

    @property
    def index(self) -> int:
        """0 easy ... 5 search; 6 when ungraded."""
        return HUMAN_LEVELS.index(self.level) if self.level in HUMAN_LEVELS else len(HUMAN_LEVELS)


def human_grade(puzzle: Puzzle, *, most: int = 5, known: Sequence[tuple[int, bool]] = (),
                deadline: float | None = None) -> HumanGrade:
    """Solve the puzzle as the explanation would, easiest rule first, without proving
    reasons: the grade of :func:`slitherasp.explain.explain`, at a fraction of its
    cost (no clingo). Stuck before the end: graded ``search`` if ``most`` allows
    trials, else not at all (the caller knows whether the puzzle is unique). Past
    ``deadline`` (a ``time.perf_counter()`` value, looked at between steps) it stops
    and grades not at all.

    >>> from slitherasp.formats import read_text
    >>> human_grade(read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>")).level
    'easy'
    """
    from .board import Board
    from .deduce import Deducer
    from .trial import next_deduction

    board = Board(puzzle)
    board.settle_all(known)
    deducer = Deducer(puzzle, board)
    counts = [0] * 5
    found = []
    stopped = False
    while not board.done():
        if (deadline is not None and time.perf_counter() > deadline) or requested():
            stopped = True
            break
        d = next_deduction(puzzle, deducer, most)
        if d is None:
            break
        counts[d.level - 1] += 1
        found.append(d)
        deducer.settle(d.settles)
    if board.done() and not board.contradiction:
        level, score = grade_of(found, True)
    elif most >= 5 and not stopped:
        level, score = HUMAN_LEVELS[5], 6.0 + (len(board.state) - board.settled) / len(board.state)
    else:
        level, score = None, float("inf")
    return HumanGrade(level, score, tuple(counts), board.done() and not board.contradiction)
