"""Scenes drawn on PDF pages, as vectors, through fpdf2 (the optional ``print`` extra).

The same scene as :mod:`.svg` and :mod:`.png` draw, placed in a box of a page: faces as
filled polygons, edges as lines, the loop as paths with round joins, dots as round
caps of zero length, clues as text in one embedded TrueType font (DejaVu Sans where
the system has it: :func:`font_file`). Nothing is rasterised. :mod:`slitherasp.book`
lays the pages out; this module only draws one scene where it is told.

>>> from slitherasp.model import from_faces
>>> from slitherasp.render.scene import puzzle_scene
>>> s = puzzle_scene(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
>>> try:
...     doc = new_document()
...     doc.add_page()
...     placed = draw(doc, s, (10, 10, 40, 40))
...     ok = [round(v, 6) for v in placed.at((1, 1))] == [30, 30] and bytes(doc.output())[:5] == b"%PDF-"
... except InputError as missing:  # fpdf2 is optional; the message says what to install
...     ok = "pip install" in str(missing)
>>> ok
True
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..model import Point
from ..model.errors import InputError
from ..model.extras import needs
from .scene import COLOURS, EdgeMark, Scene
from .svg import CROSS_SIZE, DOT_RADIUS, GRID_WIDTH, LOOP_WIDTH, MARK_WIDTH, MARKED_CROSS_WIDTH, marked_cross

FONT = "sans"
"""The family name the font is registered under in each document."""
FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/local/share/fonts/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/Library/Fonts/Arial.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "C:/Windows/Fonts/arial.ttf",
)
"""Where a TrueType sans-serif font usually is (after ``$SLITHERASP_FONT`` and fontconfig)."""
PT = 72 / 25.4
"""Points per millimetre (fpdf2 sizes fonts in points, the pages here are in mm)."""



def fpdf() -> Any:
    """The fpdf2 module; :class:`InputError` saying how to install it when it is missing."""
    try:
        import fpdf as module
    except ImportError:
        raise InputError(needs("print", "PDF output")) from None
    return module


@lru_cache(maxsize=1)
def font_file() -> str | None:
    """A TrueType font to embed: ``$SLITHERASP_FONT``, fontconfig's sans-serif
    (``fc-match``), or one of :data:`FONT_FILES`; None when there is none (then the
    PDF's own Helvetica is used, which every reader has but which is not embedded)."""
    wanted = os.environ.get("SLITHERASP_FONT")
    if wanted:
        if not Path(wanted).is_file():
            raise InputError("no such font file (SLITHERASP_FONT)", source=wanted)
        return wanted
    candidates = list(FONT_FILES)
    if shutil.which("fc-match"):
        try:
            found = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans:style=Book"], capture_output=True,
                                   text=True, timeout=5).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            found = ""
        if found.lower().endswith(".ttf"):
            candidates.insert(0, found)
    return next((f for f in candidates if Path(f).is_file()), None)


def new_document(unit: str = "mm", paper: str = "a4") -> Any:
    """An fpdf2 document with the font registered (embedded, subset to the glyphs
    used), no automatic page breaks, pages of ``paper`` in ``unit``."""
    doc = fpdf().FPDF(unit=unit, format=paper)
    doc.set_auto_page_break(False)
    doc.set_creator("slitherasp")
    path = font_file()
    if path is None:
        doc.set_font("helvetica", size=10)
    else:
        doc.add_font(FONT, fname=path)
        doc.set_font(FONT, size=10)
    return doc


def set_font(doc: Any, size_pt: float) -> None:
    """The document's font at ``size_pt`` points (the embedded one, else Helvetica)."""
    doc.set_font(FONT if font_file() is not None else "helvetica", size=size_pt)


@lru_cache(maxsize=64)
def rgb(name: str) -> tuple[int, int, int]:
    """The colour of a style, as 0..255 red, green and blue.

    >>> rgb("loop")
    (24, 41, 61)
    """
    code = COLOURS[name].lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


@dataclass(frozen=True)
class Placed:
    """Where a scene went on its page: page units per scene unit, the page point of
    the scene's origin and the page height of the drawing's lowest point."""

    scale: float
    x: float
    y: float
    bottom: float

    def at(self, p: Point) -> tuple[float, float]:
        return self.x + self.scale * p[0], self.y + self.scale * p[1]


def reach(s: Scene) -> float:
    """How far, in scene units, the strokes of ``s`` reach beyond its edges' ends: a
    dot's radius, half a line's or a mark's width, a cross on an outer edge.

    >>> from slitherasp.render.scene import EdgeMark
    >>> reach(Scene(1.0, 1.0, (), (EdgeMark(0, (0, 0), (1, 0), "cross"),), (), ((0, 0),), ()))
    0.148
    """
    strokes = [DOT_RADIUS * bool(s.dots), LOOP_WIDTH / 2 * bool(s.loop),
               MARK_WIDTH / 2 * any(e.style for e in s.edges),
               (CROSS_SIZE + 0.8 * GRID_WIDTH) * any(e.state == "cross" and not e.style for e in s.edges),
               (marked_cross(s) + MARKED_CROSS_WIDTH / 2) * any(e.state == "cross" and e.style for e in s.edges)]
    return max(GRID_WIDTH / 2, *strokes)


