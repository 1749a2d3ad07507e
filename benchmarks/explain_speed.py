"""Explanation speed: ``explain`` on Loopy Hard puzzles, and ``hint`` from a board half
way through (the lines and crosses of the first half of the explanation's steps, as a
player who follows it would have drawn them). CPU seconds, one process, one row per
puzzle; the grade for a person alone (``human_grade``, no reasons) beside them.

The puzzles are in ``benchmarks/data/explain-speed.txt``: Loopy's parameters and seed
(``sgt-loopy --generate 1 PARAMS#SEED`` remakes the puzzle on the Loopy that made it,
Debian bookworm's 20230122) and the game ID.

    python benchmarks/explain_speed.py [--file FILE]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from slitherasp.explain import explain, hint, human_grade
from slitherasp.formats import read_text

HERE = Path(__file__).parent


def cpu(f):  # type: ignore[no-untyped-def]
    start = time.process_time()
    value = f()
    return value, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", default=str(HERE / "data" / "explain-speed.txt"))
    args = ap.parse_args()
    print("| puzzle | edges | grade | steps | explain CPU s | not minimal | hint CPU s (mid-game) "
          "| human_grade CPU s |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for line in Path(args.file).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, game_id = line.split()
        puzzle = read_text(game_id, name, "loopy")
        e, t_explain = cpu(lambda: explain(puzzle))  # noqa: B023
        half = [x for s in e.steps[: len(e.steps) // 2] for x in s.settles]
        links = [x for x, is_line in half if is_line]
        crosses = [x for x, is_line in half if not is_line]
        h, t_hint = cpu(lambda: hint(puzzle, links, crosses))  # noqa: B023
        g, t_grade = cpu(lambda: human_grade(puzzle))  # noqa: B023
        assert h.step is not None and g.level == e.grade
        print(f"| {name} | {len(puzzle.edges)} | {e.grade} | {len(e.steps)} | {t_explain:.2f} | "
              f"{sum(not s.minimal for s in e.steps)} | {t_hint:.3f} | {t_grade:.3f} |")


if __name__ == "__main__":
    main()
