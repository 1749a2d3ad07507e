"""What the aperiodic tilings share: exact arithmetic, substitution hierarchies, and
cutting a window out of a substituted patch as a disc of faces.

Exact arithmetic: the vertices of Penrose tilings lie in Z[zeta_10], those of hat and
spectre tilings in Z[zeta_12] (Q(zeta_12) while hat supertiles are being built).
:class:`Cyclotomic` computes with 4 coefficients over ``1, z, z^2, z^3``, so that a vertex
reached along different paths of a substitution is the same value, and converts to
floats only at the end: the same exact point always gives the same floats.

A :class:`Hierarchy` holds supertiles level by level as lists of ``(child type,
Motion)``; :meth:`Hierarchy.tiles` expands one supertile down to its prototiles, pruning
every branch that cannot reach a given disc.

:func:`cut` is the part every generator ends with: the seed places (and turns) a
``width x height`` window inside a patch that covers it, the tiles lying wholly inside are
kept, and :func:`disc` makes them a disc (one component, no pinch point, no hole) whose
faces also list the vertices of neighbours lying on their sides (edge to edge).

>>> Z12 = Cyclotomic(12)
>>> Z12.mul(Z12.root(5), Z12.root(7))
(1, 0, 0, 0)
"""

from __future__ import annotations

import cmath
import math
import random
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Protocol, Sequence

from ..model import GeometryError
from .base import Faces

Exact = tuple  # four coefficients (int or Fraction) over 1, z, z^2, z^3
XY = tuple[float, float]
Ring = tuple[XY, ...]

# x^4 written in the basis 1, x, x^2, x^3 (from the cyclotomic polynomials
# Phi_10 = x^4 - x^3 + x^2 - x + 1 and Phi_12 = x^4 - x^2 + 1)
_FOURTH_POWER = {10: (-1, 1, -1, 1), 12: (-1, 0, 1, 0)}


@dataclass(frozen=True)
class Cyclotomic:
    """The ring Z[z] (or field Q(z)) for z = exp(2 pi i / order), order 10 or 12.

    >>> Z10 = Cyclotomic(10)
    >>> phi = (1, 0, 1, -1)                       # 1 + z^2 - z^3, the golden ratio
    >>> round(Z10.complex(phi).real, 6), Z10.mul(phi, (0, 0, 1, -1))
    (1.618034, (1, 0, 0, 0))
    """

    order: int

    def mul(self, a: Exact, b: Exact) -> Exact:
        """The product of two elements."""
        c = [0] * 7
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    c[i + j] += x * y
        rule = _FOURTH_POWER[self.order]
        for d in (6, 5, 4):
            if c[d]:
                for i, r in enumerate(rule):
                    c[d - 4 + i] += c[d] * r
        return (c[0], c[1], c[2], c[3])

    def root(self, k: int) -> Exact:
        """z^k (k taken modulo the order)."""
        return _root(self.order, k % self.order)

    def conj(self, a: Exact) -> Exact:
        """The complex conjugate (the mirror image in the x axis)."""
        return add_all(scale(self.root(-j), x) for j, x in enumerate(a) if x)

    def complex(self, a: Exact) -> complex:
        """The value as a complex number."""
        w = _unit_floats(self.order)
        return a[0] + a[1] * w[1] + a[2] * w[2] + a[3] * w[3]


@lru_cache(maxsize=None)
def _root(order: int, k: int) -> Exact:
    if k < 4:
        return tuple(int(i == k) for i in range(4))
    return Cyclotomic(order).mul(_root(order, k - 1), (0, 1, 0, 0))


@lru_cache(maxsize=None)
def _unit_floats(order: int) -> tuple[complex, ...]:
    return tuple(cmath.exp(2j * math.pi * k / order) for k in range(4))


ZERO: Exact = (0, 0, 0, 0)


def add(a: Exact, b: Exact) -> Exact:
    """The sum of two elements.

    >>> add((1, 2, 0, 0), (0, 1, 0, 3))
    (1, 3, 0, 3)
    """
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Exact, b: Exact) -> Exact:
    """The difference of two elements.

    >>> sub((1, 2, 0, 0), (0, 1, 0, 3))
    (1, 1, 0, -3)
    """
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def scale(a: Exact, k) -> Exact:
    """An element times an integer or fraction.

    >>> scale((1, 2, 0, -1), 3)
    (3, 6, 0, -3)
    """
    return (a[0] * k, a[1] * k, a[2] * k, a[3] * k)


