"""Puzzle books: collections printed as PDF, with answers and explained walkthroughs.

:func:`write` lays puzzles out on pages (1, 2, 4 or 6 to a page, A4 or US letter),
each headed with its number, tiling, size and a person's grade, drawn on its real
geometry through the one scene (:mod:`slitherasp.render.scene`) as vectors with an
embedded font (:mod:`slitherasp.render.pdf`, fpdf2: the ``print`` extra). Then, if
asked, the answers, smaller and several to a page, and a walkthrough of each puzzle:
its steps at ``normal`` and above drawn with their reasons, runs of easy steps folded
into one picture, within a budget of pages (:mod:`.walkthrough`).

Puzzles are read one at a time, when their page is drawn (:mod:`.sources`): a
collection folder's ``index.jsonl`` gives the order, tiling, size and grades without
reading a puzzle. The PDF is written atomically, or not at all.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 3, 3).with_clues([3, None, 2, None, None, None, 2, None, 3])
>>> try:
...     data = write([p, p], per_page=2, title="Two squares", solutions=True)
...     ok = data.startswith(b"%PDF-")
... except InputError as missing:  # fpdf2 is optional: the message says how to install it
...     ok = "pip install" in str(missing)
>>> ok
True
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..model import Puzzle
from ..model.errors import InputError
from ..model.stopping import check
from .sources import Entry, by_grade, collection, entries, entry, graded

if TYPE_CHECKING:
    from .pages import Book

__all__ = ["SORTS", "Entry", "collection", "entry", "write"]

SORTS = ("grade",)
"""Orders a book can sort its puzzles in (besides the order given)."""
HEADING = 11.0
"""Points of a puzzle's heading on its page."""
Progress = Callable[[int, int, str], None]
"""Told ``(done, total, note)`` after each puzzle of each part."""


def write(puzzles: Iterable[Entry | Puzzle | str | Path], path: str | Path | None = None, *, per_page: int = 4,
          paper: str = "a4", title: str | None = None, author: str | None = None, solutions: bool = False,
          explain: bool = False, explain_pages: int = 2, sort: str | None = None,
          progress: Progress | None = None, force: bool = True) -> bytes:
    """Print ``puzzles`` as a PDF book; its bytes, also written to ``path`` if given.

    ``puzzles``: :class:`~slitherasp.model.Puzzle` objects, file names (any format
    the package reads; a game ID too), collection folders (read by their
    ``index.jsonl``) or :class:`Entry` objects. ``per_page``: 1, 2, 4 or 6.
    ``paper``: ``a4`` or ``letter``. ``title`` and ``author`` make a title page.
    ``solutions``: the answers at the back (a puzzle's ``.answer`` file when it has a
    valid one, else the solver's). ``explain``: a walkthrough of each puzzle after the
    answers, at most ``explain_pages`` pages each. ``sort="grade"``: easiest first.
    ``force=False``: refuse to replace an existing ``path`` (an :class:`InputError`).
    :class:`InputError` for bad input (naming the file) and when fpdf2 is missing;
    :class:`~slitherasp.model.stopping.StoppedError` on a stop request (nothing written).
    """
    from ..model.files import write_files
    from .pages import Book, Paper, answer_grid, check_per_page, pages_for

    check_per_page(per_page)
    sheet = Paper.named(paper)
    if sort is not None and sort not in SORTS:
        raise InputError(f"a book sorts by {', '.join(SORTS)}, not {sort!r}")
    if path is not None and Path(path).suffix.lower() != ".pdf":
        raise InputError("the book's file name must end in .pdf", source=str(path))
    if explain_pages < 1:
        raise InputError("a walkthrough needs at least one page")
    items = entries(puzzles)
    if not items:
        raise InputError("no puzzles to print")
    if sort == "grade":
        items = by_grade(items)
    book = Book(sheet, title, author)
    n, first = len(items), 2 if title or author else 1
    answers_at = first + pages_for(n, per_page)
    parts = [("Puzzles", first)]
    if solutions:
        parts.append(("Answers", answers_at))
    if explain:
        parts.append(("Walkthroughs", answers_at + (pages_for(n, _answers_per_page(per_page)) if solutions else 0)))
    if first == 2:
        book.title_page(n, parts)
    total = n * (1 + solutions + explain)
    tick = progress or (lambda done, total, note: None)
    drawn = _puzzle_pages(book, items, per_page, solutions, lambda k, note: tick(k, total, note))
    if solutions:
        _answer_pages(book, drawn, answer_grid(per_page), lambda k, note: tick(n + k, total, note))
    if explain:
        from .walkthrough import walkthroughs

        walkthroughs(book, items, explain_pages, lambda k, note: tick(n * (1 + solutions) + k, total, note))
    data = book.output()
    if path is not None:
        write_files({Path(path): data}, force=force)
    return data


def _answers_per_page(per_page: int) -> int:
    from .pages import answer_grid

    cols, rows = answer_grid(per_page)
    return cols * rows


def _puzzle_pages(book: Book, items: list[Entry], per_page: int, solutions: bool,
                  tick: Callable[[int, str], None]) -> list[tuple[int | None, str, bytes | None]]:
    """The puzzles, ``per_page`` to a page; with ``solutions``, each puzzle's answer
    drawing, packed (a few KB), for the answer pages. A puzzle page draws the scene of
    the puzzle alone: nothing of the answer's scene (its lines, the clues and faces it
    judges) can reach it."""
    from ..kinds import scene_of
    from .pages import GRIDS

    slots: list[tuple[float, float, float, float]] = []
    packed = []
    for k, e in enumerate(items):
        check()
        puzzle = e.load()
        e = graded(e.known(puzzle), puzzle)
        s = scene_of(puzzle)
        if k % per_page == 0:
            book.new_page("Puzzles", turned=per_page == 1 and book.turns(s, HEADING))
            slots = book.paper.grid(*GRIDS[per_page], gap=10.0)
        slot = book.centred(s, HEADING) if per_page == 1 else slots[k % per_page]
        number = k + 1 if len(items) > 1 else None  # one puzzle alone has no number
        box = book.heading(slot, number, f"{e.label()}  ·  {e.grade or 'no grade'}", HEADING)
        book.board(s, box)
        if solutions:
            answer = e.answer(puzzle)
            drawn = scene_of(puzzle, sorted(answer)) if answer is not None else None
            packed.append((number, e.label(), zlib.compress(pickle.dumps(drawn), 1) if drawn is not None else None))
        tick(k + 1, e.path or "")
    return packed


def _answer_pages(book: Book, drawn: list[tuple[int | None, str, bytes | None]], grid: tuple[int, int],
                  tick: Callable[[int, str], None]) -> None:
    """The answers, smaller, ``grid`` (columns, rows) to a page."""
    per_page = grid[0] * grid[1]
    slots: list[tuple[float, float, float, float]] = []
    for k, (number, label, packed) in enumerate(drawn):
        check()
        if k % per_page == 0:
            book.new_page("Answers")
            slots = book.paper.grid(*grid, gap=6.0)
        box = book.heading(slots[k % per_page], number, label if packed is not None else f"{label}: no answer", 8)
        if packed is not None:
            book.board(pickle.loads(zlib.decompress(packed)), box)
        tick(k + 1, f"answer {number}")

