"""The board the rules work on: edge states with the counts every rule reads, the
corners' line counts, chains of lines, edges known alike or opposite, faces known on
one side or on opposite sides of the loop, and one work queue per level.

Facts are numbered for reasons (:mod:`.why`): edge ``e`` is fact ``e``; the clue of
cell ``c`` is ``-1 - c``; corner ``k``'s line counts are ``edges + k``; every joining
of two classes (of edges, or of faces) is a fact numbered after those.

>>> from slitherasp import tilings
>>> b = Board(tilings.build("square", 2, 1).with_clues([3, None]), levels=(1,))
>>> b.set(0, True); b.on_c[0], b.unk_c[0], b.total
(1, 3, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..model import Puzzle
from .shape import Shape, graph_shape

__all__ = ["ALL", "BEYOND", "EASY", "HARD", "LEVELS", "NORMAL", "TRICKY", "Board", "Contradiction"]

EASY, NORMAL, TRICKY, HARD, BEYOND = 1, 2, 3, 4, 5
LEVELS = (EASY, NORMAL, TRICKY, HARD)
"""Loopy's four levels."""
ALL = (EASY, NORMAL, TRICKY, HARD, BEYOND)


class Contradiction(Exception):
    """The rules found that no answer has the board's edges and clues."""


def _clued(p: Puzzle, shape: Shape) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """The clued cells of each edge, and the clued cells with a ring by the vertices
    on their ring (per clue, not per edge: boards that check a reason have few)."""
    clued_of: list[tuple[int, ...]] = [()] * len(p.edges)
    clued_at: list[list[int]] = [[] for _ in p.vertices]
    for c, k in enumerate(p.clues):
        if k is None:
            continue
        for e in p.cell_edges[c]:
            clued_of[e] += (c,)
        if shape.rings[c] is not None:
            for v in shape.ring_vertices[c]:  # type: ignore[union-attr]
                clued_at[v].append(c)
    return clued_of, clued_at


