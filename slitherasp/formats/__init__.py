"""Reading and writing instances in every supported format, through the one model.

A format is chosen by ``format=`` (``--format``), else by file extension, else by
sniffing the content. ``-`` reads standard input.

>>> p = read_text("edge(a,b). edge(b,c). edge(c,a).", "<doc>")
>>> len(p.edges)
3
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .. import facts
from ..model import InputError, Puzzle


@dataclass(frozen=True)
class Format:
    """A registered format: how to recognise, read and write it."""

    name: str
    extensions: tuple[str, ...]
    read: Callable[[str, str], Puzzle]
    write: Callable[[Puzzle], str] | None
    sniff: Callable[[str], bool]
    description: str


FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    FORMATS[fmt.name] = fmt
    return fmt


register(
    Format(
        name="lp",
        extensions=(".lp", ".asp", ".facts"),
        read=facts.read_instance,
        write=facts.write_instance,
        sniff=lambda text: "edge(" in text,
        description="ASP-competition facts: edge/2, cell_contains/3, clue/2",
    )
)


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
    sniffed = [fmt for fmt in FORMATS.values() if fmt.sniff(text)]
    if named is not None and (named in sniffed or not sniffed):
        return named
    if sniffed:
        return sniffed[0]
    raise InputError(
        "cannot tell the format of this input; name it with --format "
        f"({', '.join(FORMATS)})",
        source=path,
    )


def read_text(text: str, source: str = "<string>", format: str | None = None) -> Puzzle:
    """Read an instance from text in a given or guessed format."""
    if format is not None:
        if format not in FORMATS:
            raise InputError(f"unknown format {format!r}; choose from {', '.join(FORMATS)}")
        fmt = FORMATS[format]
    else:
        fmt = guess_format(text, None if source.startswith("<") else source)
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
        format = guess_format(text, None).name
    puzzle = read_text(text, source, format)
    geo = facts.geometry_path(p)
    if puzzle.geometry is None and geo.is_file():
        puzzle = facts.attach_geometry(puzzle, geo.read_text(encoding="utf-8"), str(geo))
    return puzzle


def writable() -> list[str]:
    """The names of the formats that can be written.

    >>> "pzpr" in writable()
    True
    """
    return [f.name for f in FORMATS.values() if f.write]


def write_text(puzzle: Puzzle, format: str = "lp") -> str:
    """The puzzle in a format that can be written."""
    fmt = FORMATS.get(format)
    if fmt is None or fmt.write is None:
        raise InputError(f"cannot write format {format!r}; choose from {', '.join(writable())}")
    return fmt.write(puzzle)


ANSWER_SUFFIX = ".answer"


def save(puzzle: Puzzle, path: str | Path, answer=None) -> list[Path]:
    """Write ``path`` (``name.lp``), its geometry sidecar and, if given, the answer as
    ``name.answer`` (link/2 facts). Returns the files written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(facts.write_instance(puzzle))
    written = [path]
    if puzzle.geometry is not None:
        geo = facts.geometry_path(path)
        geo.write_text(facts.write_geometry(puzzle))
        written.append(geo)
    if answer is not None:
        ans = answer_path(path)
        ans.write_text(facts.write_answer(puzzle, answer) + "\n")
        written.append(ans)
    return written


def answer_path(instance: str | Path) -> Path:
    """Where the reference answer of ``name.lp`` lives: ``name.answer``."""
    instance = Path(instance)
    return instance.with_name(instance.name.removesuffix(".lp") + ANSWER_SUFFIX)


from . import loopy as _loopy  # noqa: E402

register(
    Format(
        name="loopy",
        extensions=(".loopy",),
        read=_loopy.read,
        write=_loopy.write,
        sniff=_loopy.sniff,
        description="Simon Tatham's Loopy game IDs (WxHtN:clues) on all 18 of its grids",
    )
)

# Square-grid formats people already use (slitherasp/formats/squaregrid.py is their shared core).
from . import essence as _essence, pylist as _pylist, pzpr as _pzpr, text as _text  # noqa: E402

for _fmt in (
    Format("pzprv3", (".pzprv3",), _pzpr.read_pzprv3, _pzpr.write_pzprv3, _pzpr.sniff_pzprv3,
           "pzprjs / puzz.link saved files (pzprv3, slither), square grids"),
    Format("pzpr", (".url", ".puzzlink"), _pzpr.read, _pzpr.write, _pzpr.sniff,
           "puzz.link / pzprjs URLs (...p?slither/W/H/BODY), square grids"),
    Format("text", (".txt",), _text.read, _text.write, _text.sniff,
           "plain text grids: 'H W', then rows of '-'/'.' and digits (puzzlekit)"),
    Format("essence", (".param", ".essence"), _essence.read, _essence.write, _essence.sniff,
           "Essence parameter files: letting n/m/grid, 0 = no clue, 4 = clue 0"),
    Format("pylist", (".py",), _pylist.read, _pylist.write, _pylist.sniff,
           "Python literal grids: a list of rows, None = no clue, ints 0..4"),
):
    register(_fmt)
