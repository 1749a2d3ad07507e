"""The solver's grade of a puzzle: what clingo needs to prove the answer *and* its
uniqueness, with the default encoding and no learnt knowledge (a person's grade is
:func:`slitherasp.rules.grade.human_grade`):

``easy``
    propagation alone: no decision, no probing;
``medium``
    failed-literal probing at the root (clasp's lookahead on atoms, once: assume a
    literal, propagate, keep the opposite if that fails, to a fixpoint), still no
    decision;
``hard``
    decisions (search) even with probing.

Each property is monotone (fewer clues never make a puzzle easier).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..model import Puzzle
from ..model.levels import SOLVER_LEVELS
from ..model.results import finite
from ..rules.grade import HumanGrade, human_grade

__all__ = ["LEVELS", "Grade", "grade"]

LEVELS = SOLVER_LEVELS
"""Difficulty grades for the solver, easiest first."""


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for the solver. ``level`` is one of :data:`LEVELS`, or
    None when the puzzle is not uniquely solvable (then ``unique`` says why: False,
    or None when the time limit ran out); ``choices`` and ``conflicts`` are what the
    proof took at that level."""

    level: str | None
    unique: bool | None
    choices: int
    conflicts: int
    answers: int
    human: HumanGrade | None = None
    """How hard it is for a person (:func:`slitherasp.rules.grade.human_grade`), when
    asked for and the puzzle is unique."""


def grade(puzzle: Puzzle, *, time_limit: float | None = None, human: bool = False) -> Grade:
    """The grade of a puzzle, by clasp on the whole puzzle (never reduced): a fresh solve
    with probing (which also settles uniqueness), then, if that needed no decision, one
    without; with ``human``, for a person too (None when ``time_limit`` ends first).

    >>> from slitherasp import tilings
    >>> p = tilings.build("square", 2, 1).with_clues([4, 1])
    >>> grade(p).level
    'easy'
    >>> grade(tilings.build("square", 2, 1)).unique
    False
    """
    from .run import solve  # here: a generator that grades for a person never loads the solver

    deadline = None if time_limit is None else time.perf_counter() + time_limit
    probed = solve(puzzle, models=2, lookahead=True, statistics=True, time_limit=time_limit, simplify=False)
    s = probed.statistics
    if probed.timed_out or probed.interrupted:
        return Grade(None, None, s.get("choices", 0), s.get("conflicts", 0), len(probed.answers))
    if len(probed.answers) != 1:
        return Grade(None, False, s["choices"], s["conflicts"], len(probed.answers))
    # a person's rules are classic Slitherlink's: a variant has no person's grade
    person = human_grade(puzzle, deadline=deadline) if human and isinstance(puzzle, Puzzle) else None
    if s["choices"]:
        return Grade("hard", True, s["choices"], s["conflicts"], 1, person)
    # Propagation alone never conflicts before the end, so a few conflicts tell.
    plain = solve(puzzle, models=2, lookahead=False, statistics=True, conflicts=8, simplify=False)
    if plain.timed_out or plain.interrupted:  # not "medium": the test was cut, not failed
        return Grade(None, None, 0, s["conflicts"], 1)
    if plain.exhausted and plain.statistics["choices"] == 0:
        return Grade("easy", True, 0, plain.statistics["conflicts"], 1, person)
    return Grade("medium", True, 0, s["conflicts"], 1, person)


def grade_json(grade: Grade, instance: str | None = None) -> dict[str, Any]:
    """The object of ``grade --json``."""
    return {
        **({"instance": instance} if instance is not None else {}),
        "grade": grade.level, "unique": grade.unique, "choices": grade.choices,
        "conflicts": grade.conflicts, "answers": grade.answers,
        **({"human_grade": grade.human.level, "human_score": finite(grade.human.score),
            "human_steps": list(grade.human.steps)} if grade.human is not None else {}),
    }
