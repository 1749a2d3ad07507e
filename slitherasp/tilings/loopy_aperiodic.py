"""Loopy's aperiodic grids, face for face, from their grid descriptions: Penrose
(types 11, 12), hats (16) and spectres (17).

Since 2023 Loopy places its aperiodic patches with Simon Tatham's *combinatorial
coordinates* (his articles on generating aperiodic tilings, 2023): the grid
description (the part of a game ID before ``_``) names where the starting piece sits
in the tiling's substitution hierarchy, and Loopy walks out from it.

**Penrose.** Every tile is cut into two isosceles half-tile triangles: acute ``A``/``B``
and obtuse ``U``/``V`` for kites and darts (P2), acute ``C``/``D`` and obtuse ``X``/``Y``
for rhombs (P3); the letters of mirror images differ. A triangle's coordinates are
its own letter, then the letter of the bigger triangle it is a piece of, and so on
up. The description is ``O S L1 L2 ...``: the orientation ``O`` of the starting
triangle (tenths of a turn), which of its corners ``S`` sits at the origin, and its
letters from the smallest triangle up. Loopy breadth-first searches the triangles
inside a window, stepping across edges with two transition tables (:data:`_OUT`:
across an edge of a child, into a sibling or out through an edge of the parent;
:data:`_IN`: into a parent through one of its edges, to the child at that end), and
emits a tile when the search meets its second half. Points are exact integer
combinations of 1, t, t^2, t^3 (t = exp(i pi/5)) and the window test compares
numbers ``a + b sqrt 5`` exactly; tiles become Loopy's integer dots by fixed scale
factors, x and y swapped as Loopy does.

**Hats.** The description ``k,h,m1,m2,...,X`` names the starting kite: kite ``k`` of
hat ``h`` of the metatile that is child ``m1`` of child ``m2`` ... of a metatile of
type ``X`` (H, T, P or F). Loopy walks over the kite grid in a serpentine and emits a
hat when it meets the hat's kite 0 with all 14 corners inside the window. Here the
walk is the same, but the hats are found geometrically: the metatile ``X`` is expanded
down the named chain (:func:`_expand`), turned and moved so that the named kite is
Loopy's starting kite, and looked up kite by kite. When the walk leaves the patch,
the chain is extended upwards with the first parent of each type, as Loopy does with
a description that runs out.

**Spectres.** The description ``O i1 i2 ... X`` places the starting spectre in a
hierarchy of nine kinds of marked hexagon (see the spectres section below); Loopy
breadth-first searches the spectres in a window, stepping across their 14 edges
with transition maps derived from the hexagons' jigsaw edges, here derived the same
way (:func:`_hex_maps`, :func:`_spectre_maps`).

All end with Loopy's "vigorous trim" (:func:`trim`): keep the faces around the
largest connected set of inner dots. The faces come out in Loopy's order, so clues
land on the faces Loopy numbers; this is verified face for face, corner for corner,
on the shared Loopy sample. :func:`random_desc` makes new descriptions. Loopy's older
Penrose descriptions (``G...``, before 2023) are not reproduced, nor what Loopy does
with a Penrose or spectres description too short for its window (it extends them
with its own random generator).

>>> faces = loopy_faces(11, 7, 7, "82AAAAVBBUAB")
>>> len(faces), faces[0]
(24, [(308, -333), (396, -213), (308, -185), (220, -213)])
>>> len(loopy_faces(16, 6, 6, "3,3,1,4,H")), len(loopy_faces(17, 6, 6, "A0452F"))
(16, 13)
"""

from __future__ import annotations

import math
import random
import re
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

from ..model import InputError
from ..topology import components
from .base import Faces, Generator

IPoint = tuple[int, int]
Z = tuple[int, int, int, int]
"""An exact point: integer coefficients of 1, t, t^2, t^3 (t = exp(i pi/5))."""
Surd = tuple[int, int]
"""The number ``a + b sqrt 5``."""


# --------------------------------------------------------------------------- exact points
def _times_t(p: Z) -> Z:
    """``p * t``, using t^4 = t^3 - t^2 + t - 1."""
    a, b, c, d = p
    return (-d, a + d, b - d, c + d)


def _add(p: Z, q: Z) -> Z:
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3])


def _sub(p: Z, q: Z) -> Z:
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])


def _product(p: Z, q: Z, times: Callable[[Z], Z]) -> Z:
    """The product of two points as complex numbers, by Horner's rule in the unit root
    that ``times`` multiplies by."""
    out: Z = (0, 0, 0, 0)
    for k in (3, 2, 1, 0):
        out = _add(times(out), (p[0] * q[k], p[1] * q[k], p[2] * q[k], p[3] * q[k]))
    return out


def _power(steps: int, times: Callable[[Z], Z], order: int) -> Z:
    """The unit root that ``times`` multiplies by, to the power ``steps`` (mod ``order``)."""
    out: Z = (1, 0, 0, 0)
    for _ in range(steps % order):
        out = times(out)
    return out


def _mul(p: Z, q: Z) -> Z:
    """The product of two points (t-basis).

    >>> _mul((0, 1, 0, 0), (0, 0, 0, 1))  # t * t^3 = t^4
    (-1, 1, -1, 1)
    """
    return _product(p, q, _times_t)


def _turn(steps: int) -> Z:
    """t^steps: a rotation by ``steps`` tenths of a turn."""
    return _power(steps, _times_t, 10)


def _x(p: Z) -> Surd:
    """The x coordinate of a point in units of 1/4."""
    a, b, c, d = p
    return (4 * a + b - c + d, b + c - d)


def _y(p: Z) -> Surd:
    """The y coordinate of a point in units of sin(pi/5)/2."""
    a, b, c, d = p
    return (2 * b + c + d, c + d)


def _sign(s: Surd) -> int:
    """The sign of ``a + b sqrt 5``, exactly.

    >>> _sign((-2, 1)), _sign((3, -1)), _sign((0, 0))
    (1, 1, 0)
    """
    a, b = s
    if a >= 0 and b >= 0:
        return int(a > 0 or b > 0)
    if a <= 0 and b <= 0:
        return -1
    bigger = a if a * a > 5 * b * b else b
    return 1 if bigger > 0 else -1


def _less(s: Surd, t: Surd) -> bool:
    return _sign((s[0] - t[0], s[1] - t[1])) < 0


def round_root(n: int, k: int) -> int:
    """The integer nearest to ``n * sqrt(k)`` (exact, as Loopy computes it).

    >>> round_root(100, 5), round_root(-100, 5), round_root(7, 3)
    (224, -224, 12)
    """
    m = abs(n)
    r = math.isqrt(k * m * m)
    if k * m * m - r * r > r:  # (r + 1/2)^2 < k m^2
        r += 1
    return r if n >= 0 else -r


