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

from ..errors import InputError

_RUN = 20
"""The longest run of clue-less cells one letter of ``4Cell`` can skip (``z``)."""


def decode_body(body: str, cells: int, at: int = 1) -> list[int | None]:
    """Clues of ``cells`` cells from a URL body; ``at`` is the body's column.

    >>> decode_body("g7d", 6)
    [None, 2, None, 3, None, None]
    """
    out: list[int | None] = [None] * cells
    c = 0
    for k, ch in enumerate(body):
        if c >= cells:
            raise InputError(f"the URL body goes on after the last cell ({ch!r})",
                             column=at + k)
        if "0" <= ch <= "9" or "a" <= ch <= "e":
            value = int(ch, 16)
            out[c] = value % 5
            c += 1 + value // 5
        elif "g" <= ch <= "z":
            c += int(ch, 36) - 15
        elif ch == ".":
            c += 1
        else:
            raise InputError(f"bad character {ch!r} in the URL body: a Slitherlink body uses "
                             "0-9, a-e, g-z and '.'", column=at + k)
    return out


def encode_body(clues: list[int | None] | tuple[int | None, ...]) -> str:
    """The URL body of a row-by-row clue list, exactly as pzprjs writes it.

    >>> encode_body([None, 2, None, 3, None, None])
    'g7d'
    >>> encode_body([None] * 45 + [3])
    'zzkd'
    """
    n = len(clues)
    out: list[str] = []
    run = 0
    c = 0
    while c < n:
        k = clues[c]
        if k is None:
            run += 1
            c += 1
            if run == _RUN:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("g") + run - 1))
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
    if run:
        out.append(chr(ord("g") + run - 1))
    return "".join(out)


def decode_number10(body: str, cells: int, at: int = 1) -> list[int | None]:
    """Numbers of ``cells`` cells from a ``swslither`` body (pzprjs' ``Number10``):
    ``0``-``9`` a number (here ``0``-``6``: clues, a sheep, a wolf), ``a``-``z`` 1-26
    cells without one, ``.`` a ``?`` cell.

    >>> decode_number10("2c5a6", 7)
    [2, None, None, None, 5, None, 6]
    """
    out: list[int | None] = [None] * cells
    c = 0
    for k, ch in enumerate(body):
        if c >= cells:
            raise InputError(f"the URL body goes on after the last cell ({ch!r})", column=at + k)
        if "0" <= ch <= "6":
            out[c] = int(ch)
            c += 1
        elif "a" <= ch <= "z":
            c += int(ch, 36) - 9
        elif ch == ".":
            c += 1
        else:
            raise InputError(f"bad character {ch!r} in the URL body: a Sheep-Wolf body uses 0-4 (clues), 5 "
                             "(a sheep), 6 (a wolf), a-z and '.'", column=at + k)
    return out


def encode_number10(numbers: list[int | None]) -> str:
    """The ``swslither`` body of a row-by-row list, as pzprjs writes it.

    >>> encode_number10([2, None, None, None, 5, None, 6, None])
    '2c5a6a'
    """
    out, run = [], 0
    for k in numbers:
        if k is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(str(k))
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)
