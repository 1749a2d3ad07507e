"""Topology of patches of faces: pieces, neighbours, discs.

One place for the questions every room asks of a patch: which cells touch
(:func:`face_neighbours`), how things fall into groups (:func:`components`), which
cells are simple cycles (:func:`cell_cycles`), whether the cells are the faces of a
disc, read from the edges alone (:func:`disc_defect`, :func:`is_disc`: what the
``colour`` encoding and the rules of faces rely on, and what polygons must be).
Pure Python: no networkx, no numpy.

>>> from slitherasp.model import from_faces
>>> two = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]])
>>> is_disc(two), face_neighbours(two)
(True, [{1}, {0}])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Point = tuple[float, float]


class Complex(Protocol):
    """What topology reads of a puzzle (a :class:`~slitherasp.model.puzzle.Puzzle` is
    one): vertices, edges as vertex pairs, cells as edge sets, and what derives from
    them. Written as a protocol so that this module needs nothing of the model's."""

    @property
    def vertices(self) -> Sequence[Any]: ...
    @property
    def edges(self) -> Sequence[tuple[int, int]]: ...
    @property
    def cells(self) -> Sequence[Any]: ...
    @property
    def cell_edges(self) -> Sequence[Sequence[int]]: ...
    @property
    def edge_cells(self) -> Sequence[Sequence[int]]: ...
    @property
    def incidence(self) -> Sequence[Sequence[int]]: ...
    @property
    def face_cycles(self) -> Sequence[Any]: ...
    @property
    def face_sides(self) -> Sequence[Any]: ...
    @property
    def geometry(self) -> Any: ...


# --------------------------------------------------------------------------- groups
def components(items: Iterable[int], pairs: Iterable[Sequence[int]]) -> list[set[int]]:
    """``items`` grouped by the pairs that join them (sequences of other lengths are
    ignored), largest group first, equally large ones by their least item.

    >>> components(range(5), [(0, 1), (3, 4), (1,)])
    [{0, 1}, {3, 4}, {2}]
    """
    parent = {i: i for i in items}
    _join(parent, pairs)
    groups: dict[int, set[int]] = {}
    for i in parent:
        r = i
        while (up := parent[r]) != r:
            parent[r] = r = parent[up]
        groups.setdefault(r, set()).add(i)
    return sorted(groups.values(), key=lambda g: (-len(g), min(g)))


def _join(parent: dict[int, int] | list[int], pairs: Iterable[Sequence[int]]) -> int:
    """Join the pairs (sequences of other lengths are ignored) in the forest ``parent``,
    each group under its least item, halving the paths on the way; the joins made.

    >>> forest = list(range(3)); _join(forest, [(0, 1), (2,), (1, 0)]), forest
    (1, [0, 0, 2])
    """
    joins = 0
    for pair in pairs:
        if len(pair) != 2:
            continue
        a, b = pair
        while (up := parent[a]) != a:
            parent[a] = a = parent[up]
        while (up := parent[b]) != b:
            parent[b] = b = parent[up]
        if a < b:
            parent[b] = a
        elif b < a:
            parent[a] = b
        else:
            continue
        joins += 1
    return joins


