"""The symmetries of a patch, found from its geometry: the rotations and mirrors that
map its faces onto its faces, and the orbits of faces they make.

An isometry that maps the patch onto itself permutes its vertices, so it fixes their
centroid and maps the vertex farthest from it onto a vertex as far. Each such vertex
gives one rotation and one mirror to try: every vertex is mapped and looked up among
the vertices within a tolerance (a millionth of the median edge), and the map is kept
when every face goes onto a face. A symmetry is named for the setter:

==================  ====================================================================
``rot180``          a half turn (point symmetry); ``rot120``, ``rot90``, ``rot60`` the
                    turns by those angles (and their powers: ``rot90`` holds ``rot180``)
``left-right``      the mirror in the vertical line through the centre
``top-bottom``      the mirror in the horizontal line
``diagonal``        the mirror in the line at 45 degrees (bottom left to top right)
``anti-diagonal``   the mirror in the line at 135 degrees
``mirror-A``        the mirror in the line at A degrees (another angle: 30, 60, 120, 150)
``A+B``             every symmetry that ``A`` and ``B`` make together; ``full``: all the
                    patch has
==================  ====================================================================

>>> from slitherasp import tilings
>>> g = symmetries(tilings.build("square", 3, 2))
>>> list(g)
['rot180', 'top-bottom', 'left-right']
>>> orbits(g, "rot180")[:2]
[(0, 5), (1, 4)]
>>> orbits(g, "rot90")
Traceback (most recent call last):
...
slitherasp.model.errors.InputError: this patch has no symmetry 'rot90'; it has rot180, top-bottom, left-right
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..model import InputError, Puzzle, median_length
from ..model.errors import printable

__all__ = ["NAMES", "Symmetries", "describe", "group", "orbits", "symmetries"]

Symmetries = Mapping[str, tuple[int, ...]]
"""Each symmetry of a patch by name, as the face each face goes onto (one generator of
the symmetry's group: ``rot90`` is the quarter turn)."""

NAMES = {0: "top-bottom", 45: "diagonal", 90: "left-right", 135: "anti-diagonal"}
"""The mirrors with a name of their own, by the angle of their line in degrees."""
ROTATIONS = (180, 120, 90, 60)
"""The turns a patch of a tiling may have, largest first (a turn by 72 degrees, which a
Penrose patch might have, is looked for too and named ``rot72``)."""


def symmetries(puzzle: Puzzle) -> dict[str, tuple[int, ...]]:
    """Every symmetry of the patch (see the module), rotations first, each as the
    permutation of the faces it makes; empty when the patch has none or no geometry.

    >>> from slitherasp import tilings
    >>> list(symmetries(tilings.build("square", 4, 4)))
    ['rot180', 'rot90', 'top-bottom', 'diagonal', 'left-right', 'anti-diagonal']
    """
    geo = puzzle.geometry
    if geo is None or any(f is None for f in geo.faces) or not puzzle.cells:
        return {}
    used = sorted({v for f in geo.faces for v in f})  # type: ignore[union-attr]
    pts = [geo.points[v] for v in used]
    cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    tol = 1e-6 * median_length(geo.points, puzzle.edges)
    find = _Lookup(geo.points, used, tol)
    faces = {frozenset(f): c for c, f in enumerate(geo.faces)}  # type: ignore[arg-type]
    radius = [math.hypot(x - cx, y - cy) for x, y in pts]
    far = max(radius)
    if far <= tol:
        return {}
    ref = used[radius.index(far)]
    a0 = math.atan2(geo.points[ref][1] - cy, geo.points[ref][0] - cx)
    turns: dict[int, tuple[int, ...]] = {}
    mirrors: dict[int, tuple[int, ...]] = {}
    for v, r in zip(used, radius):
        if abs(r - far) > 1000 * tol:
            continue
        a = math.atan2(geo.points[v][1] - cy, geo.points[v][0] - cx)
        turn = round(math.degrees(a - a0)) % 360
        if turn and turn not in turns:
            perm = _faces_under(geo, faces, find, (cx, cy), a - a0, False)
            if perm is not None:
                turns[turn] = perm
        axis = round(math.degrees((a + a0) / 2)) % 180
        if axis not in mirrors:
            perm = _faces_under(geo, faces, find, (cx, cy), a + a0, True)
            if perm is not None:
                mirrors[axis] = perm
    found: dict[str, tuple[int, ...]] = {}
    for angle in sorted({360 // k for k in range(2, 13) if 360 % k == 0 and 360 // k in turns}, reverse=True):
        if angle in ROTATIONS or angle == 72:
            found[f"rot{angle}"] = turns[angle]
    for axis in sorted(mirrors):
        found[NAMES.get(axis, f"mirror-{axis}")] = mirrors[axis]
    return found


class _Lookup:
    """Vertices by position, within a tolerance (a grid of buckets)."""

    def __init__(self, points: Sequence[tuple[float, float]], used: list[int], tol: float) -> None:
        self.points, self.tol, self.cell = points, tol, 4 * tol
        self.buckets: dict[tuple[int, int], list[int]] = {}
        for v in used:
            self.buckets.setdefault(self._key(points[v]), []).append(v)

    def _key(self, p: tuple[float, float]) -> tuple[int, int]:
        return math.floor(p[0] / self.cell), math.floor(p[1] / self.cell)

    def __call__(self, p: tuple[float, float]) -> int | None:
        kx, ky = self._key(p)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for v in self.buckets.get((kx + dx, ky + dy), ()):
                    q = self.points[v]
                    if abs(q[0] - p[0]) <= self.tol and abs(q[1] - p[1]) <= self.tol:
                        return v
        return None


def _faces_under(geo, faces, find: _Lookup, centre: tuple[float, float], angle: float,  # type: ignore[no-untyped-def]
                 mirror: bool) -> tuple[int, ...] | None:
    """The face each face goes onto under the turn by ``angle`` about ``centre`` (or,
    with ``mirror``, the mirror in the line at ``angle / 2``), None if one does not."""
    cx, cy = centre
    cos, sin = math.cos(angle), math.sin(angle)
    image: dict[int, int] = {}
    perm = []
    for f in geo.faces:
        corners = []
        for v in f:
            w = image.get(v)
            if w is None:
                x, y = geo.points[v][0] - cx, geo.points[v][1] - cy
                p = (cx + cos * x + sin * y, cy + sin * x - cos * y) if mirror else (cx + cos * x - sin * y,
                                                                                      cy + sin * x + cos * y)
                found = find(p)
                if found is None:
                    return None
                w = image[v] = found
            corners.append(w)
        g = faces.get(frozenset(corners))
        if g is None:
            return None
        perm.append(g)
    return tuple(perm)


def describe(name: str) -> str:
    """A symmetry's name in words.

    >>> describe("rot90"), describe("mirror-30")
    ('a quarter turn (and a half turn)', 'the mirror in the line at 30 degrees')
    """
    words = {"rot180": "a half turn (point symmetry)", "rot120": "a third of a turn",
             "rot90": "a quarter turn (and a half turn)", "rot60": "a sixth of a turn (and a third, a half)",
             "rot72": "a fifth of a turn", "top-bottom": "the mirror in the horizontal line",
             "left-right": "the mirror in the vertical line", "diagonal": "the mirror in the line at 45 degrees",
             "anti-diagonal": "the mirror in the line at 135 degrees"}
    if name in words:
        return words[name]
    return f"the mirror in the line at {name.removeprefix('mirror-')} degrees"


def group(found: Symmetries, name: str) -> list[tuple[int, ...]]:
    """Every face permutation of the symmetry ``name`` (see the module: ``A+B`` and
    ``full`` too), the identity first; :class:`InputError` in one line naming what the
    patch has when it lacks one."""
    wanted = [n.strip().lower() for n in name.split("+")]
    if wanted == ["full"]:
        wanted = list(found)
    for n in wanted:
        if n not in found:
            has = ", ".join(found) if found else "none (no turn or mirror maps it onto itself)"
            raise InputError(f"this patch has no symmetry {printable(repr(n[:40]))}; it has {has}")
    if not found:
        raise InputError("this patch has no symmetry (no turn or mirror maps it onto itself)")
    gens = [found[n] for n in wanted]
    identity = tuple(range(len(gens[0])))
    elements, todo = {identity}, [identity]
    while todo:
        p = todo.pop()
        for g in gens:
            q = tuple(g[x] for x in p)
            if q not in elements:
                elements.add(q)
                todo.append(q)
    return [identity, *sorted(elements - {identity})]


def orbits(found: Symmetries, name: str) -> list[tuple[int, ...]]:
    """The faces in orbits of the symmetry ``name``, each sorted, in order of their
    first face: a clue layout has the symmetry when each orbit is all clued or all
    blank."""
    perms = group(found, name)
    seen: set[int] = set()
    out = []
    for f in range(len(perms[0])):
        if f not in seen:
            orbit = tuple(sorted({p[f] for p in perms}))
            seen.update(orbit)
            out.append(orbit)
    return out
