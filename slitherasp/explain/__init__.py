"""Explanations: every deduction from the bare puzzle to the answer, each with a
minimal reason, easiest first; hints from a player's board; a grade a person feels.

A :class:`Step` settles edges (lines or crosses) and gives its reason: clues and
edges settled before it which, with the rules it names, force the step, and of
which none can be left out (clingo proves both: ``asp/explain.lp``, cores over
assumptions). Steps are found level by level (:mod:`.deduce`): one clue or vertex,
a clue with its corners, two clues, inside/outside parity, a trial, and only then
the whole puzzle. No step assumes the puzzle has one answer.

>>> from slitherasp.formats import read_text
>>> puzzle = read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>")
>>> e = explain(puzzle)
>>> e.complete, e.grade, e.steps[0].rules
(True, 'easy', ('clue counting',))
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..grades import HUMAN_LEVELS
from ..model import Puzzle
from ..stopping import StoppedError, check, reason, requested
from .board import UNKNOWN, Board
from .deduce import Deducer, Deduction
from .grade import HumanGrade, human_grade
from .hint import Hint, hint
from .oracle import Oracle
from .trial import candidates, next_deduction

__all__ = ["Explanation", "HumanGrade", "Hint", "Step", "explain", "hint", "human_grade"]

RULE_NAMES = {
    "cell": ("clue counting",),
    "vertex": ("vertex degree",),
    "closure": ("loop closure",),
    "corner1": ("clue counting", "vertex degree"),
    "corner": ("clue counting", "vertex degree"),
    "corners": ("clue counting", "vertex degree"),
    "parity": ("inside/outside parity",),
    "trial": ("clue counting", "vertex degree", "inside/outside parity", "loop closure"),
    "search": ("clue counting", "vertex degree", "inside/outside parity", "loop closure"),
}
"""The rules a step of each kind names (the trial and search ones: all, trimmed to
those its reason uses below)."""


@dataclass(frozen=True)
class Step:
    """One deduction: the edges it settles (``(edge, line?)``), its minimal reason
    (clue cells, settled lines, settled crosses), the rules that reason needs, the
    level it was found at and the rule that found it."""

    settles: tuple[tuple[int, bool], ...]
    clues: tuple[int, ...]
    links: tuple[int, ...]
    non_links: tuple[int, ...]
    rules: tuple[str, ...]
    level: int
    rule: str
    minimal: bool = True
    """Whether every fact of the reason is proved needed (see ``oracle.BUDGET``)."""
    puzzle: Puzzle | None = field(default=None, repr=False, compare=False)
    """The puzzle it is a step of (for drawing it)."""

    @property
    def size(self) -> int:
        """How many facts the reason holds."""
        return len(self.clues) + len(self.links) + len(self.non_links)

    @property
    def level_name(self) -> str:
        return HUMAN_LEVELS[self.level - 1]

    def _repr_svg_(self) -> str | None:
        """Jupyter draws a step on its puzzle."""
        from .draw import step_svg

        return None if self.puzzle is None else step_svg(self.puzzle, self)


@dataclass(frozen=True)
class Explanation:
    """The steps, whether they reach the whole answer, and the puzzle's grade."""

    puzzle: Puzzle
    steps: tuple[Step, ...]
    complete: bool
    grade: str | None
    score: float
    seconds: float
    note: str = ""

    def lines(self) -> frozenset[int]:
        """The edges the steps settle as lines (the answer, when complete)."""
        return frozenset(e for s in self.steps for e, line in s.settles if line)

    def _repr_svg_(self) -> str:
        """Jupyter draws the lines the steps reach."""
        from ..render import svg

        return svg(self.puzzle, sorted(self.lines()), title=f"{len(self.steps)} steps, {self.grade}")


def explain(puzzle: Puzzle, *, max_steps: int | None = None, time_limit: float | None = None,
            known: Iterable[tuple[int, bool]] = ()) -> Explanation:
    """Explain a puzzle step by step (from the ``known`` edges on, if given)."""
    from .grade import grade_of

    start = time.perf_counter()
    board = Board(puzzle)
    board.settle_all(known)
    why = reason()
    if why is not None:  # stopped before it began: no grounding for nothing
        note = "stopped by the time limit" if why == "time" else "stopped: the one who asked went away"
        return Explanation(puzzle, (), board.done(), None, float("inf"), time.perf_counter() - start, note)
    with _oracle(puzzle) as oracle:
        steps, note = _steps(_Explainer(puzzle, board, oracle), board, start, max_steps, time_limit)
    complete = board.done()
    level, score = grade_of(steps, complete and not note)
    return Explanation(puzzle, tuple(steps), complete, level, score, time.perf_counter() - start, note)


