"""How many puzzles a small patch has: its loops, and the clue placements that only
one of them fits (``slitherasp census``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError
from ..model.stopping import check
from ..solver.run import solve


@dataclass(frozen=True)
class Census:
    """Loops of a clue-less patch and the clue placements with exactly one answer.

    A *placement* gives clues to a non-empty set of cells (each the number its loop
    uses there); it is counted when exactly one loop fits it."""

    loops: int
    puzzles: int
    cells: int
    seconds: float


def census(puzzle: Puzzle, *, max_cells: int = 30, progress: Callable[[str, int], None] | None = None) -> Census:
    """Count the loops of ``puzzle`` (its clues are ignored) and its uniquely
    solvable clue placements. ``progress`` is told ``("loops", found)`` while loops
    are found, then ``("placements", settled)``: how many of the 2^cells - 1 sets of
    clued cells are settled.

    Loops come from the solver (all answers of the clue-less puzzle). Placements
    are counted without listing them: cells are added in order, and the loops are
    split into classes by their clues on the chosen cells; a class of one loop stays
    alone under every further cell, so it counts 2^(cells left) placements at once.

    >>> from slitherasp import tilings
    >>> c = census(tilings.build("square", 2, 2))
    >>> c.loops, c.puzzles
    (13, 93)
    """
    n = len(puzzle.cells)
    if n > max_cells:
        raise InputError(f"a census of {n} cells is out of reach (at most {max_cells})")
    start = time.perf_counter()
    found = None if progress is None else (lambda loops: progress("loops", loops))
    result = solve(puzzle.with_clues([None] * n), models=0, progress=found)
    if result.timed_out or result.interrupted:
        raise KeyboardInterrupt
    sigs = [puzzle.signature(a) for a in result.answers]
    total = settled = 0

    def count(classes: list[list[int]], first: int) -> None:
        nonlocal total, settled
        for j in range(first, n):
            check()  # Ctrl-C (slitherasp.model.stopping): the count can take an hour
            finer: list[list[int]] = []
            alone = 0
            for members in classes:
                groups: dict[int, list[int]] = {}
                for loop in members:
                    groups.setdefault(sigs[loop][j], []).append(loop)
                for g in groups.values():
                    if len(g) == 1:
                        alone += 1
                    else:
                        finer.append(g)
            total += alone << (n - j - 1)
            if finer:
                count(finer, j + 1)
            # the sets of clued cells that begin as this one: this one, and all the
            # others unless the next cells were tried (and told of) in count above
            settled += 1 if finer else 1 << (n - j - 1)
            if progress is not None:
                progress("placements", settled)

    everything = list(range(len(sigs)))
    if len(sigs) > 1:
        count([everything], 0)
    elif sigs:
        total = (1 << n) - 1  # one loop: every non-empty placement fits only it
    return Census(len(sigs), total, n, time.perf_counter() - start)


def census_json(census: Census, tiling: str) -> dict[str, Any]:
    """The object of ``census --json``."""
    return {"tiling": tiling, "loops": census.loops, "puzzles": census.puzzles, "cells": census.cells,
            "time": round(census.seconds, 6)}
