"""Tiling IDs: a puzzle on a patch of one of our tilings, in one short line, as a Loopy
game ID is one on Loopy's grids: ``tiling:NAME:WxH:CLUES`` (``tiling:NAME:WxH:sSEED:CLUES``
for a patch placed by a seed). The patch is rebuilt face for face by the tiling, so the
text needs no coordinates: what a share link holds for a tiling that neither puzz.link
nor Loopy can say (before, the whole ASP facts, 500 KB for an altair 20x20).

``CLUES`` lists the cells in the tiling's order: ``0``-``9`` a clue, ``A``-``Z`` a clue
of 10 to 35 (hats and spectres have faces of 13 sides), ``a``-``z`` a run of 1 to 26
cells with no clue.

>>> from slitherasp import tilings
>>> p = tilings.build("altair", 1, 1).with_clues({0: 3, 8: 7})
>>> print(write(p), end="")
tiling:altair:1x1:3g7o
>>> _encode((None, 12, None, None))
'aCb'
>>> read(write(p), "<doc>").clues == p.clues
True
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..model import Puzzle
from ..model.errors import InputError

_ID = re.compile(r"tiling:([a-z0-9-]+):(\d{1,4})x(\d{1,4}):(?:s(-?\d{1,18}):)?([0-9A-Za-z]*)\s*")
_RUN = 26


def sniff(text: str) -> bool:
    return text.lstrip().startswith("tiling:")


def read(text: str, source: str) -> Puzzle:
    """The puzzle of a tiling ID; :class:`InputError` for a malformed one, an unknown
    tiling or size, or clues that do not fit the patch."""
    found = _ID.fullmatch(text.strip())
    if found is None:
        raise InputError("not a tiling ID: expected tiling:NAME:WxH:CLUES (letters, digits)", source=source, line=1)
    name, w, h, seed, clues = found.groups()
    base = _patch(name, int(w), int(h), None if seed is None else int(seed))
    values = _clues(clues, len(base.cells), source)
    for c, k in enumerate(values):
        if k is not None and k > len(base.cell_edges[c]):
            raise InputError(f"clue {k} of cell {c} is more than its {len(base.cell_edges[c])} sides",
                             source=source, line=1)
    return base.with_clues(values)


def write(puzzle: Puzzle) -> str:
    """The tiling ID of a puzzle on a tiling patch; :class:`InputError` for one on no
    tiling, or whose graph is not the patch its tiling builds."""
    ref = puzzle.tiling
    if ref is None or ref.desc is not None:
        raise InputError("the tiling format holds puzzles on a patch of a tiling; this one is on none")
    base = _patch(ref.name, ref.width, ref.height, ref.seed)
    if (base.vertices, base.edges, base.cell_edges) != (puzzle.vertices, puzzle.edges, puzzle.cell_edges):
        raise InputError(f"this puzzle's graph is not the {ref.name} {ref.width}x{ref.height} patch")
    seed = "" if ref.seed is None else f"s{ref.seed}:"
    return f"tiling:{ref.name}:{ref.width}x{ref.height}:{seed}{_encode(puzzle.clues)}\n"


@lru_cache(maxsize=8)
def _patch(name: str, width: int, height: int, seed: int | None) -> Puzzle:
    from .. import tilings

    return tilings.build(name, width, height, seed)


def _encode(clues: tuple[int | None, ...]) -> str:
    out, gap = [], 0
    for k in (*clues, -1):
        if k is None:
            gap += 1
            continue
        while gap:
            run = min(gap, _RUN)
            out.append(chr(ord("a") + run - 1))
            gap -= run
        if k >= 0:
            out.append(str(k) if k < 10 else chr(ord("A") + k - 10))
    return "".join(out)


def _clues(text: str, cells: int, source: str) -> list[int | None]:
    out: list[int | None] = []
    for ch in text:
        if ch.isdigit():
            out.append(int(ch))
        elif ch.isupper():
            out.append(ord(ch) - ord("A") + 10)
        else:
            out.extend([None] * (ord(ch) - ord("a") + 1))
        if len(out) > cells:
            break
    if len(out) != cells:
        raise InputError(f"the clues cover {len(out)} cells; the patch has {cells}", source=source, line=1)
    return out
