"""Loopy's Penrose grids (types 11 and 12), face for face, from their grid descriptions.

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
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

from ...model.errors import InputError
from . import penrose_g
from .exact import IPoint, Z, add, less5, round_root, sub, t_mul, t_turn, t_x, t_y
from .trim import trim

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
    here, delta = u, sub(v, u)
    for i in range(3):
        edge = (u_index + i) % 3
        corners[edge] = here
        here = add(here, delta)
        delta = t_mul(delta, _TURNS[letter in ACUTE][edge])
    return corners


def _tiles(orientation: int, start: int, coords: _Coordinates, width: int, height: int) -> list[list[Z]]:
    """Every tile (4 corners) whose two halves lie in the window, in Loopy's order."""
    xoff, yoff = width // 2, height // 2
    lo_x, hi_x, lo_y, hi_y = (-xoff, 0), (width - xoff, 0), (yoff - height, 0), (yoff, 0)

    def inside(corners: list[Z]) -> bool:
        return not any(less5(t_x(p), lo_x) or less5(hi_x, t_x(p)) or less5(t_y(p), lo_y) or less5(hi_y, t_y(p))
                       for p in corners)

    first_letters = list(coords.letters)
    first = _place(first_letters[0], (0, 0, 0, 0), t_mul(_BASE[first_letters[0]], t_turn(orientation)), 0)
    first = [sub(p, first[start]) for p in first]
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


def _penrose_layout(grid: PenroseGrid, width: int, height: int, coords: _Coordinates,
                    orientation: int, start: int) -> list[list[IPoint]]:
    """Loopy's dots for the Penrose tiles of the window (y down), before trimming."""
    w, h = grid.window(width, height)
    xu, yu = grid.x_unit, grid.y_unit
    faces = []
    for tile in _tiles(orientation, start, coords, w, h):
        face = []
        for p in tile:
            (x1, x5), (y1, y5) = t_x(p), t_y(p)
            face.append(((y1 + h // 2) * yu + round_root(y5 * yu, 5), (x1 + w // 2) * xu + round_root(x5 * xu, 5)))
        faces.append(face)
    return faces


def problem(number: int, desc: str) -> str | None:
    """Why Loopy refuses ``desc`` for Penrose type ``number`` whatever the size, or None;
    a description starting with ``G`` is one from before 2023 (:mod:`.penrose_g`)."""
    grid = PENROSE[number]
    if desc.startswith("G"):
        return penrose_g.problem(desc)
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
            piece = desc[1 + i]
            return f"{piece!r} cannot be a piece of {ch!r} (a {piece} fits in {' or '.join(PARENTS[piece])})"
    return None


def faces(number: int, width: int, height: int, desc: str) -> list[list[IPoint]]:
    """Loopy's dots of the tiles of the window (y down) before trimming, from either
    kind of description."""
    if desc.startswith("G"):
        return penrose_g.layout(number, width, height, desc)
    coords = _Coordinates(desc[2:], None)
    return _penrose_layout(PENROSE[number], width, height, coords, int(desc[0]), int(desc[1]))


def unit(number: int, desc: str) -> float:
    """About the length of a tile's side in Loopy's integers: descriptions from before
    2023 make tiles of another size (P2: 150, P3: 125).

    >>> unit(12, "82DYCCXDY"), unit(12, "G2301,1221,216")
    (120.0, 125.0)
    """
    return penrose_g.unit(number) if desc.startswith("G") else PENROSE[number].unit


def random_desc(number: int, width: int, height: int, rng: random.Random) -> str | None:
    """A random Penrose description whose window holds some face, or None."""
    grid = PENROSE[number]
    orientation, start = rng.randrange(10), rng.randrange(3)
    coords = _Coordinates(rng.choice(grid.letters), rng)
    if trim(_penrose_layout(grid, width, height, coords, orientation, start)):
        return f"{orientation}{start}{''.join(coords.letters)}"
    return None
