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

from dataclasses import dataclass
from functools import cached_property

from ..model import Puzzle, incidence_of

__all__ = ["OUTSIDE", "Shape", "graph_shape"]

OUTSIDE = -1
"""The face of a border corner."""


@dataclass(frozen=True, eq=False, repr=False)
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
    edge_cells: tuple[tuple[int, ...], ...]
    """The cells of each edge (:attr:`.Puzzle.edge_cells`)."""
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

    # read by level 5 and the loop generator only: made when first asked for
    @cached_property
    def corners_of_edge(self) -> tuple[tuple[int, ...], ...]:
        """The corners each edge is in."""
        return incidence_of(self.corner_edges, len(self.edge_cells))

    @cached_property
    def sides(self) -> tuple[tuple[int, int], ...]:
        """The two faces of each edge, the outside numbered ``len(cells)``."""
        n = len(self.rings)
        return tuple((cs[0] if cs else n, cs[1] if len(cs) > 1 else n) for cs in self.edge_cells)


def graph_shape(puzzle: Puzzle) -> Shape:
    """The shape of the puzzle's graph, built once for all the puzzles that share the
    graph (:meth:`.Puzzle.derived`: those made by ``with_clues``, a batch's puzzles read
    on one grid): a generator or a batch pays for a shape once."""
    return puzzle.derived("rules.shape", _build)


def _build(puzzle: Puzzle) -> Shape:
    disc = puzzle.is_disc
    rings, cycles = puzzle.face_sides, puzzle.face_cycles  # side i joins cycle vertices i and i + 1
    edge_cells = puzzle.edge_cells
    first: list[int] = []  # corner k: edges first[k] and second[k] at vertex[k] of face[k]
    second: list[int] = []
    vertex: list[int] = []
    face: list[int] = []
    ring_corners: list[tuple[int, ...] | None] = []
    for f, (ring, cycle) in enumerate(zip(rings, cycles)):
        if ring is None or not disc:  # a cell's ring and cycle are None together
            ring_corners.append(None)
            continue
        n, k0 = len(ring), len(first)
        first += ring
        second += ring[1:]
        second.append(ring[0])
        vertex += cycle[1:]
        vertex.append(cycle[0])
        face += [f] * n
        ring_corners.append(tuple(range(k0, k0 + n)))
    border = [e for e, cs in enumerate(edge_cells) if len(cs) == 1]
    if disc:
        at: dict[int, list[int]] = {}
        for e in border:
            for v in puzzle.edges[e]:
                at.setdefault(v, []).append(e)
        for v, two in sorted(at.items()):
            first.append(two[0])
            second.append(two[1])
            vertex.append(v)
            face.append(OUTSIDE)
    corners_at: list[list[int]] = [[] for _ in puzzle.vertices]
    for k, v in enumerate(vertex):
        corners_at[v].append(k)
    ring_vertices = tuple(None if c is None else tuple(sorted(c)) for c in cycles)
    return Shape(disc, rings, tuple(ring_corners), tuple(zip(first, second)), tuple(vertex), tuple(face),
                 tuple(map(tuple, corners_at)), edge_cells, (*puzzle.cell_edges, tuple(border)), ring_vertices,
                 tuple(map(len, puzzle.incidence)), tuple(map(len, puzzle.cell_edges)),
                 tuple(v for v, es in enumerate(puzzle.incidence) if len(es) <= 2))
