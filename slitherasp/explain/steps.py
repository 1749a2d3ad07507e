"""Explanations as steps: every deduction from the bare puzzle to the answer, each with
a minimal reason, easiest first (:func:`explain`, :class:`Step`, :class:`Explanation`),
and their JSON objects. The package's front page says how the steps are found.

>>> from slitherasp.formats import read_text
>>> e = explain(read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>"))
>>> e.complete, e.grade
(True, 'easy')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..model import Puzzle
from ..model.levels import HUMAN_LEVELS
from ..model.stopping import StoppedError, check, reason, requested
from ..rules import ALL, BEYOND, EASY, HARD, LEVELS, NORMAL, TRICKY, Contradiction, Rules, Stopped
from ..rules.grade import FIENDISH, SEARCH, human_grade, trial
from ..rules.why import Event, Why
from .reasons import shrink

COUNTING, DEGREE, LOOP, PARITY = "clue counting", "vertex degree", "loop closure", "inside/outside parity"
RULES = {"cell": (COUNTING,), "one cross": (COUNTING, DEGREE), "vertex": (DEGREE,), "closure": (COUNTING, LOOP),
         "corner": (COUNTING, DEGREE), "corners": (COUNTING, DEGREE), "alike": (COUNTING, DEGREE),
         "parity": (COUNTING, DEGREE, PARITY), "lone": (LOOP,), "trial": (COUNTING, DEGREE, PARITY, LOOP),
         "search": (COUNTING, DEGREE, PARITY, LOOP)}
"""The rules a step of each kind names (trimmed to those its reason uses)."""


@dataclass(frozen=True)
class Step:
    """One deduction: the edges it settles (``(edge, line?)``), its minimal reason
    (clue cells, settled lines, settled crosses), the rules that reason needs, the
    level it was found at (1 easy ... 6 search) and the rule that found it."""

    settles: tuple[tuple[int, bool], ...]
    clues: tuple[int, ...]
    links: tuple[int, ...]
    non_links: tuple[int, ...]
    rules: tuple[str, ...]
    level: int
    rule: str
    minimal: bool = True
    """Whether no fact of the reason can be left out (for the rules of its level)."""
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
    edges: tuple[int, ...] = ()
    """The edges that need each level (easy ... fiendish), as the grade counts them:
    the grade and score are :func:`human_grade`'s, the one grade of a person."""

    def lines(self) -> frozenset[int]:
        """The edges the steps settle as lines (the answer, when complete)."""
        return frozenset(e for s in self.steps for e, line in s.settles if line)

    def _repr_svg_(self) -> str:
        """Jupyter draws the lines the steps reach."""
        from ..render import svg

        return svg(self.puzzle, sorted(self.lines()), title=f"{len(self.steps)} steps, {self.grade}")


class _Stop(Exception):
    """Why the steps stopped early (its text is the explanation's note)."""


def _stopped() -> _Stop:
    """The note of work stopped from outside: by the time limit, or on request."""
    return _Stop("stopped by the time limit" if reason() == "time" else "stopped: the one who asked went away")


def explain(puzzle: Puzzle, *, max_steps: int | None = None, time_limit: float | None = None,
            known: Iterable[tuple[int, bool]] = (), on_step: Callable[[Step], None] | None = None) -> Explanation:
    """Explain a puzzle step by step (from the ``known`` edges on, if given);
    ``on_step`` is called with each step as soon as it is found."""
    start = time.perf_counter()
    found: list[Step] = []
    note = ""
    deadline = None if time_limit is None else start + time_limit
    known = list(known)
    walk = steps(puzzle, known=known, deadline=deadline)
    try:
        for step in walk:
            found.append(step)
            if on_step is not None:
                on_step(step)
            if max_steps is not None and len(found) >= max_steps:
                walk.close()
                note = f"stopped after {max_steps} steps"
                break
    except _Stop as stop:
        note = str(stop)
    settled = {e for e, _ in known} | {e for s in found for e, _ in s.settles}
    complete = len(settled) == len(puzzle.edges) and not note.startswith("no ")
    person = human_grade(puzzle, known=known, deadline=deadline) if complete and not note else None
    return Explanation(puzzle, tuple(found), complete, person.level if person else None,
                       person.score if person and person.level else 0.0, time.perf_counter() - start, note,
                       person.steps if person and person.level else ())


