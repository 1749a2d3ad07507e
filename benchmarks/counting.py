"""Counting without listing, side by side with listing: the frontier method
(``count --method frontier``) against the solver's enumeration (``--method
enumerate``), what ``auto`` picks, and the census's two methods.

    python benchmarks/counting.py [--limit 60] [--max 8] [--census 16] [--only count|oeis|census]
    python benchmarks/counting.py --only array --limit 600 [--both 16]   # the census array

Prints three markdown tables:

- **count**: clue-less patches (squares, honeycomb, triangular, Cairo) and clued
  puzzles (the clues of a random loop, all or a share of them, seeded), each counted
  both ways, each way stopped after ``--limit`` seconds (a ``+``: a lower bound);
  the frontier's width, most states and the bound on them (2^cost) beside it;
- **oeis**: the loops of every m x n square board up to ``--max`` by the frontier,
  against OEIS A231829 where this file quotes it (all of 1..7 x 1..7, and 8x8);
- **census**: uniquely solvable clue placements of small patches (up to
  ``--census`` cells) by both census methods, with their work and time;
- **array** (only when asked): the census array of the manual's counting page, every
  square up to 5x5 and the smallest honeycomb, Cairo and triangular patches, by the
  frontier and (up to ``--both`` cells) the enumeration, in CPU seconds.

Times are wall-clock seconds of one process; run it on a quiet machine and compare
the columns of one run. Results are recorded in benchmarks/README.md and the manual's
counting page.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from slitherasp import tilings
from slitherasp.counting.census import census
from slitherasp.counting.frontier import FRONTIER_COST, choose
from slitherasp.counting.frontier import count as sweep_count
from slitherasp.counting.sweep import sweep
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle
from slitherasp.model.stopping import StoppedError, deadline
from slitherasp.solver.run import count as list_count

# OEIS A231829, rows 1-7 (T(m, n), loops of an m x n square board), and A140517(9)
A231829 = [
    [1, 3, 6, 10, 15, 21, 28],
    [3, 13, 40, 108, 275, 681, 1664],
    [6, 40, 213, 1049, 5034, 23984, 114069],
    [10, 108, 1049, 9349, 80626, 692194, 5948291],
    [15, 275, 5034, 80626, 1222363, 18438929, 279285399],
    [21, 681, 23984, 692194, 18438929, 487150371, 12947640143],
    [28, 1664, 114069, 5948291, 279285399, 12947640143, 603841648931],
]
KNOWN = {(m + 1, n + 1): t for m, row in enumerate(A231829) for n, t in enumerate(row)}
KNOWN.update({(1, 8): 36, (2, 8): 4040, (3, 8): 542295, (8, 8): 2318527339461265})


def by_frontier(puzzle: Puzzle, limit: float) -> tuple[str, str, float]:
    """The frontier's count (``+``: cut), its ``width/states/bound`` and seconds."""
    start = time.perf_counter()
    with deadline(limit):
        try:
            plan = sweep(puzzle)
        except StoppedError:
            return "-", "(no order within the limit)", time.perf_counter() - start
        c = sweep_count(puzzle, plan)
    shape = f"{plan.width} / {c.states} / 2^{plan.cost:.1f}"
    return f"{c.answers}{'' if c.exact else '+'}", shape, time.perf_counter() - start


def by_listing(puzzle: Puzzle, limit: float) -> tuple[str, float]:
    """The solver's count (``+``: cut) and seconds."""
    start = time.perf_counter()
    r = list_count(puzzle, time_limit=limit, threads=1)
    return f"{r.count}{'' if r.exhausted else '+'}", time.perf_counter() - start


def count_rows(limit: float) -> list[list[str]]:
    cases: list[tuple[str, Puzzle]] = []
    for n in (3, 4, 5, 6, 8, 10):
        cases.append((f"square {n}x{n}, no clues", tilings.build("square", n, n)))
    for name, size in (("honeycomb", 4), ("honeycomb", 6), ("triangular", 4), ("cairo", 4), ("cairo", 6)):
        cases.append((f"{name} {size}x{size}, no clues", tilings.build(name, size, size)))
    for n, share in ((6, 0.1), (6, 0.3), (10, 0.1), (10, 0.3), (10, 1.0), (20, 1.0)):
        full, _ = planted(tilings.build("square", n, n), seed=n)
        rng = random.Random(n)
        clues = [k if rng.random() < share else None for k in full.clues]
        cases.append((f"square {n}x{n}, {share:.0%} of a loop's clues", full.with_clues(clues)))
    rows = []
    for label, puzzle in cases:
        picked = choose(puzzle)[0]
        answers, shape, seconds = by_frontier(puzzle, limit)
        listed, listed_seconds = by_listing(puzzle, limit)
        rows.append([label, str(len(puzzle.edges)), answers, f"{seconds:.2f}", shape, listed, f"{listed_seconds:.2f}",
                     picked])
        print(f"  {label}: done", file=sys.stderr)
    return rows


def oeis_rows(largest: int, limit: float) -> list[list[str]]:
    rows = []
    for m in range(1, largest + 1):
        for n in range(m, largest + 1):
            answers, shape, seconds = by_frontier(tilings.build("square", n, m), limit)
            known = KNOWN.get((m, n))
            verdict = "" if known is None else "yes" if answers == str(known) else f"NO (OEIS: {known})"
            rows.append([f"{m}x{n}", answers, verdict, f"{seconds:.2f}", shape])
    return rows


