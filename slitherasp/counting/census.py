"""How many puzzles a small patch has: its loops, and the clue placements that only
one of them fits (``slitherasp census``), by two independent methods.

``frontier`` (:mod:`slitherasp.counting.placements`) never lists a loop or a placement: it
sweeps the edges once, carrying sets of frontier states, and reaches a 5x4 square.
``enumerate`` lists the loops with the solver and splits them into classes by their
clues, cell by cell; it shares no code with the other (it needs clingo and numpy)
and is the check of the first up to 16 cells or so (a 4x4 square in seconds; a 5x4's
more than 6e10 class members would take some twenty minutes).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError
from ..model.stopping import StoppedError, check, reason

__all__ = ["METHODS", "Census", "census", "census_json"]

METHODS = ("frontier", "enumerate")


@dataclass(frozen=True)
class Census:
    """Loops of a clue-less patch and the clue placements with exactly one answer.

    A *placement* gives clues to a non-empty set of cells (each the number its loop
    uses there); it is counted when exactly one loop fits it. ``method`` says how
    (:data:`METHODS`); ``work`` what it cost: the most sets of states the frontier
    kept at once, or the classes of loops the enumeration refined."""

    loops: int
    puzzles: int
    cells: int
    seconds: float
    method: str = "enumerate"
    work: int = 0


def census(puzzle: Puzzle, *, method: str = "frontier", max_cells: int = 30,
           progress: Callable[[str, int], None] | None = None) -> Census:
    """Count the loops of ``puzzle`` (its clues are ignored) and its uniquely
    solvable clue placements, by ``method``. ``progress`` is told, for the frontier,
    ``("edges", done)`` after each of the edges; for the enumeration,
    ``("loops", found)`` while loops are found, then ``("placements", settled)``: how
    many of the 2^cells - 1 sets of clued cells are settled. A time limit or an
    interrupt (:mod:`slitherasp.model.stopping`) raises
    :class:`~slitherasp.model.stopping.StoppedError`.

    >>> from slitherasp import tilings
    >>> c = census(tilings.build("square", 2, 2))
    >>> c.loops, c.puzzles, c.method
    (13, 93, 'frontier')
    >>> census(tilings.build("square", 2, 2), method="enumerate").puzzles
    93
    """
    if method not in METHODS:
        raise InputError(f"no census method {method!r} (one of {', '.join(METHODS)})")
    n = len(puzzle.cells)
    if method == "enumerate" and n > max_cells:
        raise InputError(f"a census of {n} cells by enumeration is out of reach (at most {max_cells})")
    start = time.perf_counter()
    blank = puzzle.with_clues([None] * n)
    if method == "frontier":
        from .placements import automaton, unique_placements

        peak = [0]

        def told(done: int, edges: int, sets: int) -> None:
            peak[0] = max(peak[0], sets)
            if progress is not None:
                progress("edges", done)

        machine = automaton(blank)
        total = unique_placements(blank, machine, progress=told)
        return Census(machine.loops, total, n, time.perf_counter() - start, method, peak[0])
    loops, total, classes = _by_enumeration(blank, progress)
    return Census(loops, total, n, time.perf_counter() - start, method, classes)


def _by_enumeration(puzzle: Puzzle, progress: Callable[[str, int], None] | None) -> tuple[int, int, int]:
    """Loops from the solver (all answers of the clue-less puzzle), then placements
    counted without listing them: cells are added in order, and the loops are split
    into classes by their clues on the chosen cells; a class of one loop stays alone
    under every further cell, so it counts 2^(cells left) placements at once. The
    classes of one set of cells are refined together, as numpy arrays."""
    import numpy as np

    from ..solver.run import solve

    n = len(puzzle.cells)
    found = None if progress is None else (lambda loops: progress("loops", loops))
    result = solve(puzzle, models=0, progress=found)
    if result.timed_out or result.interrupted:
        raise StoppedError(reason() or "interrupt")
    sigs = np.array([puzzle.signature(a) for a in result.answers], dtype=np.int64).reshape(-1, n)
    if len(sigs) <= 1:  # one loop: every non-empty placement fits only it
        return len(sigs), (1 << n) - 1 if len(sigs) else 0, 0
    columns = [np.ascontiguousarray(sigs[:, j]) for j in range(n)]
    tally = {"total": 0, "settled": 0, "classes": 0, "base": 1 + max(map(len, puzzle.cell_edges))}
    _refine(np.arange(len(sigs)), np.zeros(len(sigs), dtype=np.int64), 0, columns, tally, progress)
    return len(sigs), tally["total"], tally["classes"]


def _refine(loops: Any, classes: Any, first: int, columns: list[Any], tally: dict[str, int],
            progress: Callable[[str, int], None] | None) -> None:
    """Add each cell from ``first`` on to the chosen cells: count the loops left
    alone, and go on with the classes of two or more (``loops``, and their class
    numbers ``classes``)."""
    import numpy as np

    n = len(columns)
    for j in range(first, n):
        check()  # Ctrl-C (slitherasp.model.stopping): the count can take an hour
        key = classes * tally["base"] + columns[j][loops]  # a class and a count: one number
        sizes = np.bincount(key)
        alone = int(np.count_nonzero(sizes == 1))
        tally["total"] += alone << (n - j - 1)
        shared = sizes[key] > 1
        finer = j + 1 < n and bool(shared.any())
        if finer:
            kept = key[shared]
            renumber = np.cumsum(sizes > 1) - 1
            tally["classes"] += len(kept)
            _refine(loops[shared], renumber[kept], j + 1, columns, tally, progress)
        # the sets of clued cells that begin as this one: this one, and all the
        # others unless the next cells were tried (and told of) in _refine above
        tally["settled"] += 1 if finer else 1 << (n - j - 1)
        if progress is not None:
            progress("placements", tally["settled"])


def census_json(census: Census, tiling: str) -> dict[str, Any]:
    """The object of ``census --json``: the counts, what they cost and how."""
    return {"tiling": tiling, "loops": census.loops, "puzzles": census.puzzles, "cells": census.cells,
            "time": round(census.seconds, 6), "method": census.method, "work": census.work}