class Board:
    """Edge states (None open, True a line, False a cross) and what the rules read.

    ``levels``: the levels whose rules run (an increasing tuple of :data:`ALL`);
    ``why``: a :class:`.why.Why` recording the premises of every fact, or None;
    ``fresh``: every place is looked at (else none yet: the caller installs a
    state and says which places to look at, :mod:`.derive`). ``lean`` (with Normal
    and Tricky among the levels; never asked for with a person's reasons): only where
    the rules stop matters, not which level deduced what, so Tricky, whose rules hold
    Normal's, starts only when Normal stalls, and Normal then stops (a puzzle Normal
    settles pays for no corner that Tricky teaches; a removal's derivation visits
    each place once instead of twice)."""

    def __init__(self, puzzle: Puzzle | None = None, levels: tuple[int, ...] = LEVELS, why: Any = None,
                 fresh: bool = True, lean: bool = False) -> None:
        if puzzle is None:  # a blank board for copy.copy to fill (a compiled class runs __init__ there)
            return
        self.p = p = puzzle
        self.shape = shape = graph_shape(puzzle)
        self._tables(p, shape)
        self.levels = levels
        self.why = why
        self.held: set[int] = {TRICKY} if lean and NORMAL in levels and TRICKY in levels else set()
        """Levels given places that they do not look at yet (Tricky until Normal stalls)."""
        self.off: set[int] = set()
        """Levels given no places (Normal, once Tricky took over)."""
        m, n, cells = len(p.edges), len(p.vertices), len(p.cells)
        self.m, self.n, self.cells = m, n, cells
        self.state: list[bool | None] = [None] * m
        self.on_v, self.unk_v = [0] * n, list(shape.degrees)
        self.clues = p.clues
        self.on_c, self.unk_c = [0] * cells, list(shape.sizes)
        self.clued_of, self.clued_at = _clued(p, shape)
        self.sat = sum(k == 0 for k in p.clues)
        self.sm1 = sum(k == 1 for k in p.clues)
        self.n_clues = sum(k is not None for k in p.clues)
        """Clues met, clues one short, and clues: what the loop rule reads."""
        self.allowed = [0b111] * len(shape.corner_edges)
        """Per corner, the counts of lines its two edges may hold (bit i: i lines)."""
        # chains of lines: each end of a chain knows the other end and the chain's
        # number of lines (a vertex without lines is a chain of none, its own end)
        self.cnt = [0] * n
        self.total = 0
        self.far = list(range(n))
        """For the end of a chain of lines, its other end."""
        self.chains: list[int] = []
        """An end of every chain made since the loop rule last looked."""
        self.loop_dirty = False
        self.maybe: list[int] = []
        """Edges closing the only chain that might be the answer: looked at again later."""
        # edges known alike or opposite (Loopy's linedsf): each edge's class (an edge
        # naming it) and parity against it, kept current for every member
        self.ecls, self.epar = list(range(m)), [0] * m
        self.emembers: dict[int, list[int]] = {}
        """The members of every class of more than one edge, by its root."""
        self.unions: list[int] = []
        """Every joining of two classes of edges, as three numbers: the root kept, the
        root joined to it and how many edges moved (what a derivation's failed test
        undoes, :mod:`.derive`; it empties the list before each test)."""
        # the work: per level a stack of cells and one of the other places (vertices
        # from `cells`, edge classes from `cells + n`, corners from `cells + n + m`),
        # cells first (a clue says more than a vertex, and what it settles rests on
        # fewer facts), and flags saying which places are queued
        top = cells + n + m + len(shape.corner_edges)
        self.todo: dict[int, list[int]] = {level: [] for level in levels}
        self.ctodo: dict[int, list[int]] = {level: [] for level in levels}
        self.queued: dict[int, list[bool]] = {level: [False] * top for level in levels}
        self.hard = HARD in levels
        assert levels[0] == EASY, "every cascade starts with the easy rules"
        self.level = EASY
        """The level of the rule running now (what its deductions are credited to)."""
        self.top = 0
        """The highest level that has deduced anything."""
        self.settled = [0] * (BEYOND + 2)
        """Edges settled at each level (index 0: given)."""
        self.changes = 0
        # At first the clues, and the vertices of at most two edges: a vertex of more,
        # all open, has nothing to say until something round it changes
        clued = [c for c, k in enumerate(p.clues) if k is not None] if fresh else []
        few = [cells + v for v in shape.few] if fresh else []
        for level in levels if fresh else ():
            self.todo[level].extend(few)
            self.ctodo[level].extend(clued)
            q = self.queued[level]
            for x in few:
                q[x] = True
            for x in clued:
                q[x] = True
        if BEYOND in levels:
            self._beyond_init()
        self._queues()
        if why is not None:
            why.attach(self)

    def _tables(self, p: Puzzle, shape: Shape) -> None:
        """What the rules read most, kept on the board itself: compiled, an attribute of
        the board is a field, one of the puzzle or the shape a lookup by name."""
        self.edges, self.incidence, self.cell_edges = p.edges, p.incidence, p.cell_edges
        self.rings, self.corner_edges, self.corners_at = shape.rings, shape.corner_edges, shape.corners_at
        self.corner_vertex, self.corner_face = shape.corner_vertex, shape.corner_face
        self.ring_corners = shape.ring_corners

    # -- queues ---------------------------------------------------------------------
    def _queues(self) -> None:
        """The queues that a change fills: ``easy_work``, the easy level's (filled only
        where the easy rules will act), and ``work``, those of the levels above it
        (level 5's once it follows every change), each (places, clues, flags)."""
        self.easy_work = (self.todo[EASY], self.ctodo[EASY], self.queued[EASY])
        self.work = [(self.todo[level], self.ctodo[level], self.queued[level]) for level in self.levels[1:]
                     if level not in self.off and (level != BEYOND or self.beyond)]

    def _tricky_start(self) -> None:
        """Normal stalled on a lean board: Tricky takes over from the places it was
        given meanwhile (every place whose edges or corners changed, as if it had run
        all along), and Normal stops."""
        self.held.discard(TRICKY)
        self.off.add(NORMAL)
        self.todo[NORMAL].clear()
        self.ctodo[NORMAL].clear()
        flags = self.queued[NORMAL]
        flags[:] = [False] * len(flags)
        self._queues()

    def queue(self, level: int, place: int) -> None:
        q = self.queued.get(level)
        if q is not None and not q[place]:
            q[place] = True
            (self.ctodo if place < self.cells else self.todo)[level].append(place)

    def _touch_vertex(self, v: int) -> None:
        """Queue a vertex whose corners changed, at the levels above the easy one (the
        easy rules read no corner); :meth:`_touch_cell` the same for a clue."""
        x = self.cells + v
        for stack, _, q in self.work:
            if not q[x]:
                q[x] = True
                stack.append(x)

    def _touch_cell(self, c: int) -> None:
        for _, stack, q in self.work:
            if not q[c]:
                q[c] = True
                stack.append(c)

    # -- writing -----------------------------------------------------------------------
    def set(self, e: int, value: bool, premises: tuple[int, ...] = ()) -> None:
        """Settle edge ``e`` (a line when ``value``), by the rule now running, from
        ``premises`` (facts; only read when reasons are recorded)."""
        old = self.state[e]
        if old is not None:
            if old != value:
                raise Contradiction
            return
        self.state[e] = value
        self.changes += 1
        self.settled[self.level] += 1
        if self.level > self.top:
            self.top = self.level
        if self.why is not None:
            self.why.fact(e, premises)
        u, v = self.edges[e]
        unk_v, on_v, cells, work = self.unk_v, self.on_v, self.cells, self.work
        unk_v[u] -= 1
        unk_v[v] -= 1
        if value:
            on_v[u] += 1
            on_v[v] += 1
        x, y = cells + u, cells + v
        for stack, _, q in work:
            if not q[x]:
                q[x] = True
                stack.append(x)
            if not q[y]:
                q[y] = True
                stack.append(y)
        # the easy rules act at a vertex with one open edge, with two lines and an open
        # edge, or with one line and no open edge (a contradiction); at a clue with no
        # lines or no crosses left to place, or too many, or one cross left (which
        # reads the lines at its corners)
        estack, ecstack, eq = self.easy_work
        a, b = unk_v[u], unk_v[v]
        if (a == 1 or (on_v[u] == 2 if a else on_v[u] == 1)) and not eq[x]:
            eq[x] = True
            estack.append(x)
        if (b == 1 or (on_v[v] == 2 if b else on_v[v] == 1)) and not eq[y]:
            eq[y] = True
            estack.append(y)
        clued = self.clued_of[e]
        if clued:
            unk_c, on_c, clues = self.unk_c, self.on_c, self.clues
            for c in clued:
                unk = unk_c[c] = unk_c[c] - 1
                k = clues[c]
                if value:
                    on = on_c[c] = on_c[c] + 1
                    if on == k:
                        self.sat += 1
                        self.sm1 -= 1
                    elif on == k - 1:  # type: ignore[operator]
                        self.sm1 += 1
                    elif on == k + 1:  # type: ignore[operator]
                        self.sat -= 1
                for _, stack, q in work:
                    if not q[c]:
                        q[c] = True
                        stack.append(c)
                need = k - on_c[c]  # type: ignore[operator]
                if need < 0 or need > unk:  # too many lines, or too few edges left: checked
                    raise Contradiction     # here, whichever rule settled the edge
                if unk and (need == 0 or need >= unk - 1 and (need == unk or unk > 2)) and not eq[c]:
                    eq[c] = True
                    ecstack.append(c)
        if value:
            self._line(u, v)
            for x in (u, v):
                for c in self.clued_at[x]:
                    unk = self.unk_c[c]
                    if unk > 2 and self.clues[c] - self.on_c[c] == unk - 1 and not eq[c]:  # type: ignore[operator]
                        eq[c] = True
                        ecstack.append(c)
        if self.hard and self.ecls[e] in self.emembers:
            self.queue(HARD, self.cells + self.n + self.ecls[e])
        if self.beyond:
            self._beyond_set(e, value)

    beyond = False
    """Whether level 5 follows every change (:mod:`.faces`)."""
    use_loop = True
    """Whether the rules that need the loop to be one loop run (off: lines may form
    several loops, as the reasons of steps that need no loop rule are checked)."""

    def _beyond_init(self) -> None:
        """Level 5's state, on a board whose levels include it (:mod:`.beyond`)."""
        raise NotImplementedError

    def _beyond_set(self, e: int, value: bool) -> None:
        """Level 5 follows an edge settled (:mod:`.faces`)."""
        raise NotImplementedError

    def _beyond_learn(self, k: int, mask: int) -> None:
        """Level 5 follows a corner narrowed (:mod:`.faces`)."""
        raise NotImplementedError

    def _line(self, u: int, v: int) -> None:
        """A new line joins two chains, or closes one into a loop. Only the ends of a
        chain know the other end (``far``) and its lines (``cnt``), so the loop rule
        looks only at new chains."""
        if self.on_v[u] > 2 or self.on_v[v] > 2:
            raise Contradiction
        far, cnt = self.far, self.cnt
        x, y = far[u], far[v]
        self.total += 1
        self.loop_dirty = True
        if x == v:
            self.closed, self.closed_lines = u, cnt[u] + 1
            return
        far[x], far[y] = y, x
        cnt[x] = cnt[y] = cnt[u] + cnt[v] + 1
        self.chains.append(x)

    closed = -1
    """A vertex of a chain closed into a loop, if any (its lines: ``closed_lines``)."""
    closed_lines = 0

    def learn(self, k: int, mask: int, premises: tuple[int, ...] = ()) -> None:
        """Corner ``k`` can hold only the line counts of ``mask`` (bits 0, 1, 2)."""
        old = self.allowed[k]
        told = mask
        mask &= old
        if mask == old:
            return
        if not mask:
            raise Contradiction
        self.allowed[k] = mask
        self.changes += 1
        if self.level > self.top:
            self.top = self.level
        if self.why is not None:
            self.why.fact(self.m + k, premises, told)
        self._touch_vertex(self.corner_vertex[k])
        f = self.corner_face[k]
        if f >= 0 and self.clues[f] is not None:
            self._touch_cell(f)
        if self.beyond:
            self._beyond_learn(k, mask)

    def merge(self, a: int, b: int, opposite: int, premises: tuple[int, ...] = ()) -> bool:
        """Edges ``a`` and ``b`` are alike (``opposite`` 0) or opposite (1); whether
        that is new."""
        cls, par = self.ecls, self.epar
        ra, rb = cls[a], cls[b]
        if ra == rb:
            if par[a] ^ par[b] != opposite:
                raise Contradiction
            return False
        if self.why is not None:
            self.why.join("edge", a, b, opposite, premises)
        ra, big, small = self.union(a, b, opposite)
        self.changes += 1
        if self.level > self.top:
            self.top = self.level
        q = self.cells + self.n + ra
        self.queue(HARD, q)
        edges = self.edges
        for x in big if len(small) * 4 > len(big) else small:
            if self.state[x] is None:
                for v in edges[x]:
                    self.queue(HARD, self.cells + v)
                for c in self.clued_of[x]:
                    self.queue(HARD, c)
        return True

    def union(self, a: int, b: int, opposite: int) -> tuple[int, list[int], list[int]]:
        """Join the classes of edges ``a`` and ``b`` (not related yet), nothing more:
        the root and the members of the joined class, and those that moved."""
        cls, par, members = self.ecls, self.epar, self.emembers
        ra, rb = cls[a], cls[b]
        big, small = members.get(ra) or [ra], members.get(rb) or [rb]
        if len(big) < len(small):
            ra, rb, a, b, big, small = rb, ra, b, a, small, big
        flip = par[a] ^ par[b] ^ opposite
        for x in small:
            cls[x] = ra
            par[x] ^= flip
        big.extend(small)
        members[ra] = big
        members.pop(rb, None)
        self.unions.extend((ra, rb, len(small)))
        return ra, big, small

    def unjoin(self, upto: int) -> None:
        """Undo the joinings of edge classes recorded after the first ``upto`` numbers
        of :attr:`unions`, last first, in the members of each class only (the caller
        puts back the classes and parities it saved)."""
        unions, members = self.unions, self.emembers
        i = len(unions)
        while i > upto:
            ra, rb, moved = unions[i - 3], unions[i - 2], unions[i - 1]
            i -= 3
            big = members[ra]
            cut = len(big) - moved
            if moved > 1:
                members[rb] = big[cut:]
            del big[cut:]
            if cut == 1:
                del members[ra]
        del unions[upto:]

    def relation(self, a: int, b: int) -> int | None:
        """0 when edges ``a`` and ``b`` are known alike, 1 opposite, else None."""
        if self.ecls[a] != self.ecls[b]:
            return None
        return self.epar[a] ^ self.epar[b]

    # -- reading ---------------------------------------------------------------------
    def done(self) -> bool:
        return None not in self.state

    def open_edges(self, edges: Iterable[int]) -> list[int]:
        state = self.state
        return [e for e in edges if state[e] is None]
