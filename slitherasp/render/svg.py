"""Scenes as standalone, scalable SVG documents.

>>> from slitherasp.model import from_faces
>>> from slitherasp.render.scene import puzzle_scene
>>> doc = svg(puzzle_scene(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3]))
>>> doc.count('class="clue"'), doc.count('class="loop"'), 'viewBox="0 0 80 80"' in doc
(1, 1, True)
"""

from __future__ import annotations

from ..model import Point
from .scene import COLOURS, EdgeMark, Scene

UNIT = 40.0
"""SVG user units per median edge length."""
GRID_WIDTH, LOOP_WIDTH, DOT_RADIUS, MARK_WIDTH, CROSS_SIZE = 0.035, 0.13, 0.065, 0.2, 0.12
MARKED_CROSS_SHARE, MARKED_CROSS_LEAST, MARKED_CROSS_WIDTH = 0.3, 0.18, 0.09
"""A marked cross (a step's reason or what it settles), in its style's colour, is
bolder than the grey ones and sized by the board's clues (a share of their size, at
least the least), so that one alone shows wherever the clues read: on hats, whose
faces are large for their edges, it is 2.7 times a square grid's."""


def marked_cross(s: Scene) -> float:
    """Half the width of a marked cross on ``s``, in its units.

    >>> marked_cross(Scene(1.0, 1.0, (), (), (), (), (), clue_size=0.65))
    0.195
    """
    return max(MARKED_CROSS_LEAST, round(MARKED_CROSS_SHARE * s.board_clue_size(), 6))
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def escape(text: str) -> str:
    """Text for XML (``&``, ``<`` and ``>`` as entities): written here, because
    :mod:`xml.sax.saxutils` loads 38 modules (urllib, http, email) to do it, 0.6 s of the
    page's start in the browser."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _n(x: float) -> str:
    s = f"{x * UNIT:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _xy(p: Point) -> str:
    return f"{_n(p[0])} {_n(p[1])}"


def _path(cls: str, d: str, colour: str, width: float, extra: str = "") -> str:
    return (f'<path class="{cls}" d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
            f'stroke-linecap="round"{extra}/>')


def _crosses(edges: list[EdgeMark], c: float) -> str:
    """Path data of a cross ``c`` wide on each side of each edge's middle."""
    d = []
    for e in edges:
        x, y = (e.a[0] + e.b[0]) / 2, (e.a[1] + e.b[1]) / 2
        d.append(f"M{_xy((x - c, y - c))} L{_xy((x + c, y + c))} M{_xy((x - c, y + c))} L{_xy((x + c, y - c))}")
    return "".join(d)


def _marked(s: Scene) -> list[str]:
    """Marked lines over the loop and marked crosses, each in its style's colour."""
    out = []
    for style in sorted({e.style for e in s.edges if e.style}):
        lines = "".join(f"M{_xy(e.a)} L{_xy(e.b)}" for e in s.edges if e.style == style and e.state == "line")
        if lines:
            out.append(_path(f"line {style}", lines, COLOURS[style], LOOP_WIDTH))
        crosses = [e for e in s.edges if e.style == style and e.state == "cross"]
        if crosses:
            out.append(_path(f"cross {style}", _crosses(crosses, marked_cross(s)), COLOURS[style],
                             MARKED_CROSS_WIDTH))
    return out


def svg(s: Scene, name: str = "slitherasp") -> str:
    """The scene as an SVG document titled ``name``."""
    w, h = _n(s.width), _n(s.height)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">',
        f"<title>{escape(name)}</title>",
    ]
    if s.note:
        out.append(f"<!-- {escape(s.note).replace('--', '- -')} -->")
    out.append(f'<rect class="background" width="{w}" height="{h}" fill="{COLOURS["background"]}"/>')
    out.append('<g class="faces" stroke="none">')
    out += [f'<path d="M{" L".join(_xy(p) for p in f.points)} Z" fill="{COLOURS[f.style]}"/>' for f in s.faces]
    out.append("</g>")
    if s.figures:  # Sheep-Wolf's animals, over their faces
        out.append('<g class="figures" stroke="none">')
        out += [f'<path class="{f.style}" d="M{" L".join(_xy(p) for p in f.points)} Z" fill="{COLOURS[f.style]}"/>'
                for f in s.figures]
        out.append("</g>")
    out.append(_path("grid", "".join(f"M{_xy(e.a)} L{_xy(e.b)}" for e in s.edges), COLOURS["grid"], GRID_WIDTH))
    for style in sorted({e.style for e in s.edges if e.style}):
        marked = "".join(f"M{_xy(e.a)} L{_xy(e.b)}" for e in s.edges if e.style == style)
        out.append(_path(f"mark {style}", marked, COLOURS[style], MARK_WIDTH, ' stroke-opacity="0.55"'))
    crosses = [e for e in s.edges if e.state == "cross" and not e.style]
    if crosses:
        out.append(_path("cross", _crosses(crosses, CROSS_SIZE), COLOURS["cross"], GRID_WIDTH * 1.6))
    if s.loop:
        d = "".join(f"M{' L'.join(_xy(p) for p in pts)}{' Z' if closed else ''}" for pts, closed in s.loop)
        out.append(_path("loop", d, COLOURS["loop"], LOOP_WIDTH, ' stroke-linejoin="round"'))
    out += _marked(s)
    if s.dots:
        d = "".join(f"M{_xy(p)} h0" for p in s.dots)
        out.append(f'<path class="vertices" d="{d}" stroke="{COLOURS["dot"]}" '
                   f'stroke-width="{_n(2 * DOT_RADIUS)}" stroke-linecap="round"/>')
    out.append(f'<g font-family="{FONT}" text-anchor="middle">')
    out += [
        f'<text class="{t.kind}" x="{_n(t.at[0])}" y="{_n(t.at[1])}" dy="0.35em" '
        f'font-size="{_n(t.size)}" fill="{t.colour}">{escape(t.text)}</text>'
        for t in s.texts
    ]
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)
