"""The tiling registry: every tiling by name, and :func:`build` to make a puzzle.

Adding a tiling is one module emitting faces and one :func:`register` line below.

>>> p = build("square", 3, 3)
>>> len(p.vertices), len(p.edges), len(p.cells)
(16, 24, 9)
"""

from __future__ import annotations

from typing import Any

from ..model import InputError, Puzzle, TilingRef, from_faces
from .base import Faces, Tiling

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
    """The tiling called ``name`` (or one of its aliases, in any case); InputError if
    unknown, naming the tiling meant when a name or alias is close.

    >>> get("Honeycomb").name, get("hexagonal").name
    ('honeycomb', 'honeycomb')
    >>> get("hexagon")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: unknown tiling 'hexagon' (did you mean 'honeycomb', also called 'hexagonal'?); \
'slitherasp tiling list' shows them all
    """
    key = name.lower().replace("_", "-").replace(" ", "-")
    for candidate in (name, key, key.replace("-", "")):
        if candidate in _ALIASES:
            return TILINGS[_ALIASES[candidate]]
    raise InputError(f"unknown tiling {name!r}{_meant(key)}; 'slitherasp tiling list' shows them all")


def _meant(key: str) -> str:
    """`` (did you mean ...?)`` naming the (at most two) tilings whose names or aliases
    are most like ``key``, and the alias that matched where it is not a mere spelling."""
    from difflib import get_close_matches

    meant: dict[str, str] = {}
    for alias in get_close_matches(key, list(_ALIASES), n=4, cutoff=0.75):
        meant.setdefault(_ALIASES[alias], alias)
    if not meant:
        return ""
    said = []
    for name, alias in list(meant.items())[:2]:
        spelling = alias.replace("_", "-").replace("-", "") == name.replace("-", "")
        said.append(repr(name) if spelling else f"{name!r}, also called {alias!r}")
    return f" (did you mean {' or '.join(said)}?)"


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
    return puzzle.replaced(tiling=TilingRef(t.name, width, height, seed if t.seeded else None))


# --------------------------------------------------------------------------- registry
def _add(name: str, maker: str, family: str, faces: str, description: str, **options: Any) -> None:
    register(Tiling(name, maker, family, faces, description, **options))


_add("square", "square:square", "regular", "4.4.4.4 (squares)",
     "the square grid",
     loopy=("squares", 0), aliases=("squares",))

# Loopy"s periodic grids, face for face (slitherasp/tilings/loopy.py); min_size is Loopy"s.

_add("triangular", "loopy:periodic_faces", "regular", "3.3.3.3.3.3 (triangles)",
     "Loopy's triangular grid: rows of 2W+1 triangles",
     args=(1,), min_size=3, max_size=100, loopy=("triangular", 1))
_add("honeycomb", "loopy:periodic_faces", "regular", "6.6.6 (hexagons)",
     "Loopy's honeycomb: hexagons in columns",
     args=(2,), min_size=3, max_size=100, loopy=("honeycomb", 2), aliases=("hexagonal",))
_add("snub-square", "loopy:periodic_faces", "archimedean", "3.3.4.3.4 (triangles, squares)",
     "Loopy's snub square grid",
     args=(3,), min_size=3, max_size=100, loopy=("snubsquare", 3), aliases=("snubsquare",))
_add("cairo", "loopy:periodic_faces", "laves", "V3.3.4.3.4 (pentagons)",
     "Loopy's Cairo pentagonal grid (one of W, H at least 4 in Loopy)",
     args=(4,), min_size=3, max_size=100, loopy=("cairo", 4), aliases=("cairo-pentagonal",))
_add("great-hexagonal", "loopy:periodic_faces", "archimedean", "3.4.6.4 (triangles, squares, hexagons)",
     "Loopy's great hexagonal grid: the rhombitrihexagonal tiling",
     args=(5,), min_size=3, max_size=100, loopy=("greathexagonal", 5), aliases=("greathexagonal", "rhombitrihexagonal"))
_add("octagonal", "loopy:periodic_faces", "archimedean", "4.8.8 (squares, octagons)",
     "Loopy's octagonal grid: the truncated square tiling",
     args=(6,), min_size=3, max_size=100, loopy=("octagonal", 6), aliases=("truncated-square",))
