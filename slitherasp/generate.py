"""Puzzle generation and difficulty grades, on any tiling (a census: :mod:`.census`).

A random loop is the boundary of a random region of faces grown one face at a time
while it stays a topological disc, so its boundary is always one simple cycle. The
loop's clues are then removed, in a random order, while the puzzle keeps exactly one
answer at the requested grade. Every test runs in one grounded :class:`Session`
(clues are external atoms switched by assumptions), never re-grounding.

Grades say what the solver needs to prove the answer *and* its uniqueness, with the
default encoding and no learnt knowledge:

``easy``
    propagation alone: no decision, no probing;
``medium``
    failed-literal probing at the root (clasp's lookahead on atoms, once: assume a
    literal, propagate, keep the opposite if that fails, to a fixpoint), still no
    decision;
``hard``
    decisions (search) even with probing.

Each property is monotone (fewer clues never make a puzzle easier), so one pass over
the clues gives a puzzle in which no single clue can be removed without losing the
grade or uniqueness.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 6, 6)
>>> loop = random_loop(p, seed=3)
>>> from slitherasp.validate import is_solution
>>> is_solution(p, loop)
True
>>> g = generate(p, seed=3, level="easy")
>>> g.grade.level, g.grade.unique, is_solution(g.puzzle, g.answer)
('easy', True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .errors import GenerationError, InputError
from .explain.grade import HumanGrade, human_grade
from .grades import HUMAN_LEVELS, SOLVER_LEVELS
from .model import Answer, Puzzle
from .sessions import Session
from .simplify import propagate
from .solver import solve
from .stopping import requested
from .topology import face_neighbours, joins_as_disc

LEVELS = SOLVER_LEVELS
"""Difficulty grades for the solver, easiest first."""
DIFFICULTIES = HUMAN_LEVELS[:5]
"""Grades for a person that generation can aim at (``search`` is not a goal)."""
TEST_BUDGET = 10_000
"""Conflicts one removal test may take unless ``minimal``: past it the clues stay. A
bound in conflicts, not seconds, so that the same seed still gives the same puzzle."""


# --------------------------------------------------------------------------- random loops
def random_region(puzzle: Puzzle, seed: int | None = None, fill: float = 0.5) -> set[int]:
    """A random simply connected set of faces covering about ``fill`` of the patch."""
    if puzzle.geometry is None or any(f is None for f in puzzle.geometry.faces):
        raise InputError("random loops need a puzzle whose cells are faces (a tiling)")
    rng = random.Random(seed)
    nbrs = face_neighbours(puzzle)
    start = rng.randrange(len(puzzle.cells))
    region = {start}
    region_vertices: dict[int, int] = {}

    def add_vertices(face: int) -> None:
        for v in puzzle.geometry.faces[face]:  # type: ignore[union-attr]
            region_vertices[v] = region_vertices.get(v, 0) + 1

    add_vertices(start)
    frontier = list(nbrs[start])
    in_frontier = set(frontier)
    target = max(1, round(fill * len(puzzle.cells)))
    stale = 0
    while len(region) < target and frontier and stale < 4 * len(frontier) + 8:
        i = rng.randrange(len(frontier))
        face = frontier[i]
        if joins_as_disc(puzzle, face, region, region_vertices):
            frontier[i] = frontier[-1]
            frontier.pop()
            region.add(face)
            add_vertices(face)
            for n in nbrs[face]:
                if n not in region and n not in in_frontier:
                    in_frontier.add(n)
                    frontier.append(n)
            stale = 0
        else:
            stale += 1
    return region


def region_boundary(puzzle: Puzzle, region: set[int]) -> Answer:
    """The edges with exactly one side in ``region``: the loop around it."""
    return frozenset(
        e for e, cs in enumerate(puzzle.edge_cells) if sum(c in region for c in cs) == 1
    )


def random_loop(puzzle: Puzzle, seed: int | None = None, fill: float = 0.5) -> Answer:
    """A random simple loop on a tiling: the boundary of a random disc of faces."""
    return region_boundary(puzzle, random_region(puzzle, seed, fill))


def planted(puzzle: Puzzle, seed: int | None = None, fill: float = 0.5) -> tuple[Puzzle, Answer]:
    """The puzzle with every clue of a random loop, and that loop."""
    loop = random_loop(puzzle, seed, fill)
    return puzzle.with_clues(puzzle.signature(loop)), loop


# --------------------------------------------------------------------------- grades
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
    """How hard it is for a person (:func:`slitherasp.explain.human_grade`), when
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
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    probed = solve(puzzle, models=2, lookahead=True, statistics=True, time_limit=time_limit, simplify=False)
    s = probed.statistics
    if probed.timed_out or probed.interrupted:
        return Grade(None, None, s.get("choices", 0), s.get("conflicts", 0), len(probed.answers))
    if len(probed.answers) != 1:
        return Grade(None, False, s["choices"], s["conflicts"], len(probed.answers))
    person = human_grade(puzzle, deadline=deadline) if human else None
    if s["choices"]:
        return Grade("hard", True, s["choices"], s["conflicts"], 1, person)
    # Propagation alone never conflicts before the end, so a few conflicts tell.
    plain = solve(puzzle, models=2, lookahead=False, statistics=True, conflicts=8, simplify=False)
    if plain.exhausted and plain.statistics["choices"] == 0:
        return Grade("easy", True, 0, plain.statistics["conflicts"], 1, person)
    return Grade("medium", True, 0, s["conflicts"], 1, person)


