"""Grades for a person against Loopy's own levels: the calibration table.

Reads Loopy puzzles with the level Loopy generated them at (JSON lines, optionally
gzipped, with ``type``, ``t``, ``diff`` in e/n/t/h, ``game_id`` and ``split``), grades
each one, and prints, per grid type, how our grades fall against Loopy's levels and
the Kendall tau-b between our score and Loopy's level (the goals, issue 26: a Loopy
puzzle of level L grades L, Hard at least 90% of the time on every grid, and tau-b at
least 0.85 on every grid type, on puzzles not tuned on).

The corpus, ``benchmarks/data/loopy-calib.jsonl.gz``: 18 grids x 4 levels x 12
puzzles at Loopy's preset sizes, made one at a time by Loopy (upstream snapshot
20250730, built from source: Debian bookworm's 20230122 has no Penrose, hats or
spectres) with ``loopy --generate 1 PARAMS#SEED`` (``params`` and ``seed`` are in each
line, so every puzzle can be made again), each confirmed at its level by Loopy's own
grader. The first 6 puzzles of each grid and level are the ``tune`` split (looked at
while the rules and the score were designed), the other 6 the ``test`` split.

    python benchmarks/calibrate.py --split test --jobs 2
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from slitherasp.formats import read_text
from slitherasp.model.levels import HUMAN_LEVELS

LOOPY_LEVELS = ("e", "n", "t", "h")
LOOPY_NAMES = {"e": "Easy", "n": "Normal", "t": "Tricky", "h": "Hard"}


def kendall_tau_b(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-b (ties in either variable accounted for)."""
    concordant = discordant = tie_x = tie_y = 0
    n = len(xs)
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tie_x += 1
            elif dy == 0:
                tie_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = ((concordant + discordant + tie_x) * (concordant + discordant + tie_y)) ** 0.5
    return (concordant - discordant) / denominator if denominator else 0.0


def run_one(entry: dict, reasons: bool = False) -> dict:
    """Grade one puzzle: by ``human_grade`` (the explanation's steps without their
    reasons: the same grade and score) or, with ``reasons``, by a whole explanation."""
    from slitherasp.explain import explain, human_grade

    puzzle = read_text(entry["game_id"], entry.get("seed", "<loopy>"), "loopy")
    start = time.process_time()
    if reasons:
        e = explain(puzzle)
        top = max((s.level for s in e.steps), default=1)
        found = {"grade": e.grade, "score": e.score, "steps": len(e.steps), "complete": e.complete,
                 "top_rules": sorted({s.rule for s in e.steps if s.level == top})}
    else:
        g = human_grade(puzzle)
        found = {"grade": g.level, "score": g.score, "steps": sum(g.steps), "complete": g.solved,
                 "per_level": list(g.steps)}
    return {**entry, **found, "cpu": time.process_time() - start}


def _run_with_reasons(entry: dict) -> dict:
    return run_one(entry, reasons=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=str(Path(__file__).parent / "data" / "loopy-calib.jsonl.gz"),
                    help="JSON lines (.gz too) of Loopy puzzles with their levels (default: the bundled corpus)")
    ap.add_argument("--split", default="all", help="tune, test or all (default: all)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--types", help="comma-separated grid numbers t (default: all)")
    ap.add_argument("--out", help="also write one JSON line per puzzle here")
    ap.add_argument("--reasons", action="store_true",
                    help="explain each puzzle in full, reasons and all (slower; same grades)")
    args = ap.parse_args()
    path = Path(args.corpus)
    text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
    entries = [json.loads(line) for line in text.splitlines() if line.strip()]
    if args.split != "all":
        entries = [e for e in entries if e.get("split") == args.split]
    if args.types:
        wanted = {int(t) for t in args.types.split(",")}
        entries = [e for e in entries if e["t"] in wanted]
    results = []
    sink = open(args.out, "w") if args.out else None  # noqa: SIM115 - written as results come
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(_run_with_reasons if args.reasons else run_one, entries):
            results.append(r)
            if sink:
                sink.write(json.dumps(r) + "\n")
                sink.flush()
    if sink:
        sink.close()
    by_type = defaultdict(list)
    for r in results:
        by_type[(r["t"], r["type"])].append(r)
    print("| t | grid | n | tau-b | " + " | ".join(f"Loopy {LOOPY_NAMES[d]}: our grades" for d in LOOPY_LEVELS)
          + " | CPU s (median, max) |")
    print("|---|---|---:|---:|" + "---|" * len(LOOPY_LEVELS) + "---|")
    taus = []
    for (t, name), rs in sorted(by_type.items()):
        tau = kendall_tau_b([LOOPY_LEVELS.index(r["diff"]) for r in rs], [r["score"] for r in rs])
        taus.append(tau)
        cells = []
        for d in LOOPY_LEVELS:
            grades = Counter(r["grade"] or "-" for r in rs if r["diff"] == d)
            cells.append(" ".join(f"{g[:4]}:{n}" for g, n in sorted(grades.items(), key=lambda x: _order(x[0]))))
        cpu = [r["cpu"] for r in rs]
        print(f"| {t} | {name} | {len(rs)} | {tau:.2f} | " + " | ".join(cells)
              + f" | {statistics.median(cpu):.2f}, {max(cpu):.2f} |")
    all_tau = kendall_tau_b([LOOPY_LEVELS.index(r["diff"]) for r in results], [r["score"] for r in results])
    print(f"\nall {len(results)} puzzles: tau-b {all_tau:.2f}; lowest per grid {min(taus):.2f}; "
          f"grids at or above 0.85: {sum(t >= 0.85 for t in taus)}/{len(taus)}")
    incomplete = [r for r in results if not r["complete"]]
    if incomplete:
        print(f"{len(incomplete)} explanations did not reach the answer", file=sys.stderr)


def _order(grade: str) -> int:
    return HUMAN_LEVELS.index(grade) if grade in HUMAN_LEVELS else 99


if __name__ == "__main__":
    main()
