"""Essence parameter files for the square-grid Slitherlink model of the Essence
specification (``given n, m : int(1..)``, ``given grid: matrix indexed by
[rows, cols] of int(0..4)``).

A file is a list of ``letting NAME be VALUE`` statements: ``n`` the number of
rows, ``m`` the number of columns, ``grid`` a matrix of ``n`` rows of ``m``
integers, where **0 means no clue** and **4 means the clue 0** (1..3 are
themselves), so a clue 4 cannot be written in this format. ``$`` starts a comment;
a trailing comma before ``]`` is allowed, as is an index domain (``[0, 1; int(1..2)]``,
which Conjure writes) and a leading
``language Essence 1.3`` line. ``n`` and ``m`` may be left out; when present they
must match the grid.

>>> p = read("letting n be 1 letting m be 3\\nletting grid be [[0, 4, 2,],] $ one row", "<doc>")
>>> p.clues
(None, 0, 2)
>>> print(write(p), end="")
$ Slitherlink on the square grid: 0 = no clue, 4 = clue 0
letting n be 1
letting m be 3
letting grid be [
  [0, 4, 2]
]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Puzzle, limits
from ..model.errors import InputError, located
from . import squaregrid

_TOKEN = re.compile(r"\s+|\$[^\n]*|(?P<tok>-?[0-9]+|[A-Za-z_][A-Za-z0-9_']*|\.\.|[\[\](),;:])|(?P<bad>.)", re.A)
_LANGUAGE = re.compile(r"^[ \t]*language\b[^\n]*", re.M)
ZERO = 4
"""How the model writes a clue 0 (0 is taken by 'no clue')."""


@dataclass(frozen=True)
class Token:
    text: str
    line: int
    column: int


def _tokens(text: str) -> list[Token]:
    """The tokens of a parameter file; comments and ``language`` lines are dropped."""
    text = _LANGUAGE.sub(lambda m: " " * len(m.group()), text)
    line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    out = []
    line = 1
    for m in _TOKEN.finditer(text):
        while line < len(line_starts) and line_starts[line] <= m.start():
            line += 1
        column = m.start() - line_starts[line - 1] + 1
        if m.group("bad") is not None:
            raise InputError(f"unexpected character {m.group('bad')!r}", line=line, column=column)
        if m.group("tok") is not None:
            out.append(Token(m.group("tok"), line, column))
    return out


class _Parser:
    """A tiny recursive-descent reader of ``letting`` statements."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.i = 0

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def next(self, expected: str) -> Token:
        tok = self.peek()
        if tok is None:
            last = self.tokens[-1] if self.tokens else Token("", 1, 1)
            raise InputError(f"the file ends where {expected} was expected",
                             line=last.line, column=last.column + len(last.text))
        self.i += 1
        return tok

    def expect(self, text: str) -> Token:
        tok = self.next(f"'{text}'")
        if tok.text != text:
            raise InputError(f"expected '{text}', found '{tok.text}'", line=tok.line, column=tok.column)
        return tok

    def value(self) -> tuple[Token, object]:
        """An integer or a (nested) matrix; an index domain after ``;`` is skipped."""
        tok = self.next("a value")
        if re.fullmatch(r"-?[0-9]+", tok.text):
            return tok, limits.integer(tok.text, "the number", line=tok.line, column=tok.column)
        if tok.text != "[":
            raise InputError(f"expected a number or '[', found '{tok.text}'", line=tok.line, column=tok.column)
        items: list[tuple[Token, object]] = []
        while True:
            nxt = self.peek()
            if nxt is not None and nxt.text in ("]", ";"):
                break
            items.append(self.value())
            sep = self.next("',' or ']'")
            if sep.text in ("]", ";"):
                self.i -= 1
                break
            if sep.text != ",":
                raise InputError(f"expected ',' or ']', found '{sep.text}'", line=sep.line, column=sep.column)
        if self.next("']'").text == ";":
            depth = 1  # an index domain such as int(1..6): skipped up to the closing ']'
            while depth:
                t = self.next("']'").text
                depth += {"[": 1, "]": -1}.get(t, 0)
        return tok, items

    def lettings(self) -> dict[str, tuple[Token, Token, object]]:
        """Every ``letting NAME be VALUE`` as name -> (name token, value token, value)."""
        found: dict[str, tuple[Token, Token, object]] = {}
        while self.peek() is not None:
            self.expect("letting")
            name = self.next("a name")
            self.expect("be")
            if name.text in found:
                raise InputError(f"'{name.text}' is given twice", line=name.line, column=name.column)
            if name.text not in ("n", "m", "grid"):
                raise InputError(f"unknown parameter '{name.text}': the model takes n, m and grid",
                                 line=name.line, column=name.column)
            found[name.text] = (name, *self.value())
        return found


