"""puzz.link / pzprjs Slitherlink: URLs and pzprv3 files.

**URLs** look like ``https://puzz.link/p?slither/W/H/BODY`` (also ``http://pzv.jp/
p.html?slither/...``, ``pzprxs.vercel.app/p?slither/...``, without the scheme, or
just ``slither/W/H/BODY``; ``slitherlink`` is pzprjs' other name for the genre).
pzprjs allows a flag segment before the size (``slither/FLAGS/W/H/BODY``, any
segment that is not a number): the flag ``f`` selects pzprjs' "slither_full" rule
variant, which this solver does not implement, so it is refused; other flags mean
nothing for Slitherlink and are ignored, as pzprjs ignores them.

The BODY lists the cells row by row from the top left (pzprjs' ``4Cell`` code):

===========  ==============================================
``0``..``4``  clue 0..4
``5``..``9``  clue 0..4, then 1 cell without a clue
``a``..``e``  clue 0..4, then 2 cells without a clue
``g``..``z``  1..20 cells without a clue
``.``         a ``?`` cell (a clue of unknown value: read as no clue)
===========  ==============================================

As in pzprjs, a body may stop early (the remaining cells have no clue) and the
skip of its last character may run past the last cell; characters left after the
last cell are an error here. Width and height are those of the ``square`` tiling.

**pzprv3 files** (pzprjs' "save file"): lines ``pzprv3`` (or ``pzprv3.1``),
``slither``, ``H``, ``W``, an optional flag line, then ``H`` rows of ``W`` tokens:
``.`` no clue, ``-`` a ``?`` cell, digits clues; the saved answer that follows is
ignored. pzprjs also writes files with ``/`` in place of line breaks; both read.

>>> p = read("https://puzz.link/p?slither/4/4/dgdh2c71", "<doc>")
>>> p.clues[:5], p.clue_count()
((3, None, None, None, 3), 6)
>>> write(p)  # pzprjs folds blanks past the last cell into the last clue: 'b', not '1'
'https://puzz.link/p?slither/4/4/dgdh2c7b\\n'
>>> write_pzprv3(p).splitlines()[:5]
['pzprv3', 'slither', '4', '4', '3 . . . ']
"""

from __future__ import annotations

import re

from .. import limits
from ..errors import InputError, located
from ..model import Puzzle
from . import squaregrid

GENRES = ("slither", "slitherlink")
"""pzprjs' id of Slitherlink and its alias."""

URL_PREFIX = "https://puzz.link/p?"
_RUN = 20
"""The longest run of clue-less cells one letter can skip (``z``)."""
_FULL_FLAG = "f"
_NUMBER = re.compile(r"[0-9]+", re.A)


# --------------------------------------------------------------------------- body code
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


# --------------------------------------------------------------------------- URLs
def _url_line(text: str) -> tuple[str, int, int]:
    """The one line holding the URL: URL, line number, column of its first character.

    Blank lines, ``#`` comments and ``[section]`` lines are skipped, and a leading
    ``URL=`` is dropped, so a Windows ``.url`` shortcut reads too.
    """
    found = []
    for i, s in enumerate(text.splitlines(), 1):
        t = s.strip()
        if not t or t.startswith(("#", "[")):
            continue
        column = len(s) - len(s.lstrip()) + 1
        if t.upper().startswith("URL="):
            t, column = t[4:], column + 4
        found.append((t, i, column))
    if len(found) != 1:
        raise InputError(f"expected one puzz.link URL line such as {URL_PREFIX}slither/5/5/..., "
                         f"found {len(found)} lines", line=found[1][1] if found else None)
    return found[0]


def read(text: str, source: str = "<url>") -> Puzzle:
    """A puzzle from a puzz.link / pzprjs Slitherlink URL.

    >>> read("pzv.jp/p.html?slither/2/1/", "<doc>").clues
    (None, None)
    >>> read("puzz.link/p?slither/2/2/0g0g0", "x.url")
    Traceback (most recent call last):
    ...
    slitherasp.errors.InputError: x.url:1:29: the URL body goes on after the last cell ('0')
    >>> read("puzz.link/p?slither/f/2/2/0", "x.url")
    Traceback (most recent call last):
    ...
    slitherasp.errors.InputError: x.url:1:21: the URL's flag 'f' asks for pzprjs' 'slither_full' rule variant, ...
    """
    with located(source):
        return _read(text, source)


def _read(text: str, source: str) -> Puzzle:
    url, line, column = _url_line(text)

    def error(message: str, offset: int | None = None) -> InputError:
        return InputError(message, line=line, column=None if offset is None else column + offset)

    query = url.find("?")
    start = query + 1
    genre, slash, rest = url[start:].partition("/")
    if genre not in GENRES:
        if query < 0:
            raise error(f"not a puzz.link URL: expected {URL_PREFIX}slither/W/H/BODY", 0)
        raise error(f"not a Slitherlink URL: the puzzle type is {genre!r}, expected 'slither'", start)
    at = start + len(genre) + 1
    parts = rest.split("/") if slash else []
    if parts and not _NUMBER.fullmatch(parts[0]):
        flag = parts.pop(0)
        if _FULL_FLAG in flag:
            raise error(f"the URL's flag {flag!r} asks for pzprjs' 'slither_full' rule variant, "
                        "which is not supported", at)
        at += len(flag) + 1
    if len(parts) < 2 or not all(_NUMBER.fullmatch(p) for p in parts[:2]):
        raise error("expected the size as '/W/H/' after the puzzle type, e.g. slither/10/10/...", at)
    width = limits.integer(parts[0], "the width", column=column + at)
    height = limits.integer(parts[1], "the height", column=column + at)
    problem = squaregrid.size_problem(width, height)
    if problem:
        raise error(f"bad size {width}x{height}: {problem}", at)
    at += len(parts[0]) + len(parts[1]) + 2
    body = "/".join(parts[2:])
    if body.endswith("/"):
        body = body[:-1]  # pzprjs may end a URL with '/'
    try:
        clues = decode_body(body, width * height, column + at)
    except InputError as exc:
        raise InputError(exc.message, line=line, column=exc.column) from None
    rows = [clues[y * width: (y + 1) * width] for y in range(height)]
    return squaregrid.puzzle(rows, source)


