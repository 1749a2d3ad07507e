"""The faces of level 5: every face is inside or outside the loop, so faces joined by
a cross are on one side and faces joined by a line on opposite sides (the outside of
the patch is a face too), and a corner known to hold exactly one line (or both or
neither) relates the faces beyond its two edges. Classes of faces with parity, kept
from the moment the level wakes; an open edge between two related faces is settled.
The rules that read these classes are in :mod:`.beyond`.
"""

from __future__ import annotations

from ..model.topology import Parity
from .board import BEYOND, Contradiction
from .loopy import Loopy

__all__ = ["Faces"]


class Faces(Loopy):
    """A board that keeps the classes of faces of level 5 (see the module)."""

    fcls: list[int]
    """Per face (the outside last), its class; ``fodd`` its parity against the class's
    root, ``fmembers`` the members of each class by root."""
    fodd: list[int]
    fmembers: list[list[int]]
    pend5: list[tuple[int, bool, tuple[int, int]]]
    """Open edges between related faces, to settle: (edge, line, its two faces)."""
    corner_base: int
    corner_places: bool
    two: list[bool]
    cursor: int
    quiet: int
    seen: int

    def _wake(self) -> None:
        """Start this level's bookkeeping from the board as it stands: the faces each
        settled edge and each corner relates, and the corners to look at."""
        self.beyond = True  # nothing was queued for this level until now
        self._queues()
        unk_c, unk_v, cells = self.unk_c, self.unk_v, self.cells
        for c, k in enumerate(self.clues):
            if k is not None and unk_c[c]:
                self.queue(BEYOND, c)
        for v in range(self.n):
            if unk_v[v]:
                self.queue(BEYOND, cells + v)
        state, allowed, shape = self.state, self.allowed, self.shape
        sides = shape.sides if shape.disc else None
        pairs = [] if sides is None else [(*sides[e], int(s)) for e, s in enumerate(state) if s is not None]
        for k, mask in enumerate(allowed):
            if mask == 0b111:
                continue
            if self._corner_place(mask):
                self.queue(BEYOND, self.corner_base + k)
            if sides is not None and (mask == 0b010 or mask == 0b101):
                pairs.append(self._corner_faces(k, mask))
        if pairs:
            self._fjoin_all(pairs)

    def _corner_place(self, mask: int) -> bool:
        """Whether a corner that learned ``mask`` is a place for this level to look at."""
        return self.corner_places or mask == 0b001 or mask == 0b100

    def _corner_faces(self, k: int, mask: int) -> tuple[int, int, int]:
        """The faces beyond the two edges of corner ``k`` (0b010: exactly one line,
        0b101: both or neither), and whether they are on opposite sides: one edge is
        a line and the other not exactly when those faces differ."""
        shape = self.shape
        (a, b), f = shape.corner_edges[k], shape.corner_face[k]
        if f < 0:
            f = self.cells
        (a0, a1), (b0, b1) = shape.sides[a], shape.sides[b]
        return a0 + a1 - f, b0 + b1 - f, int(mask == 0b010)

    def _fjoin_all(self, pairs: list[tuple[int, int, int]]) -> None:
        """Every ``(a, b, odd)`` of :meth:`_fjoin` at once, on faces not related yet
        (as the level wakes): one union-find with parity, then one pass over the open
        edges for those whose two faces became related (their places are queued)."""
        forest = Parity(len(self.fcls))
        if not forest.join_all(pairs):
            raise Contradiction
        cls, par = self.fcls, self.fodd = forest.classes()
        members: list[list[int]] = [[] for _ in cls]
        for f, r in enumerate(cls):
            members[r].append(f)
        self.fmembers = members
        self.changes += sum(len(m) - 1 for m in members if m)  # the joins made
        state, sides = self.state, self.shape.sides
        for e, s in enumerate(state):
            if s is None:
                x, y = sides[e]
                if cls[x] == cls[y]:
                    self.pend5.append((e, bool(par[x] ^ par[y]), (x, y)))

    # -- faces ---------------------------------------------------------------------------
    def _beyond_set(self, e: int, value: bool) -> None:
        if self.corner_places:
            allowed, base, stack, q = self.allowed, self.corner_base, self.todo[BEYOND], self.queued[BEYOND]
            for k in self.shape.corners_of_edge[e]:
                if allowed[k] != 7 and not q[base + k]:
                    q[base + k] = True
                    stack.append(base + k)
        if self.shape.disc:
            self._fjoin(*self.shape.sides[e], int(value), (e,))

    def _beyond_learn(self, k: int, mask: int) -> None:
        if self._corner_place(mask):
            self.queue(BEYOND, self.corner_base + k)
        if mask == 0b010 or mask == 0b101:
            self._fjoin(*self._corner_faces(k, mask), (self.m + k,))

    def _fjoin(self, a: int, b: int, odd: int, premises: tuple[int, ...]) -> None:
        """Faces ``a`` and ``b`` are on one side (``odd`` 0) or opposite sides (1)."""
        cls, par = self.fcls, self.fodd
        ra, rb = cls[a], cls[b]
        if ra == rb:
            if par[a] ^ par[b] != odd:
                raise Contradiction
            return
        if self.why is not None:
            self.why.join("face", a, b, odd, premises)
        members = self.fmembers
        if len(members[ra]) < len(members[rb]):
            ra, rb, a, b = rb, ra, b, a
        flip = par[a] ^ par[b] ^ odd
        small = members[rb]
        for f in small:
            cls[f] = ra
            par[f] ^= flip
        members[ra].extend(small)
        members[rb] = []
        self.changes += 1
        state, sides, face_edges, ends = self.state, self.shape.sides, self.shape.face_edges, self.edges
        stack, cstack, q, cells, clued_of = self.todo[BEYOND], self.ctodo[BEYOND], self.queued[BEYOND], \
            self.cells, self.clued_of
        for f in small:  # the open edges round the faces that changed class
            for e in face_edges[f]:
                if state[e] is not None:
                    continue
                x, y = sides[e]
                if cls[x] == cls[y]:
                    self.pend5.append((e, bool(par[x] ^ par[y]), (x, y)))
                    continue
                u, v = ends[e]
                if not q[cells + u]:
                    q[cells + u] = True
                    stack.append(cells + u)
                if not q[cells + v]:
                    q[cells + v] = True
                    stack.append(cells + v)
                for c in clued_of[e]:
                    if not q[c]:
                        q[c] = True
                        cstack.append(c)

    def _face_relation(self, f: int, g: int) -> tuple[int, ...]:
        return () if self.why is None else self.why.relation(f, g, "face")

    def _pending(self) -> bool:
        """Settle the edges between related faces; whether there were any."""
        if not self.pend5:
            return False
        while self.pend5:
            e, value, (f, g) = self.pend5.pop()
            self.set(e, value, self._face_relation(f, g))
        return True
