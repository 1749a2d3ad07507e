"""puzz.link / pzprjs Slitherlink and its variants: URLs and pzprv3 files.

**URLs** look like ``https://puzz.link/p?slither/W/H/BODY`` (also ``http://pzv.jp/
p.html?slither/...``, ``pzprxs.vercel.app/p?slither/...``, without the scheme, or
just ``slither/W/H/BODY``; ``slitherlink`` is pzprjs' other name for the genre).
The variants are types of their own (:data:`TYPES`): ``vslither`` (Vertex),
``tslither`` (Touch), ``swslither`` (Sheep-Wolf) and ``lither`` (Litherslink), read
as :class:`~slitherasp.kinds.variant.Variant` puzzles. pzprjs allows a flag segment
before the size (``slither/FLAGS/W/H/BODY``, any segment that is not a number, after
an optional ``v:NAME`` segment): the flag ``f`` asks that every vertex be on the loop
("all points", pzprjs' ``slither_full``) on ``slither``, ``tslither`` and
``swslither``; other flags, and ``f`` on the other types, mean nothing there and are
ignored, as pzprjs ignores them.

The BODY lists the cells row by row from the top left, in pzprjs' ``4Cell`` code
(``swslither``: its ``Number10`` code), :mod:`.pzprbody`.

As in pzprjs, a body may stop early (the remaining cells have no clue) and the
skip of its last character may run past the last cell; characters left after the
last cell are an error here. Width and height are those of the ``square`` tiling.

**pzprv3 files** (pzprjs' "save file"): lines ``pzprv3`` (or ``pzprv3.1``), the
type (``slither`` or a variant's), ``H``, ``W``, an optional flag line (``f``: all
points), then ``H`` rows of ``W`` tokens: ``.`` no clue, ``-`` a ``?`` cell, digits
clues (``5`` a sheep, ``6`` a wolf in ``swslither``). The saved answer that follows
is ignored by :func:`read_pzprv3` and read by :func:`read_pzprv3_answer`. pzprjs
also writes files with ``/`` in place of line breaks; both read.

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
from typing import Any

__all__ = ["GENRES", "TYPES", "decode_body", "decode_number10", "encode_body", "encode_number10", "read",
           "read_pzprv3", "read_pzprv3_answer", "sniff", "sniff_pzprv3", "write", "write_pzprv3"]

from ..model import limits
from ..model.errors import InputError, located
from . import squaregrid
from .pzprbody import decode_body, decode_number10, encode_body, encode_number10

TYPES = {"slither": "classic", "slitherlink": "classic", "vslither": "vertex", "tslither": "touch",
         "swslither": "sheep-wolf", "lither": "lither"}
"""pzprjs' types of Slitherlink (and its alias) and its variants -> the variant's rule."""
GENRES = tuple(TYPES)
FULL_TYPES = ("slither", "slitherlink", "tslither", "swslither")
"""The types on which pzprjs' flag ``f`` asks for all points."""
SHEEP, WOLF = 5, 6
"""A sheep's and a wolf's number in ``swslither``."""

URL_PREFIX = "https://puzz.link/p?"
_FULL_FLAG = "f"
_NUMBER = re.compile(r"[0-9]+", re.A)


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


def read(text: str, source: str = "<url>") -> Any:
    """A puzzle from a puzz.link / pzprjs URL of Slitherlink (a :class:`Puzzle`) or of
    a variant (a :class:`~slitherasp.kinds.variant.Variant`).

    >>> read("pzv.jp/p.html?slither/2/1/", "<doc>").clues
    (None, None)
    >>> read("puzz.link/p?slither/2/2/0g0g0", "x.url")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: x.url:1:29: the URL body goes on after the last cell ('0')
    >>> read("puzz.link/p?tslither/f/2/2/0", "x.url").name
    'touch+full'
    """
    with located(source):
        return _read(text, source)


