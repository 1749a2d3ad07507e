"""Human grades against Loopy's own levels: the calibration table.

Reads Loopy puzzles with the level Loopy generated them at (JSON lines with
``type``, ``t``, ``diff`` in e/n/t/h, ``game_id``, and optionally ``split``), explains
each one, and prints, per grid type, how our grades fall against Loopy's levels and
the Kendall tau-b between our score and Loopy's level (the goal: at least 0.5 on
every grid type, on puzzles not tuned on).

Make such a corpus with Loopy itself (Debian's ``sgt-puzzles``; Penrose, hats and
spectres need Loopy from 2023 or later, e.g. Debian trixie's):

    sgt-loopy --generate 1 '7x7t0dh#calib-t0-h-00'

and one JSON line per puzzle. ``--generate DIR`` does that for every grid type the
installed ``sgt-loopy`` knows (12 puzzles per grid and level, at Loopy's presets).

    python benchmarks/calibrate.py --corpus loopy-calib.jsonl --split test --jobs 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from slitherasp.formats import read_text
from slitherasp.grades import HUMAN_LEVELS

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


def run_one(entry: dict) -> dict:
    from slitherasp.explain import explain

    puzzle = read_text(entry["game_id"], entry.get("seed", "<loopy>"), "loopy")
    start = time.process_time()
    e = explain(puzzle)
    return {**entry, "grade": e.grade, "score": e.score, "steps": len(e.steps), "complete": e.complete,
            "cpu": time.process_time() - start, "top_rules": sorted({s.rule for s in e.steps
                                                                    if s.level == max(t.level for t in e.steps)})}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True, help="JSON lines of Loopy puzzles with their levels")
    ap.add_argument("--split", default="all", help="tune, test or all (default: all)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--types", help="comma-separated grid numbers t (default: all)")
    ap.add_argument("--out", help="also write one JSON line per puzzle here")
    args = ap.parse_args()
    entries = [json.loads(line) for line in Path(args.corpus).read_text().splitlines() if line.strip()]
    if args.split != "all":
        entries = [e for e in entries if e.get("split") == args.split]
    if args.types:
        wanted = {int(t) for t in args.types.split(",")}
        entries = [e for e in entries if e["t"] in wanted]
    results = []
    sink = open(args.out, "w") if args.out else None  # noqa: SIM115 - written as results come
    with ProcessPoolExecutor(args.jobs) as pool:
        for r in pool.map(run_one, entries):
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
          f"grids at or above 0.5: {sum(t >= 0.5 for t in taus)}/{len(taus)}")
    incomplete = [r for r in results if not r["complete"]]
    if incomplete:
        print(f"{len(incomplete)} explanations did not reach the answer", file=sys.stderr)


def _order(grade: str) -> int:
    return HUMAN_LEVELS.index(grade) if grade in HUMAN_LEVELS else 99


if __name__ == "__main__":
    main()
