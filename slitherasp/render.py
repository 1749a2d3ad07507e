"""Drawing puzzles and answers on their real geometry: SVG, PNG and Unicode text.

A puzzle with geometry is drawn as it is. One without (a competition instance) gets
a straight-line planar drawing from :func:`layout`: a planar embedding, its longest
face on a convex polygon, every other vertex at the average of its neighbours
(Tutte's barycentric embedding). Both drawings go through one :class:`Scene` (all
lengths in units of the median edge, y down), which :func:`svg` and :func:`png`
only translate. :func:`unicode` draws square grids with box-drawing characters.
Every function also draws a :class:`~slitherasp.sloop.Sloop`: its tiling with the
black cells filled, and the loop through the white cells' centres.

This module imports only :mod:`slitherasp.model` and :mod:`slitherasp.sloop`.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]], [3, None])
>>> loop = frozenset(range(len(p.edges))) - {p.find_edge(1, 2)}
>>> print(unicode(p, loop))
┌───────┐
│ 3     │
└───────┘
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence
from xml.sax.saxutils import escape

import networkx as nx
import numpy as np
import shapely

from .model import Geometry, InputError, Point, Puzzle, signed_area
from .kinds.sloop import Sloop

# --------------------------------------------------------------------------- style
MARGIN = 0.5
"""Blank border around the drawing, in median edge lengths."""
TITLE_HEIGHT = 0.9
"""Least height of the title band (it grows with the title's size on wide drawings)."""
UNIT = 40.0
"""SVG user units per median edge length."""
GRID_WIDTH, LOOP_WIDTH, DOT_RADIUS = 0.035, 0.13, 0.065
CLUE_SIZE = 1.3
"""Clue font size as a multiple of the median inscribed radius of the faces."""
COLOURS = {
    "background": "#ffffff",
    "face": "#f1f1ec",
    "inside": "#bcd6ec",
    "outside": "#fbfbf9",
    "grid": "#a9a9a9",
    "loop": "#18293d",
    "dot": "#4d4d4d",
    "clue": "#1e1e1e",
    "wrong": "#c62828",
    "title": "#1e1e1e",
    "black": "#2e2e2e",
}
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


# --------------------------------------------------------------------------- layout
@dataclass(frozen=True)
class Layout:
    """Where to draw a puzzle: a geometry, and a note when the drawing is imperfect
    (non-planar graph, crossing edges); ``note`` is empty for a clean drawing."""

    geometry: Geometry
    note: str = ""


def _cell_cycle(puzzle: Puzzle, c: int) -> list[int] | None:
    """The vertices around cell ``c`` in order, if its edges form one simple cycle."""
    adj: dict[int, list[int]] = {}
    for e in puzzle.cell_edges[c]:
        u, v = puzzle.edges[e]
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if len(adj) < 3 or any(len(n) != 2 for n in adj.values()):
        return None
    start = next(iter(adj))
    cycle, prev, cur = [start], None, start
    while True:
        nxt = adj[cur][0] if adj[cur][0] != prev else adj[cur][1]
        if nxt == start:
            break
        cycle.append(nxt)
        prev, cur = cur, nxt
    return cycle if len(cycle) == len(adj) else None


def _embedding(graph: nx.Graph, cycles: dict[int, list[int]]) -> nx.PlanarEmbedding | None:
    """A planar embedding of ``graph`` in which, if possible, every cell cycle bounds a
    face: each cycle gets a hub vertex joined to its corners, which forces it to."""
    hubbed = graph.copy()
    for c, cyc in cycles.items():
        hubbed.add_edges_from((("hub", c), v) for v in cyc)
    for candidate in (hubbed, graph):
        planar, emb = nx.check_planarity(candidate)
        if planar:
            plain = nx.PlanarEmbedding()
            plain.set_data({v: [w for w in emb.neighbors_cw_order(v) if w in graph] for v in graph})
            return plain
    return None


def _faces(emb: nx.PlanarEmbedding) -> list[list[int]]:
    seen: set[tuple[int, int]] = set()
    faces = []
    for v in emb:
        for w in emb.neighbors_cw_order(v):
            if (v, w) not in seen:
                faces.append(emb.traverse_face(v, w, mark_half_edges=seen))
    return faces


def _ring_edges(ring: Sequence[int]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(p) for p in zip(ring, [*ring[1:], ring[0]]))


def _solve_barycentric(n: int, edges: np.ndarray, fixed: dict[int, np.ndarray], dense_limit: int = 1500) -> np.ndarray:
    """Positions with ``fixed`` vertices pinned and every other vertex at the mean of
    its neighbours: the Laplacian system, dense for small graphs, else conjugate gradients."""
    pos = np.zeros((n, 2))
    for v, p in fixed.items():
        pos[v] = p
    free = np.array([v for v in range(n) if v not in fixed], dtype=int)
    if not len(free):
        return pos
    local = np.full(n, -1)
    local[free] = np.arange(len(free))
    deg = np.bincount(edges.ravel(), minlength=n).astype(float)
    # right-hand side: pinned neighbours of each free vertex
    rhs = np.zeros((len(free), 2))
    for a, b in ((0, 1), (1, 0)):
        m = (local[edges[:, a]] >= 0) & (local[edges[:, b]] < 0)
        np.add.at(rhs, local[edges[m, a]], pos[edges[m, b]])
    inner = edges[(local[edges[:, 0]] >= 0) & (local[edges[:, 1]] >= 0)]
    i, j = local[inner[:, 0]], local[inner[:, 1]]
    if len(free) <= dense_limit:
        mat = np.diag(deg[free])
        np.add.at(mat, (i, j), -1.0)
        np.add.at(mat, (j, i), -1.0)
        pos[free] = np.linalg.solve(mat, rhs)
        return pos

    def apply(x: np.ndarray) -> np.ndarray:
        y = deg[free][:, None] * x
        np.add.at(y, i, -x[j])
        np.add.at(y, j, -x[i])
        return y

    x = rhs / deg[free][:, None]
    r = rhs - apply(x)
    p, rr = r.copy(), np.sum(r * r, axis=0)
    for _ in range(20 * len(free)):
        if np.all(rr <= 1e-24 * max(1.0, float(np.sum(rhs * rhs)))):
            break
        ap = apply(p)
        alpha = rr / np.maximum(np.sum(p * ap, axis=0), 1e-300)
        x += alpha * p
        r -= alpha * ap
        new = np.sum(r * r, axis=0)
        p = r + (new / np.maximum(rr, 1e-300)) * p
        rr = new
    pos[free] = x
    return pos


def _median_length(points: np.ndarray, edges: np.ndarray) -> float:
    if not len(edges):
        return 1.0
    lengths = np.linalg.norm(points[edges[:, 0]] - points[edges[:, 1]], axis=1)
    lengths = lengths[lengths > 0]
    return float(np.median(lengths)) if len(lengths) else 1.0


def _draw_component(
    graph: nx.Graph, cycles: dict[int, list[int]]
) -> tuple[dict[int, np.ndarray], dict[int, list[int]], bool]:
    """Tutte drawing of one connected component: positions, cell faces, planar?"""
    nodes = sorted(graph)
    if len(nodes) == 1:
        return {nodes[0]: np.zeros(2)}, {}, True
    emb = _embedding(graph, cycles)
    if emb is None:
        spring = nx.spring_layout(graph, seed=1)
        return {v: np.asarray(p, float) for v, p in spring.items()}, {}, False
    faces = _faces(emb)
    by_edges: dict[frozenset, list[int]] = {}
    for k, f in enumerate(faces):
        by_edges.setdefault(_ring_edges(f), []).append(k)
    taken: dict[int, int] = {}
    for c, cyc in cycles.items():
        ks = [k for k in by_edges.get(_ring_edges(cyc), []) if k not in taken.values()]
        if ks:
            taken[c] = ks[0]
    spare = [k for k in range(len(faces)) if k not in taken.values()] or list(range(len(faces)))
    outer = max(spare, key=lambda k: (len(faces[k]), -k))
    taken = {c: k for c, k in taken.items() if k != outer}
    ring = list(dict.fromkeys(faces[outer]))
    index = {v: k for k, v in enumerate(nodes)}
    edges = np.array([(index[u], index[v]) for u, v in graph.edges], dtype=int).reshape(-1, 2)
    inner = [f for k, f in enumerate(faces) if k != outer]
    outlines = [o for o in (_natural_outline(ring, faces[outer], inner), _regular_outline(len(ring))) if o is not None]
    for outline in outlines:
        pos = _solve_barycentric(len(nodes), edges, {index[v]: p for v, p in zip(ring, outline)})
        if not crossings(pos, edges):
            break
    return {v: pos[index[v]] for v in nodes}, {c: faces[k] for c, k in taken.items()}, True


def _regular_outline(n: int) -> np.ndarray:
    """A regular ``n``-gon with unit sides (two points a unit apart for ``n = 2``)."""
    t = 2 * math.pi * np.arange(n) / n
    return 0.5 / math.sin(math.pi / n) * np.column_stack([np.cos(t), np.sin(t)])


def _natural_outline(ring: list[int], walk: list[int], inner: list[list[int]]) -> np.ndarray | None:
    """A convex polygon with unit sides turning at each outer vertex by what the faces
    there leave of a half turn, as if every face were regular (so a square grid keeps
    its rectangle); ``None`` when the outer face is not a simple cycle or the result
    is not convex."""
    if len(ring) != len(walk) or len(ring) < 3:
        return None
    corner = dict.fromkeys(ring, math.pi)
    for f in inner:
        for v in f:
            if v in corner:
                corner[v] -= math.pi * (len(f) - 2) / len(f)
    turn = np.maximum([corner[v] for v in ring], 0.0)
    if turn.sum() <= 1e-9:
        return None
    heading = np.cumsum(turn * (2 * math.pi / turn.sum()))
    steps = np.column_stack([np.cos(heading), np.sin(heading)])
    pts = np.vstack([[0.0, 0.0], np.cumsum(steps, axis=0)[:-1]])
    gap = np.sum(steps, axis=0)
    pts -= np.outer(np.arange(len(ring)) / len(ring), gap)
    nxt, prv = np.roll(pts, -1, axis=0) - pts, pts - np.roll(pts, 1, axis=0)
    cross = prv[:, 0] * nxt[:, 1] - prv[:, 1] * nxt[:, 0]
    if not (np.all(cross >= -1e-9) or np.all(cross <= 1e-9)):
        return None
    return pts


SQUARE_SYMMETRIES = [np.array(m, float) for m in (
    [[1, 0], [0, 1]], [[0, -1], [1, 0]], [[-1, 0], [0, -1]], [[0, 1], [-1, 0]],
    [[-1, 0], [0, 1]], [[0, 1], [1, 0]], [[1, 0], [0, -1]], [[0, -1], [-1, 0]],
)]


def _upright(pts: np.ndarray) -> np.ndarray:
    """The drawing turned by quarter turns (or mirrored) so that the first vertices
    read like text: vertex 0 nearest the top left, then vertex 1 to its right.

    >>> _upright(np.array([[1.0, 0.0], [0.0, 0.0], [1.0, 1.0]])).round(6).tolist()
    [[-1.0, 0.0], [0.0, 0.0], [-1.0, -1.0]]
    """

    def key(m: np.ndarray) -> list[tuple[float, float]]:
        q = pts @ m.T
        top, left = q[:, 1].max(), q[:, 0].min()
        return [(round(top - y, 6), round(x - left, 6)) for x, y in q[:3]]

    best = min(SQUARE_SYMMETRIES, key=key)
    return pts @ best.T


def crossings(points: Sequence[Point], edges: Sequence[tuple[int, int]]) -> int:
    """How many pairs of straight edges meet anywhere but at a shared end vertex.

    >>> crossings([(0, 0), (1, 1), (1, 0), (0, 1)], [(0, 1), (2, 3)])
    1
    >>> crossings([(0, 0), (1, 1), (1, 0), (0, 1)], [(0, 2), (2, 1), (1, 3)])
    0
    """
    if len(edges) < 2:
        return 0
    pts = np.asarray(points, float)
    ends = np.asarray(edges, int)
    segs = shapely.linestrings(pts[ends])
    a, b = shapely.STRtree(segs).query(segs, predicate="intersects")
    keep = a < b
    a, b = a[keep], b[keep]
    shared = (ends[a][:, :, None] == ends[b][:, None, :]).any(axis=(1, 2))
    overlap = shapely.relate_pattern(segs[a], segs[b], "1********")
    return int(np.sum(~shared | overlap))


def layout(puzzle: Puzzle) -> Layout:
    """The puzzle's own geometry, or a planar straight-line drawing of its graph.

    Cells that are faces of the drawing get their face, others ``None``. Components
    are laid out side by side; a non-planar graph gets a spring layout and a note.

    >>> from slitherasp.model import Puzzle
    >>> tri = Puzzle(vertices=("a", "b", "c"), edges=((0, 1), (1, 2), (2, 0)),
    ...              cells=("t",), cell_edges=((0, 1, 2),), clues=(None,))
    >>> lay = layout(tri)
    >>> len(lay.geometry.points), sorted(lay.geometry.faces[0]), lay.note
    (3, [0, 1, 2], '')
    """
    if puzzle.geometry is not None:
        return Layout(puzzle.geometry)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(puzzle.vertices)))
    graph.add_edges_from(puzzle.edges)
    cycles = {c: cyc for c in range(len(puzzle.cells)) if (cyc := _cell_cycle(puzzle, c))}
    points = np.zeros((len(puzzle.vertices), 2))
    faces: dict[int, list[int]] = {}
    planar, x0 = True, 0.0
    comps = sorted(nx.connected_components(graph), key=lambda s: (-len(s), min(s)))
    for comp in comps:
        sub = graph.subgraph(comp)
        mine = {c: cyc for c, cyc in cycles.items() if cyc[0] in comp}
        pos, got, ok = _draw_component(sub, mine)
        planar &= ok
        verts = sorted(pos)
        arr = np.array([pos[v] for v in verts])
        local = {v: k for k, v in enumerate(verts)}
        sub_edges = np.array([(local[u], local[v]) for u, v in sub.edges], dtype=int).reshape(-1, 2)
        arr = _upright(arr / _median_length(arr, sub_edges))
        arr -= [arr[:, 0].min() - x0, (arr[:, 1].min() + arr[:, 1].max()) / 2]
        x0 = arr[:, 0].max() + 1.0
        points[verts] = arr
        faces.update(got)
    pts = tuple((float(x), float(y)) for x, y in points)
    oriented: list[tuple[int, ...] | None] = []
    for c in range(len(puzzle.cells)):
        f = faces.get(c)
        if f is not None and signed_area([pts[v] for v in f]) < 0:
            f = f[::-1]
        oriented.append(None if f is None else tuple(f))
    geometry = Geometry(points=pts, faces=tuple(oriented))
    notes = [] if planar else ["the graph is not planar: spring layout, edges may cross"]
    if planar and (n := crossings(pts, puzzle.edges)):
        notes.append(f"the drawing has {n} pair(s) of crossing edges")
    return Layout(geometry, "; ".join(notes))


