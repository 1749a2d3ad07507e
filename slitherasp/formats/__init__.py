"""Reading and writing instances in every supported format, through the one model.

A format is chosen by ``format=`` (``--format``), else by file extension, else by
sniffing the content. ``-`` reads standard input. The registry below is data: a
format's module is imported the first time one of its functions is called, so that
listing the formats (``slitherasp convert --help``) loads none of them.

Adding a format is one module with ``read(text, source)``, ``write(puzzle)`` and
``sniff(text)`` functions, and one :class:`Format` line in :data:`FORMATS`.

>>> p = read_text("edge(a,b). edge(b,c). edge(c,a).", "<doc>")
>>> len(p.edges)
3
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from ..errors import InputError, located
from ..model import Puzzle


@dataclass(frozen=True)
class Format:
    """A registered format: its name, extensions, module and what it can do.

    >>> FORMATS["loopy"].sniff("10x10t2:a3b")
    True
    """

    name: str
    extensions: tuple[str, ...]
    module: str
    """The module (under ``slitherasp.formats``) with ``read``, ``write`` and ``sniff``."""
    description: str
    writable: bool = True
    reader: str = "read"
    writer: str = "write"
    sniffer: str = "sniff"

    def _function(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(import_module(f"{__name__}.{self.module}"), name)

    def read(self, text: str, source: str) -> Puzzle:
        """The puzzle in ``text``; :class:`InputError` naming line and column."""
        return self._function(self.reader)(text, source)

    def write(self, puzzle: Puzzle) -> str:
        """The puzzle as text of this format; :class:`InputError` if it cannot hold it."""
        if not self.writable:
            raise InputError(f"cannot write format {self.name!r}; choose from {', '.join(writable())}")
        return self._function(self.writer)(puzzle)

    def sniff(self, text: str) -> bool:
        """Whether ``text`` looks like this format."""
        return bool(self._function(self.sniffer)(text))


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("lp", (".lp", ".asp", ".facts"), "lp", "ASP-competition facts: edge/2, cell_contains/3, clue/2",
               reader="read_instance", writer="write_instance"),
        Format("loopy", (".loopy",), "loopy", "Simon Tatham's Loopy game IDs (WxHtN:clues) on all 18 of its grids"),
        Format("pzprv3", (".pzprv3",), "pzpr", "pzprjs / puzz.link saved files (pzprv3, slither), square grids",
               reader="read_pzprv3", writer="write_pzprv3", sniffer="sniff_pzprv3"),
        Format("pzpr", (".url", ".puzzlink"), "pzpr", "puzz.link / pzprjs URLs (...p?slither/W/H/BODY), square grids"),
        Format("text", (".txt",), "text", "plain text grids: 'H W', then rows of '-'/'.' and digits (puzzlekit)"),
        Format("essence", (".param", ".essence"), "essence",
               "Essence parameter files: letting n/m/grid, 0 = no clue, 4 = clue 0"),
        Format("pylist", (".py",), "pylist", "Python literal grids: a list of rows, None = no clue, ints 0..4"),
    )
}
"""Every format by name, in the order content sniffing tries them."""


def by_extension(path: str | Path) -> Format | None:
    """The format a file name's extension names, or None.

    >>> by_extension("p.lp").name, by_extension("notes.md")
    ('lp', None)
    """
    name = str(path).lower()
    for fmt in FORMATS.values():
        if any(name.endswith(ext) for ext in fmt.extensions):
            return fmt
    return None


def guess_format(text: str, path: str | None = None) -> Format:
    """The format of ``path``/``text``: by extension, unless the content is plainly
    another format (an Essence file named ``.txt``), then by content.

    >>> guess_format("letting grid be [[0]]", "p.txt").name, guess_format("1 1\\n-", "p.txt").name
    ('essence', 'text')
    """
    named = by_extension(path) if path else None
    if named is not None and named.sniff(text):
        return named  # the common case, without loading every other format's module
    sniffed = next((fmt for fmt in FORMATS.values() if fmt is not named and fmt.sniff(text)), None)
    if sniffed is not None:
        return sniffed
    if named is not None:
        return named
    raise InputError(
        f"cannot tell the format of this input; name it with --format ({', '.join(FORMATS)})",
        source=path,
    )


def get(name: str) -> Format:
    """The format called ``name``; :class:`InputError` naming the known ones."""
    if name not in FORMATS:
        raise InputError(f"unknown format {name!r}; choose from {', '.join(FORMATS)}")
    return FORMATS[name]


def read_text(text: str, source: str = "<string>", format: str | None = None) -> Puzzle:
    """Read an instance from text in a given or guessed format; every problem is an
    :class:`InputError` naming ``source``, line and column."""
    with located(source):
        fmt = get(format) if format is not None else guess_format(text, None if source.startswith("<") else source)
        return fmt.read(text, source)


def read_file(path: str | Path, format: str | None = None) -> Puzzle:
    """Read an instance from a file (``-`` = standard input), with its geometry sidecar.

    Raises :class:`InputError` naming the file for a missing or unreadable file.
    """
    source = str(path)
    if source == "-":
        return read_text(sys.stdin.read(), "<stdin>", format)
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", source=source) from None
    except IsADirectoryError:
        raise InputError("is a directory, not an instance file", source=source) from None
    except UnicodeDecodeError:
        raise InputError("not a UTF-8 text file", source=source) from None
    except OSError as exc:
        raise InputError(exc.strerror or "cannot read", source=source) from None
    if format is None and by_extension(source) is None:
        with located(source):
            format = guess_format(text, None).name
    puzzle = read_text(text, source, format)
    from .sidecar import attach_geometry, geometry_path

    geo = geometry_path(p)
    if puzzle.geometry is None and geo.is_file():
        puzzle = attach_geometry(puzzle, geo.read_text(encoding="utf-8"), str(geo))
    return puzzle


def writable() -> list[str]:
    """The names of the formats that can be written.

    >>> "pzpr" in writable()
    True
    """
    return [f.name for f in FORMATS.values() if f.writable]


def write_text(puzzle: Puzzle, format: str = "lp") -> str:
    """The puzzle in a format that can be written."""
    fmt = FORMATS.get(format)
    if fmt is None or not fmt.writable:
        raise InputError(f"cannot write format {format!r}; choose from {', '.join(writable())}")
    return fmt.write(puzzle)


ANSWER_SUFFIX = ".answer"


def save(puzzle: Puzzle, path: str | Path, answer=None) -> list[Path]:  # type: ignore[no-untyped-def]
    """Write ``path`` (``name.lp``), its geometry sidecar and, if given, the answer as
    ``name.answer`` (link/2 facts). Returns the files written."""
    from .lp import write_answer, write_instance
    from .sidecar import geometry_path, write_geometry

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_instance(puzzle))
    written = [path]
    if puzzle.geometry is not None:
        geo = geometry_path(path)
        geo.write_text(write_geometry(puzzle))
        written.append(geo)
    if answer is not None:
        ans = answer_path(path)
        ans.write_text(write_answer(puzzle, answer) + "\n")
        written.append(ans)
    return written


def answer_path(instance: str | Path) -> Path:
    """Where the reference answer of ``name.lp`` lives: ``name.answer``."""
    instance = Path(instance)
    return instance.with_name(instance.name.removesuffix(".lp") + ANSWER_SUFFIX)
