"""Puzzle generation and difficulty grades, on any tiling (a census: :mod:`.census`).

A random loop is grown as Loopy grows its loops (:mod:`.loops`: faces coloured inside
and outside, both kept in one piece, curly), and every face gets its clue. Then clues
are removed, in a random order, while the puzzle keeps exactly one answer at the
requested grade, and a puzzle that came out easier than asked is thrown away for a
new loop: as Loopy makes its puzzles.

For a person's grade (``difficulty``) a clue goes while the rules of the one engine
(:mod:`.rules`) up to that level still solve the puzzle (sound rules: the answer is
then unique). Each test starts from the facts of the last solved set of clues that do
not rest on the clues taken away (:class:`.rules.derive.Derivation`), and clues go in
batches that grow while they can all go (grades are monotone in the clues, so a batch
that fails is halved, which gives the same puzzle as removing one clue at a time).

For the solver's grade (``level``, :mod:`.grading`) every test runs in one grounded
:class:`Session` (clues are external atoms switched by assumptions), never re-grounding.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 6, 6)
>>> g = generate(p, seed=3, level="easy")
>>> from slitherasp.validate import is_solution
>>> g.grade.level, g.grade.unique, is_solution(g.puzzle, g.answer)
('easy', True, True)
>>> generate(p, seed=3).human.level
'normal'
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..model import Answer, Puzzle
from ..model.errors import GenerationError, InputError
from ..model.levels import HUMAN_LEVELS
from ..model.stopping import StoppedError, check, reason, requested, stop_when
from ..rules import LEVELS as LOOPY_LEVELS
from ..rules import deduce
from ..rules.engine import Stopped
from ..rules.grade import HumanGrade, human_grade, human_solves
from ..solver.grade import LEVELS, Grade, grade, grade_json
from .loops import random_loop
from .removal import TEST_BUDGET, Progress, Remover, removed
from .setting import Plan
from .theme import Evidence

DIFFICULTIES = HUMAN_LEVELS[:5]
"""Grades for a person that generation can aim at (``search`` is not a goal)."""
DEFAULT_DIFFICULTY = "normal"
"""What generation aims at when asked for no grade: a person's Normal, as Loopy's default."""


# --------------------------------------------------------------------------- planted loops
def planted(puzzle: Puzzle, seed: int | None = None) -> tuple[Puzzle, Answer]:
    """The puzzle with every clue of a random loop (:func:`.loops.random_loop`), and that loop."""
    loop = random_loop(puzzle, seed)
    return puzzle.with_clues(puzzle.signature(loop)), loop


# --------------------------------------------------------------------------- generation
PLAIN_AFTER = 100
"""Loops tried as Loopy grows them before loops without tendrils are tried."""
SOLVER_ATTEMPTS = 50
"""Loops tried for the solver's grade unless told otherwise."""
FALLBACK_AFTER = 200
"""Loops tried for the default Normal before taking Easy (a patch too small for Normal)."""
PERSON_ATTEMPTS = 400
"""Loops tried for a person's grade unless told otherwise. Loopy tries loops until one
fits (its full clues solved by the rules of the level, the puzzle not too easy), and on
some grids most do not (Dodecagonal 5x4 Easy: one loop in about 70). A try that fails
at once costs a loop and one run of the rules."""
PERSON_MORE: int | None = None
"""Loops a person's grade goes on to past :data:`PERSON_ATTEMPTS` when no number was
given and the loops keep coming out new (on a patch too small for the grade they
repeat): Loopy's loops again, with tendrils; None: no end while they are new (only the
time limit, or Ctrl-C), as Loopy's generator never gives up. On Dodecagonal 9x9 Easy
one of its loops in about 800 fits, and no loop without tendrils; on Dodecagonal 12x12
Easy 4,000 were not always enough."""
REACHED_SAMPLE = 20
"""Failed loops whose full clue set is graded for the message, when generation fails (a
grade costs ten loops: graded only then, and not past the time limit)."""
PERSON_BUDGET = 10.0
"""Seconds a person's grade of a puzzle made for the solver's grade may take (trials
beyond Loopy's Hard can take long); past it the grade is ``search``, which the
puzzle needs at most."""


