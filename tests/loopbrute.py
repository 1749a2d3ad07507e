"""An independent brute force for the single-loop models: every simple cycle of a tiny
patch by depth-first search (no clingo, no networkx), the answers of a clue set by
filtering them, and the equality run of issue 49 that holds every model and option
to it.

Run by hand: ``python tests/loopbrute.py --puzzles 10000`` prints the run's table;
``tests/test_encodings_equal.py`` runs a slice of it, and all of it when
``SLITHERASP_EQUAL_PUZZLES`` is set.

>>> from slitherasp import tilings
>>> len(cycles(tilings.build("square", 3, 3)))   # seed 004: 213 loops on 4x4 points
213
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from slitherasp import tilings
from slitherasp.model import Answer, Puzzle, from_faces

PATCHES = (("square", 3, 3, None, None), ("square", 4, 2, None, None), ("honeycomb", 3, 3, None, None),
           ("triangular", 3, 3, None, 12), ("cairo", 3, 3, None, None), ("snub-square", 3, 3, None, 12),
           ("altair", 1, 1, None, 10), ("trisquares", 1, 1, None, 14), ("snowflake", 1, 1, None, None),
           ("penrose-p3", 6, 6, 2, None), ("penrose-p2", 5, 5, 1, None), ("octagonal", 3, 3, None, None),
           ("great-dodecagonal", 2, 2, None, None))
"""The tiny patches of the run: (tiling, width, height, seed, cells): the patch, or its
``cells`` faces nearest its middle. Every one is a disc with coordinates, so that
every model and option applies (parity on the bipartite ones)."""
SPECS = ("reach", "colour", "label", "automaton", "distance", "turns", "lazy")
"""The single-loop models."""
OPTIONS = ((), ("cuts",), ("parity",), ("faces",), ("cuts", "faces", "parity"))
"""The option sets, one per puzzle in turn (parity where the graph is bipartite)."""


def cycles(puzzle: Puzzle) -> list[Answer]:
    """Every simple cycle of the puzzle's graph, as a set of edge indices, each once:
    found from its least vertex, along neighbours greater than it, and kept in the
    direction whose second vertex is less than its last."""
    near: list[list[tuple[int, int]]] = [[] for _ in puzzle.vertices]
    for e, (u, v) in enumerate(puzzle.edges):
        near[u].append((v, e))
        near[v].append((u, e))
    out: list[Answer] = []
    for s in range(len(puzzle.vertices)):
        _grow(s, [s], [], {s}, near, out)
    return out


def _grow(s: int, path: list[int], edges: list[int], on: set[int], near: list[list[tuple[int, int]]],
          out: list[Answer]) -> None:
    """Every path from ``s`` along ``path`` on vertices greater than ``s``, extended
    depth first; each time it can close, the cycle (once per direction pair)."""
    for y, e in near[path[-1]]:
        if y == s and len(path) >= 3 and path[1] < path[-1]:
            out.append(frozenset((*edges, e)))
        elif y > s and y not in on:
            path.append(y)
            edges.append(e)
            on.add(y)
            _grow(s, path, edges, on, near, out)
            on.discard(path.pop())
            edges.pop()


@dataclass(frozen=True)
class Patch:
    """A tiny patch, its cycles, and for each cell and clue value the cycles that give
    the cell that value (a bit set over the cycles, as an int)."""

    name: str
    puzzle: Puzzle
    loops: tuple[Answer, ...]
    fits: tuple[dict[int, int], ...]
    bipartite: bool

    @classmethod
    def build(cls, name: str, width: int, height: int, seed: int | None, cells: int | None = None) -> Patch:
        puzzle = tilings.build(name, width, height, seed=seed)
        if cells is not None:
            puzzle = middle(puzzle, cells)
        loops = tuple(cycles(puzzle))
        fits: list[dict[int, int]] = [{} for _ in puzzle.cells]
        for i, loop in enumerate(loops):
            for c, es in enumerate(puzzle.cell_edges):
                k = sum(e in loop for e in es)
                fits[c][k] = fits[c].get(k, 0) | 1 << i
        label = f"{name} {width}x{height}" + (f" seed {seed}" if seed is not None else "") + \
            (f", {cells} middle cells" if cells is not None else "")
        return cls(label, puzzle, loops, tuple(fits), _bipartite(puzzle))

    def answers(self, clues: Sequence[int | None]) -> frozenset[Answer]:
        """The cycles that meet every clue: the puzzle's answers."""
        mask = (1 << len(self.loops)) - 1
        for c, k in enumerate(clues):
            if k is not None:
                mask &= self.fits[c].get(k, 0)
        return frozenset(self.loops[i] for i in range(len(self.loops)) if mask >> i & 1)


