"""Hat tilings: the aperiodic monotile of Smith, Myers, Kaplan and Goodman-Strauss (2023),
built from the H, T, P, F metatiles by substitution.

Facts used (the paper "An aperiodic monotile", section 4 and its figures of the
metatiles and their substitution, as implemented in Kaplan's published ``hatviz``):

* the hat is Tile(1, sqrt 3): 13 sides on the hexagonal kite grid; in the lattice basis
  ``1, e^(i pi/3)`` its corners are :data:`HAT_CORNERS` (its side of length 2 has the
  grid point in its middle, which we list as a 14th corner, as Loopy does);
* the metatiles (at twice the size used in ``hatviz``): H is a hexagon of 4 hats, one of
  them mirrored, T a triangle of 1 hat, P a parallelogram and F a pentagon of 2 hats
  (:data:`METATILES`);
* supertiles: 29 metatiles are placed side to side (:data:`PATCH`); from key points of
  that patch come the outlines of the new H, T, P, F (:func:`_outlines`), and each new
  metatile takes over some of the 29 (:data:`TAKES`). The outlines are only
  combinatorially like the old ones, so they are recomputed at every level.

Points are exact (Q(zeta_12), with fractions) all along, so every hat lands exactly on
the lattice and shared corners coincide.

>>> faces = hats(6, 6, 1)
>>> {len(f) for f in faces} == {14}, 8 <= len(faces) <= 30
(True, True)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..model import GeometryError
from .aperiodic import IDENTITY, Cyclotomic, Exact, Hierarchy, Motion, add, cut, scale, sub
from .base import Faces

Z12 = Cyclotomic(12)
SCALE = 3.3
"""Tile units (short hat sides) per unit of width/height: close to Loopy's face counts."""
CORE = 0.3
"""The part of a supertile's bounding radius around its centre taken as covered."""


def lattice(a: int, b: int) -> Exact:
    """The point ``a + b e^(i pi/3)`` (e^(i pi/3) is zeta_12 squared).

    >>> z = Z12.complex(lattice(1, 2))
    >>> round(z.real, 6), round(z.imag, 6)
    (2.0, 1.732051)
    """
    return (a, 0, b, 0)


HAT_CORNERS = tuple(lattice(a, b) for a, b in (
    (0, 0), (-1, -1), (0, -2), (2, -2), (2, -1), (4, -2), (5, -1),
    (4, 0), (3, 0), (2, 2), (0, 3), (0, 2), (-1, 2)))
HAT = HAT_CORNERS[:3] + (lattice(1, -2),) + HAT_CORNERS[3:]


def _match(p1: Exact, q1: Exact, p2: Exact, q2: Exact) -> Motion:
    """The rotation and translation taking ``p1`` to ``p2`` and ``q1`` to ``q2``."""
    d1, d2 = sub(q1, p1), sub(q2, p2)
    for turn in range(12):
        if Z12.mul(Z12.root(turn), d1) == d2:
            shift = sub(p2, Z12.mul(Z12.root(turn), p1))
            if all(Fraction(x).denominator == 1 for x in shift):  # keep integers fast
                shift = tuple(int(x) for x in shift)
            return Motion(turn, False, shift)
    raise GeometryError("hat supertile sides do not match")  # pragma: no cover


def _hat(corner_a: int, corner_b: int, p: Exact, q: Exact) -> tuple[str, Motion]:
    return ("", _match(HAT_CORNERS[corner_a], HAT_CORNERS[corner_b], p, q))


def _level0() -> tuple[dict, dict]:
    H = tuple(lattice(a, b) for a, b in ((0, 0), (8, 0), (8, 2), (0, 10), (-2, 10), (-2, 2)))
    T = tuple(lattice(a, b) for a, b in ((0, 0), (6, 0), (0, 6)))
    P = tuple(lattice(a, b) for a, b in ((0, 0), (8, 0), (4, 4), (-4, 4)))
    F = tuple(lattice(a, b) for a, b in ((0, 0), (6, 0), (6, 2), (4, 4), (-4, 4)))
    pair = (("", Motion(0, False, lattice(2, 2))), ("", Motion(10, False, lattice(-2, 4))))
    kids = {
        "H": (_hat(5, 7, H[5], H[0]), _hat(9, 11, H[1], H[2]), _hat(5, 7, H[3], H[4]),
              ("", Motion(4, True, lattice(4, 2)))),
        "T": (("", Motion(0, False, lattice(0, 2))),),
        "P": pair,
        "F": pair,
    }
    return kids, {"H": H, "T": T, "P": P, "F": F}


METATILES = _level0()[1]

