"""Loopy's Easy rules: one clue, one vertex, and the loop.

* a clue with all its lines has crosses on the rest; one with all its crosses, lines;
* a clue that needs one more cross, two of whose open edges meet at a vertex that
  has a line already (so they are not both lines): every other open edge is a line;
* a vertex has 0 or 2 lines: with two, the rest are crosses; with one and one open
  edge, that edge is a line; with no line and one open edge, a cross;
* an open edge joining the two ends of one chain of lines is a cross, unless that
  chain holds every line and closing it would meet every clue (then it may be the
  answer, and Loopy counts the puzzle as not solved by its rules: it is left open);
* a closed loop holding every line is the answer: every open edge is a cross.
"""

from __future__ import annotations

from .board import Board, Contradiction

__all__ = ["Easy"]


class Easy(Board):
    """The rules of Loopy's Easy level (see the module)."""

    def _easy_cell(self, c: int) -> None:
        k = self.clues[c]
        unk = self.unk_c[c]
        if not unk:
            return
        on = self.on_c[c]
        edges = self.cell_edges[c]
        n = len(edges)
        no = n - on - unk
        if on > k or no > n - k:  # type: ignore[operator]
            raise Contradiction
        if on == k or no == n - k:  # type: ignore[operator]
            value = on < k  # type: ignore[operator]
            why = () if self.why is None else (-1 - c, *(e for e in edges if self.state[e] is (not value)))
            for e in edges:
                if self.state[e] is None:
                    self.set(e, value, why)
            return
        if no + 1 == n - k and unk > 2:  # type: ignore[operator]
            self._one_cross_left(c)

    def _one_cross_left(self, c: int) -> None:
        """Two open edges of the ring that meet at a vertex with a line: one of them is
        the clue's last cross, so every other open edge is a line."""
        ring = self.rings[c]
        if ring is None:
            return
        state, edges = self.state, self.edges
        for i, a in enumerate(ring):
            b = ring[(i + 1) % len(ring)]
            if state[a] is not None or state[b] is not None:
                continue
            x = edges[a][0] if edges[a][0] in edges[b] else edges[a][1]
            if not self.on_v[x]:
                continue
            why: tuple[int, ...] = ()
            if self.why is not None:
                line = next(e for e in self.incidence[x] if state[e])
                why = (-1 - c, line, *(e for e in ring if state[e] is False))
            for e in ring:
                if state[e] is None and e != a and e != b:
                    self.set(e, True, why)
            return

    def _easy_vertex(self, v: int) -> None:
        unk = self.unk_v[v]
        on = self.on_v[v]
        if on > 2 or (on == 1 and not unk):
            raise Contradiction
        if not unk or not (on == 2 or unk == 1):
            return
        value = on == 1
        state = self.state
        at = self.incidence[v]
        why: tuple[int, ...] = ()
        if self.why is not None:  # two lines: they alone; else every settled edge
            why = tuple(e for e in at if state[e]) if on == 2 else tuple(e for e in at if state[e] is not None)
        for e in at:
            if state[e] is None:
                self.set(e, value, why)

    # -- the loop ----------------------------------------------------------------------
    def _loop(self) -> None:
        """The loop rule on the chains made since it last looked, and on edges it left
        open because closing there might have been the answer (run when the other
        Easy rules stall)."""
        self.loop_dirty = False
        if self.closed >= 0:
            self._closed_loop()
            return
        state, far, on_v, ends = self.state, self.far, self.on_v, self.edges
        chains, self.chains = self.chains, []
        maybe = [e for e in self.maybe if state[e] is None]
        self.maybe = []
        for x in chains:
            y = far[x]
            if far[y] != x or on_v[x] != 1 or on_v[y] != 1:
                continue  # joined again since: a later entry has the new chain
            for e in self.incidence[x]:  # the open edge joining the two ends, if any
                if state[e] is None and y in ends[e]:
                    maybe.append(e)
                    break
        for e in maybe:
            if state[e] is not None:
                continue
            bad = self._closing_breaks(e, self.edges[e][0])
            if bad is None:
                self.maybe.append(e)  # it may be the answer: left open (Loopy's "ambiguous")
            else:
                self.set(e, False, bad)

    def _closing_breaks(self, e: int, end: int) -> tuple[int, ...] | None:
        """Why closing the chain of ``end`` with edge ``e`` cannot be the answer (the
        premises: the chain's lines and a line outside it, or a clue it would leave
        wrong), or None when it might be (Loopy's test: every clue met, or one short
        on a face of ``e``)."""
        whole = self.cnt[end] == self.total
        if whole:
            near = sum(self.on_c[c] + 1 == self.clues[c] for c in self.clued_of[e])
            if self.sm1 == near and self.sm1 + self.sat == self.n_clues:
                return None
        if self.why is None:
            return ()
        chain = self.chain_lines(self.edges[e][0])
        if not whole:
            inside = set(chain)
            other = next(f for f, s in enumerate(self.state) if s and f not in inside)
            return (*chain, other)
        clues, on = self.clues, self.on_c
        for c, k in enumerate(clues):  # a clue the closed loop would leave wrong
            if k is not None and on[c] + (c in self.clued_of[e]) != k:
                return (*chain, -1 - c)
        # every clue would be met, yet Loopy's count says otherwise (a met clue on e)
        return (*chain, *(-1 - c for c in self.clued_of[e]))

    def _closed_loop(self) -> None:
        """A chain closed into a loop: it must hold every line; then it is the answer."""
        if self.closed_lines != self.total:
            raise Contradiction
        if self.sat != self.n_clues:
            raise Contradiction
        state = self.state
        why = () if self.why is None else tuple(e for e, s in enumerate(state) if s)
        for e, s in enumerate(state):
            if s is None:
                self.set(e, False, why)

    def chain_lines(self, vertex: int) -> list[int]:
        """The lines of the chain through ``vertex``."""
        seen, todo, found = {vertex}, [vertex], []
        incidence, edges, state = self.incidence, self.edges, self.state
        while todo:
            v = todo.pop()
            for e in incidence[v]:
                if state[e]:
                    a, b = edges[e]
                    w = b if a == v else a
                    if w not in seen:
                        seen.add(w)
                        found.append(e)
                        todo.append(w)
        return found