class Parity:
    """A union-find with parity: ``same(a, b)`` and ``opposite(a, b)`` relations, and
    ``relation(a, b)``: 0 (same), 1 (opposite) or None (not related).

    >>> p = Parity(3)
    >>> p.join(0, 1, 1); p.join(1, 2, 1)
    True
    True
    >>> p.relation(0, 2), p.join(0, 2, 1)
    (0, False)
    """

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.flip = [0] * n
        self.size = [1] * n

    def find(self, a: int) -> tuple[int, int]:
        """The root of ``a`` and ``a``'s parity relative to it (paths compressed)."""
        path = []
        while self.parent[a] != a:
            path.append(a)
            a = self.parent[a]
        parity = 0
        for node in reversed(path):  # nearest the root first: each gets its parity to the root
            parity ^= self.flip[node]
            self.parent[node], self.flip[node] = a, parity
        return a, parity

    def copy(self) -> Parity:
        other = object.__new__(Parity)
        other.parent, other.flip, other.size = list(self.parent), list(self.flip), list(self.size)
        return other

    def relation(self, a: int, b: int) -> int | None:
        ra, pa = self.find(a)
        rb, pb = self.find(b)
        return pa ^ pb if ra == rb else None

    def join(self, a: int, b: int, parity: int) -> bool:
        """Relate ``a`` and ``b`` (0 same, 1 opposite); False if that contradicts."""
        return self.join_all(((a, b, parity),))

    def join_all(self, triples: Iterable[tuple[int, int, int]]) -> bool:
        """:meth:`join` every ``(a, b, parity)`` (many at once: no call per item);
        False at the first that contradicts.

        >>> p = Parity(4)
        >>> p.join_all([(0, 1, 1), (2, 3, 0), (1, 2, 1)]), p.relation(0, 3)
        (True, 0)
        """
        parent, flip, size = self.parent, self.flip, self.size
        for a, b, parity in triples:
            ra, pa = a, 0
            while parent[ra] != ra:
                pa ^= flip[ra]
                ra = parent[ra]
            rb, pb = b, 0
            while parent[rb] != rb:
                pb ^= flip[rb]
                rb = parent[rb]
            if ra == rb:
                if pa ^ pb != parity:
                    return False
                continue
            if size[ra] < size[rb]:  # the smaller tree goes under the larger
                ra, rb = rb, ra
            parent[rb], flip[rb] = ra, pa ^ pb ^ parity
            size[ra] += size[rb]
        return True

    def classes(self) -> tuple[list[int], list[int]]:
        """Every item's root and its parity relative to it.

        >>> p = Parity(3); p.join(2, 1, 1)
        True
        >>> p.classes()
        ([0, 2, 2], [0, 1, 0])
        """
        parent, flip = self.parent, self.flip
        roots, parities = [], []
        for a in range(len(parent)):
            r, p = a, 0
            while parent[r] != r:
                p ^= flip[r]
                r = parent[r]
            roots.append(r)
            parities.append(p)
        return roots, parities


def face_neighbours(puzzle: Complex) -> list[set[int]]:
    """For each cell, the cells sharing an edge with it."""
    nbrs: list[set[int]] = [set() for _ in puzzle.cells]
    for cs in puzzle.edge_cells:
        for a in cs:
            nbrs[a].update(b for b in cs if b != a)
    return nbrs


# --------------------------------------------------------------------------- discs
Cycles = tuple[tuple[int, ...] | None, ...]


def cell_cycles(puzzle: Complex) -> tuple[Cycles, Cycles]:
    """For each cell whose edges form one simple cycle, its vertices and its edges in
    the order of the cycle (edge ``i`` joins vertices ``i`` and ``i + 1``); None for
    any other cell. Combinatorial: the geometry is not read.

    >>> from slitherasp.model import Puzzle
    >>> p = Puzzle(vertices=("a", "b", "c", "d"), edges=((0, 1), (2, 1), (2, 0), (2, 3)),
    ...            cells=("t", "x"), cell_edges=((0, 2, 1), (1, 3)), clues=(None, None))
    >>> cell_cycles(p)
    (((0, 1, 2), None), ((0, 1, 2), None))
    """
    ends = puzzle.edges
    vertices: list[tuple[int, ...] | None] = []
    sides: list[tuple[int, ...] | None] = []
    for es in puzzle.cell_edges:
        at: dict[int, list[int]] = {}
        for e in es:
            u, v = ends[e]
            at.setdefault(u, []).append(e)
            at.setdefault(v, []).append(e)
        n = len(es)
        ring: list[int] = []
        if n >= 3 and len(at) == n and 1 not in map(len, at.values()):
            # n vertices, 2n ends, none on one edge: every vertex on two of the edges,
            # so one cycle or several; walk the first
            first, (start, v) = es[0], ends[es[0]]
            ring, path, e = [first], [start], first
            while v != start:
                path.append(v)
                a, b = at[v]
                e = b if a == e else a
                ring.append(e)
                x, y = ends[e]
                v = y if x == v else x
        if len(ring) == n:
            vertices.append(tuple(path))
            sides.append(tuple(ring))
        else:
            vertices.append(None)
            sides.append(None)
    return tuple(vertices), tuple(sides)


@dataclass(frozen=True)
class Defect:
    """Why the cells are not the faces of a disc. ``kind`` is one of ``faces`` (a cell
    whose edges are not one simple cycle, or no edge at all), ``edge`` (an edge on no
    cell or on three), ``pieces`` (the cells fall apart; ``groups`` the pieces),
    ``pinch`` (the cells at a vertex do not form one fan or wheel; ``where`` that
    vertex), ``closed`` (no border: a closed surface such as a hemi-cube), ``holes``
    (several borders; ``groups`` their vertices, the outer one first where the
    geometry tells, else the longest) or ``euler`` (V - E + F is not 1: handles)."""

    kind: str
    where: int | None = None
    groups: tuple[frozenset[int], ...] = ()


