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
>>> generate(p, seed=3).grade.human.level
'normal'
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .errors import GenerationError, InputError
from .grades import HUMAN_LEVELS
from .grading import LEVELS, Grade, grade
from .loops import random_loop
from .model import Answer, Puzzle
from .rules import LEVELS as LOOPY_LEVELS
from .rules import deduce
from .rules.derive import Derivation
from .rules.engine import Stopped
from .rules.grade import HumanGrade, human_grade, human_solves
from .solver import solve
from .stopping import StoppedError, check, reason, requested, stop_when

DIFFICULTIES = HUMAN_LEVELS[:5]
"""Grades for a person that generation can aim at (``search`` is not a goal)."""
DEFAULT_DIFFICULTY = "normal"
"""What generation aims at when asked for no grade: a person's Normal, as Loopy's default."""
TEST_BUDGET = 10_000
"""Conflicts one removal test may take unless ``minimal``: past it the clues stay. A
bound in conflicts, not seconds, so that the same seed still gives the same puzzle."""


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
PERSON_MORE = 4000
"""Loops a person's grade goes on to past :data:`PERSON_ATTEMPTS` when no number was
given and the loops keep coming out new (on a patch too small for the grade they
repeat): Loopy's loops again, with tendrils. Loopy's generator never gives up; on
Dodecagonal 9x9 Easy one of its loops in about 800 fits, and no loop without tendrils."""
REACHED_SAMPLE = 20
"""Failed loops whose full clue set is graded for the message (a grade costs ten loops)."""
PERSON_BUDGET = 10.0
"""Seconds a person's grade of a puzzle made for the solver's grade may take (trials
beyond Loopy's Hard can take long); past it the grade is ``search``, which the
puzzle needs at most."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its (unique) answer and grade, and how it was made.
    ``interrupted``: Ctrl-C stopped the clue removal early, ``timed_out``: the time
    limit did; the puzzle is still unique at its grade (perhaps not the grade asked
    for) but some clues could perhaps still be removed."""

    puzzle: Puzzle
    answer: Answer
    grade: Grade
    seed: int
    attempts: int
    tests: int
    seconds: float
    interrupted: bool = False
    timed_out: bool = False


class _OutOfTime(Exception):
    """The time limit of :func:`generate` ran out (it is looked at before each test)."""


Progress = Callable[[int, int, int, float], None]
"""``progress(removed, kept, untested, elapsed)`` after every test."""


