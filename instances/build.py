"""Rebuild every bundled instance: ``python instances/build.py`` (a few minutes, then
the grades: 22 minutes on a busy 2-core machine).

Each instance is ``<tiling>/<name>.lp`` (competition facts) with its geometry
(``.geo.json``) and reference answer (``.answer``), made by the generator at three
sizes per tiling (about 30, 100 and 250 faces), plus the classic 6x6 of seed 000.
Every reference answer is the solver's unique answer, checked by the independent
validator before it is written; ``instances/README.md`` lists them with both grades,
a person's and the solver's, and says which are for people and which are solver
benchmarks. ``python instances/build.py --grades`` grades the instances there are
again and rewrites the list, without making new ones.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

from slitherasp import formats, tilings
from slitherasp.make.generate import generate
from slitherasp.model import Answer, Puzzle
from slitherasp.model.levels import HUMAN_LEVELS
from slitherasp.solver.grade import grade
from slitherasp.solver.run import solve
from slitherasp.validate import check

HERE = Path(__file__).resolve().parent
TARGETS = {"small": 30, "medium": 100, "large": 250}
"""Face counts aimed at: the smallest square size reaching each."""
GRADE_LIMIT = 300.0
"""Seconds each instance may take to be graded (a person's rules on a big search
puzzle may take minutes); an instance not graded in time is listed as such."""
FOR_PEOPLE = HUMAN_LEVELS[:4]
"""A person's grades of Loopy's levels (easy .. hard): beyond them (fiendish: a trial
is needed; search: nothing bounded finds some edge) a puzzle is a solver benchmark."""

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


def cut(score: float | None) -> str:
    """A score to two places, cut (as the command line prints it: 1.999 is 1.99)."""
    if score is None or not math.isfinite(score):
        return "?"
    return f"{math.floor(score * 100 + 1e-6) / 100:.2f}"


@dataclass(frozen=True)
class Row:
    """One instance of the list: its size and both of its grades."""

    name: str
    cells: int
    edges: int
    clues: int
    person: str | None
    """A person's grade (easy .. search), None when not graded within the limit."""
    score: float | None
    solver: str | None

    @property
    def for_people(self) -> bool:
        return self.person in FOR_PEOPLE

    def line(self) -> str:
        person = f"{self.person} ({cut(self.score)})" if self.person else f"not graded in {GRADE_LIMIT:g} s"
        use = "people" if self.for_people else "solver benchmark"
        return (f"| `{self.name}.lp` | {self.cells} | {self.edges} | {self.clues} | {person} | "
                f"{self.solver or '?'} | {use} |")


def graded(name: str, puzzle: Puzzle) -> Row:
    """Both grades of an instance, each bounded by :data:`GRADE_LIMIT`."""
    g = grade(puzzle, time_limit=GRADE_LIMIT, human=True)
    person = g.human if g.human is not None and g.human.level is not None else None
    row = Row(name, len(puzzle.cells), len(puzzle.edges), puzzle.clue_count(), person and person.level,
              person and person.score, g.level)
    print(row.line(), flush=True)
    return row


def write(name: str, puzzle: Puzzle) -> None:
    result = solve(puzzle, unique=True)
    if result.unique is not True:
        sys.exit(f"{name}: not uniquely solvable ({result.status}, unique={result.unique})")
    assert check(puzzle, result.links()).valid
    answer: Answer = result.answer  # type: ignore[assignment]
    formats.save(puzzle, HERE / f"{name}.lp", answer)


def made() -> list[str]:
    """Make every instance anew; their names (``tiling/stem``), in the list's order."""
    names = ["square/wikipedia-6x6"]
    grid = tilings.build("square", 6, 6)
    clues = [None if v == 0 else v % 4 for row in WIKIPEDIA_6X6 for v in row]
    write(names[0], grid.with_clues(clues))
    for t in tilings.TILINGS.values():
        for _label, faces in TARGETS.items():
            n = size_for(t.name, faces)
            names.append(f"{t.name}/{t.name}-{n}x{n}")
            write(names[-1], generate(tilings.build(t.name, n, n, seed=1), seed=1).puzzle)
    return names


def present() -> list[str]:
    """The instances there are, in the list's order: the classic 6x6, then each
    tiling's from the smallest."""
    names = ["square/wikipedia-6x6"]
    for t in tilings.TILINGS.values():
        found = [p for p in (HERE / t.name).glob("*.lp") if p.stem != "wikipedia-6x6"]
        names += [f"{t.name}/{p.stem}" for p in sorted(found, key=lambda p: len(formats.read_file(p).cells))]
    return names


def readme(rows: list[Row]) -> str:
    """``instances/README.md``: how they were made, who they are for, both grades."""
    people = [r for r in rows if r.for_people]
    beyond = {level: sum(r.person == level for r in rows) for level in HUMAN_LEVELS[4:]}
    ungraded = sum(r.person is None for r in rows)
    return (
        "# Bundled instances\n\nMade by `python instances/build.py` (the generator, seed 1, at about 30, 100\n"
        "and 250 faces per tiling). Each `NAME.lp` has its geometry `NAME.geo.json` and its\n"
        "unique answer `NAME.answer`, checked by the validator. Grades as the manual defines them:\n"
        "**for a person** (`slitherasp explain` or `grade`: the hardest rule a person needs, and\n"
        "its score) and **for the solver** (clingo's effort: easy, medium, hard).\n\n"
        "**Who they are for.** The generator was asked for one answer only, not for a person's\n"
        f"level, so {len(rows) - len(people)} of the {len(rows)} are beyond Loopy's Hard for a person"
        f" ({beyond['fiendish']} fiendish: a trial is needed; {beyond['search']} search: no bounded rule"
        " finds some edge" + (f"; {ungraded} not graded in {GRADE_LIMIT:g} s" if ungraded else "") + ").\n"
        "They are **solver benchmarks**: grounding, propagation and search on every tiling and\n"
        f"size. The {len(people)} graded easy to hard are **for people** as well. Puzzles made for\n"
        "people come from `slitherasp generate --difficulty LEVEL` (Loopy's levels).\n"
        f"Each instance was graded with a limit of {GRADE_LIMIT:g} s (`python instances/build.py --grades`).\n\n"
        "| instance | cells | edges | clues | for a person (score) | for the solver | for |\n"
        "|---|---:|---:|---:|---|---|---|\n" + "\n".join(r.line() for r in rows) + "\n"
    )


def main() -> None:
    names = present() if "--grades" in sys.argv[1:] else made()
    rows = [graded(name, formats.read_file(HERE / f"{name}.lp")) for name in names]
    (HERE / "README.md").write_text(readme(rows))


if __name__ == "__main__":
    main()
