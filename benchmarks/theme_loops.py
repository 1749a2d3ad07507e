"""Why a clue theme gives no puzzle (issue 50): per loop, the full clue set of the
theme (every face whose count is listed) judged before any clue goes. Its answers by
clingo (one, or more: then no removal order can help) and, when one, the easiest
person's level that solves it (:func:`slitherasp.rules.grade.human_grade`: a level
below the one asked cannot be reached from that loop, the rules being monotone in the
clues). Loops as generation draws them for the theme (reshaped, ``--plain``: Loopy's
own; ``--repair 4``: repaired as generation repairs them, :func:`slitherasp.make.setting.shaped`).

    python benchmarks/theme_loops.py [--loops 50] [--tilings cairo:10x10,...] [--themes 2,3/3]
    python benchmarks/theme_loops.py --made LEVEL [--seeds 10] [--tilings ...] [--themes ...]

``--made LEVEL``: generation itself at that person's level, per seed: the loops it tried
and its wall seconds (a failure: its loops, marked ``x``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

ORDER = ("easy", "normal", "tricky", "hard", "fiendish", "search", "not unique")


def judge(name: str, w: int, h: int, values: frozenset[int], loops: int, reshaped: bool,
          rounds: int = 0) -> tuple[Counter, float]:
    """The outcome of each loop's full clue set of the theme, and the mean clues given."""
    from slitherasp import tilings
    from slitherasp.make.loops import random_loop
    from slitherasp.make.setting import Setting, plan
    from slitherasp.rules.grade import human_grade
    from slitherasp.solver.run import solve

    patch = tilings.build(name, w, h)
    asked = plan(Setting(values=values), patch)
    rng, seen, given = random.Random(1), Counter(), 0
    for _ in range(loops):
        seed = rng.randrange(2**32)
        loop = asked.random_loop(patch, seed, rounds=rounds) if reshaped else random_loop(patch, seed)
        full = patch.signature(loop)
        themed = patch.with_clues({c: k for c, k in enumerate(full) if k in values})
        given += themed.clue_count()
        if len(solve(themed, models=2).answers) > 1:
            seen["not unique"] += 1
            continue
        seen[human_grade(themed, deadline=time.perf_counter() + 20).level or "search"] += 1
    return seen, given / loops


def made(name: str, w: int, h: int, values: frozenset[int], level: str, seeds: int) -> str:
    """Generation's loops and seconds per seed, as ``loops/seconds`` cells."""
    from slitherasp import tilings
    from slitherasp.make.generate import generate
    from slitherasp.make.setting import Setting, plan
    from slitherasp.model.errors import GenerationError

    patch = tilings.build(name, w, h)
    asked = plan(Setting(values=values), patch, level)
    cells = []
    for seed in range(1, seeds + 1):
        start = time.perf_counter()
        try:
            cells.append(f"{generate(patch, seed=seed, difficulty=level, plan=asked).attempts}")
        except GenerationError as e:
            cells.append(f"x{str(e).split(' loops')[0].rsplit(' ', 1)[-1]}")
        cells[-1] += f" ({time.perf_counter() - start:.1f} s)"
    return ", ".join(cells)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loops", type=int, default=50)
    ap.add_argument("--tilings", default="cairo:10x10,honeycomb:10x10,square:10x10")
    ap.add_argument("--themes", default="2,3/3")
    ap.add_argument("--plain", action="store_true", help="Loopy's own loops, not reshaped for the theme")
    ap.add_argument("--repair", type=int, default=0, metavar="N", help="rounds of repair of each reshaped loop")
    ap.add_argument("--made", metavar="LEVEL", help="generation at this level: its loops and seconds per seed")
    ap.add_argument("--seeds", type=int, default=10)
    args = ap.parse_args()
    if args.made:
        print(f"| tiling | theme | {args.made}: loops tried (wall s), seeds 1 to {args.seeds} |")
        print("|---|---|---|")
        for item in args.tilings.split(","):
            name, size = item.split(":")
            w, h = map(int, size.split("x"))
            for theme in args.themes.split("/"):
                values = frozenset(int(k) for k in theme.split(","))
                print(f"| {name} {size} | {theme} | {made(name, w, h, values, args.made, args.seeds)} |", flush=True)
        return
    print("| tiling | theme | loops | clues given (mean) | " + " | ".join(ORDER) + " |")
    print("|---|---|---|---|" + "---|" * len(ORDER))
    for item in args.tilings.split(","):
        name, size = item.split(":")
        w, h = map(int, size.split("x"))
        for theme in args.themes.split("/"):
            values = frozenset(int(k) for k in theme.split(","))
            seen, given = judge(name, w, h, values, args.loops, not args.plain, args.repair)
            cells = " | ".join(str(seen[k]) for k in ORDER)
            print(f"| {name} {size} | {theme} | {args.loops} | {given:.0f} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
