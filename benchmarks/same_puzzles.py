"""Same seeds, same puzzles: the clue sets generation makes for a fixed list of cases,
recorded once and compared after every change to the rule engine or the removal.

    python benchmarks/same_puzzles.py record [--cases small|big] [-o FILE]
    python benchmarks/same_puzzles.py check [--cases small|big] [-i FILE]

``small`` are the boards of ``tests/test_same_puzzles.py`` (seconds; their clue sets
are kept in ``tests/data/same_puzzles.json``), ``big`` the benchmark's rows (square
30x30, Cairo 22x22, Compass-Dodecagonal 10x10 at every level, minutes). ``check``
prints each case that differs and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from slitherasp import tilings
from slitherasp.make.generate import generate

SMALL = [(name, w, h, d, seed)
         for name, w, h in (("square", 7, 7), ("cairo", 5, 5), ("honeycomb", 5, 5), ("kagome", 4, 4),
                            ("compass-dodecagonal", 3, 3), ("floret", 4, 4))
         for d in ("easy", "normal", "tricky", "hard") for seed in (1, 2)]
"""Small boards of six grids at every Loopy level, two seeds each."""
BIG = [(name, w, h, d, seed)
       for name, w, h in (("square", 30, 30), ("cairo", 22, 22), ("compass-dodecagonal", 10, 10))
       for d in ("easy", "normal", "tricky", "hard") for seed in (1, 2, 3)]
"""The benchmark's rows (benchmarks/generation.py), three seeds each."""
DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "same_puzzles.json"


def key(case: tuple[str, int, int, str, int]) -> str:
    name, w, h, d, seed = case
    return f"{name} {w}x{h} {d} {seed}"


def clues(case: tuple[str, int, int, str, int]) -> str:
    """The clues generation keeps for a case (``.`` for none), in cell order."""
    name, w, h, d, seed = case
    made = generate(tilings.build(name, w, h), seed=seed, difficulty=d, person=False)
    return "".join("." if k is None else str(k) for k in made.puzzle.clues)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("record", "check"))
    ap.add_argument("--cases", choices=("small", "big"), default="small")
    ap.add_argument("-f", "--file", type=Path, help=f"the recorded clue sets (small: {DATA})")
    args = ap.parse_args()
    cases = SMALL if args.cases == "small" else BIG
    path = args.file or (DATA if args.cases == "small" else Path(f"/tmp/same_puzzles_{args.cases}.json"))
    if args.what == "record":
        out = {}
        for case in cases:
            out[key(case)] = clues(case)
            print(key(case), file=sys.stderr, flush=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(out, indent=0) + "\n")
        return
    known = json.loads(path.read_text())
    bad = [key(c) for c in cases if clues(c) != known[key(c)]]
    for k in bad:
        print("differs:", k)
    print(f"{len(cases) - len(bad)} of {len(cases)} cases give the recorded clues")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