def add_all(items: Iterable[Exact]) -> Exact:
    """The sum of several elements (0 for none).

    >>> add_all([(1, 0, 0, 0), (0, 1, 0, 0), (1, 1, 1, 1)]), add_all([])
    ((2, 2, 1, 1), (0, 0, 0, 0))
    """
    total: Exact = ZERO
    for a in items:
        total = add(total, a)
    return total


# --------------------------------------------------------------------------- motions
@dataclass(frozen=True)
class Motion:
    """The isometry ``p -> z^turn * (conj(p) if flip else p) + shift``.

    >>> Z12, p = Cyclotomic(12), (0, 1, 0, 0)
    >>> a, b = Motion(3, True, (1, 0, 0, 0)), Motion(5, True, (0, 2, 0, -1))
    >>> a.then(Z12, b).apply(Z12, p) == a.apply(Z12, b.apply(Z12, p))
    True
    >>> Motion(6, True, ZERO).apply(Z12, (2, 0, 0, 1))      # x -> -x: 2 + i -> -2 + i
    (-2, 0, 0, 1)
    """

    turn: int
    flip: bool
    shift: Exact

    def apply(self, ring: Cyclotomic, p: Exact) -> Exact:
        """The image of the point ``p``."""
        q = ring.conj(p) if self.flip else p
        return add(ring.mul(ring.root(self.turn), q), self.shift)

    def then(self, ring: Cyclotomic, inner: "Motion") -> "Motion":
        """``self`` after ``inner`` (apply ``inner`` first)."""
        turn = self.turn - inner.turn if self.flip else self.turn + inner.turn
        return Motion(turn % ring.order, self.flip != inner.flip, self.apply(ring, inner.shift))


IDENTITY = Motion(0, False, ZERO)


# --------------------------------------------------------------------------- hierarchies
Children = tuple[tuple[str, Motion], ...]


@dataclass(frozen=True)
class Hierarchy:
    """A substitution tiling as supertiles: ``level(n)[kind]`` lists the ``(kind,
    motion)`` of the level ``n-1`` tiles that make up a level ``n`` tile of that kind;
    level 0 tiles are made of copies of ``prototile`` (their kind is ``""``). As a
    :class:`Source` it offers the level ``n`` tile ``top``, taking the disc of
    ``core`` times its bounding radius as covered.

    >>> Z12 = Cyclotomic(12)
    >>> square = ((0, 0, 0, 0), (1, 0, 0, 0), (1, 0, 0, 1), (0, 0, 0, 1))
    >>> def level(n):                      # 2 x 2 blocks of 2 x 2 blocks of unit squares
    ...     step = 2 ** n if n else 1
    ...     return {"s": tuple(("s" if n else "", Motion(0, False, (x * step, 0, 0, y * step)))
    ...                        for x in (0, 1) for y in (0, 1))}
    >>> blocks = Hierarchy(Z12, square, level, "s", 0.5)
    >>> len(blocks.tiles(3, 0j, 100.0)), len(blocks.tiles(3, 0j, 1.0))   # all, or near 0
    (256, 4)
    """

    ring: Cyclotomic
    prototile: tuple[Exact, ...]
    level: Callable[[int], dict[str, Children]]
    top: str
    core_fraction: float

    @lru_cache(maxsize=None)
    def circle(self, n: int, kind: str) -> tuple[complex, float]:
        """A disc (centre, radius) holding every prototile of a level ``n`` tile."""
        if n == 0:
            pts = [self.ring.complex(mo.apply(self.ring, p)) for _, mo in self.level(0)[kind] for p in self.prototile]
            centre = sum(pts) / len(pts)
            return centre, max(abs(p - centre) for p in pts)
        discs = [(self._move(mo, self.circle(n - 1, c)[0]), self.circle(n - 1, c)[1]) for c, mo in self.level(n)[kind]]
        centre = sum(c for c, _ in discs) / len(discs)
        return centre, max(abs(c - centre) + r for c, r in discs)

    def core(self, level: int) -> tuple[complex, float]:
        """The disc taken as covered by the level ``level`` tile ``top``."""
        centre, radius = self.circle(level, self.top)
        return centre, self.core_fraction * radius

    def tiles(self, level: int, centre: complex, reach: float) -> list[list[complex]]:
        """The prototiles of the level ``level`` tile ``top`` that may meet the disc of
        radius ``reach`` around ``centre``, as float polygons."""
        out: list[list[complex]] = []
        self._expand(level, self.top, IDENTITY, centre, reach, out)
        return out

    def _move(self, mo: Motion, z: complex) -> complex:
        w = self.ring.complex(self.ring.root(mo.turn))
        return w * (z.conjugate() if mo.flip else z) + self.ring.complex(mo.shift)

    def _expand(self, n: int, kind: str, motion: Motion, centre: complex, reach: float, out: list) -> None:
        for child, mo in self.level(n)[kind]:
            placed = motion.then(self.ring, mo)
            if n == 0:
                out.append([self.ring.complex(add(p, placed.shift)) for p in self._turned(placed.turn, placed.flip)])
                continue
            c, r = self.circle(n - 1, child)
            if abs(self._move(placed, c) - centre) <= r + reach + 1e-6:
                self._expand(n - 1, child, placed, centre, reach, out)

    @lru_cache(maxsize=None)
    def _turned(self, turn: int, flip: bool) -> tuple[Exact, ...]:
        mo = Motion(turn, flip, ZERO)
        return tuple(mo.apply(self.ring, p) for p in self.prototile)


