"""Python literal grids: a list of rows, ``None`` for no clue, ints 0..4 for clues.

This is how the Z3 course project's ``get_grid`` returns a Slitherlink puzzle
(a sequence of sequences). Lists or tuples are accepted, ``#`` comments too, and
the literal may be assigned to a name (``grid = [...]``). The text is parsed with
:mod:`ast` and each value read with :func:`ast.literal_eval`: nothing is executed.

>>> p = read("grid = [[None, 3], (0, None)]  # a 2x2", "<doc>")
>>> p.clues
(None, 3, 0, None)
>>> print(write(p), end="")
[
    [None,    3],
    [   0, None],
]
"""

from __future__ import annotations

import ast
import re

from ..model import Puzzle
from ..model.errors import InputError, located
from . import squaregrid

_SEQUENCES = (ast.List, ast.Tuple)


def _literal(text: str) -> ast.expr:
    """The one literal of the text (``NAME = literal`` allowed), unevaluated."""
    try:
        module = ast.parse(text, mode="exec")
    except SyntaxError as exc:
        raise InputError(f"not a Python literal: {exc.msg}", line=exc.lineno, column=exc.offset) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise InputError(f"not a Python literal: {exc}") from None
    body = module.body
    if len(body) != 1:
        raise InputError(f"expected one list of rows, found {len(body)} statements",
                         line=body[1].lineno if len(body) > 1 else None)
    stmt = body[0]
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.value
    if isinstance(stmt, ast.Expr):
        return stmt.value
    raise InputError("expected a list of rows such as [[None, 1], [2, None]]", line=stmt.lineno)


def _cell(node: ast.expr) -> int | None:
    """One grid entry: None or an int 0..4 (True/False are not clues)."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        value = ...
    if value is None:
        return None
    if type(value) is not int or value.bit_length() > 16:
        try:
            shown = ast.unparse(node)[:30]
        except (RecursionError, ValueError):
            shown = "(a deeply nested expression)"
        raise InputError(f"bad entry {shown}: expected None (no clue) or an int 0..4",
                         line=node.lineno, column=node.col_offset + 1)
    problem = squaregrid.clue_problem(value)
    if problem:
        raise InputError(problem, line=node.lineno, column=node.col_offset + 1)
    return value


def read(text: str, source: str = "<pylist>") -> Puzzle:
    """A puzzle from a Python list of rows; every problem names its line and column.

    >>> read("[[None, 1],\\n [2]]", "g.py")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: g.py:2:2: row 2 has 1 entries, row 1 has 2
    """
    with located(source):
        return _read(text, source)


def _read(text: str, source: str) -> Puzzle:
    grid = _literal(text)
    if not isinstance(grid, _SEQUENCES) or not grid.elts:
        raise InputError("expected a non-empty list of rows such as [[None, 1], [2, None]]",
                         line=grid.lineno, column=grid.col_offset + 1)
    rows = []
    for i, row in enumerate(grid.elts, 1):
        if not isinstance(row, _SEQUENCES) or not row.elts:
            raise InputError(f"row {i} is not a non-empty list of entries",
                             line=row.lineno, column=row.col_offset + 1)
        width = len(grid.elts[0].elts)
        if len(row.elts) != width:
            raise InputError(f"row {i} has {len(row.elts)} entries, row 1 has {width}",
                             line=row.lineno, column=row.col_offset + 1)
        rows.append([_cell(node) for node in row.elts])
    return squaregrid.puzzle(rows, source)


def write(puzzle: Puzzle) -> str:
    """The puzzle as a Python list literal, one row per line, columns aligned.

    >>> from slitherasp import tilings
    >>> write(tilings.build("square", 2, 1).with_clues({1: 0}))
    '[\\n    [None,    0],\\n]\\n'
    """
    rows = squaregrid.matrix(puzzle, "pylist")
    lines = ["    [" + ", ".join(f"{k!s:>4}" for k in row) + "]," for row in rows]
    return "[\n" + "\n".join(lines) + "\n]\n"


def sniff(text: str) -> bool:
    """Whether ``text`` starts (after ``#`` comments) with ``[`` or ``NAME = [``.

    >>> sniff("# puzzle 3\\n[[None, 1]]"), sniff("letting grid be [[0]]")
    (True, False)
    """
    code = "\n".join(s for s in text.splitlines() if not s.lstrip().startswith("#"))
    return re.match(r"\s*(?:[A-Za-z_]\w*\s*=\s*)?[\[(]", code) is not None
