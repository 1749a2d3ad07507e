"""Loopy's Normal, Tricky and Hard rules, read from Simon Tatham's ``loopy.c`` (its
``dline_deductions`` and ``linedsf_deductions``) and written here for any disc of
faces.

A *corner* (Loopy's "dline") is two edges adjacent around a vertex; what is known of
it is "at least one is a line" (its mask lacks bit 0) and "at most one" (lacks bit 2).

Normal
    at a vertex: a corner with one edge known and "at most one" / "at least one"
    settles the other; with no line and two open edges (of one corner), "at most
    one" makes both crosses and "at least one" both lines; with one line, every
    corner of two open edges is "at most one", and with two open edges also "at
    least one". At a clue: how few and how many lines each run of its edges can
    hold (from the states and the corners' facts, a run split at its first or
    second edge), which settles an edge whose complement already holds the clue,
    or cannot reach it without the edge.
Tricky
    the clue also teaches its corners ("at most one" when the rest holds at least
    the clue less one, "at least one" when the rest holds at most the clue less
    two... as counted above); and at a vertex a corner with "at least one" makes
    every corner that shares no edge with it "at most one"; with exactly one line
    in it and no other line, the one remaining open edge is a line (three open) or
    the two others are "at least one" (four open).
Hard
    edges known alike or opposite (classes with parity): a clue one line short has
    crosses on two open edges that are alike (two lines would be too many), one
    cross short lines; the parity of a clue's or a vertex's open edges relates two
    open ones, or settles the third of three when two are related, or relates the
    other two of four; a corner with "exactly one" makes its edges opposite and
    opposite edges make a corner "exactly one"; a settled edge settles its class.
"""

from __future__ import annotations

from typing import cast

from .board import Contradiction
from .easy import Easy

__all__ = ["Loopy"]

NOT2, NOT0 = ~4, ~1
"""Masks that say "at most one" and "at least one"."""
CONTRADICTION = ((), ())
"""What :func:`runs` gives when no way fits the clue (one object, told apart by identity)."""
_RUNS: dict[tuple, tuple] = {}  # type: ignore[type-arg]
"""What :func:`runs` gave for each ring it was asked about (rings repeat across a board
and across the boards of a generation)."""


def runs(k: int, st: tuple[bool | None, ...], masks: tuple[int, ...],
         ) -> tuple[tuple[tuple[int, bool], ...], tuple[tuple[int, int], ...]]:
    """Loopy's runs of a clue's ring: the fewest and most lines each run of its edges
    can hold (from the edges' states and the corners' "at most one" and "at least one",
    a run split at its first or second edge), which settles an edge whose complement
    already holds the clue or cannot reach it without the edge, and teaches a corner of
    two open edges from what the rest can hold (a rule of Tricky's, which Normal leaves
    out). ``st``: the ring's edge states, ``masks[j]``: the corner between ring edges
    ``j`` and ``j + 1``. The edges
    settled ``(index, line)`` and the corners taught ``(index, mask)``, or
    :data:`CONTRADICTION`.

    >>> runs(3, (None, None, None, None), (7, 7, 7, 7))   # a 3 alone: corners with a line
    ((), ((0, 6), (1, 6), (2, 6), (3, 6)))
    >>> runs(3, (None, None, False, None), (7, 7, 7, 7))
    (((0, True), (1, True), (3, True)), ((0, 6), (3, 6)))
    """
    n = len(st)
    # m1[j], l1[j]: the most and fewest lines of ring edge j alone; m2[j], l2[j]: of
    # edges j and j + 1 together (their corner may say "at most one", "at least one")
    m1 = [0 if s is False else 1 for s in st]
    l1 = [1 if s else 0 for s in st]
    m2, l2 = [], []
    for s1, s2, mask in zip(st, st[1:] + st[:1], masks):
        t = 2 - (s1 is False) - (s2 is False)
        m2.append(1 if t == 2 and not mask & 4 else t)
        t = (s1 is True) + (s2 is True)
        l2.append(1 if t == 0 and not mask & 1 else t)
    m1 += m1  # twice round: a run of the ring is a slice
    l1 += l1
    m2 += m2
    l2 += l2
    settles, learns = [], []
    for j in range(n):
        if st[j] is not None:
            continue
        # The rest of the ring, edges j + 1 .. j + n - 1, from its end backwards: a
        # run is split after its first edge or its first two; (most, least) of the
        # run from i + 1 on are (am, al), from i + 2 on (bm, bl)
        last = j + n - 1
        am, al, bm, bl = m1[last], l1[last], 0, 0
        for i in range(last - 1, j, -1):
            x, y = m1[i] + am, m2[i] + bm
            z, w = l1[i] + al, l2[i] + bl
            am, al, bm, bl = x if x < y else y, z if z > w else w, am, al
        low, high = al, am  # all but edge j; (bl, bm): all but j and j + 1
        if low > k or high < k - 1:
            return CONTRADICTION
        if low == k:
            settles.append((j, False))
        elif high == k - 1:
            settles.append((j, True))
        if st[(j + 1) % n] is None:
            mask = 7
            if bl > k - 2:
                mask &= NOT2
            if bm < k:
                mask &= NOT0
            if mask != 7:
                learns.append((j, mask))
    return tuple(settles), tuple(learns)