_add("kites", "loopy:periodic_faces", "laves", "V3.4.6.4 (kites)",
     "Loopy's kites: the deltoidal trihexagonal tiling",
     args=(7,), min_size=3, max_size=100, loopy=("kites", 7), aliases=("deltoidal-trihexagonal",))
_add("floret", "loopy:periodic_faces", "laves", "V3.3.3.3.6 (pentagons)",
     "Loopy's floret: the floret pentagonal tiling (one of W, H at least 2 in Loopy)",
     args=(8,), min_size=1, max_size=100, loopy=("floret", 8), aliases=("floret-pentagonal",))
_add("dodecagonal", "loopy:periodic_faces", "archimedean", "3.12.12 (triangles, dodecagons)",
     "Loopy's dodecagonal grid: the truncated hexagonal tiling",
     args=(9,), min_size=2, max_size=100, loopy=("dodecagonal", 9), aliases=("truncated-hexagonal",))
_add("great-dodecagonal", "loopy:periodic_faces", "archimedean", "4.6.12 (squares, hexagons, dodecagons)",
     "Loopy's great dodecagonal grid: the truncated trihexagonal tiling",
     args=(10,), min_size=2, max_size=100, loopy=("greatdodecagonal", 10),
     aliases=("greatdodecagonal", "truncated-trihexagonal"))
_add("great-great-dodecagonal", "loopy:periodic_faces", "k-uniform",
     "[3.4.6.4; 4.6.12] (triangles, squares, hexagons, dodecagons)",
     "Loopy's great-great-dodecagonal grid, a 2-uniform tiling",
     args=(13,), min_size=2, max_size=100, loopy=("greatgreatdodecagonal", 13), aliases=("greatgreatdodecagonal",))
_add("kagome", "loopy:periodic_faces", "archimedean", "3.6.3.6 (triangles, hexagons)",
     "Loopy's kagome: the trihexagonal tiling",
     args=(14,), min_size=3, max_size=100, loopy=("kagome", 14), aliases=("trihexagonal",))
_add("compass-dodecagonal", "loopy:periodic_faces", "k-uniform", "[3.12.12; 3.4.3.12] (triangles, squares, dodecagons)",
     "Loopy's compass dodecagonal grid, a 2-uniform tiling",
     args=(15,), min_size=2, max_size=100, loopy=("compassdodecagonal", 15), aliases=("compassdodecagonal",))

# Loopy's aperiodic grids, face for face (tilings/aperiodic/): the seed picks the grid
# description, which places the W x H window in the tiling's substitution hierarchy.

_add("penrose-p2", "aperiodic:generate", "aperiodic", "kites and darts",
     "Loopy's Penrose P2 kites and darts, its window placed by the seed",
     args=(11,), loopy_desc="aperiodic:loopy_desc", min_size=4, max_size=100, loopy=("penrose_p2", 11), seeded=True,
     aliases=("penrose-kite-dart", "penrose_p2"))
_add("penrose-p3", "aperiodic:generate", "aperiodic", "thin and thick rhombs",
     "Loopy's Penrose P3 rhombs, its window placed by the seed",
     args=(12,), loopy_desc="aperiodic:loopy_desc", min_size=4, max_size=100, loopy=("penrose_p3", 12), seeded=True,
     aliases=("penrose-rhombs", "penrose_p3"))
_add("hats", "aperiodic:generate", "aperiodic", "hat monotile (14 corners)",
     "Loopy's hats (the hat monotile), its window placed by the seed",
     args=(16,), loopy_desc="aperiodic:loopy_desc", min_size=6, max_size=100, loopy=("hats", 16), seeded=True,
     aliases=("hat",))
_add("spectres", "aperiodic:generate", "aperiodic", "spectre monotile Tile(1,1) (14 corners)",
     "Loopy's spectres (the chiral spectre monotile), its window placed by the seed",
     args=(17,), loopy_desc="aperiodic:loopy_desc", min_size=6, max_size=100, loopy=("spectres", 17), seeded=True,
     aliases=("spectre",))

# archimedean / laves completions and the ASP competition's graphs (tilings/periodic.py, tilings/dual.py)