def extent(s: Scene) -> tuple[float, float, float, float]:
    """What of ``s`` is drawn, ``(left, top, right, bottom)`` in scene units: its
    edges and dots and what their strokes :func:`reach` beyond them, and its title;
    the whole scene when it has none of them (the scene's own blank margin, half an
    edge, would only shrink a printed board).

    >>> from slitherasp.render.scene import EdgeMark
    >>> extent(Scene(3.0, 3.0, (), (EdgeMark(0, (0.5, 0.5), (2.5, 1.5)),), (), (), ()))
    (0.4825, 0.4825, 2.5175, 1.5175)
    """
    points = [p for e in s.edges for p in (e.a, e.b)] + list(s.dots)
    if not points:
        return 0.0, 0.0, s.width, s.height
    pad = reach(s)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    top = min(ys) - pad
    for t in s.texts:
        if t.kind == "title":  # across the scene's width, in its band above the drawing
            xs += [0.0, s.width]
            top = min(top, t.at[1] - t.size)
    return max(0.0, min(xs) - pad), max(0.0, top), min(s.width, max(xs) + pad), min(s.height, max(ys) + pad)


def fit(s: Scene, box: tuple[float, float, float, float]) -> Placed:
    """The largest placement of what ``s`` draws (:func:`extent`) inside ``box``
    ``(x, y, width, height)``, centred across and at the top.

    >>> fit(Scene(2.0, 1.0, (), (), (), (), ()), (0, 0, 10, 10))
    Placed(scale=5.0, x=0.0, y=0.0, bottom=5.0)
    """
    left, top, right, bottom = extent(s)
    x, y, w, h = box
    scale = min(w / max(right - left, 1e-9), h / max(bottom - top, 1e-9))
    return Placed(scale, x + (w - scale * (right - left)) / 2 - scale * left, y - scale * top,
                  y + scale * (bottom - top))


def draw(doc: Any, s: Scene, box: tuple[float, float, float, float], *, clue_size: float | None = None) -> Placed:
    """Draw ``s`` on the current page of ``doc`` inside ``box``; where it went.
    Clues are drawn in one size, ``clue_size`` scene units (default: the scene's
    :meth:`~slitherasp.render.scene.Scene.board_clue_size`); a title in its own."""
    placed = fit(s, box)
    k = placed.scale
    with doc.local_context(stroke_cap_style="ROUND", stroke_join_style="ROUND"):
        for style in dict.fromkeys(f.style for f in s.faces):
            if rgb(style) == rgb("background"):
                continue  # the page's own white needs no ink (nor a polygon in the file)
            doc.set_fill_color(*rgb(style))
            for f in s.faces:
                if f.style == style:
                    doc.polygon([placed.at(p) for p in f.points], style="F")
        for figure in s.figures:  # Sheep-Wolf's animals, over their faces
            doc.set_fill_color(*rgb(figure.style))
            doc.polygon([placed.at(p) for p in figure.points], style="F")
        _lines(doc, placed, [(e.a, e.b) for e in s.edges], "grid", GRID_WIDTH * k)
        for style in sorted({e.style for e in s.edges if e.style}):
            with doc.local_context(stroke_opacity=0.55):
                _lines(doc, placed, [(e.a, e.b) for e in s.edges if e.style == style], style, MARK_WIDTH * k)
        _lines(doc, placed, _crosses([e for e in s.edges if e.state == "cross" and not e.style], CROSS_SIZE), "cross",
               1.6 * GRID_WIDTH * k)
        doc.set_draw_color(*rgb("loop"))
        doc.set_line_width(LOOP_WIDTH * k)
        for pts, closed in s.loop:
            doc.polyline([placed.at(p) for p in pts], polygon=closed)
        for style in sorted({e.style for e in s.edges if e.style}):  # marked: in the style's colour
            _lines(doc, placed, [(e.a, e.b) for e in s.edges if e.style == style and e.state == "line"], style,
                   LOOP_WIDTH * k)
            _lines(doc, placed, _crosses([e for e in s.edges if e.style == style and e.state == "cross"],
                                         marked_cross(s)), style, MARKED_CROSS_WIDTH * k)
        _lines(doc, placed, [(p, p) for p in s.dots], "dot", 2 * DOT_RADIUS * k)
    _texts(doc, s, placed, s.board_clue_size() if clue_size is None else clue_size)
    return placed


def _lines(doc: Any, placed: Placed, segments: list[tuple[Point, Point]], style: str, width: float) -> None:
    if not segments:
        return
    doc.set_draw_color(*rgb(style))
    doc.set_line_width(width)
    for a, b in segments:
        doc.line(*placed.at(a), *placed.at(b))


def _crosses(edges: list[EdgeMark], c: float) -> list[tuple[Point, Point]]:
    """The strokes of a cross ``c`` wide on each side of each edge's middle."""
    out = []
    for e in edges:
        x, y = (e.a[0] + e.b[0]) / 2, (e.a[1] + e.b[1]) / 2
        out += [((x - c, y - c), (x + c, y + c)), ((x - c, y + c), (x + c, y - c))]
    return out


def _texts(doc: Any, s: Scene, placed: Placed, clue_size: float) -> None:
    """Each text centred on its point (the SVG's ``dy="0.35em"``: the baseline a bit
    below it); clues in one size, others in their own. Font and colour are set once
    for each run of texts that share them, and each word is measured once."""
    widths: dict[tuple[float, str], float] = {}
    font, colour = None, None
    for t in s.texts:
        size = (clue_size if t.kind == "clue" else t.size) * placed.scale
        if size != font:
            set_font(doc, size * PT)
            font = size
        if t.style != colour:
            doc.set_text_color(*rgb(t.style))
            colour = t.style
        x, y = placed.at(t.at)
        w = widths.get((size, t.text))
        if w is None:
            w = widths[size, t.text] = doc.get_string_width(t.text)
        doc.text(x - w / 2, y + 0.35 * size, t.text)
