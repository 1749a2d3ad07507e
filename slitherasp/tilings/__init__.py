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
