"""Rules beyond Loopy's Hard (level 5): what a strong solver on paper does that
Loopy's solver does not, all on a disc of faces.

* every face is inside or outside the loop: faces joined by a cross are on one side,
  by a line on opposite sides (the outside of the patch is a face too); classes of
  faces with parity (:mod:`.faces`), and an open edge between two related faces is
  settled;
* a corner known to hold exactly one line (or both or neither) relates the faces
  beyond its two edges; a corner settles an edge from its other edge;
* a place (a vertex, or a clue) weighs every way of placing its lines that its
  corners and the known classes of faces allow: an edge a line in all of them or in
  none is settled, each corner learns the counts it has in some, and two edges of a
  clue alike (or opposite) in all of them relate the faces beyond them;
* a clue counts its neighbours on the other side of the loop, class by class;
* a part of the open edges that touches no line holds no line while lines lie
  elsewhere.

These are the rules that make a puzzle smaller before grounding
(:mod:`slitherasp.simplify`), and, for a person, part of the level ``fiendish``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .board import NORMAL, TRICKY, Contradiction
from .faces import Faces

__all__ = ["RING", "Beyond"]

RING = 12
"""Places of at most this many open edges weigh every way of placing their lines (at
most 924 ways, as bits of one integer); larger ones reason one corner at a time."""


@cache
def _split(mask: int, need: tuple[int, ...], left: int) -> tuple[int, int]:
    """The counts a corner with the counts ``mask`` can still hold in a place that
    needs one of ``need`` with ``left`` more open edges, and those the rest can."""
    ok = rest = 0
    for t in need:
        for c in (0, 1, 2):
            if mask >> c & 1 and 0 <= t - c <= left:
                ok |= 1 << c
                rest |= 1 << (t - c)
    return ok, rest


@cache
def _ring(n: int, need: tuple[int, ...]) -> tuple[int, tuple[int, ...], dict[tuple[int, int], tuple[int, int, int]]]:
    """Every way ``n`` open edges can hold a count of ``need``, as bit sets over those
    ways: all of them, where each edge is a line, and where each two edges hold 0, 1
    or 2 lines."""
    ways = [b for b in range(1 << n) if b.bit_count() in need]
    full = (1 << len(ways)) - 1
    on = tuple(sum(1 << w for w, b in enumerate(ways) if b >> i & 1) for i in range(n))
    pair = {}
    for i in range(n):
        for j in range(i + 1, n):
            both, neither = on[i] & on[j], full & ~(on[i] | on[j])
            pair[i, j] = (neither, full ^ both ^ neither, both)
    return full, on, pair


class Beyond(Faces):
    """The rules beyond Loopy's Hard (see the module)."""

    def _beyond_init(self) -> None:
        self.beyond = self.why is not None
        """Whether the faces and corners of this level follow every change; without
        reasons to keep they start once the lower levels stall (:meth:`_wake`): on a
        puzzle those settle, the bookkeeping of faces took half the time."""
        faces = self.cells + 1  # the outside is the last
        self.fcls, self.fodd = list(range(faces)), [0] * faces
        self.fmembers = [[f] for f in range(faces)]
        self.pend5 = []
        self.corner_base = self.cells + self.n + self.m
        self.two = [False] * (self.cells + self.n)
        """Places weighed once with two open edges: they know all they can say."""
        self.cursor = self.quiet = 0
        self.seen = -1
        self.corner_places = NORMAL not in self.levels and TRICKY not in self.levels
        """Whether corners are places of this level: Loopy's vertex rules (Normal and
        Tricky) already settle an edge from its corner's other edge, so with them a
        corner is looked at only when it knows both its edges' states at once."""

    # -- the places ---------------------------------------------------------------------
    def _beyond_place(self, x: int) -> None:
        if x >= self.corner_base:
            self._corner(x - self.corner_base)
        elif x < self.cells:
            self._beyond_clue(x)
        elif x < self.cells + self.n:
            self._beyond_vertex(x - self.cells)

    def _corner(self, k: int) -> None:
        """A corner whose count is known, or whose one edge is known, settles edges."""
        a, b = self.corner_edges[k]
        mask, sa, sb = self.allowed[k], self.state[a], self.state[b]
        why = (self.m + k,)
        if sa is None and sb is None:
            if mask in (0b001, 0b100):
                self.set(a, mask == 0b100, why)
                self.set(b, mask == 0b100, why)
            return
        if sa is not None and sb is not None:
            if not mask >> (sa + sb) & 1:
                raise Contradiction
            return
        known, other = (bool(sa), b) if sb is None else (bool(sb), a)
        can = [v for v in (0, 1) if mask >> (v + known) & 1]
        if not can:
            raise Contradiction
        if len(can) == 1:
            self.set(other, bool(can[0]), (*why, a if sb is None else b))

    def _beyond_vertex(self, v: int) -> None:
        on, unk = self.on_v[v], self.unk_v[v]
        corners = self.corners_at[v]
        if unk < 2 or not corners or on == 2:
            return
        need = (0, 2) if on == 0 else (1,)
        if on == 0 and unk > 2 and self._idle(corners, self.incidence[v]):
            return
        x = self.cells + v
        if unk == 2:
            if self.two[x]:
                return
            self.two[x] = True
        self._weigh(self.incidence[v], corners, need, None)

    def _beyond_clue(self, c: int) -> None:
        k, on, unk = self.clues[c], self.on_c[c], self.unk_c[c]
        corners = self.ring_corners[c]
        if unk < 2 or corners is None or on == k:
            return
        if 2 <= k - on <= unk - 2 and self._idle(corners, self.cell_edges[c]):  # type: ignore[operator]
            return
        if unk == 2:
            if self.two[c]:
                return
            self.two[c] = True
        self._weigh(self.cell_edges[c], corners, (k - on,), c)  # type: ignore[operator]

    def _weigh(self, edges: Sequence[int], corners: Sequence[int], need: tuple[int, ...], face: int | None) -> None:
        opens, keys = self._open(edges)
        if len(opens) > RING:
            self._one_corner_at_a_time(edges, corners, need, len(opens) - 2, face)
            return
        allowed, ce = self.allowed, self.corner_edges
        at = {e: i for i, e in enumerate(opens)}
        full, on, pair = _ring(len(opens), need)
        fits, used = full, []
        for k in corners:
            i, j = at.get(ce[k][0]), at.get(ce[k][1])
            if i is None or j is None:
                continue
            counts = pair[i, j] if i < j else pair[j, i]
            used.append((k, counts))
            m = allowed[k]
            if m != 0b111:
                fits &= (counts[0] if m & 1 else 0) | (counts[1] if m & 2 else 0) | (counts[2] if m & 4 else 0)
        first: dict[int, int] = {}
        related = []
        for i, key in enumerate(keys):
            j = first.setdefault(key >> 1, i)
            if j != i:
                counts = pair[j, i]
                fits &= counts[1] if (key ^ keys[j]) & 1 else counts[0] | counts[2]
                related.append((opens[j], opens[i]))
        if not fits:
            raise Contradiction
        why = () if self.why is None else self._place_why(edges, corners, face, related)
        settled = False
        for i, e in enumerate(opens):
            if not fits & on[i]:
                self.set(e, False, why)
                settled = True
            elif not fits & ~on[i]:
                self.set(e, True, why)
                settled = True
        if settled:
            return
        for k, counts in used:
            got = (fits & counts[0] and 1) | (fits & counts[1] and 2) | (fits & counts[2] and 4)
            if allowed[k] & got != allowed[k]:
                self.learn(k, got, why)
        if face is not None:
            sides = self.shape.sides
            for (i, j), counts in pair.items():
                alike, unlike = not fits & counts[1], not fits & (counts[0] | counts[2])
                if (alike or unlike) and keys[i] >> 1 != keys[j] >> 1:
                    a, b = sides[opens[i]], sides[opens[j]]
                    self._fjoin(a[1] if a[0] == face else a[0], b[1] if b[0] == face else b[0], int(unlike), why)

    def _one_corner_at_a_time(self, edges: Sequence[int], corners: Sequence[int], need: tuple[int, ...],
                              left: int, face: int | None) -> None:
        """A place of many open edges: each corner of two open edges can hold only
        the counts that leave the rest a possible count; when every possibility gives
        the rest all or none, the rest is settled."""
        state, ce = self.state, self.corner_edges
        why = () if self.why is None else self._place_why(edges, corners, face, [])
        for k in corners:
            a, b = ce[k]
            if state[a] is not None or state[b] is not None:
                continue
            ok, rest = _split(self.allowed[k], need, left)
            self.learn(k, ok, why)
            if left and rest in (1, 1 << left):
                for e in edges:
                    if state[e] is None and e != a and e != b:
                        self.set(e, rest == 1 << left, why)
                return

    def _place_why(self, edges: Sequence[int], corners: Sequence[int], face: int | None,
                   related: list[tuple[int, int]]) -> tuple[int, ...]:
        state, sides = self.state, self.shape.sides
        out = [e for e in edges if state[e] is not None]
        out += [self.m + k for k in corners if self.allowed[k] != 7]
        if face is not None:
            out.append(-1 - face)
        for a, b in related:  # the two faces of each are related as the other's
            (x, y), (z, w) = sides[a], sides[b]
            out += self._face_relation(x, z) + self._face_relation(y, w) if self.fcls[x] == self.fcls[z] \
                else self._face_relation(x, w) + self._face_relation(y, z)
        return tuple(out)

    def _open(self, edges: Sequence[int]) -> tuple[list[int], list[int]]:
        """The open edges of a place, each with a key: the classes of its two faces
        (``key >> 1``) and their parity (``key & 1``)."""
        state, cls, par, sides = self.state, self.fcls, self.fodd, self.shape.sides
        opens, keys = [], []
        for e in edges:
            if state[e] is None:
                opens.append(e)
                a, b = sides[e]
                ra, rb = cls[a], cls[b]
                keys.append((ra << 33 | rb << 1 if ra < rb else rb << 33 | ra << 1) | par[a] ^ par[b])
        return opens, keys

    def _idle(self, corners: Sequence[int], edges: Sequence[int]) -> bool:
        """Whether a place has nothing to learn: no corner of two open edges is limited
        and no two open edges are related."""
        state, allowed, ce = self.state, self.allowed, self.corner_edges
        for k in corners:
            if allowed[k] != 0b111:
                a, b = ce[k]
                if state[a] is None and state[b] is None:
                    return False
        keys = self._open(edges)[1]
        return len({k >> 1 for k in keys}) == len(keys)

    # -- the whole board ----------------------------------------------------------------
    def _beyond_board(self) -> bool:
        """The rules that read the whole board, when the places stall: the clues'
        parity, one clue at a time round the board until a full round finds
        nothing; then parts that touch no line. Whether anything was found."""
        cells = self.cells
        if self.shape.disc:
            while self.quiet < cells or self.changes != self.seen:
                if self.changes != self.seen:
                    self.quiet, self.seen = 0, self.changes
                c = self.cursor
                self.cursor, self.quiet = (c + 1) % cells, self.quiet + 1
                k = self.clues[c]
                if k is not None and self.unk_c[c] and self._clue_parity(c, k - self.on_c[c]):
                    return True
        return self.use_loop and self._lone_parts()

    def _clue_parity(self, c: int, need: int) -> bool:
        """A clue counts its neighbours on the other side: neighbours of one class add
        one of two counts together; a class every sum agrees on is settled."""
        cls, par, sides = self.fcls, self.fodd, self.shape.sides
        me = cls[c]
        classes: dict[int, list[int]] = {}
        for e in self.cell_edges[c]:
            if self.state[e] is None:
                a, b = sides[e]
                g = b if a == c else a
                root = cls[g]
                if root != me:
                    classes.setdefault(root, [0, 0])[par[g]] += 1
        options = [(root, n[1], n[0]) for root, n in classes.items() if n[0] != n[1]]
        if not options:
            return False
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
                why: tuple[int, ...] = ()
                if self.why is not None:
                    why = self._clue_parity_why(c)
                self._fjoin(c, root, 0 if can_same else 1, why)
                return True
        return False

    def _clue_parity_why(self, c: int) -> tuple[int, ...]:
        state, sides, cls = self.state, self.shape.sides, self.fcls
        out = [-1 - c, *(e for e in self.cell_edges[c] if state[e] is not None)]
        seen: dict[int, int] = {}
        for e in self.cell_edges[c]:
            if state[e] is None:
                a, b = sides[e]
                g = b if a == c else a
                f = seen.setdefault(cls[g], g)
                if f != g:
                    out += self._face_relation(f, g)
        return tuple(out)

    def _lone_parts(self) -> bool:
        """A part of the open edges (joined at vertices) that touches no line holds no
        line while lines lie elsewhere: its edges become crosses."""
        if not self.total:
            return False
        state, edges, incidence, on_v = self.state, self.edges, self.incidence, self.on_v
        seen: set[int] = set()
        found = False
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
                why: tuple[int, ...] = ()
                if self.why is not None:  # the crosses around the part, and a line elsewhere
                    around = {f for e in part for v in edges[e] for f in incidence[v] if state[f] is False}
                    why = (*sorted(around), next(f for f, s in enumerate(state) if s))
                for e in part:
                    self.set(e, False, why)
                found = True
        return found
