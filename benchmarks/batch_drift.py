"""Whether ``batch`` stays fast: many puzzles on one grid through one :class:`Batch`,
CPU ms per puzzle in the first and the last third, for each setting of what its
sessions forget between puzzles (clasp's ``--forget-on-step``), beside one ``solve``
per puzzle. The puzzles: random planted loops on a square grid, each clue kept with
probability ``--keep`` (fewer clues: more search; answers validated).

    python benchmarks/batch_drift.py [--puzzles 3000] [--size 10] [--keep 0.45]
        [--groups 1,2,3,5,10,30,100]

A second table splits the first 600 puzzles into groups of each size, each group through
a new ``Batch`` (what ``batch`` does with a file of that many puzzles on one grid), beside
one ``solve`` per puzzle on the same puzzles: ms per puzzle and the ratio.
"""

from __future__ import annotations

import argparse
import random
import time

from slitherasp import tilings
from slitherasp.make.generate import planted
from slitherasp.solver.run import solve
from slitherasp.solver.sessions import Batch
from slitherasp.validate import is_solution

SETTINGS = (None, "lemmas", "lemmaScores,lemmas", "varScores,signs,lemmaScores,lemmas")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--puzzles", type=int, default=3000)
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--keep", type=float, default=0.45)
    ap.add_argument("--groups", default="1,2,3,5,10,30,100")
    args = ap.parse_args()
    grid = tilings.build("square", args.size, args.size)
    rng = random.Random(1)
    puzzles = []
    for i in range(args.puzzles):
        full, _ = planted(grid, seed=i)
        puzzles.append(grid.with_clues([k if rng.random() < args.keep else None for k in full.clues]))
    third = args.puzzles // 3
    print("| forget between puzzles | first third ms/puzzle | last third ms/puzzle | last/first | total CPU s |")
    print("|---|---:|---:|---:|---:|")
    for forget in SETTINGS:
        batch, times = Batch(forget=forget), []
        for p in puzzles:
            start = time.process_time()
            r = batch.solve(p, unique=True)
            times.append(time.process_time() - start)
            assert r.answer is not None and is_solution(p, r.answer)
        first, last = sum(times[:third]) / third, sum(times[-third:]) / third
        print(f"| {forget or 'nothing'} | {1000 * first:.2f} | {1000 * last:.2f} | {last / first:.2f} | "
              f"{sum(times):.1f} |")
    sample = puzzles[:300]
    start = time.process_time()
    for p in sample:
        solve(p, unique=True)
    print(f"\none solve per puzzle (first 300): {1000 * (time.process_time() - start) / len(sample):.2f} ms/puzzle")
    groups(puzzles[:600], [int(g) for g in args.groups.split(",")])


def groups(puzzles: list, sizes: list[int]) -> None:
    """Per group size: a new Batch per group, against one solve per puzzle."""
    print("\n| puzzles per grid | batch ms/puzzle | solve ms/puzzle | batch / solve |")
    print("|---:|---:|---:|---:|")
    for g in sizes:
        used = puzzles[: len(puzzles) // g * g]
        start = time.process_time()
        for i in range(0, len(used), g):
            batch = Batch()
            for p in used[i : i + g]:
                batch.solve(p, unique=True)
        mine = (time.process_time() - start) / len(used)
        start = time.process_time()
        for p in used:
            solve(p, unique=True)
        alone = (time.process_time() - start) / len(used)
        print(f"| {g} | {1000 * mine:.2f} | {1000 * alone:.2f} | {mine / alone:.2f} |", flush=True)


if __name__ == "__main__":
    main()
