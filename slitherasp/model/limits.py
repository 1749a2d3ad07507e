"""The input boundary: how big, deep and long anything a user gives may be, checked
before any work, and how text enters (files, standard input, options).

Every reader of every format goes through these: a number is checked for length
before Python converts it (so no number can cost quadratic time or exceed what clingo
holds), a file is checked for size before it is read, bytes are decoded once (a UTF-8
byte-order mark is dropped; binary content and unreadable files are named as such).
Everything refused is an :class:`~slitherasp.model.errors.InputError`.

>>> integer("12", "a width", low=1, high=200)
12
>>> integer("9" * 30, "a vertex")
Traceback (most recent call last):
...
slitherasp.model.errors.InputError: a vertex 999999999999999999999999999999 is out of range: at most ... digits
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

from .errors import InputError

MAX_INPUT_BYTES = 64 * 2**20
"""The largest input file or standard input read (64 MiB: a 200 x 200 grid of facts
with geometry is about 4 MiB)."""
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
"""clingo's integers."""
MAX_DIGITS = 10
"""Longest number read at all (clingo's integers have at most 10 digits)."""
MAX_DEPTH = 32
"""Deepest nesting of function terms or tuples in a name (``f(g(h(1)))`` is 3)."""
MAX_NAME = 512
"""Longest name (a vertex or cell name, as clingo prints it) in characters."""
MAX_GRID = 200
"""Widest and tallest square grid (every square-grid format, Sloop grids)."""
MAX_PERIODIC = 200
"""Widest and tallest Loopy periodic grid (its W and H in the game ID)."""
MAX_APERIODIC = 100
"""Widest and tallest Loopy aperiodic grid (Penrose, hats, spectres)."""
MAX_POLYGONS = 100_000
"""Most polygons in a GeoJSON or WKT patch."""
MAX_COORDINATE = 1e9
"""Largest absolute coordinate of a point (polygons, geometry sidecars)."""
MAX_MODELS = INT_MAX
"""The most answers a solve can be asked to stop after: clingo takes the number of
models as a 32-bit signed integer (2**31 and more: "unknown option"); 0 asks for all."""


def models(value: object) -> int:
    """``value`` as a number of answers to stop after (0: all); :class:`InputError`
    in one line for anything else, or past :data:`MAX_MODELS`.

    >>> models(0), models(2**31 - 1)
    (0, 2147483647)
    >>> models(2**31)
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: models must be at most 2147483647 (clingo's limit); 0 asks for every answer
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(f"models must be a whole number 0 or more, not {value!r}"[:120])
    if value > MAX_MODELS:
        raise InputError(f"models must be at most {MAX_MODELS} (clingo's limit); 0 asks for every answer")
    return value


def coordinate(x: object) -> bool:
    """Whether ``x`` is a usable coordinate: a real number, not a bool, at most
    :data:`MAX_COORDINATE` in size (huge ones overflow every later computation)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    if isinstance(x, int):
        return x.bit_length() < 40 and abs(x) <= MAX_COORDINATE
    return math.isfinite(x) and abs(x) <= MAX_COORDINATE


def load_json(text: str, what: str) -> object:
    """JSON text as data; :class:`InputError` (with line and column when JSON says
    where) for bad JSON, nesting too deep, or numbers too long to read."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"bad {what}: {exc.msg}", line=exc.lineno, column=exc.colno) from None
    except (RecursionError, ValueError, OverflowError, MemoryError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else "a number too long to read"
        raise InputError(f"bad {what}: {reason}") from None


def integer(text: str, what: str, *, low: int = INT_MIN, high: int = INT_MAX,
            line: int | None = None, column: int | None = None) -> int:
    """``text`` (ASCII digits, an optional minus) as an int in ``low..high``;
    otherwise :class:`InputError` saying what it was meant to be."""
    digits = text.strip().lstrip("-").strip()
    if not digits or not digits.isascii() or not digits.isdigit():
        raise InputError(f"{what} must be a number, not {text[:20]!r}", line=line, column=column)
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise InputError(f"{what} {text.strip()[:40]} is out of range: at most {MAX_DIGITS} digits",
                         line=line, column=column)
    value = int(digits.lstrip("0") or "0") * (-1 if text.strip().startswith("-") else 1)
    if not low <= value <= high:
        raise InputError(f"{what} {value} is out of range {low}..{high}", line=line, column=column)
    return value


def finite(value: float, what: str) -> float:
    """A float that is a real number (not NaN, not infinite)."""
    if not math.isfinite(value):
        raise InputError(f"{what} must be a finite number, not {value}")
    return value


def decode(data: bytes, source: str) -> str:
    """Bytes as text: UTF-8 (a byte-order mark dropped); :class:`InputError` for
    binary content or another encoding."""
    if b"\x00" in data[:65536]:
        raise InputError("this is a binary file, not text", source=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError("not UTF-8 text (binary content or another encoding)", source=source, line=line) from None
    return text


def read_bytes(path: str | Path) -> bytes:
    """A file's bytes (``-``: standard input), at most :data:`MAX_INPUT_BYTES`;
    every failure an :class:`InputError` naming the file and what went wrong."""
    source = str(path)
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)  # a replaced sys.stdin may hold text only
        data = stream.read(MAX_INPUT_BYTES + 1) if stream else sys.stdin.read(MAX_INPUT_BYTES + 1).encode()
    else:
        try:
            with open(path, "rb") as f:
                if os.fstat(f.fileno()).st_size > MAX_INPUT_BYTES:
                    raise InputError(f"larger than {MAX_INPUT_BYTES // 2**20} MiB", source=source)
                data = f.read(MAX_INPUT_BYTES + 1)
        except FileNotFoundError:
            raise InputError("no such file", source=source) from None
        except IsADirectoryError:
            raise InputError("is a directory, not a file", source=source) from None
        except PermissionError:
            raise InputError("permission denied", source=source) from None
        except OSError as exc:
            raise InputError(exc.strerror or "cannot read", source=source) from None
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"larger than {MAX_INPUT_BYTES // 2**20} MiB", source="<stdin>" if source == "-" else source)
    return data


def read_text(path: str | Path) -> str:
    """A text file (``-``: standard input), decoded by :func:`decode`."""
    source = "<stdin>" if str(path) == "-" else str(path)
    return decode(read_bytes(path), source)