class _Remover:
    """Removes clues from a full clue set while ``ok`` holds, in batches (see
    :func:`_remove_all`). For the solver's grade every test is a solve in one
    Session; for a person's, a derivation of the rules up to that level."""

    def __init__(self, puzzle: Puzzle, loop: Answer, level: str | None, progress: Progress | None,
                 budget: int | None = None, difficulty: str | None = None, deadline: float | None = None) -> None:
        self.full = full = puzzle.signature(loop)
        self.puzzle, self.loop, self.level = puzzle, loop, level
        self.most = None if difficulty is None else HUMAN_LEVELS.index(difficulty) + 1
        self.clues = dict(enumerate(full))
        self.kept: set[int] = set()
        self.tests = 0
        self.progress, self.budget, self.deadline = progress, budget, deadline
        self.start = time.perf_counter()
        self.untested = len(self.clues)
        self.anchor = -1
        self.derivation: Derivation | None = None
        if self.most is not None:
            levels = LOOPY_LEVELS[:self.most]
            if self.most <= len(LOOPY_LEVELS) and deduce(puzzle.with_clues(full), levels=levels).complete:
                self.derivation = Derivation(puzzle.with_clues(full), levels)  # (the quick test first: most fail)
            return
        # One clue stays, so that every answer touches its cell: the session's root
        # chain is that cell's corners (measured 50x faster proofs on 20x20 than the
        # chain of all vertices). Only the planted values are ever used: one external
        # per cell, not per value. No probing in the session: clasp would probe again
        # at every assumption (measured 30x slower).
        self.anchor = max(range(len(full)), key=lambda c: (full[c] / len(puzzle.cell_edges[c]), full[c]))
        self.blocked = level in (None, "hard")
        """Only uniqueness counts: the session forbids the planted loop, so that a test
        asks for any other answer at once (benchmarks/README.md: up to 37% less time)."""
        from .sessions import Session  # clingo: a person's levels never load it

        self.session = Session(puzzle, values=[[k] for k in full], pinned={self.anchor: full[self.anchor]},
                               fresh=level in ("easy", "medium"))
        if self.blocked:
            self.session.block(loop)

    def start_ok(self) -> bool:
        """Whether the full clue set is at most at the level asked for."""
        if self.most is not None and self.most <= len(LOOPY_LEVELS):
            return self.derivation is not None and self.derivation.complete
        return self.ok(self.clues)[0]

    def _tick(self) -> float | None:
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if left is not None and left < 0:
            raise _OutOfTime
        if requested():
            raise KeyboardInterrupt
        self.tests += 1
        return left

    def without(self, group: list[int]) -> tuple[bool, Answer | None]:
        """Remove the clues of ``group`` if the puzzle stays at its level; whether it
        did, and another answer when one was found (it shows which clues it breaks)."""
        if self.derivation is not None:
            self._tick()
            try:
                smaller = self.derivation.without(group)
            except Stopped:
                raise KeyboardInterrupt from None
            if smaller is None:
                return False, None
            self.derivation = smaller
        else:
            trial = {c: k for c, k in self.clues.items() if c not in group}
            good, other = self.ok(trial)
            if not good:
                return False, other
        for c in group:
            self.clues.pop(c, None)
        return True, None

    def ok(self, clues: dict[int, int]) -> tuple[bool, Answer | None]:
        """Whether ``clues`` still give exactly one answer, at most at the level, and an
        other answer if one was found. For a person's ``fiendish``: whether the rules
        and trials reach the answer."""
        left = self._tick()
        if self.most is not None:
            try:
                return human_solves(self.puzzle.with_clues(clues), self.most), None
            except Stopped:  # a stop request, never "this clue is needed"
                raise KeyboardInterrupt from None
        blocked = self.blocked  # the loop is blocked: any answer is another one
        r = self.session.solve(clues, models=1 if blocked else 2, conflicts=self.budget, statistics=not blocked,
                               time_limit=left)
        if r.interrupted:
            raise KeyboardInterrupt
        if r.timed_out:
            raise _OutOfTime
        other = next((a for a in r.answers if a != self.loop), None)
        if other is not None or not r.exhausted or blocked:
            return other is None and r.exhausted, other
        if r.statistics["choices"] == 0:
            return True, None  # unique, and propagation alone did it
        if self.level == "easy":
            return False, None
        probed = solve(self.puzzle.with_clues(clues), models=2, lookahead=True, statistics=True, simplify=False)
        if probed.interrupted:
            raise KeyboardInterrupt
        return probed.statistics["choices"] == 0, None

    def try_anchor(self) -> None:
        """Test the anchor clue too (with a fresh solve: the session needs it)."""
        if self.anchor < 0:
            return
        trial = {c: k for c, k in self.clues.items() if c != self.anchor}
        self.tests += 1
        g = grade(self.puzzle.with_clues(trial))
        if g.unique is None:  # stopped before it could tell: no sign that the clue must stay
            raise _OutOfTime if reason() == "time" else KeyboardInterrupt
        if g.unique and (self.level in (None, "hard") or LEVELS.index(g.level) <= LEVELS.index(self.level)):
            self.clues = trial

    def _report(self) -> None:
        if self.progress is not None:
            removed = len(self.full) - len(self.clues)
            self.progress(removed, len(self.kept), self.untested, time.perf_counter() - self.start)

    def remove(self, group: list[int], floor: int) -> None:
        """Remove as much of ``group`` as keeps the puzzle at its level, splitting
        failed groups down to ``floor`` cells (1: every clue is tested on its own).

        For a person's grade by the rules, a failed group whose first half all went
        fails without its first half too (the rules are monotone in the clues: the
        same clue set failed), so it is split again untested (the same puzzle, about
        7% fewer tests)."""
        known = False  # that the group fails
        while group:
            good, other = (False, None) if known else self.without(group)
            if good:
                self.untested -= len(group)
                self._report()
                return
            if len(group) <= floor:
                self.kept.update(group)
                self.untested -= len(group)
                self._report()
                return
            if other is not None:
                # The other answer breaks only clues of removed cells; when it breaks
                # exactly one cell of this group, that clue is needed: keep it, retry.
                sig = self.puzzle.signature(other)
                broken = [c for c in group if sig[c] != self.full[c]]
                if len(broken) == 1:
                    self.kept.add(broken[0])
                    self.untested -= 1
                    group = [c for c in group if c != broken[0]]
                    continue
            half, before = len(group) // 2, len(self.clues)
            self.remove(group[:half], floor)
            group = group[half:]
            known = self.derivation is not None and before - len(self.clues) == half

    def result(self) -> Puzzle:
        return self.puzzle.with_clues(self.clues)


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
) -> Generated:
    """A uniquely solvable puzzle on the faces of ``puzzle``, of a person's grade
    ``difficulty`` (one of :data:`DIFFICULTIES`; when no grade is asked for,
    :data:`DEFAULT_DIFFICULTY`, or ``easy`` on a patch too small for it) or of the
    solver's grade ``level``.

    The same puzzle and seed give the same result. For a person's grade, clues go
    while the rules up to that level solve the puzzle, and a puzzle that the rules
    of the level below also solve is thrown away for a new loop (Loopy's way). For
    the solver's grade, clues are removed in growing batches (halved when a batch
    fails, down to pairs); a test that needs more than :data:`TEST_BUDGET` conflicts
    keeps its clues; with ``minimal`` failed batches are split down to single clues
    and tests are unbounded, so that no single clue can be removed without losing
    uniqueness at the grade. A loop whose clues cannot reach the grade is replaced by
    another, up to ``attempts`` loops (for a person's grade, when not given,
    :data:`PERSON_ATTEMPTS`, and on to :data:`PERSON_MORE` while the loops are new);
    then :class:`GenerationError` names the hardest grade the first of them reached.
    Ctrl-C stops early and returns the puzzle so far (unique at its grade) with
    ``interrupted`` set; so does running out of ``time_limit``
    seconds, with ``timed_out`` set, or :class:`GenerationError` when no unique clue
    set was found by then. ``grade.human`` is the puzzle's grade for a person
    (``fiendish`` and ``search`` included), left out with ``person=False``. With
    ``partial=False`` a stop (Ctrl-C, the time limit) raises :class:`StoppedError`
    instead of giving back the puzzle so far (a collection keeps finished puzzles only).
    """
    if level is None and difficulty is None:  # a person's Normal; on a patch too small for one, Easy
        try:
            return generate(puzzle, seed=seed, difficulty=DEFAULT_DIFFICULTY, minimal=minimal,
                            attempts=attempts or FALLBACK_AFTER, progress=progress, person=person,
                            time_limit=time_limit, partial=partial)
        except GenerationError:
            if time_limit is not None:
                raise
            difficulty = HUMAN_LEVELS[0]
    _check_goal(puzzle, level, difficulty)
    start = time.perf_counter()
    rng = random.Random(seed)
    reached: list[str | None] = []
    tests, deadline = 0, None if time_limit is None else start + time_limit
    more = attempts is None and difficulty is not None
    if attempts is None:
        attempts = PERSON_ATTEMPTS if difficulty is not None else SOLVER_ATTEMPTS
    seen: set[int] = set()  # the loops' hashes, past the first attempts
    tried = 0
    for attempt in range(1, (PERSON_MORE if more else attempts) + 1):
        check()  # stopped before a puzzle was found: nothing to give back
        if attempt > attempts and len(seen) < attempts // 2:
            break  # the loops repeat: a small patch, whose loops were all tried
        # Loops as Loopy's first; where those keep failing (Compass-Dodecagonal 10x10: none of
        # 2,000 gave clues the rules solve at Easy), loops without tendrils, less curly; then
        # Loopy's again (PERSON_MORE)
        loop = random_loop(puzzle, seed=rng.randrange(2**32), tendrils=attempt <= PLAIN_AFTER or attempt > attempts)
        tried = attempt
        if more:
            seen.add(hash(loop))
        remover = _Remover(puzzle, loop, level, progress, None if minimal else TEST_BUDGET, difficulty, deadline)
        order = [c for c in remover.clues if c != remover.anchor]
        rng.shuffle(order)
        stop = _removed(remover, order, minimal, difficulty)
        tests += remover.tests
        if stop is None:
            if len(reached) < REACHED_SAMPLE:
                reached.append(_reached(puzzle.with_clues(remover.full), difficulty))
            continue
        interrupted, timed_out = stop == "interrupt", stop == "time"
        if (interrupted or timed_out) and not partial:
            raise StoppedError("interrupt" if interrupted else "time")
        with stop_when(lambda: False):  # what the removal kept is graded whatever Ctrl-C says (a deadline holds)
            kept = _keep(remover.result(), level, difficulty, interrupted or timed_out, person, reached)
        if kept is None:
            continue
        if timed_out and not kept.unique:  # out of time before the full clue set was tested
            break
        return Generated(remover.result(), loop, kept, seed, attempt, tests, time.perf_counter() - start,
                         interrupted, timed_out)
    if reason() == "interrupt":  # stopped while the last loop was tested: that is no failure
        raise StoppedError("interrupt")
    late = deadline is not None and time.perf_counter() > deadline
    raise _failed(level, difficulty, reached, "within the time limit" if late else f"after {tried} loops")


