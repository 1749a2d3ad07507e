"""What the web app says when it refuses something: one sentence that a player on the
page and a script on the JSON API read alike, in words rather than the command line's
(no ``<puzzle>:3:1:`` label, no option or command to type, what to do about it).

The readers, builders and generator below speak as the command line does, since that
is where most of them are read; this is the one place where their line becomes words.

>>> from slitherasp.model.errors import InputError
>>> said(InputError("clue 9 is larger than 4 (a square has four sides)", source="<puzzle>", line=3, column=1))
'Line 3: Clue 9 is larger than 4 (a square has four sides).'
>>> said(InputError("hats: width 300 is out of range 6..100"))
"A hats board's width is 6 to 100, not 300. Change the size."
"""

from __future__ import annotations

import re
from typing import Any

from ..model.errors import InputError, SlitherError
from ..model.stopping import StoppedError, deadline

Reply = tuple[int, dict[str, Any]]
"""An HTTP status and the JSON object of an answer."""
GONE: Reply = (499, {"error": "Stopped: whoever asked has gone."})

FORMATS = "a Loopy game ID, a puzz.link or penpa-edit link, a pzprv3 file, ASP facts or GeoJSON/WKT polygons"
"""What the web app reads, as a player knows them."""

LABEL = re.compile(r"^<[^>]*>(?::\d+){0,2}:\s*")
"""A label of the command line's, such as ``<puzzle>:3:1:``."""
CLUTTER = (
    re.compile(r"\s*\([^()]*--[a-z][^()]*\)"),  # an aside that names an option
    re.compile(r"\s*[;,]?\s*(?:use |name it with )?--[a-z][a-z-]*[^;.]*"),  # a clause that does
    re.compile(r"\s*[;,]?[^;,]*'slitherasp [^']*'[^;.]*"),  # a clause that names a command
)
OUT_OF_RANGE = re.compile(r"^([a-z0-9-]+): (width|height) (\d+) is out of range (\d+)\.\.(\d+)$")
UNREADABLE = re.compile(r"^cannot tell the format")


def said(error: BaseException) -> str:
    """The error in words, one sentence (two at most), with the line of the puzzle's
    text where it was found when the text has more than one; an error that is no
    :class:`~slitherasp.model.errors.SlitherError` is a bug, and said to be one."""
    if not isinstance(error, SlitherError):
        return sentence(f"something went wrong (a bug: please report it): {type(error).__name__}: {_line(error, 200)}")
    text = _line(error.message) if isinstance(error, InputError) else _line(error)
    line = error.line if isinstance(error, InputError) else None
    words = sentence(_plain(LABEL.sub("", text)))
    return f"Line {line}: {words}" if line is not None and line > 1 else words


def _line(text: object, most: int = 300) -> str:
    """Text on one line, at most ``most`` characters."""
    line = " ".join(str(text).split())
    return line if len(line) <= most else line[:most - 1] + "…"


def _plain(text: str) -> str:
    """The command line's words for what the page and the API say otherwise."""
    if UNREADABLE.match(text):
        return f"this cannot be read as a puzzle. Give {FORMATS}"
    found = OUT_OF_RANGE.match(text)
    if found:
        tiling, side, n, low, high = found.groups()
        return f"a {tiling} board's {side} is {low} to {high}, not {n}. Change the size."
    for clutter in CLUTTER:
        text = clutter.sub("", text)
    return text.strip()


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last."""
    text = text.strip() or "something went wrong"
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def answer(name: str, payload: dict[str, Any], limit: float) -> Reply:
    """Run one action under ``limit`` seconds: its HTTP status and JSON object (an
    error is one line, never a traceback)."""
    from . import api

    try:
        with deadline(limit + api.FINISH.get(name, 0.0)):
            return 200, api.ACTIONS[name](payload)
    except SlitherError as e:
        return 400, {"error": said(e)}
    except StoppedError as e:
        return timed_out(limit) if e.reason == "time" else GONE
    except RecursionError:
        return 400, {"error": "The request is nested too deeply."}
    except MemoryError:
        return 400, {"error": "This needs more memory than one request may have. Try a smaller board."}
    except Exception as e:  # one line for the page, never a traceback
        return 500, {"error": said(e)}


def timed_out(limit: float) -> Reply:
    return 504, {"error": f"This took longer than the time limit of {limit:g} s. "
                          "Try a smaller board or an easier level."}
