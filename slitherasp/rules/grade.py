"""A person's grade: the level of the hardest rule a puzzle needs (Loopy's four levels,
then ``fiendish``: the rules beyond Loopy's Hard or a trial, then ``search``), and a
score that orders puzzles of one grade by how much of them needs that level.

>>> from slitherasp.formats import read_text
>>> human_grade(read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>")).level
'easy'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..grades import HUMAN_LEVELS
from ..model import Puzzle
from .board import ALL, BEYOND, EASY, LEVELS, Contradiction
from .engine import Rules, Stopped

__all__ = ["MAX_TRIALS", "HumanGrade", "human_grade", "trial"]

MAX_TRIALS = 400
"""Edges tried at one stuck point before trials give up (the puzzle is then ``search``)."""
FIENDISH, SEARCH = 5, 6


@dataclass(frozen=True)
class HumanGrade:
    """A puzzle's grade for a person: the level of its hardest rule (None: not reached
    within the levels asked for, or stopped), a score, how many edges each level
    settled (easy ... fiendish), and whether the rules up to the level asked for
    reached the answer."""

    level: str | None
    score: float
    steps: tuple[int, ...]
    solved: bool = True

    @property
    def index(self) -> int:
        """0 easy ... 5 search; 6 when ungraded."""
        return HUMAN_LEVELS.index(self.level) if self.level in HUMAN_LEVELS else len(HUMAN_LEVELS)


def score(level: int, at_top: int) -> float:
    """The level plus a fraction that grows with how much needs it: ``n / (n + 4)``."""
    return round(level + at_top / (at_top + 4), 4)


def human_grade(puzzle: Puzzle, *, most: int = 5, known: Sequence[tuple[int, bool]] = (),
                deadline: float | None = None) -> HumanGrade:
    """Solve the puzzle with Loopy's rules, easiest first, up to level ``most`` (1
    easy ... 4 hard, 5 also the rules beyond and trials): the grade is the hardest
    level it needed. Stuck with ``most`` 5: ``search``; stuck below: no grade (the
    caller knows whether the puzzle is unique). Past ``deadline`` (a
    :func:`time.perf_counter` value) or on a stop request: no grade."""
    board = Rules(puzzle, LEVELS[:min(most, 4)])
    board.deadline = deadline
    try:
        for e, line in known:
            board.set(e, line)
        board.top, board.settled = 0, [0] * len(board.settled)
        board.run()
        if not board.done() and most >= FIENDISH:
            board = _beyond(puzzle, board, deadline)
    except Contradiction:
        return HumanGrade(None, float("inf"), (0,) * 5, False)
    except Stopped:
        return HumanGrade(None, float("inf"), (0,) * 5, False)
    steps = tuple(board.settled[1:6])
    if board.done():
        top = max(board.top, EASY)
        return HumanGrade(HUMAN_LEVELS[top - 1], score(top, board.settled[top]), steps)
    if most >= FIENDISH:
        left = sum(s is None for s in board.state) / len(board.state)
        return HumanGrade(HUMAN_LEVELS[SEARCH - 1], SEARCH + left, steps, False)
    return HumanGrade(None, float("inf"), steps, False)


def _beyond(puzzle: Puzzle, stuck: Rules, deadline: float | None) -> Rules:
    """Go on from a board Loopy's rules left stuck: the rules beyond, then trials."""
    board = Rules(puzzle, ALL)
    board.deadline = deadline
    board.level = BEYOND
    for e, s in enumerate(stuck.state):
        if s is not None:
            board.set(e, s)
    board.settled = list(stuck.settled)
    board.top = stuck.top
    board.level = EASY
    board.run()
    while not board.done():
        found = trial(board)
        if found is None:
            break
        board.level = BEYOND
        board.set(*found)
        board.run()
    return board


def trial(board: Rules) -> tuple[int, bool] | None:
    """The first open edge (beside settled edges or clues, the busiest first) whose
    other state the rules prove impossible, with the state it must have."""
    for e in candidates(board)[:MAX_TRIALS]:
        for value in (True, False):
            probe = board.copy()
            try:
                probe.level = BEYOND
                probe.set(e, value)
                probe.run()
            except Contradiction:
                return e, not value
            if board._stop():
                raise Stopped
    return None


def candidates(board: Rules) -> list[int]:
    """Open edges worth a trial: beside settled edges or clues, the busiest first."""
    p, state = board.p, board.state
    scored = []
    for e, s in enumerate(state):
        if s is not None:
            continue
        near = sum(state[f] is not None for v in p.edges[e] for f in p.incidence[v])
        clued = len(board.clued_of[e])
        if near or clued:
            scored.append((-(2 * clued + near), e))
    return [e for _, e in sorted(scored)]

