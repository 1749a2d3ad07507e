"""Loopy's spectres (type 17), face for face, from their grid descriptions.

**Spectres.** The description ``O i1 i2 ... X`` places the starting spectre in a
hierarchy of nine kinds of marked hexagon (see the spectres section below); Loopy
breadth-first searches the spectres in a window, stepping across their 14 edges
with transition maps derived from the hexagons' jigsaw edges, here derived the same
way (:func:`_hex_maps`, :func:`_spectre_maps`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ...model.errors import InputError
from .exact import D, IPoint, add, d_mul, d_turn, d_x, d_y, less3, round_root, sub
from .trim import trim

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
        arm = d_mul((-2, 0, 4, 0), d_turn(2 * turns[i]))
        for j in range(6):
            nxt = d_mul(arm, d_turn(2))
            edge = (add(centre, arm), add(centre, nxt))
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
            edge = (pos, add(pos, way))
            if j < len(tab):
                way = d_mul(way, d_turn(turns_along[j]))
            emap[edge] = (False, i, j)
            outer.append(edge)
            pos = edge[1]
        way = d_mul(way, d_turn(-2))  # a sixth of a turn left at each corner
    starts.append(len(outer))
    edges = [(starts[i], starts[i + 1] - starts[i]) for i in range(6)]
    return _reverse(emap, inner), edges, _reverse(emap, outer)


def _spectre_maps(kind: str) -> tuple[list, list, list]:
    emap: dict[tuple[D, D], tuple[bool, int, int]] = {}
    inner = []
    corners = []
    for i in range(2 if kind == "G" else 1):
        pos, way = (0, 0, 0, 0), d_mul((2, 0, 0, 2), d_turn(5))
        if i:  # G's second spectre, turned a twelfth
            pos, way = (2, 6, 2, 0), d_mul(way, d_turn(1))
        for j in range(14):
            edge = (pos, add(pos, way))
            emap[edge] = (True, i, j)
            inner.append(edge)
            corners.append(pos)
            pos, way = edge[1], d_mul(way, d_turn(_SPECTRE_TURNS[(j + 1) % 14]))
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
                way = d_mul(way, d_turn(6))  # S's outline doubles back here
        else:  # leave along the first side with nothing beyond it yet
            way = next(sub(b, a) for a, b in sorted(emap) if a == pos and (b, a) not in emap)
        side = []
        for j in range(len(tab) + 1):
            nxt = add(pos, way)
            if j < len(tab):
                way = d_mul(way, d_turn(turns_along[j]))
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


@cache
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

    def extend(self, c: _SpectreState, n: int) -> None:
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

    def step_hex(self, c: _SpectreState, depth: int, edge: int) -> int:
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

    def step(self, c: _SpectreState, edge: int) -> int:
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

    def copy(self) -> _SpectreState:
        return _SpectreState(self.index, list(self.hexes), list(self.kinds))


def _spectre_corners(u: D, v: D, u_index: int) -> list[D]:
    """A spectre's 14 corners, given two consecutive ones (``u`` is corner ``u_index``)."""
    corners: list[D] = [u] * 14
    way = sub(v, u)
    for i in range(14):
        corners[(i + u_index) % 14] = u
        u = add(u, way)
        way = d_mul(way, d_turn(_SPECTRE_TURNS[(i + 1 + u_index) % 14]))
    return corners


def _spectre_layout(width: int, height: int, orientation: int, coords: _SpectreCoordinates) -> list[list[IPoint]]:
    """Loopy's spectres in the window, in its breadth-first order (y down, untrimmed)."""
    w, h = 7 * width, 7 * height
    xoff, yoff = w // 2, h // 2
    lo_x, hi_x, lo_y, hi_y = (-xoff, 0), (w - xoff, 0), (yoff - h, 0), (yoff, 0)
    faces: list[list[IPoint]] = []

    def report(corners: list[D]) -> bool:
        if any(less3(d_x(p), lo_x) or less3(hi_x, d_x(p)) or less3(d_y(p), lo_y) or less3(hi_y, d_y(p))
               for p in corners):
            return False
        faces.append([((xoff + d_x(p)[0]) * 8 + round_root(d_x(p)[1] * 8, 3),
                       (yoff - d_y(p)[0]) * 8 + round_root(-d_y(p)[1] * 8, 3)) for p in corners])
        return True

    side = d_mul(add(d_turn(0), d_turn(-3)), d_turn(orientation))
    first = d_mul(add(side, d_mul(side, d_turn(-3))), add(d_turn(5), d_turn(-5)))
    start = _spectre_corners(first, add(first, side), 0)
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


def problem(desc: str) -> str | None:
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


def random_desc(width: int, height: int, rng: random.Random) -> str | None:
    kind = rng.choice(_HEX_KINDS)
    coords = _SpectreCoordinates(rng.randrange(2 if kind == "G" else 1), [], kind, rng)
    orientation = rng.randrange(12)
    if not trim(_spectre_layout(width, height, orientation, coords)):
        return None
    return "0123456789AB"[orientation] + "".join(map(str, [coords.index, *coords.hexes])) + coords.kinds[-1]


def faces(width: int, height: int, desc: str) -> list[list[IPoint]]:
    """Loopy's dots for the spectres of the window of ``desc`` (y down), before trimming."""
    return _spectre_layout(width, height, *_spectre_coordinates(desc))