# --------------------------------------------------------------------------- windows
class Source(Protocol):
    """A substitution tiling as :func:`cut` needs it."""

    def core(self, level: int) -> tuple[complex, float]:
        """A disc (centre, radius) that the level ``level`` patch should cover."""

    def tiles(self, level: int, centre: complex, reach: float) -> list[list[complex]]:
        """The tiles of the level ``level`` patch that may meet a disc."""


DEFAULT_SEED = 0
ATTEMPTS = 24
VARIETY = 3
"""Levels of substitution beyond the least that holds the window: room for the seed."""


def cut(source: Source, width: int, height: int, seed: int | None, scale_: float) -> Faces:
    """Faces of a ``width x height`` window (``scale_`` tile units per unit of size)
    placed by ``seed`` in a patch of ``source``, as a disc with the window's lower
    left corner at the origin."""
    rng = random.Random(DEFAULT_SEED if seed is None else seed)
    hw, hh = width * scale_ / 2, height * scale_ / 2
    reach = math.hypot(hw, hh)
    level = 0
    while source.core(level)[1] < 2 * reach + 2:
        level += 1
    level += VARIETY
    for attempt in range(ATTEMPTS):
        n = level + attempt // 6
        centre, radius = source.core(n)
        spin = cmath.exp(-1j * rng.uniform(0, 2 * math.pi))
        point = centre + cmath.rect((radius - reach) * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi))
        pool = [tuple(_xy((z - point) * spin) for z in poly) for poly in source.tiles(n, point, reach)]
        if covered(pool, hw, hh):
            break
    else:
        raise GeometryError(f"could not cover a {width}x{height} window with tiles")
    tol = 1e-9 * (1 + reach)
    inside = [i for i, poly in enumerate(pool) if all(abs(x) <= hw + tol and abs(y) <= hh + tol for x, y in poly)]
    if not inside:  # a window smaller than a tile: the tile under its centre
        inside = [min(range(len(pool)), key=lambda i: abs(complex(*centroid(pool[i]))))]
    return [[(x + hw, y + hh) for x, y in face] for face in disc(pool, inside)]


def _xy(z: complex) -> XY:
    return (z.real, z.imag)


def area(poly: Sequence[XY]) -> float:
    """Signed (shoelace) area, positive counter-clockwise.

    >>> area([(0, 0), (2, 0), (2, 1), (0, 1)])
    2.0
    """
    return 0.5 * sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly)))