class Loopy(Easy):
    """Loopy's Normal, Tricky and Hard rules (see the module)."""

    # -- Normal and Tricky at a clue: the runs of its ring ------------------------------
    def _clue_runs(self, c: int, tricky: bool) -> None:
        ring = self.rings[c]
        if ring is None or not self.unk_c[c]:
            return
        state, allowed = self.state, self.allowed
        corners = self.ring_corners[c]  # None off a disc: nothing known of its corners
        # a corner's mask as it is (runs reads only its bits 0 and 2); lists made into
        # tuples, not map(): compiled, a list is built in a native loop, map calls Python
        masks = (5,) * len(ring) if corners is None else tuple([allowed[q] for q in corners])
        key = (cast(int, self.clues[c]), tuple([state[e] for e in ring]), masks)
        found = _RUNS.get(key)
        if found is None:
            if len(_RUNS) > 200_000:
                _RUNS.clear()
            found = _RUNS[key] = runs(key[0], key[1], key[2])
        if found is CONTRADICTION:
            raise Contradiction
        settles, learns = found
        if not tricky:
            learns = ()
        if not settles and not learns:
            return
        why: tuple[int, ...] = ()
        if self.why is not None:
            why = (-1 - c, *(e for e in ring if state[e] is not None),
                   *(self.m + q for q in corners or () if allowed[q] != 7))
        for j, line in settles:
            self.set(ring[j], line, why)
        if corners is None:
            return
        for j, mask in learns:
            if state[ring[j]] is None and state[ring[(j + 1) % len(ring)]] is None:
                self.learn(corners[j], mask, why)

    # -- Normal and Tricky at a vertex ---------------------------------------------------
    def _vertex_corners(self, v: int, tricky: bool) -> None:
        if not self.unk_v[v]:
            return
        state, allowed = self.state, self.allowed
        ce = self.corner_edges
        why_on = self.why is not None
        for q in self.corners_at[v]:
            a, b = ce[q]
            sa, sb = state[a], state[b]
            mask = allowed[q]
            if sa is not None or sb is not None:
                if sa is None or sb is None:
                    known, other = (sa, b) if sb is None else (sb, a)
                    if known and not mask & 4:
                        self.set(other, False, (self.m + q, a if sb is None else b) if why_on else ())
                    elif not known and not mask & 1:
                        self.set(other, True, (self.m + q, a if sb is None else b) if why_on else ())
                continue
            on, unk = self.on_v[v], self.unk_v[v]
            if on == 0 and unk == 2 and mask & 5 != 5:
                why = (self.m + q, *self._known_at(v)) if why_on else ()
                self.set(a, not mask & 1, why)
                self.set(b, not mask & 1, why)
                continue
            if on == 1:
                told = NOT2 if unk > 2 else NOT2 & NOT0
                if mask & told != mask:  # (most often known already)
                    self.learn(q, told, self._known_at(v) if why_on else ())
                    mask = allowed[q]
            if tricky and not mask & 1:
                self._tricky_vertex(v, q, mask)

    def _tricky_vertex(self, v: int, q: int, mask: int) -> None:
        """Corner ``q`` (two open edges) has a line: corners sharing no edge with it
        have at most one; with exactly one and no other line, more follows."""
        ce = self.corner_edges
        a, b = ce[q]
        why: tuple[int, ...] = (self.m + q,) if self.why is not None else ()
        allowed = self.allowed
        for r in self.corners_at[v]:
            x, y = ce[r]
            if x != a and x != b and y != a and y != b and allowed[r] & 4:
                self.learn(r, NOT2, why)
        if self.on_v[v] or mask & 4:
            return
        state = self.state
        unk = self.unk_v[v]
        if self.why is not None:
            why = (self.m + q, *self._known_at(v))
        if unk == 3:
            for e in self.incidence[v]:
                if state[e] is None and e != a and e != b:
                    self.set(e, True, why)
        elif unk == 4:
            for r in self.corners_at[v]:
                x, y = ce[r]
                if x not in (a, b) and y not in (a, b) and state[x] is None and state[y] is None:
                    self.learn(r, NOT0, why)
                    return

    def _known_at(self, v: int) -> tuple[int, ...]:
        state = self.state
        return tuple(e for e in self.incidence[v] if state[e] is not None)

    # -- Hard: edges alike and opposite -------------------------------------------------
    def _hard_clue(self, c: int) -> None:
        unk = self.unk_c[c]
        if not unk:
            return
        k = self.clues[c]
        edges = self.cell_edges[c]
        n = len(edges)
        state = self.state
        for value, short in ((False, k - self.on_c[c]), (True, n - k - (n - self.on_c[c] - self.unk_c[c]))):  # type: ignore[operator]
            if short == 1:
                self._alike_pairs(c, edges, value)
        opens = [e for e in edges if state[e] is None]
        if 2 <= len(opens) <= 4:
            self._parity((k - self.on_c[c]) & 1, opens, -1 - c)  # type: ignore[operator]

    def _alike_pairs(self, c: int, edges: tuple[int, ...], value: bool) -> None:
        """Two open edges alike where one more line (or cross) is all the clue takes:
        both are the other state."""
        state, cls, par = self.state, self.ecls, self.epar
        seen: dict[tuple[int, int], int] = {}
        for e in edges:
            if state[e] is not None:
                continue
            key = (cls[e], par[e])
            f = seen.setdefault(key, e)
            if f != e:
                why: tuple[int, ...] = ()
                if self.why is not None:
                    why = (-1 - c, *(x for x in edges if state[x] is (not value)), *self.why.relation(e, f))
                self.set(e, value, why)
                self.set(f, value, why)

    def _parity(self, parity: int, opens: list[int], place: int) -> None:
        """Open edges whose lines add up to ``parity`` (mod 2): two are related; of
        three, two related settle the third; of four, two related relate the others.
        ``place``: their vertex, or ``-1 - c`` for clue ``c`` (whose premises are read
        only when something follows: mostly nothing does)."""
        cls, par = self.ecls, self.epar
        if len(opens) == 2:
            a, b = opens
            if cls[a] == cls[b]:  # (as merge finds, before its premises are read)
                if par[a] ^ par[b] != parity:
                    raise Contradiction
                return
            self.merge(a, b, parity, self._premises(place))
            return
        why: tuple[int, ...] | None = None
        for i in range(len(opens)):
            for j in range(i + 1, len(opens)):
                a, b = opens[i], opens[j]
                if cls[a] != cls[b]:
                    continue
                if why is None:
                    why = self._premises(place)
                rest = [e for e in opens if e != a and e != b]
                odd = parity ^ par[a] ^ par[b]
                full = why if self.why is None else (*why, *self.why.relation(a, b))
                if len(rest) == 1:
                    self.set(rest[0], bool(odd), full)
                else:
                    self.merge(rest[0], rest[1], odd, full)

    def _premises(self, place: int) -> tuple[int, ...]:
        """The premises of what the parity of ``place``'s open edges gives (its
        settled edges, and a clue's number): read only when reasons are recorded."""
        if self.why is None:
            return ()
        if place >= 0:
            return self._known_at(place)
        state = self.state
        return (place, *(e for e in self.cell_edges[-1 - place] if state[e] is not None))

    def _hard_vertex(self, v: int) -> None:
        if not self.unk_v[v]:
            return
        state, allowed, cls, par = self.state, self.allowed, self.ecls, self.epar
        ce = self.corner_edges
        for q in self.corners_at[v]:
            a, b = ce[q]
            if state[a] is not None or state[b] is not None:
                continue
            if cls[a] == cls[b] and par[a] ^ par[b]:  # known opposite
                self.learn(q, 0b010, self.why.relation(a, b) if self.why is not None else ())
            elif not allowed[q] & 5:
                self.merge(a, b, 1, (self.m + q,))
        opens = [e for e in self.incidence[v] if state[e] is None]
        if 2 <= len(opens) <= 4:
            self._parity(self.on_v[v] & 1, opens, v)

    def _hard_class(self, e: int) -> None:
        """A settled edge settles every edge of its class."""
        state, par = self.state, self.epar
        members = self.emembers.get(self.ecls[e])
        if members is None:  # an edge alone: nothing to pass on
            return
        known = next((x for x in members if state[x] is not None), None)
        if known is None:
            return
        for x in members:
            if state[x] is None:
                why = (known, *self.why.relation(known, x)) if self.why is not None else ()
                self.set(x, bool(state[known]) ^ bool(par[x] ^ par[known]), why)
