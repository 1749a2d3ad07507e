"""Penrose tilings P2 (kites and darts) and P3 (thin and thick rhombs) from Robinson
triangles.

Facts used (Wikipedia "Penrose tiling", section on Robinson triangle decompositions;
Jeff Preshing's write-up of the rhomb subdivision; the classical kite/dart deflation):

* every tile is two mirror-image Robinson triangles: the acute golden triangle (angles
  36-72-72) and the obtuse golden gnomon (36-36-108); a kite is two acute ones sharing a
  long leg (its axis), a dart two obtuse ones sharing a short leg (its axis); a thin
  rhomb is two acute ones and a thick rhomb two obtuse ones sharing their base;
* deflation shrinks by the golden ratio phi: for kites and darts a half kite becomes
  two half kites and a half dart, a half dart one of each; for rhombs an acute triangle
  becomes one of each, an obtuse one two obtuse and one acute (:func:`_split`);
* a sun of five kites, or a wheel of ten acute triangles, is a legal start.

Points are exact in Z[zeta_10] (phi = 1 + z^2 - z^3 and 1/phi = phi - 1 are integers of
that ring), so halves of one tile and neighbours share their corners exactly.

>>> faces = penrose_p3(7, 7, 1)
>>> {len(f) for f in faces}, 10 <= len(faces) <= 30
({4}, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .aperiodic import ZERO, Cyclotomic, Exact, add, cut, sub
from .base import Faces

Z10 = Cyclotomic(10)
PHI: Exact = (1, 0, 1, -1)
INV: Exact = (0, 0, 1, -1)  # 1/phi = phi - 1
INV2: Exact = (1, 0, -1, 1)  # 1/phi^2 = 1 - 1/phi

Triangle = tuple[str, Exact, Exact, Exact]
"""``(kind, apex, b, c)``. Kinds: ``K`` half kite (apex = head, ``b`` its side corner,
``c`` its tail, ``apex-c`` the axis); ``D`` half dart (apex = the reflex corner, ``b``
its side corner, ``c`` its tip, ``apex-c`` the axis); ``A``/``O`` acute/obtuse halves of
thin/thick rhombs (``b-c`` is the base shared with the mirror image)."""


def _towards(p: Exact, q: Exact, f: Exact) -> Exact:
    """The point ``p + f (q - p)``."""
    return add(p, Z10.mul(f, sub(q, p)))


def _split(t: Triangle) -> list[Triangle]:
    """One deflation step of a Robinson triangle."""
    kind, a, b, c = t
    if kind == "K":
        d, y = _towards(a, b, INV2), _towards(a, c, INV)
        return [("D", d, y, a), ("K", b, d, y), ("K", b, c, y)]
    if kind == "D":
        f = _towards(c, b, INV)
        return [("K", c, f, a), ("D", f, a, b)]
    if kind == "A":
        p = _towards(a, b, INV)
        return [("A", c, p, b), ("O", p, c, a)]
    q, r = _towards(b, a, INV), _towards(b, c, INV)
    return [("O", r, c, a), ("O", q, r, b), ("A", r, q, a)]


def _power(x: Exact, n: int) -> Exact:
    out: Exact = (1, 0, 0, 0)
    for _ in range(n):
        out = Z10.mul(out, x)
    return out


@dataclass(frozen=True)
class _Penrose:
    rhombs: bool
    """P3 (rhombs, from a wheel of acute triangles) or P2 (kites and darts, from a sun)."""

    def _start(self, level: int) -> list[Triangle]:
        if self.rhombs:  # legs phi^level: final rhomb sides 1
            r = _power(PHI, level)
            pts = [Z10.mul(r, Z10.root(k)) for k in range(10)]
            return [("A", ZERO, pts[k], pts[(k + 1) % 10]) if k % 2 else ("A", ZERO, pts[(k + 1) % 10], pts[k])
                    for k in range(10)]
        r = _power(PHI, level + 1)  # kite legs phi^(level+1): final short sides 1
        pts = [Z10.mul(r, Z10.root(k)) for k in range(10)]
        return [("K", ZERO, pts[(2 * j + s) % 10], pts[2 * j]) for j in range(5) for s in (1, -1)]

    def core(self, level: int) -> tuple[complex, float]:
        outer = math.pow((1 + math.sqrt(5)) / 2, level + (0 if self.rhombs else 1))
        return 0j, outer * math.cos(math.pi / 10) - 3

    def tiles(self, level: int, centre: complex, reach: float) -> list[list[complex]]:
        todo = [(level, t) for t in self._start(level)]
        leaves: list[Triangle] = []
        while todo:
            n, t = todo.pop()
            pts = [Z10.complex(p) for p in t[1:]]
            mid = sum(pts) / 3
            if abs(mid - centre) > max(abs(p - mid) for p in pts) + reach + 3:
                continue  # 3 > any tile's size: the mirror halves of kept halves are kept
            if n == 0:
                leaves.append(t)
            else:
                todo.extend((n - 1, s) for s in _split(t))
        return [[Z10.complex(p) for p in tile] for tile in self._pair(leaves)]

    def _pair(self, halves: list[Triangle]) -> list[tuple[Exact, ...]]:
        """Join mirror-image halves into tiles (halves without a partner are dropped)."""
        seen: dict[tuple, Triangle] = {}
        tiles = []
        for t in halves:
            kind, a, b, c = t
            key = (kind, frozenset((b, c))) if self.rhombs else (kind, a, c)
            other = seen.pop(key, None)
            if other is None:
                seen[key] = t
            elif self.rhombs:
                tiles.append((a, b, other[1], c))
            else:
                tiles.append((a, b, c, other[2]))
        return tiles


SCALE_P2 = 1.07
SCALE_P3 = 0.82
"""Tile units (short sides of kites and darts; sides of rhombs) per unit of size."""
_P2, _P3 = _Penrose(False), _Penrose(True)


def penrose_p2(width: int, height: int, seed: int | None = None) -> Faces:
    """Faces of a kite and dart patch in a ``width x height`` window placed by ``seed``.

    >>> faces = penrose_p2(10, 10, 7)
    >>> 35 <= len(faces) <= 90, {len(f) for f in faces}, faces == penrose_p2(10, 10, 7)
    (True, {4}, True)
    """
    return cut(_P2, width, height, seed, SCALE_P2)


def penrose_p3(width: int, height: int, seed: int | None = None) -> Faces:
    """Faces of a rhomb patch in a ``width x height`` window placed by ``seed``.

    >>> faces = penrose_p3(10, 10, 7)
    >>> 35 <= len(faces) <= 90, {len(f) for f in faces}, faces == penrose_p3(10, 10, 7)
    (True, {4}, True)
    """
    return cut(_P3, width, height, seed, SCALE_P3)
