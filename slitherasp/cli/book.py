"""``slitherasp book``: puzzles printed as a PDF book, with answers and walkthroughs."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .common import Exit, Progress, command, err, format_arg, progress_arg, stopped, variant_arg, whole
from .outputs import not_over_inputs
from .typed import lowered
from .watch import stoppable


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "book",
        "print puzzles as a PDF book, with answers and explained walkthroughs (needs the 'print' extra)",
        "Lay puzzles out on pages, each headed with its number, tiling, size and a\n"
        "person's grade, drawn on its real geometry as vectors with an embedded font.\n"
        "INPUT is a collection folder made by 'generate --count' (its index.jsonl gives\n"
        "the order, tiling, size and grades), another folder (its puzzle files), or a\n"
        "puzzle file in any format (a game ID too). --solutions adds the answers at the\n"
        "back, smaller; --explain a walkthrough of each puzzle: its steps at 'normal' and\n"
        "above drawn with their reasons, runs of easy steps folded into one picture.\n"
        "The PDF is written when complete, or not at all (Ctrl-C writes nothing); an\n"
        "existing file is replaced only with --force, and never one of the inputs.",
        "examples:\n"
        "  slitherasp generate square --size 10x10 --count 20 --seed 1 -o squares/\n"
        "  slitherasp book squares/ -o squares.pdf --title 'Twenty squares' --solutions\n"
        "  slitherasp book squares/ -o walk.pdf --per-page 1 --explain --sort grade\n"
        "  slitherasp book a.lp 7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a -o two.pdf --paper letter\n\n",
    )
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="collection folders, folders or puzzle files")
    p.add_argument("-o", "--output", metavar="OUT.pdf", required=True, help="the book to write")
    p.add_argument("--force", action="store_true", help="replace OUT.pdf if it exists (never an input)")
    p.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=4, metavar="N",
                   help="puzzles on a page: 1, 2, 4 or 6 (default: 4)")
    p.add_argument("--paper", choices=("a4", "letter"), type=lowered, default="a4", help="paper size (default: a4)")
    p.add_argument("--title", help="the book's title (with --author: a title page)")
    p.add_argument("--author", help="the book's author")
    p.add_argument("--solutions", action="store_true", help="the answers at the back, smaller, several to a page")
    p.add_argument("--explain", action="store_true", help="a walkthrough of each puzzle after the answers")
    p.add_argument("--explain-pages", type=whole(1, 20), default=2, metavar="N",
                   help="pages a walkthrough may take (default: 2); more steps are folded together")
    p.add_argument("--sort", choices=("grade",), type=lowered, help="grade: easiest first (default: the order given)")
    format_arg(p, "input format of every puzzle file (default: by extension, then by content)")
    variant_arg(p, "read every puzzle file as this Slitherlink variant, where its format cannot say it "
                "(as for solve); a book's walkthroughs (--explain) leave variants out")
    progress_arg(p)
    p.set_defaults(run=run)
    stoppable(p)


def run(args: argparse.Namespace) -> int:
    from ..book import write
    from ..model.errors import InputError
    from ..model.files import writable_folder
    from ..model.stopping import StoppedError
    from ..render.pdf import fpdf

    fpdf()  # say how to install it before any work
    if Path(args.output).suffix.lower() != ".pdf":
        raise InputError("the book's file name must end in .pdf", source=args.output)
    writable_folder(Path(args.output).parent)
    items = inputs(args.inputs, args.format, args.variant)
    _may_write(args, read_by(args.inputs, items))
    parts = 1 + args.solutions + args.explain  # the puzzles, then their answers and walkthroughs
    progress = Progress.for_args(len(items) * parts, args, what="book", unit=" drawn", ticking=True)

    def show(done: int, total: int, note: str) -> None:
        progress.show(done, Path(note).name)

    try:
        with glyphs_missing() as missing, helvetica_refusals():
            write(items, args.output, per_page=args.per_page, paper=args.paper, title=args.title,
                  author=args.author, solutions=args.solutions, explain=args.explain,
                  explain_pages=args.explain_pages, sort=args.sort, progress=show, force=args.force)
    except StoppedError:
        progress.end()
        err("slitherasp: interrupted: no book was written")
        return stopped(Exit.INTERRUPT)
    finally:
        progress.end()  # erased before any line is said (a second time changes nothing)
    if missing:
        from ..model.errors import printable

        err(f"slitherasp: note: the font has no glyph for {printable('; '.join(missing))}: they print as empty boxes")
    err(f"slitherasp: {len(items)} puzzle{'s' * (len(items) != 1)} in {args.output}")
    return Exit.OK


def _may_write(args: argparse.Namespace, read: list[str]) -> None:
    """Before the work: the book is none of the files it reads (not even with
    ``--force``) and replaces a file only with ``--force``; :class:`InputError` otherwise."""
    from ..model.errors import InputError

    not_over_inputs([args.output], *read)
    if Path(args.output).is_dir():
        raise InputError("is a folder, not a file", source=args.output)
    if not args.force and Path(args.output).exists():
        raise InputError("exists already (use --force to replace it)", source=args.output)


@contextmanager
def helvetica_refusals() -> Iterator[None]:
    """Text that the PDF's own Helvetica (the font where no TrueType font is found)
    cannot print, which fpdf2 refuses with an exception of its own, as one line."""
    from ..model.errors import InputError, printable
    from ..render.pdf import fpdf

    unprintable = getattr(fpdf().errors, "FPDFUnicodeEncodingException", ())
    try:
        yield
    except unprintable as exc:
        shown = printable(repr(getattr(exc, "character", "?")))
        raise InputError(f"no TrueType font was found, and the PDF's own Helvetica has no {shown}: install "
                         "DejaVu Sans, or name a .ttf file in SLITHERASP_FONT") from None


@contextmanager
def glyphs_missing() -> Iterator[list[str]]:
    """The characters fpdf2 finds no glyph for in its font (a title in another script,
    a line break in a heading), kept for one line of ours instead of its warning,
    which it logs in its own words and breaks over lines where the characters do."""
    import logging

    missing: list[str] = []

    class Glyphs(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            args = record.args if isinstance(record.args, tuple) else ()
            if "missing the following glyphs" in str(record.msg):
                missing.append(str(args[-1]) if args else record.getMessage())
            else:  # anything else fpdf2 says goes where it went
                logging.getLogger().handle(record)

    logger, handler = logging.getLogger("fpdf"), Glyphs()
    kept = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        yield missing
    finally:
        logger.removeHandler(handler)
        logger.propagate = kept


def read_by(paths: list[str], items: list[Any]) -> list[str]:
    """The files a book of these entries reads (besides sidecars): the inputs, each
    collection's index and each puzzle's file."""
    from ..book.sources import INDEX

    indexes = [str(Path(p) / INDEX) for p in paths if Path(p).is_dir()]
    return [*paths, *indexes, *(e.path for e in items if e.path is not None)]


def inputs(paths: list[str], fmt: str | None, variant: str | None = None) -> list[Any]:
    """The book's entries: a collection folder's by its index, another folder's puzzle
    files (as ``batch`` finds them), and files or game IDs as given."""
    from ..book import Entry, collection
    from ..book.sources import INDEX
    from ..model.errors import InputError
    from .batch import collect

    found: list[Any] = []
    for path in paths:
        folder = Path(path)
        if folder.is_dir() and (folder / INDEX).is_file():
            found += collection(folder)
        elif folder.is_dir():
            files = list(collect([path]))
            if not files:
                raise InputError("the folder holds no puzzle file and no index.jsonl", source=path)
            found += [Entry(path=f, format=fmt, variant=variant) for f in files]
        else:
            found.append(Entry(path=path, format=fmt, variant=variant))
    return found
