"""Random loops as Loopy makes them (the facts are those of Simon Tatham's
``loopgen.c``; the code is ours, for any disc of faces).

Every face is coloured inside (white) or outside (black); the outside of the patch is
black. One random face starts white; then, colour by colour at random, the grey face
that would touch the fewest faces of its new colour along its edges (ties broken by
a random order fixed at the start) is coloured, as long as colouring it keeps both
colours in one piece without holes: walking round the face through every face that
touches it, at an edge or a corner, meets the colour in exactly one run. That grows
curly boundaries. When no grey face is left, faces that touch exactly one face of the
other colour switch to it, round after round, while any does (tendrils into clumps),
and last every face that may switch does so with probability 1/10. The loop is the
boundary between the colours.

>>> from slitherasp import tilings
>>> from slitherasp.validate import is_solution
>>> p = tilings.build("square", 10, 10)
>>> loop = random_loop(p, seed=1)
>>> is_solution(p, loop), len(loop) > 0.4 * len(p.edges)
(True, True)
"""

from __future__ import annotations

import heapq
import random

from ..model import Answer, Puzzle
from ..model.errors import GenerationError
from ..model.stopping import check

__all__ = ["colouring", "face_neighbours", "random_loop", "switchable"]

GREY, WHITE, BLACK = 0, 1, 2


class _Patch:
    """What colouring reads of a disc of faces: each face's neighbours across its
    edges, the faces round it (at edges and corners, in order), and the faces at
    each vertex. The outside is the face numbered ``len(cells)``."""

    def __init__(self, puzzle: Puzzle) -> None:
        from ..rules.shape import OUTSIDE, graph_shape

        shape = graph_shape(puzzle)
        if not shape.disc or any(r is None for r in shape.rings):
            raise GenerationError("random loops need a disc of faces (a tiling, or polygons without holes)")
        cells = self.cells = len(puzzle.cells)
        sides = shape.sides
        turn: dict[tuple[int, int, int], int] = {}
        for k, (a, b) in enumerate(shape.corner_edges):
            v, f = shape.corner_vertex[k], shape.corner_face[k]
            f = cells if f == OUTSIDE else f
            turn[v, f, a], turn[v, f, b] = b, a

        def across(e: int, f: int) -> int:
            x, y = sides[e]
            return y if x == f else x

        check()
        self.neighbours: list[list[int]] = []
        self.around: list[list[int]] = []
        for f, ring in enumerate(shape.rings):
            assert ring is not None
            self.neighbours.append([across(e, f) for e in ring])
            seq: list[int] = []
            for i, r in enumerate(ring):
                r2 = ring[(i + 1) % len(ring)]
                u, w = puzzle.edges[r]
                v = u if u in puzzle.edges[r2] else w
                g, e = across(r, f), r
                while True:
                    e2 = turn[v, g, e]
                    if e2 == r2:
                        break
                    seq.append(g)
                    g, e = across(e2, g), e2
            self.around.append(seq)
        check()  # between the steps of a big patch: time limits and Ctrl-C hold
        at: list[set[int]] = [set() for _ in puzzle.vertices]
        for c, es in enumerate(puzzle.cell_edges):
            for e in es:
                for v in puzzle.edges[e]:
                    at[v].add(c)
        self.touching = [sorted({g for e in puzzle.cell_edges[f] for v in puzzle.edges[e] for g in at[v]} - {f})
                         for f in range(cells)]


_PATCHES: dict[int, tuple[object, _Patch]] = {}


def _patch(puzzle: Puzzle) -> _Patch:
    """The patch of a puzzle's graph, from a small cache keyed by the identity of its
    edge tuple (shared by every puzzle ``with_clues`` makes)."""
    hit = _PATCHES.get(id(puzzle.edges))
    if hit is not None and hit[0] is puzzle.edges:
        return hit[1]
    patch = _Patch(puzzle)
    while len(_PATCHES) >= 8:
        _PATCHES.pop(next(iter(_PATCHES)))
    _PATCHES[id(puzzle.edges)] = (puzzle.edges, patch)
    return patch


def _can(patch: _Patch, board: list[int], f: int, colour: int) -> bool:
    """Whether face ``f`` may take ``colour``: a neighbour across an edge has it, and
    the faces round ``f`` have it in exactly one run."""
    return colour in [board[g] for g in patch.neighbours[f]] and _one_run(patch.around[f], board, colour)


