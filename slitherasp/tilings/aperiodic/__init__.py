"""Loopy's aperiodic grids, face for face, from their grid descriptions: Penrose
kites and darts (type 11) and rhombs (12), hats (16) and spectres (17).

Since 2023 Loopy places its aperiodic patches with Simon Tatham's *combinatorial
coordinates* (his articles on generating aperiodic tilings, 2023): the grid
description (the part of a game ID before ``_``) names where the starting piece sits
in the tiling's substitution hierarchy, and Loopy walks out from it. Each grid has
its module (:mod:`.penrose`, :mod:`.hats`, :mod:`.spectres`), on the exact numbers
of :mod:`.exact`; all end with Loopy's "vigorous trim" (:mod:`.trim`). The faces
come out in Loopy's order, so clues land on the faces Loopy numbers; this is
verified face for face, corner for corner, on the shared Loopy sample.
:func:`random_desc` makes new descriptions. The Penrose descriptions of Loopy before
2023 (``G<x>,<y>,<angle>``, still written by Debian 12's Loopy) are read too
(:mod:`.penrose_g`), face for face as that Loopy builds them. Not reproduced: what Loopy
does with a Penrose or spectres description too short for its window (it extends them
at random).

>>> faces = loopy_faces(11, 7, 7, "82AAAAVBBUAB")
>>> len(faces), faces[0]
(24, [(308, -333), (396, -213), (308, -185), (220, -213)])
>>> len(loopy_faces(16, 6, 6, "3,3,1,4,H")), len(loopy_faces(17, 6, 6, "A0452F"))
(16, 13)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ...model.errors import InputError
from ...model.limits import MAX_APERIODIC
from ..base import Faces
from . import hats, penrose, spectres
from .exact import IPoint
from .trim import trim


@dataclass(frozen=True)
class AperiodicGrid:
    """One of Loopy's aperiodic grid types: its limits and its three functions."""

    number: int
    name: str
    min_size: tuple[int, int]
    unit: float
    """About the length of a short tile edge in Loopy's integers."""
    problem: Callable[[str], str | None]
    """Why Loopy would refuse a grid description, or None."""
    layout: Callable[[int, int, str], list[list[IPoint]]]
    """Loopy's dots of the faces for a size and description (y down), before trimming."""
    invent: Callable[[int, int, random.Random], str | None]
    """A random description whose window holds some face, or None."""


GRIDS = {
    grid.number: grid
    for grid in (
        AperiodicGrid(11, "penrose_p2", (3, 3), penrose.PENROSE[11].unit, partial(penrose.problem, 11),
                      partial(penrose.faces, 11), partial(penrose.random_desc, 11)),
        AperiodicGrid(12, "penrose_p3", (3, 3), penrose.PENROSE[12].unit, partial(penrose.problem, 12),
                      partial(penrose.faces, 12), partial(penrose.random_desc, 12)),
        AperiodicGrid(16, "hats", (6, 6), 14 * 2 / 3 * math.sqrt(3), hats.problem, hats.faces, hats.random_desc),
        AperiodicGrid(17, "spectres", (6, 6), 16 * 2 * math.sqrt(2), spectres.problem, spectres.faces,
                      spectres.random_desc),
    )
}
"""Loopy's aperiodic grid types, all rebuilt here."""
MAX_DESC = 120
"""Longest grid description read: each letter or number is one level of the
substitution hierarchy, and a 100x100 window needs about 15 (each level costs time)."""


def desc_problem(number: int, desc: str) -> str | None:
    """Why Loopy would refuse ``desc`` for grid type ``number``, or None.

    >>> desc_problem(11, "82AAAAVBBUAB"), desc_problem(12, "82CD")
    (None, "'C' cannot be a piece of 'D' (a C fits in C or X)")
    >>> desc_problem(16, "3,3,1,4,H"), desc_problem(16, "3,3,13,4,H")
    (None, 'metatile 13 does not exist: P has 11 (0-10)')
    """
    if len(desc) > MAX_DESC:
        return f"longer than {MAX_DESC} characters (no patch up to {MAX_APERIODIC}x{MAX_APERIODIC} needs that)"
    return GRIDS[number].problem(desc)


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
    faces = trim(GRIDS[number].layout(width, height, desc))
    if not faces:
        raise InputError(f"the grid description {desc!r} leaves no faces at {width}x{height}")
    return [[(x, -y) for x, y in face] for face in faces]


def unit_faces(number: int, width: int, height: int, desc: str) -> Faces:
    """:func:`loopy_faces` scaled so that short tile edges are about 1 long."""
    u = penrose.unit(number, desc) if number in penrose.PENROSE else GRIDS[number].unit
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
        desc = GRIDS[number].invent(width, height, rng)
        if desc is not None:
            return desc
    raise InputError(f"no {GRIDS[number].name} patch found at {width}x{height} in 100 tries: try a larger size")


def loopy_desc(number: int, width: int, height: int, seed: int | None = None) -> str:
    """The grid description of the registered patch: the seed (default 0) picks it."""
    return random_desc(number, width, height, 0 if seed is None else seed)


def generate(number: int, width: int, height: int, seed: int | None = None) -> Faces:
    """The registered patch of Loopy's grid type ``number``, face for face."""
    return unit_faces(number, width, height, loopy_desc(number, width, height, seed))
