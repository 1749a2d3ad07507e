"""Sheep-Wolf's animals as shapes for a :class:`~slitherasp.render.scene.Scene`:
filled polygons (:class:`~slitherasp.render.scene.Figure`) that every back end draws
as it draws faces, so that SVG, PNG, PDF and the web page show the same animals.
Pure Python, as the rest of a drawing on a puzzle's own geometry.

>>> [f.style for f in animal("wolf", (0.0, 0.0), 1.0)]
['wolf', 'wolf-eye', 'wolf-eye', 'sheep-line']
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..model import Point
from .scene import Figure

_WOLF = ((-0.62, -0.05), (-0.58, -0.78), (-0.22, -0.38), (0.22, -0.38), (0.58, -0.78), (0.62, -0.05),
         (0.36, 0.32), (0.0, 0.78), (-0.36, 0.32))
"""A wolf's head, in units of its face's inscribed radius (y down): pointed ears, a
long muzzle."""
_EYE = ((-0.38, -0.1), (-0.12, -0.02), (-0.3, 0.07))
_NOSE = ((-0.11, 0.52), (0.11, 0.52), (0.0, 0.68))


def _ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 24, wave: float = 0.0,
             waves: int = 0) -> list[Point]:
    """Corners of an ellipse (with ``waves`` bumps of relative height ``wave``)."""
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        k = 1 + wave * abs(math.cos(waves * t / 2))
        out.append((cx + k * rx * math.cos(t), cy + k * ry * math.sin(t)))
    return out


def animal(kind: str, centre: Point, radius: float, cell: int | None = None) -> list[Figure]:
    """A sheep (a round white fleece with a dark face and legs) or a wolf (a dark head
    with pointed ears and yellow eyes) in a face whose inscribed circle is ``radius``
    around ``centre``: shapes that differ in outline as well as in colour.

    >>> [f.style for f in animal("wolf", (0.0, 0.0), 1.0)]
    ['wolf', 'wolf-eye', 'wolf-eye', 'sheep-line']
    >>> len(animal("sheep", (0.0, 0.0), 1.0))
    5
    """
    x0, y0, r = centre[0], centre[1], 0.8 * radius

    def at(points: Sequence[Point]) -> tuple[Point, ...]:
        return tuple((x0 + r * x, y0 + r * y) for x, y in points)

    if kind == "wolf":
        mirrored = [(-x, y) for x, y in reversed(_EYE)]
        return [Figure(at(shape), style, cell) for shape, style in
                ((_WOLF, "wolf"), (_EYE, "wolf-eye"), (mirrored, "wolf-eye"), (_NOSE, "sheep-line"))]
    if kind != "sheep":
        raise ValueError(f"no animal {kind!r}")
    legs = [((x, 0.3), (x + 0.12, 0.3), (x + 0.12, 0.78), (x, 0.78)) for x in (-0.42, 0.08)]
    fleece = _ellipse(-0.12, 0.0, 0.56, 0.46, 48, 0.12, 11)
    rim = _ellipse(-0.12, 0.0, 0.62, 0.52, 48, 0.12, 11)
    head = _ellipse(0.5, -0.2, 0.2, 0.27)
    return [Figure(at(shape), style, cell) for shape, style in
            ((legs[0], "sheep-line"), (legs[1], "sheep-line"), (rim, "sheep-line"), (fleece, "sheep"),
             (head, "sheep-line"))]
