"""Square grids in the terminal, with box-drawing characters.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]], [3, None])
>>> loop = frozenset(range(len(p.edges))) - {p.find_edge(1, 2)}
>>> print(grid_text(p, loop))
┌───────┐
│ 3     │
└───────┘
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..model import Geometry, Puzzle, median_length
from ..model.errors import InputError
from .layout import layout

CORNERS = "·╵╷│╴┘┐┤╶└┌├─┴┬┼"
"""Corner characters by the loop edges there: up=1, down=2, left=4, right=8."""


def lattice(puzzle: Puzzle, geo: Geometry | None = None) -> dict[int, tuple[int, int]] | None:
    """Integer lattice positions of the vertices if the puzzle, drawn with ``geo``
    (default: its :func:`layout`), is a patch of squares, else ``None``. A square
    grid without geometry is recognised too: its Tutte drawing is the grid.

    >>> from slitherasp.model import from_faces
    >>> lattice(from_faces([[(0, 0), (2, 0), (2, 2), (0, 2)]]))
    {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}
    >>> lattice(from_faces([[(0, 0), (1, 0), (0, 1)]])) is None
    True
    """
    geo = layout(puzzle).geometry if geo is None else geo
    if not puzzle.edges or not puzzle.cells:
        return None
    unit = median_length(geo.points, puzzle.edges)
    x0, y0 = min(x for x, _ in geo.points), min(y for _, y in geo.points)
    pos = {}
    for v, (x, y) in enumerate(geo.points):
        gx, gy = (x - x0) / unit, (y - y0) / unit
        pos[v] = (round(gx), round(gy))
        if abs(gx - pos[v][0]) > 1e-6 or abs(gy - pos[v][1]) > 1e-6:
            return None
    for u, v in puzzle.edges:
        if abs(pos[u][0] - pos[v][0]) + abs(pos[u][1] - pos[v][1]) != 1:
            return None
    for face in geo.faces:
        if face is None or len(face) != 4:
            return None
        xs, ys = {pos[v][0] for v in face}, {pos[v][1] for v in face}
        if len(xs) != 2 or len(ys) != 2:
            return None
    return pos


def grid_text(puzzle: Puzzle, answer: Iterable[int] | None = None, *, marks: Mapping[int, str] | None = None) -> str:
    """A square-grid puzzle (and answer) in box-drawing characters: ``·`` at corners,
    clues in the cells (and ``marks``, one character each, in theirs), the loop as
    ``─│┌┐└┘``. :class:`InputError` for other grids.

    >>> from slitherasp.model import from_faces
    >>> print(grid_text(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [2])))
    ·   ·
      2
    ·   ·
    """
    geo = layout(puzzle).geometry
    pos = lattice(puzzle, geo)
    if pos is None:
        raise InputError("Unicode drawing needs a square grid; use SVG or PNG for this tiling")
    top = max(y for _, y in pos.values())
    right = max(x for x, _ in pos.values())
    rows = [[" "] * (4 * right + 1) for _ in range(2 * top + 1)]
    cell = {v: (4 * x, 2 * (top - y)) for v, (x, y) in pos.items()}
    chosen = set(answer or ())
    bits = [0] * len(puzzle.vertices)
    for e, (u, v) in enumerate(puzzle.edges):
        if e not in chosen:
            continue
        (cu, ru), (cv, rv) = sorted((cell[u], cell[v]))
        if ru == rv:
            rows[ru][cu + 1 : cv] = "─" * (cv - cu - 1)
            for w, bit in ((u, 8 if cell[u] < cell[v] else 4), (v, 4 if cell[u] < cell[v] else 8)):
                bits[w] |= bit
        else:
            rows[ru + 1][cu] = "│"
            low, high = (u, v) if cell[u][1] > cell[v][1] else (v, u)
            bits[low] |= 1
            bits[high] |= 2
    for v, (c, r) in cell.items():
        rows[r][c] = CORNERS[bits[v]]
    shown = {c: str(k) for c, k in enumerate(puzzle.clues) if k is not None} | dict(marks or {})
    for c, mark in shown.items():
        face = geo.faces[c] or ()
        col = min(cell[v][0] for v in face) + 2
        row = min(cell[v][1] for v in face) + 1
        rows[row][col] = mark
    return "\n".join("".join(r).rstrip() for r in rows)
