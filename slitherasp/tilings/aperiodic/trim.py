"""Loopy's "vigorous trim" of an aperiodic patch: keep the faces around the largest
connected set of inner dots, in their order."""

from __future__ import annotations

from collections.abc import Sequence

from ...model.topology import components
from .exact import IPoint


def trim(faces: Sequence[Sequence[IPoint]]) -> list[Sequence[IPoint]]:
    """Loopy's vigorous trim: keep the faces touching the largest connected set of
    *inner* dots (dots every edge of which has a face on both sides), in order.

    >>> square = [[(0, 0), (1, 0), (1, 1), (0, 1)]]
    >>> ring = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x, y in [(0, 0), (1, 0), (0, 1), (1, 1)]]
    >>> len(trim(square)), len(trim(ring + [[(5, 5), (6, 5), (6, 6)]]))
    (0, 4)
    """
    index: dict[IPoint, int] = {}
    rings = [[index.setdefault(p, len(index)) for p in face] for face in faces]
    sides = {(a, b) for ring in rings for a, b in zip(ring[-1:] + ring[:-1], ring)}
    inner = [True] * len(index)
    for a, b in sides:
        if (b, a) not in sides:
            inner[a] = inner[b] = False
    groups = components([v for v in range(len(index)) if inner[v]], [(a, b) for a, b in sides if inner[a] and inner[b]])
    if not groups:
        return []
    biggest = groups[0]  # the biggest; of equally big ones the one with the least dot, as Loopy
    return [face for face, ring in zip(faces, rings) if any(v in biggest for v in ring)]
