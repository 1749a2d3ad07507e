"""Derivations that survive the loss of clues: what generation asks thousands of times.

A :class:`Derivation` solves a puzzle with the rules of some levels and keeps, for
every fact (an edge settled, a corner narrowed, two edges related), the set of clues
it rests on (its *dependencies*, a bit set over the cells). Asked whether the puzzle
is still solved without some clues (:meth:`Derivation.without`), it keeps every fact
that rests on none of them, looks again only at the places where facts were lost,
and runs the rules from there: the same fixpoint as solving from scratch (the rules
are monotone), for the work of the part of the board the clues reached.

>>> from slitherasp import tilings
>>> from slitherasp.generate import planted
>>> p, loop = planted(tilings.build("square", 6, 6), seed=3)
>>> d = Derivation(p, (1, 2))
>>> d.complete, d.without([0]) is not None
(True, True)
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from ..model import Puzzle
from .board import EASY, HARD, Contradiction
from .engine import Rules

__all__ = ["Deps", "Derivation"]


class Deps:
    """The dependencies of every fact of a board, as it records them (the board calls
    :meth:`fact` and :meth:`join`, as it calls :class:`.why.Why`)."""

    def __init__(self) -> None:
        self.dep: list[int] = []
        """Per edge, the clues (bits) its state rests on."""
        self.corner: list[int] = []
        self.learns: list[tuple[int, int, int]] = []
        """``(corner, mask, dependencies)`` for every narrowing of a corner."""
        self.merges: list[tuple[int, int, int, int]] = []
        """``(edge, edge, opposite, dependencies)`` for every relation of edges."""
        self.cls: dict[int, int] = {}
        """The dependencies of every class of related edges (by root)."""
        self.rel: list[int] = []

    def attach(self, board: Rules) -> None:
        self.ecls: list[int] = board.ecls  # not the board: no cycle, so generation runs without the collector
        self.m = board.m
        self.k = len(board.shape.corner_edges)
        if not self.dep:
            self.dep = [0] * self.m
            self.corner = [0] * self.k

    def _of(self, premises: tuple[int, ...]) -> int:
        m, k = self.m, self.k
        dep, corner, rel = self.dep, self.corner, self.rel
        d = 0
        for f in premises:
            if f < 0:
                d |= 1 << (-1 - f)
            elif f < m:
                d |= dep[f]
            elif f < m + k:
                d |= corner[f - m]
            else:
                d |= rel[f - m - k]
        return d

    def fact(self, fact: int, premises: tuple[int, ...], mask: int = 0) -> None:
        d = self._of(premises)
        if fact < self.m:
            self.dep[fact] = d
        else:
            q = fact - self.m
            self.corner[q] |= d
            self.learns.append((q, mask, d))

    def join(self, kind: str, a: int, b: int, odd: int, premises: tuple[int, ...]) -> None:
        cls = self.ecls
        ra, rb = cls[a], cls[b]
        d = self._of(premises) | self.cls.get(ra, 0) | self.cls.get(rb, 0)
        self.cls[ra] = self.cls[rb] = d
        self.merges.append((a, b, odd, d))

    def relation(self, a: int, b: int, kind: str = "edge") -> tuple[int, ...]:
        self.rel.append(self.cls.get(self.ecls[a], 0))
        return (self.m + self.k + len(self.rel) - 1,)

    def flush(self) -> None:
        pass


class Derivation:
    """A puzzle solved by the rules of ``levels``, with the dependencies of its facts.

    ``complete``: the rules settled every edge (the answer is then unique)."""

    def __init__(self, puzzle: Puzzle, levels: tuple[int, ...], *, _board: Rules | None = None) -> None:
        self.base, self.levels = puzzle, levels
        self.clues = puzzle.clues
        self._puzzle: Puzzle | None = puzzle
        self.board = board = _board if _board is not None else Rules(puzzle, levels, Deps())
        self.complete = False
        if _board is None:
            board.stoppable = False  # one run: the start every later one needs
            try:
                board.run()
            except Contradiction:
                return
            board.stoppable = True
        self.complete = board.done()
        self._cycle: list[int] | None = None

    @property
    def puzzle(self) -> Puzzle:
        if self._puzzle is None:
            self._puzzle = self.base.with_clues(self.clues)
        return self._puzzle

    @property
    def deps(self) -> Deps:
        return self.board.why

    def cycle(self) -> tuple[list[int], dict[int, int]]:
        """The loop's vertices in order, and the place of each line (by edge) in it:
        line ``i`` joins vertex ``i`` and ``i + 1``."""
        if self._cycle is None:
            p, state = self.base, self.board.state
            start = next(e for e, s in enumerate(state) if s)
            first, v = p.edges[start]
            order, where, e = [first], {start: 0}, start
            while v != first:
                order.append(v)
                e = next(f for f in p.incidence[v] if state[f] and f != e)
                where[e] = len(order) - 1
                a, b = p.edges[e]
                v = b if a == v else a
            self._cycle, self._where = order, where
        return self._cycle, self._where

    def without(self, cells: Iterable[int]) -> Derivation | None:
        """The derivation of the puzzle without the clues of ``cells``, if the rules
        still solve it whole; else None (raises :class:`.engine.Stopped` on a stop
        request)."""
        cells = [c for c in cells if self.clues[c] is not None]
        gone = 0
        for c in cells:
            gone |= 1 << c
        deps = self.deps
        clues = list(self.clues)
        for c in cells:
            clues[c] = None
        dep = deps.dep
        lost = [e for e, d in enumerate(dep) if d & gone]
        kept = Deps()
        kept.dep = list(dep)
        for e in lost:
            kept.dep[e] = 0
        kept.learns = [x for x in deps.learns if not x[2] & gone]
        kept.merges = [x for x in deps.merges if not x[3] & gone]
        board = _fork(self, tuple(clues), cells, lost, kept, len(kept.merges) != len(deps.merges))
        try:
            board.run()
        except Contradiction:
            return None
        if not board.done():
            return None
        out = Derivation(self.base, self.levels, _board=board)
        out.clues, out._puzzle = board.clues, None
        if self._cycle is not None:  # the same loop
            out._cycle, out._where = self._cycle, self._where
        return out


def _fork(parent: Derivation, clues: tuple[int | None, ...], cells: list[int], lost: list[int], deps: Deps,
          relations: bool) -> Rules:
    """A board for the clues ``clues`` (``parent``'s without those of ``cells``)
    holding every fact of ``parent`` but the ``lost`` edges and the corners and
    relations that ``deps`` no longer keeps, with the places of the lost edges to
    look at."""
    old = parent.board
    board = copy.copy(old)  # (a compiled board has no __dict__)
    board.clues = clues
    lines = _counts(board, old, cells, lost)
    board.far, board.cnt = list(old.far), list(old.cnt)
    board.chains, board.maybe, board.loop_dirty = [], [], True
    if lines:
        _split_loop(parent, board, lines)
    allowed = board.allowed = [7] * len(old.allowed)
    corner = deps.corner = [0] * len(allowed)
    for q, mask, d in deps.learns:
        allowed[q] &= mask
        corner[q] |= d
    _relations(board, old, deps, relations)
    size = len(next(iter(old.queued.values())))
    board.todo = {level: [] for level in board.levels}
    board.ctodo = {level: [] for level in board.levels}
    board.queued = {level: bytearray(size) for level in board.levels}
    board._queues()
    board.settled = [0] * len(old.settled)
    board.top, board.changes = 0, 0
    board.why = deps
    deps.attach(board)
    edges, clued_of = old.p.edges, board.clued_of
    for e in lost:
        for v in edges[e]:
            board._touch_vertex(v)
            board.queue(EASY, board.cells + v)
        for c in clued_of[e]:
            board._touch_cell(c)
            board.queue(EASY, c)
        if board.hard:
            board.queue(HARD, board.cells + board.n + board.ecls[e])
    return board


def _counts(board: Rules, old: Rules, cells: list[int], lost: list[int]) -> list[int]:
    """The states and counts of ``old`` without the ``lost`` edges and the clues of
    ``cells``, on ``board``; the lines among the lost edges."""
    p, clues, old_clues = old.p, board.clues, old.clues
    board.state = state = list(old.state)
    board.on_v, board.unk_v = on_v, unk_v = list(old.on_v), list(old.unk_v)
    board.on_c, board.unk_c = on_c, unk_c = list(old.on_c), list(old.unk_c)
    clued_of, clued_at = list(old.clued_of), list(old.clued_at)
    touched: set[int] = set(cells)
    for c in cells:  # no longer clued: out of the tables of its edges and vertices
        for e in p.cell_edges[c]:
            clued_of[e] = tuple(x for x in clued_of[e] if x != c)
            for v in p.edges[e]:
                clued_at[v] = [x for x in clued_at[v] if x != c]
    board.clued_of, board.clued_at = clued_of, clued_at
    lines = []
    for e in lost:
        s = state[e]
        state[e] = None
        u, v = p.edges[e]
        unk_v[u] += 1
        unk_v[v] += 1
        if s:
            on_v[u] -= 1
            on_v[v] -= 1
            lines.append(e)
        for c in clued_of[e]:
            unk_c[c] += 1
            on_c[c] -= s  # type: ignore[operator]
            touched.add(c)
    sat, sm1 = old.sat, old.sm1  # the clues met and one short, where counts or clues changed
    for c in touched:
        k, k2 = old_clues[c], clues[c]
        if k is not None:
            sat -= old.on_c[c] == k
            sm1 -= old.on_c[c] == k - 1
        if k2 is not None:
            sat += on_c[c] == k2
            sm1 += on_c[c] == k2 - 1
    board.sat, board.sm1, board.n_clues = sat, sm1, old.n_clues - len(cells)
    return lines


def _relations(board: Rules, old: Rules, deps: Deps, rebuilt: bool) -> None:
    """The classes of related edges: ``old``'s, or (when some relation was lost)
    those of the relations ``deps`` keeps."""
    if not rebuilt:
        board.ecls, board.epar = list(old.ecls), list(old.epar)
        board.emembers = {r: list(x) for r, x in old.emembers.items()}
        deps.cls = dict(old.why.cls)
        return
    m = len(old.ecls)
    board.ecls, board.epar, board.emembers = list(range(m)), [0] * m, {}
    cls = board.ecls
    for a, b, odd, d in deps.merges:  # the board was at its fixpoint: nothing to look at again
        if cls[a] != cls[b]:
            board.union(a, b, odd)
        root = cls[a]
        deps.cls[root] = deps.cls.get(root, 0) | d


def _split_loop(parent: Derivation, board: Rules, lines: list[int]) -> None:
    """The chains left of the parent's loop when ``lines`` of it are lost: the arcs
    between them, each end knowing the other."""
    far, cnt = board.far, board.cnt
    order, where = parent.cycle()
    n = len(order)
    board.total -= len(lines)
    board.closed = -1
    cut = sorted(where[e] for e in lines)
    for i, a in enumerate(cut):
        b = cut[i + 1] if i + 1 < len(cut) else cut[0] + n
        x, y = order[(a + 1) % n], order[b % n]
        if b == a + 1:  # both its lines lost: a vertex alone
            far[x], cnt[x] = x, 0
            continue
        far[x], far[y] = y, x
        cnt[x] = cnt[y] = b - a - 1
        board.chains.append(x)