def centroid(poly: Sequence[XY]) -> XY:
    """The average of the corners.

    >>> centroid([(0, 0), (2, 0), (2, 1), (0, 1)])
    (1.0, 0.5)
    """
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def clip(poly: Sequence[XY], hw: float, hh: float) -> list[XY]:
    """The part of a polygon inside ``|x| <= hw, |y| <= hh`` (Sutherland-Hodgman; for
    a non-convex polygon the pieces may be joined by zero-width seams, which leaves
    the area right).

    >>> area(clip([(0, 0), (4, 0), (4, 4), (0, 4)], 1, 1))
    1.0
    """
    pts = list(poly)
    for axis, sign, bound in ((0, 1, hw), (0, -1, hw), (1, 1, hh), (1, -1, hh)):
        if not pts:
            break
        out: list[XY] = []
        for i, q in enumerate(pts):
            p = pts[i - 1]
            dp, dq = bound - sign * p[axis], bound - sign * q[axis]
            if dq >= 0:
                if dp < 0:
                    out.append(_cross(p, q, dp, dq))
                out.append(q)
            elif dp >= 0:
                out.append(_cross(p, q, dp, dq))
        pts = out
    return pts


def _cross(p: XY, q: XY, dp: float, dq: float) -> XY:
    t = dp / (dp - dq)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def covered(pool: Sequence[Sequence[XY]], hw: float, hh: float) -> bool:
    """Whether non-overlapping polygons cover the window ``|x| <= hw, |y| <= hh``.

    >>> halves = [((-2, -2), (0, -2), (0, 2), (-2, 2)), ((0, -2), (2, -2), (2, 2), (0, 2))]
    >>> covered(halves, 1, 1), covered(halves[:1], 1, 1)
    (True, False)
    """
    total = 0.0
    for poly in pool:
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        if min(xs) >= hw or max(xs) <= -hw or min(ys) >= hh or max(ys) <= -hh:
            continue
        inner = max(xs) <= hw and min(xs) >= -hw and max(ys) <= hh and min(ys) >= -hh
        total += abs(area(poly if inner else clip(poly, hw, hh)))
    return total >= 4 * hw * hh * (1 - 1e-9)


# --------------------------------------------------------------------------- discs
def split_sides(faces: Sequence[Ring], eps: float = 1e-6) -> list[Ring]:
    """The faces with every vertex of another face that lies inside one of their sides
    added to that side (so that the faces meet edge to edge).

    >>> split_sides([((0, 0), (2, 0), (2, 1), (0, 1)), ((0, 0), (1, 0), (1, -1))])[0]
    ((0, 0), (1, 0), (2, 0), (2, 1), (0, 1))
    """
    cell = 1.0
    grid: dict[tuple[int, int], set[XY]] = defaultdict(set)
    uses: dict[tuple[XY, XY], int] = defaultdict(int)
    for f in faces:
        for p in f:
            grid[(math.floor(p[0] / cell), math.floor(p[1] / cell))].add(p)
        for e in _edges(f):
            uses[e] += 1
    out = []
    for f in faces:
        ring: list[XY] = []
        for i, p in enumerate(f):
            q = f[(i + 1) % len(f)]
            ring.append(p)
            if uses[(p, q) if p < q else (q, p)] == 2:
                continue  # a side two faces share has no other vertex on it
            dx, dy = q[0] - p[0], q[1] - p[1]
            length2 = dx * dx + dy * dy
            found = []
            for gx in range(math.floor((min(p[0], q[0]) - eps) / cell), math.floor((max(p[0], q[0]) + eps) / cell) + 1):
                for gy in range(math.floor((min(p[1], q[1]) - eps) / cell), math.floor((max(p[1], q[1]) + eps) / cell) + 1):
                    for r in grid.get((gx, gy), ()):
                        rx, ry = r[0] - p[0], r[1] - p[1]
                        t = rx * dx + ry * dy
                        if abs(rx * dy - ry * dx) <= eps * math.sqrt(length2) and eps * eps < t < length2 - eps * eps and r != q:
                            found.append((t, r))
            ring.extend(r for _, r in sorted(found))
        out.append(tuple(ring))
    return out


def _edges(ring: Ring) -> Iterable[tuple[XY, XY]]:
    for i, p in enumerate(ring):
        q = ring[(i + 1) % len(ring)]
        yield (p, q) if p < q else (q, p)