# --------------------------------------------------------------------------- generation
PERSON_MOST = 4
"""``generate`` grades for a person up to ``hard``: trials beyond took minutes; :func:`grade` does them."""

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
    """Removes clues from a full clue set while ``ok`` holds (one Session, many solves)."""

    def __init__(self, puzzle: Puzzle, loop: Answer, level: str | None, progress: Progress | None,
                 budget: int | None = None, difficulty: str | None = None, deadline: float | None = None) -> None:
        self.full = full = puzzle.signature(loop)
        # One clue stays, so that every answer touches its cell: the session's root
        # chain is that cell's corners (measured 50x faster proofs on 20x20 than the
        # chain of all vertices). Only the planted values are ever used: one external
        # per cell, not per value. No probing in the session: clasp would probe again
        # at every assumption (measured 30x slower).
        self.anchor = max(range(len(full)), key=lambda c: (full[c] / len(puzzle.cell_edges[c]), full[c]))
        self.blocked = level in (None, "hard")
        """Only uniqueness counts: the session forbids the planted loop, so that a test
        asks for any other answer at once (benchmarks/README.md: up to 37% less time)."""
        if difficulty is not None:  # no solver: every clue may go
            self.anchor = -1
        else:
            self.session = Session(puzzle, values=[[k] for k in full], pinned={self.anchor: full[self.anchor]},
                                   fresh=level in ("easy", "medium"))
            if self.blocked:
                self.session.block(loop)
        self.puzzle = puzzle
        self.loop = loop
        self.level = level
        self.clues = dict(enumerate(self.full))
        self.kept: set[int] = set()
        self.tests = 0
        self.progress = progress
        self.start = time.perf_counter()
        self.untested = len(self.clues)
        self.budget = budget
        self.most = None if difficulty is None else HUMAN_LEVELS.index(difficulty) + 1
        self.deadline = deadline

    def ok(self, clues: dict[int, int]) -> tuple[bool, Answer | None]:
        """Whether ``clues`` still give exactly one answer, at most at the level, and an
        other answer if one was found (it shows which removed clues it breaks). For a
        person's difficulty: whether the rules up to it reach the (then unique) answer."""
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if left is not None and left < 0:
            raise _OutOfTime
        if requested():
            raise KeyboardInterrupt
        self.tests += 1
        if self.most is not None:
            trial = self.puzzle.with_clues(clues)
            if self.most <= 4:  # no trials: the rules of simplify reach nearly always as
                # far as a person's, at a fraction of the cost; where they stop short, the
                # clue stays (benchmarks/README.md: 2.5x faster, puzzles rarely differ)
                state = propagate(trial, faces=trial.is_disc)
                if state is None or None in state:
                    return False, None
            return human_grade(trial, most=self.most).solved, None
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
        trial = {c: k for c, k in self.clues.items() if c != self.anchor}
        self.tests += 1
        if self.most is not None:
            return
        g = grade(self.puzzle.with_clues(trial))
        if g.unique and (self.level in (None, "hard") or LEVELS.index(g.level) <= LEVELS.index(self.level)):
            self.clues = trial

    def _report(self) -> None:
        if self.progress is not None:
            removed = len(self.full) - len(self.clues)
            self.progress(removed, len(self.kept), self.untested, time.perf_counter() - self.start)

    def remove(self, group: list[int], floor: int) -> None:
        """Remove as much of ``group`` as keeps the puzzle at its level, splitting
        failed groups down to ``floor`` cells (1: every clue is tested on its own)."""
        while group:
            trial = {c: k for c, k in self.clues.items() if c not in group}
            good, other = self.ok(trial)
            if good:
                self.clues = trial
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
            half = len(group) // 2
            self.remove(group[:half], floor)
            group = group[half:]


