"""Loopy's Penrose grids before 2023: the ``G<x>,<y>,<angle>`` grid descriptions.

The Loopy that Debian 12 ships (sgt-puzzles 20230122) and every Loopy from 2011 to
early 2023 placed a Penrose patch differently from today's: it cuts one huge
half-tile triangle into Robinson triangles, as deep as the size needs, and keeps
each whole tile whose four rounded corners fall inside a window of ``100 W x 100 H``
centred at ``(x, y)``, in the order the subdivision reaches them; the whole patch is
first turned by ``angle`` degrees (a multiple of 36). Loopy then trims the patch as
it trims today's (:mod:`.trim`), and the faces keep that order, so clues land where
Loopy puts them.

Points are exact integer combinations of four unit vectors 36 degrees apart (the same
basis as :data:`.exact.Z`: a turn is :func:`.exact.times_t`); only the final corners
are rounded, in floating point with Loopy's own constants, as Loopy rounds them.
Triangles whose neighbourhood misses the window are not cut further: no tile of
theirs could be kept, so the faces and their order are those of the whole cut. Checked
against Loopy 20230122's own grids (a build of its grid code printing faces, used only
to check): 1,236 descriptions, 3x3 to 100x100, equal face for face, corner for corner.

>>> faces = layout(11, 7, 7, "G3813,-1444,252")  # Loopy trims 2 of these 28
>>> len(faces), faces[0]
(28, [(4142, -1346), (4054, -1224), (4054, -1318), (3999, -1393)])
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ...model.errors import InputError
from .exact import IPoint, Z, add, times_t
from .trim import trim

_DESC = re.compile(r"G(-?[0-9]{1,9}),(-?[0-9]{1,9}),(-?[0-9]{1,9})", re.A)
TILESIZE = 100
"""Loopy's unit: a ``W x H`` window is ``100 W`` by ``100 H``."""
_SCALE = {11: (3, 2), 12: (5, 4)}
"""Loopy's fudge factor on the tile size: P2 tiles are 3/2 of the unit, P3 5/4."""
_PHI = 1.6180339887
_INCIRCLE = 0.22426
_COS54, _SIN54, _COS18, _SIN18 = 0.5877852, 0.8090169, 0.9510565, 0.3090169
"""Loopy's constants, truncated as Loopy writes them: rounding depends on them."""


def parse(desc: str) -> tuple[int, int, int] | None:
    """The centre and angle of a ``G`` description, or None if it is not one.

    >>> parse("G3813,-1444,252"), parse("82AB")
    ((3813, -1444, 252), None)
    """
    m = _DESC.fullmatch(desc)
    return None if m is None else (int(m.group(1)), int(m.group(2)), int(m.group(3)))


def problem(desc: str) -> str | None:
    """Why Loopy refuses ``desc`` whatever the size, or None.

    >>> problem("G1,2,72"), problem("G1,2,70")
    (None, 'the angle must be a multiple of 36 from 0 to 324, not 70')
    """
    parsed = parse(desc)
    if parsed is None:
        return "a Penrose grid description from before 2023 is G<x>,<y>,<angle> (e.g. G3813,-1444,252)"
    angle = parsed[2]
    if angle % 36 or not 0 <= angle < 360:
        return f"the angle must be a multiple of 36 from 0 to 324, not {angle}"
    return None


@dataclass(frozen=True)
class _Size:
    """How far Loopy cuts for a size: the radius it must cover, the first triangle's
    side and the number of cuts."""

    radius: float
    start: int
    depth: int


def _size(number: int, width: int, height: int) -> _Size:
    """Loopy's ``penrose_calculate_size``: grow a tile by phi until the first
    triangle's inscribed circle covers every place a window may be put."""
    num, den = _SCALE[number]
    tile = TILESIZE * num // den
    radius = tile * 3.11 * math.sqrt(width * width + height * height)
    size, depth = float(tile), 0
    while size * _INCIRCLE < radius:
        depth += 1
        size *= _PHI
    return _Size(radius, int(size), depth)