def _read(text: str, source: str) -> Any:
    url, line, column = _url_line(text)

    def error(message: str, offset: int | None = None) -> InputError:
        return InputError(message, line=line, column=None if offset is None else column + offset)

    query = url.find("?")
    start = query + 1
    genre, slash, rest = url[start:].partition("/")
    if genre not in GENRES:
        if query < 0:
            raise error(f"not a puzz.link URL: expected {URL_PREFIX}slither/W/H/BODY", 0)
        raise error(f"not a Slitherlink URL: the puzzle type is {genre!r}, expected 'slither' "
                    "(or vslither, tslither, swslither, lither)", start)
    at = start + len(genre) + 1
    parts = rest.split("/") if slash else []
    full = False
    for option in ("v:", ""):  # pzprjs' generic variant segment, then its flags
        if parts and parts[0].startswith(option) and not _NUMBER.fullmatch(parts[0]):
            flag = parts.pop(0)
            full = full or (not option and _FULL_FLAG in flag and genre in FULL_TYPES)
            at += len(flag) + 1
    if len(parts) < 2 or not all(_NUMBER.fullmatch(p) for p in parts[:2]):
        raise error(f"expected the size as '/W/H/' after the puzzle type, e.g. {genre}/10/10/...", at)
    width = limits.integer(parts[0], "the width", column=column + at)
    height = limits.integer(parts[1], "the height", column=column + at)
    problem = squaregrid.size_problem(width, height)
    if problem:
        raise error(f"bad size {width}x{height}: {problem}", at)
    at += len(parts[0]) + len(parts[1]) + 2
    body = "/".join(parts[2:])
    if body.endswith("/"):
        body = body[:-1]  # pzprjs may end a URL with '/'
    decode = decode_number10 if genre == "swslither" else decode_body
    try:
        numbers = decode(body, width * height, column + at)
    except InputError as exc:
        raise InputError(exc.message, line=line, column=exc.column) from None
    return _puzzle(numbers, width, genre, full, source)


def _puzzle(numbers: list[int | None], width: int, genre: str, full: bool, source: str) -> Any:
    """The puzzle of checked numbers, row by row: a plain :class:`Puzzle` for
    ``slither``, else the variant of ``genre`` (sheep and wolves from ``swslither``'s
    numbers 5 and 6)."""
    clues = [None if k is None or k > squaregrid.LARGEST_CLUE else k for k in numbers]
    rows = [clues[y: y + width] for y in range(0, len(clues), width)]
    puzzle = squaregrid.puzzle(rows, source)
    rule = TYPES[genre]
    if rule == "classic" and not full:
        return puzzle
    from ..kinds.variant.puzzle import Variant

    sheep = frozenset(c for c, k in enumerate(numbers) if k == SHEEP)
    wolves = frozenset(c for c, k in enumerate(numbers) if k == WOLF)
    return Variant(puzzle, rule, full, sheep, wolves)


def _grid_numbers(puzzle: Any, format_name: str) -> tuple[str, bool, int, int, list[int | None]]:
    """pzprjs' type, all points, width, height and the cells' numbers (clues, and
    ``swslither``'s sheep 5 and wolves 6) of a puzzle on the square grid."""
    from ..kinds.variant.puzzle import PZPR_TYPES, is_variant

    rule, full = (puzzle.rule, puzzle.full) if is_variant(puzzle) else ("classic", False)
    base = puzzle.puzzle if is_variant(puzzle) else puzzle
    rows = squaregrid.matrix(base, format_name)
    numbers = [k for row in rows for k in row]
    for c in getattr(puzzle, "sheep", ()):
        numbers[c] = SHEEP
    for c in getattr(puzzle, "wolves", ()):
        numbers[c] = WOLF
    return PZPR_TYPES[rule], full, len(rows[0]), len(rows), numbers