# --------------------------------------------------------------------------- half tiles
ACUTE = "ABCD"
P2_LETTERS, P3_LETTERS = "ABUV", "CDXY"
PARENTS = {"A": "ABV", "B": "ABU", "U": "AU", "V": "BV", "C": "CX", "D": "DY", "X": "DXY", "Y": "CXY"}
"""Which bigger triangles each triangle can be a piece of."""
_SIBLING = {"A": 2, "U": 2, "B": 1, "V": 1}
"""The edge a half tile shares with its other half (0 for the P3 triangles)."""
_ONE, _PHI, _INV_PHI = (1, 0, 0, 0), (1, 0, 1, -1), (0, 0, 1, -1)
_BASE = {"A": _INV_PHI, "B": _INV_PHI, "C": _INV_PHI, "D": _INV_PHI, "U": _ONE, "V": _ONE, "X": _PHI, "Y": _PHI}
"""The vector of each triangle's edge 0 (its base) before turning it."""
_TURNS = {True: ((-1, 1, 0, 1), (-1, 1, -1, 1), (-1, 1, 0, 0)), False: ((0, -1, 1, 0), (0, 0, 1, 0), (-1, 0, 0, 1))}
"""For acute (True) and obtuse triangles: what edge ``k``'s vector is multiplied by to
give edge ``k + 1``'s (a turn and a change of length, as points)."""

# Crossing edge e of a child inside a parent: a sibling and the edge entered by
# ("B", 1), or out of the parent through its edge p at end -1 / +1 (0: undivided).
_OUT: dict[str, dict[str, tuple[tuple[str | int, int], ...]]] = {
    "A": {"A": ((2, -1), (0, 0), ("B", 1)), "B": (("U", 1), ("A", 2), (1, 1)), "U": ((2, 1), ("B", 0), (1, -1))},
    "B": {"A": (("V", 2), (2, -1), ("B", 1)), "B": ((1, 1), ("A", 2), (0, 0)), "V": ((1, -1), (2, 1), ("A", 0))},
    "U": {"B": (("U", 1), (2, 0), (0, 1)), "U": ((1, 0), ("B", 0), (0, -1))},
    "V": {"A": (("V", 2), (0, -1), (1, 0)), "V": ((2, 0), (0, 1), ("A", 0))},
    "C": {"C": ((1, 1), ("Y", 1), (0, 0)), "Y": ((2, 0), ("C", 1), (1, -1))},
    "D": {"D": ((2, -1), (0, 0), ("X", 2)), "X": ((1, 0), (2, 1), ("D", 2))},
    "X": {"C": ((2, 1), ("Y", 1), ("X", 1)), "X": ((1, 0), ("C", 2), (0, -1)), "Y": ((0, 1), ("C", 1), (2, -1))},
    "Y": {"D": ((1, -1), ("Y", 2), ("X", 2)), "X": ((0, -1), (1, 1), ("D", 2)), "Y": ((2, 0), (0, 1), ("D", 1))},
}
# Entering a parent through its edge p at end -1 / 0 / +1: the child and its edge.
_IN: dict[str, dict[tuple[int, int], tuple[str, int]]] = {
    "A": {(0, 0): ("A", 1), (1, -1): ("B", 2), (1, 1): ("U", 2), (2, -1): ("U", 0), (2, 1): ("A", 0)},
    "B": {(0, 0): ("B", 2), (1, -1): ("B", 0), (1, 1): ("V", 0), (2, -1): ("V", 1), (2, 1): ("A", 1)},
    "U": {(0, -1): ("B", 2), (0, 1): ("U", 2), (1, 0): ("U", 0), (2, 0): ("B", 1)},
    "V": {(0, -1): ("V", 1), (0, 1): ("A", 1), (1, 0): ("A", 2), (2, 0): ("V", 0)},
    "C": {(0, 0): ("C", 2), (1, -1): ("C", 0), (1, 1): ("Y", 2), (2, 0): ("Y", 0)},
    "D": {(0, 0): ("D", 1), (1, 0): ("X", 0), (2, -1): ("X", 1), (2, 1): ("D", 0)},
    "X": {(0, -1): ("Y", 0), (0, 1): ("X", 2), (1, 0): ("X", 0), (2, -1): ("C", 0), (2, 1): ("Y", 2)},
    "Y": {(0, 1): ("X", 0), (0, -1): ("Y", 1), (1, -1): ("X", 1), (1, 1): ("D", 0), (2, 0): ("Y", 0)},
}


class _Coordinates:
    """The starting triangle's coordinates, extended upwards on demand: by a random
    choice of parent when inventing a patch, never when replaying a description."""

    def __init__(self, letters: str, rng: random.Random | None) -> None:
        self.letters = list(letters)
        self.rng = rng

    def extend(self, c: list[str], n: int) -> None:
        """Make ``c`` (a triangle's coordinates) at least ``n`` letters long."""
        while len(self.letters) < n:
            if self.rng is None:
                raise InputError(f"the Penrose grid description {''.join(self.letters)!r} is too short "
                                 "for this size: Loopy would extend it at random")
            self.letters.append(self.rng.choice(PARENTS[self.letters[-1]]))
        c.extend(self.letters[len(c):n])

    def step(self, c: list[str], edge: int, depth: int = 0) -> int:
        """Move ``c`` across ``edge`` of its level-``depth`` triangle (rewriting it in
        place, higher levels too when the step leaves a parent); the edge entered."""
        self.extend(c, depth + 2)
        move = _OUT[c[depth + 1]][c[depth]][edge]
        if isinstance(move[0], int):  # out through an edge of the parent
            parent_edge = self.step(c, move[0], depth + 1)
            move = _IN[c[depth + 1]][(parent_edge, move[1])]
        c[depth] = str(move[0])
        return move[1]


@dataclass
class _Half:
    letters: list[str]
    corners: list[Z]
    reported: bool = False


def _place(letter: str, u: Z, v: Z, u_index: int) -> list[Z]:
    """The corners of a triangle whose corner ``u_index`` is ``u`` and next corner ``v``."""
    corners: list[Z] = [u, u, u]
    here, delta = u, _sub(v, u)
    for i in range(3):
        edge = (u_index + i) % 3
        corners[edge] = here
        here = _add(here, delta)
        delta = _mul(delta, _TURNS[letter in ACUTE][edge])
    return corners


