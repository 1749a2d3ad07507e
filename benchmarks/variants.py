"""The variants' speed against classic Slitherlink's: solving a generated puzzle and
proving its answer unique, on the same grid, side by side in one run.

    python benchmarks/variants.py [--seeds N] [--tiling square] [--size 20x20] [--repeat R]

For each variant, ``--seeds`` puzzles are made with ``generate --variant`` (unique at
any solver grade, clues removed one at a time: no single clue is left to spare within
the test budget) and each is solved with ``solve(puzzle, unique=True)`` ``--repeat``
times in this process (wall time, best of the repeats, then the median over the
puzzles). Classic puzzles on the same grid are the yardsticks: the solver's ``hard``
(sparse, needs search), solved as ``solve`` does and as the whole program
(``--no-simplify``), and a person's ``normal`` (Loopy's default). A classic solve
first runs the rule engine in Python, which settles most classic puzzles whole; a
variant's always goes to clingo whole (the rule engine knows the classic rule
only). All points need a Hamiltonian cycle, which a W x H square grid has only when
(W + 1)(H + 1) is even: on a 20x20 square they use 20x21, said in the table. The
markdown table goes to stdout; the ratio column is the variant's median over each classic median.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from slitherasp import tilings
from slitherasp.kinds.variant.puzzle import NAMES, variant
from slitherasp.kinds.variant.rules import is_answer
from slitherasp.make.generate import generate
from slitherasp.make.variants import generate_variant
from slitherasp.solver.run import solve
from slitherasp.validate import is_solution


def timed(puzzle: object, repeat: int, simplify: bool = True) -> float:
    """Best wall seconds of ``repeat`` unique solves (each checked unique)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        r = solve(puzzle, unique=True, simplify=simplify)
        best = min(best, time.perf_counter() - start)
        assert r.unique is True
    return best


def size_for(name: str, tiling: str, w: int, h: int) -> tuple[int, int]:
    """All points on a square grid need an even number of vertices."""
    if name.endswith("full") and tiling == "square" and (w + 1) * (h + 1) % 2:
        return w, h + 1
    return w, h


def row(label: str, times: list[float], clues: list[int], cells: int, base: list[float]) -> str:
    med = statistics.median(times)
    ratios = " / ".join(f"{med / statistics.median(b):.2f}" for b in base) if base else "1"
    return (f"| {label} | {len(times)} | {statistics.median(clues):.0f} of {cells} | {1000 * med:.0f} | "
            f"{1000 * max(times):.0f} | {ratios} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--tiling", default="square")
    ap.add_argument("--size", default="20x20")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", help="comma-separated variant names (default: all)")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    out = ["| puzzle | puzzles | clues (median) | solve + unique, median ms | slowest ms | "
           "ratio to classic hard / hard whole / normal |", "|---|---:|---:|---:|---:|---:|"]
    base: list[list[float]] = []
    for goal, simplify in (("hard", True), ("hard", False), ("normal", True)):
        patch = tilings.build(args.tiling, w, h)
        times, clues = [], []
        for seed in range(1, args.seeds + 1):
            made = generate(patch, seed=seed, person=False,
                            **({"level": "hard"} if goal == "hard" else {"difficulty": goal}))
            assert is_solution(made.puzzle, made.answer)
            times.append(timed(made.puzzle, args.repeat, simplify))
            clues.append(made.puzzle.clue_count())
        how = "" if simplify else ", whole program (--no-simplify)"
        out.append(row(f"classic, {goal}{how} ({args.tiling} {w}x{h})", times, clues, len(patch.cells), []))
        base.append(times)
        print(out[-1], file=sys.stderr)
    for name in (args.only.split(",") if args.only else NAMES):
        vw, vh = size_for(name, args.tiling, w, h)
        blank = variant(tilings.build(args.tiling, vw, vh), name)
        times, clues = [], []
        for seed in range(1, args.seeds + 1):
            made = generate_variant(blank, seed=seed)
            assert is_answer(made.puzzle, made.answer)
            times.append(timed(made.puzzle, args.repeat))
            clues.append(made.puzzle.clue_count())
        where = "" if (vw, vh) == (w, h) else f" ({vw}x{vh})"
        out.append(row(name + where, times, clues, len(blank.cells), base))
        print(out[-1], file=sys.stderr)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
