"""Periodic tilings: a unit cell of polygons repeated along two lattice vectors.

A :class:`Periodic` tiling is data: the faces of one unit cell and the lattice
vectors ``a`` and ``b``. :func:`periodic` normalises it once (``a`` along the x axis,
every face moved to the translate nearest the origin, so a cell is a compact cluster)
and :meth:`Periodic.generate` places ``width`` x ``height`` translates in rows that
zig-zag back under each other, which gives a roughly rectangular patch. The patch is
then trimmed to a disc by :func:`~slitherasp.tilings.base.trim_to_disc` (faces that touch the rest at a single
corner are dropped).

Coordinates are floating point; constants such as ``SQRT3`` are computed once so that
shared corners agree to rounding, and :func:`slitherasp.model.from_faces` merges them.

The tables at the end are the tilings: the Archimedean ones missing from Loopy
(``SNUB_HEXAGONAL``, ``ELONGATED_TRIANGULAR``), the Archimedean partners of the Laves
tilings made in :mod:`slitherasp.tilings.dual`, and the reconstructions of the ASP
competition's graphs (``ALTAIR``, ``TRISQUARES``, ``SNOWFLAKE``; see the manual, ``docs/manual/tilings.md``).

>>> up, down = [(0, 0), (1, 0), (0.5, SQRT3 / 2)], [(1, 0), (1.5, SQRT3 / 2), (0.5, SQRT3 / 2)]
>>> tri = periodic([up, down], (1, 0), (0.5, SQRT3 / 2))
>>> len(tri.cell), len(tri.generate(4, 3))
(2, 24)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..model import signed_area
from .base import Faces, Point, regular_polygon, translate, trim_to_disc

SQRT2 = math.sqrt(2.0)
SQRT3 = math.sqrt(3.0)


def ngon(sides: int, centre: Point, phase: float = 0.0) -> list[Point]:
    """A regular polygon with unit edges around ``centre``, first corner at ``phase`` degrees.

    >>> [tuple(round(c, 9) for c in p) for p in ngon(4, (0, 0), 45)]
    [(0.5, 0.5), (-0.5, 0.5), (-0.5, -0.5), (0.5, -0.5)]
    """
    radius = 0.5 / math.sin(math.pi / sides)
    return regular_polygon(centre, radius, sides, math.radians(phase))


def centroid(face: Sequence[Point]) -> Point:
    """The area centroid of a simple polygon (the centre of a regular one).

    >>> centroid([(0, 0), (2, 0), (2, 2), (0, 2)])
    (1.0, 1.0)
    """
    area = signed_area(face)
    cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(face, [*face[1:], face[0]]):
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (6 * area), cy / (6 * area))


# --------------------------------------------------------------------------- engine
def _solve(a: Point, b: Point, p: Point) -> tuple[float, float]:
    """``(s, t)`` with ``p = s a + t b``."""
    det = a[0] * b[1] - a[1] * b[0]
    return ((p[0] * b[1] - p[1] * b[0]) / det, (a[0] * p[1] - a[1] * p[0]) / det)


@dataclass(frozen=True)
class Periodic:
    """A unit cell of faces and lattice vectors ``a = (ax, 0)`` and ``b = (bx, by)``, by > 0.

    Build it with :func:`periodic`, which normalises any cell and lattice.
    """

    cell: tuple[tuple[Point, ...], ...]
    a: Point
    b: Point

    def translates(self, width: int, height: int) -> Faces:
        """``width`` x ``height`` translates of the cell, rows from the top, untrimmed."""
        ax, (bx, by) = self.a[0], self.b
        faces: Faces = []
        for j in range(height):
            shift = math.floor(j * bx / ax + 0.5)
            for i in range(width):
                dx, dy = (i + shift) * ax - j * bx, -j * by
                faces.extend(translate(f, dx, dy) for f in self.cell)
        return faces

    def generate(self, width: int, height: int, seed: int | None = None) -> Faces:
        """:meth:`translates` trimmed to a disc (``seed`` is ignored)."""
        return trim_to_disc(self.translates(width, height))


def periodic(cell: Iterable[Sequence[Point]], a: Point, b: Point) -> Periodic:
    """Normalise a unit cell: rotate ``a`` onto the x axis, make ``b`` point up (mirroring
    the y axis when needed) and move each face to the translate nearest the origin.

    >>> p = periodic([[(5, 5), (6, 5), (6, 6), (5, 6)]], (0, 1), (1, 0))
    >>> [tuple(round(c, 9) + 0.0 for c in q) for q in p.cell[0]], p.a, p.b
    ([(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0)], (1.0, 0.0), (0.0, 1.0))
    """
    length = math.hypot(*a)
    cos, sin = a[0] / length, a[1] / length
    flip = 1.0 if (cos * b[1] - sin * b[0]) > 0 else -1.0

    def turn(p: Sequence[float]) -> Point:
        return (cos * p[0] + sin * p[1], flip * (cos * p[1] - sin * p[0]))

    a2, b2 = (length, 0.0), turn(b)
    faces = []
    for face in cell:
        pts = [turn(p) for p in face]
        cx, cy = centroid(pts)
        s, t = _solve(a2, b2, (cx, cy))
        best = min(
            ((round(s) + ds, round(t) + dt) for ds in (-1, 0, 1) for dt in (-1, 0, 1)),
            key=lambda k: (
                round(math.hypot(cx - k[0] * a2[0] - k[1] * b2[0], cy - k[0] * a2[1] - k[1] * b2[1]), 9),
                k,
            ),
        )
        dx, dy = best[0] * a2[0] + best[1] * b2[0], best[0] * a2[1] + best[1] * b2[1]
        faces.append(tuple(translate(pts, -dx, -dy)))
    return Periodic(tuple(faces), a2, b2)


# --------------------------------------------------------------------------- tables
def _tri_point(p: float, q: float) -> Point:
    """Point ``p (1, 0) + q (1/2, sqrt3/2)`` of the unit triangular lattice."""
    return (p + q / 2, q * SQRT3 / 2)


def hexagon_flowers(a: tuple[int, int], b: tuple[int, int]) -> Periodic:
    """The unit triangles of the triangular lattice, with the six around every point of
    the sublattice spanned by ``a`` and ``b`` (in lattice steps) merged into a hexagon.

    ``(2, 1), (-1, 3)`` gives the snub hexagonal tiling 3.3.3.3.6 (index 7).

    >>> sorted(len(f) for f in hexagon_flowers((2, 1), (-1, 3)).cell)
    [3, 3, 3, 3, 3, 3, 3, 3, 6]
    """
    def on_sublattice(p: int, q: int) -> bool:
        return all(abs(c - round(c)) < 1e-9 for c in _solve(a, b, (p, q)))

    reach = sum(map(abs, (*a, *b)))
    cell = [ngon(6, (0.0, 0.0))]
    for p in range(-reach, reach + 1):
        for q in range(-reach, reach + 1):
            if not all(-1e-9 < c < 1 - 1e-9 for c in _solve(a, b, (p, q))):
                continue
            for corners in (((p, q), (p + 1, q), (p, q + 1)), ((p + 1, q), (p + 1, q + 1), (p, q + 1))):
                if not any(on_sublattice(*c) for c in corners):
                    cell.append([_tri_point(*c) for c in corners])
    return periodic(cell, _tri_point(*a), _tri_point(*b))


_H = SQRT3 / 2
_D12 = 2 + SQRT3  # centre distance of edge-sharing dodecagons
_D4612 = 3 + SQRT3  # centre distance of dodecagons joined by a square


def _hex_lattice(d: float) -> tuple[Point, Point]:
    """Lattice vectors of a triangular lattice with spacing ``d``."""
    return (d, 0.0), (d / 2, d * _H)


def _third(a: Point, b: Point, i: int, j: int) -> Point:
    """``(i a + j b) / 3``: the centres of the triangles of a triangular lattice."""
    return ((i * a[0] + j * b[0]) / 3, (i * a[1] + j * b[1]) / 3)


_A12, _B12 = _hex_lattice(_D12)
_A4612, _B4612 = _hex_lattice(_D4612)

ELONGATED_TRIANGULAR = periodic(
    [
        *([(x, 0), (x + 1, 0), (x + 1, 1), (x, 1)] for x in (0, 1)),
        *([(x, 1), (x + 1, 1), (x + 0.5, 1 + _H)] for x in (0, 1)),
        *([(x + 1, 1), (x + 1.5, 1 + _H), (x + 0.5, 1 + _H)] for x in (0, 1)),
    ],
    (2, 0),
    (0.5, 1 + _H),
)
"""3.3.3.4.4: rows of squares between rows of triangles (a cell two squares wide)."""

SNUB_HEXAGONAL = hexagon_flowers((2, 1), (-1, 3))
"""3.3.3.3.6: hexagons on an index-7 sublattice of the triangular lattice."""

TRIHEXAGONAL = periodic(
    [ngon(6, (0, 0)), ngon(3, (1, SQRT3 / 3), -90), ngon(3, (1, -SQRT3 / 3), 90)], (2, 0), (1, SQRT3)
)
"""3.6.3.6 (Loopy's kagome; here only as the partner of the rhombille tiling)."""

TRUNCATED_SQUARE = periodic(
    [ngon(8, (0, 0), 22.5), ngon(4, ((1 + SQRT2) / 2, (1 + SQRT2) / 2))], (1 + SQRT2, 0), (0, 1 + SQRT2)
)
"""4.8.8 (Loopy's octagonal; partner of the tetrakis square tiling)."""

TRUNCATED_HEXAGONAL = periodic(
    [ngon(12, (0, 0), 15), ngon(3, _third(_A12, _B12, 1, 1), 30), ngon(3, _third(_A12, _B12, 2, -1), -30)],
    _A12,
    _B12,
)
"""3.12.12 (Loopy's dodecagonal; partner of the triakis triangular tiling)."""

TRUNCATED_TRIHEXAGONAL = periodic(
    [
        ngon(12, (0, 0), 15),
        ngon(6, _third(_A4612, _B4612, 1, 1)),
        ngon(6, _third(_A4612, _B4612, 2, -1)),
        ngon(4, _third(_A4612, _B4612, 1.5, 0), 45),
        ngon(4, _third(_A4612, _B4612, 0, 1.5), 105),
        ngon(4, _third(_A4612, _B4612, -1.5, 1.5), 165),
    ],
    _A4612,
    _B4612,
)
"""4.6.12 (Loopy's great-dodecagonal; partner of the kisrhombille tiling)."""


def cut_squares(a: tuple[int, int], b: tuple[int, int], cut: Sequence[tuple[int, int]]) -> Periodic:
    """Big squares (side ``1 + sqrt2``) whose corners at the grid points ``cut`` are cut
    off by a small diamond (unit edges, as in 4.8.8); corners elsewhere meet plainly.

    The period is the lattice spanned by ``a`` and ``b`` (in grid steps); a big square
    with ``k`` cut corners has ``4 + k`` sides. Cutting every corner gives 4.8.8.

    >>> sorted(len(f) for f in cut_squares((1, 0), (0, 1), [(0, 0)]).cell)
    [4, 8]
    """
    side, half = 1 + SQRT2, SQRT2 / 2
    (ap, aq), (bp, bq) = a, b

    def key(i: int, j: int) -> tuple[int, int]:
        """The representative of grid point ``(i, j)`` in the fundamental parallelogram."""
        s, t = (math.floor(c + 1e-9) for c in _solve(a, b, (i, j)))
        return (i - s * ap - t * bp, j - s * aq - t * bq)

    cuts = {key(*c) for c in cut}
    reach = sum(map(abs, (*a, *b)))
    cells = {key(i, j) for i in range(-reach, reach + 1) for j in range(-reach, reach + 1)}
    steps = ((1, 0), (0, 1), (-1, 0), (0, -1))
    faces = [ngon(4, (i * side, j * side)) for i, j in sorted(cuts)]
    for i, j in sorted(cells):
        face: list[Point] = []
        corner = (i, j)
        for k, (dx, dy) in enumerate(steps):
            (px, py), (qx, qy) = steps[k - 1], (dx, dy)
            x, y = corner[0] * side, corner[1] * side
            if key(*corner) in cuts:
                face += [(x - half * px, y - half * py), (x + half * qx, y + half * qy)]
            else:
                face.append((x, y))
            corner = (corner[0] + dx, corner[1] + dy)
        faces.append(face)
    return periodic(faces, (ap * side, aq * side), (bp * side, bq * side))


_DOMINO = (((-1, -0.5), (0, -0.5), (0, 0.5), (-1, 0.5)), ((0, -0.5), (1, -0.5), (1, 0.5), (0, 0.5)))
_TRAPEZOID = (((-1, 0.5), (0, 0.5), (-0.5, 0.5 + _H)), ((0, 0.5), (0.5, 0.5 + _H), (-0.5, 0.5 + _H)),
              ((0, 0.5), (1, 0.5), (0.5, 0.5 + _H)))


def _domino_octagon(centre: Point, vertical: bool) -> list[list[Point]]:
    """Two unit squares side by side with a trapezoid of three triangles on each long side."""
    faces = [*_DOMINO, *_TRAPEZOID, *(tuple((x, -y) for x, y in f) for f in _TRAPEZOID)]
    turn = (lambda x, y: (-y, x)) if vertical else (lambda x, y: (x, y))
    return [translate([turn(*p) for p in f], *centre) for f in faces]


ALTAIR = cut_squares(
    (4, 0), (2, 4), [(x + dx, y + dy) for dx, dy in ((0, 0), (1, 2)) for x in (0, 1) for y in (0, 1)]
)
"""Squares to octagons: 4.8.8 with half of its diamonds shrunk away, the rest in 2 x 2
blocks on the lattice (4, 0), (1, 2) of big squares (the cell is two such periods)."""

_C = 1.5 + _H  # distance between neighbouring domino octagons

TRISQUARES = periodic(
    [
        *_domino_octagon((0, 0), False),
        *_domino_octagon((_C, 0), True),
        ngon(4, (_C / 2, _C / 2), 75),
        ngon(4, (3 * _C / 2, _C / 2), 15),
    ],
    (2 * _C, 0),
    (_C, _C),
)
"""The 2-uniform tiling [3.3.3.4.4; 3.3.4.3.4] (p4g): domino octagons and single squares."""

SNOWFLAKE = hexagon_flowers((3, 0), (0, 3))
"""The 2-uniform tiling [3.3.3.3.3.3; 3.3.3.3.6]: hexagrams on a triangular background."""
