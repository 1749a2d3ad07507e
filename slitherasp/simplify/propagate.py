"""The local rules of :mod:`slitherasp.simplify`, applied to a fixpoint.

Vertices (0 or 2 lines), clues, the loop rule (a line may not close a path while
other lines lie outside it or a clue is short; open edges that touch no line hold no
loop of their own while lines lie elsewhere), the corners of faces (how many of the
two edges at a corner may be lines, learnt from vertices and clues and passed
between them) and, on a disc, the inside/outside parity of faces. Once those stall,
a place (a vertex or a clue) weighs every way of placing its lines that its corners
allow, which passes what one corner knows on to the others (Loopy's Tricky rules)
and relates the faces beyond two edges of a clue that are alike or opposite in every
way (Loopy's Hard ones, as relations of faces). Each rule only settles what every
answer has, so the states it returns hold in every answer.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]],
...                clues=[3, 0])
>>> propagate(p, faces=True) is None    # a 3 beside a 0 leaves a dead end
True
"""

from __future__ import annotations

from ..model import Puzzle
from .places import RING, Places
from .shape import Contradiction, graph_shape

__all__ = ["Contradiction", "propagate"]


class _Board(Places):
    """Edge states (None open, True a line, False a cross) with the counts the rules read."""

    def __init__(self, puzzle: Puzzle, faces: bool) -> None:
        self.p = puzzle
        m = len(puzzle.edges)
        self.state: list[bool | None] = [None] * m
        self.changes = 0
        """Edges settled and face classes joined so far: what the whole-board rules
        watch to know whether another round can find more."""
        self.ends: set[int] = set()
        self.on_v = [0] * len(puzzle.vertices)
        self.unk_v = [len(es) for es in puzzle.incidence]
        self.clued = [k is not None for k in puzzle.clues]
        self.on_c = [0] * len(puzzle.cells)
        self.short = sum(1 for k in puzzle.clues if k)
        """Clues with fewer lines than they need."""
        self.unk_c = [len(es) for es in puzzle.cell_edges]
        self.clued_of = [[c for c in cs if self.clued[c]] for cs in puzzle.edge_cells]
        # places to look at again, each queued at most once (the flags say which are).
        # At first only vertices of at most two edges: one of three or more, all open,
        # allows every count at every corner, so it has nothing to say until it changes
        self.todo_v: list[int] = [v for v, n in enumerate(self.unk_v) if n <= 2]
        self.todo_c: list[int] = [c for c in range(len(puzzle.cells)) if self.clued[c]]
        self.queued_v = bytearray(len(puzzle.vertices))
        for v in self.todo_v:
            self.queued_v[v] = 1
        self.queued_c = bytearray(self.clued)
        self.pending: list[tuple[int, bool]] = []
        self.busy_v = self.busy_c = -1
        """The place being looked at: what it learns of its own corners does not queue it
        again (it knows that already)."""
        self.two_v, self.two_c = bytearray(len(puzzle.vertices)), bytearray(len(puzzle.cells))
        """Places weighed once with two open edges: that weighing learnt all they can
        say (the corner between the two, the faces beyond a clue's two alike or
        opposite), so they are not weighed again."""
        # the loop rule: lines grouped into paths (union-find over vertices), each
        # path's number of lines; a line between the two ends of one path closes it.
        # A plain union-find, not topology.Parity: this is the hot path, where Parity
        # made the rules 1-10% slower (three paired runs on the 49 Loopy puzzles)
        self.path = list(range(len(puzzle.vertices)))
        self.lines = [0] * len(puzzle.vertices)
        self.total = 0
        shape = graph_shape(puzzle, faces)
        self.pairs, self.pairs_of_edge, self.pairs_at = shape.pairs, shape.pairs_of_edge, shape.pairs_at
        self.pairs_of_cell, self.beyond = shape.pairs_of_cell, shape.beyond
        self.allowed = [0b111] * len(self.pairs)
        self.corner_edges = shape.corner_edges
        self.ring = False
        """Whether places weigh every way of placing their lines (after the cheap rules stall)."""
        self.todo_p: list[int] = []
        self.sides = shape.sides
        if faces:
            self.face_edges = shape.face_edges
            # classes of faces known alike or opposite: each face's class (a face
            # naming it) and its parity against that face, kept current for every face
            # (the smaller class is renamed when two join: O(n log n) in all), so that
            # the rules read a face's class with two look-ups
            n = len(puzzle.cells) + 1
            self.members = [[f] for f in range(n)]
            self.cls, self.odd = list(range(n)), [0] * n

    def _queue_v(self, v: int) -> None:
        if not self.queued_v[v]:
            self.queued_v[v] = 1
            self.todo_v.append(v)

    def _queue_c(self, c: int) -> None:
        if not self.queued_c[c]:
            self.queued_c[c] = 1
            self.todo_c.append(c)

    def _learn(self, p: int, mask: int) -> None:
        """Pair ``p`` can have only the counts of ``mask`` lines."""
        mask &= self.allowed[p]
        if mask == self.allowed[p]:
            return
        if not mask:
            raise Contradiction
        self.allowed[p] = mask
        _, _, x, f = self.pairs[p]
        self.todo_p.append(p)
        if x != self.busy_v:
            self._queue_v(x)
        if self.clued[f] and f != self.busy_c:
            self._queue_c(f)
        if mask == 0b010 or mask == 0b101:  # the faces beyond differ, or are alike
            self._join(*self.beyond[p], mask == 0b010)

    def _pair(self, p: int) -> None:
        """A pair whose count is known, or whose one edge is known, settles its edges."""
        a, b, _, _ = self.pairs[p]
        mask, sa, sb = self.allowed[p], self.state[a], self.state[b]
        if sa is None and sb is None:
            if mask in (0b001, 0b100):
                self.set(a, mask == 0b100)
                self.set(b, mask == 0b100)
            return
        if sa is not None and sb is not None:
            if not mask >> (sa + sb) & 1:
                raise Contradiction
            return
        known, other = (sa, b) if sb is None else (sb, a)
        can = [v for v in (0, 1) if mask >> (v + known) & 1]
        if not can:
            raise Contradiction
        if len(can) == 1:
            self.set(other, bool(can[0]))

    def set(self, e: int, value: bool) -> None:
        old = self.state[e]
        if old is not None:
            if old != value:
                raise Contradiction
            return
        self.state[e] = value
        self.changes += 1
        if value:
            self._line(*self.p.edges[e])
        for v in self.p.edges[e]:
            self.unk_v[v] -= 1
            self.on_v[v] += value
            self._queue_v(v)
            if value:  # the ends of paths: vertices with one line
                if self.on_v[v] == 1:
                    self.ends.add(v)
                else:
                    self.ends.discard(v)
        for c in self.clued_of[e]:
            self.unk_c[c] -= 1
            self.on_c[c] += value
            self._queue_c(c)
            if value and self.on_c[c] == self.p.clues[c]:
                self.short -= 1
        self.todo_p.extend(self.pairs_of_edge[e])
        if self.sides is not None:
            self._join(*self.sides[e], int(value))

    def _find(self, v: int) -> int:
        path = self.path
        while path[v] != v:
            path[v] = path[path[v]]
            v = path[v]
        return v

    def _line(self, u: int, v: int) -> None:
        """A new line: join the paths it connects; closing a path into a loop while
        other lines lie outside it is a contradiction."""
        a, b = self._find(u), self._find(v)
        self.total += 1
        if a == b:
            self.lines[a] += 1
            if self.lines[a] != self.total:
                raise Contradiction
            return
        self.path[b] = a
        self.lines[a] += self.lines[b] + 1

    def _clue_parity(self, c: int, need: int) -> None:
        """A clue counts its neighbours on the other side of the loop. Neighbours whose
        sides are known relative to each other (one class of faces)
        differ from the cell together or not at all: each class adds one of two counts.
        A class whose choice every sum that meets the clue agrees on is settled, and
        with it the cell's side relative to the class."""
        cls, par = self.cls, self.odd
        me = cls[c]
        classes: dict[int, list[int]] = {}  # root -> [lines if same side as the cell, if opposite]
        for e in self.p.cell_edges[c]:
            if self.state[e] is None:
                a, b = self.sides[e]  # type: ignore[index]
                g = b if a == c else a
                root, flip = cls[g], par[g]
                if root == me:
                    continue  # known already: settled when the classes joined
                # with the class's root on the cell's side this edge is a line iff g is
                # flipped against its root; with the root opposite, iff it is not
                classes.setdefault(root, [0, 0])[flip] += 1
        options = [(root, n[1], n[0]) for root, n in classes.items() if n[0] != n[1]]
        if not options:
            return
        fixed = sum(n[1] for n in classes.values() if n[0] == n[1])
        for i, (root, same, other) in enumerate(options):
            reach = 1 << fixed
            for j, (_, a, b) in enumerate(options):
                if j != i:
                    reach = (reach << a) | (reach << b)
            can_same = same <= need and reach >> (need - same) & 1
            can_other = other <= need and reach >> (need - other) & 1
            if not (can_same or can_other):
                raise Contradiction
            if not (can_same and can_other):
                # the class's root is on the cell's side (same) or not
                self._join(c, root, 0 if can_same else 1)
                return  # counts above are stale now

    def _loop_rule(self) -> None:
        """An open edge joining the two ends of one path is a cross when lines lie
        outside that path (closing it would leave them off the loop), or when a clue
        would stay short of its lines (the loop would be finished without them)."""
        edges, clues, on_c = self.p.edges, self.p.clues, self.on_c
        for u in self.ends:
            path = self._find(u)
            whole = self.lines[path] == self.total
            for e in self.p.incidence[u]:
                a, b = edges[e]
                w = b if a == u else a
                if (self.state[e] is None and w in self.ends and self._find(w) == path
                        and (not whole or self.short > sum(on_c[c] + 1 == clues[c] for c in self.clued_of[e]))):
                    self.pending.append((e, False))

    def _lone_parts(self) -> bool:
        """A part of the open edges (joined at vertices) that touches no line holds no
        line either while lines lie elsewhere: lines in it could only close loops of
        their own. Its edges become crosses; True when there were any."""
        if not self.total:
            return False
        state, edges, incidence, on_v = self.state, self.p.edges, self.p.incidence, self.on_v
        seen: set[int] = set()
        for start in range(len(edges)):
            if state[start] is not None or start in seen:
                continue
            part, todo, touched = [start], [start], False
            seen.add(start)
            while todo:
                for v in edges[todo.pop()]:
                    touched = touched or on_v[v] > 0
                    for e in incidence[v]:
                        if state[e] is None and e not in seen:
                            seen.add(e)
                            part.append(e)
                            todo.append(e)
            if not touched:
                self.pending.extend((e, False) for e in part)
        return bool(self.pending)

    def _join(self, a: int, b: int, odd: int) -> None:
        """Record the relation of two faces; edges whose two faces became related are
        settled (a cross between equals, a line between opposites)."""
        cls, par = self.cls, self.odd
        ra, rb = cls[a], cls[b]
        if ra == rb:  # related already (the common case)
            if par[a] ^ par[b] != odd:
                raise Contradiction
            return
        if len(self.members[ra]) < len(self.members[rb]):  # the smaller class joins the larger
            ra, rb = rb, ra
        flip = par[a] ^ par[b] ^ odd  # the parity of rb's faces against ra, added to theirs
        small = self.members[rb]
        for f in small:
            cls[f] = ra
            par[f] ^= flip
        self.changes += 1
        for f in small:  # its edges are looked at
            for e in self.face_edges[f]:
                if self.state[e] is None:
                    x, y = self.sides[e]  # type: ignore[index]
                    if cls[x] == cls[y]:
                        self.pending.append((e, bool(par[x] ^ par[y])))
                    elif self.ring:  # its places weigh their ways knowing more now
                        for v in self.p.edges[e]:
                            self._queue_v(v)
                        for c in self.clued_of[e]:
                            self._queue_c(c)
        self.members[ra].extend(small)
        self.members[rb] = []

    def _vertex(self, v: int) -> None:
        on, unk = self.on_v[v], self.unk_v[v]
        if on > 2 or (on == 1 and unk == 0):
            raise Contradiction
        if unk and (on == 2 or unk == 1):
            # two lines: the rest are crosses; one line and one unknown: a line;
            # no line and one unknown: a dead end, a cross
            for e in self.p.incidence[v]:
                if self.state[e] is None:
                    self.set(e, on == 1)
        elif unk >= 2 and self.pairs_at[v]:
            if on == 0 and unk > 2 and self._idle(self.pairs_at[v], self.p.incidence[v]):
                return
            need = (0, 2) if on == 0 else (1,)
            if self.ring and unk == 2:
                if self.two_v[v]:
                    return
                self.two_v[v] = 1
            if self.ring and unk <= RING:
                self._count(self.p.incidence[v], self.pairs_at[v], need, None)
            else:
                pairs = [p for p in self.pairs_at[v]
                         if self.state[self.pairs[p][0]] is None and self.state[self.pairs[p][1]] is None]
                self._pairs_from(pairs, self.p.incidence[v], need, unk - 2)

    def _cell(self, c: int) -> None:
        k, on, unk = self.p.clues[c], self.on_c[c], self.unk_c[c]
        assert k is not None
        if on > k or on + unk < k:
            raise Contradiction
        if unk and (on == k or on + unk == k):
            value = on < k
            for e in self.p.cell_edges[c]:
                if self.state[e] is None:
                    self.set(e, value)
        elif unk >= 2 and self.pairs_of_cell[c]:
            if 2 <= k - on <= unk - 2 and self._idle(self.pairs_of_cell[c], self.p.cell_edges[c]):
                return
            if self.ring and unk == 2:
                if self.two_c[c]:
                    return
                self.two_c[c] = 1
            if self.ring and unk <= RING:
                self._count(self.p.cell_edges[c], self.pairs_of_cell[c], (k - on,), c)
            else:
                self._pairs_from(self.pairs_of_cell[c], self.p.cell_edges[c], (k - on,), unk - 2)

    def _ring_on(self) -> None:
        """From now on places weigh every way of placing their lines (:meth:`_count`):
        each with two or more open edges is looked at again."""
        self.ring = True
        for v, n in enumerate(self.unk_v):
            if n >= 2:
                self._queue_v(v)
        for c, n in enumerate(self.unk_c):
            if n >= 2 and self.clued[c]:
                self._queue_c(c)

    def run(self) -> None:
        """Apply the rules until nothing changes. The cheap rules run from queues,
        first reasoning one corner at a time, then (once that stalls, as Loopy orders
        its own rules) weighing every way of placing a place's lines; the loop rule
        and the clues' parity (which read the whole board) run when the queues are
        empty, the parity one clue at a time, round the board, until a full round
        finds nothing. Between two places the settled edges and corners are passed on
        first, and clues go before vertices: they say more, and the vertices then
        weigh fewer times (a quarter fewer weighings on Loopy's Hard puzzles than
        all vertices, then all clues)."""
        cursor, quiet, seen = 0, 0, -1
        cells = len(self.p.cells)
        while True:
            while self.todo_v or self.todo_c or self.pending or self.todo_p:
                while self.pending:
                    self.set(*self.pending.pop())
                while self.todo_p:
                    self._pair(self.todo_p.pop())
                if self.todo_c:
                    c = self.busy_c = self.todo_c.pop()
                    self.queued_c[c] = 0
                    self._cell(c)
                    self.busy_c = -1
                elif self.todo_v:
                    v = self.busy_v = self.todo_v.pop()
                    self.queued_v[v] = 0
                    self._vertex(v)
                    self.busy_v = -1
            self._loop_rule()
            if not self.pending and not self.ring and self.sides is not None:
                self._ring_on()
                continue
            while not self.pending and self.sides is not None and (quiet < cells or self.changes != seen):
                if self.changes != seen:
                    quiet, seen = 0, self.changes
                c, cursor, quiet = cursor, (cursor + 1) % cells, quiet + 1
                k = self.p.clues[c]
                if k is not None and self.unk_c[c]:
                    self._clue_parity(c, k - self.on_c[c])
            if not self.pending and not self._lone_parts():
                return


def propagate(puzzle: Puzzle, *, faces: bool = False) -> list[bool | None] | None:
    """Each edge's state after the local rules (see the module): True a line, False a
    cross, None open; ``None`` when they find that no answer exists. ``faces``: the
    cells are the faces of a disc, so the colouring rules apply.

    >>> from slitherasp.model import from_faces
    >>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], clues=[4])
    >>> propagate(p)
    [True, True, True, True]
    """
    board = _Board(puzzle, faces)
    try:
        board.run()
    except Contradiction:
        return None
    return board.state


