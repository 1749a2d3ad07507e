"""Results, and the JSON objects that show them: what ``--json`` prints on the command
line and what the web app's API returns.

A solve ends in a :class:`Result` with a :class:`Status`; an unsatisfiable puzzle, a
time-out or an interrupt is a status, never an exception. :func:`solve_json` and
:func:`count_json` turn results into plain dicts (names as clingo prints them, edges in
the input's orientation); every other result type owns its JSON beside it
(:func:`slitherasp.validate.check_json`, :func:`slitherasp.solver.grade.grade_json`,
:func:`slitherasp.make.generate.generated_json`, :func:`slitherasp.counting.census.census_json`,
:func:`slitherasp.explain.explain_json`, :func:`slitherasp.explain.hint.hint_json`), so that
the command line and the web app say the same. This module imports no solver.

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
from typing import Any

from .puzzle import Answer, Name, Puzzle


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




def count_json(result: Result, instance: str) -> dict[str, Any]:
    """The object of ``count --json``: how many answers, and whether that is exact."""
    return {"instance": instance, "answers": result.count, "exact": result.exhausted,
            "time": round(result.time_total, 6)}






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
