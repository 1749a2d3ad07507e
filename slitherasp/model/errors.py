"""The exception family: every error this package raises on purpose.

:class:`InputError` is bad input; its text is ``source:line:col: problem``, the one
line the command line prints. Readers raise it without knowing their file, and
:func:`located` adds the file name once, where the text entered.

>>> str(InputError("clue 5 is larger than its cell", source="a.lp", line=3, column=1))
'a.lp:3:1: clue 5 is larger than its cell'
>>> with located("b.txt"):
...     raise InputError("bad row", line=2)
Traceback (most recent call last):
...
slitherasp.model.errors.InputError: b.txt:2: bad row
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class SlitherError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(SlitherError, ValueError):
    """Bad input: carries where it was found, printed as ``source:line:col: problem``."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = [str(x) for x in (self.source, self.line, self.column) if x is not None]
        return ":".join([*where, " " + self.message]) if where else self.message

    def located(self, source: str) -> InputError:
        """The same error, attributed to ``source`` if it names no file yet."""
        if self.source is None:
            self.source = source
        return self


class GeometryError(InputError):
    """Faces or polygons that do not form a valid planar patch."""


class GenerationError(SlitherError):
    """A request the generator cannot fulfil (a grade out of reach, no faces)."""


def printable(text: str) -> str:
    """Text that quotes the input, as one line that draws only itself: what would
    break the line or drive the terminal (a newline, U+2028, an escape code) written
    as its escape.

    >>> print(printable("Unknown type: 'A" + chr(0x2028) + "B" + chr(27) + "[31M'"))
    Unknown type: 'A\\u2028B\\x1b[31M'
    """
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


@contextmanager
def located(source: str) -> Iterator[None]:
    """Attribute every :class:`InputError` raised inside to ``source`` (if it names
    no file yet): how readers of every format report ``file:line:col``."""
    try:
        yield
    except InputError as exc:
        raise exc.located(source) from None
