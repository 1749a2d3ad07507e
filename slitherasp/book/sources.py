"""What goes into a book: entries that say where a puzzle is and what is known of it
(tiling, size, a person's grade), read only when their page is drawn.

A collection folder made by ``generate --count`` lists its puzzles in ``index.jsonl``
(order, tiling, size, grades): :func:`collection` reads the index and no puzzle. A
puzzle file, a game ID or a :class:`~slitherasp.model.Puzzle` becomes an entry with
:func:`entry`; what the index does not say is found when the puzzle is read.

>>> from slitherasp import tilings
>>> e = entry(tilings.build("square", 2, 2).with_clues([2, None, None, 2]))
>>> e.tiling, e.size, e.label()
('square', '2x2', 'square 2x2')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError
from ..model.levels import HUMAN_LEVELS

INDEX = "index.jsonl"


@dataclass(frozen=True)
class Entry:
    """One puzzle of a book: a file (``path``) or a puzzle in memory (``puzzle``), and
    what is known of it without reading it; ``number`` orders a collection."""

    path: str | None = None
    puzzle: Puzzle | None = None
    tiling: str | None = None
    size: str | None = None
    grade: str | None = None
    score: float | None = None
    number: int = 0
    format: str | None = None
    """The format of the file (default: by extension, then by content)."""
    variant: str | None = None
    """Read the file as this Slitherlink variant (``--variant``), where its format
    cannot say it."""
    title: str | None = None
    """A variant's title (``Touch Slitherlink``), once the puzzle is read."""

    def load(self) -> Puzzle:
        """The puzzle (read from its file, with its geometry sidecar, if it has one);
        :class:`InputError` for a puzzle this book cannot print."""
        if self.puzzle is not None:
            return _slitherlink(self.puzzle, self.path or "<puzzle>")
        from ..formats import read_file

        assert self.path is not None
        puzzle = read_file(self.path, self.format)
        if self.variant is not None and not getattr(puzzle, "is_variant", False):
            from ..kinds.variant.puzzle import as_variant

            puzzle = as_variant(puzzle, self.variant)
        return _slitherlink(puzzle, self.path)

    def known(self, puzzle: Puzzle) -> Entry:
        """This entry with what ``puzzle`` (its own, read) tells of tiling, size and
        variant."""
        title = getattr(puzzle, "title", None)
        ref = puzzle.tiling
        if ref is None:
            return replace(self, size=self.size or f"{len(puzzle.cells)} cells", title=title)
        return replace(self, tiling=self.tiling or ref.name, size=self.size or f"{ref.width}x{ref.height}",
                       title=title)

    def label(self) -> str:
        """Tiling and size, as a heading says them (``square 10x10``; ``40 cells``
        for a puzzle of no named tiling), and a variant's title once read."""
        where = " ".join(x for x in (self.tiling, self.size) if x) or "puzzle"
        return f"{where}  ·  {self.title}" if self.title else where

    def answer(self, puzzle: Puzzle) -> frozenset[int] | None:
        """The puzzle's answer: its reference answer file (``NAME.answer``) when there
        is one and it is valid, else the solver's; None when it has none."""
        if self.path is not None:
            from ..formats import answer_path

            given = answer_path(self.path)
            if given.is_file():
                from ..formats.lp import read_answer
                from ..kinds import kind_of
                from ..model.limits import read_text

                report = kind_of(puzzle).check(puzzle, read_answer(read_text(given), str(given)))
                if report.valid:
                    return report.edges
        from ..solver.run import solve

        return solve(puzzle).answer


def _slitherlink(puzzle: Any, source: str) -> Puzzle:
    if not isinstance(puzzle, Puzzle) and not getattr(puzzle, "is_variant", False):
        raise InputError("a book prints Slitherlink puzzles and its variants; this is another kind", source=source)
    return puzzle


def entry(item: Entry | Puzzle | str | Path) -> Entry:
    """An entry for a puzzle, a file name (or a game ID), or an entry as it is."""
    if isinstance(item, Entry):
        return item
    if isinstance(item, (str, Path)):
        return Entry(path=str(item))
    if isinstance(item, Puzzle) or getattr(item, "is_variant", False):
        return Entry(puzzle=item).known(item)
    raise InputError(f"a book takes puzzles, file names or entries, not {type(item).__name__}")


def collection(folder: str | Path) -> list[Entry]:
    """The puzzles of a collection folder in the order of their numbers, as its
    ``index.jsonl`` lists them; puzzles that failed are left out, and so is a line cut
    short by a crash (as ``generate`` leaves it out: it makes that puzzle again).

    :class:`InputError` names the index and line of an entry that names no file.
    """
    from ..model.limits import read_text

    index = Path(folder) / INDEX
    found = []
    for n, line in enumerate(read_text(index).splitlines(), 1):
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if not isinstance(item, dict) or "failed" in item:
            continue
        name = item.get("file")
        if not isinstance(name, str) or not name or Path(name).name != name:
            raise InputError("the line names no puzzle file of the folder ('file')", source=str(index), line=n)
        number = item.get("number", n)
        score = item.get("score")
        found.append(Entry(path=str(Path(folder) / name), tiling=_text(item.get("tiling")),
                           size=_text(item.get("size")), grade=_grade(item.get("grade")),
                           score=float(score) if isinstance(score, (int, float)) else None,
                           number=number if isinstance(number, int) else n))
    found.sort(key=lambda e: e.number)
    return found


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _grade(value: Any) -> str | None:
    return value if value in HUMAN_LEVELS else None


def graded(e: Entry, puzzle: Puzzle | None = None) -> Entry:
    """The entry with a person's grade: its own (from an index), else the one rule
    engine's (:func:`~slitherasp.explain.human_grade`, reading the puzzle if needed)."""
    if e.grade is not None:
        return e
    from ..explain import human_grade

    puzzle = e.load() if puzzle is None else puzzle
    if not isinstance(puzzle, Puzzle):  # a variant: a person's rules are classic Slitherlink's
        return e.known(puzzle)
    found = human_grade(puzzle)
    return replace(e.known(puzzle), grade=found.level, score=found.score if found.level else None)


def by_grade(entries: Sequence[Entry]) -> list[Entry]:
    """Easiest first: by a person's grade, then its score, then the order given
    (puzzles without a grade last). Entries without a grade are graded first.

    >>> es = [Entry(path="a", grade="hard"), Entry(path="b", grade="easy", score=1.5), Entry(path="c", grade="easy")]
    >>> [e.path for e in by_grade(es)]
    ['c', 'b', 'a']
    """
    known = [graded(e) for e in entries]
    order = {level: k for k, level in enumerate(HUMAN_LEVELS)}
    return sorted(known, key=lambda e: (order.get(e.grade or "", len(order)), e.score or 0.0))


def entries(items: Iterable[Entry | Puzzle | str | Path]) -> list[Entry]:
    """Entries for puzzles, files, game IDs and collection folders (each folder's
    puzzles in its index's order)."""
    found: list[Entry] = []
    for item in items:
        if isinstance(item, (str, Path)) and Path(item).is_dir():
            found += collection(item)
        else:
            found.append(entry(item))
    return found