def unit(number: int) -> float:
    """The side of a tile (the long side of a kite or dart) in Loopy's integers."""
    num, den = _SCALE[number]
    return float(TILESIZE * num // den)


def _int32(n: int) -> int:
    """``n`` wrapped as C's 32-bit ``int`` arithmetic wraps it."""
    return (n + 2**31) % 2**32 - 2**31


def offset_problem(number: int, width: int, height: int, x: int, y: int) -> str | None:
    """Why Loopy refuses the centre ``(x, y)`` at this size, or None: it must lie within
    the first triangle's circle less the window's size. Loopy squares in 32-bit
    integers, so on sizes past about 70x70 it also takes centres whose square wraps."""
    inner = int(_size(number, width, height).radius - math.sqrt(width * width + height * height))
    square = _int32(_int32(x * x) + _int32(y * y))
    if square >= 0 and math.sqrt(square) > inner:
        return f"the centre ({x}, {y}) is out of bounds: Loopy's {width}x{height} patches lie within {inner} of (0, 0)"
    return None


# --------------------------------------------------------------------------- vectors
def _turn(v: Z, degrees: int) -> Z:
    """``v`` turned by ``degrees`` (a multiple of 36) as Loopy's ``v_rotate`` turns it."""
    for _ in range((-degrees // 36) % 10):
        v = times_t(v)
    return v


def _grow(v: Z) -> Z:
    """``v`` times phi."""
    a, b, c, d = v
    return (a + b - d, c + d, a + b, c + d - a)


def _shrink(v: Z) -> Z:
    """``v`` divided by phi."""
    a, b, c, d = v
    return (b - d, c + d - b, a + b - c, c - a)


def _round(r: float) -> int:
    """The nearest integer, halves away from zero."""
    return math.floor(r + 0.5) if r > 0 else math.ceil(r - 0.5)


def _x(v: Z) -> float:
    """The x coordinate (Loopy's constants, no overflow)."""
    return (v[0] + v[3]) * _COS54 + (v[1] + v[2]) * _COS18


def _y(v: Z) -> float:
    """The y coordinate (Loopy's constants, no overflow)."""
    return (v[0] - v[3]) * _SIN54 + (v[1] - v[2]) * _SIN18


def _dot(v: Z) -> IPoint:
    """Loopy's integer dot for a corner. Loopy adds the coefficients in 32-bit ints; a
    cut 16 levels deep (from about 70x70) makes coefficients near 10**9 (small tiles
    written with huge ones, the rounding of Loopy's constants shows there too), and a
    sum past 2**31 wraps: that corner lands billions of units away, its tile is dropped
    and leaves a hole, as in Loopy (which then aborts: :func:`_holed`)."""
    a, b, c, d = v
    x = _int32(a + d) * _COS54 + _int32(b + c) * _COS18
    y = _int32(a - d) * _SIN54 + _int32(b - c) * _SIN18
    return _round(x), _round(y)


# --------------------------------------------------------------------------- the cut
@dataclass(frozen=True)
class _Window:
    """Loopy's window (integers, bounds included) and how far outside it a triangle
    may lie and still hold part of a kept tile."""

    xmin: int
    xmax: int
    ymin: int
    ymax: int
    margin: float

    def holds(self, p: IPoint) -> bool:
        return self.xmin <= p[0] <= self.xmax and self.ymin <= p[1] <= self.ymax

    def near(self, corners: tuple[Z, ...]) -> bool:
        """Whether the triangle with these corners comes within the margin."""
        xs, ys = [_x(p) for p in corners], [_y(p) for p in corners]
        m = self.margin
        return (min(xs) - m <= self.xmax and max(xs) + m >= self.xmin
                and min(ys) - m <= self.ymax and max(ys) + m >= self.ymin)


def _triangle(kind: str, flip: int, o: Z, e: Z) -> tuple[Z, ...]:
    """The corners of a half-tile triangle (Loopy's debugging outline of it)."""
    if kind == "P2 large":
        return o, add(o, e), add(o, _turn(e, -36 * flip))
    if kind == "P2 small":
        return o, add(o, e), add(o, _turn(_shrink(e), -36 * flip))
    if kind == "P3 large":
        return o, add(o, _grow(e)), add(o, _turn(e, -36 * flip))
    return o, add(o, e), add(o, _turn(e, -36 * flip))


def _tile(kind: str, o: Z, e: Z) -> list[Z]:
    """The four corners of the whole tile a (non-mirrored) half tile stands for."""
    if kind == "P2 large":
        return [o, add(o, _turn(e, -36)), add(o, e), add(o, _turn(e, 36))]
    if kind == "P2 small":
        return [o, add(o, _turn(e, -72)), add(o, _turn(_shrink(e), -36)), add(o, e)]
    if kind == "P3 large":
        return [o, add(o, _turn(e, -36)), add(o, _grow(e)), add(o, _turn(e, 36))]
    far = add(o, e)
    return [o, add(o, _turn(e, -36)), add(far, _turn(e, -36)), far]


def _children(kind: str, flip: int, o: Z, e: Z) -> list[tuple[str, int, Z, Z]]:
    """The triangles a half tile is cut into, in Loopy's order."""
    if kind == "P2 large":
        far = add(o, _turn(e, -36 * flip))
        edge = _shrink(_turn(e, 108 * flip))
        return [("P2 small", flip, o, _shrink(e)), ("P2 large", flip, far, edge), ("P2 large", -flip, far, edge)]
    if kind == "P2 small":
        return [("P2 large", -flip, o, _shrink(_turn(e, -36 * flip))),
                ("P2 small", flip, add(o, e), _shrink(_turn(e, -144 * flip)))]
    near = [("P3 large", -flip, add(o, e), _shrink(_turn(e, 180))),
            ("P3 small", flip, add(o, e), _shrink(_turn(e, -108 * flip)))]
    if kind == "P3 small":
        return near
    return [*near, ("P3 large", flip, add(o, _grow(e)), _shrink(_turn(e, -144 * flip)))]


def _cut(kind: str, depth: int, flip: int, o: Z, e: Z, size: _Size, window: _Window) -> Iterator[list[IPoint]]:
    """The kept tiles under one triangle, depth first as Loopy recurses."""
    if not window.near(_triangle(kind, flip, o, e)):
        return
    if depth >= size.depth:
        if flip > 0:
            tile = [_dot(p) for p in _tile(kind, o, e)]
            if all(window.holds(p) for p in tile):
                yield tile
        return
    for child in _children(kind, flip, o, e):
        yield from _cut(child[0], depth + 1, *child[1:], size, window)


def _holed(faces: list[list[IPoint]]) -> bool:
    """Whether the trimmed faces have more edges than a disc of them would: Loopy
    counts on a disc (Euler: edges = faces + dots - 1) and aborts otherwise."""
    kept = trim(faces)
    dots = {p for face in kept for p in face}
    edges = {frozenset(pair) for face in kept for pair in zip(face, face[1:] + face[:1])}
    return bool(kept) and len(edges) > len(kept) + len(dots) - 1


def layout(number: int, width: int, height: int, desc: str, prune: bool = True) -> list[list[IPoint]]:
    """Loopy's dots of the tiles in the window (y down), in Loopy's order, before
    trimming; InputError if Loopy would refuse the description at this size.
    ``prune=False`` cuts every triangle, as Loopy does (for tests: slow past 10x10)."""
    parsed = parse(desc)
    if parsed is None or problem(desc):
        raise InputError(problem(desc) or "not a G description")
    x, y, angle = parsed
    out_of_bounds = offset_problem(number, width, height, x, y)
    if out_of_bounds:
        raise InputError(out_of_bounds)
    size = _size(number, width, height)
    leaf = size.start / _PHI**size.depth  # a tile's longest side is under 2 of these
    window = _Window(x - width * TILESIZE // 2, x + width * TILESIZE // 2,
                     y - height * TILESIZE // 2, y + height * TILESIZE // 2, 3 * leaf + 2 if prune else math.inf)
    start: Z = (0, size.start, 0, 0)
    origin = _shrink(_shrink((0, -size.start, -size.start, 0)))
    first = "P2 large" if number == 11 else "P3 small"
    faces = list(_cut(first, 0, 1, _turn(origin, angle), _turn(start, angle), size, window))
    if _holed(faces):
        raise InputError(f"Loopy before 2023 cannot build this {width}x{height} grid either: its arithmetic "
                         "overflows and leaves holes (it stops on an internal check)")
    return faces