def timed_census(patch: Puzzle, method: str, limit: float, clock: Callable[[], float]) -> tuple[Any, float]:
    """The census of ``patch`` by ``method`` (None when ``limit`` seconds stopped it) and
    the seconds it took by ``clock``."""
    start = clock()
    try:
        with deadline(limit):
            return census(patch, method=method), clock() - start
    except StoppedError:
        return None, clock() - start


def census_rows(cells: int, limit: float) -> list[list[str]]:
    patches = [("square", w, h) for w, h in ((2, 2), (3, 2), (3, 3), (4, 3), (5, 3), (4, 4))]
    patches += [("honeycomb", 3, 3), ("cairo", 3, 3), ("octagonal", 3, 3), ("triangular", 3, 3)]
    rows = []
    for name, w, h in patches:
        patch = tilings.build(name, w, h)
        if len(patch.cells) > cells:
            continue
        row = [f"{name} {w}x{h}", str(len(patch.cells))]
        for method in ("frontier", "enumerate"):
            c, seconds = timed_census(patch, method, limit, time.perf_counter)
            row += ["-", "-", f">{seconds:.0f}", "-"] if c is None else \
                [str(c.loops), str(c.puzzles), f"{c.seconds:.2f}", str(c.work)]
        print(f"  census {name} {w}x{h}: done", file=sys.stderr)
        rows.append(row)
    return rows


ARRAY = ([("square", w, h) for w in range(1, 6) for h in range(1, w + 1)]
         + [("honeycomb", 3, 3), ("honeycomb", 4, 3), ("honeycomb", 4, 4), ("honeycomb", 5, 4),
            ("cairo", 3, 3), ("cairo", 4, 3), ("cairo", 4, 4), ("triangular", 3, 3)])
"""The census array's patches: every square up to 5x5 (w >= h: the other way round is
the same board turned) and the other tilings' smallest patches, in growing size."""


def array_rows(limit: float, both: int) -> list[list[str]]:
    """The census array: each patch of :data:`ARRAY` by the frontier, and by the
    enumeration too up to ``both`` cells; CPU seconds of this process, each method
    stopped after ``limit`` seconds (and the larger patches of a tiling not tried
    once one was stopped)."""
    rows, stopped = [], set()
    for name, w, h in ARRAY:
        patch = tilings.build(name, w, h)
        row = [f"{name} {w}x{h}", str(len(patch.cells))]
        for method in ("frontier", "enumerate"):
            if (name, method) in stopped or (method == "enumerate" and len(patch.cells) > both):
                row += ["-", "-", "-", "not run"]
                continue
            c, seconds = timed_census(patch, method, limit, time.process_time)
            if c is None:
                stopped.add((name, method))
                row += ["-", "-", f">{seconds:.0f}", "stopped"]
            else:
                row += [str(c.loops), str(c.puzzles), f"{seconds:.1f}", str(c.work)]
            print(f"  census {name} {w}x{h} {method}: {row[-4:]}", file=sys.stderr, flush=True)
        got = {row[3], row[7]} - {"-"}
        row.append("yes" if len(got) == 1 and "-" not in (row[3], row[7]) else "NO" if len(got) > 1 else "")
        rows.append(row)
    return rows


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds for each count (default 60)")
    ap.add_argument("--max", type=int, default=8, help="largest square side of the OEIS table (default 8)")
    ap.add_argument("--census", type=int, default=16, help="largest patch (cells) of the census table (default 16)")
    ap.add_argument("--only", choices=("count", "oeis", "census", "array"))
    ap.add_argument("--both", type=int, default=16,
                    help="array: largest patch (cells) run by both methods (default 16)")
    args = ap.parse_args()
    if args.only in (None, "count"):
        print(f"\ncount: frontier against enumeration ({args.limit:g} s each; auto takes the frontier up to "
              f"a bound of 2^{FRONTIER_COST:g} states)\n")
        print(table(["puzzle", "edges", "frontier", "s", "width / states / bound", "enumeration", "s", "auto"],
                    count_rows(args.limit)))
    if args.only in (None, "oeis"):
        print("\noeis: loops of an m x n square board by the frontier (A231829)\n")
        print(table(["m x n", "loops", "= OEIS", "s", "width / states / bound"], oeis_rows(args.max, args.limit)))
    if args.only in (None, "census"):
        print("\ncensus: uniquely solvable clue placements, both methods\n")
        print(table(["patch", "cells", "loops", "placements (frontier)", "s", "most summaries", "loops",
                     "placements (enumeration)", "s", "classes refined"], census_rows(args.census, args.limit)))
    if args.only == "array":
        print(f"\narray: the census of every patch, CPU seconds ({args.limit:g} s each)\n")
        print(table(["patch", "cells", "loops", "placements (frontier)", "CPU s", "most summaries", "loops",
                     "placements (enumeration)", "CPU s", "classes refined", "agree"],
                    array_rows(args.limit, args.both)))


if __name__ == "__main__":
    main()
