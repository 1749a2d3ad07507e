"""Plain-text square grids, as in the puzzlekit dataset.

The first line is ``H W`` (rows, then columns); then come ``H`` rows of ``W`` tokens
separated by blanks: ``-`` or ``.`` for no clue, a digit 0..4 for a clue. A row may
also be written without blanks (``..3.2``) when it is exactly ``W`` characters long.
Blank lines and lines starting with ``#`` are ignored. The writer uses the spaced
form with ``-``.

>>> p = read("2 3\\n- 3 -\\n0.2\\n", "<doc>")
>>> p.clues
(None, 3, None, 0, None, 2)
>>> print(write(p), end="")
2 3
- 3 -
0 - 2
"""

from __future__ import annotations

import re

from ..model import Puzzle, limits
from ..model.errors import InputError, located
from . import squaregrid

_HEADER = re.compile(r"([0-9]+)\s+([0-9]+)", re.A)
_PLAIN: dict[str, int | None] = {"-": None, ".": None, **{str(k): k for k in range(squaregrid.LARGEST_CLUE + 1)}}
"""The tokens of a valid row, read without a look at their columns (anything else is
read again, to name its column)."""
_BAD = -1


def _lines(text: str) -> list[tuple[int, str]]:
    """The meaningful lines with their numbers (blank and ``#`` lines dropped)."""
    return [(i, s) for i, s in enumerate(text.splitlines(), 1)
            if s.strip() and not s.lstrip().startswith("#")]


def _cells(line: str, width: int) -> list[tuple[int, str]]:
    """The cells of one row as ``(column, token)``: spaced, or compact if W long."""
    spaced = squaregrid.words(line)
    if len(spaced) == 1 and len(spaced[0][1]) == width:
        start, word = spaced[0]
        return [(start + k, ch) for k, ch in enumerate(word)]
    return spaced


def read(text: str, source: str = "<text>") -> Puzzle:
    """A puzzle from a text grid; every problem names its line and column.

    >>> read("2 2\\n- 5\\n- -\\n", "x.txt")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: x.txt:2:3: clue 5 is larger than 4 (a square has four sides)
    """
    with located(source):
        return _read(text, source)


def _read(text: str, source: str) -> Puzzle:
    lines = _lines(text)
    if not lines:
        raise InputError("empty grid: expected a first line 'H W' (rows, columns)")
    number, header = lines[0]
    m = _HEADER.fullmatch(header.strip())
    if m is None:
        hint = " (this looks like a pzprv3 file: use --format pzprv3)" if header.startswith("pzprv3") else ""
        raise InputError(f"the first line must be 'H W' (rows, columns), not {header.strip()!r}{hint}",
                         line=number)
    height = limits.integer(m.group(1), "the number of rows", line=number)
    width = limits.integer(m.group(2), "the number of columns", line=number)
    problem = squaregrid.size_problem(width, height)
    if problem:
        raise InputError(f"bad size {height} {width}: {problem}", line=number)
    body = lines[1:]
    if len(body) != height:
        what = "too few" if len(body) < height else "too many"
        at = body[height][0] if len(body) > height else None
        raise InputError(f"{what} rows: the header says {height}, found {len(body)}", line=at)
    rows = []
    for number, line in body:
        tokens = line.split()
        if len(tokens) == width:  # the common case, spaced and valid: no columns needed
            row = [_PLAIN.get(t, _BAD) for t in tokens]
            if _BAD not in row:
                rows.append(row)
                continue
        cells = _cells(line, width)
        if len(cells) != width:
            raise InputError(f"row has {len(cells)} cells, expected {width}", line=number)
        rows.append([squaregrid.token_clue(token, "-.", number, column) for column, token in cells])
    return squaregrid.puzzle(rows, source)


def write(puzzle: Puzzle) -> str:
    """The puzzle as a text grid: ``H W`` and rows of ``-`` and digits.

    >>> from slitherasp import tilings
    >>> write(tilings.build("square", 3, 1).with_clues({2: 0}))
    '1 3\\n- - 0\\n'
    """
    rows = squaregrid.matrix(puzzle, "text")
    lines = [f"{len(rows)} {len(rows[0])}"]
    lines += [" ".join("-" if k is None else str(k) for k in row) for row in rows]
    return "\n".join(lines) + "\n"


def sniff(text: str) -> bool:
    """Whether the first meaningful line is two integers ``H W``.

    >>> sniff("# mine\\n2 2\\n- -\\n1 -\\n"), sniff("3x3t0:a2b3d")
    (True, False)
    """
    lines = _lines(text)
    return bool(lines) and _HEADER.fullmatch(lines[0][1].strip()) is not None