def steps(puzzle: Puzzle, *, known: Iterable[tuple[int, bool]] = (), deadline: float | None = None) -> Iterator[Step]:
    """The steps one by one, as they are found (raises :class:`_Stop` with the reason
    when they cannot go on: no step forces another edge, the deadline, a stop
    request). Loopy's levels first; stuck, the rules beyond and trials; stuck again,
    the whole puzzle."""
    state: dict[int, bool] = dict(known)
    for levels in (LEVELS, ALL):
        yield from _run(puzzle, levels, state, deadline)
        if len(state) == len(puzzle.edges):
            return
    while len(state) < len(puzzle.edges):
        board = _seeded(puzzle, ALL, state, deadline)
        try:
            found = trial(board)
        except Stopped:
            raise _stopped() from None
        except Contradiction:
            raise _Stop("no answer fits the clues and the edges given") from None
        try:
            step = _search(puzzle, state) if found is None else _trial_step(puzzle, state, found)
        except Stopped:
            raise _stopped() from None
        yield step
        yield from _run(puzzle, ALL, state, deadline)


def _seeded(puzzle: Puzzle, levels: tuple[int, ...], state: dict[int, bool], deadline: float | None) -> Rules:
    board = Rules(puzzle, levels)
    board.deadline = deadline
    for e, line in state.items():
        board.set(e, line)
    return board


def _run(puzzle: Puzzle, levels: tuple[int, ...], state: dict[int, bool], deadline: float | None) -> Iterator[Step]:
    """The steps of one cascade from ``state`` (which they extend)."""
    why = Why()
    stop = None
    try:
        board = _seeded(puzzle, levels, state, deadline)
    except Contradiction:
        raise _Stop("no answer fits the clues and the edges given") from None
    try:
        board.why = why
        why.attach(board)
        board.run()
    except Contradiction:  # the steps up to it are shown, then why they end
        why.flush()
        stop = _Stop("no answer fits the clues and the edges given")
    except Stopped:
        raise _stopped() from None
    yield from _steps_of(puzzle, board, why, state, deadline)
    if stop is not None:
        raise stop


def _steps_of(puzzle: Puzzle, board: Rules, why: Why, state: dict[int, bool],
              deadline: float | None) -> Iterator[Step]:
    for event in why.steps:
        if deadline is not None and time.perf_counter() > deadline:
            raise _Stop("stopped by the time limit")
        if requested():
            raise _stopped()
        try:
            step = _step(puzzle, board, why, event)
        except Stopped:  # inside the shrinking of a reason: the steps so far stand
            raise _stopped() from None
        state.update(event.settles)
        yield step


def _kind(board: Rules, event: Event) -> str:
    """The rule an event came from."""
    level, place = event.level, event.place
    if place < 0:
        return "closure" if level == EASY else ("parity" if any(p >= board.m for p in event.premises) else "lone")
    if level == EASY:
        return ("cell" if len(event.premises) < 2 or event.premises[1] < 0 or not _has_vertex_line(board, event)
                else "one cross") if place < board.cells else "vertex"
    return {NORMAL: "corner", TRICKY: "corners", HARD: "alike"}.get(level, "parity")


def _has_vertex_line(board: Rules, event: Event) -> bool:
    cell = event.place
    return any(e not in board.p.cell_edges[cell] for e in event.premises if 0 <= e < board.m)


def _step(puzzle: Puzzle, board: Rules, why: Why, event: Event) -> Step:
    """An event with its premises turned into a minimal reason."""
    clues, edges, level = why.expand(event.premises, event.clock)
    level = max(level, event.level)
    kind = _kind(board, event)
    loop = LOOP in RULES[kind]
    settled = {e: bool(board.state[e]) for e in edges}
    targets = list(event.settles)
    chain = [e for e in event.premises if 0 <= e < board.m and board.state[e]] if kind == "closure" else []
    if len(chain) <= LONG_CHAIN:
        chain = []
    kept_clues, kept = shrink(puzzle, min(level, BEYOND), clues, settled, targets, loop=loop, keep=chain)
    return _make(puzzle, event.settles, kept_clues, kept, level, kind, minimal=not chain)


