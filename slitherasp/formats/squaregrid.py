"""Clue matrices on the square grid: what the grid formats (text, Essence, Python
lists, puzz.link URLs, pzprv3 files) share.

A *matrix* is a tuple of rows from the top, each a tuple of clues from the left
(``None`` = no clue, else 0..4). Cell ``c<y*W+x>`` of the puzzle is row ``y``,
column ``x``: exactly the face order of the ``square`` tiling, so every grid format
reads to the same :class:`Puzzle` and a puzzle made with ``tilings.build("square",
W, H)`` can be written in any of them.

>>> p = puzzle(((None, 3), (0, None)), "<doc>")
>>> p.tiling, p.clues
(TilingRef(name='square', width=2, height=2, seed=None, desc=None), (None, 3, 0, None))
>>> matrix(p, "text")
((None, 3), (0, None))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .. import tilings
from ..model import InputError, Puzzle, limits
from .shape import same_faces

Clue = int | None
Matrix = tuple[tuple[Clue, ...], ...]

LARGEST_CLUE = 4
"""A square has four sides: clues are 0..4."""
_NUMBER = re.compile(r"-?[0-9]+", re.A)


@lru_cache(maxsize=64)
def _blank(width: int, height: int) -> Puzzle:
    """The clue-less ``width`` x ``height`` square grid (built once per size)."""
    return tilings.build("square", width, height)


def size_problem(width: int, height: int) -> str | None:
    """Why the square tiling refuses this size, or None.

    >>> size_problem(5, 5), size_problem(0, 3)
    (None, 'width and height must be 1..200')
    """
    if 1 <= width <= limits.MAX_GRID and 1 <= height <= limits.MAX_GRID:
        return None
    return f"width and height must be 1..{limits.MAX_GRID}"


def clue_problem(value: int) -> str | None:
    """Why ``value`` is not a square's clue, or None.

    >>> clue_problem(4), clue_problem(5), clue_problem(-1)
    (None, 'clue 5 is larger than 4 (a square has four sides)', 'clue -1 is negative')
    """
    if value < 0:
        return f"clue {value} is negative"
    if value > LARGEST_CLUE:
        return f"clue {value} is larger than {LARGEST_CLUE} (a square has four sides)"
    return None


def words(line: str) -> list[tuple[int, str]]:
    """The blank-separated words of a line with their (1-based) columns.

    >>> words(" 3 - 10")
    [(2, '3'), (4, '-'), (6, '10')]
    """
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line)]


def token_clue(token: str, blanks: str, line: int, column: int) -> Clue:
    """A cell token as a clue: one of ``blanks`` -> None, a number 0..4 -> itself;
    anything else is an InputError at ``line``:``column``.

    >>> token_clue("3", "-.", 1, 1), token_clue(".", "-.", 1, 1)
    (3, None)
    >>> token_clue("7", "-.", 2, 5)
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: 2:5: clue 7 is larger than 4 (a square has four sides)
    """
    if token in blanks:
        return None
    if _NUMBER.fullmatch(token):
        value = limits.integer(token, "the clue", line=line, column=column)
        problem = clue_problem(value)
    else:
        marks = " or ".join(f"'{b}'" for b in blanks)
        problem = f"bad cell {token!r}: expected {marks} (no clue) or a digit 0..4"
    if problem:
        raise InputError(problem, line=line, column=column)
    return value


def puzzle(rows: Sequence[Sequence[Clue]], source: str) -> Puzzle:
    """The square-grid puzzle of a checked, rectangular, non-empty clue matrix.

    >>> puzzle([[None, 2, None]], "<doc>").clues
    (None, 2, None)
    """
    height, width = len(rows), len(rows[0])
    problem = size_problem(width, height)
    if problem:
        raise InputError(f"bad size {width}x{height}: {problem}", source=source)
    clues = tuple(k for row in rows for k in row)
    return _blank(width, height).replaced(clues=clues, source=source)


def _same_cells(p: Puzzle, grid: Puzzle) -> bool:
    """Whether the puzzle's cells are the grid's, in the grid's order: by their corners
    when the puzzle has a geometry (read from facts with a sidecar, vertices renamed),
    else by vertices, edges and cells."""
    if p.geometry is grid.geometry:  # made from the grid itself: nothing to compare
        return p.cell_edges is grid.cell_edges
    if p.geometry is not None:
        return same_faces(p, [grid.geometry.face_polygon(c) for c in range(len(grid.cells))])
    return (p.vertices, p.edges, p.cells, p.cell_edges) == (grid.vertices, grid.edges, grid.cells, grid.cell_edges)


def matrix(p: Puzzle, format_name: str) -> Matrix:
    """The clue matrix of a puzzle on the square grid; InputError for any other puzzle.

    >>> matrix(tilings.build("square", 1, 2).with_clues({1: 4}), "text")
    ((None,), (4,))
    >>> matrix(tilings.build("honeycomb", 3, 3), "text")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: the text format only holds square grids; this puzzle is on the honeycomb tiling
    """
    ref = p.tiling
    if ref is None or ref.name != "square":
        where = "names no tiling" if ref is None else f"is on the {ref.name} tiling"
        raise InputError(f"the {format_name} format only holds square grids; this puzzle {where}")
    w, h = ref.width, ref.height
    if size_problem(w, h) or len(p.cells) != w * h or not _same_cells(p, _blank(w, h)):
        raise InputError(f"cannot write the {format_name} format: the puzzle's "
                         f"{len(p.cells)} cells are not the {w}x{h} square grid")
    return tuple(tuple(p.clues[y * w: (y + 1) * w]) for y in range(h))
