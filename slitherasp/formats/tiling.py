"""Tiling IDs: a puzzle on a patch of one of our tilings, in one short line, as a Loopy
game ID is one on Loopy's grids: ``tiling:NAME:WxH:CLUES`` (``tiling:NAME:WxH:sSEED:CLUES``
for a patch placed by a seed). The patch is rebuilt face for face by the tiling, so the
text needs no coordinates: what a share link holds for a tiling that neither puzz.link
nor Loopy can say (before, the whole ASP facts, 500 KB for an altair 20x20).

``CLUES`` lists the cells in the tiling's order: ``0``-``9`` a clue, ``A``-``Z`` a clue
of 10 to 35 (hats and spectres have faces of 13 sides), ``a``-``z`` a run of 1 to 26
cells with no clue.

A variant (:mod:`slitherasp.kinds.variant`) names its rule in words before the clues,
one segment each: ``vertex``, ``touch``, ``sheep-wolf``, ``lither`` and ``full`` (all
points: alone, or after ``touch`` or ``sheep-wolf``), as in
``tiling:cairo:5x5:s1:touch:full:CLUES``; in a Sheep-Wolf's clues ``_`` is a sheep and
``~`` a wolf. Every character is one a URL carries as it is.

>>> from slitherasp import tilings
>>> p = tilings.build("altair", 1, 1).with_clues({0: 3, 8: 7})
>>> print(write(p), end="")
tiling:altair:1x1:3g7o
>>> _encode((None, 12, None, None))
'aCb'
>>> read(write(p), "<doc>").clues == p.clues
True
>>> from slitherasp.kinds.variant import variant
>>> v = variant(tilings.build("square", 3, 1).with_clues({0: 2}), "sheep-wolf", sheep=[1], wolves=[2])
>>> print(write(v), end="")
tiling:square:3x1:sheep-wolf:2_~
>>> w = read(write(v), "<doc>")
>>> w.name, sorted(w.sheep), sorted(w.wolves), w.puzzle.clues
('sheep-wolf', [1], [2], (2, None, None))
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError

_ID = re.compile(r"tiling:([a-z0-9-]+):(\d{1,4})x(\d{1,4}):(?:s(-?\d{1,18}):)?((?:[a-z-]{1,12}:){0,2})"
                 r"([0-9A-Za-z_~]*)\s*")
_RUN = 26
WORDS = ("vertex", "touch", "sheep-wolf", "lither", "full")
"""The words that name a variant's rule, a segment each (``full``: all points)."""
ANIMALS = {"_": "sheep", "~": "wolf"}
"""The characters of Sheep-Wolf's animals among the clues."""


def sniff(text: str) -> bool:
    return text.lstrip().startswith("tiling:")


def read(text: str, source: str) -> Any:
    """The puzzle (a variant's, when the ID names one) of a tiling ID;
    :class:`InputError` for a malformed one, an unknown tiling, size or variant, or
    clues that do not fit the patch."""
    found = _ID.fullmatch(text.strip())
    if found is None:
        raise InputError("not a tiling ID: expected tiling:NAME:WxH:CLUES (letters, digits)", source=source, line=1)
    name, w, h, seed, words, clues = found.groups()
    rule = [word for word in words.split(":") if word]
    unknown = next((word for word in rule if word not in WORDS), None)
    if unknown is not None:
        raise InputError(f"{unknown!r} names no variant of a tiling ID; choose from {', '.join(WORDS)}",
                         source=source, line=1)
    base = _patch(name, int(w), int(h), None if seed is None else int(seed))
    values, animals = _clues(clues, len(base.cells), source)
    for c, k in enumerate(values):
        if k is not None and k > len(base.cell_edges[c]):
            raise InputError(f"clue {k} of cell {c} is more than its {len(base.cell_edges[c])} sides",
                             source=source, line=1)
    puzzle = base.with_clues(values)
    if not rule and not animals:
        return puzzle
    return _variant(puzzle, rule, animals, source)


def _variant(puzzle: Puzzle, rule: list[str], animals: dict[int, str], source: str) -> Any:
    """``puzzle`` under the variant the words ``rule`` name, with ``animals``."""
    from ..kinds.variant.puzzle import variant

    if animals and "sheep-wolf" not in rule:
        raise InputError("sheep (_) and wolves (~) belong to Sheep-Wolf: add the segment sheep-wolf before the clues",
                         source=source, line=1)
    try:
        return variant(puzzle, "+".join(rule), sheep=[c for c, a in animals.items() if a == "sheep"],
                       wolves=[c for c, a in animals.items() if a == "wolf"])
    except InputError as exc:
        raise InputError(exc.message, source=source, line=1) from None


def write(puzzle: Any) -> str:
    """The tiling ID of a puzzle (or a variant's) on a tiling patch; :class:`InputError`
    for one on no tiling, or whose graph is not the patch its tiling builds."""
    variant = bool(getattr(puzzle, "is_variant", False))
    base = puzzle.puzzle if variant else puzzle
    ref = base.tiling
    if ref is None or ref.desc is not None:
        raise InputError("the tiling format holds puzzles on a patch of a tiling; this one is on none")
    patch = _patch(ref.name, ref.width, ref.height, ref.seed)
    if (patch.vertices, patch.edges, patch.cell_edges) != (base.vertices, base.edges, base.cell_edges):
        raise InputError(f"this puzzle's graph is not the {ref.name} {ref.width}x{ref.height} patch")
    seed = "" if ref.seed is None else f"s{ref.seed}:"
    rule = "".join(f"{word}:" for word in ([] if not variant or puzzle.rule == "classic" else [puzzle.rule])
                   + ["full"] * (variant and puzzle.full))
    marks = dict.fromkeys(getattr(puzzle, "sheep", ()), "_") | dict.fromkeys(getattr(puzzle, "wolves", ()), "~")
    return f"tiling:{ref.name}:{ref.width}x{ref.height}:{seed}{rule}{_encode(base.clues, marks)}\n"


@lru_cache(maxsize=8)
def _patch(name: str, width: int, height: int, seed: int | None) -> Puzzle:
    from .. import tilings

    return tilings.build(name, width, height, seed)


def _encode(clues: tuple[int | None, ...], marks: dict[int, str] | None = None) -> str:
    """The clues as ``CLUES``; ``marks``: a character in place of a cell's clue."""
    out, gap = [], 0
    marks = marks or {}
    for c, k in enumerate((*clues, -1)):
        mark = marks.get(c)
        if k is None and mark is None:
            gap += 1
            continue
        while gap:
            run = min(gap, _RUN)
            out.append(chr(ord("a") + run - 1))
            gap -= run
        if mark is not None:
            out.append(mark)
        elif k is not None and k >= 0:
            out.append(str(k) if k < 10 else chr(ord("A") + k - 10))
    return "".join(out)


def _clues(text: str, cells: int, source: str) -> tuple[list[int | None], dict[int, str]]:
    """The clues of ``CLUES``, and the animals among them by cell."""
    out: list[int | None] = []
    animals: dict[int, str] = {}
    for ch in text:
        if ch in ANIMALS:
            animals[len(out)] = ANIMALS[ch]
            out.append(None)
        elif ch.isdigit():
            out.append(int(ch))
        elif ch.isupper():
            out.append(ord(ch) - ord("A") + 10)
        else:
            out.extend([None] * (ord(ch) - ord("a") + 1))
        if len(out) > cells:
            break
    if len(out) != cells:
        raise InputError(f"the clues cover {len(out)} cells; the patch has {cells}", source=source, line=1)
    return out, animals
