"""Loopy's hats (type 16), face for face, from their grid descriptions.

**Hats.** The description ``k,h,m1,m2,...,X`` names the starting kite: kite ``k`` of
hat ``h`` of the metatile that is child ``m1`` of child ``m2`` ... of a metatile of
type ``X`` (H, T, P or F). Loopy walks over the kite grid in a serpentine and emits a
hat when it meets the hat's kite 0 with all 14 corners inside the window. Here the
walk is the same, but the hats are found geometrically: the metatile ``X`` is expanded
down the named chain (:func:`_expand`), turned and moved so that the named kite is
Loopy's starting kite, and looked up kite by kite. When the walk leaves the patch,
the chain is extended upwards with the first parent of each type, as Loopy does with
a description that runs out.
"""

from __future__ import annotations

import math
import random
import re

from ...model.errors import InputError
from .exact import IPoint
from .trim import trim

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


def problem(desc: str) -> str | None:
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
            n = len(_CHILDREN[kind])
            return f"metatile {coords[i]} does not exist: {kind} has {n} (0-{n - 1})"
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


def faces(width: int, height: int, desc: str) -> list[list[IPoint]]:
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


def random_desc(width: int, height: int, rng: random.Random) -> str | None:
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
