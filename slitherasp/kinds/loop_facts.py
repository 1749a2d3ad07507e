"""The facts the seeds' single-loop models and options read beyond the competition's:
turns and bends from the coordinates (``asp/turns.lp``), cuts (``asp/cuts.lp``) and
regions of even and odd vertices (``asp/evenodd.lp``) from the graph.

Each function takes the graph as vertex names and edges (pairs of vertex indices, in
the orientation of ``edge/2``), so the same code writes the facts of a whole puzzle
and of a reduced one (:mod:`slitherasp.simplify`, whose edges are joined chains).
Plain Python on the model: no clingo.

>>> names, square = ["a", "b", "c", "d"], [(0, 1), (1, 2), (2, 3), (3, 0)]
>>> print(cut_facts(names, square))
cut(0,1,b,c).cut(0,2,c,d).cut_size(0,2).cut(1,1,a,b).cut(1,2,d,a).cut_size(1,2).
>>> len(turn_facts(names, square, [(0, 0), (1, 0), (1, 1), (0, 1)]).split(".")) - 1   # one turn each way
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..model.errors import InputError

Point = tuple[float, float]
Pair = tuple[int, int]


# --------------------------------------------------------------------------- turns
def turn_facts(names: Sequence[str], edges: Sequence[Pair], points: Sequence[Point],
               bends: Sequence[Sequence[Point]] | None = None) -> str:
    """``turn(U,V,W)`` for every path U -> V -> W along two edges whose direction of
    travel sweeps across the reference direction at V (turning the short way), and
    ``bend(U,V)`` for every edge drawn with bends (``bends[e]``: the points between its
    ends, U to V) whose direction sweeps across it an odd number of times from U to
    V. The reference direction is the middle of the widest gap between the
    directions of the drawing's segments, so that no segment points along it.

    >>> names, pts = ["o", "e", "n"], [(0, 0), (1, 0), (0, 1)]
    >>> print(turn_facts(names, [(0, 1), (1, 2), (2, 0)], pts))   # across 45 degrees
    turn(o,e,n).turn(o,n,e).
    """
    polylines = [[points[u], *(bends[e] if bends else ()), points[v]] for e, (u, v) in enumerate(edges)]
    reference = _reference([_angle(a, b) for line in polylines for a, b in zip(line, line[1:])])
    at: list[list[int]] = [[] for _ in names]
    for e, (u, v) in enumerate(edges):
        at[u].append(e)
        at[v].append(e)
    out = []
    for e, (u, v) in enumerate(edges):  # bends along an edge, each way
        for a, first, second in ((polylines[e], u, v), (polylines[e][::-1], v, u)):
            swept = sum(_crosses(_angle(p, q), _angle(q, r), reference) for p, q, r in zip(a, a[1:], a[2:]))
            if swept % 2:
                out.append(f"bend({names[first]},{names[second]}).")
    for x, es in enumerate(at):  # turns at a vertex, for each edge in and edge out
        for e in es:
            arrive = _arrival(polylines[e], edges[e], x)
            for f in es:
                if f != e and _crosses(arrive, _departure(polylines[f], edges[f], x), reference):
                    u = edges[e][0] if edges[e][1] == x else edges[e][1]
                    w = edges[f][0] if edges[f][1] == x else edges[f][1]
                    out.append(f"turn({names[u]},{names[x]},{names[w]}).")
    return "".join(out)


def _angle(a: Point, b: Point) -> float:
    """The direction from ``a`` to ``b``, in radians in [0, 2 pi)."""
    return math.atan2(b[1] - a[1], b[0] - a[0]) % math.tau


def _reference(angles: Sequence[float]) -> float:
    """A direction no segment points along, either way: the middle of the widest gap
    between the segments' directions and their opposites.

    >>> round(math.degrees(_reference([0.0, math.pi / 2, math.pi / 4])))
    135
    """
    both = sorted({round(a % math.tau, 12) for x in angles for a in (x, x + math.pi)})
    if not both:
        return 0.5
    gaps = [(b - a, a) for a, b in zip(both, [*both[1:], both[0] + math.tau])]
    width, start = max(gaps, key=lambda g: (round(g[0], 9), -g[1]))  # the first of equal gaps
    return (start + width / 2) % math.tau


def _crosses(before: float, after: float, reference: float) -> bool:
    """Whether turning from direction ``before`` to ``after`` the short way sweeps
    across ``reference`` (which is neither of them).

    >>> _crosses(math.pi / 2, 0.0, math.pi / 4), _crosses(0.0, math.pi / 2, math.pi * 1.25)
    (True, False)
    """
    turn = (after - before + math.pi) % math.tau - math.pi  # in [-pi, pi)
    ahead = (reference - before) % math.tau
    if turn > 0:
        return ahead < turn
    return turn < 0 and ahead > math.tau + turn


def _arrival(line: Sequence[Point], ends: Pair, x: int) -> float:
    """The direction of travel arriving at vertex ``x`` along an edge drawn as ``line``."""
    return _angle(line[-2], line[-1]) if ends[1] == x else _angle(line[1], line[0])


def _departure(line: Sequence[Point], ends: Pair, x: int) -> float:
    """The direction of travel leaving vertex ``x`` along an edge drawn as ``line``."""
    return _angle(line[0], line[1]) if ends[0] == x else _angle(line[-1], line[-2])


# --------------------------------------------------------------------------- layers
def layers(n: int, edges: Sequence[Pair]) -> list[tuple[int, int]]:
    """Each vertex's ``(piece, layer)``: breadth-first layers from a vertex on the
    rim of each connected piece (the farthest from the piece's first vertex), so
    that the layers sweep across the piece as the seed's lines do. Vertices without
    edges are ``(-1, 0)``.

    >>> layers(5, [(0, 1), (1, 2), (3, 4)])
    [(0, 2), (0, 1), (0, 0), (1, 1), (1, 0)]
    """
    near: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        near[u].append(v)
        near[v].append(u)
    out = [(-1, 0)] * n
    piece = 0
    for first in range(n):
        if out[first][0] != -1 or not near[first]:
            continue
        depth = _bfs(first, near)
        rim = max(depth, key=lambda v: (depth[v], -v))
        for v, d in _bfs(rim, near).items():
            out[v] = (piece, d)
        piece += 1
    return out


def _bfs(source: int, near: Sequence[Sequence[int]]) -> dict[int, int]:
    """Breadth-first distances from ``source`` over ``near``."""
    depth = {source: 0}
    frontier = [source]
    while frontier:
        nxt = []
        for u in frontier:
            for v in near[u]:
                if v not in depth:
                    depth[v] = depth[u] + 1
                    nxt.append(v)
        frontier = nxt
    return depth


def cut_facts(names: Sequence[str], edges: Sequence[Pair]) -> str:
    """``cut(K,I,U,V)`` and ``cut_size(K,N)``: the borders between consecutive
    :func:`layers` of each piece, each edge across one border at most."""
    where = layers(len(names), edges)
    cuts: dict[tuple[int, int], list[str]] = {}
    for u, v in edges:
        (p, a), (_, b) = where[u], where[v]
        if a != b:
            cuts.setdefault((p, min(a, b)), []).append(f"{names[u]},{names[v]}")
    out = []
    for k, key in enumerate(sorted(cuts)):
        out += [f"cut({k},{i},{uv})." for i, uv in enumerate(cuts[key], 1)]
        out.append(f"cut_size({k},{len(cuts[key])}).")
    return "".join(out)


def parity_facts(names: Sequence[str], edges: Sequence[Pair]) -> str:
    """``ring(K,V,C)`` and ``leaves(K,U,V,C)``: each :func:`layers` layer a region,
    its vertices' colours (1 on even layers, -1 on odd ones) and the edges leaving
    it. :class:`InputError` when an edge joins two vertices of one layer: then the
    graph has an odd cycle and its vertices do not take two colours.

    >>> print(parity_facts(["a", "b"], [(0, 1)]))
    ring(1,a,-1).ring(0,b,1).leaves(1,a,b,-1).leaves(0,a,b,1).
    """
    where = layers(len(names), edges)
    region = {key: k for k, key in enumerate(sorted({w for w in where if w[0] >= 0}))}
    out = [f"ring({region[where[v]]},{names[v]},{1 - 2 * (where[v][1] % 2)})." for v in range(len(names))
           if where[v][0] >= 0]
    for u, v in edges:
        if where[u] == where[v]:
            raise InputError("--with parity needs vertices of two colours, every edge joining the two "
                             f"(squares, hexagons); edge ({names[u]},{names[v]}) closes an odd cycle")
        for a in (u, v):
            out.append(f"leaves({region[where[a]]},{names[u]},{names[v]},{1 - 2 * (where[a][1] % 2)}).")
    return "".join(out)
