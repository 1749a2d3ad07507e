"""Symmetric puzzles within the web app's time limit: for each tiling, the symmetries
that its patches near 10x10 have (9 to 11 faces a side; each symmetry at the size
nearest 10x10 that has it; aperiodic patches have none there), and each of Loopy's four levels, how many of ``--seeds``
seeds give a symmetric puzzle of that level through the web app's own action
(``web/api.generate``), stopped after 20 s of CPU (the web app's limit is 20 s of wall
time; on the shared machine of these runs, at a load of 10-16 on 2 cores, wall time
says little about the code), each puzzle checked: its clue layout invariant under the symmetry's turn or mirror (as a
permutation of the faces found from the geometry), graded at the level asked by a
person's rules (which proves it unique), and unique by the solver.

    python benchmarks/symmetry.py [--seeds 10] [--tilings a,b] [--levels easy,hard]
                                  [--results FILE] [--jobs N]

Every run is a line of ``--results`` (JSON, kept: a second run goes on where the first
stopped); the table is printed from all of them. Where a cell is below 8/10, the same
seeds are run without symmetry at that size and level: a row "(none: the baseline)"
says what the tiling's patch gives at all.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

LEVELS = ("easy", "normal", "tricky", "hard")
LIMIT = 20.0
RESULTS = Path("/tmp/symmetry_results.jsonl")


def patch_sizes(name: str) -> dict[str, tuple[int, int]]:
    """Each symmetry that a patch of 9 to 11 faces a side has (seed 0), at the size
    nearest 10x10 that has it."""
    from slitherasp import tilings
    from slitherasp.tilings.symmetry import symmetries

    found: dict[str, tuple[int, int]] = {}
    sizes = sorted(((w, h) for w in (9, 10, 11) for h in (9, 10, 11)),
                   key=lambda s: (abs(s[0] - 10) + abs(s[1] - 10), abs(s[0] - s[1]), s))
    for w, h in sizes:
        try:
            names = symmetries(tilings.build(name, w, h, seed=0))
        except Exception:  # a size the tiling refuses
            continue
        for sym in names:
            found.setdefault(sym, (w, h))
    return found


def one(job: tuple[str, int, int, str, str, int]) -> dict:
    """One generation through the web app's action, stopped after :data:`LIMIT` seconds
    of CPU (the machine's load aside), and its checks."""
    from slitherasp import solve, tilings
    from slitherasp.formats import read_text
    from slitherasp.model.stopping import stop_when
    from slitherasp.rules.grade import human_grade
    from slitherasp.tilings.symmetry import symmetries
    from slitherasp.web import api

    name, w, h, sym, level, seed = job
    api.TIME_LIMIT = 100 * LIMIT  # the limit is on CPU here: a loaded machine's wall clock says little
    start, wall = time.process_time(), time.perf_counter()
    out = {"tiling": name, "size": f"{w}x{h}", "symmetry": sym, "level": level, "seed": seed}
    try:
        with stop_when(lambda: time.process_time() - start > LIMIT):
            body = api.generate({"tiling": name, "size": f"{w}x{h}", "seed": seed, "difficulty": level,
                                 "symmetry": sym or None})
    except Exception as e:  # a failure is a result here, said in the table
        body = {"error": str(e)[:200]}
    out["seconds"] = round(time.process_time() - start, 2)
    out["wall"] = round(time.perf_counter() - wall, 2)
    if "error" in body:
        out["error"] = body["error"]
        return out
    puzzle = read_text(body["puzzle"], "<made>")
    clued = [k is not None for k in puzzle.clues]
    if sym:
        perm = symmetries(tilings.build(name, w, h, seed=seed))[sym]
        out["symmetric"] = all(clued[c] == clued[perm[c]] for c in range(len(clued)))
    out["grade"] = human_grade(puzzle).level
    out["unique"] = bool(solve(puzzle, unique=True).unique)
    out["clues"] = puzzle.clue_count()
    out["ok"] = (out["seconds"] <= LIMIT and out.get("symmetric", True) and out["grade"] == level
                 and out["unique"])
    return out


def jobs(names: list[str], levels: list[str], seeds: int) -> tuple[list[tuple], dict[str, dict]]:
    from slitherasp import tilings

    todo, sizes = [], {}
    for name in names:
        sizes[name] = {} if tilings.get(name).seeded else patch_sizes(name)
        for sym, (w, h) in sizes[name].items():
            for level in levels:
                for seed in range(1, seeds + 1):
                    todo.append((name, w, h, sym, level, seed))
    return todo, sizes


def key(r: dict | tuple) -> tuple:
    """A run's key: tiling, size, symmetry ("" for none), level, seed."""
    if isinstance(r, dict):
        return r["tiling"], r["size"], r["symmetry"], r["level"], r["seed"]
    name, w, h, sym, level, seed = r
    return name, f"{w}x{h}", sym, level, seed


def table(rows: list[dict], sizes: dict[str, dict], levels: list[str]) -> str:
    """The markdown table: per tiling, size and symmetry, each level's share of seeds
    that gave a checked symmetric puzzle in time (and its median CPU seconds); where a
    cell is below 8/10, a row without symmetry at that size beside it (the baseline)."""
    lines = ["| tiling | size | symmetry | " + " | ".join(levels) + " |", "|---|---|---|" + "---|" * len(levels)]
    cells = below = 0
    for name, found in sizes.items():
        if not found:
            lines.append(f"| {name} | - | none near 10x10 | " + " | ".join("-" for _ in levels) + " |")
            continue
        places = [(sym, f"{w}x{h}") for sym, (w, h) in found.items()]
        places += [("", size) for size in dict.fromkeys(size for _, size in places)]
        for sym, size in places:
            row, seen = [name, size, sym or "(none: the baseline)"], False
            for level in levels:
                runs = [r for r in rows if key(r)[:4] == (name, size, sym, level)]
                good = [r for r in runs if r.get("ok")]
                times = sorted(r["seconds"] for r in good)
                med = f" ({times[len(times) // 2]:.1f} s)" if times else ""
                row.append(f"{len(good)}/{len(runs)}{med}" if runs else "")
                seen |= bool(runs)
                if runs and sym:
                    cells += 1
                    below += len(good) < 0.8 * len(runs)
            if seen:
                lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append(f"{cells} cells, {cells - below} at or above 8/10 ({100 * (cells - below) / max(cells, 1):.0f}%)")
    return "\n".join(lines)


def baseline(done: dict, todo: list[tuple]) -> list[tuple]:
    """The runs without symmetry, at the same size and seeds, of every cell below 8/10."""
    cells: dict[tuple, list[bool]] = {}
    for j in todo:
        r = done.get(key(j))
        if r is not None:
            cells.setdefault((j[0], j[1], j[2], j[4]), []).append(bool(r.get("ok")))
    low = {c for c, oks in cells.items() if sum(oks) < 0.8 * len(oks)}
    return sorted({(name, w, h, "", level, j[5]) for j in todo for (name, w, h, level) in low
                   if (j[0], j[1], j[2], j[4]) == (name, w, h, level)})


def run(jobs_left: list[tuple], done: dict, results: Path, workers: int) -> None:
    """Run the jobs, keeping each result in ``done`` and as a line of ``results``."""
    if not jobs_left:
        return
    print(f"{len(jobs_left)} runs to do", file=sys.stderr)
    with ProcessPoolExecutor(workers) as pool, results.open("a") as keep:
        for r in pool.map(one, jobs_left):
            done[key(r)] = r
            keep.write(json.dumps(r) + "\n")
            keep.flush()
            print(json.dumps(r), file=sys.stderr, flush=True)


def main() -> None:
    from slitherasp import tilings

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--tilings", default=",".join(sorted(tilings.TILINGS)))
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--results", type=Path, default=RESULTS)
    ap.add_argument("--more", type=Path, nargs="*", default=[], help="other results files to read (not written)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--table-only", action="store_true", help="print the table of the results kept, run nothing")
    args = ap.parse_args()
    names, levels = args.tilings.split(","), args.levels.split(",")
    todo, sizes = jobs(names, levels, args.seeds)
    done: dict[tuple, dict] = {}
    for path in (args.results, *args.more):
        if path.is_file():
            for line in path.read_text().splitlines():
                r = json.loads(line)
                done[key(r)] = r
    if not args.table_only:
        run([j for j in todo if key(j) not in done], done, args.results, args.jobs)
        run([j for j in baseline(done, todo) if key(j) not in done], done, args.results, args.jobs)
    rows = list(done.values())
    print(table(rows, sizes, levels))


if __name__ == "__main__":
    main()
