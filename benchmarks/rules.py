"""How much of Loopy's puzzles the rules in Python settle before clingo starts
(``slitherasp.simplify``), and what they cost: one table per puzzle set.

    python benchmarks/rules.py [--per-level 4]

``calibration``: Loopy's puzzles of ``data/loopy-calib.jsonl.gz`` (18 grids, levels
Easy, Normal, Tricky and Hard; the first ``--per-level`` of each grid and level), one
row per level. ``big``: the 49 big Normal and Hard puzzles of ``data/loopy-perf.jsonl.gz``
(``speed.py --sets loopy``), one row each. Every settled edge is checked against the
answer of a solve of the whole puzzle (no reduction): a wrong one aborts the run. CPU
seconds of the rules alone (the graph's corners included, the disc test not).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from slitherasp import formats
from slitherasp.model import Puzzle
from slitherasp.rules import propagate
from slitherasp.rules import shape as _shape
from slitherasp.solver.run import solve

DATA = Path(__file__).resolve().parent / "data"
LEVELS = {"e": "Easy", "n": "Normal", "t": "Tricky", "h": "Hard"}


def settle(puzzle: Puzzle, where: str) -> tuple[float, float]:
    """The share of edges the rules settle, checked against the answer, and their CPU s."""
    faces = puzzle.is_disc  # the disc test is not timed
    _shape._SHAPES.clear()
    start = time.process_time()
    state = propagate(puzzle, faces=faces)
    seconds = time.process_time() - start
    answer = solve(puzzle, unique=True, simplify=False).answer
    if state is None or answer is None or any(s is not None and s != (e in answer) for e, s in enumerate(state)):
        sys.exit(f"{where}: the rules settled an edge against the answer")
    return sum(s is not None for s in state) / len(state), seconds


def rows(path: Path) -> list[dict]:
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f]


def calibration(per_level: int) -> None:
    done: dict[tuple[str, str], int] = defaultdict(int)
    by_level: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for r in rows(DATA / "loopy-calib.jsonl.gz"):
        if done[r["type"], r["diff"]] < per_level:
            done[r["type"], r["diff"]] += 1
            p = formats.read_text(r["game_id"], format="loopy")
            by_level[r["diff"]].append(settle(p, r["game_id"]))
    print("| Loopy level | puzzles | settled whole | least share settled | rules CPU s, mean |")
    print("|---|---:|---:|---:|---:|")
    for d, name in LEVELS.items():
        got = by_level[d]
        whole = sum(share == 1.0 for share, _ in got)
        print(f"| {name} | {len(got)} | {whole} | {min(s for s, _ in got):.3f} | "
              f"{sum(t for _, t in got) / len(got):.3f} |")


def big() -> None:
    from speed import loopy_instances  # benchmarks/ is on the path when run as a script

    print("| puzzle | edges | share settled | rules CPU s |")
    print("|---|---:|---:|---:|")
    for name, p in loopy_instances(argparse.Namespace()):
        share, seconds = settle(p, name)
        print(f"| {name} | {len(p.edges)} | {share:.3f} | {seconds:.3f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-level", type=int, default=4, help="calibration puzzles per grid and level (default 4)")
    args = ap.parse_args()
    calibration(args.per_level)
    print()
    big()


if __name__ == "__main__":
    main()