def _removed(remover: _Remover, order: list[int], minimal: bool, difficulty: str | None) -> str | None:
    """Remove the clues a loop's puzzle can spare: ``""`` when done, ``"interrupt"`` or
    ``"time"`` when stopped early, None when its full clue set misses the grade."""
    try:
        if not remover.start_ok():
            return None
        _remove_all(remover, order, floor=1 if minimal or difficulty is not None else 2)
        if minimal:
            remover.try_anchor()
    except KeyboardInterrupt:
        return "interrupt"
    except _OutOfTime:
        return "time"
    return ""


def _keep(result: Puzzle, level: str | None, difficulty: str | None, stopped: bool, person: bool,
          reached: list[str | None]) -> Grade | None:
    """The grade of a finished clue removal, or None when the puzzle misses the grade
    asked for (too easy for a person's, another solver's grade; noted in ``reached``).
    A removal stopped early is kept as it is."""
    if difficulty is not None and not stopped and _too_easy(result, difficulty):
        reached.append(HUMAN_LEVELS[HUMAN_LEVELS.index(difficulty) - 1])
        return None
    g = grade(result)
    if level is not None and not stopped and g.level != level:
        reached.append(g.level)
        return None
    if person and g.unique:
        g = replace(g, human=_person_grade(result, None if stopped else difficulty))
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


