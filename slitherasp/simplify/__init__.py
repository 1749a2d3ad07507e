"""Shrinking a puzzle before it is grounded: settle what local rules settle, then
drop the edges that are crosses and join chains of edges that must agree.

Three steps, each exact (the answers of the smaller program are the answers of the
puzzle, one for one; ``tests/test_simplify.py`` compares them, counts included):

1. **Propagate** the rules of :mod:`slitherasp.rules` (its levels 1, 2 giving way to 3, and 5:
   vertices, clues, the loop rule and, on a disc, Loopy's corners, the inside/outside
   parity of faces and every way of placing a place's lines) to a fixpoint.
2. **Drop** the crosses. Their faces merge into *regions* (still a partition of the
   plane: each region lies wholly inside or outside any loop of the rest).
3. **Join** the two edges at every vertex left with two: they are both lines or both
   crosses, so the chain becomes one *segment*. A clue counts a segment with the
   number of its edges in the cell (a weight); a segment keeps the regions on its two
   sides. A chain that would become a second segment between the same two vertices
   stops one edge short, so segments are still named by their two end vertices.

Loopy's puzzles (864 of all levels on 18 grids, and 49 big ones in
``benchmarks/``) are all settled completely; on hats and spectres, where most vertices have
degree 2, joining alone leaves a third of the edges (``benchmarks/README.md``). A contradiction found on the way is
returned as ``None``: the caller then solves the puzzle as it is, and clingo proves
that it has no answer.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 3, 1).with_clues([3, None, 3])
>>> r = reduce(p, faces=True)
>>> len(p.edges), r.settled, len(r.segments), all(s.on for s in r.segments)
(10, 10, 3, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Puzzle
from ..model.topology import Parity
from ..rules import propagate

__all__ = ["Reduced", "Segment", "propagate", "reduce"]


# --------------------------------------------------------------------------- reduction
Clue = tuple[int, int, tuple[tuple[int, int], ...]]
"""``(cell, clue left, ((segment, weight), ...))``."""


@dataclass(frozen=True)
class Segment:
    """A chain of the puzzle's edges that are all lines or all crosses, between two
    vertices (indices) that keep it apart from every other segment."""

    ends: tuple[int, int]
    edges: tuple[int, ...]
    on: bool
    """Settled as lines already."""
    sides: tuple[int, int] | None = None
    """The regions on its two sides (a cell index naming each; -1 the outside)."""


@dataclass(frozen=True)
class Reduced:
    """The smaller puzzle: segments, what is left of each clue, and how many of the
    puzzle's edges the propagation settled."""

    segments: tuple[Segment, ...]
    clues: tuple[Clue, ...]
    """Each clue not yet met."""
    settled: int
    root: tuple[int, ...]
    """Vertices every answer touches, in a fixed order (the root candidates)."""


def reduce(puzzle: Puzzle, *, faces: bool = False, state: Sequence[bool | None] | None = None) -> Reduced | None:
    """The reduced puzzle (see the module), or ``None`` when the local rules prove
    there is no answer. ``state``: what :func:`propagate` gave, if it ran already."""
    if state is None:
        state = propagate(puzzle, faces=faces)
    if state is None:
        return None
    segments = _segments(puzzle, state, faces)
    seg_of = {e: i for i, s in enumerate(segments) for e in s.edges}
    clues: list[Clue] = []
    for c, k in enumerate(puzzle.clues):
        if k is None:
            continue
        weights: dict[int, int] = {}
        left = k
        for e in puzzle.cell_edges[c]:
            if state[e] is None:
                weights[seg_of[e]] = weights.get(seg_of[e], 0) + 1
            elif state[e]:
                left -= 1
        if weights:
            clues.append((c, left, tuple(weights.items())))
        elif left:
            return None  # a clue whose edges are all settled, and wrong: no answer
    settled = sum(s is not None for s in state)
    return Reduced(tuple(segments), tuple(clues), settled, _root(segments, clues))


def _segments(puzzle: Puzzle, state: Sequence[bool | None], faces: bool) -> list[Segment]:
    """The edges that are not crosses, joined through every vertex with two of them."""
    adj: dict[int, dict[int, int]] = {}
    ends: dict[int, tuple[int, int]] = {}
    chain: dict[int, list[int]] = {}
    for e, (u, v) in enumerate(puzzle.edges):
        if state[e] is not False:
            adj.setdefault(u, {})[v] = e
            adj.setdefault(v, {})[u] = e
            ends[e], chain[e] = (u, v), [e]
    for x in list(adj):
        nb = adj[x]
        if len(nb) != 2:
            continue
        (a, s), (b, t) = nb.items()
        if b in adj[a]:
            continue  # a second segment between a and b: keep x
        if len(chain[s]) < len(chain[t]):
            s, t = t, s
        chain[s].extend(chain.pop(t))
        del ends[t], adj[x]
        del adj[a][x], adj[b][x]
        adj[a][b] = adj[b][a] = s
        ends[s] = (a, b)
    regions = _regions(puzzle, state) if faces else None
    out = []
    for s, (a, b) in ends.items():
        e = chain[s][0]
        sides = None
        if regions is not None:
            cs = puzzle.edge_cells[e]
            sides = (regions[cs[0]], regions[cs[1]] if len(cs) > 1 else -1)
        out.append(Segment((a, b), tuple(chain[s]), state[e] is True, sides))
    return out


def _regions(puzzle: Puzzle, state: Sequence[bool | None]) -> list[int]:
    """For each cell, the cell naming its region (faces joined across crosses), or -1
    where the region is the outside."""
    out = len(puzzle.cells)
    regions = Parity(out + 1)
    for e, cs in enumerate(puzzle.edge_cells):
        if state[e] is False:
            regions.join(cs[0], cs[1] if len(cs) > 1 else out, 0)
    outside = regions.find(out)[0]
    return [-1 if root == outside else root for root in (regions.find(c)[0] for c in range(out))]


def _root(segments: Sequence[Segment], clues: Sequence[Clue]) -> tuple[int, ...]:
    """Root candidates: one end of a settled line; else the ends of the open segments of
    the clue with the largest share left to find; else every vertex."""
    for s in segments:
        if s.on:
            return (s.ends[0],)
    best = max((c for c in clues if c[1] > 0), key=lambda c: (c[1] / len(c[2]), c[1], -len(c[2])), default=None)
    if best is None:
        return tuple(dict.fromkeys(v for s in segments for v in s.ends))
    return tuple(dict.fromkeys(v for seg, _ in best[2] for v in segments[seg].ends))