# --------------------------------------------------------------------------- scene
@dataclass(frozen=True)
class Text:
    at: Point
    size: float
    text: str
    colour: str
    kind: str = "clue"


@dataclass(frozen=True)
class Scene:
    """Everything to draw, in median-edge units with y pointing down (0, 0 at top left)."""

    width: float
    height: float
    faces: tuple[tuple[tuple[Point, ...], str], ...]
    grid: tuple[tuple[Point, Point], ...]
    loop: tuple[tuple[tuple[Point, ...], bool], ...]
    dots: tuple[Point, ...]
    texts: tuple[Text, ...]
    note: str = ""
    clue_size: float = 0.5
    """The usual clue font size (smaller faces get smaller clues)."""


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


def _labels(polys: list[list[Point]]) -> tuple[np.ndarray, np.ndarray]:
    """Pole of inaccessibility of each face and the radius of its inscribed circle."""
    centres = np.array([np.mean(p, axis=0) for p in polys]).reshape(-1, 2)
    radii = np.full(len(polys), 0.15)
    shapes = np.array([shapely.Polygon(p) for p in polys], dtype=object)
    good = np.flatnonzero(shapely.is_valid(shapes) & (shapely.area(shapes) > 0))
    if len(good):
        circles = shapely.maximum_inscribed_circle(shapes[good])
        ends = shapely.get_coordinates(circles).reshape(-1, 2, 2)
        centres[good] = ends[:, 0]
        radii[good] = np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1)
    return centres, radii


