"""Sloop (simple loop): one loop through the centre of every white cell of a tiling.

A :class:`Sloop` is a tiling patch (a :class:`~slitherasp.model.Puzzle` whose cells
are faces) and a set of black cells. The loop steps between white cells that share a
side, visits every white cell once and never enters a black one: a Hamiltonian cycle
of the *dual graph*. :attr:`Sloop.graph` is that graph as a clue-less
:class:`~slitherasp.model.Puzzle` (vertices = white cells, named like the cells;
edges = white neighbours; points = the cells' centres), so the one solver, answer
decoding and loop checks of Slitherlink serve Sloop unchanged.

Instances are text. A square grid is a line ``H W`` and H rows of ``#`` (black) and
``.`` (white); its cells are named ``r<row>c<column>`` from 1 at the top left, as in
the usual descriptions of the puzzle. Any registered tiling is a line
``tiling NAME WxH [seed N]`` followed by the names of the black cells.

>>> s = read_sloop("2 3\\n...\\n.#.\\n")
>>> s.black_names, len(s.graph.vertices), len(s.graph.edges)
(('r2c2',), 5, 4)
>>> print(write_sloop(s), end="")
2 3
...
.#.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from .. import tilings
from ..model import Geometry, Name, Point, Puzzle, TilingRef, limits
from ..model.errors import InputError, located
from ..validate import Report, Rule, Violation
from ..validate import check as check_loop
from . import facts as asp_facts
from .facts import Program

BLACK, WHITE = "#", "."
"""The two cell marks of the square-grid format."""

_WORD = re.compile(r"\S+")
_SIZE = re.compile(r"([0-9]+)x([0-9]+)\Z", re.A)


# --------------------------------------------------------------------------- model
def centres(patch: Puzzle) -> tuple[Point, ...]:
    """A point inside each cell: the centroid, or for a cell whose centroid lies
    outside it (a non-convex tile), the centre of its largest inscribed circle.

    >>> from slitherasp.model import from_faces
    >>> centres(from_faces([[(0, 0), (2, 0), (2, 2), (0, 2)]]))
    ((1.0, 1.0),)
    """
    import numpy as np
    import shapely

    geo = patch.geometry
    if geo is None or any(f is None for f in geo.faces):
        raise InputError("a Sloop needs a tiling patch: every cell must be a face")
    polys = np.array([shapely.Polygon(geo.face_polygon(c)) for c in range(len(patch.cells))], dtype=object)
    points = shapely.centroid(polys)
    outside = np.flatnonzero(~shapely.contains(polys, points))
    if len(outside):
        circles = shapely.maximum_inscribed_circle(polys[outside])
        points[outside] = shapely.points(shapely.get_coordinates(circles)[::2])
    return tuple((float(x), float(y)) for x, y in shapely.get_coordinates(points))


@dataclass(frozen=True)
class Sloop:
    """A Sloop instance: a tiling patch and its black cells (indices into its cells).

    >>> s = Sloop(tilings.build("square", 2, 2))
    >>> s.graph.vertices, s.graph.edges
    (('c0', 'c1', 'c2', 'c3'), ((0, 1), (0, 2), (1, 3), (2, 3)))
    """

    patch: Puzzle
    black: frozenset[int] = frozenset()
    source: str = "<memory>"
    kind: ClassVar[str] = "sloop"
    """The puzzle kind (:mod:`slitherasp.kinds`)."""

    def __post_init__(self) -> None:
        geo = self.patch.geometry
        if geo is None or any(f is None for f in geo.faces):
            raise InputError("a Sloop needs a tiling patch: every cell must be a face", source=self.source)
        bad = [c for c in self.black if not 0 <= c < len(self.patch.cells)]
        if bad:
            raise InputError(f"black cell {bad[0]} is not a cell of the patch", source=self.source)

    @cached_property
    def white(self) -> tuple[int, ...]:
        """The white cells (indices into the patch's cells), in cell order."""
        return tuple(c for c in range(len(self.patch.cells)) if c not in self.black)

    @property
    def black_names(self) -> tuple[Name, ...]:
        """The names of the black cells, in cell order."""
        return tuple(self.patch.cells[c] for c in sorted(self.black))

    @cached_property
    def _dual(self) -> tuple[Puzzle, tuple[Point, ...]]:
        patch, index = self.patch, {c: i for i, c in enumerate(self.white)}
        pairs: dict[tuple[int, int], Point] = {}
        for e, cells in enumerate(patch.edge_cells):
            if len(cells) == 2 and cells[0] in index and cells[1] in index:
                pair = tuple(sorted((index[cells[0]], index[cells[1]])))
                if pair not in pairs:  # two tiles may share a side cut in several edges
                    u, v = patch.edges[e]
                    (x0, y0), (x1, y1) = patch.geometry.points[u], patch.geometry.points[v]  # type: ignore[union-attr]
                    pairs[pair] = ((x0 + x1) / 2, (y0 + y1) / 2)
        inside, order = centres(patch), sorted(pairs)
        graph = Puzzle(
            vertices=tuple(patch.cells[c] for c in self.white),
            edges=tuple(order),  # type: ignore[arg-type]
            geometry=Geometry(points=tuple(inside[c] for c in self.white), faces=()),
            source=self.source,
        )
        return graph, tuple(pairs[uv] for uv in order)

    @property
    def graph(self) -> Puzzle:
        """The dual graph: white cells, joined when they share a side. Its answers
        (edge-index sets, :func:`slitherasp.solver.solve` with ``encoding="sloop"``)
        are the answers of the Sloop."""
        return self._dual[0]

    @property
    def doors(self) -> tuple[Point, ...]:
        """For each edge of :attr:`graph`, the midpoint of the side the two cells
        share: where the loop crosses from one cell into the other."""
        return self._dual[1]


def _square(width: int, height: int) -> Puzzle:
    """The square patch with cells named ``r<row>c<col>`` from 1 at the top left."""
    patch = tilings.build("square", width, height)
    names = tuple(f"r{y + 1}c{x + 1}" for y in range(height) for x in range(width))
    return replace(patch, cells=names)


def on_tiling(
    name: str,
    width: int,
    height: int,
    black: Iterable[Name] = (),
    *,
    seed: int | None = None,
    source: str = "<memory>",
) -> Sloop:
    """A Sloop on a patch of a registered tiling, black cells given by name (square
    grids name cells ``r<row>c<col>``, other tilings ``c<index>``).

    >>> s = on_tiling("honeycomb", 3, 3, ["c4"])
    >>> len(s.patch.cells), len(s.graph.vertices)
    (9, 8)
    """
    patch = _square(width, height) if tilings.get(name).name == "square" else tilings.build(name, width, height, seed)
    index = patch.cell_index
    cells = []
    for cell in black:
        if cell not in index:
            raise InputError(f"no cell named {cell!r} on this {patch.tiling.name} patch", source=source)  # type: ignore[union-attr]
        cells.append(index[cell])
    return Sloop(patch, frozenset(cells), source)


def from_rows(rows: Sequence[Sequence[bool]], source: str = "<memory>") -> Sloop:
    """A square-grid Sloop from rows of booleans (True = black), top row first.

    >>> from_rows([[False, True], [False, False]]).black_names
    ('r1c2',)
    """
    height, width = len(rows), len(rows[0]) if rows else 0
    if height == 0 or width == 0 or any(len(r) != width for r in rows):
        raise InputError("a square Sloop needs equally long, non-empty rows", source=source)
    black = frozenset(y * width + x for y, row in enumerate(rows) for x, b in enumerate(row) if b)
    return Sloop(_square(width, height), black, source)


# --------------------------------------------------------------------------- text in
def _words(text: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """Lines that hold something, as ``(line, [(column, word), ...])``; ``%`` starts
    a comment that runs to the end of the line."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("%", 1)[0]
        words = [(m.start() + 1, m.group()) for m in _WORD.finditer(line)]
        if words:
            out.append((n, words))
    return out


def _positive(word: str, what: str, line: int, column: int) -> int:
    if not (word.isascii() and word.isdigit()) or int(word[:12]) == 0:
        raise InputError(f"{what} must be a positive number, not {word[:20]!r}", line=line, column=column)
    return limits.integer(word, what, line=line, column=column)


def _read_grid(lines: list[tuple[int, list[tuple[int, str]]]]) -> Sloop:
    (n, header), rows = lines[0], lines[1:]
    if len(header) != 2:
        col = header[2][0] if len(header) > 2 else header[-1][0] + len(header[-1][1])
        raise InputError("the first line must be 'H W' (rows, columns) or 'tiling NAME WxH'", line=n, column=col)
    height = _positive(header[0][1], "the number of rows", n, header[0][0])
    width = _positive(header[1][1], "the number of columns", n, header[1][0])
    t = tilings.get("square")
    if not (t.min_size <= width <= t.max_size and t.min_size <= height <= t.max_size):
        raise InputError(f"a square grid has 1..{t.max_size} rows and columns", line=n, column=header[0][0])
    if len(rows) < height:
        last = rows[-1][0] if rows else n
        raise InputError(f"expected {height} rows of '#' and '.', found {len(rows)}", line=last + 1, column=1)
    if len(rows) > height:
        raise InputError(f"more than the {height} rows the first line announces", line=rows[height][0], column=1)
    grid = []
    for line, words in rows:
        marks = [(col + k, ch) for col, w in words for k, ch in enumerate(w)]
        for col, ch in marks:
            if ch not in (BLACK, WHITE):
                raise InputError(f"bad cell {ch!r}: expected '#' (black) or '.' (white)", line=line, column=col)
        if len(marks) != width:
            col = marks[width][0] if len(marks) > width else marks[-1][0] + 1
            raise InputError(f"a row has {len(marks)} cells, expected {width}", line=line, column=col)
        grid.append([ch == BLACK for _, ch in marks])
    return from_rows(grid)


def _read_tiling(lines: list[tuple[int, list[tuple[int, str]]]], ref: TilingRef | None) -> Sloop:
    if ref is None:
        (n, header), lines = lines[0], lines[1:]
        words = [w for _, w in header]
        size = _SIZE.match(words[2]) if len(words) > 2 else None
        if size is None or len(words) not in (3, 5) or (len(words) == 5 and words[3] != "seed"):
            raise InputError("the first line must be 'tiling NAME WxH' or 'tiling NAME WxH seed N'", line=n, column=1)
        seed = limits.integer(words[4], "the seed", low=0, line=n, column=header[4][0]) if len(words) == 5 else None
        width = limits.integer(size[1], "the width", line=n, column=header[2][0])
        height = limits.integer(size[2], "the height", line=n, column=header[2][0])
        ref = TilingRef(words[1], width, height, seed)
        try:
            blank = on_tiling(ref.name, ref.width, ref.height, seed=ref.seed)
        except InputError as exc:
            raise InputError(exc.message, line=n, column=header[1][0]) from None
    else:
        blank = on_tiling(ref.name, ref.width, ref.height, seed=ref.seed)
    seen: set[int] = set()
    for n, words in lines:
        for col, word in words:
            c = blank.patch.cell_index.get(word)
            if c is None:
                first, last = blank.patch.cells[0], blank.patch.cells[-1]
                hint = " (with --tiling the file holds only cell names)" if word == "tiling" else ""
                raise InputError(f"no cell named {word!r}: cells are {first}..{last}{hint}", line=n, column=col)
            if c in seen:
                raise InputError(f"cell {word} is listed twice", line=n, column=col)
            seen.add(c)
    return replace(blank, black=frozenset(seen))


def read_sloop(text: str, source: str = "<text>", tiling: TilingRef | None = None) -> Sloop:
    """A Sloop from text: a square grid (``H W`` and rows of ``#``/``.``), or
    ``tiling NAME WxH [seed N]`` and black cell names. With ``tiling`` given, the
    text is only the black cell names. Bad input is an :class:`InputError` naming
    the line and column.

    >>> read_sloop("tiling honeycomb 3x3\\nc0 c8").black_names
    ('c0', 'c8')
    >>> read_sloop("2 2\\n.#\\n.x", "a.sloop")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: a.sloop:3:2: bad cell 'x': expected '#' (black) or '.' (white)
    """
    with located(source):
        lines = _words(text)
        if tiling is not None:
            sloop = _read_tiling(lines, tiling)
        elif not lines:
            raise InputError("empty instance: expected 'H W' and rows, or 'tiling NAME WxH'")
        elif lines[0][1][0][1] == "tiling":
            sloop = _read_tiling(lines, None)
        else:
            sloop = _read_grid(lines)
    return replace(sloop, source=source)


# --------------------------------------------------------------------------- text out
def write_sloop(sloop: Sloop) -> str:
    """The instance as text: the grid format on a square patch, else the tiling
    header and the black cells' names (a patch built by :func:`on_tiling`).

    >>> print(write_sloop(on_tiling("cairo", 3, 3, ["c2", "c5"])), end="")
    tiling cairo 3x3
    c2 c5
    """
    ref = sloop.patch.tiling
    if ref is None:
        raise InputError("only Sloops on a registered tiling can be written as text", source=sloop.source)
    if ref.name == "square":
        rows = [
            "".join(BLACK if y * ref.width + x in sloop.black else WHITE for x in range(ref.width))
            for y in range(ref.height)
        ]
        return f"{ref.height} {ref.width}\n" + "\n".join(rows) + "\n"
    seed = f" seed {ref.seed}" if ref.seed is not None else ""
    names = sloop.black_names
    body = "".join(" ".join(names[i : i + 16]) + "\n" for i in range(0, len(names), 16))
    return f"tiling {ref.name} {ref.width}x{ref.height}{seed}\n" + body


# --------------------------------------------------------------------------- kind
def program(sloop: Sloop, encoding: str = "sloop", *, simplify: bool = True) -> Program:
    """What the solver runs: the loop through every vertex of the dual graph (never
    reduced), by any single-loop model (``turns`` reads centre -> door -> centre)."""
    return asp_facts.visit_all(sloop.graph, encoding, bends=[[door] for door in sloop.doors])


def scene(sloop: Sloop, answer: Iterable[int] | None = None, *, title: str | None = None,
          show_vertices: bool = True, **_: Any) -> Any:
    """The drawing: the tiling with black cells filled; the loop (edge indices of
    :attr:`Sloop.graph`) from centre to centre through the middle of the shared side,
    so that it stays inside its cells on non-convex tiles too; dots at white centres.

    >>> s = scene(read_sloop("2 2\\n..\\n.#"))
    >>> [f.style for f in s.faces].count("black"), len(s.dots), s.loop
    (1, 3, ())
    """
    from ..render.scene import EdgeMark, FaceMark, Scene, chains, edge_indices, frame

    patch, graph = sloop.patch, sloop.graph
    geo = patch.geometry
    assert geo is not None  # a Sloop always has one
    page = frame(geo, patch.edges, title)
    P = page.place(geo.points)
    centre, door = page.place(graph.geometry.points), page.place(sloop.doors)  # type: ignore[union-attr]
    loop = []
    for path, closed in chains([graph.edges[e] for e in edge_indices(len(graph.edges), answer)]):
        pts = [p for a, b in zip(path, path[1:]) for p in (centre[a], door[graph.find_edge(a, b)])]  # type: ignore[index]
        loop.append((tuple(pts if closed else [*pts, centre[path[-1]]]), closed))
    return Scene(
        width=page.width,
        height=page.height,
        faces=tuple(FaceMark(c, tuple(P[v] for v in face), "black" if c in sloop.black else "face")  # type: ignore[union-attr]
                    for c, face in enumerate(geo.faces)),
        edges=tuple(EdgeMark(e, P[u], P[v]) for e, (u, v) in enumerate(patch.edges)),
        loop=tuple(loop),
        dots=tuple(centre) if show_vertices else (),
        texts=page.title,
    )


BLACK_CELL = "■"


def text(sloop: Sloop, answer: Iterable[int] | None = None) -> str:
    """A square Sloop one character per cell: ``■`` black, ``·`` white and off the
    loop, else the loop's turn there (``─│┌┐└┘``), with ``─`` between cells the loop
    joins side by side. :class:`InputError` for other tilings.

    >>> s = read_sloop("2 3\\n...\\n..#")
    >>> ring = [s.graph.find_edge(*p) for p in ((0, 1), (1, 4), (4, 3), (3, 0))]
    >>> print(text(s, ring))
    ┌─┐ ·
    └─┘ ■
    """
    from ..render.scene import edge_indices
    from ..render.text import CORNERS, lattice

    patch, graph = sloop.patch, sloop.graph
    pos = lattice(patch)
    if pos is None:
        raise InputError("Unicode drawing needs a square grid; use SVG or PNG for this tiling")
    top = max(y for _, y in pos.values())
    where = [
        (top - max(pos[v][1] for v in face), min(pos[v][0] for v in face))  # (row, column) of the cell
        for face in patch.geometry.faces  # type: ignore[union-attr]
    ]
    height, width = max(r for r, _ in where) + 1, max(c for _, c in where) + 1
    rows = [[" "] * (2 * width - 1) for _ in range(height)]
    bits = [0] * len(patch.cells)
    for e in edge_indices(len(graph.edges), answer):
        a, b = sorted((sloop.white[v] for v in graph.edges[e]), key=lambda c: where[c])
        (ra, ca), (rb, _) = where[a], where[b]
        if ra == rb:  # a left of b
            bits[a] |= 8
            bits[b] |= 4
            rows[ra][2 * ca + 1] = "─"
        else:  # a above b
            bits[a] |= 2
            bits[b] |= 1
    for c, (r, col) in enumerate(where):
        rows[r][2 * col] = BLACK_CELL if c in sloop.black else CORNERS[bits[c]]
    return "\n".join("".join(r).rstrip() for r in rows)


def check(
    sloop: Sloop,
    links: Iterable[tuple[Name, Name]],
    reference: Iterable[tuple[Name, Name]] | None = None,
) -> Report:
    """Check a Sloop answer: links are pairs of cell names, in either order. The loop
    rules are those of :func:`check` on the dual graph; on top of them a link into a
    black cell is a ``black`` violation and the white cells the loop misses are one
    ``unvisited`` violation that names them.

    >>> from slitherasp.kinds.sloop import read_sloop
    >>> s = read_sloop("2 3\\n...\\n..#")
    >>> ring = [("r1c1", "r1c2"), ("r2c2", "r1c2"), ("r2c2", "r2c1"), ("r2c1", "r1c1")]
    >>> check(s, ring).valid
    False
    >>> for v in check(s, ring + [("r2c2", "r2c3")]).violations: print(v)
    link(r2c2,r2c3) enters the black cell r2c3
    1 white cell is not on the loop: r1c3
    """
    graph = sloop.graph
    index, black = graph.vertex_index, set(sloop.black_names)

    def oriented(pairs: Iterable[tuple[Name, Name]]) -> list[tuple[Name, Name]]:
        out = []
        for u, v in pairs:
            iu, iv = index.get(u), index.get(v)
            flip = (iu, iv) not in graph.edge_index and (iv, iu) in graph.edge_index
            out.append((v, u) if flip else (u, v))
        return out

    entering: list[Violation] = []
    kept: list[tuple[Name, Name]] = []
    for u, v in oriented(links):
        cell = u if u in black else v if v in black else None
        if cell is None:
            kept.append((u, v))
        else:
            entering.append(Violation(Rule.BLACK, f"link({u},{v}) enters the black cell {cell}",
                                      {"link": [u, v], "cell": cell}))
    report = check_loop(graph, kept, None if reference is None else oriented(reference))
    visited = {v for e in report.edges for v in graph.edges[e]}
    missed = [graph.vertices[v] for v in range(len(graph.vertices)) if v not in visited]
    violations = [*entering, *report.violations]
    if missed and report.edges:  # an empty answer is already reported as such
        many = len(missed) != 1
        violations.append(
            Violation(
                Rule.UNVISITED,
                f"{len(missed)} white cell{'s' * many} {'are' if many else 'is'} not on the loop: {' '.join(missed)}",
                {"cells": missed},
            )
        )
    return Report(tuple(violations), report.edges)
