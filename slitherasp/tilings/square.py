"""The square grid: ``width`` x ``height`` unit squares, faces row by row from the top."""

from __future__ import annotations

from .base import Faces


def square(width: int, height: int, seed: int | None = None) -> Faces:
    """Faces of the square grid; face ``y * width + x`` is column x of row y.

    >>> len(square(3, 2)), square(1, 1)
    (6, [[(0, 0), (1, 0), (1, -1), (0, -1)]])
    """
    return [
        [(x, -y), (x + 1, -y), (x + 1, -y - 1), (x, -y - 1)]
        for y in range(height)
        for x in range(width)
    ]
