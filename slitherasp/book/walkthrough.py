"""A puzzle's walkthrough: its explanation (:func:`slitherasp.explain.explain`) as a
few pictures. Every step at ``normal`` and above is a picture of its own with its
reason (clues and edges in the ``reason`` colour, what it settles in the ``settled``
colour), whatever the budget of pages; runs of easy steps are folded into one picture
of what they settle. When the pictures would take more than the budget, the shortest
easy runs are folded into the picture of the step after them (drawn there as settled
before it), and only easy runs: a harder step is never hidden in a fold. When they
would not fill a page, the longest easy runs are cut in two, so that a puzzle of easy
steps still shows how it unfolds.

>>> folded = fold([1, 1, 1, 2, 1, 1, 3, 1], room=3)
>>> [(g.first, g.last, g.top, g.single) for g in folded]
[(0, 3, 2, True), (4, 6, 3, True), (7, 7, 1, False)]
>>> [(g.first, g.last, g.single) for g in fold([1, 1, 1, 2], room=6)]
[(0, 2, False), (3, 3, True)]
>>> len(fold([3, 1, 3, 1, 3, 1, 3], room=2))  # four harder steps: four pictures
4
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model import Puzzle
from ..model.levels import HUMAN_LEVELS
from ..model.stopping import check
from ..render.pdf import PT
from .sources import Entry, graded

if TYPE_CHECKING:
    from .pages import Book

COLUMNS, ROWS = 2, 3
"""Pictures on a walkthrough page."""
CAPTION = (8.0, 7.0)
"""Points of a caption's first part (which steps, their level and rules) and the rest."""
LEADING = 1.35
"""A caption's line height, in font sizes."""
ABOVE = 4.0
"""Millimetres from a picture's bottom to its caption's first baseline."""
Lines = list[tuple[str, float]]
"""A caption laid out: its lines and their sizes (points)."""
SPLIT = 8
"""A run of easy steps longer than this is cut in two while a page has room."""


@dataclass(frozen=True)
class Group:
    """Steps ``first..last`` (indices) drawn as one picture; ``top``: the level of its
    hardest step. Either a run of easy steps (``top`` 1) or, ``single``, one step at
    ``normal`` or above, its last, drawn with its reason, after the easy steps
    ``first..last - 1`` folded into it (drawn as settled before it)."""

    first: int
    last: int
    top: int

    @property
    def single(self) -> bool:
        return self.top > 1


def runs(levels: Sequence[int]) -> list[Group]:
    """A picture of each step at ``normal`` and above and of each run of easy steps.

    >>> [(g.first, g.last) for g in runs([1, 1, 3, 2, 1])]
    [(0, 1), (2, 2), (3, 3), (4, 4)]
    """
    groups: list[Group] = []
    for k, level in enumerate(levels):
        if groups and level == 1 and groups[-1].top == 1:
            groups[-1] = Group(groups[-1].first, k, 1)
        else:
            groups.append(Group(k, k, level))
    return groups


def fold(levels: Sequence[int], room: int) -> list[Group]:
    """Pictures for steps of these levels (1 easy ... 6 search): at most ``room``
    while easy runs can be folded, and at least one for each step above easy."""
    groups = runs(levels)
    while len(groups) > max(room, 1):  # fold the shortest easy run into the step after it
        folds = [i for i in range(len(groups) - 1) if groups[i].top == 1 and groups[i + 1].top > 1]
        if not folds:
            break
        k = min(folds, key=lambda i: (groups[i].last - groups[i].first, i))
        groups[k:k + 2] = [Group(groups[k].first, groups[k + 1].last, groups[k + 1].top)]
    while len(groups) < min(room, COLUMNS * ROWS):  # cut the longest easy run in two
        long = [i for i, g in enumerate(groups) if g.top == 1 and g.last - g.first + 1 > SPLIT]
        if not long:
            break
        k = max(long, key=lambda i: groups[i].last - groups[i].first)
        g = groups[k]
        middle = (g.first + g.last) // 2
        groups[k:k + 1] = [Group(g.first, middle, 1), Group(middle + 1, g.last, 1)]
    return groups


def walkthroughs(book: Book, items: list[Entry], pages: int, tick: Callable[[int, str], None]) -> None:
    """A walkthrough of each puzzle, each from a new page, at most ``pages`` pages
    unless its steps above easy need more."""
    from ..explain import explain

    for k, e in enumerate(items):
        check()
        puzzle = e.load()
        if getattr(puzzle, "is_variant", False):  # a person's rules, and steps, are classic Slitherlink's
            tick(k + 1, e.path or "")
            continue
        e = graded(e.known(puzzle), puzzle)
        found = explain(puzzle)
        check()  # a stop request ends the steps early: the book is not written
        _draw(book, puzzle, k + 1, e, found, pages)
        tick(k + 1, e.path or "")


def _draw(book: Book, puzzle: Puzzle, number: int, e: Entry, found: Any, pages: int) -> None:
    """The pictures of one walkthrough, ``COLUMNS`` x ``ROWS`` to a page, each with
    its caption wrapped below it; the pictures of a page are drawn in boxes of one
    height, left by the longest caption on it."""
    steps = found.steps
    groups = fold([s.level for s in steps], pages * COLUMNS * ROWS)
    known: dict[int, bool] = {}
    per_page = COLUMNS * ROWS
    for start in range(0, len(groups), per_page):
        slots = _page(book, number, e, found, first=start == 0)
        chunk = groups[start:start + per_page]
        captions = [_lay_out(book, caption(puzzle, steps, g), slots[0][2]) for g in chunk]
        below = max(map(_height, captions))
        for g, (x, y, w, h), lines in zip(chunk, slots, captions):
            scene = _picture(puzzle, steps, g, known)
            for s in steps[g.first:g.last + 1]:
                known.update(s.settles)
            placed = book.board(scene, (x, y, w, h - below))
            _write(book, lines, x, placed.bottom + ABOVE, w)


