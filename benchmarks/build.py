"""Rebuild the generated benchmark puzzles: ``python benchmarks/build.py [--max-size N]``.

Hard puzzles made by our own generator (seed 1), written to
``benchmarks/instances/square`` (40x40 to 200x200) and ``benchmarks/instances/nonsquare``
(Cairo, snub square, Penrose rhombs and hats of about 7,500 edges, like a 60x60
square), each with geometry and reference answer. ``benchmarks/speed.py`` reads
them. Existing files are kept: delete one to rebuild it. Generation times go to
stderr (they are also what ``benchmarks/generation.py`` compares with Loopy).
``--minutes M`` stops the clue removal of each puzzle after M minutes (as Ctrl-C
does: the puzzle so far is unique, with more clues than a finished one) and names
the file by the grade it has then; the 200x200 needs hours to finish.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from slitherasp import formats, tilings
from slitherasp.make.generate import generate
from slitherasp.validate import check

HERE = Path(__file__).resolve().parent / "instances"
SQUARE = (40, 60, 100, 200)
NONSQUARE = (("cairo", 40), ("snub-square", 40), ("penrose-p3", 70), ("hats", 38))


def build(folder: Path, name: str, size: int, minutes: float | None = None) -> None:
    prefix = f"{name}-{size}x{size}-"
    if any(folder.glob(f"{prefix}*-s1.lp")):
        return
    start = time.process_time()
    last = [time.perf_counter()]
    deadline = None if minutes is None else time.perf_counter() + 60 * minutes

    def progress(removed: int, kept: int, untested: int, elapsed: float) -> None:
        if time.perf_counter() - last[0] > 60:  # a line a minute: the 200x200 takes hours
            last[0] = time.perf_counter()
            print(f"  {prefix}: {removed} clues removed, {kept} kept, {untested} untested, "
                  f"{elapsed:.0f} s", file=sys.stderr, flush=True)
        if deadline is not None and time.perf_counter() > deadline:
            raise KeyboardInterrupt  # generate() keeps the puzzle so far, as on Ctrl-C

    made = generate(tilings.build(name, size, size, seed=1), seed=1, level="hard", progress=progress,
                    person=False)
    assert check(made.puzzle, made.puzzle.links(made.answer)).valid and made.grade.unique
    stem = folder / f"{prefix}{made.grade.level}-s1"
    folder.mkdir(parents=True, exist_ok=True)
    formats.save(made.puzzle, stem.with_suffix(".lp"), answer=made.answer)
    print(f"{stem.name}: {made.puzzle.clue_count()} clues on {len(made.puzzle.cells)} cells, "
          f"{made.grade.level}{' (stopped early)' * made.interrupted}, "
          f"{time.process_time() - start:.1f} CPU s", file=sys.stderr, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-size", type=int, default=200, help="largest square grid to build")
    ap.add_argument("--minutes", type=float, default=None, help="stop each puzzle's clue removal after this long")
    args = ap.parse_args()
    for name, size in NONSQUARE:
        build(HERE / "nonsquare", name, size, args.minutes)
    for size in SQUARE:
        if size <= args.max_size:
            build(HERE / "square", "square", size, args.minutes)


if __name__ == "__main__":
    main()
