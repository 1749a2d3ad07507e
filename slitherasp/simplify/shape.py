"""What the rules of :mod:`.propagate` read of a graph whatever its clues: the corners
of its faces, built once per graph.

>>> from slitherasp import tilings
>>> shape = graph_shape(tilings.build("square", 2, 2), faces=True)
>>> len(shape.pairs), shape.beyond[0]   # 4 corners per square; beyond the first: the outside (4), cell 2
(16, (4, 2))
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache

from ..model import Puzzle

__all__ = ["Contradiction", "Shape", "Ring", "graph_shape", "ring", "split"]


class Contradiction(Exception):
    """The local rules found that no answer exists."""


# --------------------------------------------------------------------------- corners
@dataclass(frozen=True)
class Shape:
    """What the rules read of a graph, whatever its clues: the corners of its faces
    (each the two edges of a face at a vertex: ``(edge, edge, vertex, face)``) and
    where they are, and (on a disc) the two faces of each edge, the outside numbered
    after the cells, and the faces beyond each corner (across its two edges: one is a
    line and the other not exactly when those two faces differ)."""

    pairs: list[tuple[int, int, int, int]]
    pairs_of_edge: list[list[int]]
    pairs_at: list[list[int]]
    pairs_of_cell: list[list[int]]
    sides: list[tuple[int, int]] | None
    face_edges: list[list[int]]
    beyond: list[tuple[int, int]]
    corner_edges: list[tuple[int, int]]
    """The two edges of each corner (its first two fields, for the hot path)."""


_SHAPES: dict[tuple[int, bool], tuple[object, Shape]] = {}
"""The last few shapes, by the identity of the graph's edge tuple (puzzles made by
``with_clues`` share it): a batch or a generator pays for a shape once."""


_LOCK = threading.Lock()
"""The web app solves in several threads: the cache is changed by one at a time."""


def graph_shape(puzzle: Puzzle, faces: bool) -> Shape:
    """The shape of the puzzle's graph (``faces``: with the corners and sides of its
    faces), from the cache when the same edge tuple was seen lately."""
    key = (id(puzzle.edges), faces)
    with _LOCK:
        hit = _SHAPES.get(key)
    if hit is not None and hit[0] is puzzle.edges:
        return hit[1]
    shape = _build_shape(puzzle, faces)
    with _LOCK:
        while len(_SHAPES) >= 8:
            _SHAPES.pop(next(iter(_SHAPES)))
        _SHAPES[key] = (puzzle.edges, shape)
    return shape


def _build_shape(puzzle: Puzzle, faces: bool) -> Shape:
    pairs: list[tuple[int, int, int, int]] = []
    pairs_of_edge: list[list[int]] = [[] for _ in puzzle.edges]
    pairs_at: list[list[int]] = [[] for _ in puzzle.vertices]
    pairs_of_cell: list[list[int]] = [[] for _ in puzzle.cells]
    geo = puzzle.geometry
    if not faces or geo is None:
        return Shape(pairs, pairs_of_edge, pairs_at, pairs_of_cell, None, [], [], [])
    for f, (cyc, ring) in enumerate(zip(geo.faces, puzzle.face_sides)):
        for i, x in enumerate(cyc):  # type: ignore[arg-type]
            a, b = ring[i], ring[(i + 1) % len(ring)]
            p = len(pairs)
            pairs.append((a, b, x, f))  # type: ignore[arg-type]
            pairs_of_edge[a].append(p)  # type: ignore[index]
            pairs_of_edge[b].append(p)  # type: ignore[index]
            pairs_at[x].append(p)
            pairs_of_cell[f].append(p)
    out = len(puzzle.cells)
    sides = [(cs[0], cs[1] if len(cs) > 1 else out) for cs in puzzle.edge_cells]
    border = [e for e, cs in enumerate(puzzle.edge_cells) if len(cs) == 1]
    face_edges = [list(es) for es in puzzle.cell_edges] + [border]
    both = [a + b for a, b in sides]  # the face across an edge from f: both[e] - f
    beyond = [(both[a] - f, both[b] - f) for a, b, _, f in pairs]
    corner_edges = [(a, b) for a, b, _, _ in pairs]
    return Shape(pairs, pairs_of_edge, pairs_at, pairs_of_cell, sides, face_edges, beyond, corner_edges)


@cache
def split(mask: int, need: tuple[int, ...], left: int) -> tuple[int, int]:
    """A pair that may have the line counts of ``mask`` (bits 0, 1, 2), in a place that
    needs one of the counts ``need`` from the pair and ``left`` more open edges: the
    counts the pair can still have, and those the rest can (both as bit masks)."""
    ok = rest = 0
    for t in need:
        for c in (0, 1, 2):
            if mask >> c & 1 and 0 <= t - c <= left:
                ok |= 1 << c
                rest |= 1 << (t - c)
    return ok, rest


@dataclass(frozen=True)
class Ring:
    """Every way ``n`` open edges can hold one of the line counts a place needs, as
    bit sets over those ways (bit ``w`` is the ``w``-th way): where edge ``i`` is a
    line (``on[i]``), and where the two edges ``i < j`` hold 0, 1 or 2 lines
    (``pair[i, j]``). The rules filter and read the ways with a few operations on
    integers instead of looking at each."""

    full: int
    on: tuple[int, ...]
    pair: dict[tuple[int, int], tuple[int, int, int]]


@cache
def ring(n: int, need: tuple[int, ...]) -> Ring:
    """The ways of ``n`` open edges holding a count of ``need``.

    >>> r = ring(3, (2,))   # two lines of three: three ways
    >>> bin(r.full), r.pair[0, 1]
    ('0b111', (0, 6, 1))
    """
    ways = [b for b in range(1 << n) if b.bit_count() in need]
    full = (1 << len(ways)) - 1
    on = tuple(sum(1 << w for w, b in enumerate(ways) if b >> i & 1) for i in range(n))
    pair = {}
    for i in range(n):
        for j in range(i + 1, n):
            both, neither = on[i] & on[j], full & ~(on[i] | on[j])
            pair[i, j] = (neither, full ^ both ^ neither, both)
    return Ring(full, on, pair)
