"""Boards with few clues (what a setter composes on): answers found on a small window
of the board, and a second answer made from the first, instead of grounding it whole.

A loop that lies in a part of the board meets every clue of the board when that part
holds every clued cell: a clued cell's edges are all in the part, and a cell outside it
has no clue to meet. So the first answer of a board with few clues is looked for on a
*window*: the clued cells and the cells near them, joined by corridors of cells along
short paths between them (a clue-less board: one face, whose outline is a loop). The
window is a puzzle of its own, solved as any (the rules, then clingo on what they leave),
and its answer, as edges of the board, goes through the independent checker.

A second answer, to say that the first is not unique, is made from the first: a face
beside the loop whose edges on the loop form one run, with no clued cell around it and
no other corner on the loop, is pushed across it (the run is replaced by the face's
other edges: a *bump*), and the new loop goes through the checker too. A board with few
clues nearly always has one; when none fits, a second answer is looked for in the
window, and the whole board is solved when that fails too (as when the window had no
answer at all). Every answer returned has passed the checker, so a wrong window can only
cost time.

Measured side by side with grounding the whole board (``benchmarks/speed.py``, the table
of blank and low-clue boards): a clue-less square 60x60 is answered, and found not
unique, without clingo.

>>> from slitherasp import tilings
>>> from slitherasp.solver.run import solve
>>> p = tilings.build("square", 30, 30)
>>> r = few_clues(p, solve=solve, unique=True)
>>> str(r.status), r.unique, [len(a) for a in r.answers]
('SATISFIABLE', False, [4, 6])
>>> q = p.with_clues({31: 3, 500: 0, 870: 2})
>>> r = few_clues(q, solve=solve, unique=True)
>>> str(r.status), r.unique
('SATISFIABLE', False)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence

from ..model import Answer, Puzzle
from ..model.results import SAT, Result

__all__ = ["WINDOW_SHARE", "bump", "bumps", "few", "few_clues", "part_of", "window"]

WINDOW_SHARE = 0.5
"""A window holding more than this share of the board's cells is not worth it: the
board is solved whole."""
DENSE = 8
"""A board with more than one clue per this many cells is solved whole at once (its
window would be most of it)."""
RADII = (3, 5)
"""How far (in steps between cells that share an edge) the window reaches round each
clued cell, so that the loop has room to meet the clue, and how wide its corridors
are (one less on each side): the first window, and the wider one tried when it has no
answer."""


def few_clues(puzzle: Puzzle, *, solve: Callable[..., Result], unique: bool = False, time_limit: float | None = None,
              on_answer: Callable[[Answer], None] | None = None) -> Result | None:
    """The first answer (and with ``unique`` whether there is another) of a board with
    few clues, found on a window of it; None when the board is not one (too many clues,
    not the faces of a disc) or the window has no answer: the caller then solves the
    board whole. ``solve`` solves the window (as :func:`slitherasp.solver.run.solve` does
    on a whole board)."""
    if not few(puzzle):
        return None
    from ..validate import check_lines

    start = time.perf_counter()
    if any(k is not None for k in puzzle.clues):
        for radius in RADII:  # a window with no answer says nothing of the board: a wider one
            cells = window(puzzle, radius)
            if cells is None:
                return None
            part, edges = part_of(puzzle, cells)
            left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
            found = solve(part, time_limit=left)  # one answer: a bump is the second
            if found.timed_out or found.interrupted or found.status == SAT:
                break
        if found.status != SAT:
            return found if found.timed_out or found.interrupted else None
        answers = [frozenset(edges[e] for e in a) for a in found.answers]
    else:  # no clue: the outline of a face is a loop
        cells = window(puzzle)
        found = Result(puzzle=puzzle, status=SAT)
        answers = [frozenset(puzzle.cell_edges[cells[0]])]
    if not all(check_lines(puzzle, a).valid for a in answers):
        return None
    if unique:
        second = bump(puzzle, answers[0])
        if second is None and any(k is not None for k in puzzle.clues):  # the window's second answer, if any
            again = solve(part, unique=True, time_limit=time_limit)
            second = frozenset(edges[e] for e in again.answers[1]) if len(again.answers) > 1 else None
        if second is None or not check_lines(puzzle, second).valid:
            return None  # one answer in the window and no bump: the board is solved whole
        answers.append(second)
    for a in answers if on_answer is not None else ():
        on_answer(a)
    return Result(puzzle=puzzle, status=SAT, answers=tuple(answers[:2]), count=len(answers[:2]),
                  unique=False if unique else None, time_ground=found.time_ground, time_solve=found.time_solve,
                  time_total=time.perf_counter() - start)


def few(puzzle: Puzzle) -> bool:
    """Whether a board's clues are few enough for a window to be small."""
    n = len(puzzle.cells)
    clued = sum(k is not None for k in puzzle.clues)
    return n > 0 and clued * DENSE <= n and puzzle.is_disc