def _clue_size(radius: float, text: str, usual: float) -> float:
    """The font size (in edge units) for a clue: what fits the face's inscribed circle,
    at most twice the ``usual`` size (set by the median face), so that clues in faces
    much larger than most (dodecagons among triangles) do not look lost."""
    half_diagonal = math.hypot(0.28 * len(text), 0.36)
    return min(2.0 * usual, 0.85 * radius / half_diagonal)


@dataclass(frozen=True)
class _Frame:
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
        pts = np.array(raw, float).reshape(-1, 2)
        xs = (pts[:, 0] - self.xmin) / self.unit + MARGIN
        ys = (self.ymax - pts[:, 1]) / self.unit + self.top
        return [(float(x), float(y)) for x, y in zip(xs, ys)]


def _frame(geo: Geometry, edges: Sequence[tuple[int, int]], title: str | None) -> _Frame:
    """The page for ``geo`` drawn with the median length of ``edges`` as unit."""
    raw = np.array(geo.points, float).reshape(-1, 2)
    unit = _median_length(raw, np.array(edges, int).reshape(-1, 2))
    xmin, ymin, xmax, ymax = geo.bounds if len(raw) else (0.0, 0.0, 0.0, 0.0)
    width = (xmax - xmin) / unit + 2 * MARGIN
    title_size = min(max(0.5, 0.035 * width), 1.6 * width / max(len(title or ""), 1))
    band = max(TITLE_HEIGHT, 1.8 * title_size) if title else 0.0
    top = MARGIN + band
    heading = (Text((width / 2, MARGIN / 2 + band / 2), title_size, title, COLOURS["title"], "title"),) if title else ()
    return _Frame(xmin, ymax, unit, top, float(width), float((ymax - ymin) / unit + top + MARGIN), heading)