def write(puzzle: Any) -> str:
    """The puzzle (or a variant of it) as a puzz.link URL (one line), as pzprjs
    writes it.

    >>> from slitherasp import tilings
    >>> write(tilings.build("square", 3, 2).with_clues({1: 3, 5: 0}))
    'https://puzz.link/p?slither/3/2/gdga\\n'
    >>> from slitherasp.kinds.variant import variant
    >>> write(variant(tilings.build("square", 3, 1), "sheep-wolf+full", sheep=[2]))
    'https://puzz.link/p?swslither/f/3/1/b5\\n'
    """
    genre, full, width, height, numbers = _grid_numbers(puzzle, "pzpr")
    body = encode_number10(numbers) if genre == "swslither" else encode_body(numbers)
    return f"{URL_PREFIX}{genre}/{'f/' * full}{width}/{height}/{body}\n"


_URL = re.compile(r"(?:\?|^)(?:slither(?:link)?|vslither|tslither|swslither|lither)/")


def sniff(text: str) -> bool:
    """Whether ``text`` is one puzz.link URL of Slitherlink or a variant.

    >>> sniff("https://puzz.link/p?slither/4/4/dgdh2c71"), sniff("pzprv3/slither/1/1/. /")
    (True, False)
    >>> sniff("puzz.link/p?lither/4/3/b8dg6d")
    True
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


def read_pzprv3(text: str, source: str = "<pzprv3>") -> Any:
    """A puzzle from a pzprv3 file (newline or ``/`` separated): a :class:`Puzzle`,
    or a :class:`~slitherasp.kinds.variant.Variant` for a variant's type or the flag
    ``f``.

    >>> read_pzprv3("pzprv3/slither/1/3/2 . - /0 0 0 0 /0 0 0 /0 0 0 /", "<doc>").clues
    (2, None, None)
    >>> v = read_pzprv3("pzprv3.1/swslither/1/3/f/5 . 6 /", "<doc>")
    >>> v.name, sorted(v.sheep), sorted(v.wolves)
    ('sheep-wolf+full', [0], [2])
    """
    with located(source):
        genre, full, width, height, rows, _ = _pzprv3_parts(text)
        numbers = [_number(token, genre, number, column)
                   for number, line in rows for column, token in _row(line, width, number)]
        return _puzzle(numbers, width, genre, full, source)


def _number(token: str, genre: str, line: int, column: int) -> int | None:
    """A cell's token: no clue (``.``, ``-``), a clue, and in ``swslither`` a sheep
    (5) or a wolf (6)."""
    if genre == "swslither" and token in (str(SHEEP), str(WOLF)):
        return int(token)
    return squaregrid.token_clue(token, ".-", line, column)


def _row(line: str, width: int, number: int, what: str = "clue row") -> list[tuple[int, str]]:
    cells = squaregrid.words(line)
    if len(cells) != width:
        raise InputError(f"{what} has {len(cells)} cells, expected {width}", line=number)
    return cells


def _pzprv3_parts(text: str) -> tuple[str, bool, int, int, list[tuple[int, str]], list[tuple[int, str]]]:
    """The type, all points, width, height, clue rows and the lines after them."""
    lines = _file_lines(text)
    head = [(i, s.strip()) for i, s in lines[:4]]
    if len(head) < 4 or not head[0][1].startswith("pzprv3"):
        raise InputError("a pzprv3 file starts with the lines pzprv3, slither, H and W", line=1)
    (_, _), (gl, genre), (hl, h), (wl, w) = head
    if genre not in GENRES:
        raise InputError(f"this pzprv3 file holds a {genre!r} puzzle, not Slitherlink ('slither', or the "
                         "variants vslither, tslither, swslither, lither)", line=gl)
    for number, value, what in ((hl, h, "height"), (wl, w, "width")):
        if not _NUMBER.fullmatch(value):
            raise InputError(f"bad {what} {value!r}: expected a number", line=number)
    height = limits.integer(h, "the height", line=hl)
    width = limits.integer(w, "the width", line=wl)
    problem = squaregrid.size_problem(width, height)
    if problem:
        raise InputError(f"bad size {width}x{height}: {problem}", line=hl)
    body, full = lines[4:], False
    if body and re.fullmatch(r"[A-Za-z_,]+", body[0][1].strip()):
        flags = body.pop(0)[1].strip().split(",")
        full = _FULL_FLAG in flags and genre in FULL_TYPES
    if len(body) < height:
        raise InputError(f"the file ends after {len(body)} of its {height} clue rows",
                         line=body[-1][0] if body else head[-1][0])
    return genre, full, width, height, body[:height], body[height:]


def read_pzprv3_answer(text: str, source: str = "<pzprv3>") -> frozenset[int]:
    """The lines saved in a pzprv3 file, as edge indices of the puzzle
    :func:`read_pzprv3` reads (the square grid): after the clue rows (and the cells'
    colours, in version 3.1 files and always in ``vslither`` and ``tslither``), ``H``
    rows of ``W + 1`` vertical borders and ``H + 1`` rows of ``W`` horizontal ones,
    each ``1`` a line (``-1`` a cross, ``0`` nothing).

    >>> sorted(read_pzprv3_answer("pzprv3/slither/1/1/4 /1 1 /1 /1 /"))
    [0, 1, 2, 3]
    """
    with located(source):
        genre, _, width, height, _, rest = _pzprv3_parts(text)
        colours = genre in ("vslither", "tslither") or text.lstrip().startswith("pzprv3.1")
        rest = rest[height if colours else 0:]
        rows = [[int(t) for _, t in _row(line, w, number, "border row") if _NUMBER.fullmatch(t.lstrip("-"))]
                for (number, line), w in zip(rest, [width + 1] * height + [width] * (height + 1))]
        if len(rows) < 2 * height + 1:
            raise InputError(f"the file ends before its {2 * height + 1} rows of borders",
                             line=rest[-1][0] if rest else None)
        grid = squaregrid.puzzle([[None] * width] * height, source)
        at = {(round(x), -round(y)): v for v, (x, y) in enumerate(grid.geometry.points)}  # type: ignore[union-attr]
        lines = set()
        for y, row in enumerate(rows[:height]):  # vertical borders: (x, y) - (x, y + 1)
            lines.update(grid.find_edge(at[x, y], at[x, y + 1]) for x, k in enumerate(row) if k > 0)
        for y, row in enumerate(rows[height:]):  # horizontal borders: (x, y) - (x + 1, y)
            lines.update(grid.find_edge(at[x, y], at[x + 1, y]) for x, k in enumerate(row) if k > 0)
        return frozenset(e for e in lines if e is not None)


def write_pzprv3(puzzle: Any) -> str:
    """The puzzle (or a variant of it) as a pzprv3 file with an empty answer (no
    lines drawn), laid out as pzprjs reads it: ``vslither`` and ``tslither`` with the
    cells' colours and the dots at the vertices, the others without.

    >>> from slitherasp import tilings
    >>> write_pzprv3(tilings.build("square", 2, 1).with_clues({0: 1})).split("\\n")
    ['pzprv3', 'slither', '1', '2', '1 . ', '0 0 0 ', '0 0 ', '0 0 ', '']
    """
    genre, full, w, h, numbers = _grid_numbers(puzzle, "pzprv3")
    rows = [numbers[y * w: (y + 1) * w] for y in range(h)]
    out = ["pzprv3", genre, str(h), str(w), *["f"] * full]
    out += ["".join(("." if k is None else str(k)) + " " for k in row) for row in rows]
    dots = genre in ("vslither", "tslither")
    out += ["0 " * w] * h * dots  # the cells' colours
    out += ["0 " * (w + 1)] * h + ["0 " * w] * (h + 1)  # pzprjs' empty answer: no borders
    out += ["0 " * (w + 1)] * (h + 1) * dots  # the dots at the vertices
    return "\n".join(out) + "\n"


def sniff_pzprv3(text: str) -> bool:
    """Whether ``text`` starts like a pzprv3 file of Slitherlink or a variant.

    >>> sniff_pzprv3("pzprv3.1\\nslither\\n"), sniff_pzprv3("slither/1/1/"), sniff_pzprv3("pzprv3/lither/1/1/")
    (True, False, True)
    """
    return re.match(r"\s*pzprv3(?:\.\d+)?\s*[/\n]\s*(?:slither|vslither|tslither|swslither|lither)", text) is not None
