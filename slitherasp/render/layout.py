"""Where to draw a puzzle that has no geometry: a straight-line planar drawing.

A competition instance names vertices and edges but gives no coordinates. It gets a
planar embedding (networkx), its longest face on a convex polygon, and every other
vertex at the average of its neighbours: Tutte's barycentric embedding, whose
straight-line drawing of a 3-connected planar graph has no crossing. A puzzle with
geometry is drawn as it is.

>>> from slitherasp.model import Puzzle
>>> tri = Puzzle(vertices=("a", "b", "c"), edges=((0, 1), (1, 2), (2, 0)),
...              cells=("t",), cell_edges=((0, 1, 2),), clues=(None,))
>>> lay = layout(tri)
>>> len(lay.geometry.points), sorted(lay.geometry.faces[0]), lay.note
(3, [0, 1, 2], '')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import Geometry, Point, Puzzle, median_length, signed_area

if TYPE_CHECKING:
    import networkx as nx
    import numpy as np

# networkx, numpy and shapely are loaded by the functions that draw a graph without
# geometry, not with this module: a puzzle on its own geometry (and the page in the
# browser, which has none of them) never needs them.


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
    import networkx as nx

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
    import numpy as np

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


def _draw_component(
    graph: nx.Graph, cycles: dict[int, list[int]]
) -> tuple[dict[int, np.ndarray], dict[int, list[int]], bool]:
    """Tutte drawing of one connected component: positions, cell faces, planar?"""
    import networkx as nx
    import numpy as np

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
    import numpy as np

    t = 2 * math.pi * np.arange(n) / n
    return 0.5 / math.sin(math.pi / n) * np.column_stack([np.cos(t), np.sin(t)])


def _natural_outline(ring: list[int], walk: list[int], inner: list[list[int]]) -> np.ndarray | None:
    """A convex polygon with unit sides turning at each outer vertex by what the faces
    there leave of a half turn, as if every face were regular (so a square grid keeps
    its rectangle); ``None`` when the outer face is not a simple cycle or the result
    is not convex."""
    import numpy as np

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


SQUARE_SYMMETRIES = (
    ((1, 0), (0, 1)), ((0, -1), (1, 0)), ((-1, 0), (0, -1)), ((0, 1), (-1, 0)),
    ((-1, 0), (0, 1)), ((0, 1), (1, 0)), ((1, 0), (0, -1)), ((0, -1), (-1, 0)),
)


def _upright(pts: np.ndarray) -> np.ndarray:
    """The drawing turned by quarter turns (or mirrored) so that the first vertices
    read like text: vertex 0 nearest the top left, then vertex 1 to its right.

    >>> import numpy as np
    >>> _upright(np.array([[1.0, 0.0], [0.0, 0.0], [1.0, 1.0]])).round(6).tolist()
    [[-1.0, 0.0], [0.0, 0.0], [-1.0, -1.0]]
    """
    import numpy as np

    def key(m: np.ndarray) -> list[tuple[float, float]]:
        q = pts @ m.T
        top, left = q[:, 1].max(), q[:, 0].min()
        return [(round(top - y, 6), round(x - left, 6)) for x, y in q[:3]]

    best = min((np.array(m, float) for m in SQUARE_SYMMETRIES), key=key)
    return pts @ best.T


def crossings(points: Sequence[Point], edges: Sequence[tuple[int, int]]) -> int:
    """How many pairs of straight edges meet anywhere but at a shared end vertex.

    >>> crossings([(0, 0), (1, 1), (1, 0), (0, 1)], [(0, 1), (2, 3)])
    1
    >>> crossings([(0, 0), (1, 1), (1, 0), (0, 1)], [(0, 2), (2, 1), (1, 3)])
    0
    """
    import numpy as np
    import shapely

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

    """
    import networkx as nx
    import numpy as np

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
        arr = _upright(arr / median_length(arr.tolist(), sub_edges.tolist()))
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