PATCH = """
H
P 2 0.1 0.0
H 2 1.1 1.0
P 2 2.1 2.0
H 2 3.1 3.0
P 2 4.5 4.4
F 3 0.5 0.4
F 3 2.5 2.4
F 0 3.2 4.1
H 0 8.4 8.3
P 0 9.3 9.2
H 0 10.3 10.2
P 2 11.5 11.4
H 2 12.1 12.0
F 3 13.1 13.0
F 1 14.3 14.2
H 4 15.4 15.3
F 1 8.3 8.2
H 0 17.4 17.3
P 0 18.3 18.2
H 2 19.3 19.2
F 3 20.5 20.4
P 2 20.1 20.0
H 2 22.1 22.0
F 3 23.5 23.4
F 3 23.1 23.0
P 2 16.1 16.0
T 2 0.2 9.4
F 3 4.1 4.0
"""
"""The 29 metatiles of a supertile patch, in order: the first is an H left in place;
each other line ``kind side a.i b.j`` puts a metatile so that its side from corner
``side`` to corner ``side + 1`` runs from corner ``i`` of metatile ``a`` to corner ``j``
of metatile ``b`` (corners counted modulo the outline's length)."""

TAKES = {"H": (0, 9, 16, 27, 26, 6, 1, 8, 10, 15), "T": (11,), "P": (7, 2, 3, 4, 28), "F": (21, 20, 22, 23, 24, 25)}
"""Which of the 29 metatiles each new metatile is made of."""


def _rotate(p: Exact, centre: Exact, turn: int) -> Exact:
    return add(centre, Z12.mul(Z12.root(turn), sub(p, centre)))


def _meet(a: Exact, b: Exact, c: Exact, d: Exact) -> Exact:
    """Where the line through ``a, b`` meets the line through ``c, d`` (lattice points
    only: the lattice coordinates are the 0th and 2nd coefficients)."""
    u, v, w = sub(b, a), sub(d, c), sub(c, a)
    det = u[0] * v[2] - u[2] * v[0]
    s = Fraction(w[0] * v[2] - w[2] * v[0]) / det
    return add(a, scale(u, s))


def _outlines(corner) -> dict[str, tuple[Exact, ...]]:
    """The new outlines from ``corner(metatile, index)`` of the 29-metatile patch."""
    bps1, bps2 = corner(8, 2), corner(21, 2)
    p72, p252, p62, p142 = corner(7, 2), corner(25, 2), corner(6, 2), corner(14, 2)
    llc = _meet(bps1, _rotate(bps2, bps1, -4), p62, p72)
    w = sub(p62, llc)
    h = (llc, bps1, add(bps1, Z12.mul(Z12.root(-2), w)), p142, sub(p142, Z12.mul(Z12.root(-4), w)), p62)
    top = add(h[1], sub(h[4], h[5]))
    return {
        "H": h,
        "T": (top, _rotate(h[2], top, -2), h[2]),
        "P": (p72, add(p72, sub(bps1, llc)), bps1, llc),
        "F": (bps2, corner(24, 2), corner(25, 0), p252, add(p252, sub(llc, bps1))),
    }


@lru_cache(maxsize=None)
def _layout(level: int) -> tuple[dict, dict]:
    """The metatiles of a level: their children and their outlines."""
    if level == 0:
        return _level0()
    _, outlines = _layout(level - 1)
    placed: list[tuple[str, Motion]] = []

    def corner(k: int, i: int) -> Exact:
        kind, m = placed[k]
        poly = outlines[kind]
        return m.apply(Z12, poly[i % len(poly)])

    for row in PATCH.strip().splitlines():
        kind, *rest = row.split()
        if not rest:
            placed.append((kind, IDENTITY))
            continue
        side = int(rest[0])
        (a, i), (b, j) = (map(int, x.split(".")) for x in rest[1:])
        poly = outlines[kind]
        placed.append((kind, _match(poly[side], poly[(side + 1) % len(poly)], corner(a, i), corner(b, j))))
    kids = {kind: tuple(placed[k] for k in ks) for kind, ks in TAKES.items()}
    return kids, _outlines(corner)


SOURCE = Hierarchy(Z12, HAT, lambda n: _layout(n)[0], "H", CORE)


def hats(width: int, height: int, seed: int | None = None) -> Faces:
    """Faces of a hat patch in a ``width x height`` window placed by ``seed``.

    >>> faces = hats(10, 10, 7)
    >>> 35 <= len(faces) <= 80, faces == hats(10, 10, 7) != hats(10, 10, 8)
    (True, True)
    """
    return cut(SOURCE, width, height, seed, SCALE)
