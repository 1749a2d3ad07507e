"""penpa-edit URLs (swaroopg92's Penpa+ and its copies) of square-grid Slitherlink.

A link is ``https://swaroopg92.github.io/penpa-edit/#m=solve&p=PAYLOAD`` (``m=edit``
too, and ``?`` in place of ``#`` in older links). The payload is base64 of raw DEFLATE
of a text of lines, in which penpa abbreviates common JSON keys (``"number"`` is
``zN``, a literal ``z`` is ``zZ``, ...). Line 0 is a header (``square,W,H,...``, the
size including margins), line 1 the margins ``[top, bottom, left, right]``, line 3
the puzzle's layer as JSON, whose ``number`` object holds the clues keyed by penpa's
cell index ``(row + 2 + top) * (W + 4) + (column + 2 + left)`` (penpa pads every
grid by two cells), and line 5 the board's cells as a running sum. penpa does not
mark a puzzle as Slitherlink: any square board whose numbers inside are 0..4 is
read; a ``?`` or blank clue is no clue. A ``p=`` that is itself a puzz.link URL (penpa
imports those) is read as one. Other penpa grids (hex, tri, ...) are refused.

The writer makes a solve link the way penpa writes Slitherlink imports: no grid
lines, dots at the corners, the edge-and-cross tool, the tag ``slitherlink``.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 3, 2).with_clues({0: 3, 4: 0})
>>> url = write(p).strip()
>>> url.startswith("https://swaroopg92.github.io/penpa-edit/#m=solve&p=")
True
>>> read(url, "<doc>").clues
(3, None, None, None, 0, None)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import urllib.parse
import zlib
from typing import Any

from ..model import Puzzle, limits
from ..model.errors import InputError, located
from . import squaregrid

BASE_URL = "https://swaroopg92.github.io/penpa-edit/"
SUBSTITUTIONS = (
    ("z", "zZ"), ('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"), ('"edit_mode"', "zM"),
    ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"), ('"wall"', "zW"), ('"cage"', "zC"),
    ('"number"', "zN"), ('"symbol"', "zY"), ('"special"', "zP"), ('"board"', "zB"), ('"command_redo"', "zR"),
    ('"command_undo"', "zU"), ('"command_replay"', "z8"), ('"numberS"', "z1"), ('"freeline"', "zF"),
    ('"freelineE"', "z2"), ('"thermo"', "zT"), ('"arrows"', "z3"), ('"direction"', "zD"),
    ('"squareframe"', "z0"), ('"polygon"', "z5"), ('"deletelineE"', "z4"), ('"killercages"', "z6"),
    ('"nobulbthermo"', "z7"), ('"__a"', "z_"), ("null", "zO"),
)
"""penpa's abbreviations (original, code), applied in this order when writing and
undone in reverse order when reading."""
LAYER_KEYS = ("command_redo", "command_undo", "command_replay", "surface", "number", "numberS", "symbol",
              "thermo", "arrows", "direction", "squareframe", "polygon", "line", "lineE", "wall", "cage",
              "deletelineE", "killercages", "nobulbthermo")
"""Every key of a layer, as penpa writes them (its drawing code expects them all)."""
_LISTS = frozenset({"thermo", "arrows", "direction", "squareframe", "polygon", "killercages", "nobulbthermo"})
"""The keys of a layer whose value is a list (the others are objects)."""
MAX_TEXT = 8 * 2**20
"""Largest decompressed payload read (penpa's boards are at most 100 x 100)."""
_LINK = re.compile(r"(?:^|[#?&])m=(?:edit|solve)&p=|penpa-edit/[#?]")


# --------------------------------------------------------------------------- reading
def read(text: str, source: str = "<penpa>") -> Puzzle:
    """A square Slitherlink from a penpa-edit URL (one line; ``#`` comments and blank
    lines aside)."""
    with located(source):
        return _read(text, source)


def _url_line(text: str) -> tuple[str, int]:
    lines = [(s.strip(), i) for i, s in enumerate(text.splitlines(), 1) if s.strip() and not s.strip().startswith("#")]
    if len(lines) != 1:
        raise InputError(f"expected one penpa-edit URL line, found {len(lines)} lines",
                         line=lines[1][1] if len(lines) > 1 else None)
    return lines[0]


def _parameters(url: str) -> dict[str, str]:
    """The link's parameters, split as penpa splits them (the part after the first
    ``#``, else after the first ``?``; ``&`` between items, ``=`` after the name)."""
    cut = url.find("#")
    cut = cut if cut >= 0 else url.find("?")
    params: dict[str, str] = {}
    for item in url[cut + 1:].split("&"):
        name, _, value = item.partition("=")
        params.setdefault(name, value.split("=")[0])
    return params


def unpack(value: str) -> str:
    """A payload as text: percent-decoded, base64 (padding restored), raw inflated,
    UTF-8; :class:`InputError` when it is none of these."""
    if "%" in value:
        value = urllib.parse.unquote(value)
    value = value.replace(" ", "+").rstrip("=")
    value += "=" * (-len(value) % 4)
    try:
        data = base64.b64decode(value, validate=True)
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(data, MAX_TEXT + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise InputError("the p= payload is not penpa's base64 of compressed text") from None
    if len(raw) > MAX_TEXT or inflater.unconsumed_tail:
        raise InputError(f"the p= payload unpacks to more than {MAX_TEXT // 2**20} MiB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("the p= payload is not UTF-8 text") from None


def _expand(text: str) -> str:
    for original, code in reversed(SUBSTITUTIONS):
        text = text.replace(code, original)
    return text


def _json(text: str, what: str, line: int) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise InputError(f"penpa's {what} (payload line {line}) is not valid JSON") from None


def _read(text: str, source: str) -> Puzzle:
    url, line = _url_line(text)
    try:
        params = _parameters(url)
        if params.get("m") not in ("edit", "solve") or not params.get("p"):
            raise InputError("not a penpa-edit puzzle link: it needs m=edit or m=solve and p=...")
        if params["p"].startswith("http"):  # penpa imports a puzz.link URL given as p=
            from . import pzpr

            return pzpr.read(params["p"], source)
        lines = _expand(unpack(params["p"])).split("\n")
        return _board(lines, source)
    except InputError as exc:
        raise InputError(exc.message, line=line) from None


def _board(lines: list[str], source: str) -> Puzzle:
    """The square puzzle of a payload's lines (header, margins, layer, board)."""
    head = lines[0].split(",")
    if head[0][:1].isdigit():
        raise InputError("an old penpa-edit link (2019, 'ver1') cannot be read: open it in penpa and share it again")
    if head[0] != "square":
        raise InputError(f"a penpa {head[0][:20]!r} grid: only square grids hold this Slitherlink")
    if len(head) < 3 or len(lines) < 4:
        raise InputError("the penpa payload is cut short (it needs a header, margins and a puzzle layer)")
    nx = limits.integer(head[1], "penpa's width", low=1, high=limits.MAX_GRID + 8)
    ny = limits.integer(head[2], "penpa's height", low=1, high=limits.MAX_GRID + 8)
    space = _json(lines[1], "margins", 1)
    if not (isinstance(space, list) and len(space) == 4 and all(type(s) is int and 0 <= s < 100 for s in space)):
        raise InputError("penpa's margins must be four whole numbers [top, bottom, left, right]")
    top, bottom, left, right = space
    width, height = nx - left - right, ny - top - bottom
    if width < 1 or height < 1:
        raise InputError(f"penpa's margins leave no board ({nx}x{ny} with margins {space})")
    cells = {(r + 2 + top) * (nx + 4) + c + 2 + left: (r, c) for r in range(height) for c in range(width)}
    if len(lines) > 5 and lines[5].strip():
        _check_board(_json(lines[5], "board", 5), set(cells))
    layer = _json(lines[3], "puzzle layer", 3)
    numbers = layer.get("number", {}) if isinstance(layer, dict) else None
    if not isinstance(numbers, dict):
        raise InputError("penpa's puzzle layer has no number object")
    rows: list[list[int | None]] = [[None] * width for _ in range(height)]
    for key, value in numbers.items():
        if key.isascii() and key.isdigit() and len(key) < 9 and int(key) in cells:
            r, c = cells[int(key)]
            rows[r][c] = _clue(value, r, c)
    return squaregrid.puzzle(rows, source)


def _check_board(deltas: Any, rectangle: set[int]) -> None:
    if not (isinstance(deltas, list) and all(type(d) is int for d in deltas)):
        raise InputError("penpa's board (payload line 5) must be a list of whole numbers")
    board, total = set(), 0
    for d in deltas:
        total += d
        board.add(total)
    if board != rectangle:
        raise InputError("the penpa board is not a whole rectangle of cells (cells were removed)")


def _clue(value: Any, row: int, column: int) -> int | None:
    text = value[0] if isinstance(value, list) and value else value
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        raise InputError(f"the number in row {row + 1}, column {column + 1} is not a clue")
    text = str(text).strip()
    if text in ("", "?"):
        return None
    if text not in ("0", "1", "2", "3", "4"):
        raise InputError(f"the number {text[:12]!r} in row {row + 1}, column {column + 1} is not a clue 0..4")
    return int(text)


# --------------------------------------------------------------------------- writing
def pack(text: str) -> str:
    """Text as a payload: penpa's abbreviations, raw DEFLATE, standard base64."""
    for original, code in SUBSTITUTIONS:
        text = text.replace(original, code)
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.b64encode(deflater.compress(text.encode("utf-8")) + deflater.flush()).decode("ascii")


def centre(width: int, height: int) -> int:
    """The point penpa centres its view on (a cell, a corner or a side's middle)."""
    nx0 = width + 4
    n = nx0 * (height + 4)
    col, row = width // 2, height // 2
    if width % 2 and height % 2:
        return (row + 2) * nx0 + col + 2
    if not width % 2 and not height % 2:
        return n + (row + 1) * nx0 + col + 1
    if width % 2:
        return 2 * n + (row + 1) * nx0 + col + 2
    return 3 * n + (row + 2) * nx0 + col + 1


def write(puzzle: Puzzle) -> str:
    """The puzzle as a penpa-edit solve link (one line); square grids only."""
    rows = squaregrid.matrix(puzzle, "penpa")
    height, width = len(rows), len(rows[0])
    nx0 = width + 4
    cells = [(r + 2) * nx0 + c + 2 for r in range(height) for c in range(width)]
    numbers = {str(cells[r * width + c]): [str(k), 1, "1"] for r, row in enumerate(rows)
               for c, k in enumerate(row) if k is not None}
    empty: dict[str, Any] = {"__a": []}
    layer = {key: (dict(empty) if key.startswith("command") else [] if key in _LISTS else {}) for key in LAYER_KEYS}
    layer["number"] = numbers
    size, cn = 38, centre(width, height)
    header = ["square", width, height, size, 0, 1, 1, (width + 1) * size, (height + 1) * size, cn, cn,
              0, 0, 0, 0, "Title: ", "Author: ", "", "", "OFF", "false"]
    compact = {"separators": (",", ":")}
    board = [cells[0], *(b - a for a, b in zip(cells, cells[1:]))]
    lines = [",".join(map(str, header)), "[0,0,0,0]", '["3","1","2"]~"combi"~["edgex",""]',
             json.dumps(layer, **compact), "", json.dumps(board, **compact),
             '["Surface","Composite"]', "{}", '"x"', '"x"', "[3,2,3]", "", '"x"', "0", "", "", "",
             '["slitherlink"]']
    return f"{BASE_URL}#m=solve&p={pack(chr(10).join(lines))}\n"



def sniff(text: str) -> bool:
    """Whether ``text`` is one penpa-edit link.

    >>> sniff("https://swaroopg92.github.io/penpa-edit/#m=solve&p=abc"), sniff("https://puzz.link/p?slither/1/1/")
    (True, False)
    """
    try:
        url, _ = _url_line(text)
    except InputError:
        return False
    return _LINK.search(url) is not None
