"""Spectre tilings: the chiral aperiodic monotile Tile(1,1), built by substitution.

Facts used (Smith, Myers, Kaplan, Goodman-Strauss, "A chiral aperiodic monotile", 2023,
and the construction of Kaplan's published spectre demo, which Simon Tatham's
``spectre.c`` write-up describes the same way):

* the spectre (as the polygon Tile(1,1)) has 14 sides of length 1 whose directions are
  multiples of 30 degrees, in order 0, -60, 30, 90, 0, 60, 150, 210, 120, 180, 180,
  240, -30, 270 (two sides in a row point the same way: one corner is straight);
* its key points are corners 3, 5, 7 and 11;
* nine kinds of cluster, Gamma .. Psi: Gamma (the "Mystic") is two spectres, the second
  turned by 30 degrees and moved to corner 8 of the first; the others are one spectre;
* a supertile has 8 slots: slot 0 stays put, each next slot is turned by a further
  60, 0, 60, 60, 0, 60, -120 degrees and moved so that its key point 1, 0, 1, 1, 0, 1, 3
  lands on key point 3, 2, 3, 3, 2, 3, 3 of the slot before; then the whole supertile is
  mirrored (x -> -x), so the chirality alternates from level to level;
* its key points are key point 2 of slot 6, 1 of slot 5, 2 of slot 3 and 1 of slot 0;
* which kind fills each slot depends on the supertile's kind (:data:`SLOTS`; the
  Gamma supertile leaves slot 2 empty).

Coordinates are exact in Z[zeta_12]; every spectre of a patch is an exact isometric
copy, so shared corners coincide exactly.

>>> faces = spectres(6, 6, 1)
>>> {len(f) for f in faces} >= {14}, 6 <= len(faces) <= 25
(True, True)
"""

from __future__ import annotations

from functools import lru_cache

from .aperiodic import IDENTITY, ZERO, Children, Cyclotomic, Exact, Hierarchy, Motion, add, cut, sub
from .base import Faces

Z12 = Cyclotomic(12)
DIRECTIONS = (0, -2, 1, 3, 0, 2, 5, 7, 4, 6, 6, 8, -1, 9)  # in steps of 30 degrees
KEYS = (3, 5, 7, 11)
STEPS = ((2, 3, 1), (0, 2, 0), (2, 3, 1), (2, 3, 1), (0, 2, 0), (2, 3, 1), (-4, 3, 3))
"""Per slot after the first: (extra turn in steps of 30 degrees, key point of the slot
before, own key point that lands on it)."""
NEW_KEYS = ((6, 2), (5, 1), (3, 2), (0, 1))
"""A supertile's key points as (slot, key point of the child in that slot)."""
SLOTS = {
    "Gamma": "Pi Delta - Theta Sigma Xi Phi Gamma",
    "Delta": "Xi Delta Xi Phi Sigma Pi Phi Gamma",
    "Theta": "Psi Delta Pi Phi Sigma Pi Phi Gamma",
    "Lambda": "Psi Delta Xi Phi Sigma Pi Phi Gamma",
    "Xi": "Psi Delta Pi Phi Sigma Psi Phi Gamma",
    "Pi": "Psi Delta Xi Phi Sigma Psi Phi Gamma",
    "Sigma": "Xi Delta Xi Phi Sigma Pi Lambda Gamma",
    "Phi": "Psi Delta Psi Phi Sigma Pi Phi Gamma",
    "Psi": "Psi Delta Psi Phi Sigma Psi Phi Gamma",
}
MIRROR = Motion(6, True, ZERO)  # x -> -x
SCALE = 2.45
"""Tile units (spectre sides) per unit of width/height: close to Loopy's face counts."""
CORE = 0.25
"""The part of a supertile's bounding radius around its centre taken as covered."""


def _outline() -> tuple[Exact, ...]:
    pts = [ZERO]
    for d in DIRECTIONS[:-1]:
        pts.append(add(pts[-1], Z12.root(d)))
    return tuple(pts)


SPECTRE = _outline()


@lru_cache(maxsize=None)
def _layout(level: int) -> tuple[tuple[Motion, ...], tuple[Exact, ...]]:
    """The motions of the 8 slots of a level ``level`` supertile (none for level 0)
    and the supertile's key points."""
    if level == 0:
        return (), tuple(SPECTRE[k] for k in KEYS)
    _, keys = _layout(level - 1)
    motions, turn = [IDENTITY], 0
    for step, before, own in STEPS:
        turn += step
        target = motions[-1].apply(Z12, keys[before])
        motions.append(Motion(turn % 12, False, sub(target, Z12.mul(Z12.root(turn), keys[own]))))
    placed = tuple(MIRROR.then(Z12, m) for m in motions)
    return placed, tuple(placed[slot].apply(Z12, keys[k]) for slot, k in NEW_KEYS)


@lru_cache(maxsize=None)
def _level(n: int) -> dict[str, Children]:
    """The clusters (level 0) or supertiles (level n) of every kind."""
    if n == 0:
        single = (("", IDENTITY),)
        return {kind: single + ((("", Motion(1, False, SPECTRE[8])),) if kind == "Gamma" else ()) for kind in SLOTS}
    motions, _ = _layout(n)
    return {
        kind: tuple((child, m) for child, m in zip(kids.split(), motions) if child != "-")
        for kind, kids in SLOTS.items()
    }


SOURCE = Hierarchy(Z12, SPECTRE, _level, "Delta", CORE)


def spectres(width: int, height: int, seed: int | None = None) -> Faces:
    """Faces of a spectre patch in a ``width x height`` window placed by ``seed``.

    >>> faces = spectres(10, 10, 7)
    >>> 35 <= len(faces) <= 80, faces == spectres(10, 10, 7) != spectres(10, 10, 8)
    (True, True)
    """
    return cut(SOURCE, width, height, seed, SCALE)