def scene(
    puzzle: Puzzle | Sloop,
    answer: Iterable[int] | None = None,
    *,
    shade: bool = False,
    title: str | None = None,
    show_vertices: bool = True,
) -> Scene:
    """The drawing of a puzzle (and an answer) as plain data, for any back end.

    >>> from slitherasp.model import from_faces
    >>> s = scene(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
    >>> s.width, s.height, len(s.loop), s.texts[0].text
    (2.0, 2.0, 1, '4')
    """
    if isinstance(puzzle, Sloop):
        return _sloop_scene(puzzle, answer, title=title, show_vertices=show_vertices)
    lay = layout(puzzle)
    geo = lay.geometry
    frame = _frame(geo, puzzle.edges, title)
    P = frame.place(geo.points)
    pts = np.array(P, float).reshape(-1, 2)
    chosen = _chosen(puzzle, answer)
    paths = chains([puzzle.edges[e] for e in chosen])

    face_cells = [c for c, f in enumerate(geo.faces) if f is not None]
    polys = [[P[v] for v in geo.faces[c]] for c in face_cells]  # type: ignore[union-attr]
    centres, radii = _labels(polys)
    inside = np.zeros(len(face_cells), bool)
    if shade and answer is not None and len(face_cells):
        for path, closed in paths:
            if closed:
                ring = shapely.Polygon([P[v] for v in path])
                inside ^= shapely.contains_xy(ring, centres[:, 0], centres[:, 1])
    fill = [COLOURS["face"]] * len(face_cells)
    if shade and answer is not None:
        fill = [COLOURS["inside" if i else "outside"] for i in inside]

    found = puzzle.signature(chosen)
    largest = CLUE_SIZE * float(np.median(radii)) if len(radii) else 0.5
    at = {c: (tuple(map(float, centres[k])), float(radii[k])) for k, c in enumerate(face_cells)}
    texts = []
    for c, k in enumerate(puzzle.clues):
        if k is None:
            continue
        if c in at:
            xy, r = at[c]
        else:
            mids = [pts[list(puzzle.edges[e])].mean(axis=0) for e in puzzle.cell_edges[c]] or [pts.mean(axis=0)]
            xy, r = tuple(map(float, np.mean(mids, axis=0))), 0.5
        wrong = answer is not None and found[c] != k
        texts.append(Text(xy, _clue_size(r, str(k), largest), str(k), COLOURS["wrong" if wrong else "clue"]))
    return Scene(
        width=frame.width,
        height=frame.height,
        faces=tuple((tuple(p), f) for p, f in zip(polys, fill)),
        grid=tuple((P[u], P[v]) for u, v in puzzle.edges),
        loop=tuple((tuple(P[v] for v in (path[:-1] if closed else path)), closed) for path, closed in paths),
        dots=tuple(P) if show_vertices else (),
        texts=(*texts, *frame.title),
        note=lay.note,
        clue_size=largest,
    )