LONG_CHAIN = 16
"""A loop step's chain of more lines than this keeps them all in its reason (nearly all
are needed, and trying each costs a run of the rules): its reason is then not proved
minimal."""


def _make(puzzle: Puzzle, settles, clues, edges, level: int, kind: str, minimal: bool = True) -> Step:  # type: ignore[no-untyped-def]
    names = tuple(n for n in RULES[kind] if n != COUNTING or clues)
    return Step(tuple(settles), tuple(sorted(clues)), tuple(sorted(e for e, v in edges.items() if v)),
                tuple(sorted(e for e, v in edges.items() if not v)), names or RULES[kind][:1], level, kind, minimal,
                puzzle)


def _text_search(puzzle: Puzzle, state: dict[int, bool]) -> Step:
    """:func:`_search` where clingo runs on programs as text (the browser): an edge that
    two answers agree on, tried in its other state; its reason is every clue and
    settled edge, not shrunk (not proved minimal)."""
    from ..solver.sessions import Session

    session = Session(puzzle)
    clues = {c: k for c, k in enumerate(puzzle.clues) if k is not None}
    found = session.solve(clues, models=2, known=state, statistics=False)
    if not found.answers:
        raise _Stop("no answer fits the clues and the edges given")
    first = found.answers[0]
    for e in range(len(puzzle.edges)):
        line = e in first
        if e in state or any((e in a) != line for a in found.answers):
            continue
        try:
            check()
        except StoppedError:
            raise _stopped() from None
        if session.solve(clues, known={**state, e: not line}, statistics=False).status == "UNSATISFIABLE":
            kept = dict(state)
            state[e] = line
            return _make(puzzle, ((e, line),), set(clues), kept, SEARCH, "search", minimal=False)
    raise _Stop("no step forces another edge: the puzzle has more than one answer")


def _trial_step(puzzle: Puzzle, state: dict[int, bool], found: tuple[int, bool]) -> Step:
    """A trial: the other state of an edge breaks every rule; the reason shrunk from
    every clue and settled edge."""
    e, line = found
    clues = {c for c, k in enumerate(puzzle.clues) if k is not None}
    kept_clues, kept = shrink(puzzle, FIENDISH, clues, dict(state), [found], loop=True, trial=(e, not line))
    state[e] = line
    return _make(puzzle, ((e, line),), kept_clues, kept, FIENDISH, "trial")


def _search(puzzle: Puzzle, state: dict[int, bool]) -> Step:
    """The whole puzzle forces an edge that no bounded rule reaches (clingo)."""
    from ..solver import engines

    if not engines.in_process():
        return _text_search(puzzle, state)
    from .oracle import Oracle

    oracle = Oracle(puzzle)
    clues = {c for c, k in enumerate(puzzle.clues) if k is not None}
    for e in range(len(puzzle.edges)):
        if e in state:
            continue
        try:
            check()  # thousands of solver calls on a big board with few clues
        except StoppedError:
            raise _stopped() from None
        for line in (True, False):
            if oracle.forces(clues, state, ("loop", "parity"), [(e, line)]):
                kept_clues, kept, minimal = oracle.minimal(clues, dict(state), ("loop", "parity"), [(e, line)])
                state[e] = line
                return _make(puzzle, ((e, line),), kept_clues, kept, SEARCH, "search", minimal)
    raise _Stop("no step forces another edge: the puzzle has more than one answer")


def edge_pairs(puzzle: Puzzle, edges: Any) -> list[list[str]]:
    return [list(puzzle.edge_names(e)) for e in sorted(edges)]


def step_json(step: Step, puzzle: Puzzle) -> dict[str, Any]:
    """One explanation step: what it settles and its reason (edges in the input's
    orientation, cells by name), with the level and rule that found it."""
    return {
        "settles": {"links": edge_pairs(puzzle, (e for e, line in step.settles if line)),
                    "non_links": edge_pairs(puzzle, (e for e, line in step.settles if not line))},
        "reason": {"clues": [puzzle.cells[c] for c in step.clues], "links": edge_pairs(puzzle, step.links),
                   "non_links": edge_pairs(puzzle, step.non_links), "rules": list(step.rules)},
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