def _groups(items: Sequence[int], links: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Connected groups of ``items`` under ``links``, each sorted, in order of their least item."""
    parent = {i: i for i in items}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in links:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    out: dict[int, list[int]] = defaultdict(list)
    for i in sorted(items):
        out[root(i)].append(i)
    return sorted(out.values())


def disc(pool: Sequence[Ring], chosen: Iterable[int]) -> list[Ring]:
    """The chosen tiles of ``pool`` made a disc, edge to edge: keep the largest
    edge-connected part, at a pinch vertex keep the largest fan of faces, and fill
    holes with the pool's tiles inside them (or drop the faces around a hole the pool
    cannot fill).

    >>> sq = [((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)) for x in range(3) for y in range(3)]
    >>> len(disc(sq, [0, 1, 2, 3, 5, 6, 7, 8]))          # the hole in the middle is filled
    9
    >>> len(disc(sq, [0, 4, 8]))                          # corners meeting in points only
    1
    >>> len(disc(sq, [0, 1, 2, 5, 8, 7, 3]))              # a ring pinched at (2, 1)
    6
    """
    chosen = sorted(set(chosen))
    for _ in range(10 * len(pool) + 10):
        rings = dict(zip(chosen, split_sides([pool[i] for i in chosen])))
        faces_of: dict[tuple[XY, XY], list[int]] = defaultdict(list)
        for i, ring in rings.items():
            for e in _edges(ring):
                faces_of[e].append(i)
        parts = _groups(chosen, ((fs[0], fs[1]) for fs in faces_of.values() if len(fs) == 2))
        best = max(parts, key=len)
        if len(best) < len(chosen):
            chosen = best
            continue
        border = [e for e, fs in faces_of.items() if len(fs) == 1]
        at: dict[XY, list[tuple[XY, XY]]] = defaultdict(list)
        for e in border:
            at[e[0]].append(e)
            at[e[1]].append(e)
        pinch = next((v for v in sorted(at) if len(at[v]) > 2), None)
        if pinch is not None:
            around = [i for i in chosen if pinch in rings[i]]
            fans = _groups(around, ((fs[0], fs[1]) for e, fs in faces_of.items() if pinch in e and len(fs) == 2))
            keep = set(max(fans, key=len))
            chosen = [i for i in chosen if i in keep or i not in around]
            continue
        cycles = _groups(list(range(len(border))), _cycle_links(border, at))
        if len(cycles) == 1:
            return [rings[i] for i in chosen]
        outer = min(range(len(cycles)), key=lambda c: min(min(border[k]) for k in cycles[c]))
        holes = [_polygon([border[k] for k in cyc]) for c, cyc in enumerate(cycles) if c != outer]
        taken = set(chosen)
        fill = [i for i, poly in enumerate(pool) if i not in taken and any(_inside(_interior_point(poly), h) for h in holes)]
        if fill:
            chosen = sorted(taken | set(fill))
        else:
            rim = {p for h in holes for p in h}
            chosen = [i for i in chosen if not rim & set(rings[i])]
        if not chosen:
            break
    raise GeometryError("could not make the window's tiles a disc")


def _cycle_links(border: Sequence[tuple[XY, XY]], at: dict[XY, list[tuple[XY, XY]]]) -> Iterable[tuple[int, int]]:
    index = {e: k for k, e in enumerate(border)}
    for edges in at.values():
        for e in edges[1:]:
            yield index[edges[0]], index[e]


def _polygon(edges: Sequence[tuple[XY, XY]]) -> list[XY]:
    nxt: dict[XY, list[XY]] = defaultdict(list)
    for p, q in edges:
        nxt[p].append(q)
        nxt[q].append(p)
    start = edges[0][0]
    ring, prev, cur = [start], None, start
    while True:
        a, b = nxt[cur]
        step = b if a == prev else a
        if step == start:
            return ring
        ring.append(step)
        prev, cur = cur, step


def _interior_point(poly: Sequence[XY]) -> XY:
    """A point just inside the polygon, next to the middle of its first side."""
    (x0, y0), (x1, y1) = poly[0], poly[1]
    side = 1 if area(poly) > 0 else -1
    return ((x0 + x1) / 2 - side * 1e-4 * (y1 - y0), (y0 + y1) / 2 + side * 1e-4 * (x1 - x0))


def _inside(p: XY, poly: Sequence[XY]) -> bool:
    """Even-odd test of a point against a polygon."""
    x, y = p
    hit = False
    for i, (x1, y1) in enumerate(poly):
        x0, y0 = poly[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit
