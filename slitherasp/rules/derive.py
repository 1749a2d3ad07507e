"""Derivations that survive the loss of clues: what generation asks thousands of times.

A :class:`Derivation` solves a puzzle with the rules of some levels and keeps, for
every fact (an edge settled, a corner narrowed, two edges related), the set of clues
it rests on (its *dependencies*, a bit set over the cells). Asked whether the puzzle
is still solved without some clues (:meth:`Derivation.without`), it keeps every fact
that rests on none of them, looks again only at the places where facts were lost,
and runs the rules from there: the same fixpoint as solving from scratch (the rules
are monotone), for the work of the part of the board the clues reached.

>>> from slitherasp import tilings
>>> from slitherasp.make.generate import planted
>>> p, loop = planted(tilings.build("square", 6, 6), seed=3)
>>> d = Derivation(p, (1, 2))
>>> d.complete, d.without([0]) is not None
(True, True)
"""

from __future__ import annotations

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
        """Per edge, the clues (bits) its state rests on (0 while it is open)."""
        self.corner: list[int] = []
        """Per corner, the clues its narrowings rest on together."""
        self.learned: list[list[tuple[int, int]]] = []
        """Per corner, ``(mask, dependencies)`` for every narrowing of it."""
        self.taught: list[int] = []
        """The corners narrowed since the current test began, in order (undone last first)."""
        self.cornered = 0
        """The clues some narrowing ever rested on (none at Easy: no corner is read there)."""
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
            self.learned = [[] for _ in range(self.k)]

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
            self.cornered |= d
            self.learned[q].append((mask, d))
            self.taught.append(q)

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
        # lean: Tricky, whose rules hold Normal's, takes over when Normal stalls. Which
        # level deduced what does not matter here, only whether the rules finish (the
        # same whatever the order: each test gives what solving from scratch gives)
        self.board = board = _board if _board is not None else Rules(puzzle, levels, Deps(), lean=True)
        self.complete = False
        if _board is None:
            board.stoppable = False  # one run: the start every later one needs
            try:
                board.run()
            except Contradiction:
                return
            board.stoppable = True
        self.complete = board.done()
        self.spent = False
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
        request).

        The test runs on this derivation's own board, in place: what it changes is
        saved first (flat lists by one copy each, the learning of corners and the
        joining of edge classes as a trail of what was added) and put back when the
        rules fail, as about three tests in four do. When they succeed the board is
        the new derivation's, and this one is spent (asking it again is an error)."""
        if self.spent:
            raise ValueError("a derivation whose test succeeded is spent: ask the new one")
        cells = [c for c in cells if self.clues[c] is not None]
        gone = 0
        for c in cells:
            gone |= 1 << c
        board = self.board
        self.cycle()  # (read from the board before the test changes it)
        saved = _Saved(board)
        try:
            _lose(self, board, saved, cells, gone)
            board.run()
            done = board.done()
        except Contradiction:
            done = False
        except BaseException:
            saved.restore(board)
            raise
        if not done:
            saved.restore(board)
            return None
        self.spent = True
        out = Derivation(self.base, self.levels, _board=board)
        out.clues, out._puzzle = board.clues, None
        if self._cycle is not None:  # the same loop
            out._cycle, out._where = self._cycle, self._where
        return out


class _Saved:
    """What a test changes on its derivation's board, saved to put back if it fails.
    The board works on copies of the flat lists (a copy costs less than undoing their
    changes one by one); what would be slow to copy (the narrowings of each corner, the
    members of each class of edges) is undone from what the test added to it."""

    def __init__(self, board: Rules) -> None:
        deps: Deps = board.why
        self.state, board.state = board.state, list(board.state)
        self.on_v, board.on_v = board.on_v, list(board.on_v)
        self.unk_v, board.unk_v = board.unk_v, list(board.unk_v)
        self.on_c, board.on_c = board.on_c, list(board.on_c)
        self.unk_c, board.unk_c = board.unk_c, list(board.unk_c)
        self.far, board.far = board.far, list(board.far)
        self.cnt, board.cnt = board.cnt, list(board.cnt)
        self.allowed, board.allowed = board.allowed, list(board.allowed)
        self.ecls, board.ecls = board.ecls, list(board.ecls)
        self.epar, board.epar = board.epar, list(board.epar)
        self.settled, board.settled = board.settled, [0] * len(board.settled)
        self.emembers = board.emembers
        self.clues, self.clued_of, self.clued_at = board.clues, board.clued_of, board.clued_at
        self.chains, self.maybe = board.chains, board.maybe
        self.counts = (board.sat, board.sm1, board.n_clues, board.total, board.closed, board.closed_lines,
                       board.top, board.changes, board.level, board.here)
        self.loop_dirty = board.loop_dirty
        self.dep, deps.dep = deps.dep, list(deps.dep)
        self.corner, deps.corner = deps.corner, list(deps.corner)
        self.cls, deps.cls = deps.cls, dict(deps.cls)
        self.merges, self.n_merges = deps.merges, len(deps.merges)
        self.relearned: list[tuple[int, list[tuple[int, int]]]] = []
        """Corners whose narrowings lost some: each with its list as it was."""
        self.rebuilt = False
        """Whether the classes of edges were built anew (some relation was lost)."""
        del deps.taught[:]
        del deps.rel[:]
        del board.unions[:]

    def restore(self, board: Rules) -> None:
        """Put the board back as it was before the test."""
        deps: Deps = board.why
        learned = deps.learned
        for q in reversed(deps.taught):
            learned[q].pop()
        del deps.taught[:]
        for q, was in self.relearned:
            learned[q] = was
        if self.rebuilt:
            board.emembers = self.emembers
            del board.unions[:]
        else:
            board.unjoin(0)
        deps.merges = self.merges
        del self.merges[self.n_merges:]
        board.state, board.on_v, board.unk_v = self.state, self.on_v, self.unk_v
        board.on_c, board.unk_c, board.far, board.cnt = self.on_c, self.unk_c, self.far, self.cnt
        board.allowed, board.ecls, board.epar, board.settled = self.allowed, self.ecls, self.epar, self.settled
        board.clues, board.clued_of, board.clued_at = self.clues, self.clued_of, self.clued_at
        board.chains, board.maybe, board.loop_dirty = self.chains, self.maybe, self.loop_dirty
        (board.sat, board.sm1, board.n_clues, board.total, board.closed, board.closed_lines,
         board.top, board.changes, board.level, board.here) = self.counts
        deps.dep, deps.corner, deps.cls = self.dep, self.corner, self.cls
        del deps.rel[:]
        deps.attach(board)
        for level in board.levels:  # a contradiction leaves places queued
            flags = board.queued[level]
            for stack in (board.todo[level], board.ctodo[level]):
                for x in stack:
                    flags[x] = False
                del stack[:]


def _lose(parent: Derivation, board: Rules, saved: _Saved, cells: list[int], gone: int) -> None:
    """Take the clues of ``cells`` (bits ``gone``) off ``parent``'s board, with every
    fact resting on one of them, and queue the places of the edges lost."""
    deps: Deps = board.why
    dep = deps.dep
    lost = [e for e, d in enumerate(dep) if d & gone]
    clues = list(board.clues)
    for c in cells:
        clues[c] = None
    board.clues = tuple(clues)
    lines = _counts(board, saved, cells, lost)
    for e in lost:
        dep[e] = 0
    board.chains, board.maybe, board.loop_dirty = [], [], True
    if lines:
        _split_loop(parent, board, lines)
    allowed, corner, learned = board.allowed, deps.corner, deps.learned
    losing = [q for q, d in enumerate(corner) if d & gone] if deps.cornered & gone else []
    for q in losing:  # corners that lost narrowings: what the rest say
        kept = [x for x in learned[q] if not x[1] & gone]
        saved.relearned.append((q, learned[q]))
        learned[q] = kept
        mask, d = 7, 0
        for told, d2 in kept:
            mask &= told
            d |= d2
        allowed[q], corner[q] = mask, d
    merges = deps.merges
    kept_merges = [x for x in merges if not x[3] & gone]
    if len(kept_merges) != len(merges):
        deps.merges = kept_merges
        _relations(board, deps)
        saved.rebuilt = True
    board.top, board.changes = 0, 0
    deps.attach(board)
    _queue_lost(board, lost)


def _queue_lost(board: Rules, lost: list[int]) -> None:
    """Queue the places of the ``lost`` edges at every level (their vertices, their
    clues, and at Hard their classes). Every queue is empty when a test begins, so
    each level's stack gets the places in the order they first occur (the order of
    a place at a time): found once, given to every level at once."""
    edges, clued_of, cells, ecls = board.edges, board.clued_of, board.cells, board.ecls
    classes = cells + board.n
    hard = board.hard
    seen = [False] * len(board.queued[EASY])
    order: list[int] = []
    for e in lost:
        u, v = edges[e]
        x, y = cells + u, cells + v
        if not seen[x]:
            seen[x] = True
            order.append(x)
        if not seen[y]:
            seen[y] = True
            order.append(y)
        for c in clued_of[e]:
            if not seen[c]:
                seen[c] = True
                order.append(c)
        if hard:
            x = classes + ecls[e]
            if not seen[x]:
                seen[x] = True
                order.append(x)
    clues = [x for x in order if x < cells]
    places = [x for x in order if cells <= x < classes]
    both = [x for x in order if x >= cells] if hard else places
    for level in board.levels:
        if level in board.off:  # (Normal, on a lean board once Tricky took over)
            continue
        flags = board.queued[level]
        if level == HARD:
            flags[:] = seen
            board.todo[level].extend(both)
        else:
            flags[:classes] = seen[:classes]
            board.todo[level].extend(places)
        board.ctodo[level].extend(clues)


def _counts(board: Rules, saved: _Saved, cells: list[int], lost: list[int]) -> list[int]:
    """The states and counts of the board without the ``lost`` edges and the clues of
    ``cells`` (``saved``: the lists as they were); the lines among the lost edges."""
    edges, clues, old_clues, old_on_c = board.edges, board.clues, saved.clues, saved.on_c
    state, on_v, unk_v, on_c, unk_c = board.state, board.on_v, board.unk_v, board.on_c, board.unk_c
    clued_of, clued_at = list(board.clued_of), list(board.clued_at)
    touched: set[int] = set(cells)
    for c in cells:  # no longer clued: out of the tables of its edges and vertices
        for e in board.cell_edges[c]:
            clued_of[e] = tuple(x for x in clued_of[e] if x != c)
            for v in edges[e]:
                clued_at[v] = [x for x in clued_at[v] if x != c]
    board.clued_of, board.clued_at = clued_of, clued_at
    lines = []
    for e in lost:
        s = state[e]
        state[e] = None
        u, v = edges[e]
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
    sat, sm1 = board.sat, board.sm1  # the clues met and one short, where counts or clues changed
    for c in touched:
        k, k2 = old_clues[c], clues[c]
        if k is not None:
            sat -= old_on_c[c] == k
            sm1 -= old_on_c[c] == k - 1
        if k2 is not None:
            sat += on_c[c] == k2
            sm1 += on_c[c] == k2 - 1
    board.sat, board.sm1, board.n_clues = sat, sm1, board.n_clues - len(cells)
    return lines


def _relations(board: Rules, deps: Deps) -> None:
    """The classes of related edges built anew from the relations ``deps`` keeps (the
    board's are then new objects: the test's failure puts back the old ones)."""
    m = len(board.ecls)
    board.ecls, board.epar, board.emembers = list(range(m)), [0] * m, {}
    deps.cls = {}
    cls = board.ecls
    for a, b, odd, d in deps.merges:  # the board was at its fixpoint: nothing to look at again
        if cls[a] != cls[b]:
            board.union(a, b, odd)
        root = cls[a]
        deps.cls[root] = deps.cls.get(root, 0) | d
    del board.unions[:]


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