def _chosen(puzzle: Puzzle, answer: Iterable[int] | None) -> list[int]:
    """The answer's edge indices, sorted; InputError for an index that is no edge."""
    chosen = sorted(set(answer)) if answer is not None else []
    if chosen and not 0 <= chosen[0] <= chosen[-1] < len(puzzle.edges):
        raise InputError(f"the answer names an edge index outside 0..{len(puzzle.edges) - 1}")
    return chosen


def _sloop_scene(sloop: Sloop, answer: Iterable[int] | None, *, title: str | None, show_vertices: bool) -> Scene:
    """A Sloop: its tiling with black cells filled; the loop (edge indices of
    :attr:`Sloop.graph`) from centre to centre through the middle of the shared side,
    so that it stays inside its cells on non-convex tiles too; dots at white centres.

    >>> from slitherasp.kinds.sloop import read_sloop
    >>> s = _sloop_scene(read_sloop("2 2\\n..\\n.#"), None, title=None, show_vertices=True)
    >>> [f for _, f in s.faces].count(COLOURS["black"]), len(s.dots), s.loop
    (1, 3, ())
    """
    patch, graph = sloop.patch, sloop.graph
    geo = patch.geometry
    assert geo is not None  # a Sloop always has one
    frame = _frame(geo, patch.edges, title)
    P = frame.place(geo.points)
    centre, door = frame.place(graph.geometry.points), frame.place(sloop.doors)  # type: ignore[union-attr]
    loop = []
    for path, closed in chains([graph.edges[e] for e in _chosen(graph, answer)]):
        pts = [p for a, b in zip(path, path[1:]) for p in (centre[a], door[graph.find_edge(a, b)])]  # type: ignore[index]
        loop.append((tuple(pts if closed else [*pts, centre[path[-1]]]), closed))
    return Scene(
        width=frame.width,
        height=frame.height,
        faces=tuple(
            (tuple(P[v] for v in face), COLOURS["black" if c in sloop.black else "face"])  # type: ignore[union-attr]
            for c, face in enumerate(geo.faces)
        ),
        grid=tuple((P[u], P[v]) for u, v in patch.edges),
        loop=tuple(loop),
        dots=tuple(centre) if show_vertices else (),
        texts=frame.title,
    )