def generate(
    puzzle: Puzzle,
    *,
    seed: int = 0,
    level: str | None = None,
    difficulty: str | None = None,
    minimal: bool = False,
    fill: float = 0.5,
    attempts: int = 20,
    progress: Progress | None = None,
    person: bool = True,
    time_limit: float | None = None,
) -> Generated:
    """A uniquely solvable puzzle on the faces of ``puzzle``, of the solver's grade
    ``level`` or of a person's grade ``difficulty`` (one of :data:`DIFFICULTIES`;
    neither: whatever grade the clue removal ends at).

    The same puzzle and seed give the same result. Clues are removed in growing
    batches (halved when a batch fails, down to pairs); a test that needs more than
    :data:`TEST_BUDGET` conflicts keeps its clues. With ``minimal`` failed batches
    are split down to single clues and tests are unbounded, so that no single clue
    can be removed without losing uniqueness at the grade. A loop whose clues cannot reach the grade is
    replaced by another, up to ``attempts`` loops; then :class:`GenerationError`
    names the hardest grade that was reached. Ctrl-C stops early and returns the
    puzzle so far (unique at its grade) with ``interrupted`` set; so does running out
    of ``time_limit`` seconds, with ``timed_out`` set (the puzzle's grade, computed
    then, takes a little longer), or with :class:`GenerationError` when no unique
    clue set was found by then.

    For a ``difficulty`` a clue goes when the rules of a person up to that level
    (:func:`slitherasp.explain.human_grade`) still reach the answer, and a puzzle
    is kept when its hardest step is of that level: as Loopy makes its puzzles.
    ``grade.human`` is a person's grade up to ``hard`` (:data:`PERSON_MOST`; None beyond),
    left out with ``person=False``.
    """
    _check_goal(puzzle, level, difficulty)
    start = time.perf_counter()
    rng = random.Random(seed)
    reached: list[str | None] = []
    tests, deadline = 0, None if time_limit is None else start + time_limit
    for attempt in range(1, attempts + 1):
        loop = random_loop(puzzle, seed=rng.randrange(2**32), fill=fill)
        remover = _Remover(puzzle, loop, level, progress, None if minimal else TEST_BUDGET, difficulty, deadline)
        interrupted = timed_out = False
        try:
            full_ok, _ = remover.ok(remover.clues)
            if not full_ok:
                reached.append(_reached(puzzle.with_clues(remover.full), difficulty))
                tests += remover.tests
                continue
            order = [c for c in remover.clues if c != remover.anchor]
            rng.shuffle(order)
            _remove_all(remover, order, floor=1 if minimal else 2)
            if minimal:
                remover.try_anchor()
        except KeyboardInterrupt:
            interrupted = True
        except _OutOfTime:
            timed_out = True
        tests += remover.tests
        result = puzzle.with_clues(remover.clues)
        g = grade(result, human=difficulty is not None)
        if timed_out and not g.unique:  # out of time before the full clue set was tested
            break
        got = g.level if difficulty is None else (g.human.level if g.human else None)
        if interrupted or timed_out or (g.unique and (got == (level or difficulty) or level is None is difficulty)):
            if person and g.human is None and g.unique and not timed_out:
                g = replace(g, human=human_grade(result, most=PERSON_MOST))
            return Generated(result, loop, g, seed, attempt, tests, time.perf_counter() - start, interrupted,
                             timed_out)
        reached.append(got)
    late = deadline is not None and time.perf_counter() > deadline
    raise _failed(level, difficulty, reached, f"within the time limit of {time_limit:g} s" if late
                  else f"after {attempts} loops")


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
    return grade(puzzle).level if difficulty is None else human_grade(puzzle).level


def _remove_all(remover: _Remover, order: Sequence[int], floor: int) -> None:
    """Walk the cells in ``order`` in batches that double after a success and halve
    after a failure."""
    batch, i = 8, 0
    while i < len(order):
        group = list(order[i : i + batch])
        before = len(remover.clues)
        remover.remove(group, floor)
        i += len(group)
        removed_all = before - len(remover.clues) == len(group)
        batch = min(batch * 2, 256) if removed_all else max(1, batch // 2)