_ORACLES: OrderedDict[Puzzle, tuple[Oracle, threading.Lock]] = OrderedDict()
_ORACLES_LOCK = threading.Lock()
ORACLES = 4
"""Groundings of recent puzzles kept for the next hint or explanation (a web page asks
for many hints on one puzzle; grounding is most of a hint's time)."""


@contextmanager
def _oracle(puzzle: Puzzle) -> Iterator[Oracle]:
    """The kept oracle of this puzzle, if no other thread uses it now; else a new one."""
    with _ORACLES_LOCK:
        kept = _ORACLES.get(puzzle)
        if kept is None:
            kept = _ORACLES[puzzle] = (Oracle(puzzle), threading.Lock())
            while len(_ORACLES) > ORACLES:
                _ORACLES.popitem(last=False)
        _ORACLES.move_to_end(puzzle)
    oracle, lock = kept
    if not lock.acquire(blocking=False):
        yield Oracle(puzzle)  # in use by another request: a clingo control serves one at a time
        return
    try:
        yield oracle
    finally:
        lock.release()


def _steps(explainer: _Explainer, board: Board, start: float, max_steps: int | None,
           time_limit: float | None) -> tuple[list[Step], str]:
    steps: list[Step] = []
    note = ""
    while not board.done():
        if max_steps is not None and len(steps) >= max_steps:
            note = f"stopped after {max_steps} steps"
            break
        if time_limit is not None and time.perf_counter() - start > time_limit:
            note = "stopped by the time limit"
            break
        if requested():
            note = "stopped: the one who asked went away"
            break
        try:
            step = explainer.next_step()
        except StoppedError as stop:  # inside a step: the steps so far stand
            note = "stopped by the time limit" if stop.reason == "time" else "stopped: the one who asked went away"
            break
        if step is None:
            note = "no step forces another edge: the puzzle has more than one answer"
            break
        steps.append(step)
    return steps, note


class _Explainer:
    """Finds the next step on a board and gives it a minimal reason."""

    def __init__(self, puzzle: Puzzle, board: Board, oracle: Oracle) -> None:
        self.puzzle, self.board = puzzle, board
        self.deducer = Deducer(puzzle, board)
        self.oracle = oracle

    def next_step(self) -> Step | None:
        d = next_deduction(self.puzzle, self.deducer) or self._search()
        if d is None:
            return None
        step = self._reason(d)
        self.deducer.settle(d.settles)
        return step

    def _search(self) -> Deduction | None:
        """The whole puzzle: the first open edge it forces either way."""
        known = self.board.known()
        clues = {c for c, k in enumerate(self.puzzle.clues) if k is not None}
        rules = ("loop", "parity")
        for e in candidates(self.puzzle, self.board) or [e for e, s in enumerate(self.board.state) if s == UNKNOWN]:
            check()  # thousands of solver calls on a big board with few clues
            for value in (True, False):
                if self.oracle.forces(clues, known, rules, [(e, value)]):
                    return Deduction(((e, value),), 6, "search", frozenset(clues), frozenset(known))
        return None

    def _reason(self, d: Deduction) -> Step:
        known = self.board.known()
        facts = {e: known[e] for e in d.edges if e in known}
        clues, edges, minimal = self.oracle.minimal(d.clues, facts, d.oracle_rules, list(d.settles))
        names = RULE_NAMES[d.rule]
        if d.rule in ("trial", "search"):
            names = tuple(n for n in names if n != "clue counting" or clues)
        return Step(
            settles=d.settles,
            clues=tuple(sorted(clues)),
            links=tuple(sorted(e for e, v in edges.items() if v)),
            non_links=tuple(sorted(e for e, v in edges.items() if not v)),
            rules=names,
            level=d.level,
            rule=d.rule,
            minimal=minimal,
            puzzle=self.puzzle,
        )
