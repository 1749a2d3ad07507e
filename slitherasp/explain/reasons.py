"""Minimal reasons, found by the rules themselves: a step's reason starts as every
clue and settled edge its premises stand for (:meth:`slitherasp.rules.why.Why.expand`)
and loses facts while the rules of the step's level, given only what is left, still
find the step. Facts far from the step go first, in halves while a whole half can go
(long chains of lines cost a few tries, not one per line). What is left is minimal
for those rules: without any one of its facts they no longer find the step.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 2, 1).with_clues([3, 3])
>>> shrink(p, 4, {0, 1}, {}, [(3, True)], loop=False)   # two corners of two edges: the 3 alone
({0}, {})
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..model import Puzzle
from ..rules import ALL, BEYOND, LEVELS, Contradiction, Rules
from ..rules.grade import FIENDISH

__all__ = ["forces", "refutes", "shrink"]

Target = tuple[int, bool]


def _board(puzzle: Puzzle, level: int, clues: Collection[int], known: Mapping[int, bool], loop: bool) -> Rules:
    """A board of the rules up to ``level`` with only these clues and edges."""
    p = puzzle.with_clues({c: puzzle.clues[c] for c in clues})
    board = Rules(p, ALL if level >= BEYOND else LEVELS[:level])
    board.use_loop = loop
    for e, line in known.items():
        board.set(e, line)
    return board


def forces(puzzle: Puzzle, level: int, clues: Collection[int], known: Mapping[int, bool],
           targets: Sequence[Target], loop: bool) -> bool:
    """Whether the rules up to ``level``, from these clues and edges alone, settle every
    target as it says."""
    try:
        board = _board(puzzle, level, clues, known, loop)
        board.run()
    except Contradiction:
        return False  # (facts of one answer never contradict: a shrinking went wrong)
    return all(board.state[e] == line for e, line in targets)


def refutes(puzzle: Puzzle, clues: Collection[int], known: Mapping[int, bool], trial: Target) -> bool:
    """Whether every rule (the loop rule too), from these facts and ``trial``, breaks."""
    try:
        board = _board(puzzle, FIENDISH, clues, {**known, trial[0]: trial[1]}, True)
        board.run()
    except Contradiction:
        return True
    return False


def shrink(puzzle: Puzzle, level: int, clues: Collection[int], known: Mapping[int, bool],
           targets: Sequence[Target], *, loop: bool, trial: Target | None = None,
           keep: Collection[int] = ()) -> tuple[set[int], dict[int, bool]]:
    """A minimal part of the clues and edges from which the rules up to ``level``
    still find the targets (or, for a ``trial``, still break). The edges of ``keep``
    are not tried (a chain of lines whose two ends a loop rule joins: each is needed,
    and a long chain would cost a try per line)."""
    fixed = {("e", e) for e in keep if e in known}
    facts = [("c", c) for c in clues] + [("e", e) for e in known if ("e", e) not in fixed]
    near = {v for c in clues for e in puzzle.cell_edges[c] for v in puzzle.edges[e]}
    far = distances(puzzle, [e for e, _ in targets], near | {v for e in known for v in puzzle.edges[e]})
    facts.sort(key=lambda f: (-_distance(puzzle, far, f), f))
    kept = set(facts) | fixed

    def holds(rest: set[tuple[str, int]]) -> bool:
        cs = {x for kind, x in rest if kind == "c"}
        es = {x: known[x] for kind, x in rest if kind == "e"}
        if trial is not None:
            return refutes(puzzle, cs, es, trial)
        return forces(puzzle, level, cs, es, targets, loop)

    def drop(part: list[tuple[str, int]]) -> None:
        nonlocal kept
        if not part:
            return
        if holds(kept - set(part)):
            kept -= set(part)
        elif len(part) > 1:
            half = len(part) // 2
            drop(part[:half])
            drop(part[half:])

    if len(facts) <= 6:
        for f in facts:
            drop([f])
    else:
        drop(facts)
    return {x for kind, x in kept if kind == "c"}, {x: known[x] for kind, x in kept if kind == "e"}


def distances(puzzle: Puzzle, edges: Sequence[int], wanted: Collection[int] = ()) -> list[int]:
    """Steps from the ends of ``edges`` to every vertex, or to the ``wanted`` ones
    (breadth first; -1 where it did not go)."""
    far = [-1] * len(puzzle.vertices)
    frontier = sorted({v for e in edges for v in puzzle.edges[e]})
    for v in frontier:
        far[v] = 0
    left = set(wanted) - set(frontier)
    while frontier and (left or not wanted):
        nxt = []
        for v in frontier:
            for e in puzzle.incidence[v]:
                for w in puzzle.edges[e]:
                    if far[w] < 0:
                        far[w] = far[v] + 1
                        nxt.append(w)
                        left.discard(w)
        frontier = nxt
    return far


def _distance(puzzle: Puzzle, far: list[int], fact: tuple[str, int]) -> int:
    kind, x = fact
    edges = puzzle.cell_edges[x] if kind == "c" else (x,)
    return min(max(far[v], 0) for e in edges for v in puzzle.edges[e])