def switchable(puzzle: Puzzle, board: list[int], f: int) -> bool:
    """Whether face ``f`` of a colouring (``board``: 1 inside, 2 outside, per face, the
    outside of the patch last) may take the other colour and leave both colours in one
    piece without holes, as the loop's growth keeps them (a setter's reshaping asks)."""
    return _can(_patch(puzzle), board, f, WHITE + BLACK - board[f])


def face_neighbours(puzzle: Puzzle) -> list[list[int]]:
    """Each face's neighbours across its edges (the outside numbered ``len(cells)``)."""
    return _patch(puzzle).neighbours


def _one_run(seq: list[int], board: list[int], colour: int) -> bool:
    """Whether the faces of ``seq`` (round a face, in order) have ``colour`` in exactly
    one run (none round a board of one face: no run at all)."""
    if not seq:
        return False
    last = board[seq[-1]] == colour
    changes = 0
    for g in seq:
        now = board[g] == colour
        if now != last:
            changes += 1
            if changes > 2:
                return False
            last = now
    return changes == 2


def colouring(puzzle: Puzzle, seed: int | None = None, *, tendrils: bool = True) -> list[int]:
    """Each face's colour (1 inside, 2 outside) of a random loop as Loopy grows it
    (``tendrils=False``: without the rounds of faces switching colour, a less curly
    loop)."""
    patch = _patch(puzzle)
    rng = random.Random(seed)
    cells = patch.cells
    board = [GREY] * cells + [BLACK]
    order = [rng.getrandbits(31) for _ in range(cells)]
    board[rng.randrange(cells)] = WHITE
    heaps: dict[int, list[tuple[int, int, int]]] = {WHITE: [], BLACK: []}
    live: dict[int, list[int | None]] = {WHITE: [None] * cells, BLACK: [None] * cells}

    neighbours, around = patch.neighbours, patch.around

    def refresh(f: int) -> None:
        if board[f] != GREY:
            live[WHITE][f] = live[BLACK][f] = None
            return
        near = [board[g] for g in neighbours[f]]
        for colour in (WHITE, BLACK):
            s = -near.count(colour)  # higher is curlier
            if s and _one_run(around[f], board, colour):
                if live[colour][f] != s:
                    live[colour][f] = s
                    heapq.heappush(heaps[colour], (-s, order[f], f))
            else:
                live[colour][f] = None

    for f in range(cells):
        refresh(f)
    steps = 0
    while True:
        steps += 1
        if not steps & 511:
            check()  # a big patch takes a second or more: time limits and Ctrl-C hold
        choices = [c for c in (WHITE, BLACK) if _top(heaps[c], live[c]) is not None]
        if not choices:
            break
        colour = WHITE if rng.randrange(2) else BLACK
        if colour not in choices:
            colour = choices[0]
        f = _top(heaps[colour], live[colour])
        assert f is not None
        board[f] = colour
        live[WHITE][f] = live[BLACK][f] = None
        for g in patch.touching[f]:
            if board[g] == GREY:
                refresh(g)
    for f in range(cells):  # a patch the growth could not reach (never seen on a disc)
        if board[f] == GREY:
            board[f] = BLACK
    faces = list(range(cells))
    rng.shuffle(faces)
    flipped = tendrils
    while flipped:  # tendrils into clumps
        check()
        flipped = False
        for f in faces:
            other = WHITE + BLACK - board[f]
            if [board[g] for g in neighbours[f]].count(other) == 1 and _one_run(around[f], board, other):
                board[f] = other
                flipped = True
    for f in faces:  # and a last pass of random flips
        other = WHITE + BLACK - board[f]
        if _can(patch, board, f, other) and not rng.randrange(10):
            board[f] = other
    return board[:cells]


def _top(heap: list[tuple[int, int, int]], live: list[int | None]) -> int | None:
    """The best candidate of a heap whose stale entries are dropped on the way."""
    while heap:
        neg, _, f = heap[0]
        if live[f] == -neg:
            return f
        heapq.heappop(heap)
    return None


def random_loop(puzzle: Puzzle, seed: int | None = None, *, tendrils: bool = True) -> Answer:
    """A random loop on a disc of faces, as Loopy makes them (see the module)."""
    board = colouring(puzzle, seed, tendrils=tendrils)
    return frozenset(e for e, cs in enumerate(puzzle.edge_cells)
                     if (board[cs[0]] == WHITE) != (len(cs) > 1 and board[cs[1]] == WHITE))
