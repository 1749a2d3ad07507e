"""Rebuild every bundled instance: ``python instances/build.py``.

Each instance is ``<tiling>/<name>.lp`` (competition facts) with its geometry
(``.geo.json``) and reference answer (``.answer``). The reference answer is the
solver's unique answer, checked by the independent validator before it is written.
"""

from __future__ import annotations

import sys
from pathlib import Path

from slitherasp import formats, tilings
from slitherasp.model import Puzzle
from slitherasp.solve import solve
from slitherasp.validate import check

HERE = Path(__file__).resolve().parent

# The 6x6 example of seed 000 (Wikipedia's Slitherlink), Essence style: 0 = blank, 4 = clue 0.
WIKIPEDIA_6X6 = [
    [0, 0, 0, 0, 4, 0],
    [3, 3, 0, 0, 1, 0],
    [0, 0, 1, 2, 0, 0],
    [0, 0, 2, 4, 0, 0],
    [0, 1, 0, 0, 1, 1],
    [0, 2, 0, 0, 0, 0],
]


def classics() -> dict[str, Puzzle]:
    grid = tilings.build("square", 6, 6)
    clues = [None if v == 0 else v % 4 for row in WIKIPEDIA_6X6 for v in row]
    return {"square/wikipedia-6x6": grid.with_clues(clues)}


def write(name: str, puzzle: Puzzle) -> None:
    result = solve(puzzle, unique=True)
    if result.unique is not True:
        sys.exit(f"{name}: not uniquely solvable ({result.status}, unique={result.unique})")
    assert check(puzzle, result.links()).valid
    formats.save(puzzle, HERE / f"{name}.lp", result.answer)
    print(f"{name}: {len(puzzle.cells)} cells, {puzzle.clue_count()} clues")


def main() -> None:
    for name, puzzle in classics().items():
        write(name, puzzle)


if __name__ == "__main__":
    main()
