"""Grounding size against instance size: atoms and rules per edge must stay flat.

    python benchmarks/grounding.py [--max 200] [--encoding reach]

Square grids from 10x10 to 200x200 carry the clues of a random planted loop (made
here, seeded); the Loopy sample (../shared, skipped where absent) adds every tiling.
Each solve runs in a fresh child process, whose peak memory above what it held before
the solve is the "peak MB" column (Linux: ``/proc`` and ``getrusage``). Prints a
table; results are recorded in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import resource
import sys
from pathlib import Path

from slitherasp import formats, tilings
from slitherasp.make.generate import planted
from slitherasp.solver.run import DEFAULT_ENCODING, solve
from slitherasp.validate import check

SHARED = Path(__file__).resolve().parents[2] / "shared"


def _rss_mb() -> float:
    """Resident memory now (MB), from /proc; the peak so far where /proc is missing."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _measure(family: str, size: str, puzzle, encoding: str) -> list:
    before = _rss_mb()
    # the whole program, unreduced: the reduction (slitherasp.simplify) only removes
    # atoms and rules, so this is the size that must grow linearly
    r = solve(puzzle, unique=True, statistics=True, encoding=encoding, threads=1, simplify=False)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - before  # ru_maxrss: KB on Linux
    assert r.unique is not None and check(puzzle, r.links()).valid, f"{family} {size}: bad answer"
    s, e = r.statistics, len(puzzle.edges)
    return [family, size, len(puzzle.vertices), e, s["atoms"], s["rules"],
            s["atoms"] / e, s["rules"] / e, r.time_ground, r.time_solve, peak, 1024 * peak / e]


def row(family: str, size: str, puzzle, encoding: str) -> list:
    """One table row, measured in a fresh child process (so peak memory is this solve's)."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        return pool.apply(_measure, (family, size, puzzle, encoding))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max", type=int, default=200, help="largest square grid side (default 200)")
    ap.add_argument("--encoding", default=DEFAULT_ENCODING)
    args = ap.parse_args()
    rows = []
    for n in (10, 20, 50, 100, 150, 200):
        if n <= args.max:
            puzzle, _ = planted(tilings.build("square", n, n), seed=n)
            rows.append(row("square", f"{n}x{n}", puzzle, args.encoding))
            print(f"  square {n}x{n} done", file=sys.stderr)
    sample = SHARED / "loopy" / "sample.jsonl.gz"
    if sample.is_file():
        best: dict[str, dict] = {}
        with gzip.open(sample, "rt") as lines:
            samples = [json.loads(line) for line in lines]
        for s in samples:
            if s["type"] not in best or s["faces_n"] > best[s["type"]]["faces_n"]:
                best[s["type"]] = s
        for t, s in sorted(best.items()):
            puzzle = formats.read_text(s["game_id"], s["name"], format="loopy")
            rows.append(row(f"loopy {t}", s["size"], puzzle, args.encoding))
    else:
        print(f"(Loopy sample not found at {sample}: skipped)", file=sys.stderr)
    head = ["family", "size", "vertices", "edges", "atoms", "rules", "atoms/edge", "rules/edge", "ground s", "solve s",
            "peak MB", "peak KB/edge"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        cells = [r[0], r[1], str(r[2]), str(r[3]), str(r[4]), str(r[5]), f"{r[6]:.1f}", f"{r[7]:.1f}",
                 f"{r[8]:.3f}", f"{r[9]:.3f}", f"{r[10]:.1f}", f"{r[11]:.1f}"]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
