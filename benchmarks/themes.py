"""Clue themes and masks at each of Loopy's levels: how many of ``--seeds`` seeds give
a puzzle through the web app's generate action within 20 s of CPU (the web app's time
limit, the machine's load aside), each checked: every clue of the theme (or on the
mask), graded at the level asked by a person's rules, unique by the solver.

    python benchmarks/themes.py [--seeds 5] [--tilings square:10x10,cairo:7x7]

Themes: no 0, only 2s and 3s, all 3s; the mask: every face but those of the middle
half of the patch (a frame), as face numbers.
"""

from __future__ import annotations

import argparse
import time

LEVELS = ("easy", "normal", "tricky", "hard")
LIMIT = 20.0
THEMES = {"no 0": {"no_zero": True}, "2s and 3s": {"values": [2, 3]}, "all 3s": {"values": [3]}, "frame mask": {}}


def frame(name: str, w: int, h: int) -> list[int]:
    """The faces of a patch but those whose centres lie in the middle half of its box."""
    from slitherasp import tilings

    g = tilings.build(name, w, h, seed=1).geometry
    xs = [p[0] for p in g.points]
    ys = [p[1] for p in g.points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    keep = []
    for c, f in enumerate(g.faces):
        cx = sum(g.points[v][0] for v in f) / len(f)
        cy = sum(g.points[v][1] for v in f) / len(f)
        middle = abs(cx - (x0 + x1) / 2) < (x1 - x0) / 4 and abs(cy - (y0 + y1) / 2) < (y1 - y0) / 4
        if not middle:
            keep.append(c)
    return keep


def one(name: str, w: int, h: int, theme: str, level: str, seed: int) -> tuple[bool, float, str]:
    """One generation and its checks: (ok, CPU seconds, why not)."""
    from slitherasp import solve
    from slitherasp.formats import read_text
    from slitherasp.model.stopping import stop_when
    from slitherasp.rules.grade import human_grade
    from slitherasp.web import api

    api.TIME_LIMIT = 100 * LIMIT
    asked = dict(THEMES[theme])
    if theme == "frame mask":
        asked["mask"] = frame(name, w, h)
    start = time.process_time()
    try:
        with stop_when(lambda: time.process_time() - start > LIMIT):
            body = api.generate({"tiling": name, "size": f"{w}x{h}", "seed": seed, "difficulty": level, **asked})
    except Exception as e:  # a failure is a result here, said in the table
        return False, time.process_time() - start, str(e)[:60]
    cpu = time.process_time() - start
    if cpu > LIMIT:
        return False, cpu, "out of time"
    puzzle = read_text(body["puzzle"], "<made>")
    given = {c for c, k in enumerate(puzzle.clues) if k is not None}
    values = {puzzle.clues[c] for c in given}
    honoured = (0 not in values if theme == "no 0" else values <= set(asked["values"]) if "values" in asked
                else given <= set(asked["mask"]))
    level_ok = human_grade(puzzle).level == level and bool(solve(puzzle, unique=True).unique)
    return honoured and level_ok, cpu, "" if honoured and level_ok else "wrong"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--tilings", default="square:10x10,cairo:7x7,honeycomb:10x10")
    args = ap.parse_args()
    print("| tiling | theme | " + " | ".join(LEVELS) + " |")
    print("|---|---|" + "---|" * len(LEVELS))
    for item in args.tilings.split(","):
        name, size = item.split(":")
        w, h = map(int, size.split("x"))
        for theme in THEMES:
            cells = []
            for level in LEVELS:
                runs = [one(name, w, h, theme, level, seed) for seed in range(1, args.seeds + 1)]
                good = sorted(cpu for ok, cpu, _ in runs if ok)
                med = f" ({good[len(good) // 2]:.1f} s)" if good else ""
                cells.append(f"{len(good)}/{len(runs)}{med}")
            print(f"| {name} {size} | {theme} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
