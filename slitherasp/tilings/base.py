"""What a tiling is: a function from a size (and a seed) to faces, plus a registry entry.

A generator returns faces as lists of ``(x, y)`` coordinates (y up, edges of length
about 1). Shared vertices must come out at the same coordinates up to rounding
(1e-7 of the patch size): :func:`slitherasp.model.from_faces` merges them and derives
everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from ..model.topology import components

Point = tuple[float, float]
Faces = list[list[Point]]


@dataclass(frozen=True)
class Tiling:
    """A registered tiling.

    ``family``: regular, archimedean, laves, k-uniform, aperiodic, competition.
    ``faces``: the face types, as vertex configuration or polygon names.
    ``maker``: where its generator lives, ``"module:attribute"`` under
    ``slitherasp.tilings`` (imported on first use), called as
    ``maker(*args, width, height, seed)``.
    ``loopy``: Loopy's grid-type name and number when Loopy has this grid;
    ``loopy_desc``: for Loopy's aperiodic grids, the function (same form and
    arguments as ``maker``) that gives the grid description of a patch.
    ``min_size``/``max_size``: allowed ``width``/``height`` (inclusive).

    >>> from slitherasp.tilings import get
    >>> len(get("square").generate(2, 3))
    6
    """

    name: str
    maker: str
    family: str
    faces: str
    description: str
    args: tuple[int, ...] = ()
    min_size: int = 1
    max_size: int = 200
    loopy: tuple[str, int] | None = None
    loopy_desc: str | None = None
    seeded: bool = False
    aliases: tuple[str, ...] = field(default=())

    @property
    def default_size(self) -> tuple[int, int]:
        """The size used when none is asked for: 10 x 10, within the allowed range."""
        n = min(max(10, self.min_size), self.max_size)
        return (n, n)

    def generate(self, width: int, height: int, seed: int | None = None) -> Faces:
        """The faces of a ``width`` x ``height`` patch (unchecked size)."""
        return _resolve(self.maker)(*self.args, width, height, seed)

    def grid_description(self, width: int, height: int, seed: int | None = None) -> str | None:
        """Loopy's grid description of the registered patch, for grids that have one."""
        if self.loopy_desc is None:
            return None
        return _resolve(self.loopy_desc)(*self.args, width, height, seed)


def _resolve(where: str) -> Callable[..., Any]:
    """``"module:attr.attr"`` under ``slitherasp.tilings`` as the object it names."""
    module, _, path = where.partition(":")
    obj: Any = import_module(f"slitherasp.tilings.{module}")
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def regular_polygon(center: Point, radius: float, sides: int, phase: float = 0.0) -> list[Point]:
    """Corners of a regular polygon, counter-clockwise, the first at angle ``phase``."""
    import math

    cx, cy = center
    angles = [phase + 2 * math.pi * k / sides for k in range(sides)]
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def translate(face: Sequence[Point], dx: float, dy: float) -> list[Point]:
    """A face moved by ``(dx, dy)``."""
    return [(x + dx, y + dy) for x, y in face]


def trim_to_disc(faces: Iterable[Sequence[Point]]) -> list[list[Point]]:
    """The faces that remain after trimming a patch to a disc.

    Where the faces around a border corner fall apart into several fans (the border
    pinches), all but the largest fan are dropped, until no corner pinches; then only
    the largest edge-connected piece is kept.

    >>> squares = [[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 1), (2, 1), (2, 2), (1, 2)]]
    >>> len(trim_to_disc(squares))
    1
    """
    from . import from_faces

    kept = [list(f) for f in faces]
    if not kept:
        return kept
    patch = from_faces(kept)
    sides = [set(cs) for cs in patch.edge_cells]
    corners = {v for e, cs in enumerate(sides) if len(cs) == 1 for v in patch.edges[e]}
    alive = set(range(len(kept)))
    while corners:
        drop: set[int] = set()
        for v in corners:
            links = [sides[e] for e in patch.incidence[v]]
            drop.update(*components(set().union(*links), [tuple(cs) for cs in links])[1:])
        alive -= drop
        touched = {e for c in drop for e in patch.cell_edges[c]}
        for e in touched:
            sides[e] -= drop
        corners = {v for e in touched for v in patch.edges[e]}
    pieces = components(alive, [tuple(cs) for cs in sides])
    return [kept[i] for i in sorted(pieces[0])] if pieces else []
