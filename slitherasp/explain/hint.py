"""Hints from a player's board: solved, the marks no answer has, or the next step.

A board is *solved* exactly when the validator accepts its lines as an answer. A mark
(a line or a cross) is *wrong* when no answer of the puzzle has it; that is asked of
the solver, one search per doubtful mark with the mark as an assumption, never read off
a few answers (a puzzle may have many). Marks that are each in some answer but fit no
answer together are named as a *conflict* (the marks of an unsatisfiable core). Only a
board whose marks fit some answer gets a next step.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 1, 1).with_clues([3])
>>> hint(p, links=range(4)).verdict        # the 4-edge loop breaks the 3
'unsolvable'
>>> q = tilings.build("square", 2, 1).with_clues([3, None])
>>> h = hint(q, non_links=[0])
>>> h.verdict, h.wrong_non_links
('wrong', (0,))
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..model import Puzzle
from ..model.results import UNKNOWN, UNSAT
from ..model.stopping import requested
from .steps import edge_pairs, explain, step_json

__all__ = ["VERDICTS", "Hint", "hint"]

VERDICTS = ("solved", "wrong", "conflict", "step", "stuck", "unsolvable", "unknown")
"""What a hint can say: the lines are an answer; some marks are in no answer; the marks
fit no answer together; the next step; no step follows (several answers remain); the
puzzle has no answer; the time limit (or the one who asked) stopped it first."""


@dataclass(frozen=True)
class Hint:
    """What to do next from a player's board: the verdict (one of :data:`VERDICTS`),
    the wrong marks (lines and crosses no answer has), the marks that fit no answer
    together, or the next step."""

    wrong_links: tuple[int, ...]
    wrong_non_links: tuple[int, ...]
    step: object | None
    solved: bool
    verdict: str = "step"
    conflicting: tuple[int, ...] = ()


def hint(puzzle: Puzzle, links: Iterable[int] = (), non_links: Iterable[int] = (), *,
         time_limit: float | None = None) -> Hint:
    """The verdict on a player's board (edge indices of its lines and crosses) and, when
    its marks fit an answer, the next step; ``time_limit`` bounds the whole hint."""
    from ..solver.sessions import Session
    from ..validate import is_solution

    lines, crosses = frozenset(links), frozenset(non_links) - frozenset(links)
    if lines and is_solution(puzzle, lines):
        return Hint((), (), None, True, "solved")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    clues = {c: k for c, k in enumerate(puzzle.clues) if k is not None}
    session = Session(puzzle, values=[()] * len(puzzle.cells), pinned=clues)
    marks = {**dict.fromkeys(lines, True), **dict.fromkeys(crosses, False)}
    fits = session.solve({}, known=marks, time_limit=_left(deadline), statistics=False)
    if fits.status == UNKNOWN:
        return _unknown()
    if fits.status == UNSAT and marks:
        return _verdict(session, puzzle, marks, deadline)
    if fits.status == UNSAT:
        return Hint((), (), None, False, "unsolvable")
    known = list(marks.items())
    if len(known) == len(puzzle.edges):
        return Hint((), (), None, True, "solved")  # a full board that fits is an answer
    e = explain(puzzle, max_steps=1, known=known, time_limit=_left(deadline))
    if e.steps:
        return Hint((), (), e.steps[0], False, "step")
    return _unknown() if e.note and "stopped" in e.note else Hint((), (), None, False, "stuck")


def _verdict(session, puzzle: Puzzle, marks: dict[int, bool], deadline: float | None) -> Hint:  # type: ignore[no-untyped-def]
    """The marks fit no answer: which of them no answer has (each asked on its own,
    after the marks some found answer has are cleared), else a conflicting set."""
    first = session.solve({}, models=2, time_limit=_left(deadline), statistics=False)
    if first.status == UNKNOWN:
        return _unknown()
    if not first.answers:
        return Hint((), (), None, False, "unsolvable")
    doubtful = dict(marks)
    for answer in first.answers:
        doubtful = {e: v for e, v in doubtful.items() if (e in answer) != v}
    wrong: list[int] = []
    unique = len(first.answers) == 1 and first.exhausted
    while doubtful and not unique:
        if requested() or (deadline is not None and time.perf_counter() > deadline):
            return _unknown()
        e, v = next(iter(doubtful.items()))
        r = session.solve({}, known={e: v}, time_limit=_left(deadline), statistics=False)
        if r.status == UNKNOWN:
            return _unknown()
        if not r.answers:
            wrong.append(e)
            del doubtful[e]
            continue
        doubtful = {f: w for f, w in doubtful.items() if (f in r.answers[0]) != w}
    if unique:
        wrong = list(doubtful)
    if wrong:
        return Hint(tuple(sorted(e for e in wrong if marks[e])), tuple(sorted(e for e in wrong if not marks[e])),
                    None, False, "wrong")
    core = session.core({}, marks) or sorted(marks)
    return Hint((), (), None, False, "conflict", tuple(core))


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.001, deadline - time.perf_counter())


def _unknown() -> Hint:
    return Hint((), (), None, False, "unknown")


def hint_json(hint: Hint, puzzle: Puzzle, instance: str | None = None) -> dict[str, Any]:
    """The object of ``hint --json``: wrong marks, or the next step, or solved."""
    return {
        **({"instance": instance} if instance is not None else {}),
        "verdict": hint.verdict,
        "solved": hint.solved,
        "conflicting": edge_pairs(puzzle, hint.conflicting),
        "wrong": {"links": edge_pairs(puzzle, hint.wrong_links),
                  "non_links": edge_pairs(puzzle, hint.wrong_non_links)},
        "step": None if hint.step is None else step_json(hint.step, puzzle),
    }
