"""Loopy's Penrose grids (types 11 and 12), face for face, from their grid descriptions.

Since 2023 Loopy places a Penrose patch with Simon Tatham's *combinatorial
coordinates* (his article "Two algorithms for randomly generating aperiodic
tilings", 2023). Every tile is cut into two isosceles half-tile triangles: acute
``A``/``B`` and obtuse ``U``/``V`` for kites and darts (P2), acute ``C``/``D`` and
obtuse ``X``/``Y`` for rhombs (P3); the letters of mirror images differ. A triangle's
coordinates are its own letter, then the letter of the bigger triangle it is a
piece of under the substitution, and so on up. The grid description (the part of a
game ID before ``_``) is ``O S L1 L2 ...``: the orientation ``O`` of the starting
triangle (tenths of a turn), which of its corners ``S`` sits at the origin, and its
coordinates ``L1 L2 ...`` from the smallest triangle up.

From there Loopy breadth-first searches the triangles inside a window, stepping
across edges with the two transition tables below (:data:`_OUT`: across an edge of
a child, either into a sibling or out through an edge of the parent; :data:`_IN`:
into a parent through one of its edges, to the child at that end), and emits a tile
when the search meets the second half of it. Coordinates are exact: points are
integer combinations of 1, t, t^2, t^3 with t = exp(i pi/5), and the window test
compares numbers ``a + b sqrt 5`` exactly. The tiles become Loopy's integer dots by
fixed per-type scale factors (x and y swapped, as Loopy does), and finally Loopy's
"vigorous trim" keeps the faces around the largest connected set of inner dots. The
faces come out in Loopy's order, so clues land on the faces Loopy numbers.

Given the same description this module reproduces Loopy's patch exactly (verified
face for face on the shared Loopy sample); :func:`random_desc` makes new
descriptions, which Loopy accepts as they are. Loopy's older Penrose descriptions
(``G...``, before 2023) and its hat and spectre grids are not reproduced.

>>> faces = loopy_faces(11, 7, 7, "82AAAAVBBUAB")
>>> len(faces), faces[0]
(24, [(308, -333), (396, -213), (308, -185), (220, -213)])
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass
from typing import Sequence

from ..model import InputError
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


def _mul(p: Z, q: Z) -> Z:
    """The product of two points as complex numbers (Horner's rule in t).

    >>> _mul((0, 1, 0, 0), (0, 0, 0, 1))  # t * t^3 = t^4
    (-1, 1, -1, 1)
    """
    out: Z = (0, 0, 0, 0)
    for k in (3, 2, 1, 0):
        out = _times_t(out)
        out = _add(out, tuple(x * q[k] for x in p))  # type: ignore[arg-type]
    return out


def _turn(steps: int) -> Z:
    """t^steps: a rotation by ``steps`` tenths of a turn."""
    out: Z = (1, 0, 0, 0)
    for _ in range(steps % 10):
        out = _times_t(out)
    return out


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


# --------------------------------------------------------------------------- Loopy's grids
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


def desc_problem(number: int, desc: str) -> str | None:
    """Why Loopy would refuse ``desc`` for Penrose type ``number``, or None.

    >>> desc_problem(11, "82AAAAVBBUAB"), desc_problem(12, "82CD")
    (None, "'C' cannot be a piece of 'D' (a C fits in C or X)")
    """
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
    parent = list(range(len(index)))

    def root(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in sides:
        if inner[a] and inner[b]:
            ra, rb = root(a), root(b)
            parent[max(ra, rb)] = min(ra, rb)
    sizes: dict[int, int] = {}
    for v in range(len(index)):
        if inner[v]:
            sizes[root(v)] = sizes.get(root(v), 0) + 1
    if not sizes:
        return []
    biggest = max(sizes, key=lambda r: (sizes[r], -r))
    return [face for face, ring in zip(faces, rings) if any(inner[v] and root(v) == biggest for v in ring)]


def _layout(grid: PenroseGrid, width: int, height: int, coords: _Coordinates,
            orientation: int, start: int) -> list[list[IPoint]]:
    """Loopy's dots for the tiles of the window (y down), before trimming."""
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


def size_problem(number: int, width: int, height: int) -> str | None:
    """Why Loopy would refuse this size for Penrose type ``number``, or None.

    >>> size_problem(11, 2, 5)
    'width and height must both be at least 3 for penrose_p2'
    """
    grid = PENROSE[number]
    if min(width, height) < grid.min_size[0]:
        return f"width and height must both be at least {grid.min_size[0]} for {grid.name}"
    return None


def loopy_faces(number: int, width: int, height: int, desc: str) -> list[list[IPoint]]:
    """Loopy's faces for Penrose type ``number`` and grid description ``desc`` at
    Loopy's integer coordinates, y negated (up), in Loopy's face order."""
    problem = desc_problem(number, desc) or size_problem(number, width, height)
    if problem:
        raise InputError(problem)
    coords = _Coordinates(desc[2:], None)
    faces = trim(_layout(PENROSE[number], width, height, coords, int(desc[0]), int(desc[1])))
    if not faces:
        raise InputError(f"the Penrose grid description {desc!r} leaves no faces at {width}x{height}")
    return [[(x, -y) for x, y in face] for face in faces]


def unit_faces(number: int, width: int, height: int, desc: str) -> Faces:
    """:func:`loopy_faces` scaled so that unit tile edges are about 1 long."""
    u = PENROSE[number].unit
    return [[(x / u, y / u) for x, y in face] for face in loopy_faces(number, width, height, desc)]


def random_desc(number: int, width: int, height: int, seed: int | None = None) -> str:
    """A new grid description for a ``width x height`` patch, chosen at random as Loopy
    does (tile letters weighted by their frequency aside): a random starting half tile,
    corner and orientation, and random parents as far up as the window needs; chosen
    again when the window would hold no face.

    >>> d = random_desc(12, 5, 5, seed=1)
    >>> desc_problem(12, d) is None and len(loopy_faces(12, 5, 5, d)) > 5
    True
    """
    grid = PENROSE[number]
    rng = random.Random(seed)
    for _ in range(100):  # a tiny window may catch no whole tile: choose again
        orientation, start = rng.randrange(10), rng.randrange(3)
        coords = _Coordinates(rng.choice(grid.letters), rng)
        if trim(_layout(grid, width, height, coords, orientation, start)):
            return f"{orientation}{start}{''.join(coords.letters)}"
    raise InputError(f"no {grid.name} patch found at {width}x{height} in 100 tries: try a larger size")


def generator(number: int) -> Generator:
    """A registry generator for Loopy's Penrose type ``number``: the seed picks the
    grid description (:func:`random_desc`), which ``generate.loopy_desc`` recomputes."""

    def generate(width: int, height: int, seed: int | None = None) -> Faces:
        return unit_faces(number, width, height, random_desc(number, width, height, seed))

    def loopy_desc(width: int, height: int, seed: int | None = None) -> str:
        return random_desc(number, width, height, seed)

    generate.__name__ = f"loopy_{PENROSE[number].name}"
    generate.__doc__ = f"Loopy's {PENROSE[number].name} grid (type {number}), face for face."
    generate.loopy_desc = loopy_desc  # type: ignore[attr-defined]
    return generate