def _tiles(orientation: int, start: int, coords: _Coordinates, width: int, height: int) -> list[list[Z]]:
    """Every tile (4 corners) whose two halves lie in the window, in Loopy's order."""
    xoff, yoff = width // 2, height // 2
    lo_x, hi_x, lo_y, hi_y = (-xoff, 0), (width - xoff, 0), (yoff - height, 0), (yoff, 0)

    def inside(corners: list[Z]) -> bool:
        return not any(_less(_x(p), lo_x) or _less(hi_x, _x(p)) or _less(_y(p), lo_y) or _less(hi_y, _y(p))
                       for p in corners)

    first_letters = list(coords.letters)
    first = _place(first_letters[0], (0, 0, 0, 0), _mul(_BASE[first_letters[0]], _turn(orientation)), 0)
    first = [_sub(p, first[start]) for p in first]
    seed = _Half(first_letters, first)
    placed = {(first[0], first[1]): seed}
    queue = deque([seed] if inside(first) else [])
    tiles: list[list[Z]] = []
    while queue:
        half = queue.popleft()
        sibling = _SIBLING.get(half.letters[0], 0)
        for edge in range(3):
            letters = list(half.letters)
            entered = coords.step(letters, edge)
            corners = _place(letters[0], half.corners[(edge + 1) % 3], half.corners[edge], entered)
            if not inside(corners):
                continue
            found = placed.get((corners[0], corners[1]))
            if found is None:
                new = _Half(letters, corners)
                placed[(corners[0], corners[1])] = new
                queue.append(new)
            elif edge == sibling and not half.reported and not found.reported:
                other = _SIBLING.get(found.letters[0], 0)
                tiles.append([half.corners[(sibling + 1) % 3], half.corners[(sibling + 2) % 3],
                              found.corners[(other + 1) % 3], found.corners[(other + 2) % 3]])
                half.reported = found.reported = True
    return tiles


# --------------------------------------------------------------------------- Penrose grids
@dataclass(frozen=True)
class PenroseGrid:
    """Loopy's Penrose grid type: its letters and its integer scale factors."""

    number: int
    name: str
    letters: str
    x_unit: int
    y_unit: int
    min_size: tuple[int, int] = (3, 3)

    @property
    def unit(self) -> float:
        """About the length of a unit tile edge in Loopy's integers."""
        return 4.0 * self.x_unit

    def window(self, width: int, height: int) -> tuple[int, int]:
        """The search window for a ``width x height`` grid (x and y swapped, as in Loopy)."""
        return height * 100 // self.x_unit, width * 100 // self.y_unit


PENROSE = {
    11: PenroseGrid(11, "penrose_p2", P2_LETTERS, 37, 44),
    12: PenroseGrid(12, "penrose_p3", P3_LETTERS, 30, 35),
}
"""Loopy's Penrose grid types by number (P2 kites and darts, P3 rhombs)."""


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