def write(puzzle: Puzzle) -> str:
    """The puzzle as a puzz.link URL (one line).

    >>> from slitherasp import tilings
    >>> write(tilings.build("square", 3, 2).with_clues({1: 3, 5: 0}))
    'https://puzz.link/p?slither/3/2/gdga\\n'
    """
    rows = squaregrid.matrix(puzzle, "pzpr")
    body = encode_body([k for row in rows for k in row])
    return f"{URL_PREFIX}slither/{len(rows[0])}/{len(rows)}/{body}\n"


_URL = re.compile(r"(?:\?|^)slither(?:link)?/")


def sniff(text: str) -> bool:
    """Whether ``text`` is one puzz.link Slitherlink URL.

    >>> sniff("https://puzz.link/p?slither/4/4/dgdh2c71"), sniff("pzprv3/slither/1/1/. /")
    (True, False)
    """
    try:
        url = _url_line(text)[0]
    except InputError:
        return False
    return _URL.search(url) is not None and not url.startswith("pzprv3")


# --------------------------------------------------------------------------- pzprv3 files
def _file_lines(text: str) -> list[tuple[int, str]]:
    """The file's lines with their numbers; as in pzprjs, ``/`` also ends a line
    (so in the one-line form, "line N" is the N-th ``/``-separated part)."""
    return list(enumerate(text.replace("/", "\n").splitlines(), 1))


def read_pzprv3(text: str, source: str = "<pzprv3>") -> Puzzle:
    """A puzzle from a pzprv3 file (newline or ``/`` separated).

    >>> read_pzprv3("pzprv3/slither/1/3/2 . - /0 0 0 0 /0 0 0 /0 0 0 /", "<doc>").clues
    (2, None, None)
    """
    with located(source):
        return _read_pzprv3(text, source)


def _read_pzprv3(text: str, source: str) -> Puzzle:
    lines = _file_lines(text)
    head = [(i, s.strip()) for i, s in lines[:4]]
    if len(head) < 4 or not head[0][1].startswith("pzprv3"):
        raise InputError("a pzprv3 file starts with the lines pzprv3, slither, H and W", line=1)
    (_, _), (gl, genre), (hl, h), (wl, w) = head
    if genre not in GENRES:
        raise InputError(f"this pzprv3 file holds a {genre!r} puzzle, not Slitherlink ('slither')", line=gl)
    for number, value, what in ((hl, h, "height"), (wl, w, "width")):
        if not _NUMBER.fullmatch(value):
            raise InputError(f"bad {what} {value!r}: expected a number", line=number)
    height = limits.integer(h, "the height", line=hl)
    width = limits.integer(w, "the width", line=wl)
    problem = squaregrid.size_problem(width, height)
    if problem:
        raise InputError(f"bad size {width}x{height}: {problem}", line=hl)
    body = lines[4:]
    if body and re.fullmatch(r"[A-Za-z_,]+", body[0][1].strip()):
        number, flags = body.pop(0)
        if _FULL_FLAG in flags.strip().split(","):
            raise InputError("the file's flag 'f' asks for pzprjs' 'slither_full' rule variant, "
                             "which is not supported", line=number)
    if len(body) < height:
        raise InputError(f"the file ends after {len(body)} of its {height} clue rows",
                         line=body[-1][0] if body else head[-1][0])
    rows = []
    for number, line in body[:height]:
        cells = squaregrid.words(line)
        if len(cells) != width:
            raise InputError(f"clue row has {len(cells)} cells, expected {width}", line=number)
        rows.append([squaregrid.token_clue(token, ".-", number, column) for column, token in cells])
    return squaregrid.puzzle(rows, source)


def write_pzprv3(puzzle: Puzzle) -> str:
    """The puzzle as a pzprv3 file with an empty answer (no lines drawn).

    >>> from slitherasp import tilings
    >>> write_pzprv3(tilings.build("square", 2, 1).with_clues({0: 1})).split("\\n")
    ['pzprv3', 'slither', '1', '2', '1 . ', '0 0 0 ', '0 0 ', '0 0 ', '']
    """
    rows = squaregrid.matrix(puzzle, "pzprv3")
    h, w = len(rows), len(rows[0])
    out = ["pzprv3", "slither", str(h), str(w)]
    out += ["".join(("." if k is None else str(k)) + " " for k in row) for row in rows]
    out += ["0 " * (w + 1)] * h + ["0 " * w] * (h + 1)  # pzprjs' empty answer: no borders
    return "\n".join(out) + "\n"


def sniff_pzprv3(text: str) -> bool:
    """Whether ``text`` starts like a pzprv3 Slitherlink file.

    >>> sniff_pzprv3("pzprv3.1\\nslither\\n"), sniff_pzprv3("slither/1/1/")
    (True, False)
    """
    return re.match(r"\s*pzprv3(?:\.\d+)?\s*[/\n]\s*slither", text) is not None
