"""The pages of a book: paper, margins, the boxes puzzles go in, headings, running
heads and page numbers. Lengths in millimetres, y pointing down (fpdf2's page units).

>>> paper = Paper.named("a4")
>>> [tuple(round(v) for v in box) for box in paper.grid(2, 1, gap=10)]
[(16, 18, 84, 263), (110, 18, 84, 263)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..model.errors import InputError
from ..render import pdf
from ..render.scene import Scene, on_paper

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres, by name."""
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
"""Columns and rows of puzzles on a page, by puzzles per page."""
SIDE, TOP, BOTTOM = 16.0, 18.0, 16.0
"""Margins: left and right, above the content (the running head is in it), below."""
TURN = 1.15
"""A page of one puzzle is turned (landscape) when that draws its board this much larger."""
GREY = (110, 110, 110)
INK = (30, 30, 30)

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Paper:
    """A sheet: its name and size (mm)."""

    name: str
    width: float
    height: float

    @classmethod
    def named(cls, name: str) -> Paper:
        size = PAPERS.get(name.lower())
        if size is None:
            raise InputError(f"paper {name!r} is not one of {', '.join(PAPERS)}")
        return cls(name.lower(), *size)

    @property
    def content(self) -> Box:
        """The part of the page within the margins."""
        return SIDE, TOP, self.width - 2 * SIDE, self.height - TOP - BOTTOM

    def turned(self) -> Paper:
        """The sheet turned a quarter (landscape for a portrait sheet)."""
        return Paper(self.name, self.height, self.width)

    def grid(self, cols: int, rows: int, gap: float, box: Box | None = None) -> list[Box]:
        """``cols`` x ``rows`` boxes filling ``box`` (default: the content), row by row."""
        x, y, w, h = self.content if box is None else box
        cw, ch = (w - (cols - 1) * gap) / cols, (h - (rows - 1) * gap) / rows
        return [(x + c * (cw + gap), y + r * (ch + gap), cw, ch) for r in range(rows) for c in range(cols)]


def head_height(size_pt: float) -> float:
    """Millimetres a heading of ``size_pt`` takes above its board.

    >>> round(head_height(11), 2)
    6.82
    """
    return size_pt / pdf.PT * 1.5 + 1.0


def below(box: Box, height: float) -> Box:
    """What is left of ``box`` below its top ``height`` millimetres."""
    x, y, w, h = box
    return x, y + height, w, h - height


def pages_for(count: int, per_page: int) -> int:
    """Pages that ``count`` puzzles take, ``per_page`` to a page.

    >>> pages_for(9, 4), pages_for(0, 4)
    (3, 0)
    """
    return math.ceil(count / per_page)