_add("snub-hexagonal", "periodic:SNUB_HEXAGONAL.generate", "archimedean", "3.3.3.3.6 (triangles, hexagons)",
     "the snub hexagonal tiling: hexagons on an index-7 sublattice of the triangular lattice; a unit "
         "cell is 1 hexagon and 8 triangles",
     min_size=1, max_size=100, aliases=("snub-trihexagonal",))
_add("elongated-triangular", "periodic:ELONGATED_TRIANGULAR.generate", "archimedean", "3.3.3.4.4 (triangles, squares)",
     "the elongated triangular tiling: rows of squares between rows of triangles; a unit cell is 2 "
         "squares and 4 triangles",
     min_size=1, max_size=100)
_add("rhombille", "dual:rhombille", "laves", "V3.6.3.6 (rhombi)",
     "the rhombille tiling, dual of the trihexagonal tiling: 60-degree rhombi, three around every "
         "hexagon centre; W x H is the dual of a (W+1) x (H+1) trihexagonal patch",
     min_size=1, max_size=100)
_add("tetrakis-square", "dual:tetrakis_square", "laves", "V4.8.8 (triangles)",
     "the tetrakis square tiling, dual of the truncated square tiling: right isosceles triangles, four"
         " to a square; W x H is the dual of a (W+1) x (H+1) truncated square patch",
     min_size=1, max_size=100)
_add("triakis-triangular", "dual:triakis_triangular", "laves", "V3.12.12 (triangles)",
     "the triakis triangular tiling, dual of the truncated hexagonal tiling: 30-30-120 triangles, "
         "three to an equilateral triangle; W x H is the dual of a (W+1) x (H+1) truncated hexagonal patch",
     min_size=1, max_size=100)
_add("kisrhombille", "dual:kisrhombille", "laves", "V4.6.12 (triangles)",
     "the kisrhombille tiling, dual of the truncated trihexagonal tiling: 30-60-90 triangles, six to "
         "an equilateral triangle; W x H is the dual of a (W+1) x (H+1) truncated trihexagonal patch",
     min_size=1, max_size=100)
_add("prismatic-pentagonal", "dual:prismatic_pentagonal", "laves", "V3.3.3.4.4 (pentagons)",
     "the prismatic pentagonal tiling, dual of the elongated triangular tiling: house-shaped pentagons"
         " in rows; W x H is the dual of a (W+1) x (H+1) elongated triangular patch",
     min_size=1, max_size=100)
_add("altair", "periodic:ALTAIR.generate", "competition", "squares, pentagons, hexagons, heptagons, octagons",
     "a reconstruction of krazydad's Altair grid (named in the ASP Competition 2009 Slitherlink "
         "statement; its exact geometry was not found): the truncated square tiling 4.8.8 with half of its"
         " small squares shrunk to points, so each big face has 4 to 8 sides; a unit cell of 4 x 4 big "
         "faces holds 10 squares, 4 pentagons, 4 hexagons, 4 heptagons and 2 octagons",
     min_size=1, max_size=100)
_add("trisquares", "periodic:TRISQUARES.generate", "competition", "[3.3.3.4.4; 3.3.4.3.4] (triangles, squares)",
     "triangles and squares for the ASP Competition 2009 'trisquares' graphs (krazydad's exact grid "
         "was not found): the 2-uniform tiling [3.3.3.4.4; 3.3.4.3.4] of symmetry p4g, dominoes of two "
         "squares between trapezoids of three triangles, plus single squares; a unit cell is 12 triangles "
         "and 6 squares",
     min_size=1, max_size=100)
_add("snowflake", "periodic:SNOWFLAKE.generate", "competition", "[3.3.3.3.3.3; 3.3.3.3.6] (triangles, hexagons)",
     "a reconstruction of krazydad's Snowflake grid (named in the ASP Competition 2009 Slitherlink "
         "statement; its exact geometry was not found): six-pointed stars (a hexagon with a triangle on "
         "each side) on a triangular background, the 2-uniform tiling [3^6; 3^4.6] with hexagons on a 3 x "
         "3 sublattice; a unit cell is 1 hexagon and 12 triangles",
     min_size=1, max_size=100)