def _person_grade(puzzle: Puzzle, known: str | None) -> HumanGrade | None:
    """A person's grade: the level the puzzle was made at (its score worked out), or
    worked out within :data:`PERSON_BUDGET` (``search`` past it; a request to stop is
    not looked at, but a time limit that has run out leaves the puzzle ungraded)."""
    with stop_when(lambda: False):
        g = human_grade(puzzle, deadline=time.perf_counter() + PERSON_BUDGET)
    if g.level is None:
        return None if requested() else HumanGrade("search", 6.0, g.steps, False)
    assert known is None or g.level == known, (g.level, known)
    return g


def _failed(level: str | None, difficulty: str | None, reached: list[str | None], why: str) -> GenerationError:
    """Why no puzzle was found: ``why`` (after how many loops, or the time limit), and
    the hardest grade the loops reached."""
    names = LEVELS if difficulty is None else HUMAN_LEVELS
    best = max((r for r in reached if r is not None), key=names.index, default=None)
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


def _remove_all(remover: _Remover, order: Sequence[int], floor: int) -> None:
    """Walk the cells in ``order`` in batches that double after a success and halve
    after a failure. The cyclic garbage collector is off meanwhile: the tests make
    millions of lists and tuples and no cycle (square 30x30 hard: 13% less time)."""
    batch, i = 8, 0
    collecting = gc.isenabled()
    gc.disable()
    try:
        while i < len(order):
            group = list(order[i : i + batch])
            before = len(remover.clues)
            remover.remove(group, floor)
            i += len(group)
            removed_all = before - len(remover.clues) == len(group)
            batch = min(batch * 2, 256) if removed_all else max(1, batch // 2)
    finally:
        if collecting:
            gc.enable()
