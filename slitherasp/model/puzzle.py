"""The one puzzle model every front end speaks.

A :class:`Puzzle` is the competition's view of Slitherlink: *vertices*, undirected
*edges* (each with the orientation it was given in), *cells* (sets of edges, usually
the faces of a drawing) and *clues* (how many edges of a cell the loop uses). An
optional :class:`Geometry` places the vertices in the plane and names the face of
each cell, so that answers can be drawn.

Tilings never build a puzzle by hand: they emit faces as lists of coordinates and
:func:`from_faces` derives vertices, edges, incidences and the outside once.

This module and :mod:`slitherasp.model.topology` are the bottom of the house: they import
only :mod:`slitherasp.model.errors` (whose exceptions they re-export) and the standard library.

>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], clues=[4])
>>> len(p.vertices), len(p.edges), p.cells, p.clues
(4, 4, ('c0',), (4,))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from .errors import GeometryError, InputError, SlitherError
from .shared import derived, shared, structural

T = TypeVar("T")
__all__ = ["Answer", "Geometry", "GeometryError", "InputError", "Name", "Point", "Puzzle",
           "SlitherError", "TilingRef", "from_faces", "incidence_of", "median", "median_length", "signed_area"]

Name = str
"""A vertex or cell name: a clingo constant exactly as clingo prints it
(``17``, ``c0``, ``"a b"``, ``f(1,2)``)."""

Point = tuple[float, float]
Answer = frozenset[int]
"""An answer (a loop) as the set of indices into :attr:`Puzzle.edges`."""


# --------------------------------------------------------------------------- geometry
@dataclass(frozen=True)
class Geometry:
    """Where the vertices lie and which cell is which face, for drawing.

    ``points[v]`` is the position of vertex ``v`` (x to the right, y up);
    ``faces[c]`` is the cycle of vertex indices bounding cell ``c``,
    counter-clockwise, or ``None`` for a cell that is not a face. Whether the cells
    are the faces of a disc does not depend on it (:attr:`Puzzle.is_disc`).
    """

    points: tuple[Point, ...]
    faces: tuple[tuple[int, ...] | None, ...]

    def face_polygon(self, cell: int) -> list[Point] | None:
        """The coordinates around cell ``cell`` (``None`` if it is not a face)."""
        face = self.faces[cell]
        return None if face is None else [self.points[v] for v in face]

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(xmin, ymin, xmax, ymax)`` of all points."""
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class TilingRef:
    """Which tiling patch a puzzle was built on, so formats can name it again.

    >>> TilingRef("square", 10, 10)
    TilingRef(name='square', width=10, height=10, seed=None, desc=None)
    """

    name: str
    width: int
    height: int
    seed: int | None = None
    desc: str | None = None
    """A format's own description of the patch (e.g. Loopy's grid description)."""