def middle(puzzle: Puzzle, cells: int) -> Puzzle:
    """The disc of at least ``cells`` faces of a patch nearest its middle (by the
    faces' centres), with their coordinates."""
    geo = puzzle.geometry
    assert geo is not None
    polygons = [geo.face_polygon(c) for c in range(len(puzzle.cells))]
    x0, y0, x1, y1 = geo.bounds
    mid = ((x0 + x1) / 2, (y0 + y1) / 2)

    def far(poly: list) -> float:
        cx, cy = sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
        return (cx - mid[0]) ** 2 + (cy - mid[1]) ** 2

    near = sorted(polygons, key=far)
    for k in range(cells, len(near) + 1):
        part = from_faces(near[:k])
        if part.is_disc:
            return part
    return puzzle


def _bipartite(puzzle: Puzzle) -> bool:
    colour: dict[int, int] = {}
    for first in range(len(puzzle.vertices)):
        if first in colour:
            continue
        colour[first], todo = 0, [first]
        while todo:
            u = todo.pop()
            for e in puzzle.incidence[u]:
                a, b = puzzle.edges[e]
                v = b if a == u else a
                if v not in colour:
                    colour[v] = 1 - colour[u]
                    todo.append(v)
                elif colour[v] == colour[u]:
                    return False
    return True


MOST = 24
"""Clue sets with more answers than this are drawn again: every model enumerates every
answer of every puzzle, and the quadratic ones take a second or more for a hundred."""


def puzzles(patch: Patch, rng: random.Random) -> Iterator[list[int | None]]:
    """Clue sets on a patch, without end: a random loop's clues, some of them shown
    (one answer or several); the same with one shown clue changed (often none); and
    clues at random; at most :data:`MOST` answers each."""
    cells = patch.puzzle.cell_edges
    while True:
        loop = rng.choice(patch.loops)
        shown = rng.uniform(0.1, 0.8)
        clues: list[int | None] = [sum(e in loop for e in es) if rng.random() < shown else None for es in cells]
        kind = rng.choice((0, 0, 1, 2))
        if kind == 1:
            c = rng.randrange(len(cells))
            clues[c] = rng.choice([k for k in range(len(cells[c]) + 1) if k != clues[c]])
        elif kind == 2:
            clues = [rng.randrange(len(es) + 1) if rng.random() < shown / 3 else None for es in cells]
        if len(patch.answers(clues)) <= MOST:
            yield clues


@dataclass
class Tally:
    """What a run found, per patch: puzzles by number of answers, solves, mismatches."""

    puzzles: dict[str, list[int]] = field(default_factory=dict)
    solves: int = 0
    mismatches: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def table(self) -> str:
        """The run as a markdown table."""
        rows = ["| patch | puzzles | no answer | one | several | most answers |", "|---|---:|---:|---:|---:|---:|"]
        for name, counts in self.puzzles.items():
            rows.append(f"| {name} | {len(counts)} | {counts.count(0)} | {counts.count(1)} | "
                        f"{sum(n > 1 for n in counts)} | {max(counts)} |")
        all_ = [n for counts in self.puzzles.values() for n in counts]
        rows.append(f"| all | {len(all_)} | {all_.count(0)} | {all_.count(1)} | {sum(n > 1 for n in all_)} | "
                    f"{max(all_)} |")
        return "\n".join(rows) + (f"\n\n{self.solves} solves (every model, each enumerating all answers), "
                                  f"{len(self.mismatches)} mismatches, {self.seconds:.0f} s")


def run(n: int, seed: int = 49, *, simplify_every: int = 5, specs: Sequence[str] = SPECS) -> Tally:
    """Hold every model of ``specs`` (with the option sets of :data:`OPTIONS` in turn)
    to the brute force on ``n`` puzzles spread over :data:`PATCHES`: the same set of
    answers, enumerated to the end, and a count equal to it. Every
    ``simplify_every``-th puzzle is solved as the library solves by default (reduced
    first), the others on the whole puzzle so that clingo always searches."""
    from slitherasp.solver.run import solve

    rng = random.Random(seed)
    patches = [Patch.build(*p) for p in PATCHES]
    streams = [puzzles(p, rng) for p in patches]
    tally = Tally(puzzles={p.name: [] for p in patches})
    start = time.perf_counter()
    for i in range(n):
        patch = patches[i % len(patches)]
        clues = next(streams[i % len(patches)])
        expected = patch.answers(clues)
        tally.puzzles[patch.name].append(len(expected))
        puzzle = patch.puzzle.with_clues(clues)
        options = [o for o in OPTIONS[i // len(patches) % len(OPTIONS)] if o != "parity" or patch.bipartite]
        for model in specs:
            spec = "+".join((model, *options))
            r = solve(puzzle, models=0, encoding=spec, simplify=i % simplify_every == 0)
            tally.solves += 1
            got = frozenset(r.answers)
            if not r.exhausted or got != expected or r.count != len(expected) or len(r.answers) != r.count:
                tally.mismatches.append(f"{patch.name} clues {clues} {spec}: {r.count} answers "
                                        f"(exhausted {r.exhausted}), expected {len(expected)}")
    tally.seconds = time.perf_counter() - start
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description="hold every single-loop model to the brute force")
    ap.add_argument("--puzzles", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=49)
    args = ap.parse_args(argv)
    tally = run(args.puzzles, args.seed)
    print(tally.table())
    for m in tally.mismatches[:20]:
        print("MISMATCH", m)
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