def disc_defect(puzzle: Complex) -> Defect | None:
    """None when the cells are the faces of a topological disc, else what is wrong.

    The test is combinatorial and exact, and reads no coordinates: every cell a
    simple cycle of its edges, every edge in one or two cells, the cells joined along
    edges, the cells at each vertex one fan or wheel (a manifold with a border), a
    border, and V - E + F = 1. A connected surface with a border and Euler
    characteristic 1 is a disc; a closed surface with V - E + F = 1 (the hemi-cube:
    K4 with three four-sided faces) is not.

    >>> from slitherasp.model import Puzzle
    >>> k4 = Puzzle(vertices=("0", "1", "2", "3"), edges=((0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)),
    ...             cells=("a", "b", "c"), cell_edges=((0, 1, 2, 3), (4, 1, 5, 3), (4, 2, 5, 0)),
    ...             clues=(None,) * 3)
    >>> disc_defect(k4)
    Defect(kind='closed', where=None, groups=())
    """
    if not puzzle.edges or any(c is None for c in puzzle.face_cycles):
        return Defect("faces")
    if any(not 1 <= len(cs) <= 2 for cs in puzzle.edge_cells):
        return Defect("edge")
    if _join(list(range(len(puzzle.cells))), puzzle.edge_cells) != len(puzzle.cells) - 1:  # not one piece
        pieces = components(range(len(puzzle.cells)), puzzle.edge_cells)
        return Defect("pieces", groups=tuple(frozenset(p) for p in pieces))
    used = len(puzzle.vertices) - puzzle.incidence.count(())
    euler = used - len(puzzle.edges) + len(puzzle.cells)
    if euler == 1 and any(len(cs) == 1 for cs in puzzle.edge_cells):
        # Split every vertex where the cells form several fans into one vertex per
        # fan: a connected surface with a border, whose V - E + F (1 plus the extra
        # vertices) is at most 1. So no vertex was split, and the surface is a disc:
        # the fans need not be looked at (the slowest test)
        return None
    pinch = _pinched_vertex(puzzle)
    if pinch is not None:
        return Defect("pinch", where=pinch)
    border = [puzzle.edges[e] for e, cs in enumerate(puzzle.edge_cells) if len(cs) == 1]
    if not border:
        return Defect("closed")
    loops = components({v for e in border for v in e}, border)
    if len(loops) > 1:
        geo = puzzle.geometry
        outer = 0 if geo is None else min(range(len(loops)), key=lambda k: min(geo.points[v] for v in loops[k]))
        ordered = [loops[outer], *(g for k, g in enumerate(loops) if k != outer)]
        return Defect("holes", groups=tuple(frozenset(g) for g in ordered))
    if euler != 1:
        return Defect("euler")
    return None


def is_disc(puzzle: Complex) -> bool:
    """Whether the cells are the faces of a disc-shaped patch (:func:`disc_defect`)."""
    return disc_defect(puzzle) is None


def _pinched_vertex(puzzle: Complex) -> int | None:
    """A vertex whose cells do not form one fan or wheel (their sides at the vertex,
    joined cell by cell, fall into several groups), or None. Needs every cell a
    simple cycle."""
    joins: dict[int, list[tuple[int, int]]] = {}
    for ring, sides in zip(puzzle.face_cycles, puzzle.face_sides):
        for i, v in enumerate(ring):  # type: ignore[arg-type]
            joins.setdefault(v, []).append((sides[i - 1], sides[i]))  # type: ignore[index]
    for v in sorted(joins):
        if not _one_fan(joins[v], len(puzzle.incidence[v])):
            return v
    return None


def _one_fan(pairs: list[tuple[int, int]], edges: int) -> bool:
    """Whether the faces at a vertex (each joining its two sides there) connect all
    ``edges`` edges at the vertex into one fan."""
    nbrs: dict[int, list[int]] = {}
    for a, b in pairs:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    start = pairs[0][0]
    seen, todo = {start}, [start]
    while todo:
        for y in nbrs[todo.pop()]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == edges
