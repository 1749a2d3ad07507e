"""The one intermediate drawing: what to draw, as plain data, for every back end.

A :class:`Scene` holds the faces (polygons with a style), every edge (with its state:
a ``line``, a ``cross`` or ``empty``, and a style such as ``reason``), the lines
joined into paths, the dots, and the texts (clues, a title). Lengths are in units of
the median edge, y pointing down, the origin at the top left. SVG, PNG, the web page
and the drawn explanation steps all draw scenes and nothing else.

:func:`puzzle_scene` draws a Slitherlink puzzle; other kinds draw themselves with the
same pieces (:class:`Frame`, :class:`Scene`), and :func:`scene_of` asks a puzzle's
kind for its scene. A puzzle without geometry is placed by :mod:`.layout`.

>>> from slitherasp.model import from_faces
>>> s = puzzle_scene(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
>>> s.width, s.height, len(s.loop), s.texts[0].text, {e.state for e in s.edges}
(2.0, 2.0, 1, '4', {'line'})
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..model import Geometry, Point, Puzzle, median, median_length
from ..model.errors import InputError
from .poles import poles

# --------------------------------------------------------------------------- style
MARGIN = 0.5
"""Blank border around the drawing, in median edge lengths."""
TITLE_HEIGHT = 0.9
"""Least height of the title band (it grows with the title's size on wide drawings)."""
CLUE_SIZE = 1.3
"""Clue font size as a multiple of the median inscribed radius of the faces."""
COLOURS = {
    "background": "#ffffff",
    "face": "#f1f1ec",
    "inside": "#bcd6ec",
    "outside": "#fbfbf9",
    "grid": "#a9a9a9",
    "loop": "#18293d",
    "cross": "#7a7a7a",
    "dot": "#4d4d4d",
    "clue": "#1e1e1e",
    "wrong": "#c62828",
    "title": "#1e1e1e",
    "black": "#2e2e2e",
    "reason": "#d55e00",
    "reason-face": "#fbe3cf",
    "settled": "#009e73",
    "paper": "#ffffff",
    "sheep": "#ffffff",
    "sheep-line": "#3b3b3b",
    "wolf": "#55555f",
    "wolf-eye": "#f2c230",
    "wrong-face": "#f7d4d4",
}
"""Every colour of every drawing, by style name (colour-blind safe accents)."""
ONE_DIGIT_FIT = 1.86
"""The clue font size that fits a one-digit clue in a circle of radius 1 (as the web
page's board.js)."""
LINE_STATES = ("empty", "line", "cross")
"""An edge's state on a board: undecided, drawn as part of the loop, or crossed out."""


# --------------------------------------------------------------------------- scene
@dataclass(frozen=True)
class Text:
    """A text at a point: ``kind`` is ``clue`` or ``title``; ``style`` a colour name."""

    at: Point
    size: float
    text: str
    style: str = "clue"
    kind: str = "clue"
    cell: int | None = None

    @property
    def colour(self) -> str:
        return COLOURS[self.style]


@dataclass(frozen=True)
class FaceMark:
    """A face: its cell, its corners and its style (``face``, ``inside``, ...);
    ``centre``: where its label goes (the pole of inaccessibility), ``radius``: the
    radius of the largest circle inside it there (the web page sizes clues and tells a
    click on a face's middle from one near an edge by them)."""

    cell: int
    points: tuple[Point, ...]
    style: str = "face"
    centre: Point | None = None
    radius: float = 0.0


@dataclass(frozen=True)
class EdgeMark:
    """An edge: its index, its ends, its state (:data:`LINE_STATES`) and a style
    (``""``, ``reason``, ``settled`` or ``wrong``)."""

    index: int
    a: Point
    b: Point
    state: str = "empty"
    style: str = ""


@dataclass(frozen=True)
class Figure:
    """A filled shape drawn over a face, below the lines (a sheep, a wolf): its
    corners, its style (a colour name) and the cell it belongs to."""

    points: tuple[Point, ...]
    style: str
    cell: int | None = None


@dataclass(frozen=True)
class Scene:
    """Everything to draw, in median-edge units with y pointing down (0, 0 at top left)."""

    width: float
    height: float
    faces: tuple[FaceMark, ...]
    edges: tuple[EdgeMark, ...]
    loop: tuple[tuple[tuple[Point, ...], bool], ...]
    """The lines joined into paths ``(points, closed)``, for smooth corners."""
    dots: tuple[Point, ...]
    texts: tuple[Text, ...]
    note: str = ""
    clue_size: float = 0.5
    """The usual clue font size (smaller faces get smaller clues)."""
    figures: tuple[Figure, ...] = ()
    """Shapes over faces (Sheep-Wolf's animals), drawn after the faces."""

    def board_clue_size(self) -> float:
        """One clue size for the whole board, as the web page chooses it: the usual
        size, unless some face is too small for it (then what fits a one-digit clue in
        the smallest face's inner circle, but never under half the usual size).

        >>> round(Scene(1.0, 1.0, (FaceMark(0, (), radius=0.2),), (), (), (), (), clue_size=0.65).board_clue_size(), 3)
        0.372
        """
        fits = min((ONE_DIGIT_FIT * f.radius for f in self.faces if f.radius > 0), default=math.inf)
        return max(0.5 * self.clue_size, min(self.clue_size, fits))

    def as_dict(self) -> dict[str, Any]:
        """The scene as plain JSON-ready data (what the web page draws): what
        :func:`dataclasses.asdict` gives, a tenth of the time (its deep copies of every
        point took half of opening a 30x30 Cairo board in the web app).

        >>> from dataclasses import asdict
        >>> from slitherasp.model import from_faces
        >>> s = puzzle_scene(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
        >>> s.as_dict() == asdict(s)
        True
        """
        parts = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("faces", "edges", "texts", "figures"):
            parts[name] = tuple({f.name: getattr(x, f.name) for f in fields(x)} for x in parts[name])
        return parts


def on_paper(s: Scene) -> Scene:
    """``s`` to print for pen and paper: its plain faces in the ``paper`` style (white,
    so that no toner covers every cell); faces marked otherwise keep their style.

    >>> s = Scene(1.0, 1.0, (FaceMark(0, (), "face"), FaceMark(1, (), "reason-face")), (), (), (), ())
    >>> [f.style for f in on_paper(s).faces]
    ['paper', 'reason-face']
    """
    return replace(s, faces=tuple(replace(f, style="paper") if f.style == "face" else f for f in s.faces))


def chains(pairs: Sequence[tuple[int, int]]) -> list[tuple[list[int], bool]]:
    """Link pairs joined into vertex paths ``(path, closed)``; a loop comes out closed.

    >>> chains([(0, 1), (2, 1), (2, 0), (5, 6)])
    [([5, 6], False), ([0, 1, 2, 0], True)]
    """
    adj: dict[int, list[int]] = {}
    for k, (u, v) in enumerate(pairs):
        adj.setdefault(u, []).append(k)
        adj.setdefault(v, []).append(k)
    used: set[int] = set()
    out = []
    for start in [v for v in adj if len(adj[v]) != 2] + list(adj):
        for first in adj[start]:
            if first in used:
                continue
            path, cur, e = [start], start, first
            while e is not None:
                used.add(e)
                u, v = pairs[e]
                cur = v if u == cur else u
                path.append(cur)
                rest = [f for f in adj[cur] if f not in used]
                e = rest[0] if len(adj[cur]) == 2 and rest else None
            out.append((path, len(path) > 2 and path[0] == path[-1]))
    return out


def labels(polys: list[list[Point]]) -> tuple[list[Point], list[float]]:
    """Pole of inaccessibility of each face and the radius of its inscribed circle."""
    found = poles(polys)
    return [c for c, _ in found], [r for _, r in found]


def _inside(edges: Sequence[tuple[int, int]], faces: list[tuple[int, ...]], loop: set[frozenset[int]]) -> list[bool]:
    """Whether each face lies inside the loop (its edges given as vertex pairs): faces
    beside the outer border start outside, and crossing a line of the loop flips it."""
    beside: dict[frozenset[int], list[int]] = {}
    for k, f in enumerate(faces):
        for u, v in zip(f, f[1:] + f[:1]):
            beside.setdefault(frozenset((u, v)), []).append(k)
    inside: list[bool | None] = [None] * len(faces)
    todo = []
    for pair, ks in beside.items():
        if len(ks) == 1 and inside[ks[0]] is None:
            inside[ks[0]] = pair in loop
            todo.append(ks[0])
    while todo:
        k = todo.pop()
        f = faces[k]
        for u, v in zip(f, f[1:] + f[:1]):
            pair = frozenset((u, v))
            for other in beside[pair]:
                if inside[other] is None:
                    inside[other] = inside[k] != (pair in loop)
                    todo.append(other)
    return [bool(x) for x in inside]


def _clue_size(radius: float, text: str, usual: float) -> float:
    """The font size (in edge units) for a clue: what fits the face's inscribed circle,
    at most twice the ``usual`` size (set by the median face), so that clues in faces
    much larger than most (dodecagons among triangles) do not look lost."""
    half_diagonal = math.hypot(0.28 * len(text), 0.36)
    return min(2.0 * usual, 0.85 * radius / half_diagonal)


@dataclass(frozen=True)
class Frame:
    """The page around a drawing: from its coordinates (y up) to scene units
    (median edges, y down, after the margin and the title band)."""

    xmin: float
    ymax: float
    unit: float
    top: float
    width: float
    height: float
    title: tuple[Text, ...]

    def place(self, raw: Sequence[Point]) -> list[Point]:
        x0, y1, unit, top = self.xmin, self.ymax, self.unit, self.top
        return [((float(x) - x0) / unit + MARGIN, (y1 - float(y)) / unit + top) for x, y in raw]


def frame(geo: Geometry, edges: Sequence[tuple[int, int]], title: str | None) -> Frame:
    """The page for ``geo`` drawn with the median length of ``edges`` as unit."""
    unit = median_length(geo.points, edges)
    xmin, ymin, xmax, ymax = geo.bounds if geo.points else (0.0, 0.0, 0.0, 0.0)
    width = (xmax - xmin) / unit + 2 * MARGIN
    title_size = min(max(0.5, 0.035 * width), 1.6 * width / max(len(title or ""), 1))
    band = max(TITLE_HEIGHT, 1.8 * title_size) if title else 0.0
    top = MARGIN + band
    heading = (Text((width / 2, MARGIN / 2 + band / 2), title_size, title, "title", "title"),) if title else ()
    return Frame(xmin, ymax, unit, top, float(width), float((ymax - ymin) / unit + top + MARGIN), heading)


def edge_indices(count: int, edges: Iterable[int] | None) -> list[int]:
    """Edge indices, sorted; :class:`InputError` for an index that is no edge."""
    chosen = sorted(set(edges)) if edges is not None else []
    if chosen and not 0 <= chosen[0] <= chosen[-1] < count:
        raise InputError(f"the answer names an edge index outside 0..{count - 1}")
    return chosen


def puzzle_scene(
    puzzle: Puzzle,
    answer: Iterable[int] | None = None,
    *,
    crosses: Iterable[int] | None = None,
    shade: bool = False,
    title: str | None = None,
    show_vertices: bool = True,
    edge_styles: Mapping[int, str] | None = None,
    cell_styles: Mapping[int, str] | None = None,
    tally: Tally | None = None,
    figures: Callable[[Sequence[int], Sequence[Point], Sequence[float]], Sequence[Figure]] | None = None,
) -> Scene:
    """The drawing of a Slitherlink puzzle and its lines, as plain data.

    ``answer``: the edges drawn as lines. ``crosses``: edges crossed out; with
    crosses the lines are a partial state and a clue is wrong only when it can no
    longer be met, without them the lines are a whole answer and a clue is wrong
    when its count differs. ``shade``: fill the inside of closed loops.
    ``edge_styles`` and ``cell_styles`` emphasise edges and cells by style name.
    A variant (:mod:`slitherasp.kinds.variant.draw`) says how its clues count
    (``tally``, default :func:`count_sides`) and what to draw over its faces
    (``figures``: given the faces' cells, poles and inscribed radii).
    """
    if puzzle.geometry is not None:
        geo, note = puzzle.geometry, ""
    else:  # placed by a planar drawing (networkx, numpy and shapely: loaded only here)
        try:
            from .layout import layout

            lay = layout(puzzle)
        except ImportError:
            raise InputError("this puzzle has no coordinates, and drawing it needs networkx, numpy and shapely, "
                             "which the page in the browser lacks: open it where slitherasp is installed, or "
                             "give it as a tiling ID or with its coordinates") from None
        geo, note = lay.geometry, lay.note
    page = frame(geo, puzzle.edges, title)
    P = page.place(geo.points)
    chosen = edge_indices(len(puzzle.edges), answer)
    crossed = set(edge_indices(len(puzzle.edges), crosses))
    paths = chains([puzzle.edges[e] for e in chosen])
    edge_styles, cell_styles = edge_styles or {}, cell_styles or {}

    face_cells = [c for c, f in enumerate(geo.faces) if f is not None]
    polys = [[P[v] for v in geo.faces[c]] for c in face_cells]  # type: ignore[union-attr]
    centres, radii = labels(polys)
    fill = [f"{cell_styles.get(c)}-face" for c in face_cells]
    fill = [f if f in COLOURS else "face" for f in fill]
    if shade and answer is not None and face_cells:
        loop = {frozenset(puzzle.edges[e]) for e in chosen}
        inside = _inside(puzzle.edges, [geo.faces[c] for c in face_cells], loop)  # type: ignore[misc]
        fill = ["inside" if i else "outside" for i in inside]

    state = "none" if answer is None and crosses is None else "partial" if crosses is not None else "whole"
    # a whole answer's clues are judged with every other edge settled as no line, but
    # only crosses given are drawn (an answer's drawing is its loop, not a cross on
    # every other edge)
    judged = set(range(len(puzzle.edges))) - set(chosen) if state == "whole" else crossed
    texts = _clue_texts(puzzle, P, face_cells, centres, radii, chosen, judged, state, cell_styles,
                        tally or count_sides(puzzle))
    line, states = set(chosen), {}
    for e in range(len(puzzle.edges)):
        states[e] = "line" if e in line else "cross" if e in crossed else "empty"
    return Scene(
        width=page.width,
        height=page.height,
        faces=tuple(FaceMark(c, tuple(p), f, (float(x), float(y)), float(r))
                    for c, p, f, (x, y), r in zip(face_cells, polys, fill, centres, radii)),
        edges=tuple(EdgeMark(e, P[u], P[v], states[e], edge_styles.get(e, ""))
                    for e, (u, v) in enumerate(puzzle.edges)),
        loop=tuple((tuple(P[v] for v in (path[:-1] if closed else path)), closed) for path, closed in paths),
        dots=tuple(P) if show_vertices else (),
        texts=(*texts, *page.title),
        note=note,
        clue_size=CLUE_SIZE * median(radii) if radii else 0.5,
        figures=tuple(figures(face_cells, centres, radii)) if figures else (),
    )


Tally = Callable[[int, set[int], set[int]], tuple[int, int]]
"""``tally(cell, lines, crosses)``: the least and the most a clue of ``cell`` can still
count, given the lines drawn and the edges crossed out (equal when all are settled)."""


def count_sides(puzzle: Puzzle) -> Tally:
    """The classic clue's tally: the cell's lines, and those plus its open edges.

    >>> from slitherasp.model import from_faces
    >>> count_sides(from_faces([[(0, 0), (1, 0), (0, 1)]]))(0, {0}, {1})
    (1, 2)
    """
    def tally(cell: int, lines: set[int], crossed: set[int]) -> tuple[int, int]:
        es = puzzle.cell_edges[cell]
        found = sum(e in lines for e in es)
        return found, found + sum(e not in lines and e not in crossed for e in es)

    return tally


def _clue_texts(puzzle: Puzzle, P: list[Point], face_cells: list[int], centres: list[Point], radii: list[float],
                lines: list[int], crossed: set[int], state: str, cell_styles: Mapping[int, str],
                tally: Tally) -> list[Text]:
    """A text per clue, at its face's pole of inaccessibility (cells that are no face:
    at the mean of their edges' midpoints), red where the lines break it: a whole
    answer (``state``) breaks a clue it does not meet, a partial state one that can
    no longer be met (its ``tally``)."""
    largest = CLUE_SIZE * median(radii) if radii else 0.5
    at = {c: (centres[k], radii[k]) for k, c in enumerate(face_cells)}
    drawn = set(lines)
    texts = []
    for c, k in enumerate(puzzle.clues):
        if k is None:
            continue
        if c in at:
            xy, r = at[c]
        else:
            ends = [P[v] for e in puzzle.cell_edges[c] for v in puzzle.edges[e]] or P
            xy, r = (sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends)), 0.5
        least, most = tally(c, drawn, crossed) if state != "none" else (k, k)
        wrong = not least <= k <= most
        style = "wrong" if wrong else cell_styles.get(c, "clue")
        texts.append(Text(xy, _clue_size(r, str(k), largest), str(k), style if style in COLOURS else "clue", cell=c))
    return texts
