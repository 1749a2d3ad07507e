"""The Laves dual of a patch, and the Laves tilings built with it.

:func:`dual_faces` puts one face around every interior vertex of a patch (a vertex all
of whose surrounding faces are present), with corners at the centres of those faces
in cyclic order. For an Archimedean tiling (regular faces) this is exactly its Laves
tiling: the centres of the faces around a vertex are the corners of the dual
prototile. The raw dual is trimmed to a disc like every periodic patch.

A Laves tiling of size ``w`` x ``h`` is the dual of the partner's ``(w+1)`` x ``(h+1)``
patch, so it covers about ``w`` x ``h`` unit cells of the partner's lattice.

>>> from slitherasp.model import from_faces
>>> from slitherasp.tilings.square import square
>>> d = from_faces(dual_faces(from_faces(square(3, 3))))
>>> len(d.cells), sorted({len(es) for es in d.cell_edges})
(4, [4])
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..model import GeometryError, Puzzle, from_faces
from .base import Faces, trim_to_disc
from .periodic import (
    ELONGATED_TRIANGULAR,
    TRIHEXAGONAL,
    TRUNCATED_HEXAGONAL,
    TRUNCATED_SQUARE,
    TRUNCATED_TRIHEXAGONAL,
    Periodic,
    centroid,
)


def dual_faces(puzzle: Puzzle) -> Faces:
    """One face per interior vertex of ``puzzle``, cornered at the surrounding faces'
    centres, trimmed to a disc. Needs the puzzle's geometry.

    >>> from slitherasp.model import from_faces
    >>> hexagon = [(1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866)]
    >>> fan = [[(0, 0), hexagon[i], hexagon[i - 5]] for i in range(6)]
    >>> [len(f) for f in dual_faces(from_faces(fan))]
    [6]
    """
    geo = puzzle.geometry
    if geo is None:
        raise GeometryError("the dual needs a puzzle with geometry (faces in the plane)")
    boundary = {v for e in puzzle.boundary_edges for v in puzzle.edges[e]}
    around: dict[int, list[int]] = {}
    centres = {}
    for c, cyc in enumerate(geo.faces):
        if cyc is None:
            continue
        centres[c] = centroid([geo.points[v] for v in cyc])
        for v in cyc:
            around.setdefault(v, []).append(c)
    faces: Faces = []
    for v, cells in around.items():
        if v in boundary or len(cells) < 3:
            continue
        x, y = geo.points[v]
        ring = sorted((centres[c] for c in cells), key=lambda p: math.atan2(p[1] - y, p[0] - x))
        faces.append(ring)
    if not faces:
        raise GeometryError("the patch has no interior vertex, so its dual is empty")
    return trim_to_disc(faces)


def laves(partner: Periodic) -> Callable[[int, int, int | None], Faces]:
    """A generator for the dual of ``partner``: size ``w`` x ``h`` is the dual of the
    partner's ``(w + 1)`` x ``(h + 1)`` patch.

    >>> sorted({len(f) for f in laves(TRUNCATED_SQUARE)(2, 2)})
    [3]
    """

    def generate(width: int, height: int, seed: int | None = None) -> Faces:
        return dual_faces(from_faces(partner.translates(width + 1, height + 1)))

    return generate


rhombille = laves(TRIHEXAGONAL)
"""[3.6.3.6]: three rhombi around every hexagon centre of the kagome tiling."""
tetrakis_square = laves(TRUNCATED_SQUARE)
"""[4.8.8]: right isosceles triangles, each square cut along both diagonals."""
triakis_triangular = laves(TRUNCATED_HEXAGONAL)
"""[3.12.12]: obtuse isosceles triangles, each equilateral triangle cut into three."""
kisrhombille = laves(TRUNCATED_TRIHEXAGONAL)
"""[4.6.12]: 30-60-90 triangles, each equilateral triangle cut into six."""
prismatic_pentagonal = laves(ELONGATED_TRIANGULAR)
"""[3.3.3.4.4]: house-shaped pentagons in rows pointing alternately up and down."""
