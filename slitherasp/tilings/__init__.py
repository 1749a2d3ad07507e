"""The tiling registry: every tiling by name, and :func:`build` to make a puzzle.

Adding a tiling is one module emitting faces and one :func:`register` line below.

>>> p = build("square", 3, 3)
>>> len(p.vertices), len(p.edges), len(p.cells)
(16, 24, 9)
"""

from __future__ import annotations

from dataclasses import replace

from ..model import InputError, Puzzle, TilingRef, from_faces
from .base import Faces, Tiling
from .square import square

TILINGS: dict[str, Tiling] = {}
_ALIASES: dict[str, str] = {}


def register(tiling: Tiling) -> Tiling:
    """Add a tiling to the registry (its name and aliases must be new)."""
    for key in (tiling.name, *tiling.aliases):
        if key in TILINGS or key in _ALIASES:
            raise ValueError(f"tiling name {key!r} registered twice")
        _ALIASES[key] = tiling.name
    TILINGS[tiling.name] = tiling
    return tiling


def get(name: str) -> Tiling:
    """The tiling called ``name`` (or one of its aliases); InputError if unknown."""
    key = name.lower().replace("_", "-").replace(" ", "-")
    for candidate in (name, key, key.replace("-", "")):
        if candidate in _ALIASES:
            return TILINGS[_ALIASES[candidate]]
    raise InputError(f"unknown tiling {name!r}; 'slitherasp tiling list' shows them all")


def faces(name: str, width: int, height: int, seed: int | None = None) -> Faces:
    """The faces of a tiling at a size, after checking the size is allowed."""
    t = get(name)
    for what, n in (("width", width), ("height", height)):
        if not t.min_size <= n <= t.max_size:
            raise InputError(
                f"{t.name}: {what} {n} is out of range {t.min_size}..{t.max_size}"
            )
    return t.generate(width, height, seed)


def build(name: str, width: int, height: int, seed: int | None = None) -> Puzzle:
    """A clue-less puzzle on a patch of the tiling ``name``."""
    t = get(name)
    puzzle = from_faces(faces(t.name, width, height, seed), source=f"{t.name} {width}x{height}")
    return replace(puzzle, tiling=TilingRef(t.name, width, height, seed if t.seeded else None))


# --------------------------------------------------------------------------- registry
register(Tiling("square", square, "regular", "4.4.4.4 (squares)", "the square grid", loopy=("squares", 0), aliases=("squares",)))

# Loopy's periodic grids, face for face (slitherasp/tilings/loopy.py); min_size is Loopy's.
from .loopy import periodic as _loopy  # noqa: E402

register(Tiling("triangular", _loopy(1), "regular", "3.3.3.3.3.3 (triangles)", "Loopy's triangular grid: rows of 2W+1 triangles", min_size=3, max_size=100, loopy=("triangular", 1)))
register(Tiling("honeycomb", _loopy(2), "regular", "6.6.6 (hexagons)", "Loopy's honeycomb: hexagons in columns", min_size=3, max_size=100, loopy=("honeycomb", 2), aliases=("hexagonal",)))
register(Tiling("snub-square", _loopy(3), "archimedean", "3.3.4.3.4 (triangles, squares)", "Loopy's snub square grid", min_size=3, max_size=100, loopy=("snubsquare", 3), aliases=("snubsquare",)))
register(Tiling("cairo", _loopy(4), "laves", "V3.3.4.3.4 (pentagons)", "Loopy's Cairo pentagonal grid (one of W, H at least 4 in Loopy)", min_size=3, max_size=100, loopy=("cairo", 4), aliases=("cairo-pentagonal",)))
register(Tiling("great-hexagonal", _loopy(5), "archimedean", "3.4.6.4 (triangles, squares, hexagons)", "Loopy's great hexagonal grid: the rhombitrihexagonal tiling", min_size=3, max_size=100, loopy=("greathexagonal", 5), aliases=("greathexagonal", "rhombitrihexagonal")))
register(Tiling("octagonal", _loopy(6), "archimedean", "4.8.8 (squares, octagons)", "Loopy's octagonal grid: the truncated square tiling", min_size=3, max_size=100, loopy=("octagonal", 6), aliases=("truncated-square",)))
register(Tiling("kites", _loopy(7), "laves", "V3.4.6.4 (kites)", "Loopy's kites: the deltoidal trihexagonal tiling", min_size=3, max_size=100, loopy=("kites", 7), aliases=("deltoidal-trihexagonal",)))
register(Tiling("floret", _loopy(8), "laves", "V3.3.3.3.6 (pentagons)", "Loopy's floret: the floret pentagonal tiling (one of W, H at least 2 in Loopy)", min_size=1, max_size=100, loopy=("floret", 8), aliases=("floret-pentagonal",)))
register(Tiling("dodecagonal", _loopy(9), "archimedean", "3.12.12 (triangles, dodecagons)", "Loopy's dodecagonal grid: the truncated hexagonal tiling", min_size=2, max_size=100, loopy=("dodecagonal", 9), aliases=("truncated-hexagonal",)))
register(Tiling("great-dodecagonal", _loopy(10), "archimedean", "4.6.12 (squares, hexagons, dodecagons)", "Loopy's great dodecagonal grid: the truncated trihexagonal tiling", min_size=2, max_size=100, loopy=("greatdodecagonal", 10), aliases=("greatdodecagonal", "truncated-trihexagonal")))
register(Tiling("great-great-dodecagonal", _loopy(13), "k-uniform", "[3.4.6.4; 4.6.12] (triangles, squares, hexagons, dodecagons)", "Loopy's great-great-dodecagonal grid, a 2-uniform tiling", min_size=2, max_size=100, loopy=("greatgreatdodecagonal", 13), aliases=("greatgreatdodecagonal",)))
register(Tiling("kagome", _loopy(14), "archimedean", "3.6.3.6 (triangles, hexagons)", "Loopy's kagome: the trihexagonal tiling", min_size=3, max_size=100, loopy=("kagome", 14), aliases=("trihexagonal",)))
register(Tiling("compass-dodecagonal", _loopy(15), "k-uniform", "[3.12.12; 3.4.3.12] (triangles, squares, dodecagons)", "Loopy's compass dodecagonal grid, a 2-uniform tiling", min_size=2, max_size=100, loopy=("compassdodecagonal", 15), aliases=("compassdodecagonal",)))
