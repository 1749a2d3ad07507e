"""The fewest clues of random loops, proved least (``generate --minimum``), beside the
clues ``--minimal`` keeps on the same loops (every clue tested alone, in a random
order: no single clue can go, but a smaller set may exist), per size; and on small
boards the same minimum found by an exhaustive search (every loop of the patch listed
by a depth-first search, then clue sets of each size tried in turn:
``tests/exhaustive.py``, nothing of the package's search).

    python benchmarks/minimum.py [--sizes 3,4,5,6,7,8] [--loops 10] [--tiling square]
                                 [--exhaustive 4] [--limit 600]

Prints a markdown table: per size, the loops tried, the minimum (mean, range), the
minimal counts (mean, range), how many loops the minimum was proved for within
``--limit`` seconds of CPU, the proof's CPU seconds (median, most) and the other loops it
used (median); for how many proofs the certificate was checked (its other loops each
checked to be a loop, and a branch and bound over them demanding as many clues:
``tests/exhaustive.certified_least``); and where ``--exhaustive`` reaches, whether every
minimum equals the exhaustive one.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def minimal_count(patch, loop, seed: int) -> int:  # type: ignore[no-untyped-def]
    """The clues ``--minimal`` keeps of this loop (the solver's grade ``hard``: unique,
    every clue tested alone), in the removal order of ``seed``."""
    from slitherasp.make.removal import Remover, removed

    remover = Remover(patch, loop, "hard", None, None)
    order = remover.order()
    random.Random(seed).shuffle(order)
    assert removed(remover, order, True, None) == ""
    return remover.result().clue_count()


def main() -> None:
    from exhaustive import all_loops, certified_least, fewest_clues

    from slitherasp import tilings
    from slitherasp.make.generate import planted
    from slitherasp.make.minimum import minimum
    from slitherasp.model.errors import GenerationError
    from slitherasp.model.stopping import stop_when

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="3,4,5,6,7,8")
    ap.add_argument("--loops", type=int, default=10)
    ap.add_argument("--tiling", default="square")
    ap.add_argument("--exhaustive", type=int, default=4, help="sizes up to this one are also searched exhaustively")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds of CPU a proof may take")
    args = ap.parse_args()
    print(f"| {args.tiling} | loops | minimum: mean (range) | --minimal: mean (range) | proved | proof CPU s: "
          "median (most) | other loops: median | certificate checked | exhaustive |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        patch = tilings.build(args.tiling, size, size)
        every = all_loops(patch) if size <= args.exhaustive else None
        least, minimal, proved, seconds, cores, agree, certified = [], [], 0, [], [], [], 0
        seed = 0
        while len(least) < args.loops:
            seed += 1
            _, loop = planted(patch, seed=seed)
            start = time.process_time()
            try:
                with stop_when(lambda t=start: time.process_time() - t > args.limit):  # CPU, the machine's load aside
                    found = minimum(patch, loop)
            except GenerationError:  # two loops with the same clues everywhere: no puzzle
                continue
            seconds.append(time.process_time() - start)
            least.append(found.clues)
            proved += found.proved
            cores.append(found.cores)
            minimal.append(minimal_count(patch, loop, seed))
            if every is not None:
                agree.append(fewest_clues(patch, loop, every) == found.clues)
            checked = found.proved and certified_least(patch, loop, found.witnesses) == found.clues
            certified += checked
            print(f"{size}x{size} seed {seed}: {found.clues} (proved {found.proved}, certificate checked {checked}), "
                  f"minimal {minimal[-1]}, {seconds[-1]:.1f} s", file=sys.stderr, flush=True)

        def spread(xs: list[int]) -> str:
            return f"{statistics.mean(xs):.1f} ({min(xs)}-{max(xs)})"

        check = "-" if every is None else f"{sum(agree)}/{len(agree)} equal"
        print(f"| {size}x{size} | {len(least)} | {spread(least)} | {spread(minimal)} | {proved}/{len(least)} | "
              f"{statistics.median(seconds):.1f} ({max(seconds):.1f}) | {statistics.median(cores):.0f} | "
              f"{certified}/{proved} | {check} |", flush=True)


if __name__ == "__main__":
    main()
