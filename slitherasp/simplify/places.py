"""The rules of :mod:`.propagate` that read one place (a vertex, or a clue's cell)
and the corners of its faces: one corner at a time, cheaply, or every way of placing
the place's lines at once (as bit sets over the ways, :func:`.shape.ring`)."""

from __future__ import annotations

from collections.abc import Sequence

from .shape import Contradiction, ring, split

__all__ = ["RING", "Places"]

RING = 12
"""Places of at most this many open edges (a dodecagon) weigh every way of placing
their lines (at most 924 ways, as bits of one integer); larger ones reason about one
corner at a time."""


class Places:
    """The place rules of :class:`.propagate._Board`, which holds the state they read
    and the moves (:meth:`set`, :meth:`_learn`, :meth:`_join`) they make."""

    state: list[bool | None]
    pairs: list[tuple[int, int, int, int]]
    allowed: list[int]
    corner_edges: list[tuple[int, int]]
    sides: list[tuple[int, int]] | None
    cls: list[int]
    odd: list[int]
    ring: bool

    def set(self, e: int, value: bool) -> None:
        raise NotImplementedError

    def _learn(self, p: int, mask: int) -> None:
        raise NotImplementedError

    def _join(self, a: int, b: int, odd: int) -> None:
        raise NotImplementedError

    def _pairs_from(self, pairs: list[int], edges: Sequence[int], need: tuple[int, ...], left: int) -> None:
        """Pairs of open edges in a place (a vertex or a clue) that needs one of the
        line counts ``need`` from its ``left`` + 2 open edges: each pair can have only
        the counts that leave the rest a possible count, and when every possibility
        gives the rest all or none, the rest is settled. (What :meth:`_count` does
        exactly, in a form cheap enough for places of many open edges.)"""
        for p in pairs:
            a, b, _, _ = self.pairs[p]
            if self.state[a] is not None or self.state[b] is not None:
                continue
            ok, rest = split(self.allowed[p], need, left)
            self._learn(p, ok)
            if left and rest in (1, 1 << left):
                for e in edges:
                    if self.state[e] is None and e != a and e != b:
                        self.set(e, rest == 1 << left)
                return  # the counts read above are stale now; the place is queued again

    def _count(self, edges: Sequence[int], pairs: Sequence[int], need: tuple[int, ...], face: int | None) -> None:
        """A place (a vertex, or a clue's cell ``face``) that needs one of the line
        counts ``need`` from its open ``edges``, whose corners ``pairs`` allow only some
        counts each: every way of placing lines that fits is considered (as bit sets,
        :class:`.shape.Ring`). An edge that is a line in all of them, or in none, is
        settled; each corner learns the counts it has in some; in a cell, two open
        edges alike (or opposite) in all of them make the faces beyond them alike (or
        opposite)."""
        allowed, ends = self.allowed, self.corner_edges
        opens, keys = self._open(edges)
        at = {e: i for i, e in enumerate(opens)}
        table = ring(len(opens), need)
        pair = table.pair
        fits, corners = table.full, []
        for p in pairs:
            i, j = at.get(ends[p][0]), at.get(ends[p][1])
            if i is None or j is None:
                continue
            counts = pair[i, j] if i < j else pair[j, i]
            corners.append((p, counts))
            m = allowed[p]
            if m != 0b111:
                fits &= (counts[0] if m & 1 else 0) | (counts[1] if m & 2 else 0) | (counts[2] if m & 4 else 0)
        first: dict[int, int] = {}
        for i, key in enumerate(keys):
            j = first.setdefault(key >> 1, i)
            if j != i:  # known alike or opposite already: the two faces of each edge are related
                counts = pair[j, i]
                fits &= counts[1] if (key ^ keys[j]) & 1 else counts[0] | counts[2]
        if not fits:
            raise Contradiction
        settled = False
        for i, e in enumerate(opens):
            if not fits & table.on[i]:
                self.set(e, False)
                settled = True
            elif not fits & ~table.on[i]:
                self.set(e, True)
                settled = True
        if settled:
            return  # the place is queued again
        for p, counts in corners:
            got = (fits & counts[0] and 1) | (fits & counts[1] and 2) | (fits & counts[2] and 4)
            if allowed[p] & got != allowed[p]:  # it narrows (the common case is that it does not)
                self._learn(p, got)
        if face is not None:
            for (i, j), counts in table.pair.items():
                alike, unlike = not fits & counts[1], not fits & (counts[0] | counts[2])
                if (alike or unlike) and keys[i] >> 1 != keys[j] >> 1:
                    a, b = self.sides[opens[i]], self.sides[opens[j]]  # type: ignore[index]
                    self._join(a[1] if a[0] == face else a[0], b[1] if b[0] == face else b[0], int(unlike))

    def _open(self, edges: Sequence[int]) -> tuple[list[int], list[int]]:
        """The open edges of a place, and for each a key: the classes of its two faces
        (``key >> 1``, the smaller class in the bits from 32 on: faces number fewer than
        2**32) and their parity (``key & 1``). Two edges with the same classes are known
        alike (same parity) or opposite."""
        state, cls, par, sides = self.state, self.cls, self.odd, self.sides
        opens, keys = [], []
        for e in edges:
            if state[e] is None:
                opens.append(e)
                a, b = sides[e]  # type: ignore[index]
                ra, rb = cls[a], cls[b]
                keys.append((ra << 33 | rb << 1 if ra < rb else rb << 33 | ra << 1) | par[a] ^ par[b])
        return opens, keys

    def _idle(self, pairs: list[int], edges: Sequence[int]) -> bool:
        """Whether a place that needs a count neither near none nor near all of its open
        edges has nothing to learn: no corner of two open edges is limited, and (once
        places weigh their ways; the cheap rules do not read it) no two open edges are
        known alike or opposite. Every way is then possible, and every count at every
        corner."""
        state, allowed = self.state, self.allowed
        for p in pairs:
            if allowed[p] != 0b111:
                a, b, _, _ = self.pairs[p]
                if state[a] is None and state[b] is None:
                    return False
        if not self.ring:
            return True
        keys = self._open(edges)[1]
        return len({k >> 1 for k in keys}) == len(keys)