def _page(book: Book, number: int, e: Entry, found: Any, first: bool) -> list[tuple[float, float, float, float]]:
    """A new page of a walkthrough, headed (on its first, with why the steps stop
    short if they do); the boxes of its pictures."""
    book.new_page("Walkthroughs")
    title = f"Walkthrough of puzzle {number}" if first else f"Puzzle {number}, continued"
    x, y, w, h = book.paper.content
    extra = f"{e.label()}  ·  {e.grade or 'no grade'}  ·  {len(found.steps)} steps"
    area = book.heading((x, y, w, h), None, f"{title}:  {extra}", 12)
    if first and not found.complete:
        note = book.wrap(f"The steps stop before the answer: {found.note or 'no step forces another edge'}.", 9, w)
        _write(book, [(line, 9.0) for line in note], x, area[1] + 3, w)
        area = (area[0], area[1] + 5 * len(note), area[2], area[3] - 5 * len(note))
    return book.paper.grid(COLUMNS, ROWS, gap=8.0, box=area)


def _lay_out(book: Book, parts: Sequence[str], width: float) -> Lines:
    """A caption's parts wrapped to ``width``: the first in the larger size."""
    return [(line, CAPTION[k > 0]) for k, part in enumerate(parts) for line in book.wrap(part, CAPTION[k > 0], width)]


def _height(lines: Lines) -> float:
    """Millimetres a caption takes below its picture (from its bottom)."""
    return ABOVE + sum(size / PT * LEADING for _, size in lines[1:]) + 1.5


def _write(book: Book, lines: Lines, x: float, baseline: float, width: float) -> None:
    """Lines written down from the first ``baseline``."""
    for k, (line, size) in enumerate(lines):
        if k:
            baseline += size / PT * LEADING
        book.text(line, x, baseline, size, width=width)


def shown(steps: Sequence[Any], g: Group) -> Sequence[Any]:
    """The steps whose edges the group's picture draws as settled: its one step above
    easy (not the easy ones folded before it), or its run of easy steps."""
    return steps[g.last:g.last + 1] if g.single else steps[g.first:g.last + 1]


def _picture(puzzle: Puzzle, steps: Sequence[Any], g: Group, before: dict[int, bool]) -> Any:
    """The board after the group: what it shows (:func:`shown`) in the ``settled``
    style and, for a single step, its reason (clues and edges) in the ``reason``
    style, after the easy steps folded into it, drawn as settled before it."""
    from ..render.scene import puzzle_scene

    board = dict(before)
    styles: dict[int, str] = {}
    clues: tuple[int, ...] = ()
    if g.single:
        for s in steps[g.first:g.last]:
            board.update(s.settles)
        step = steps[g.last]
        styles.update(dict.fromkeys((*step.links, *step.non_links), "reason"))
        for e in (*step.links, *step.non_links):
            board.setdefault(e, e in step.links)
        clues = step.clues
    for s in shown(steps, g):
        board.update(s.settles)
        styles.update(dict.fromkeys((e for e, _ in s.settles), "settled"))
    return puzzle_scene(puzzle, [e for e, line in board.items() if line],
                        crosses=[e for e, line in board.items() if not line],
                        edge_styles=styles, cell_styles=dict.fromkeys(clues, "reason"))


def _count(n: int, word: str) -> str:
    """``n`` and the word, plural when ``n`` is not 1 (``1 line``, ``2 crosses``)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def _made(steps: Sequence[Any]) -> str:
    """What ``steps`` settle, counted: ``3 lines, 1 cross``."""
    settles = [line for s in steps for _, line in s.settles]
    return ", ".join(_count(n, word) for n, word in ((sum(settles), "line"), (len(settles) - sum(settles), "cross"))
                     if n)


def caption(puzzle: Puzzle, steps: Sequence[Any], g: Group) -> tuple[str, ...]:
    """Lines under a picture: which steps, their level and rules; what they settle
    (green) and, for a single step, from what (orange), and which easy steps are
    folded into it. Each step's own level, never the puzzle's grade or its counts."""
    made = _made(shown(steps, g))
    if g.single:
        step = steps[g.last]
        reason = ", ".join(part for part in (_count(len(step.clues), "clue") if step.clues else "",
                                             _count(len(step.links), "line") if step.links else "",
                                             _count(len(step.non_links), "cross") if step.non_links else "") if part)
        lines = (f"Step {g.last + 1}: {step.level_name}, {', '.join(step.rules)}",
                 f"from {reason or 'the rules alone'} (orange): {made} (green)")
        if g.last == g.first:
            return lines
        span = f"step {g.first + 1}" if g.last - g.first == 1 else f"steps {g.first + 1}-{g.last}"
        return (*lines, f"after easy {span}, drawn without colour ({_made(steps[g.first:g.last])})")
    levels = sorted({s.level for s in steps[g.first:g.last + 1]})
    names = " and ".join(HUMAN_LEVELS[v - 1] for v in levels)
    span = f"Steps {g.first + 1}-{g.last + 1}" if g.last > g.first else f"Step {g.first + 1}"
    return f"{span}: {names}", f"{made} (green)"
