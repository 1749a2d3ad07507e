"""Results, and the JSON objects that show them: what ``--json`` prints on the command
line and what the web app's API returns, built in one place so both say the same.

A solve ends in a :class:`Result` with a :class:`Status`; an unsatisfiable puzzle, a
time-out or an interrupt is a status, never an exception. The ``*_json`` functions
turn results, reports and grades into plain dicts (names as clingo prints them,
edges in the input's orientation). This module imports no solver.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (0, 1)]], clues=[3])
>>> r = Result(p, Status.SAT, answers=(frozenset({0, 1, 2}),), count=1, exhausted=True)
>>> solve_json(r, "t.lp")["links"], str(r.status)
([['0', '1'], ['1', '2'], ['0', '2']], 'SATISFIABLE')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from .model import Answer, Name, Puzzle

if TYPE_CHECKING:
    from .census import Census
    from .explain import Explanation, Hint, Step
    from .generate import Generated, Grade
    from .validate import Report


class Status(str, Enum):
    """How a search ended: an answer, a proof that there is none, or neither."""

    SAT = "SATISFIABLE"
    UNSAT = "UNSATISFIABLE"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:  # prints like the string it equals
        return repr(self.value)


SAT, UNSAT, UNKNOWN = Status.SAT, Status.UNSAT, Status.UNKNOWN


@dataclass(frozen=True)
class Result:
    """What a solve found. ``answers`` are edge-index sets, first answer first.

    ``status`` is SATISFIABLE (an answer was found), UNSATISFIABLE (none exists) or
    UNKNOWN (stopped by the time limit or an interrupt before either was known).
    ``unique`` is True/False when the search looked for a second answer and knows,
    else None. ``exhausted``: the search space was fully explored.
    """

    puzzle: Puzzle = field(repr=False)
    status: Status
    answers: tuple[Answer, ...] = ()
    count: int = 0
    """How many answers were found (also when they were not kept)."""
    unique: bool | None = None
    exhausted: bool = False
    timed_out: bool = False
    interrupted: bool = False
    time_ground: float = 0.0
    time_solve: float = 0.0
    time_total: float = 0.0
    statistics: dict = field(default_factory=dict, repr=False)

    @property
    def answer(self) -> Answer | None:
        """The first answer, or None."""
        return self.answers[0] if self.answers else None

    def links(self, i: int = 0) -> list[tuple[Name, Name]]:
        """Answer ``i`` as ``(U, V)`` name pairs in input orientation."""
        return self.puzzle.links(self.answers[i])


def _pairs(puzzle: Puzzle, answer: Answer) -> list[list[str]]:
    return [list(p) for p in puzzle.links(answer)]


def solve_json(result: Result, instance: str, variant: str | None = None) -> dict[str, Any]:
    """The object of ``solve --json`` (and of one ``batch --json`` line); a variant's
    puzzle says which (``"variant": "touch+full"``)."""
    return {
        "instance": instance,
        **({"variant": variant} if variant else {}),
        "result": str(result.status),
        "models": result.count,
        "unique": result.unique,
        "links": _pairs(result.puzzle, result.answers[0]) if result.answers else [],
        "answers": [_pairs(result.puzzle, a) for a in result.answers],
        "time": {
            "total": round(result.time_total, 6),
            "ground": round(result.time_ground, 6),
            "solve": round(result.time_solve, 6),
        },
        **({"interrupted": True} if result.interrupted else {}),
        **({"timed_out": True} if result.timed_out else {}),
        **({"statistics": result.statistics} if result.statistics else {}),
    }


def error_json(instance: str, message: str) -> dict[str, Any]:
    """A ``batch --json`` line for an instance that could not be solved at all."""
    return {"instance": instance, "result": "ERROR", "error": message}


def check_json(report: Report, instance: str | None = None, answer: str | None = None) -> dict[str, Any]:
    """The object of ``check --json``: ``valid`` and the violations with their details."""
    where = {k: v for k, v in (("instance", instance), ("answer", answer)) if v is not None}
    return {
        **where,
        "valid": report.valid,
        "violations": [{"kind": str(v.kind), "message": v.message, **v.data} for v in report.violations],
    }


def count_json(result: Result, instance: str) -> dict[str, Any]:
    """The object of ``count --json``: how many answers, and whether that is exact."""
    return {"instance": instance, "answers": result.count, "exact": result.exhausted,
            "time": round(result.time_total, 6)}


def grade_json(grade: Grade, instance: str | None = None) -> dict[str, Any]:
    """The object of ``grade --json``."""
    return {
        **({"instance": instance} if instance is not None else {}),
        "grade": grade.level, "unique": grade.unique, "choices": grade.choices,
        "conflicts": grade.conflicts, "answers": grade.answers,
        **({"human_grade": grade.human.level, "human_score": finite(grade.human.score),
            "human_steps": list(grade.human.steps)} if grade.human is not None else {}),
    }


def census_json(census: Census, tiling: str) -> dict[str, Any]:
    """The object of ``census --json``."""
    return {"tiling": tiling, "loops": census.loops, "puzzles": census.puzzles, "cells": census.cells,
            "time": round(census.seconds, 6)}


def uniqueness(answers: Sequence[Answer], exhausted: bool) -> bool | None:
    """Whether the first answer is unique, from a search for two: False when a second
    was found, True when none was and the search ran to its end, else unknown."""
    if len(answers) > 1:
        return False
    return True if answers and exhausted else None


def finite(x: float) -> float | None:
    """A number for JSON: None where it is infinite (a person's score of a puzzle
    whose grading stopped short)."""
    return x if math.isfinite(x) else None


def generated_json(made: Generated, instance: str, files: list[str], minimal: bool) -> dict[str, Any]:
    """The object of ``generate --json``: where the puzzle went, its clues and grade."""
    return {
        "instance": instance, "files": files, "clues": made.puzzle.clue_count(),
        "cells": len(made.puzzle.cells), **grade_json(made.grade),
        "minimal": minimal and not (made.interrupted or made.timed_out),
        "seed": made.seed, "attempts": made.attempts, "tests": made.tests, "time": round(made.seconds, 3),
        **({"interrupted": True} if made.interrupted else {}),
        **({"timed_out": True} if made.timed_out else {}),
    }


def _edge_pairs(puzzle: Puzzle, edges: Any) -> list[list[str]]:
    return [list(puzzle.edge_names(e)) for e in sorted(edges)]


def step_json(step: Step, puzzle: Puzzle) -> dict[str, Any]:
    """One explanation step: what it settles and its reason (edges in the input's
    orientation, cells by name), with the level and rule that found it."""
    return {
        "settles": {"links": _edge_pairs(puzzle, (e for e, line in step.settles if line)),
                    "non_links": _edge_pairs(puzzle, (e for e, line in step.settles if not line))},
        "reason": {"clues": [puzzle.cells[c] for c in step.clues], "links": _edge_pairs(puzzle, step.links),
                   "non_links": _edge_pairs(puzzle, step.non_links), "rules": list(step.rules)},
        "size": step.size,
        "minimal": step.minimal,
        "level": step.level_name,
        "rule": step.rule,
    }


def explain_json(explanation: Explanation, instance: str | None = None) -> dict[str, Any]:
    """The object of ``explain --json``: the steps, the grade and its score."""
    puzzle = explanation.puzzle
    return {
        **({"instance": instance} if instance is not None else {}),
        "steps": [step_json(s, puzzle) for s in explanation.steps],
        "grade": explanation.grade,
        "score": explanation.score,
        "complete": explanation.complete,
        **({"note": explanation.note} if explanation.note else {}),
        "time": round(explanation.seconds, 6),
    }


def hint_json(hint: Hint, puzzle: Puzzle, instance: str | None = None) -> dict[str, Any]:
    """The object of ``hint --json``: wrong marks, or the next step, or solved."""
    return {
        **({"instance": instance} if instance is not None else {}),
        "verdict": hint.verdict,
        "solved": hint.solved,
        "conflicting": _edge_pairs(puzzle, hint.conflicting),
        "wrong": {"links": _edge_pairs(puzzle, hint.wrong_links),
                  "non_links": _edge_pairs(puzzle, hint.wrong_non_links)},
        "step": None if hint.step is None else step_json(hint.step, puzzle),
    }