@dataclass(frozen=True)
class SolverGradeLater:
    """The solver's grade of a puzzle that a person's rules solved (so its answer is
    unique), worked out when first asked for (clingo: 0.4 s CPU on a square 30x30, which
    the web app does not show). ``human``: the person's grade."""

    puzzle: Puzzle
    human: HumanGrade | None
    unique = True
    """Always: the rules proved it (what :func:`generate` reads of any grade)."""

    def __call__(self) -> Grade:
        return replace(kept_grade(self.puzzle), human=self.human)


def kept_grade(puzzle: Puzzle) -> Grade:
    """The solver's grade of a puzzle that is kept, even one kept because Ctrl-C
    stopped its making: a request to stop is not looked at (the grade takes
    milliseconds to a second), a time limit is (then the grade is unknown)."""
    with stop_when(lambda: False):
        return grade(puzzle)


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its (unique) answer and grade, and how it was made.
    ``interrupted``: Ctrl-C stopped the clue removal early, ``timed_out``: the time
    limit did; the puzzle is still unique at its grade (perhaps not the grade asked
    for) but some clues could perhaps still be removed. ``graded``: the grade, or for
    a person's puzzle the way to it (:attr:`grade` works it out once)."""

    puzzle: Puzzle
    answer: Answer
    graded: Grade | SolverGradeLater
    seed: int
    attempts: int
    tests: int
    seconds: float
    interrupted: bool = False
    timed_out: bool = False

    @property
    def grade(self) -> Grade:
        """The solver's grade, with a person's in ``human`` (see :attr:`human`)."""
        g = self.graded
        if isinstance(g, SolverGradeLater):
            g = g()
            object.__setattr__(self, "graded", g)  # worked out once
        return g

    @property
    def human(self) -> HumanGrade | None:
        """A person's grade, without the solver's (None with ``person=False``)."""
        return self.graded.human


def generate(
    puzzle: Puzzle,
    *,
    seed: int = 0,
    level: str | None = None,
    difficulty: str | None = None,
    minimal: bool = False,
    attempts: int | None = None,
    progress: Progress | None = None,
    person: bool = True,
    time_limit: float | None = None,
    partial: bool = True,
    plan: Plan | None = None,
) -> Generated:
    """A uniquely solvable puzzle on the faces of ``puzzle``, of a person's grade
    ``difficulty`` (one of :data:`DIFFICULTIES`; when no grade is asked for,
    :data:`DEFAULT_DIFFICULTY`, or ``easy`` on a patch too small for it) or of the
    solver's grade ``level``, laid out as a setter's ``plan`` asks (:func:`.setting.plan`).

    The same puzzle and seed give the same result. For a person's grade, clues go
    while the rules up to that level solve the puzzle, and a puzzle that the rules of
    the level below also solve is thrown away for a new loop (Loopy's way). For the
    solver's grade, clues go in growing batches (halved when a batch fails, down to
    pairs); a test past :data:`TEST_BUDGET` conflicts keeps its clues; with ``minimal``
    batches split down to single clues, tests unbounded: no clue can then go alone. A
    loop whose clues cannot reach the grade is replaced by another, up to ``attempts``
    loops (for a person's grade, when not given, :data:`PERSON_ATTEMPTS`, and on to
    :data:`PERSON_MORE` while the loops are new); then :class:`GenerationError` names
    the hardest grade the first of them reached.
    Ctrl-C stops early and returns the puzzle so far (unique at its grade) with
    ``interrupted`` set; so does running out of ``time_limit`` seconds, with ``timed_out``
    set, or :class:`GenerationError` when no unique clue set was found (with
    ``partial=False`` a stop raises :class:`StoppedError`). ``human`` (and ``grade.human``
    with the solver's grade, worked out when first read) is the grade for a person
    (``fiendish`` and ``search`` included), left out with ``person=False``.
    """
    if level is None and difficulty is None:  # a person's Normal; on a patch too small for one, Easy
        return _normal_or_easy(puzzle, seed=seed, minimal=minimal, attempts=attempts, progress=progress,
                               person=person, time_limit=time_limit, partial=partial, plan=plan)
    _check_goal(puzzle, level, difficulty)
    start, rng = time.perf_counter(), random.Random(seed)
    reached: list[str | None | Puzzle] = []  # (a failed loop's full clue set: graded if all fail)
    tests, deadline = 0, None if time_limit is None else start + time_limit
    more = attempts is None and difficulty is not None
    if attempts is None:
        attempts = PERSON_ATTEMPTS if difficulty is not None else SOLVER_ATTEMPTS
    tried, evidence = 0, Evidence.of(plan, difficulty)  # (what a theme's loops show: :mod:`.theme`)
    for attempt, loop in _loops(puzzle, rng, attempts, more, plan, evidence):
        tried = attempt
        remover = Remover(puzzle, loop, level, progress, None if minimal else TEST_BUDGET, difficulty, deadline, plan)
        order = remover.order()
        rng.shuffle(order)
        stop = removed(remover, order, minimal, difficulty)
        tests += remover.tests
        if evidence.note(puzzle, loop, stop):  # a theme out of reach: said now, not after every loop
            break
        if stop is None:
            if len(reached) < REACHED_SAMPLE:
                reached.append(puzzle.with_clues(remover.clues))  # (the clues it could give)
            continue
        interrupted, timed_out = stop == "interrupt", stop == "time"
        if (interrupted or timed_out) and not partial:
            raise StoppedError("interrupt" if interrupted else "time")
        with stop_when(lambda: False):  # what the removal kept is graded whatever Ctrl-C says (a deadline holds)
            kept = _keep(remover.result(), level, difficulty, interrupted or timed_out, person, reached,
                         remover.derivation is not None and remover.derivation.complete, plan)
        if kept is None:
            continue
        if timed_out and not kept.unique:  # out of time before the full clue set was tested
            break
        return Generated(remover.result(), loop, kept, seed, attempt, tests, time.perf_counter() - start,
                         interrupted, timed_out)
    if reason() == "interrupt":  # stopped while the last loop was tested: that is no failure
        raise StoppedError("interrupt")
    late = deadline is not None and time.perf_counter() > deadline
    why = "within the time limit" if late else f"after {tried} loops"
    raise evidence.error(puzzle, why, late) or _failed(level, difficulty, reached, why, late)