class Book:
    """An fpdf2 document being filled page by page, with a running head (the book's
    title, the section) and page numbers on every page."""

    def __init__(self, paper: Paper, title: str | None, author: str | None) -> None:
        self.sheet, self.title, self.author = paper, title, author
        self.paper = paper
        """This page's sheet: the book's, or turned for a wide puzzle of its own."""
        self.doc = pdf.new_document(paper=paper.name)
        if title:
            self.doc.set_title(title)
        if author:
            self.doc.set_author(author)

    @property
    def page(self) -> int:
        return int(self.doc.page_no())

    def new_page(self, section: str, turned: bool = False) -> None:
        """A fresh page, landscape if ``turned``: its running head (title left,
        ``section`` right) and number."""
        doc = self.doc
        self.paper = self.sheet.turned() if turned else self.sheet
        doc.add_page(orientation="L" if turned else "P")
        head = self.title or "slitherasp"
        self.text(head, SIDE, 10.0, 8, GREY)
        self.text(section, self.paper.width - SIDE, 10.0, 8, GREY, align="right")
        self.text(str(self.page), self.paper.width / 2, self.paper.height - 8.0, 9, GREY, align="centre")

    def text(self, text: str, x: float, y: float, size_pt: float, colour: tuple[int, int, int] = INK,
             align: str = "left", width: float | None = None) -> float:
        """Write one line with its baseline at ``y``; shortened with an ellipsis to fit
        ``width``; returns the width it took."""
        doc = self.doc
        pdf.set_font(doc, size_pt)
        doc.set_text_color(*colour)
        if width is not None and doc.get_string_width(text) > width:
            while len(text) > 1 and doc.get_string_width(text + "…") > width:
                text = text[:-1]
            text += "…"
        w = float(doc.get_string_width(text))
        left = x - w if align == "right" else x - w / 2 if align == "centre" else x
        doc.text(left, y, text)
        return w

    def wrap(self, text: str, size_pt: float, width: float) -> list[str]:
        """``text`` broken between words into lines no wider than ``width`` at
        ``size_pt`` (a word wider than a line alone takes one line of its own)."""
        pdf.set_font(self.doc, size_pt)
        lines: list[str] = []
        for word in text.split():
            if lines and self.doc.get_string_width(f"{lines[-1]} {word}") <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def heading(self, box: Box, number: int | None, label: str, size_pt: float) -> Box:
        """A puzzle's heading at the top of ``box`` (its number large, then the rest);
        the box left below it for the board."""
        x, y, w, h = box
        line = size_pt / pdf.PT * 1.5
        used = self.text(f"{number}", x, y + line * 0.75, size_pt * 1.3) + 2.5 if number is not None else 0.0
        self.text(label, x + used, y + line * 0.75, size_pt, GREY, width=w - used)
        return below(box, head_height(size_pt))

    def board(self, s: Scene, box: Box) -> pdf.Placed:
        """The scene drawn as large as ``box`` allows, its plain cells white (for pen
        and paper: :func:`~slitherasp.render.scene.on_paper`)."""
        return pdf.draw(self.doc, on_paper(s), box)

    def turns(self, s: Scene, size_pt: float) -> bool:
        """Whether a page of ``s`` alone (under a heading of ``size_pt``) draws it
        :data:`TURN` times larger turned: a wide board on a portrait sheet."""
        head = head_height(size_pt)
        upright = pdf.fit(s, below(self.sheet.content, head)).scale
        return pdf.fit(s, below(self.sheet.turned().content, head)).scale > TURN * upright

    def centred(self, s: Scene, size_pt: float) -> Box:
        """The box for ``s`` alone on this page under a heading of ``size_pt``: as
        tall as the heading and the board drawn as large as the page allows, in the
        middle of the page's content, up and down as across (not at its top)."""
        x, y, w, h = self.paper.content
        head = head_height(size_pt)
        used = pdf.fit(s, below(self.paper.content, head)).bottom - y
        return x, y + (h - used) / 2, w, used

    def title_page(self, count: int, contents: list[tuple[str, int]]) -> None:
        """The title, the author, how many puzzles, the rules in two lines and where
        each part starts."""
        doc, w = self.doc, self.paper.width
        doc.add_page()
        y = self.paper.height * 0.3
        self.text(self.title or "Slitherlink", w / 2, y, 28, align="centre", width=w - 2 * SIDE)
        if self.author:
            self.text(self.author, w / 2, y + 14, 14, GREY, align="centre", width=w - 2 * SIDE)
        y += 40
        self.text(f"{count} puzzle{'s' * (count != 1)}", w / 2, y, 12, align="centre")
        for k, line in enumerate(RULES):
            self.text(line, w / 2, y + 12 + 6 * k, 10, GREY, align="centre", width=w - 2 * SIDE)
        y += 40
        for part, page in contents:
            self.text(part, w / 2 - 40, y, 11)
            self.text(str(page), w / 2 + 40, y, 11, align="right")
            y += 7

    def output(self) -> bytes:
        return bytes(self.doc.output())


RULES = (
    "Draw one loop along the edges, never crossing or touching itself.",
    "A number says how many of the edges around its face the loop uses.",
)
"""The rules, as the title page says them."""


def answer_grid(per_page: int) -> tuple[int, int]:
    """Columns and rows of answers on a page: one more of each than of puzzles.

    >>> answer_grid(4), answer_grid(6)
    ((3, 3), (3, 4))
    """
    cols, rows = GRIDS[per_page]
    return cols + 1, rows + 1


def check_per_page(per_page: int) -> None:
    if per_page not in GRIDS:
        raise InputError(f"puzzles per page must be one of {', '.join(map(str, GRIDS))}, not {per_page}")