def _cell(tok: Token, value: object) -> int | None:
    """One grid entry as a clue: 0 -> None, 4 -> 0, 1..3 -> themselves."""
    if not isinstance(value, int) or not 0 <= value <= ZERO:
        shown = "a list" if isinstance(value, list) else str(value)
        raise InputError(f"grid entry {shown} is not 0..4 (0 = no clue, 1..3 = clues, 4 = clue 0)",
                         line=tok.line, column=tok.column)
    return None if value == 0 else value % ZERO


def read(text: str, source: str = "<essence>") -> Puzzle:
    """A puzzle from an Essence parameter file; every problem names its line and column.

    >>> read("letting n be 2 letting grid be [[1]]", "p.param")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: p.param:1:14: n is 2 but the grid has 1 rows
    """
    with located(source):
        return _read(text, source)


def _read(text: str, source: str) -> Puzzle:
    try:
        found = _Parser(_tokens(text)).lettings()
    except RecursionError:
        raise InputError("matrices nested too deeply for a grid") from None
    if "grid" not in found:
        raise InputError("no 'letting grid be [...]' in the file")
    _, gtok, grid = found["grid"]
    if not isinstance(grid, list) or not grid:
        raise InputError("grid must be a non-empty matrix of rows", line=gtok.line, column=gtok.column)
    rows: list[list[int | None]] = []
    for rtok, row in grid:
        if not isinstance(row, list) or not row:
            raise InputError("each grid row must be a non-empty list [..]", line=rtok.line, column=rtok.column)
        if len(row) != len(grid[0][1]):
            raise InputError(f"grid row {len(rows) + 1} has {len(row)} entries, the first row has "
                             f"{len(grid[0][1])}", line=rtok.line, column=rtok.column)
        rows.append([_cell(t, v) for t, v in row])
    for name, actual, what in (("n", len(rows), "rows"), ("m", len(rows[0]), "columns")):
        if name in found:
            _, vtok, value = found[name]
            if value != actual:
                raise InputError(f"{name} is {value if isinstance(value, int) else 'a matrix'} "
                                 f"but the grid has {actual} {what}", line=vtok.line, column=vtok.column)
    return squaregrid.puzzle(rows, source)


def write(puzzle: Puzzle) -> str:
    """The puzzle as an Essence parameter file (0 = no clue, 4 = clue 0).

    The model has no way to say "clue 4", so such a puzzle is refused:

    >>> from slitherasp import tilings
    >>> write(tilings.build("square", 2, 1).with_clues([None, 4]))
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: the Essence model cannot hold the clue 4 (row 1, column 2): ...
    """
    rows = squaregrid.matrix(puzzle, "essence")
    for y, row in enumerate(rows, 1):
        if squaregrid.LARGEST_CLUE in row:
            raise InputError(f"the Essence model cannot hold the clue {ZERO} (row {y}, column "
                             f"{row.index(squaregrid.LARGEST_CLUE) + 1}): its grid writes the clue 0 as {ZERO}")
    code = {None: 0, 0: ZERO}  # the model's numbers for no clue and clue 0
    body = ",\n".join("  [" + ", ".join(str(code.get(k, k)) for k in row) + "]" for row in rows)
    return (f"$ Slitherlink on the square grid: 0 = no clue, {ZERO} = clue 0\n"
            f"letting n be {len(rows)}\nletting m be {len(rows[0])}\n"
            f"letting grid be [\n{body}\n]\n")


def sniff(text: str) -> bool:
    """Whether ``text`` has a ``letting`` statement.

    >>> sniff("$ a puzzle\\nletting n be 6"), sniff("[[None, 1]]")
    (True, False)
    """
    return re.search(r"^[ \t]*letting\b", text, re.M) is not None