def _penrose_layout(grid: PenroseGrid, width: int, height: int, coords: _Coordinates,
                    orientation: int, start: int) -> list[list[IPoint]]:
    """Loopy's dots for the Penrose tiles of the window (y down), before trimming."""
    w, h = grid.window(width, height)
    xu, yu = grid.x_unit, grid.y_unit
    faces = []
    for tile in _tiles(orientation, start, coords, w, h):
        face = []
        for p in tile:
            (x1, x5), (y1, y5) = _x(p), _y(p)
            face.append(((y1 + h // 2) * yu + round_root(y5 * yu, 5), (x1 + w // 2) * xu + round_root(x5 * xu, 5)))
        faces.append(face)
    return faces


def _penrose_problem(number: int, desc: str) -> str | None:
    grid = PENROSE[number]
    if desc.startswith("G"):
        return "Loopy's Penrose descriptions from before 2023 ('G...') are not supported"
    if len(desc) < 3:
        return "a Penrose grid description has an orientation digit, a corner digit and tile letters"
    if not desc[0].isdigit():
        return f"expected an orientation digit 0-9 first, not {desc[0]!r}"
    if desc[1] not in "012":
        return f"expected a corner digit 0-2 second, not {desc[1]!r}"
    for i, ch in enumerate(desc[2:]):
        if ch not in grid.letters:
            return f"{ch!r} is not a letter of {grid.name} (its letters are {', '.join(grid.letters)})"
        if i and ch not in PARENTS[desc[1 + i]]:
            return f"{desc[1 + i]!r} cannot be a piece of {ch!r} (a {desc[1 + i]} fits in {' or '.join(PARENTS[desc[1 + i]])})"
    return None


def _penrose_faces(number: int, width: int, height: int, desc: str) -> list[list[IPoint]]:
    coords = _Coordinates(desc[2:], None)
    return _penrose_layout(PENROSE[number], width, height, coords, int(desc[0]), int(desc[1]))


def _penrose_random(number: int, width: int, height: int, rng: random.Random) -> str | None:
    """A random Penrose description whose window holds some face, or None."""
    grid = PENROSE[number]
    orientation, start = rng.randrange(10), rng.randrange(3)
    coords = _Coordinates(rng.choice(grid.letters), rng)
    if trim(_penrose_layout(grid, width, height, coords, orientation, start)):
        return f"{orientation}{start}{''.join(coords.letters)}"
    return None


# --------------------------------------------------------------------------- hats
# Loopy's hats (type 16) live on the kite grid: hexagons cut into six kites. Points
# are x + y r with r = exp(i pi/3), scaled so that the grid's triangles have side 6.
# The hat tiling comes from four metatiles H, T, P, F by substitution; a metatile is
# (type, start corner, orientation), the orientation a unit vector. The facts below
# (corners, children in Loopy's numbering, hats in each metatile, the hat's corners
# and kites) are those of Loopy's hat generator, in this coordinate system.
HPoint = tuple[int, int]
Metatile = tuple[str, HPoint, HPoint]


def _left(p: HPoint) -> HPoint:
    """``p`` turned a sixth of a turn anticlockwise (times r)."""
    return (-p[1], p[0] + p[1])


def _right(p: HPoint) -> HPoint:
    """``p`` turned a sixth of a turn clockwise (divided by r)."""
    return (p[0] + p[1], -p[0])


def _at(origin: HPoint, forward: HPoint, v: HPoint, mirrored: bool = False) -> HPoint:
    """The point ``v`` of a shape whose own x axis points along ``forward`` from ``origin``
    (its y axis a sixth of a turn to the left, or to the right when mirrored)."""
    side = _right(forward) if mirrored else _left(forward)
    return (origin[0] + v[0] * forward[0] + v[1] * side[0], origin[1] + v[0] * forward[1] + v[1] * side[1])


def _hsub(p: HPoint, q: HPoint) -> HPoint:
    return (p[0] - q[0], p[1] - q[1])


def _hadd(p: HPoint, q: HPoint) -> HPoint:
    return (p[0] + q[0], p[1] + q[1])


_CORNERS = {  # each metatile's corners, and where they go when it is expanded
    "H": ([(0, 0), (4, -2), (12, 6), (10, 10), (-6, 18), (-8, 16)],
          [(0, 0), (12, -6), (30, 12), (24, 24), (-12, 42), (-18, 36)]),
    "T": ([(0, 0), (6, 6), (-6, 12)], [(0, 0), (12, 12), (-12, 24)]),
    "P": ([(0, 0), (4, 4), (-4, 20), (-8, 16)], [(0, 0), (14, 8), (-4, 44), (-18, 36)]),
    "F": ([(0, 0), (4, -2), (6, 0), (-2, 16), (-6, 12)], [(0, 0), (14, -4), (18, 6), (0, 42), (-14, 34)]),
}
_CHILDREN: dict[str, list[Metatile]] = {  # the expansion of each metatile, in Loopy's child order
    "H": [("H", (-4, 20), (1, 0)), ("H", (2, 2), (1, 0)), ("H", (8, 26), (0, -1)), ("T", (6, 24), (-1, 0)),
          ("P", (-8, 16), (1, 0)), ("P", (4, 34), (0, -1)), ("P", (6, 0), (1, -1)), ("F", (-10, 38), (-1, 1)),
          ("F", (-10, 44), (0, -1)), ("F", (-4, 2), (1, 0)), ("F", (2, 2), (0, -1)), ("F", (26, 14), (1, 0)),
          ("F", (32, 8), (-1, 1))],
    "T": [("H", (10, 10), (-1, 1)), ("P", (-6, 0), (1, 0)), ("P", (8, 14), (0, 1)), ("P", (18, 6), (-1, 1)),
          ("F", (-14, 34), (-1, 0)), ("F", (-8, -2), (1, -1)), ("F", (22, 4), (0, 1))],
    "P": [("H", (4, 22), (0, 1)), ("H", (10, 10), (-1, 1)), ("P", (-6, 0), (1, 0)), ("P", (6, 24), (1, 0)),
          ("P", (8, 14), (0, 1)), ("F", (-20, 40), (1, -1)), ("F", (-14, 34), (-1, 0)), ("F", (-8, -2), (1, -1)),
          ("F", (4, 46), (-1, 1)), ("F", (10, 10), (1, 0)), ("F", (16, 4), (-1, 1))],
    "F": [("H", (8, 20), (0, 1)), ("H", (14, 8), (-1, 1)), ("P", (10, 22), (1, 0)), ("P", (12, 12), (0, 1)),
          ("F", (-16, 38), (1, -1)), ("F", (-10, 32), (-1, 0)), ("F", (-4, 2), (1, 0)), ("F", (2, 2), (0, -1)),
          ("F", (8, 44), (-1, 1)), ("F", (14, 8), (1, 0)), ("F", (20, 2), (-1, 1))],
}
_HATS = {  # the hats of each metatile: start, orientation, mirrored (only hat 3 of H)
    "H": [((6, 0), (1, 0), False), ((6, 6), (0, -1), False), ((0, 12), (1, 0), False), ((0, 6), (-1, 0), True)],
    "T": [((-2, 10), (-1, 1), False)],
    "P": [((-2, 10), (-1, 1), False), ((-2, 16), (0, 1), False)],
    "F": [((0, 6), (-1, 1), False), ((0, 12), (0, 1), False)],
}
_HAT_CORNERS = [(-6, 6), (-9, 6), (-8, 4), (-6, 3), (-6, 0), (-3, -3), (-2, -2), (0, -3), (0, 0), (3, 0),
                (2, 2), (0, 3), (-2, 4), (-3, 3)]
"""The hat's 14 corners (the middle of its long side counted), in Loopy's output order:
the centre, right, outer and left corner of its kite 0, and on around."""
_HAT_KITES = [(-7, 5), (-5, 4), (-5, 1), (-4, -1), (-1, -1), (-2, 1), (-1, 2), (1, 1)]
"""A point inside each of the hat's 8 kites, in Loopy's kite numbering."""
_FIRST_PARENT = {"H": ("H", 0), "T": ("H", 3), "P": ("H", 4), "F": ("H", 8)}
"""What Loopy takes a top metatile to be part of when a description runs out."""
_START_KITE = (1, 1)
"""Loopy's starting kite: centre (0, 0), right corner (3, 0), outer (2, 2), left (0, 3)."""


def _hub(k: HPoint) -> HPoint:
    """The centre of the hexagon a kite point lies in (nearest multiples of 6)."""
    def round6(n: int) -> int:
        return (abs(n) + 3) // 6 * 6 * (1 if n >= 0 else -1)
    return (round6(k[0]), round6(k[1]))


def _kite_step(k: HPoint, step: str) -> HPoint:
    """The kite next to ``k``: turned about the hexagon centre left ``L`` or right
    ``R``, or across the far side, forward-left ``FL`` or forward-right ``FR``."""
    hub = _hub(k)
    off = _hsub(k, hub)
    if step in ("L", "R"):
        return _hadd(hub, _left(off) if step == "L" else _right(off))
    turned = _left(off) if step == "FL" else _right(off)
    return _hadd(_hadd(k, turned), off)


_WALK_STEPS = {1: ("FR", 2), 3: ("R", 1), 4: ("L", 5), 7: ("R", 8), 8: ("R", 6), 9: ("R", 10),
               10: ("R", 11), 12: ("FR", 13), 14: ("R", 12)}
"""Loopy's kite walk, plain states: the step to take and the next state."""
_WALK_TURNS = {2: (1, ("R", 3), ("FR", 4)), 11: (1, ("FR", 9), ("FR", 12)),
               6: (-1, ("FR", 7), ("R", 9)), 13: (-1, ("R", 14), ("L", 1))}
"""States that move along a row (+1 right, -1 left): the step and next state while
the row goes on, and at its end (going right: turn back; going left: the next row)."""


def _kite_walk(width: int, height: int):
    """Loopy's order of visiting kites: a serpentine over ``height`` rows of ``width``
    kite cells, each kite a step from the last one, or (after state 5, and at the right
    end from state 11) from the one before it."""
    kites = [_START_KITE]
    yield kites[0]
    x = y = 0
    state = 1
    while True:
        back = 2 if state == 5 else 1
        if state == 5:
            step, state = "R", 6
        elif state in _WALK_TURNS:
            way, on, end = _WALK_TURNS[state]
            if (x + 1 < width) if way > 0 else (x > 0):
                (step, state), x = on, x + way
            else:
                if way < 0:
                    if y + 1 >= height:
                        return
                    y += 1
                elif state == 11:
                    back = 2
                step, state = end
        else:
            step, state = _WALK_STEPS[state]
        kites.append(_kite_step(kites[-back], step))
        yield kites[-1]


def _corners(m: Metatile, expanded: bool = False) -> list[HPoint]:
    kind, start, forward = m
    return [_at(start, forward, v) for v in _CORNERS[kind][expanded]]


def _expand(tiles: list[Metatile], chain: Metatile, index: int,
            reach: float = math.inf) -> tuple[list[Metatile], Metatile]:
    """The next finer metatiling, and the ``index``-th child of ``chain`` in it; only
    the metatiles within ``reach`` of that child are kept.

    The substitution is combinatorial, not a similarity: each metatile's expanded
    corners are placed to agree with those of neighbours already placed (breadth
    first over shared corners), then its children are laid inside; children laid by
    two neighbours are the same metatile and merge."""
    sharing: dict[HPoint, list[Metatile]] = {}
    for m in tiles:
        for v in _corners(m):
            sharing.setdefault(v, []).append(m)
    placed: dict[HPoint, HPoint] = {}
    queue: list[Metatile] = []
    seen: set[Metatile] = set()

    def place(v: HPoint, at: HPoint) -> None:
        if v not in placed:
            placed[v] = at
            for m in sharing[v]:
                if m not in seen:
                    seen.add(m)
                    queue.append(m)

    place(tiles[0][1], (0, 0))
    out: dict[Metatile, None] = {}
    found = chain
    for m in queue:  # the queue grows while it is read
        old, new = _corners(m), _corners(m, expanded=True)
        known = next(i for i, v in enumerate(old) if v in placed)
        shift = _hsub(placed[old[known]], new[known])
        new = [_hadd(v, shift) for v in new]
        for v, w in zip(old, new):
            place(v, w)
        for i, (kind, start, forward) in enumerate(_CHILDREN[m[0]]):
            child = (kind, _at(new[0], m[2], start), _at((0, 0), m[2], forward))
            out[child] = None
            if m == chain and i == index:
                found = child
    return [m for m in out if _distance(m[1], found[1]) <= reach], found


def _distance(p: HPoint, q: HPoint) -> float:
    dx, dy = p[0] - q[0], p[1] - q[1]
    return math.sqrt(dx * dx + dx * dy + dy * dy)


def _hat_chain(desc: str) -> tuple[list[int], str]:
    """The coordinates of Loopy's starting kite (kite, hat, metatile indices from the
    smallest up) and the type of the top metatile."""
    *numbers, top = desc.split(",")
    return [int(n) for n in numbers], top


def _hat_problem(desc: str) -> str | None:
    if not re.fullmatch(r"(?:[0-9]{1,2},)+[A-Z]", desc):
        return "a hats grid description is numbers each ended by ',' and a metatile letter, e.g. 3,3,1,4,H"
    coords, kind = _hat_chain(desc)
    if kind not in _CHILDREN:
        return f"{kind!r} is not a metatile (H, T, P or F)"
    if len(coords) < 3:
        return "a hats grid description needs at least three numbers"
    if coords[0] >= len(_HAT_KITES):
        return f"kite {coords[0]} does not exist: a hat has kites 0-7"
    for i in range(len(coords) - 1, 1, -1):
        if coords[i] >= len(_CHILDREN[kind]):
            return f"metatile {coords[i]} does not exist: {kind} has {len(_CHILDREN[kind])} (0-{len(_CHILDREN[kind]) - 1})"
        kind = _CHILDREN[kind][coords[i]][0]
    if coords[1] >= len(_HATS[kind]):
        return f"hat {coords[1]} does not exist: metatile {kind} has {len(_HATS[kind])}"
    return None


def _hat_patch(coords: list[int], top: str, width: int, height: int,
               prune: bool = True) -> list[list[IPoint]] | None:
    """Loopy's hats for the chain ``coords`` under ``top`` (y down, before trimming), or
    None when the patch of metatiles below ``top`` does not reach every kite Loopy visits.

    With ``prune``, each level keeps only the metatiles near the chain that can have
    descendants in the window (each expansion scales distances by about 2.6)."""
    tiles: list[Metatile] = [(top, (0, 0), (1, 0))]
    chain = tiles[0]
    window = math.hypot(6 * width, 5.2 * height) + 100
    for level in range(len(coords) - 1, 1, -1):
        reach = window / 2.5 ** (level - 2) + 100 if prune else math.inf
        tiles, chain = _expand(tiles, chain, coords[level], reach)
    origin = _at(tiles[0][1], tiles[0][2], _HATS[tiles[0][0]][0][0])  # hats start on hexagon centres
    hats: list[tuple[HPoint, HPoint, bool]] = []
    kites: dict[HPoint, tuple[int, int]] = {}
    start = _START_KITE
    for m in tiles:
        kind, corner, forward = m
        for j, (s, f, mirrored) in enumerate(_HATS[kind]):
            hat = (_hsub(_at(corner, forward, s), origin), _at((0, 0), forward, f), mirrored)
            for k, v in enumerate(_HAT_KITES):
                kites[_at(*hat[:2], v, mirrored)] = (len(hats), k)
            if m == chain and j == coords[1]:
                start = _at(*hat[:2], _HAT_KITES[coords[0]], mirrored)
            hats.append(hat)
    # Turn and move the patch so that the starting kite is Loopy's.
    off = _hsub(start, _hub(start))
    turns = next(t for t in range(6) if _turned(off, t) == _START_KITE)  # its hub is (0, 0)
    shift = _hsub(_START_KITE, _turned(start, turns))
    here = {_hadd(_turned(k, turns), shift): v for k, v in kites.items()}
    faces = []
    for kite in _kite_walk(width, height):
        if kite not in here:
            return None
        hat_index, k = here[kite]
        if k:
            continue
        s, f, mirrored = hats[hat_index]
        ring = [_hadd(_turned(_at(s, f, v, mirrored), turns), shift) for v in _HAT_CORNERS]
        if mirrored:
            ring.reverse()
        if all((2 * x + y) % 3 == 0 and 0 <= (2 * x + y) // 3 <= 4 * width and 0 <= y <= 6 * height
               for x, y in ring):
            faces.append([((2 * x + y) // 3 * 14, y * 8) for x, y in ring])
    return faces


def _turned(p: HPoint, turns: int) -> HPoint:
    for _ in range(turns):
        p = _left(p)
    return p


def _hat_faces(width: int, height: int, desc: str) -> list[list[IPoint]]:
    coords, top = _hat_chain(desc)
    for _ in range(12):  # a short description is extended as Loopy does: first parents
        faces = _hat_patch(coords, top, width, height)
        if faces is None:
            faces = _hat_patch(coords, top, width, height, prune=False)  # pruned too much?
        if faces is not None:
            return faces
        top, index = _FIRST_PARENT[top]
        coords = coords + [index]
    raise InputError(f"the hats description {desc!r} cannot cover {width}x{height}")


def _hat_random(width: int, height: int, rng: random.Random) -> str | None:
    """A random hats description: a random kite of a random hat of a random metatile,
    then random parents until the patch covers the window."""
    kind = rng.choice("HTPF")
    coords = [rng.randrange(len(_HAT_KITES)), rng.randrange(len(_HATS[kind]))]
    for _ in range(12):
        parent, index = rng.choice([(p, i) for p, kids in _CHILDREN.items()
                                    for i, (k, _, _) in enumerate(kids) if k == kind])
        coords.append(index)
        kind = parent
        faces = _hat_patch(coords, kind, width, height) if len(coords) >= 3 else None
        if faces is not None:
            return ",".join(map(str, coords)) + "," + kind if trim(faces) else None
    return None


# --------------------------------------------------------------------------- spectres
# Loopy's spectres (type 17) come from a substitution of nine kinds of marked hexagon
# (G D J L X P S F Y, as in the paper of Smith, Myers, Kaplan and Goodman-Strauss):
# each expands into 8 (G: 7) hexagons, and at the bottom each hexagon holds one
# spectre (G: two). Which edge of which hexagon (or spectre) meets which is a jigsaw:
# every hexagon edge has a type (a tab shape), and laying out an expansion and
# tracing its outline with those shapes tells what lies across every edge. The
# description is ``O i1 i2 ... X``: the starting spectre's orientation (twelfths of a
# turn, A and B for 10 and 11), its index in the smallest hexagon, that hexagon's
# index in the next one and so on, and the type X of the top hexagon. Points are
# exact combinations of 1, d, d^2, d^3 (d = exp(i pi/6)); coordinates a + b sqrt 3.
D = tuple[int, int, int, int]


def _times_d(p: D) -> D:
    """``p * d``, using d^4 = d^2 - 1."""
    return (-p[3], p[0], p[1] + p[3], p[2])


def _dmul(p: D, q: D) -> D:
    """The product of two points (d-basis).

    >>> _dmul((0, 1, 0, 0), (0, 0, 0, 1))  # d * d^3 = d^4 = d^2 - 1
    (-1, 0, 1, 0)
    """
    return _product(p, q, _times_d)


def _dturn(steps: int) -> D:
    """d^steps: a rotation by ``steps`` twelfths of a turn."""
    return _power(steps, _times_d, 12)


def _dx(p: D) -> Surd:
    """Twice the x coordinate, as ``a + b sqrt 3``."""
    return (2 * p[0] + p[2], p[1])


def _dy(p: D) -> Surd:
    """Twice the y coordinate, as ``a + b sqrt 3``."""
    return (2 * p[3] + p[1], p[2])


def _dless(s: Surd, t: Surd) -> bool:
    """Whether ``s < t`` for numbers ``a + b sqrt 3``."""
    a, b = s[0] - t[0], s[1] - t[1]
    if a >= 0 and b >= 0:
        return False
    if a <= 0 and b <= 0:
        return a < 0 or b < 0
    return (a if a * a > 3 * b * b else b) < 0


_SPECTRE_TURNS = (-3, -2, 3, -2, -3, 2, -3, 2, -3, -2, 0, -2, 3, -2)
"""How far the spectre's outline turns at each corner (twelfths of a turn, from the
top of its head); all 14 sides are equally long."""
_HEX_KINDS = "GDJLXPSFY"
_SUBHEXES = {"G": "FXGSPDJ", "D": "FPGSXDFX", "J": "FPGSYDFP", "L": "FPGSYDFX", "X": "FYGSYDFP",
             "P": "FYGSYDFX", "S": "LPGSXDFX", "F": "FPGSYDFY", "Y": "FYGSYDFY"}
"""The kinds of the hexagons each hexagon expands into, in Loopy's numbering (rows of
2, 2, 3 and 1 hexagon)."""
_SUBHEX_TURNS = {"G": (2, 1, 0, 1, 4, 5, 0), "default": (2, 1, 0, 1, 4, 5, 0, 5)}
"""Each sub-hexagon's orientation in sixths of a turn (the same for all but G)."""
_SUBHEX_CENTRES: tuple[D, ...] = ((0, 0, 0, 0), (6, 0, 0, 0), (0, 0, -6, 0), (6, 0, -6, 0), (0, 0, -12, 0),
                                  (6, 0, -12, 0), (12, 0, -12, 0), (12, 0, -18, 0))
# Edge types: eta (0, symmetric), alpha, beta, gamma, delta, epsilon, zeta, theta (1-7);
# a negative type is the matching other half. Listed anticlockwise from the top.
_HEX_EDGES = {"G": (-2, -1, 1, -3, -4, 2), "D": (-6, 3, 2, -5, 1, -3), "J": (-2, 3, 2, 7, 2, 0),
              "L": (-2, 3, 2, -5, 1, -7), "X": (-2, -1, 5, 7, 2, 0), "P": (-2, -1, 5, -5, 1, -7),
              "S": (4, 6, 2, -5, 1, -3), "F": (-2, 3, 2, -5, 5, 0), "Y": (-2, -1, 5, -5, 5, 0)}
_HEX_TAB_TURNS = ((2, 2, -2, -2), (2, -2), (-2,), (2, -2, -2, 2), (-2, 2, -2, 2), (2, -2, -2), (-2, 2),
                  (2, 2, -2, -2, 2))
"""The turns along each edge type of an expanded hexagon's outline (twelfths)."""
_SPECTRE_TAB_TURNS = ((0,), (-2, 3), (3, -2), (2,), (2, 3, 2, -3, 2), (3,), (-2,), None)
"""The same for the outline of a hexagon's spectre(s); theta is a single side."""
_RARE = "DS"
"""Kinds whose outlines start elsewhere (and S has two odd corners)."""


def _reverse(emap: dict, edges: list) -> list:
    return [emap[(b, a)] for a, b in edges]


def _hex_maps(kind: str) -> tuple[list, list, list]:
    emap: dict[tuple[D, D], tuple[bool, int, int]] = {}
    inner = []
    turns = _SUBHEX_TURNS.get(kind, _SUBHEX_TURNS["default"])
    for i, centre in enumerate(_SUBHEX_CENTRES[:len(_SUBHEXES[kind])]):
        arm = _dmul((-2, 0, 4, 0), _dturn(2 * turns[i]))
        for j in range(6):
            nxt = _dmul(arm, _dturn(2))
            edge = (_add(centre, arm), _add(centre, nxt))
            emap[edge] = (True, i, j)
            inner.append(edge)
            arm = nxt
    pos, way = ((-2, 0, -14, 0), (-2, 0, 4, 0)) if kind in _RARE else ((-4, 0, -10, 0), (2, 0, 2, 0))
    outer: list[tuple[D, D]] = []
    starts = []
    for i, etype in enumerate(_HEX_EDGES[kind]):
        sign, tab = (-1 if etype < 0 else 1), _HEX_TAB_TURNS[abs(etype)]
        turns_along = [sign * t for t in (tab if sign > 0 else tab[::-1])]
        starts.append(len(outer))
        for j in range(len(tab) + 1):
            edge = (pos, _add(pos, way))
            if j < len(tab):
                way = _dmul(way, _dturn(turns_along[j]))
            emap[edge] = (False, i, j)
            outer.append(edge)
            pos = edge[1]
        way = _dmul(way, _dturn(-2))  # a sixth of a turn left at each corner
    starts.append(len(outer))
    edges = [(starts[i], starts[i + 1] - starts[i]) for i in range(6)]
    return _reverse(emap, inner), edges, _reverse(emap, outer)


def _spectre_maps(kind: str) -> tuple[list, list, list]:
    emap: dict[tuple[D, D], tuple[bool, int, int]] = {}
    inner = []
    corners = []
    for i in range(2 if kind == "G" else 1):
        pos, way = (0, 0, 0, 0), _dmul((2, 0, 0, 2), _dturn(5))
        if i:  # G's second spectre, turned a twelfth
            pos, way = (2, 6, 2, 0), _dmul(way, _dturn(1))
        for j in range(14):
            edge = (pos, _add(pos, way))
            emap[edge] = (True, i, j)
            inner.append(edge)
            corners.append(pos)
            pos, way = edge[1], _dmul(way, _dturn(_SPECTRE_TURNS[(j + 1) % 14]))
    # The outline, clockwise (each expansion mirrors the last), edges stored backwards.
    start = pos = corners[8 if kind in _RARE else 9]
    outer: list[tuple[D, D]] = []
    lengths = []
    way = (0, 0, 0, 0)
    for i in range(6):
        etype = _HEX_EDGES[kind][5 - i]
        sign, tab = (-1 if etype < 0 else 1), _SPECTRE_TAB_TURNS[abs(etype)] or ()
        turns_along = [sign * t for t in (tab if sign > 0 else tab[::-1])]
        if kind == "S" and i >= 4:
            if i == 5:
                way = _dmul(way, _dturn(6))  # S's outline doubles back here
        else:  # leave along the first side with nothing beyond it yet
            way = next(_sub(b, a) for a, b in sorted(emap) if a == pos and (b, a) not in emap)
        side = []
        for j in range(len(tab) + 1):
            nxt = _add(pos, way)
            if j < len(tab):
                way = _dmul(way, _dturn(turns_along[j]))
            emap[(nxt, pos)] = (False, 5 - i, len(tab) - j)
            side.append((nxt, pos))
            pos = nxt
        outer = side[::-1] + outer
        lengths.insert(0, len(side))
    assert pos == start
    edges, at = [], 0
    for n in lengths:
        edges.append((at, n))
        at += n
    return _reverse(emap, inner), edges, _reverse(emap, outer)


@lru_cache(maxsize=None)
def _spectre_tables() -> dict[str, tuple[list, list, list, list, list, list]]:
    return {kind: _hex_maps(kind) + _spectre_maps(kind) for kind in _HEX_KINDS}


class _SpectreCoordinates:
    """The starting spectre's coordinates, extended upwards on demand (at random when
    inventing a patch, never when replaying a description)."""

    def __init__(self, index: int, hexes: list[int], top: str, rng: random.Random | None) -> None:
        kinds = [top]
        for i in reversed(hexes):
            kinds.insert(0, _SUBHEXES[kinds[0]][i])
        self.index, self.hexes, self.kinds, self.rng = index, list(hexes), kinds, rng

    def extend(self, c: "_SpectreState", n: int) -> None:
        """Make ``c`` know at least ``n`` hexagon levels."""
        while len(self.kinds) < n:
            if self.rng is None:
                raise InputError("the spectres grid description is too short for this size: "
                                 "Loopy would extend it at random")
            kind = self.kinds[-1]
            parent, i = self.rng.choice([(p, i) for p in _HEX_KINDS for i, k in enumerate(_SUBHEXES[p]) if k == kind])
            self.hexes.append(i)
            self.kinds.append(parent)
        c.hexes.extend(self.hexes[len(c.hexes):n - 1])
        c.kinds.extend(self.kinds[len(c.kinds):n])

    def step_hex(self, c: "_SpectreState", depth: int, edge: int) -> int:
        """Move ``c``'s level-``depth`` hexagon across ``edge``; the edge entered."""
        self.extend(c, depth + 2)
        hexmap, hexedges, hexin = _spectre_tables()[c.kinds[depth + 1]][:3]
        inside, which, sub = hexmap[6 * c.hexes[depth] + edge]
        if not inside:  # out through the parent's outline: step the parent, come back in
            entered = self.step_hex(c, depth + 1, which)
            hexmap, hexedges, hexin = _spectre_tables()[c.kinds[depth + 1]][:3]
            first, n = hexedges[entered]
            inside, which, sub = hexin[first + n - 1 - sub]
        c.hexes[depth] = which
        c.kinds[depth] = _SUBHEXES[c.kinds[depth + 1]][which]
        return sub

    def step(self, c: "_SpectreState", edge: int) -> int:
        """Move ``c`` to the spectre across its ``edge``; the edge entered."""
        specmap, specedges, specin = _spectre_tables()[c.kinds[0]][3:]
        inside, which, sub = specmap[14 * c.index + edge]
        while not inside:
            entered = self.step_hex(c, 0, which)
            specmap, specedges, specin = _spectre_tables()[c.kinds[0]][3:]
            first, n = specedges[entered]
            inside, which, sub = specin[first + n - 1 - sub]
        c.index = which
        return sub


@dataclass
class _SpectreState:
    index: int
    hexes: list[int]
    kinds: list[str]

    def copy(self) -> "_SpectreState":
        return _SpectreState(self.index, list(self.hexes), list(self.kinds))


def _spectre_corners(u: D, v: D, u_index: int) -> list[D]:
    """A spectre's 14 corners, given two consecutive ones (``u`` is corner ``u_index``)."""
    corners: list[D] = [u] * 14
    way = _sub(v, u)
    for i in range(14):
        corners[(i + u_index) % 14] = u
        u = _add(u, way)
        way = _dmul(way, _dturn(_SPECTRE_TURNS[(i + 1 + u_index) % 14]))
    return corners


def _spectre_layout(width: int, height: int, orientation: int, coords: _SpectreCoordinates) -> list[list[IPoint]]:
    """Loopy's spectres in the window, in its breadth-first order (y down, untrimmed)."""
    w, h = 7 * width, 7 * height
    xoff, yoff = w // 2, h // 2
    lo_x, hi_x, lo_y, hi_y = (-xoff, 0), (w - xoff, 0), (yoff - h, 0), (yoff, 0)
    faces: list[list[IPoint]] = []

    def report(corners: list[D]) -> bool:
        if any(_dless(_dx(p), lo_x) or _dless(hi_x, _dx(p)) or _dless(_dy(p), lo_y) or _dless(hi_y, _dy(p))
               for p in corners):
            return False
        faces.append([((xoff + _dx(p)[0]) * 8 + round_root(_dx(p)[1] * 8, 3),
                       (yoff - _dy(p)[0]) * 8 + round_root(-_dy(p)[1] * 8, 3)) for p in corners])
        return True

    side = _dmul(_add(_dturn(0), _dturn(-3)), _dturn(orientation))
    first = _dmul(_add(side, _dmul(side, _dturn(-3))), _add(_dturn(5), _dturn(-5)))
    start = _spectre_corners(first, _add(first, side), 0)
    state = _SpectreState(coords.index, list(coords.hexes), list(coords.kinds))
    queue = [(start, state)] if report(start) else []
    placed = {(start[0], start[1])}
    for corners, here in queue:  # the queue grows while it is read
        for edge in range(14):
            there = here.copy()
            entered = coords.step(there, edge)
            new = _spectre_corners(corners[(edge + 1) % 14], corners[edge], entered)
            if (new[0], new[1]) in placed or not report(new):
                continue
            placed.add((new[0], new[1]))
            queue.append((new, there))
    return faces


def _spectre_problem(desc: str) -> str | None:
    if len(desc) < 3 or not (desc[0].isdigit() or desc[0] in "AB"):
        return "a spectres grid description is an orientation (0-9, A, B), digits and a hexagon letter"
    if not desc[1:-1].isdigit():
        return f"expected digits between the orientation and the last letter, not {desc[1:-1]!r}"
    kind = desc[-1]
    if kind not in _SUBHEXES:
        return f"{kind!r} is not a hexagon kind ({', '.join(_HEX_KINDS)})"
    digits = [int(c) for c in desc[1:-1]]
    for i in range(len(digits) - 1, -1, -1):
        limit = (2 if kind == "G" else 1) if i == 0 else len(_SUBHEXES[kind])
        if digits[i] >= limit:
            return f"index {digits[i]} is out of range for a {kind} hexagon (0-{limit - 1})"
        if i:
            kind = _SUBHEXES[kind][digits[i]]
    return None


def _spectre_coordinates(desc: str, rng: random.Random | None = None) -> tuple[int, _SpectreCoordinates]:
    orientation = int(desc[0]) if desc[0].isdigit() else 10 + "AB".index(desc[0])
    digits = [int(c) for c in desc[1:-1]]
    return orientation, _SpectreCoordinates(digits[0], digits[1:], desc[-1], rng)


def _spectre_random(width: int, height: int, rng: random.Random) -> str | None:
    kind = rng.choice(_HEX_KINDS)
    coords = _SpectreCoordinates(rng.randrange(2 if kind == "G" else 1), [], kind, rng)
    orientation = rng.randrange(12)
    if not trim(_spectre_layout(width, height, orientation, coords)):
        return None
    return "0123456789AB"[orientation] + "".join(map(str, [coords.index, *coords.hexes])) + coords.kinds[-1]


# --------------------------------------------------------------------------- Loopy's grids
@dataclass(frozen=True)
class AperiodicGrid:
    """One of Loopy's aperiodic grid types this module rebuilds."""

    number: int
    name: str
    min_size: tuple[int, int]
    unit: float
    """About the length of a short tile edge in Loopy's integers."""


GRIDS = {
    11: AperiodicGrid(11, "penrose_p2", (3, 3), 4.0 * PENROSE[11].x_unit),
    12: AperiodicGrid(12, "penrose_p3", (3, 3), 4.0 * PENROSE[12].x_unit),
    16: AperiodicGrid(16, "hats", (6, 6), 14 * 2 / 3 * math.sqrt(3)),
    17: AperiodicGrid(17, "spectres", (6, 6), 16 * 2 * math.sqrt(2)),
}
"""Loopy's aperiodic grid types, all rebuilt here."""


def desc_problem(number: int, desc: str) -> str | None:
    """Why Loopy would refuse ``desc`` for grid type ``number``, or None.

    >>> desc_problem(11, "82AAAAVBBUAB"), desc_problem(12, "82CD")
    (None, "'C' cannot be a piece of 'D' (a C fits in C or X)")
    >>> desc_problem(16, "3,3,1,4,H"), desc_problem(16, "3,3,13,4,H")
    (None, 'metatile 13 does not exist: P has 11 (0-10)')
    """
    if number == 17:
        return _spectre_problem(desc)
    return _hat_problem(desc) if number == 16 else _penrose_problem(number, desc)


def size_problem(number: int, width: int, height: int) -> str | None:
    """Why Loopy would refuse this size for grid type ``number``, or None.

    >>> size_problem(11, 2, 5), size_problem(16, 6, 6)
    ('width and height must both be at least 3 for penrose_p2', None)
    """
    grid = GRIDS[number]
    if min(width, height) < grid.min_size[0]:
        return f"width and height must both be at least {grid.min_size[0]} for {grid.name}"
    return None


def loopy_faces(number: int, width: int, height: int, desc: str) -> list[list[IPoint]]:
    """Loopy's faces for grid type ``number`` and grid description ``desc`` at Loopy's
    integer coordinates, y negated (up), in Loopy's face order."""
    problem = desc_problem(number, desc) or size_problem(number, width, height)
    if problem:
        raise InputError(problem)
    if number == 16:
        raw = _hat_faces(width, height, desc)
    elif number == 17:
        raw = _spectre_layout(width, height, *_spectre_coordinates(desc))
    else:
        raw = _penrose_faces(number, width, height, desc)
    faces = trim(raw)
    if not faces:
        raise InputError(f"the grid description {desc!r} leaves no faces at {width}x{height}")
    return [[(x, -y) for x, y in face] for face in faces]


def unit_faces(number: int, width: int, height: int, desc: str) -> Faces:
    """:func:`loopy_faces` scaled so that short tile edges are about 1 long."""
    u = GRIDS[number].unit
    return [[(x / u, y / u) for x, y in face] for face in loopy_faces(number, width, height, desc)]


def random_desc(number: int, width: int, height: int, seed: int | None = None) -> str:
    """A new grid description for a ``width x height`` patch, chosen at random much as
    Loopy does (without its weights): a random starting piece and orientation, and
    random parents as far up as the window needs; chosen again when the window would
    hold no face.

    >>> d = random_desc(12, 5, 5, seed=1)
    >>> desc_problem(12, d) is None and len(loopy_faces(12, 5, 5, d)) > 5
    True
    """
    rng = random.Random(seed)
    for _ in range(100):  # a tiny window may catch no whole tile: choose again
        if number in (16, 17):
            desc = (_hat_random if number == 16 else _spectre_random)(width, height, rng)
        else:
            desc = _penrose_random(number, width, height, rng)
        if desc is not None:
            return desc
    raise InputError(f"no {GRIDS[number].name} patch found at {width}x{height} in 100 tries: try a larger size")


def generator(number: int) -> Generator:
    """A registry generator for Loopy's grid type ``number``: the seed (default 0) picks
    the grid description (:func:`random_desc`), which ``generate.loopy_desc`` recomputes."""

    def loopy_desc(width: int, height: int, seed: int | None = None) -> str:
        return random_desc(number, width, height, 0 if seed is None else seed)  # no seed: seed 0

    def generate(width: int, height: int, seed: int | None = None) -> Faces:
        return unit_faces(number, width, height, loopy_desc(width, height, seed))

    generate.__name__ = f"loopy_{GRIDS[number].name}"
    generate.__doc__ = f"Loopy's {GRIDS[number].name} grid (type {number}), face for face."
    generate.loopy_desc = loopy_desc  # type: ignore[attr-defined]
    return generate
