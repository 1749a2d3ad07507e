"""Puzzles like Loopy's: ours against Debian's ``sgt-loopy`` side by side, in one run.

    python benchmarks/loopy_like.py [--count N] [--grids 0,1,4] [--levels entH] [--size WxH]

For each of Loopy's grids that Debian's Loopy (sgt-puzzles 20230122) makes and we
read (every periodic grid; its Penrose IDs, in the grid description from before 2023,
are read too but not yet compared here, and it has no hats or spectres: those are judged
on the calibration corpus, ``benchmarks/calibrate.py``), at Loopy's preset size, for each
level:

* Loopy makes N puzzles (``sgt-loopy --generate N WxHtNdL``; its CPU is the child's),
  we make N (``generate(difficulty=L)``, seeds 0..N-1; CPU of this process);
* **clues**: the share of each clue value among all clues, ours and Loopy's, and the
  largest difference (goal: at most 0.07);
* **loop**: the share of the edges the answer uses (goal: ours at least 0.85 of Loopy's);
* **levels**: Loopy's fresh puzzles graded by us (a person's grade): the confusion
  matrix against the level Loopy made them at, and Kendall's tau-b between Loopy's
  level and our score (goal: at least 0.85);
* **CPU**: seconds per puzzle, ours and Loopy's, and the ratio (goal: at most 1).

With ``--others``, our tilings that Loopy lacks instead (ours alone, at 7x7 and Normal):
the loop's share of the edges (goal: at least 0.45) beside the most any loop can have
(a loop through every vertex uses V of the E edges), its share of the vertices, and the
clue shares.

Markdown tables go to stdout.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from calibrate import kendall_tau_b

from slitherasp import tilings
from slitherasp.formats import read_text
from slitherasp.make.generate import generate
from slitherasp.model.levels import HUMAN_LEVELS
from slitherasp.rules.grade import human_grade
from slitherasp.solver.run import solve

GRIDS = {0: ("square", "7x7"), 1: ("triangular", "12x10"), 2: ("honeycomb", "10x10"), 3: ("snub-square", "7x7"),
         4: ("cairo", "9x9"), 5: ("great-hexagonal", "5x4"), 6: ("octagonal", "7x7"), 7: ("kites", "5x5"),
         8: ("floret", "5x5"), 9: ("dodecagonal", "5x4"), 10: ("great-dodecagonal", "5x4"),
         13: ("great-great-dodecagonal", "5x3"), 14: ("kagome", "5x4"), 15: ("compass-dodecagonal", "5x4")}
"""Loopy's grid number: our tiling and Loopy's preset size."""
LEVELS = {"e": "easy", "n": "normal", "t": "tricky", "h": "hard"}


def loopy(binary: str, spec: str, count: int) -> tuple[list[str], float]:
    """``count`` game IDs from Loopy and the CPU seconds it took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = subprocess.run([binary, "--generate", str(count), spec], capture_output=True, text=True, check=True).stdout
    return out.split(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def shares(puzzles: list[tuple[object, frozenset[int]]]) -> tuple[Counter, float]:
    """The clue values of the puzzles, and the mean share of edges their loops use."""
    clues: Counter = Counter()
    loop = 0.0
    for p, answer in puzzles:
        clues.update(k for k in p.clues if k is not None)  # type: ignore[attr-defined]
        loop += len(answer) / len(p.edges)  # type: ignore[attr-defined]
    return clues, loop / max(1, len(puzzles))


def others(count: int) -> None:
    """Our tilings that Loopy lacks: how much of them our loops use."""
    loopy_names = {name for name, _ in GRIDS.values()}
    print("| tiling | loop share of edges | most possible (V/E) | share of vertices | clue shares |")
    print("|---|---:|---:|---:|---|")
    for name in sorted(set(tilings.TILINGS) - loopy_names):
        made = [generate(tilings.build(name, 7, 7), seed=seed, difficulty="normal") for seed in range(count)]
        clues, share = shares([(m.puzzle, m.answer) for m in made])
        p = made[0].puzzle
        on = sum(len(m.answer) / len(m.puzzle.vertices) for m in made) / count  # a loop has as many vertices as edges
        n = sum(clues.values())
        values = " ".join(f"{k}:{clues[k] / n:.2f}" for k in sorted(clues))
        print(f"| {name} | {share:.3f} | {len(p.vertices) / len(p.edges):.3f} | {on:.3f} | {values} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=4, help="puzzles per grid and level, each side (default 4)")
    ap.add_argument("--grids", default=",".join(map(str, GRIDS)), help="Loopy grid numbers (default: all)")
    ap.add_argument("--levels", default="enth", help="Loopy levels (default enth)")
    ap.add_argument("--size", help="one size for every grid instead of Loopy's presets")
    ap.add_argument("--loopy", default=shutil.which("sgt-loopy") or "/usr/games/sgt-loopy")
    ap.add_argument("--others", action="store_true", help="our tilings that Loopy lacks, ours alone")
    args = ap.parse_args()
    if args.others:
        return others(args.count)
    rows, cpu_rows, level_rows = [], [], []
    for t in map(int, args.grids.split(",")):
        name, size = GRIDS[t]
        size = args.size or size
        w, h = map(int, size.split("x"))
        ours_made, theirs_made, graded = [], [], []
        for d in args.levels:
            ids, their_cpu = loopy(args.loopy, f"{size}t{t}d{d}", args.count)
            for gid in ids:
                p = read_text(gid, "<loopy>")
                theirs_made.append((p, solve(p).answer))
                g = human_grade(p)
                graded.append((d, g.level, g.score))
            start = time.process_time()
            for seed in range(args.count):
                made = generate(tilings.build(name, w, h), seed=seed, difficulty=LEVELS[d])
                ours_made.append((made.puzzle, made.answer))
            our_cpu = time.process_time() - start
            cpu_rows.append((name, size, LEVELS[d], our_cpu / args.count, their_cpu / args.count))
        (oc, ol), (tc, tl) = shares(ours_made), shares(theirs_made)
        values = sorted(set(oc) | set(tc))
        on, tn = sum(oc.values()), sum(tc.values())
        diff = max(abs(oc[k] / on - tc[k] / tn) for k in values)
        share = " ".join(f"{k}:{oc[k] / on:.2f}/{tc[k] / tn:.2f}" for k in values)
        rows.append((name, size, share, diff, ol, tl))
        confusion = Counter((d, level) for d, level, _ in graded)
        tau = kendall_tau_b([LEVELS and "enth".index(d) for d, _, _ in graded], [s for _, _, s in graded])
        level_rows.append((name, confusion, tau))
    print("| grid | size | clue shares ours/Loopy | largest difference | loop share ours | Loopy's | ratio |")
    print("|---|---|---|---:|---:|---:|---:|")
    for name, size, share, diff, ol, tl in rows:
        print(f"| {name} | {size} | {share} | {diff:.3f} | {ol:.3f} | {tl:.3f} | {ol / tl:.2f} |")
    print("\n| grid | Loopy's level: our grades | tau-b |")
    print("|---|---|---:|")
    for name, confusion, tau in level_rows:
        cells = "; ".join(f"{LEVELS[d]}: " + " ".join(f"{lv or 'none'} {n}" for (dd, lv), n in sorted(
            confusion.items(), key=lambda x: (x[0][0], HUMAN_LEVELS.index(x[0][1]) if x[0][1] else 9)) if dd == d)
            for d in args.levels)
        print(f"| {name} | {cells} | {tau:.2f} |")
    print("\n| grid | size | level | ours CPU s/puzzle | Loopy's | ratio |")
    print("|---|---|---|---:|---:|---:|")
    for name, size, level, ours, theirs in cpu_rows:
        print(f"| {name} | {size} | {level} | {ours:.2f} | {theirs:.2f} | {ours / max(theirs, 1e-3):.2f} |")


if __name__ == "__main__":
    main()
