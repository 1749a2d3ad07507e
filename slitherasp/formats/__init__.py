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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from ..model import Puzzle, limits
from ..model.errors import InputError, located


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
        Format("tiling", (".tiling",), "tiling",
               "tiling IDs (tiling:NAME:WxH:clues; a variant's rule before the clues) on a patch of our tilings"),
        Format("penpa", (".penpa",), "penpa", "penpa-edit URLs (swaroopg92.github.io/penpa-edit), square grids"),
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
        if len(text) > limits.MAX_INPUT_BYTES:
            raise InputError(f"larger than {limits.MAX_INPUT_BYTES // 2**20} MiB")
        text = text.removeprefix("\ufeff")
        fmt = get(format) if format is not None else guess_format(text, None if source.startswith("<") else source)
        return fmt.read(text, source)


def read_file(path: str | Path, format: str | None = None) -> Puzzle:
    """Read an instance from a file (``-`` = standard input), with its geometry sidecar.

    Raises :class:`InputError` naming the file for a missing or unreadable file.
    """
    source = str(path)
    if source == "-":
        return read_text(limits.read_text("-"), "<stdin>", format)
    p = Path(path)
    if not exists(p) and _inline(source):  # a game ID or URL given where a file name goes
        return read_text(source, "<argument>", format)
    if not exists(p):
        from .loopy import params_only

        params_only(source)
    text = limits.read_text(p)
    if format is None and by_extension(source) is None:
        with located(source):
            format = guess_format(text, None).name
    puzzle = read_text(text, source, format)
    from .sidecar import attach_geometry, geometry_path

    geo = geometry_path(p)
    variant = getattr(puzzle, "is_variant", False)
    base = puzzle.puzzle if variant else puzzle  # type: ignore[attr-defined]
    if base.geometry is None and geo.is_file():
        base = attach_geometry(base, limits.read_text(geo), str(geo))
        puzzle = puzzle.with_puzzle(base) if variant else base  # type: ignore[attr-defined]
    return puzzle


def exists(path: Path) -> bool:
    """Whether a file of that name exists; False for a name no file can have (too long,
    a NUL byte), which the reader then refuses in one line."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _inline(text: str) -> bool:
    """Whether a command-line argument that names no file is puzzle text itself: text
    that a format recognises (a Loopy game ID, a puzz.link or penpa URL, a grid or
    facts over several lines), as the same text on standard input would be read.

    >>> _inline("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"), _inline("2 2\\n3 -\\n- -"), _inline("puzzle.lp")
    (True, True, False)
    """
    if len(text) > limits.MAX_INPUT_BYTES:
        return False
    try:
        guess_format(text, None)
    except InputError:
        return False
    return True


def writable() -> list[str]:
    """The names of the formats that can be written.

    >>> "pzpr" in writable()
    True
    """
    return [f.name for f in FORMATS.values() if f.writable]


VARIANT_FORMATS = ("lp", "tiling", "pzpr", "pzprv3")
"""The formats that can say a puzzle is a variant (:mod:`slitherasp.kinds.variant`)."""


def write_text(puzzle: Puzzle, format: str = "lp") -> str:
    """The puzzle in a format that can be written (a variant only in
    :data:`VARIANT_FORMATS`)."""
    fmt = FORMATS.get(format)
    if fmt is None or not fmt.writable:
        raise InputError(f"cannot write format {format!r}; choose from {', '.join(writable())}")
    if getattr(puzzle, "is_variant", False) and format not in VARIANT_FORMATS:
        raise InputError(f"the {format} format cannot say that a puzzle is a {puzzle.title}; "  # type: ignore[attr-defined]
                         f"use {', '.join(VARIANT_FORMATS[:-1])} or {VARIANT_FORMATS[-1]}", source=puzzle.source)
    with located(puzzle.source):
        return fmt.write(puzzle)


ANSWER_SUFFIX = ".answer"


def instance_files(puzzle: Puzzle, path: str | Path, answer: Iterable[int] | None = None) -> dict[Path, str]:
    """The files of an instance as facts: ``path`` (``name.lp``), its geometry sidecar
    when it has a geometry, and the answer as ``name.answer`` when given."""
    from .lp import write_answer, write_instance
    from .sidecar import geometry_path, write_geometry

    path = Path(path)
    files = {path: write_instance(puzzle)}
    base = puzzle.puzzle if getattr(puzzle, "is_variant", False) else puzzle  # type: ignore[attr-defined]
    if base.geometry is not None:
        files[geometry_path(path)] = write_geometry(base)
    if answer is not None:
        files[answer_path(path)] = write_answer(puzzle, answer) + "\n"
    return files


def siblings(path: str | Path) -> list[Path]:
    """Every file that belongs to the instance ``path`` (itself, sidecar, answer)."""
    from .sidecar import geometry_path

    return [Path(path), geometry_path(Path(path)), answer_path(path)]


def save(puzzle: Puzzle, path: str | Path, answer: Iterable[int] | None = None, *, force: bool = True,
         extra: Mapping[Path, str | bytes] | None = None) -> list[Path]:
    """Write the instance's files (:func:`instance_files`, and ``extra`` ones such as
    a drawing) atomically and together. ``force=False`` refuses when any file of an
    instance of that name exists; otherwise an older instance's files that the new
    one lacks (an ``.answer``) are removed. Returns the files written."""
    files: dict[Path, str | bytes] = {**instance_files(puzzle, path, answer), **(extra or {})}
    if not force:
        for old in siblings(path):
            if old.exists():
                raise InputError("exists already (use --force to replace it)", source=str(old))
    from ..model.files import write_files  # tempfile, signal and locks: only where files are written

    return write_files(files, force=force, stale=siblings(path))


def answer_path(instance: str | Path) -> Path:
    """Where the reference answer of ``name.lp`` lives: ``name.answer``."""
    instance = Path(instance)
    return instance.with_name(instance.name.removesuffix(".lp") + ANSWER_SUFFIX)
