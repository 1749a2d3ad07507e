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

from ..model import Puzzle
from ..model.levels import HUMAN_LEVELS
from .board import ALL, BEYOND, EASY, LEVELS, Contradiction
from .engine import Rules, Stopped

__all__ = ["MAX_TRIALS", "HumanGrade", "Levels", "human_grade", "human_solves", "trial"]

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


class Levels:
    """The level each edge needs, recorded as the board deduces (a light
    :class:`.why.Why`): the highest level among the rule that settled it and the
    corners and relations of edges it read, each of those the highest level among the
    rules that made it and what they read in turn, down to edges and clues; as a step
    of :func:`slitherasp.explain.explain` is levelled. ``edges[L]``: the edges that
    need level ``L`` (1 easy ... 5 fiendish)."""

    def __init__(self) -> None:
        self.edges = [0] * (SEARCH + 1)

    def attach(self, board) -> None:  # type: ignore[no-untyped-def]
        self.board = board
        self.m, self.k = board.m, len(board.shape.corner_edges)
        self.corner = [0] * self.k
        self.cls: dict[int, int] = {}
        """The level of every class of related edges (by root)."""
        self.rel: list[int] = []

    def _of(self, premises: tuple[int, ...]) -> int:
        level = self.board.level
        m, k = self.m, self.k
        for f in premises:
            if f >= m:
                x = self.corner[f - m] if f < m + k else self.rel[f - m - k]
                if x > level:
                    level = x
        return level

    def fact(self, fact: int, premises: tuple[int, ...], mask: int = 0) -> None:
        level = self._of(premises)
        if fact < self.m:
            self.edges[level] += 1
        elif level > self.corner[fact - self.m]:
            self.corner[fact - self.m] = level

    def join(self, kind: str, a: int, b: int, odd: int, premises: tuple[int, ...]) -> None:
        if kind == "edge":  # faces are related and read at level 5 only
            cls = self.board.ecls
            ra, rb = cls[a], cls[b]
            self.cls[ra] = self.cls[rb] = max(self._of(premises), self.cls.get(ra, 0), self.cls.get(rb, 0))

    def relation(self, a: int, b: int, kind: str = "edge") -> tuple[int, ...]:
        if kind != "edge":
            return ()
        self.rel.append(self.cls.get(self.board.ecls[a], 0))
        return (self.m + self.k + len(self.rel) - 1,)

    def flush(self) -> None:
        pass


def human_grade(puzzle: Puzzle, *, most: int = 5, known: Sequence[tuple[int, bool]] = (),
                deadline: float | None = None) -> HumanGrade:
    """Solve the puzzle with Loopy's rules, easiest first, up to level ``most`` (1
    easy ... 4 hard, 5 also the rules beyond and trials): the grade is the hardest
    level an edge needed (:class:`Levels`), the score says how many edges need it.
    Stuck with ``most`` 5: ``search`` (not solved: the rules do not settle it, and
    whether it has one answer, several or none is a solver's question); stuck below:
    no grade (the caller knows whether the puzzle is unique). Past ``deadline`` (a :func:`time.perf_counter`
    value) or on a stop request: no grade. The one grade of a person: ``explain``
    gives this one too."""
    try:
        board = _solve(puzzle, most, known, deadline, Levels())
    except (Contradiction, Stopped):
        return HumanGrade(None, float("inf"), (0,) * 5, False)
    counts = board.why.edges
    steps = tuple(counts[1:6])
    if board.done():
        top = max((level for level in range(EASY, SEARCH) if counts[level]), default=EASY)
        return HumanGrade(HUMAN_LEVELS[top - 1], score(top, counts[top]), steps)
    if most >= FIENDISH:
        left = sum(s is None for s in board.state) / len(board.state)
        return HumanGrade(HUMAN_LEVELS[SEARCH - 1], SEARCH + left, steps, False)
    return HumanGrade(None, float("inf"), steps, False)


def human_solves(puzzle: Puzzle, most: int) -> bool:
    """Whether a person's rules up to level ``most`` (as :func:`human_grade`) reach the
    answer: what generation asks of every clue it removes, without counting levels."""
    try:
        return _solve(puzzle, most, (), None, None).done()
    except Contradiction:
        return False


def _solve(puzzle: Puzzle, most: int, known: Sequence[tuple[int, bool]], deadline: float | None,
           levels: Levels | None) -> Rules:
    """The board where a person's rules up to level ``most`` stop (Loopy's levels;
    stuck there with ``most`` 5, the rules beyond and trials), ``levels`` recording."""
    board = Rules(puzzle, LEVELS[:min(most, 4)], levels)
    board.deadline = deadline
    for e, line in known:
        board.set(e, line)
    if levels is not None:
        levels.edges = [0] * len(levels.edges)
    board.run()
    if board.done() or most < FIENDISH:
        return board
    # stuck: go on with the rules beyond, then trials
    stuck, levels = board, None if levels is None else Levels()
    board = Rules(puzzle, ALL, levels)
    board.deadline = deadline
    board.level = BEYOND
    for e, s in enumerate(stuck.state):
        if s is not None:
            board.set(e, s)
    if levels is not None:
        levels.edges = list(stuck.why.edges)
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