def _normal_or_easy(puzzle: Puzzle, *, attempts: int | None, plan: Plan | None, time_limit: float | None,
                    **how: Any) -> Generated:
    """A person's Normal (:data:`DEFAULT_DIFFICULTY`), or Easy on a patch too small for
    one: not with a time limit, nor for a clue theme without 0 (Easy's rules cannot start
    without a 0: the theme's reason at Normal is the one to say)."""
    try:
        return generate(puzzle, difficulty=DEFAULT_DIFFICULTY, attempts=attempts or FALLBACK_AFTER, plan=plan,
                        time_limit=time_limit, **how)
    except GenerationError:
        values = None if plan is None else plan.setting.values
        if time_limit is not None or (values is not None and 0 not in values):
            raise
    return generate(puzzle, difficulty=HUMAN_LEVELS[0], attempts=attempts, plan=plan, time_limit=time_limit, **how)


def _loops(puzzle: Puzzle, rng: random.Random, attempts: int, more: bool, plan: Plan | None = None,
           evidence: Evidence | None = None) -> Iterator[tuple[int, Answer]]:
    """The loops to try, numbered from 1: as Loopy's first; where those keep failing
    (Compass-Dodecagonal 10x10: none of 2,000 gave clues the rules solve at Easy), loops
    without tendrils, less curly; past ``attempts``, with ``more``, Loopy's again up to
    :data:`PERSON_MORE` while they come out new (a small patch's loops repeat). A plan's
    picture has one loop: it is tried ``attempts`` times (each with its own order). A
    theme's loops are repaired as its ``evidence`` says (:meth:`.theme.Evidence.rounds`)."""
    if plan is not None and plan.loop is not None:
        for attempt in range(1, attempts + 1):
            check()
            yield attempt, plan.loop
        return
    seen: set[int] = set()
    grow = random_loop if plan is None else plan.random_loop
    more = more and (plan is None or (plan.setting.values is None and plan.mask is None))  # (reshaped: slower)
    last = (PERSON_MORE or sys.maxsize) if more else attempts
    for attempt in range(1, last + 1):
        check()  # stopped before a puzzle was found: nothing to give back
        if attempt > attempts and len(seen) < attempt // 2:  # the loops repeat: the patch has few
            return
        how = {"rounds": evidence.rounds()} if evidence is not None and evidence.active else {}
        loop = grow(puzzle, seed=rng.randrange(2**32), tendrils=attempt <= PLAIN_AFTER or attempt > attempts, **how)
        if more:
            seen.add(hash(loop))
        yield attempt, loop