def _neighbours(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """The cells that share an edge with each cell (once per graph)."""

    def make(p: Puzzle) -> tuple[tuple[int, ...], ...]:
        cells_of = p.edge_cells
        return tuple(tuple(dict.fromkeys(d for e in es for d in cells_of[e] if d != c))
                     for c, es in enumerate(p.cell_edges))

    return puzzle.derived("sparse.neighbours", make)


def window(puzzle: Puzzle, radius: int = RADII[0]) -> list[int] | None:
    """The cells of the window (sorted): every clued cell and those within ``radius``
    of one, joined by shortest paths between the groups they form (the paths widened by
    ``radius - 1`` cells on each side), and whatever they enclose (so that the window is
    a disc, where the colour encoding applies); one face in the middle of a clue-less
    board. None when it would hold more than :data:`WINDOW_SHARE` of the board.

    >>> from slitherasp import tilings
    >>> p = tilings.build("square", 15, 15).with_clues({16: 1, 28: 3})   # (1, 1) and (13, 1)
    >>> cells = window(p, 2)   # 13 cells round each clue, and a path three cells wide
    >>> len(cells), 16 in cells and 28 in cells, max(cells) < 4 * 15   # all in the top four rows
    (43, True, True)
    """
    near = _neighbours(puzzle)
    clued = [c for c, k in enumerate(puzzle.clues) if k is not None]
    if not clued:  # a face away from the border, so that every face round it can be pushed across
        n, cells_of = len(near), puzzle.edge_cells
        inner = (c for c in (*range(n // 2, n), *range(n // 2))
                 if all(len(cells_of[e]) == 2 for e in puzzle.cell_edges[c]))
        return [next(inner, n // 2)]
    group = _grow(near, clued, radius)
    cells = set(group) | set(_grow(near, sorted(_joins(near, group)), radius - 1))
    cells = _filled(puzzle, near, cells)
    if len(cells) > WINDOW_SHARE * len(near):
        return None
    return sorted(cells)


def _filled(puzzle: Puzzle, near: Sequence[Sequence[int]], cells: set[int]) -> set[int]:
    """The cells and every cell they enclose (not reached from the board's border
    without crossing them), and the cells round each corner where they meet only at
    that corner (a pinch), until there is neither."""
    cells_of, at = puzzle.edge_cells, puzzle.incidence
    while True:
        outside = [c for c, es in enumerate(puzzle.cell_edges)
                   if c not in cells and any(len(cells_of[e]) == 1 for e in es)]
        reached = set(outside)
        while outside:
            c = outside.pop()
            for d in near[c]:
                if d not in cells and d not in reached:
                    reached.add(d)
                    outside.append(d)
        cells |= {c for c in range(len(near)) if c not in reached}
        pinched = set()
        for es in at:
            around = {c for e in es for c in cells_of[e]}
            inside = around & cells
            if inside and inside != around and _apart(inside, es, cells_of):
                pinched |= around
        if pinched <= cells:
            return cells
        cells |= pinched


def _apart(inside: set[int], edges: Sequence[int], cells_of: Sequence[Sequence[int]]) -> bool:
    """Whether the cells ``inside`` round a corner fall apart there (no chain of them
    joined across the corner's edges)."""
    joined = {c: c for c in inside}
    for e in edges:
        pair = [c for c in cells_of[e] if c in inside]
        if len(pair) == 2:
            a, b = joined[pair[0]], joined[pair[1]]
            for c, r in joined.items():
                if r == b:
                    joined[c] = a
    return len(set(joined.values())) > 1


def _grow(near: Sequence[Sequence[int]], seeds: Sequence[int], radius: int) -> dict[int, int]:
    """The cells within ``radius`` steps of the seeds, each with the seed it grew from."""
    owner = {c: c for c in seeds}
    frontier = list(seeds)
    for _ in range(radius):
        nxt = []
        for c in frontier:
            for d in near[c]:
                if d not in owner:
                    owner[d] = owner[c]
                    nxt.append(d)
        frontier = nxt
    return owner


def _joins(near: Sequence[Sequence[int]], group: dict[int, int]) -> set[int]:
    """Cells joining the window's pieces: every cell grows outward from the piece it is
    nearest to, and where two pieces meet, the shortest meeting of each pair of pieces
    not yet joined becomes a path (pieces joined in order of distance, as in Kruskal's
    tree)."""
    piece = _pieces(near, group)
    parent = dict.fromkeys(group, -1)
    frontier = list(group)
    meetings: list[tuple[int, int, int]] = []  # (length, cell, cell)
    depth = dict.fromkeys(group, 0)
    while frontier:
        nxt = []
        for c in frontier:
            for d in near[c]:
                if d not in piece:
                    piece[d], parent[d], depth[d] = piece[c], c, depth[c] + 1
                    nxt.append(d)
                elif piece[d] != piece[c]:
                    meetings.append((depth[c] + depth[d] + 1, c, d))
        frontier = nxt
    root = {p: p for p in set(piece.values())}

    def find(p: int) -> int:
        while root[p] != p:
            root[p] = root[root[p]]
            p = root[p]
        return p

    out: set[int] = set()
    for _, c, d in sorted(meetings):
        a, b = find(piece[c]), find(piece[d])
        if a == b:
            continue
        root[a] = b
        for end in (c, d):
            while end != -1 and end not in group:
                out.add(end)
                end = parent[end]
    return out


def _pieces(near: Sequence[Sequence[int]], group: dict[int, int]) -> dict[int, int]:
    """Each cell of ``group`` -> a cell naming the connected piece of the group it is in."""
    piece: dict[int, int] = {}
    for c in group:
        if c in piece:
            continue
        piece[c] = c
        stack = [c]
        while stack:
            x = stack.pop()
            for d in near[x]:
                if d in group and d not in piece:
                    piece[d] = c
                    stack.append(d)
    return piece


def part_of(puzzle: Puzzle, cells: Sequence[int]) -> tuple[Puzzle, list[int]]:
    """The window as a puzzle of its own (the board's names and clues) and, for each of
    its edges, the board's edge."""
    edges: dict[int, int] = {}
    for c in cells:
        for e in puzzle.cell_edges[c]:
            edges.setdefault(e, len(edges))
    vertex: dict[int, int] = {}
    for e in edges:
        for v in puzzle.edges[e]:
            vertex.setdefault(v, len(vertex))
    names = puzzle.vertices
    part = Puzzle(vertices=tuple(names[v] for v in vertex),
                  edges=tuple((vertex[u], vertex[v]) for u, v in (puzzle.edges[e] for e in edges)),
                  cells=tuple(puzzle.cells[c] for c in cells),
                  cell_edges=tuple(tuple(edges[e] for e in puzzle.cell_edges[c]) for c in cells),
                  clues=tuple(puzzle.clues[c] for c in cells), source=puzzle.source)
    return part, list(edges)


def bump(puzzle: Puzzle, loop: Answer) -> Answer | None:
    """Another loop made from ``loop`` by pushing one face across it, with the same
    count on every clued cell; None when no face allows it (see :func:`bumps`).

    >>> from slitherasp import tilings
    >>> p = tilings.build("square", 3, 1)
    >>> sorted(bump(p, frozenset(p.cell_edges[0])))   # the first square, and the second with it
    [0, 2, 3, 4, 5, 6]
    """
    return next(bumps(puzzle, loop), None)


def bumps(puzzle: Puzzle, loop: Answer) -> Iterator[Answer]:
    """Every loop made from ``loop`` by pushing one face across it, with the same count
    on every clued cell. The face's edges on the loop must form one run (not all of
    them), and its corners off that run must be off the loop: then swapping the run
    for the face's other edges keeps one simple loop; and the swap must leave the count
    of the face and of each clued cell beside it as it was."""
    clued, cells_of = puzzle.clues, puzzle.edge_cells
    sides, corners = puzzle.face_sides, puzzle.face_cycles
    degree: dict[int, int] = {}
    for e in loop:
        for v in puzzle.edges[e]:
            degree[v] = degree.get(v, 0) + 1
    tried: set[int] = set()
    for e in sorted(loop):
        for f in puzzle.edge_cells[e]:
            if f in tried:
                continue
            tried.add(f)
            ring, cycle = sides[f], corners[f]
            if ring is None or cycle is None:
                continue
            swapped = _swap(ring, cycle, loop, degree)
            if swapped is None:
                continue
            change: dict[int, int] = {}  # what the swap does to the count of each cell beside the face
            for side in ring:
                for d in cells_of[side]:
                    change[d] = change.get(d, 0) + (1 if side in swapped else -1)
            if all(n == 0 or clued[d] is None for d, n in change.items()):
                yield swapped


def _swap(ring: Sequence[int], cycle: Sequence[int], loop: Answer, degree: dict[int, int]) -> Answer | None:
    """The loop with the face's run of loop edges replaced by its other edges, when the
    run is one and the corners strictly inside the other edges are off the loop."""
    on = [e in loop for e in ring]
    n = len(ring)
    starts = [i for i in range(n) if on[i] and not on[i - 1]]
    if len(starts) != 1:
        return None
    # side i joins corners i and i + 1: the corners between two sides off the loop
    inner = [cycle[(i + 1) % n] for i in range(n) if not on[i] and not on[(i + 1) % n]]
    if any(degree.get(v, 0) for v in inner):
        return None
    return frozenset(loop.symmetric_difference(ring))
