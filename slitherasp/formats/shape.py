"""Whether a puzzle's cells are a given list of faces: how the writers of grid formats
(which store clues only) make sure the cells they number are the ones they mean.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 2, 1)
>>> same_faces(p, [[(0, 0), (1, 0), (1, -1), (0, -1)], [(1, 0), (2, 0), (2, -1), (1, -1)]])
True
>>> same_faces(p, [[(1, 0), (2, 0), (2, -1), (1, -1)], [(0, 0), (1, 0), (1, -1), (0, -1)]])
False
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Puzzle

Face = Sequence[tuple[float, float]]
TOLERANCE = 1e-6


def _key(x: float, y: float) -> tuple[int, int]:
    return round(x / TOLERANCE), round(y / TOLERANCE)


def same_faces(puzzle: Puzzle, faces: Sequence[Face]) -> bool:
    """Whether cell ``i`` of the puzzle is the polygon ``faces[i]`` for every ``i``
    (same corners, any starting corner and direction, coordinates within 1e-6).
    A puzzle without geometry cannot be checked and is taken at its word."""
    if len(puzzle.cells) != len(faces):
        return False
    geo = puzzle.geometry
    if geo is None:
        return True
    for c, face in enumerate(faces):
        poly = geo.face_polygon(c)
        if poly is None or len(poly) != len(face):
            return False
        if {_key(*p) for p in poly} != {_key(*q) for q in face}:
            return False
    return True