def _keep(result: Puzzle, level: str | None, difficulty: str | None, stopped: bool, person: bool,
          reached: list[str | None | Puzzle], proven: bool = False,
          plan: Plan | None = None) -> Grade | SolverGradeLater | None:
    """The grade of a finished clue removal, or None when the puzzle misses the grade
    asked for (too easy for a person's, another solver's grade; noted in ``reached``)
    or the rule a ``plan`` asks its solution to need. A removal stopped early is kept
    as it is. ``proven``: a person's rules solved the result (its answer is unique), so
    the solver's grade waits until it is asked for."""
    if difficulty is not None and not stopped and _too_easy(result, difficulty):
        reached.append(HUMAN_LEVELS[HUMAN_LEVELS.index(difficulty) - 1])
        return None
    if plan is not None and not stopped and not plan.fits(result):
        reached.append(difficulty)
        return None
    if proven:
        return SolverGradeLater(result, person_grade(result, None if stopped else difficulty) if person else None)
    g = kept_grade(result) if stopped else grade(result)
    if level is not None and not stopped and g.level != level:
        reached.append(g.level)
        return None
    if person and g.unique:
        g = replace(g, human=person_grade(result, None if stopped else difficulty))
    return g


def _too_easy(puzzle: Puzzle, difficulty: str) -> bool:
    """Whether the rules of the level below the one asked for solve the puzzle too
    (:class:`StoppedError` when a stop cuts them short: that is no answer)."""
    most = HUMAN_LEVELS.index(difficulty)
    if most == 0:
        return False
    try:
        if most <= len(LOOPY_LEVELS):
            below = deduce(puzzle, levels=LOOPY_LEVELS[:most])
            if below.stopped:
                raise Stopped
            return below.complete
        return human_solves(puzzle, most)
    except Stopped:
        raise StoppedError(reason() or "time") from None


def person_grade(puzzle: Puzzle, known: str | None) -> HumanGrade | None:
    """A person's grade: the level the puzzle was made at (its score worked out), or
    worked out within :data:`PERSON_BUDGET` (``search`` past it; a request to stop is
    not looked at, but a time limit that has run out leaves the puzzle ungraded)."""
    with stop_when(lambda: False):
        g = human_grade(puzzle, deadline=time.perf_counter() + PERSON_BUDGET)
    if g.level is None:
        return None if requested() else HumanGrade("search", 6.0, g.steps, False)
    assert known is None or g.level == known, (g.level, known)
    return g


def _failed(level: str | None, difficulty: str | None, reached: list[str | None | Puzzle], why: str,
            late: bool = False) -> GenerationError:
    """Why no puzzle was found: ``why`` (after how many loops, or the time limit), and
    the hardest grade the loops reached (their full clue sets graded now, unless
    ``late``: past the time limit)."""
    if not late:
        reached = [_reached(r, difficulty) if isinstance(r, Puzzle) else r for r in reached]
    names = LEVELS if difficulty is None else HUMAN_LEVELS
    best = max((r for r in reached if isinstance(r, str)), key=names.index, default=None)
    goal = level or difficulty
    return GenerationError(
        f"no {goal or 'uniquely solvable'} puzzle on this patch {why}"
        + (f"; the grades reached were at most {best}" if best else "")
        + ("; try a larger size or another grade" if goal != "easy" else "")
    )


def _check_goal(puzzle: Puzzle, level: str | None, difficulty: str | None) -> None:
    if level is not None and level not in LEVELS:
        raise InputError(f"unknown solver grade {level!r}; choose from {', '.join(LEVELS)}")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise InputError(f"unknown difficulty {difficulty!r}; choose from {', '.join(DIFFICULTIES)}")
    if level is not None and difficulty is not None:
        raise InputError("ask for a solver grade or a difficulty, not both")
    if puzzle.geometry is None or any(f is None for f in puzzle.geometry.faces):
        raise GenerationError("generation needs a tiling: every cell must be a face with geometry")


def _reached(puzzle: Puzzle, difficulty: str | None) -> str | None:
    """The grade a full clue set reached (of the kind asked for)."""
    return grade(puzzle).level if difficulty is None else human_grade(puzzle, most=4).level


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
