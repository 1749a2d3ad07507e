"""The body codes of puzz.link URLs that Slitherlink and its variants use.

pzprjs' ``4Cell`` code (``slither``, ``vslither``, ``tslither``, ``lither``):

===========  ==============================================
``0``..``4``  clue 0..4
``5``..``9``  clue 0..4, then 1 cell without a clue
``a``..``e``  clue 0..4, then 2 cells without a clue
``g``..``z``  1..20 cells without a clue
``.``         a ``?`` cell (a clue of unknown value: read as no clue)
===========  ==============================================

and its ``Number10`` code (``swslither``): ``0``-``9`` a number, ``a``-``z`` 1-26 cells
without one, ``.`` a ``?`` cell.

>>> decode_body(encode_body([None, 2, None, 3]), 4)
[None, 2, None, 3]
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.errors import InputError

_RUN = 20
"""The longest run of clue-less cells one letter of ``4Cell`` can skip (``z``)."""


def decode_body(body: str, cells: int, at: int = 1) -> list[int | None]:
    """Clues of ``cells`` cells from a URL body; ``at`` is the body's column.

    >>> decode_body("g7d", 6)
    [None, 2, None, 3, None, None]
    """
    return _decode(body, cells, at, _four_cell, "a Slitherlink body uses 0-9, a-e, g-z and '.'")


def _four_cell(ch: str) -> tuple[int | None, int] | None:
    """A ``4Cell`` character's clue and the cells it covers (None: not of the code)."""
    if "0" <= ch <= "9" or "a" <= ch <= "e":
        value = int(ch, 16)
        return value % 5, 1 + value // 5
    if "g" <= ch <= "z":
        return None, int(ch, 36) - 15
    return (None, 1) if ch == "." else None


def _decode(body: str, cells: int, at: int, read: Callable[[str], tuple[int | None, int] | None],
            uses: str) -> list[int | None]:
    """The numbers of ``cells`` cells from a body whose characters ``read`` gives as
    (number or None, cells covered); ``uses`` ends the message for a character it
    does not know."""
    out: list[int | None] = [None] * cells
    c = 0
    for k, ch in enumerate(body):
        if c >= cells:
            raise InputError(f"the URL body goes on after the last cell ({ch!r})", column=at + k)
        got = read(ch)
        if got is None:
            raise InputError(f"bad character {ch!r} in the URL body: {uses}", column=at + k)
        if got[0] is not None:
            out[c] = got[0]
        c += got[1]
    return out


def encode_body(clues: list[int | None] | tuple[int | None, ...]) -> str:
    """The URL body of a row-by-row clue list, exactly as pzprjs writes it.

    >>> encode_body([None, 2, None, 3, None, None])
    'g7d'
    >>> encode_body([None] * 45 + [3])
    'zzkd'
    """
    n, out, run, c = len(clues), [], 0, 0
    while c < n:
        k = clues[c]
        if k is None:
            run, c = run + 1, c + 1
            continue
        out.append(_gap(run, "g", _RUN))
        run = 0
        # pzprjs folds up to two following clue-less cells into the clue's digit, and
        # folds two whenever the next clue is not within the next two cells.
        if c + 1 < n and clues[c + 1] is not None:
            skip = 0
        elif c + 2 < n and clues[c + 2] is not None:
            skip = 1
        else:
            skip = 2
        out.append("0123456789abcde"[k + 5 * skip])
        c += 1 + skip
    return "".join(out) + _gap(run, "g", _RUN)


def _gap(run: int, first: str, longest: int) -> str:
    """The letters for ``run`` cells without a clue: ``z`` for each ``longest`` of them,
    then the letter of the rest (``first`` stands for one cell)."""
    whole, rest = divmod(run, longest)
    return "z" * whole + (chr(ord(first) + rest - 1) if rest else "")


def decode_number10(body: str, cells: int, at: int = 1) -> list[int | None]:
    """Numbers of ``cells`` cells from a ``swslither`` body (pzprjs' ``Number10``):
    ``0``-``9`` a number (here ``0``-``6``: clues, a sheep, a wolf), ``a``-``z`` 1-26
    cells without one, ``.`` a ``?`` cell.

    >>> decode_number10("2c5a6", 7)
    [2, None, None, None, 5, None, 6]
    """
    return _decode(body, cells, at, _number10, "a Sheep-Wolf body uses 0-4 (clues), 5 (a sheep), 6 (a wolf), "
                   "a-z and '.'")


def _number10(ch: str) -> tuple[int | None, int] | None:
    """A ``Number10`` character's number and the cells it covers (None: not of the code)."""
    if "0" <= ch <= "6":
        return int(ch), 1
    if "a" <= ch <= "z":
        return None, int(ch, 36) - 9
    return (None, 1) if ch == "." else None


def encode_number10(numbers: list[int | None]) -> str:
    """The ``swslither`` body of a row-by-row list, as pzprjs writes it.

    >>> encode_number10([2, None, None, None, 5, None, 6, None])
    '2c5a6a'
    """
    out, run = [], 0
    for k in numbers:
        if k is None:
            run += 1
            continue
        out.append(_gap(run, "a", 26) + str(k))
        run = 0
    return "".join(out) + _gap(run, "a", 26)
