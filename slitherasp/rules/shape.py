"""What the rules read of a graph whatever its clues, built once per graph: the
cycle of edges around each face, and the *corners*: the two edges of a face that
meet at a vertex (Loopy's "dlines"), on the border also the two border edges at a
vertex (a corner of the outside).

Corners exist only where the cells are the faces of a disc: there every vertex has
as many corners as edges (consecutive edges around it), as in Loopy. Everything here
is combinatorial: no coordinates are read, so bare competition instances whose cells
are faces get the same corners as tilings.

>>> from slitherasp import tilings
>>> shape = graph_shape(tilings.build("square", 2, 2))
>>> len(shape.corner_edges), max(map(len, shape.corners_at))   # 16 face corners + 8 border ones; 4 at the centre
(24, 4)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..model import Puzzle

__all__ = ["OUTSIDE", "Shape", "graph_shape"]

OUTSIDE = -1
"""The face of a border corner."""


@dataclass(frozen=True)
class Shape:
    """Corners (``corner_edges[k]``, ``corner_vertex[k]``, ``corner_face[k]``: its two
    edges, its vertex, its face or :data:`OUTSIDE`), the corners at each vertex and of
    each edge, and each face's *ring*: its edges in cyclic order with the corner
    between ring edge ``i`` and ``i + 1`` (``ring_corners[f][i]``); None for a cell
    that is not a simple cycle. ``disc``: whether the cells are the faces of a disc
    (else there are no corners). ``sides[e]``: the two faces of each edge, the outside
    numbered ``len(cells)``."""

    disc: bool
    rings: tuple[tuple[int, ...] | None, ...]
    ring_corners: tuple[tuple[int, ...] | None, ...]
    corner_edges: tuple[tuple[int, int], ...]
    corner_vertex: tuple[int, ...]
    corner_face: tuple[int, ...]
    corners_at: tuple[tuple[int, ...], ...]
    corners_of_edge: tuple[tuple[int, ...], ...]
    sides: tuple[tuple[int, int], ...]
    face_edges: tuple[tuple[int, ...], ...]
    """Each face's edges, the outside's (the border) last."""
    ring_vertices: tuple[tuple[int, ...] | None, ...]
    """The vertices round each face that is a simple cycle."""
    degrees: tuple[int, ...]
    """Edges at each vertex."""
    sizes: tuple[int, ...]
    """Edges of each cell."""
    few: tuple[int, ...]
    """The vertices of at most two edges."""


_SHAPES: dict[int, tuple[object, Shape]] = {}
_LOCK = threading.Lock()


def graph_shape(puzzle: Puzzle) -> Shape:
    """The shape of the puzzle's graph, from a small cache keyed by the identity of
    its edge tuple (puzzles made by ``with_clues`` share it: a generator or a batch
    pays for a shape once)."""
    key = id(puzzle.edges)
    with _LOCK:
        hit = _SHAPES.get(key)
    if hit is not None and hit[0] is puzzle.edges:
        return hit[1]
    shape = _build(puzzle)
    with _LOCK:
        while len(_SHAPES) >= 8:
            _SHAPES.pop(next(iter(_SHAPES)))
        _SHAPES[key] = (puzzle.edges, shape)
    return shape


def ring_of(puzzle: Puzzle, cell: int) -> tuple[int, ...] | None:
    """The cell's edges in cyclic order (each sharing a vertex with the next), or
    None when they are not one simple cycle.

    >>> from slitherasp import tilings
    >>> p = tilings.build("square", 1, 1)
    >>> sorted(ring_of(p, 0)) == sorted(p.cell_edges[0])
    True
    """
    edges = puzzle.cell_edges[cell]
    at: dict[int, list[int]] = {}
    for e in edges:
        for v in puzzle.edges[e]:
            at.setdefault(v, []).append(e)
    if len(edges) < 3 or any(len(es) != 2 for es in at.values()):
        return None
    ring = [edges[0]]
    v = puzzle.edges[edges[0]][1]
    while len(ring) < len(edges):
        a, b = at[v]
        e = b if a == ring[-1] else a
        if e == ring[0]:
            return None  # a shorter cycle: the cell is several cycles
        ring.append(e)
        x, y = puzzle.edges[e]
        v = y if x == v else x
    return tuple(ring)


def _shared(puzzle: Puzzle, a: int, b: int) -> int:
    """The vertex edges ``a`` and ``b`` share."""
    u, v = puzzle.edges[a]
    return u if u in puzzle.edges[b] else v


def _build(puzzle: Puzzle) -> Shape:
    n_cells = len(puzzle.cells)
    disc = puzzle.is_disc
    rings = tuple(ring_of(puzzle, c) for c in range(n_cells))
    edges: list[tuple[int, int]] = []
    vertex: list[int] = []
    face: list[int] = []
    ring_corners: list[tuple[int, ...] | None] = []
    for f, ring in enumerate(rings):
        if ring is None or not disc:
            ring_corners.append(None)
            continue
        mine = []
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            mine.append(len(edges))
            edges.append((a, b))
            vertex.append(_shared(puzzle, a, b))
            face.append(f)
        ring_corners.append(tuple(mine))
    border = [e for e, cs in enumerate(puzzle.edge_cells) if len(cs) == 1]
    if disc:
        at: dict[int, list[int]] = {}
        for e in border:
            for v in puzzle.edges[e]:
                at.setdefault(v, []).append(e)
        for v, two in sorted(at.items()):
            edges.append((two[0], two[1]))
            vertex.append(v)
            face.append(OUTSIDE)
    corners_at: list[list[int]] = [[] for _ in puzzle.vertices]
    of_edge: list[list[int]] = [[] for _ in puzzle.edges]
    for k, (a, b) in enumerate(edges):
        corners_at[vertex[k]].append(k)
        of_edge[a].append(k)
        of_edge[b].append(k)
    sides = tuple((cs[0] if cs else n_cells, cs[1] if len(cs) > 1 else n_cells) for cs in puzzle.edge_cells)
    ring_vertices = tuple(None if r is None else tuple(sorted({v for e in r for v in puzzle.edges[e]}))
                          for r in rings)
    return Shape(disc, rings, tuple(ring_corners), tuple(edges), tuple(vertex), tuple(face),
                 tuple(map(tuple, corners_at)), tuple(map(tuple, of_edge)), sides,
                 (*puzzle.cell_edges, tuple(border)), ring_vertices,
                 tuple(len(es) for es in puzzle.incidence), tuple(len(es) for es in puzzle.cell_edges),
                 tuple(v for v, es in enumerate(puzzle.incidence) if len(es) <= 2))
