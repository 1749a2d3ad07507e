"""What a tiling is: a function from a size (and a seed) to faces, plus a registry entry.

A generator returns faces as lists of ``(x, y)`` coordinates (y up, edges of length
about 1). Shared vertices must come out at the same coordinates up to rounding
(1e-7 of the patch size): :func:`slitherasp.model.from_faces` merges them and derives
everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

Point = tuple[float, float]
Faces = list[list[Point]]
Generator = Callable[[int, int, "int | None"], Faces]


@dataclass(frozen=True)
class Tiling:
    """A registered tiling.

    ``family``: regular, archimedean, laves, k-uniform, aperiodic, competition.
    ``faces``: the face types, as vertex configuration or polygon names.
    ``loopy``: Loopy's grid-type name and number when Loopy has this grid.
    ``min_size``/``max_size``: allowed ``width``/``height`` (inclusive).
    """

    name: str
    generate: Generator
    family: str
    faces: str
    description: str
    min_size: int = 1
    max_size: int = 200
    loopy: tuple[str, int] | None = None
    seeded: bool = False
    aliases: tuple[str, ...] = field(default=())

    @property
    def default_size(self) -> tuple[int, int]:
        """The size used when none is asked for: 10 x 10, within the allowed range."""
        n = min(max(10, self.min_size), self.max_size)
        return (n, n)


def regular_polygon(center: Point, radius: float, sides: int, phase: float = 0.0) -> list[Point]:
    """Corners of a regular polygon, counter-clockwise, the first at angle ``phase``."""
    import math

    cx, cy = center
    return [
        (cx + radius * math.cos(phase + 2 * math.pi * k / sides), cy + radius * math.sin(phase + 2 * math.pi * k / sides))
        for k in range(sides)
    ]


def translate(face: Sequence[Point], dx: float, dy: float) -> list[Point]:
    """A face moved by ``(dx, dy)``."""
    return [(x + dx, y + dy) for x, y in face]