# --------------------------------------------------------------------------- puzzle
@dataclass(frozen=True)
class Puzzle:
    """An immutable Slitherlink instance on an arbitrary graph.

    ``edges[i] = (u, v)`` are vertex indices in the orientation of the input;
    ``cell_edges[c]`` the edge indices of cell ``c``; ``clues[c]`` its clue or None.
    Construction checks consistency and raises :class:`InputError`.

    >>> p = Puzzle(vertices=("a", "b", "c"), edges=((0, 1), (1, 2), (2, 0)),
    ...            cells=("t",), cell_edges=((0, 1, 2),), clues=(3,))
    >>> p.edge_names(2)
    ('c', 'a')
    >>> p.degree_bound
    2
    """

    vertices: tuple[Name, ...]
    edges: tuple[tuple[int, int], ...]
    cells: tuple[Name, ...] = ()
    cell_edges: tuple[tuple[int, ...], ...] = ()
    clues: tuple[int | None, ...] = ()
    geometry: Geometry | None = field(default=None, compare=False)
    source: str = field(default="<memory>", compare=False)
    tiling: TilingRef | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        n, m = len(self.vertices), len(self.edges)
        if len(set(self.vertices)) != n:
            raise InputError("a vertex name is used twice")
        if len(self.cell_edges) != len(self.cells):
            raise InputError("cells and cell_edges differ in length")
        if len(set(self.cells)) != len(self.cells):
            raise InputError("a cell name is used twice")
        seen: dict[frozenset[int], int] = {}
        for i, (u, v) in enumerate(self.edges):
            if not (0 <= u < n and 0 <= v < n):
                raise InputError(f"edge {i} names a vertex that does not exist")
            if u == v:
                raise InputError(f"edge ({self.vertices[u]},{self.vertices[v]}) is a self-loop")
            key = frozenset((u, v))
            if key in seen:
                raise InputError(
                    f"edge ({self.vertices[u]},{self.vertices[v]}) is given twice"
                )
            seen[key] = i
        for c, es in enumerate(self.cell_edges):
            if len(set(es)) != len(es) or any(not 0 <= e < m for e in es):
                raise InputError(f"cell {self.cells[c]} has a bad or repeated edge")
        self._check_clues()
        self._check_geometry()

    def _check_geometry(self) -> None:
        geo = self.geometry
        if geo is not None and (len(geo.points) != len(self.vertices) or len(geo.faces) != len(self.cells)):
            raise InputError("geometry does not match the vertices and cells")

    def _check_clues(self) -> None:
        if len(self.clues) != len(self.cells):
            raise InputError("cells and clues differ in length")
        for c, (k, es) in enumerate(zip(self.clues, self.cell_edges)):
            if k is not None and not 0 <= k <= len(es):
                raise InputError(f"clue {k} of cell {self.cells[c]} is outside 0..{len(es)}")

    # -- derived structure, computed once -------------------------------------------
    @structural
    def vertex_index(self) -> dict[Name, int]:
        """Vertex name -> index."""
        return {name: i for i, name in enumerate(self.vertices)}

    @structural
    def cell_index(self) -> dict[Name, int]:
        """Cell name -> index."""
        return {name: i for i, name in enumerate(self.cells)}

    @structural
    def edge_index(self) -> dict[tuple[int, int], int]:
        """``(u, v) -> edge index`` for the input orientation only."""
        return {uv: i for i, uv in enumerate(self.edges)}

    def find_edge(self, u: int, v: int) -> int | None:
        """The edge joining ``u`` and ``v`` in either orientation, or ``None``."""
        i = self.edge_index.get((u, v))
        return self.edge_index.get((v, u)) if i is None else i

    @structural
    def incidence(self) -> tuple[tuple[int, ...], ...]:
        """``incidence[v]``: the indices of the edges at vertex ``v``."""
        return incidence_of(self.edges, len(self.vertices))

    @structural
    def edge_cells(self) -> tuple[tuple[int, ...], ...]:
        """``edge_cells[e]``: the cells that contain edge ``e``."""
        out: list[list[int]] = [[] for _ in self.edges]
        for c, es in enumerate(self.cell_edges):
            for e in es:
                out[e].append(c)
        return tuple(map(tuple, out))

    @structural
    def _cycles(self) -> tuple[tuple[tuple[int, ...] | None, ...], tuple[tuple[int, ...] | None, ...]]:
        from .topology import cell_cycles

        return cell_cycles(self)

    @property
    def face_cycles(self) -> tuple[tuple[int, ...] | None, ...]:
        """For each cell whose edges form one simple cycle, its vertices in the order
        of that cycle (in either direction); None for any other cell. Read from the
        edges alone: no geometry needed (:func:`slitherasp.model.topology.cell_cycles`).

        >>> from_faces([[(0, 0), (1, 0), (0, 1)]]).face_cycles
        ((0, 1, 2),)
        """
        return self._cycles[0]

    @property
    def face_sides(self) -> tuple[tuple[int, ...] | None, ...]:
        """For each cell that is a simple cycle, its edges in the order of
        :attr:`face_cycles` (side ``i`` joins its vertices ``i`` and ``i + 1``); None for
        any other cell.

        >>> from_faces([[(0, 0), (1, 0), (0, 1)]]).face_sides
        ((0, 1, 2),)
        """
        return self._cycles[1]

    @structural
    def boundary_edges(self) -> frozenset[int]:
        """Edges on exactly one face (a cell that is a simple cycle): on a disc
        (:attr:`is_disc`), the border with the outside."""
        cycles = self.face_cycles
        return frozenset(
            e
            for e, cs in enumerate(self.edge_cells)
            if sum(cycles[c] is not None for c in cs) == 1
        )

    @structural
    def is_disc(self) -> bool:
        """Whether the cells are the faces of a disc (:func:`slitherasp.model.topology.is_disc`):
        then every cycle bounds exactly one set of faces, what the ``colour`` encoding
        and the rules of faces rely on. Decided from the edges and cells alone, so bare
        competition facts are recognised as well as tilings with their geometry.

        >>> from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]]).is_disc
        True
        """
        from .topology import is_disc

        return is_disc(self)

    def derived(self, key: str, compute: Callable[[Puzzle], T]) -> T:
        """``compute(self)``, a value of the graph alone (the rules' shape), computed once
        for all the puzzles that share the graph (:mod:`.shared`).

        >>> p = from_faces([[(0, 0), (1, 0), (1, 1)]])
        >>> p.derived("edges", lambda q: len(q.edges)), p.with_clues([1]).derived("edges", print)
        (3, 3)
        """
        return derived(self, key, compute)

    @property
    def degree_bound(self) -> int:
        """Every vertex of a loop has exactly this many links (always 2)."""
        return 2

    def edge_names(self, e: int) -> tuple[Name, Name]:
        """Names of the endpoints of edge ``e`` in input orientation."""
        u, v = self.edges[e]
        return (self.vertices[u], self.vertices[v])

    def links(self, answer: Iterable[int]) -> list[tuple[Name, Name]]:
        """An answer as sorted ``(U, V)`` name pairs in input orientation."""
        return [self.edge_names(e) for e in sorted(answer)]

    def clue_count(self) -> int:
        """Number of cells that carry a clue."""
        return sum(k is not None for k in self.clues)

    def with_clues(self, clues: Sequence[int | None] | Mapping[int, int]) -> Puzzle:
        """A copy with other clues: a full sequence, or ``{cell index: clue}``.

        >>> two = from_faces([[(0, 0), (1, 0), (1, 1)], [(0, 0), (1, 1), (0, 1)]])
        >>> two.with_clues({1: 3}).clues
        (None, 3)
        """
        if isinstance(clues, Mapping):
            seq: list[int | None] = [None] * len(self.cells)
            for c, k in clues.items():
                seq[c] = k
            clues = seq
        return self.replaced(clues=tuple(clues))

    def replaced(self, *, clues: Sequence[int | None] | None = None, geometry: Geometry | None = None,
                 source: str | None = None, tiling: TilingRef | None = None) -> Puzzle:
        """A copy on the same graph with other clues, geometry, source or tiling (None:
        unchanged), sharing all that is derived from the graph; only changes are checked.

        >>> p = from_faces([[(0, 0), (1, 0), (1, 1)]]).replaced(clues=[2], source="x")
        >>> p.clues, p.source, p.is_disc
        ((2,), 'x', True)
        """
        copy = object.__new__(Puzzle)
        changed = {"clues": None if clues is None else tuple(clues), "geometry": geometry, "source": source,
                   "tiling": tiling}
        copy.__dict__.update(self.__dict__, _shared=shared(self), **{k: v for k, v in changed.items() if v is not None})
        if clues is not None:
            copy._check_clues()
        if geometry is not None:
            copy._check_geometry()
        return copy

    def signature(self, answer: Iterable[int]) -> tuple[int, ...]:
        """For each cell, how many of its edges the answer uses (all clues of a loop)."""
        chosen = set(answer)
        return tuple(sum(e in chosen for e in es) for es in self.cell_edges)