# --------------------------------------------------------------------------- SVG
def _n(x: float) -> str:
    s = f"{x * UNIT:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _xy(p: Point) -> str:
    return f"{_n(p[0])} {_n(p[1])}"


def svg(
    puzzle: Puzzle | Sloop,
    answer: Iterable[int] | None = None,
    *,
    shade: bool = False,
    title: str | None = None,
    show_vertices: bool = True,
) -> str:
    """The puzzle (and answer) as a standalone, scalable SVG document.

    >>> from slitherasp.model import from_faces
    >>> doc = svg(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
    >>> doc.count('class="clue"'), doc.count('class="loop"'), 'viewBox="0 0 80 80"' in doc
    (1, 1, True)
    """
    s = scene(puzzle, answer, shade=shade, title=title, show_vertices=show_vertices)
    w, h = _n(s.width), _n(s.height)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">',
        f"<title>{escape(title or puzzle.source)}</title>",
    ]
    if s.note:
        out.append(f"<!-- {escape(s.note).replace('--', '- -')} -->")
    out.append(f'<rect class="background" width="{w}" height="{h}" fill="{COLOURS["background"]}"/>')
    out.append('<g class="faces" stroke="none">')
    out += [f'<path d="M{" L".join(_xy(p) for p in poly)} Z" fill="{fill}"/>' for poly, fill in s.faces]
    out.append("</g>")
    grid = "".join(f"M{_xy(a)} L{_xy(b)}" for a, b in s.grid)
    out.append(
        f'<path class="grid" d="{grid}" fill="none" stroke="{COLOURS["grid"]}" '
        f'stroke-width="{_n(GRID_WIDTH)}" stroke-linecap="round"/>'
    )
    if s.loop:
        d = "".join(f"M{' L'.join(_xy(p) for p in pts)}{' Z' if closed else ''}" for pts, closed in s.loop)
        out.append(
            f'<path class="loop" d="{d}" fill="none" stroke="{COLOURS["loop"]}" '
            f'stroke-width="{_n(LOOP_WIDTH)}" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    if s.dots:
        d = "".join(f"M{_xy(p)} h0" for p in s.dots)
        out.append(
            f'<path class="vertices" d="{d}" stroke="{COLOURS["dot"]}" '
            f'stroke-width="{_n(2 * DOT_RADIUS)}" stroke-linecap="round"/>'
        )
    out.append(f'<g font-family="{FONT}" text-anchor="middle">')
    out += [
        f'<text class="{t.kind}" x="{_n(t.at[0])}" y="{_n(t.at[1])}" dy="0.35em" '
        f'font-size="{_n(t.size)}" fill="{t.colour}">{escape(t.text)}</text>'
        for t in s.texts
    ]
    out += ["</g>", "</svg>", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- PNG
def _pillow():  # type: ignore[no-untyped-def]
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise InputError(
            "PNG output needs Pillow: pip install 'slitherasp[png]' (or: pip install pillow)"
        ) from None
    return Image, ImageDraw, ImageFont


@lru_cache(maxsize=64)
def _font(size: int):  # type: ignore[no-untyped-def]
    _, _, ImageFont = _pillow()
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ImportError, OSError):  # old Pillow or no FreeType: fixed bitmap font
        return ImageFont.load_default()


def auto_scale(s: Scene) -> float:
    """Pixels per median edge for a PNG: 48, more when clues would be smaller than
    22 pixels, less when the picture would be wider or taller than 2400 pixels.

    >>> auto_scale(Scene(5.0, 5.0, (), (), (), (), (), clue_size=0.25))
    88.0
    """
    wanted = max(48.0, 22.0 / s.clue_size)
    return max(8.0, min(wanted, 2400.0 / max(s.width, s.height)))


def png(
    puzzle: Puzzle | Sloop,
    answer: Iterable[int] | None = None,
    path: str | Path | None = None,
    *,
    scale: float | None = None,
    shade: bool = False,
    title: str | None = None,
    show_vertices: bool = True,
) -> bytes:
    """The drawing of :func:`svg` as a PNG image, ``scale`` pixels per median edge
    (default :func:`auto_scale`); written to ``path`` if given, and returned as bytes.
    Needs Pillow (``pip install 'slitherasp[png]'``); draws at up to 4x the size and
    scales down, for smooth lines and text.

    >>> from slitherasp.model import from_faces
    >>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4])
    >>> try:
    ...     ok = png(p, [0, 1, 2, 3], scale=20)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    ... except InputError as missing:  # Pillow is optional; the message says what to install
    ...     ok = "pip install" in str(missing)
    >>> ok
    True
    """
    Image, ImageDraw, _ = _pillow()
    s = scene(puzzle, answer, shade=shade, title=title, show_vertices=show_vertices)
    scale = auto_scale(s) if scale is None else scale
    size = (max(1, round(s.width * scale)), max(1, round(s.height * scale)))
    ss = max(1, min(4, int(math.sqrt(36e6 / (size[0] * size[1])))))
    k = scale * ss
    image = Image.new("RGB", (size[0] * ss, size[1] * ss), COLOURS["background"])
    draw = ImageDraw.Draw(image)

    def px(p: Point) -> tuple[float, float]:
        return (p[0] * k, p[1] * k)

    def disc(p: Point, r: float, colour: str) -> None:
        x, y = px(p)
        draw.ellipse((x - r * k, y - r * k, x + r * k, y + r * k), fill=colour)

    for poly, fill in s.faces:
        draw.polygon([px(p) for p in poly], fill=fill)
    grid_w = max(1, round(GRID_WIDTH * k))
    for a, b in s.grid:
        draw.line([px(a), px(b)], fill=COLOURS["grid"], width=grid_w)
    for pts, closed in s.loop:
        ring = list(pts) + ([pts[0]] if closed else [])
        draw.line([px(p) for p in ring], fill=COLOURS["loop"], width=max(1, round(LOOP_WIDTH * k)), joint="curve")
        for p in pts:
            disc(p, LOOP_WIDTH / 2, COLOURS["loop"])
    for p in s.dots:
        disc(p, DOT_RADIUS, COLOURS["dot"])
    for t in s.texts:
        draw.text(px(t.at), t.text, fill=t.colour, font=_font(max(1, round(t.size * k))), anchor="mm")
    if ss > 1:
        image = image.reduce(ss)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    data = buffer.getvalue()
    if path is not None:
        Path(path).write_bytes(data)
    return data


# --------------------------------------------------------------------------- Unicode
CORNERS = "·╵╷│╴┘┐┤╶└┌├─┴┬┼"
"""Corner characters by the loop edges there: up=1, down=2, left=4, right=8."""


def lattice(puzzle: Puzzle, geo: Geometry | None = None) -> dict[int, tuple[int, int]] | None:
    """Integer lattice positions of the vertices if the puzzle, drawn with ``geo``
    (default: its :func:`layout`), is a patch of squares, else ``None``. A square
    grid without geometry is recognised too: its Tutte drawing is the grid.

    >>> from slitherasp.model import from_faces
    >>> lattice(from_faces([[(0, 0), (2, 0), (2, 2), (0, 2)]]))
    {0: (0, 0), 1: (1, 0), 2: (1, 1), 3: (0, 1)}
    >>> lattice(from_faces([[(0, 0), (1, 0), (0, 1)]])) is None
    True
    """
    geo = layout(puzzle).geometry if geo is None else geo
    if not puzzle.edges or not puzzle.cells:
        return None
    pts = np.array(geo.points, float)
    unit = _median_length(pts, np.array(puzzle.edges))
    grid = (pts - pts.min(axis=0)) / unit
    ints = np.rint(grid)
    if np.abs(grid - ints).max() > 1e-6:
        return None
    pos = {v: (int(x), int(y)) for v, (x, y) in enumerate(ints)}
    for u, v in puzzle.edges:
        if abs(pos[u][0] - pos[v][0]) + abs(pos[u][1] - pos[v][1]) != 1:
            return None
    for face in geo.faces:
        if face is None or len(face) != 4:
            return None
        xs, ys = {pos[v][0] for v in face}, {pos[v][1] for v in face}
        if len(xs) != 2 or len(ys) != 2:
            return None
    return pos


def unicode(puzzle: Puzzle | Sloop, answer: Iterable[int] | None = None) -> str:
    """A square-grid puzzle (and answer) in box-drawing characters: ``·`` at corners,
    clues in the cells, the loop as ``─│┌┐└┘``. :class:`InputError` for other grids.

    >>> from slitherasp.model import from_faces
    >>> print(unicode(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [2])))
    ·   ·
      2
    ·   ·
    """
    if isinstance(puzzle, Sloop):
        return _sloop_unicode(puzzle, answer)
    geo = layout(puzzle).geometry
    pos = lattice(puzzle, geo)
    if pos is None:
        raise InputError("Unicode drawing needs a square grid; use SVG or PNG for this tiling")
    top = max(y for _, y in pos.values())
    right = max(x for x, _ in pos.values())
    rows = [[" "] * (4 * right + 1) for _ in range(2 * top + 1)]
    cell = {v: (4 * x, 2 * (top - y)) for v, (x, y) in pos.items()}
    chosen = set(answer or ())
    bits = [0] * len(puzzle.vertices)
    for e, (u, v) in enumerate(puzzle.edges):
        if e not in chosen:
            continue
        (cu, ru), (cv, rv) = sorted((cell[u], cell[v]))
        if ru == rv:
            rows[ru][cu + 1 : cv] = "─" * (cv - cu - 1)
            for w, bit in ((u, 8 if cell[u] < cell[v] else 4), (v, 4 if cell[u] < cell[v] else 8)):
                bits[w] |= bit
        else:
            rows[ru + 1][cu] = "│"
            low, high = (u, v) if cell[u][1] > cell[v][1] else (v, u)
            bits[low] |= 1
            bits[high] |= 2
    for v, (c, r) in cell.items():
        rows[r][c] = CORNERS[bits[v]]
    for c, k in enumerate(puzzle.clues):
        if k is not None:
            face = geo.faces[c] or ()
            col = min(cell[v][0] for v in face) + 2
            row = min(cell[v][1] for v in face) + 1
            rows[row][col] = str(k)
    return "\n".join("".join(r).rstrip() for r in rows)


BLACK_CELL = "■"


def _sloop_unicode(sloop: Sloop, answer: Iterable[int] | None = None) -> str:
    """A square Sloop one character per cell: ``■`` black, ``·`` white and off the
    loop, else the loop's turn there (``─│┌┐└┘``), with ``─`` between cells the loop
    joins side by side. :class:`InputError` for other tilings.

    >>> from slitherasp.kinds.sloop import read_sloop
    >>> s = read_sloop("2 3\\n...\\n..#")
    >>> ring = [s.graph.find_edge(*p) for p in ((0, 1), (1, 4), (4, 3), (3, 0))]
    >>> print(_sloop_unicode(s, ring))
    ┌─┐ ·
    └─┘ ■
    """
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
    for e in _chosen(graph, answer):
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
