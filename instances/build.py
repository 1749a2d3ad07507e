"""Rebuild every bundled instance: ``python instances/build.py`` (a few minutes).

Each instance is ``<tiling>/<name>.lp`` (competition facts) with its geometry
(``.geo.json``) and reference answer (``.answer``), made by the generator at three
sizes per tiling (about 30, 100 and 250 faces), plus the classic 6x6 of seed 000.
Every reference answer is the solver's unique answer, checked by the independent
validator before it is written; ``instances/README.md`` lists them with their grades.
"""

from __future__ import annotations

import sys
from pathlib import Path

from slitherasp import formats, tilings
from slitherasp.generate import generate, grade
from slitherasp.model import Answer, Puzzle
from slitherasp.solver import solve
from slitherasp.validate import check

HERE = Path(__file__).resolve().parent
TARGETS = {"small": 30, "medium": 100, "large": 250}
"""Face counts aimed at: the smallest square size reaching each."""

# The 6x6 example of seed 000 (Wikipedia's Slitherlink), Essence style: 0 = blank, 4 = clue 0.
WIKIPEDIA_6X6 = [
    [0, 0, 0, 0, 4, 0],
    [3, 3, 0, 0, 1, 0],
    [0, 0, 1, 2, 0, 0],
    [0, 0, 2, 4, 0, 0],
    [0, 1, 0, 0, 1, 1],
    [0, 2, 0, 0, 0, 0],
]


def size_for(name: str, faces: int) -> int:
    """The least n (in the tiling's range) whose n x n patch has at least ``faces`` faces."""
    t = tilings.get(name)
    n = t.min_size
    while n < t.max_size and len(tilings.faces(name, n, n, 1)) < faces:
        n += 1
    return n


def write(name: str, puzzle: Puzzle, rows: list[str]) -> None:
    result = solve(puzzle, unique=True)
    if result.unique is not True:
        sys.exit(f"{name}: not uniquely solvable ({result.status}, unique={result.unique})")
    assert check(puzzle, result.links()).valid
    answer: Answer = result.answer  # type: ignore[assignment]
    formats.save(puzzle, HERE / f"{name}.lp", answer)
    g = grade(puzzle)
    rows.append(f"| `{name}.lp` | {len(puzzle.cells)} | {len(puzzle.edges)} | {puzzle.clue_count()} | {g.level} |")
    print(f"{name}: {len(puzzle.cells)} cells, {puzzle.clue_count()} clues, {g.level}", flush=True)


def main() -> None:
    rows: list[str] = []
    grid = tilings.build("square", 6, 6)
    clues = [None if v == 0 else v % 4 for row in WIKIPEDIA_6X6 for v in row]
    write("square/wikipedia-6x6", grid.with_clues(clues), rows)
    for t in tilings.TILINGS.values():
        for _label, faces in TARGETS.items():
            n = size_for(t.name, faces)
            made = generate(tilings.build(t.name, n, n, seed=1), seed=1)
            write(f"{t.name}/{t.name}-{n}x{n}", made.puzzle, rows)
    (HERE / "README.md").write_text(
        "# Bundled instances\n\nMade by `python instances/build.py` (the generator, seed 1, at about 30, 100\n"
        "and 250 faces per tiling). Each `NAME.lp` has its geometry `NAME.geo.json` and its\n"
        "unique answer `NAME.answer`, checked by the validator. Grades as defined in the README.\n\n"
        "| instance | cells | edges | clues | grade |\n|---|---:|---:|---:|---|\n" + "\n".join(rows) + "\n"
    )


if __name__ == "__main__":
    main()