# --------------------------------------------------------------------------- building
def incidence_of(pairs: Sequence[tuple[int, int]], n: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``range(n)``, the indices of the pairs that hold it (the edges at
    each vertex, the corners of each edge).

    >>> incidence_of([(0, 1), (1, 2)], 4)
    ((0,), (0, 1), (1,), ())
    """
    out: list[list[int]] = [[] for _ in range(n)]
    for i, (a, b) in enumerate(pairs):
        out[a].append(i)
        out[b].append(i)
    return tuple(map(tuple, out))


def median_length(points: Sequence[Sequence[float]], edges: Iterable[tuple[int, int]]) -> float:
    """The median length of the edges of positive length between ``points`` (1.0
    when there is none): the unit every drawing is measured in.

    >>> median_length([(0, 0), (3, 4), (3, 5)], [(0, 1), (1, 2), (2, 2)])
    3.0
    """
    lengths = [d for u, v in edges if (d := math.dist(points[u], points[v])) > 0]
    return median(lengths) if lengths else 1.0


def median(values: Sequence[float]) -> float:
    """The median of some numbers (not :mod:`statistics`, whose import costs a tenth of a
    second of the page's start in the browser).

    >>> median([3, 1, 2]), median([4, 1, 2, 3])
    (2.0, 2.5)
    """
    ordered = sorted(values)
    half = len(ordered) // 2
    return float(ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2)


def signed_area(pts: Sequence[Point]) -> float:
    """Shoelace area: positive for a counter-clockwise ring (y up)."""
    return 0.5 * sum(pts[i - 1][0] * pts[i][1] - pts[i][0] * pts[i - 1][1] for i in range(len(pts)))


def from_faces(
    faces: Iterable[Sequence[Sequence[float]]],
    clues: Sequence[int | None] | None = None,
    *,
    tolerance: float | None = None,
    source: str = "<faces>",
) -> Puzzle:
    """Build a puzzle from faces given as coordinate lists.

    Points closer than ``tolerance`` (default: 1e-7 of the patch's extent) are the
    same vertex, so tilings may compute coordinates in floating point. Vertices are
    named ``0, 1, ...`` in order of first appearance, cells ``c0, c1, ...`` in face
    order, and edges ``(u, v)`` with ``u < v`` in order of first appearance. Faces are
    stored counter-clockwise.

    >>> p = from_faces([[(0, 0), (1, 0), (1, 1)], [(0, 0), (1, 1), (0, 1)]])
    >>> len(p.edges), sorted(p.boundary_edges) == [0, 1, 3, 4]
    (5, True)
    """
    raw = [[(float(x), float(y)) for x, y, *_ in f] for f in faces]
    if not raw:
        raise GeometryError("no faces given", source=source)
    if tolerance is None:
        xs = [p[0] for f in raw for p in f]
        ys = [p[1] for f in raw for p in f]
        tolerance = 1e-7 * max(max(xs) - min(xs), max(ys) - min(ys), 1e-300)
    points, cycles = _face_cycles(raw, tolerance, source)
    edges, cell_edges = _face_edges(cycles, points, source)
    if clues is None:
        clues = [None] * len(cycles)
    if len(clues) != len(cycles):
        raise InputError(f"{len(clues)} clues for {len(cycles)} faces", source=source)
    return Puzzle(
        vertices=tuple(str(i) for i in range(len(points))),
        edges=edges,
        cells=tuple(f"c{i}" for i in range(len(cycles))),
        cell_edges=cell_edges,
        clues=tuple(clues),
        geometry=Geometry(points=tuple(points), faces=tuple(cycles)),
        source=source,
    )


def _face_cycles(raw: list[list[Point]], tolerance: float, source: str) -> tuple[list[Point], list[tuple[int, ...]]]:
    """The distinct points (those closer than ``tolerance`` merged) and each face as a
    counter-clockwise cycle of point indices; faces that are not simple are refused."""
    index: dict[tuple[int, int], int] = {}
    points: list[Point] = []

    def vertex(p: Point) -> int:
        kx, ky = round(p[0] / tolerance), round(p[1] / tolerance)
        for dx in (0, -1, 1):
            for dy in (0, -1, 1):
                v = index.get((kx + dx, ky + dy))
                if v is not None and math.dist(points[v], p) <= tolerance:
                    return v
        index[(kx, ky)] = len(points)
        points.append(p)
        return len(points) - 1

    cycles: list[tuple[int, ...]] = []
    for fi, f in enumerate(raw):
        cyc: list[int] = []
        for p in f:
            v = vertex(p)
            if not cyc or cyc[-1] != v:
                cyc.append(v)
        while len(cyc) > 1 and cyc[0] == cyc[-1]:
            cyc.pop()
        if len(cyc) < 3 or len(set(cyc)) != len(cyc):
            raise GeometryError(f"face {fi} is not a simple polygon with 3 or more corners", source=source)
        area = signed_area([points[v] for v in cyc])
        if abs(area) <= tolerance * tolerance:
            raise GeometryError(f"face {fi} has zero area", source=source)
        if area < 0:
            cyc.reverse()
        cycles.append(tuple(cyc))
    return points, cycles


def _face_edges(cycles: list[tuple[int, ...]], points: list[Point],
                source: str) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]:
    """The edges ``(u, v)``, ``u < v``, in order of first appearance, and each face's
    edge indices; an edge on more than two faces is refused (faces overlap)."""
    edge_of: dict[tuple[int, int], int] = {}
    uses: list[int] = []
    cell_edges: list[tuple[int, ...]] = []
    for cyc in cycles:
        es = []
        for a, b in zip(cyc, cyc[1:] + cyc[:1]):
            key = (a, b) if a < b else (b, a)
            e = edge_of.setdefault(key, len(edge_of))
            if e == len(uses):
                uses.append(0)
            uses[e] += 1
            if uses[e] > 2:
                u, v = key
                raise GeometryError(f"the edge {points[u]}-{points[v]} lies on more than two faces (faces overlap)",
                                    source=source)
            es.append(e)
        cell_edges.append(tuple(es))
    return tuple(edge_of), tuple(cell_edges)
