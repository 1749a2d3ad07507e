"""The order in which the frontier method (:mod:`slitherasp.counting.frontier`) visits a puzzle's
edges, and what that order costs.

The method processes the edges one at a time and keeps, for every way of deciding the
edges seen so far that could still grow into the loop, one *state*: the vertices on the
*frontier* (seen, with an edge still to come), each with its degree so far and the other
end of its path, and a counter for each *open* cell (some of its edges seen, not all).
Equal states are merged, so the work per edge is the number of states, which depends on
the order alone: a vertex is on the frontier from its first edge to its last, a cell is
open from its first edge to its last. A good order keeps both few, as a sweep of the
plane does (a *path decomposition* of the graph: on an ``m x n`` square grid swept
along its longer side, ``min(m, n) + 2`` vertices).

:func:`sweep` tries sweeps of the drawing in eight directions (when the puzzle has
coordinates) and breadth-first orders from far-apart vertices (always), and keeps the
cheapest by :func:`state_bound`: for ``f`` frontier vertices, at most
``sum_k C(f, 2k) Catalan(k) 2^(f-2k)`` states of the vertices (each vertex of degree 0
or 2, or the end of one of ``k`` paths whose ends pair without crossing, as they do in
a plane), times the values each open counter can still take.

>>> from slitherasp import tilings
>>> s = sweep(tilings.build("square", 6, 3))
>>> s.width, len(s.steps)
(5, 45)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..model import Puzzle
from ..model.stopping import check

__all__ = ["Step", "Sweep", "best_order", "order_cost", "state_bound", "steps_of", "sweep"]


@dataclass(frozen=True)
class Step:
    """One edge of a :class:`Sweep`, with the changes to the state's layout around it.

    A state is a tuple: one slot per frontier vertex, then one per open counted cell.
    Before the edge, ``new_vertices`` vertex slots are inserted at ``insert`` (the end of
    the vertex slots) and a counter slot for each cell of ``new_cells`` is appended; the
    edge joins slots ``u`` and ``v`` and counts in ``counters`` (``(slot, edges of that
    cell still to come)``); after it, the state keeps the slots ``keep`` (None: all of
    them): ``leaving`` vertices and ``closing`` counters have seen their last edge."""

    edge: int
    insert: int
    new_vertices: int
    new_cells: tuple[int, ...]
    u: int
    v: int
    counters: tuple[tuple[int, int], ...]
    leaving: tuple[int, ...]
    closing: tuple[int, ...]
    keep: tuple[int, ...] | None
    renumber: tuple[int, ...]
    """For each vertex slot while the edge is seen, its slot after the step (-1: it leaves)."""
    vertices: int
    """How many vertex slots the state has after the step (the rest are counters)."""
    unopened: tuple[int, ...]
    """The counted cells none of whose edges has been seen yet, after this step."""


@dataclass(frozen=True)
class Sweep:
    """An order of all the edges of a puzzle, its steps, and its cost: ``width`` (the
    most frontier vertices at once), ``open_cells`` (the most counted cells open at
    once) and ``cost``, the log2 of :func:`state_bound`'s largest product over the
    steps. ``name`` says which order it is."""

    order: tuple[int, ...]
    steps: tuple[Step, ...]
    width: int
    open_cells: int
    cost: float
    name: str


@cache
def state_bound(f: int) -> int:
    """How many states ``f`` frontier vertices can have at most, their pairs of path
    ends not crossing: ``sum_k C(f, 2k) Catalan(k) 2^(f - 2k)``.

    >>> [state_bound(f) for f in range(5)]
    [1, 2, 5, 14, 42]
    """
    return sum(math.comb(f, 2 * k) * math.comb(2 * k, k) // (k + 1) * 2 ** (f - 2 * k) for k in range(f // 2 + 1))


def sweep(puzzle: Puzzle, counted: Iterable[int] | None = None) -> Sweep:
    """The cheapest order found for ``puzzle``, whose ``counted`` cells (default: its
    clued cells) keep a counter while open. A time limit or an interrupt
    (:mod:`slitherasp.model.stopping`) raises :class:`~slitherasp.model.stopping.StoppedError`."""
    cells = _counted(puzzle, counted)
    _, order, name = best_order(puzzle, cells)
    return steps_of(puzzle, order, cells, name)


def best_order(puzzle: Puzzle, counted: Iterable[int] | None = None,
               cap: float = math.inf) -> tuple[float, list[int], str]:
    """The cost, the edges and the name of the cheapest order found (see :func:`sweep`),
    without its steps: what deciding whether to sweep needs. Orders are given up once
    their cost passes ``cap`` (the cost returned is then above it, not exact).

    >>> from slitherasp import tilings
    >>> best_order(tilings.build("square", 9, 3))[0] == sweep(tilings.build("square", 9, 3)).cost
    True
    """
    cells = _counted(puzzle, counted)
    best: tuple[float, list[int], str] = (0.0, [], "empty")
    for name, rank in _vertex_orders(puzzle):
        check()
        keys = [(a, b) if a > b else (b, a) for a, b in ((rank[u], rank[v]) for u, v in puzzle.edges)]
        order = sorted(range(len(puzzle.edges)), key=keys.__getitem__)  # by the later end, then the earlier
        cost = order_cost(puzzle, order, cells, min(cap, best[0]) if best[1] else cap)
        if not best[1] or cost < best[0]:
            best = (cost, order, name)
    return best


def _counted(puzzle: Puzzle, counted: Iterable[int] | None) -> list[int]:
    """The cells that keep a counter: ``counted``, or the clued cells."""
    return sorted(set(counted) if counted is not None else (c for c, k in enumerate(puzzle.clues) if k is not None))


def order_cost(puzzle: Puzzle, order: Sequence[int], counted: Sequence[int], cap: float = math.inf) -> float:
    """The cost of :func:`steps_of` (the log2 of the largest bound on the states
    after an edge), in one pass over the edges, which ends once it passes ``cap``.

    >>> from slitherasp import tilings
    >>> p = tilings.build("square", 4, 2)
    >>> s = sweep(p)
    >>> order_cost(p, s.order, []) == s.cost, order_cost(p, range(len(p.edges)), []) >= s.cost
    (True, True)
    """
    first_v, last_v = _span((puzzle.edges[e] for e in order), len(puzzle.vertices))
    counted_set = set(counted)
    sizes = [len(es) for es in puzzle.cell_edges]
    seen = [0] * len(puzzle.cells)
    frontier = 0
    counters = cost = 0.0
    for i, e in enumerate(order):
        frontier += sum(first_v[x] == i for x in set(puzzle.edges[e]))
        for c in puzzle.edge_cells[e]:
            if c in counted_set:
                clue = puzzle.clues[c]
                counters += math.log2(_values(clue, seen[c] + 1, sizes[c]) / _values(clue, seen[c], sizes[c]))
                seen[c] += 1
        cost = max(cost, math.log2(state_bound(frontier)) + counters)
        if cost > cap:
            break
        frontier -= sum(last_v[x] == i for x in set(puzzle.edges[e]))
        for c in puzzle.edge_cells[e]:
            if c in counted_set and seen[c] == sizes[c]:
                counters -= math.log2(_values(puzzle.clues[c], seen[c], sizes[c]))
    return round(cost, 3)


def _vertex_orders(puzzle: Puzzle) -> Iterable[tuple[str, list[float]]]:
    """Candidate ranks of the vertices: sweeps of the drawing in eight directions, and
    breadth-first orders from two far-apart vertices."""
    if not puzzle.vertices:
        return
    geo = puzzle.geometry
    if geo is not None and len(geo.points) == len(puzzle.vertices):
        for degrees in (0, 90, 45, 135, 30, 60, 120, 150):
            a = math.radians(degrees)
            c, s = math.cos(a), math.sin(a)
            along = [round(x * c + y * s, 6) * 1e6 + round(y * c - x * s, 6) for x, y in geo.points]
            yield f"sweep {degrees}", along
    start = 0
    for _ in range(2):  # from any vertex, then from the farthest one found (twice)
        rank = _bfs_rank(puzzle, start)
        start = max(range(len(rank)), key=rank.__getitem__)
    yield "breadth-first", _bfs_rank(puzzle, start)
    yield "breadth-first back", [-r for r in _bfs_rank(puzzle, start)]


def _bfs_rank(puzzle: Puzzle, start: int) -> list[float]:
    """Vertices ranked by a breadth-first search from ``start`` (every component in
    turn)."""
    rank: list[float] = [-1.0] * len(puzzle.vertices)
    nxt = 0
    for root in [start, *range(len(puzzle.vertices))]:
        if rank[root] >= 0:
            continue
        rank[root] = nxt
        nxt += 1
        queue = deque([root])
        while queue:
            x = queue.popleft()
            for e in puzzle.incidence[x]:
                y = sum(puzzle.edges[e]) - x
                if rank[y] < 0:
                    rank[y] = nxt
                    nxt += 1
                    queue.append(y)
    return rank


def steps_of(puzzle: Puzzle, order: Sequence[int], counted: Sequence[int], name: str = "given") -> Sweep:
    """The steps of processing ``puzzle``'s edges in ``order``, with counters for the
    ``counted`` cells, and the order's cost."""
    first_v, last_v = _span(((puzzle.edges[e]) for e in order), len(puzzle.vertices))
    counted_set = set(counted)
    first_c, last_c = _span(([c for c in puzzle.edge_cells[e] if c in counted_set] for e in order), len(puzzle.cells))
    clues, sizes = puzzle.clues, [len(es) for es in puzzle.cell_edges]
    seen_of = [0] * len(puzzle.cells)
    verts: list[int] = []
    cells: list[int] = []
    steps = []
    width = open_cells = 0
    cost = 0.0
    unopened = set(counted_set)
    for i, e in enumerate(order):
        if not i % 1024:
            check()
        a, b = puzzle.edges[e]
        fresh = [x for x in dict.fromkeys((a, b)) if first_v[x] == i]
        new_cells = tuple(c for c in puzzle.edge_cells[e] if c in counted_set and first_c[c] == i)
        insert = len(verts)
        verts += fresh
        cells += new_cells
        unopened -= set(new_cells)
        nv = len(verts)
        width, open_cells = max(width, nv), max(open_cells, len(cells))
        counters = []
        for c in puzzle.edge_cells[e]:
            if c in counted_set:
                seen_of[c] += 1
                counters.append((nv + cells.index(c), sizes[c] - seen_of[c]))
        cost = max(cost, math.log2(state_bound(nv)) + sum(math.log2(_values(clues[c], seen_of[c], sizes[c]))
                                                           for c in cells))
        leaving = tuple(j for j in range(nv - 1, -1, -1) if last_v[verts[j]] == i)
        closing = tuple(nv + j for j in range(len(cells) - 1, -1, -1) if last_c[cells[j]] == i)
        gone = set(leaving) | set(closing)
        keep = tuple(j for j in range(nv + len(cells)) if j not in gone) if gone else None
        renumber = tuple(-1 if j in gone else j - sum(g < j for g in leaving) for j in range(nv))
        steps.append(Step(e, insert, len(fresh), new_cells, verts.index(a), verts.index(b), tuple(counters),
                          leaving, closing, keep, renumber, nv - len(leaving), tuple(sorted(unopened))))
        verts = [x for j, x in enumerate(verts) if j not in gone]
        cells = [c for j, c in enumerate(cells) if nv + j not in gone]
    return Sweep(tuple(order), tuple(steps), width, open_cells, round(cost, 3), name)


def _span(items: Iterable[Iterable[int]], n: int) -> tuple[list[int], list[int]]:
    """For each of ``range(n)``, the first and last step whose items hold it."""
    first, last = [-1] * n, [-1] * n
    for i, xs in enumerate(items):
        for x in xs:
            if first[x] < 0:
                first[x] = i
            last[x] = i
    return first, last


def _values(clue: int | None, seen: int, size: int) -> int:
    """How many counts a cell with ``clue`` (None: any) can have after ``seen`` of its
    ``size`` edges, and still reach its clue."""
    if clue is None:
        return seen + 1
    return min(clue, seen) - max(0, clue - (size - seen)) + 1
