"""The cascade: the rules of the lowest level first, a harder level only when every
easier one has nothing left to do, and back to the easiest after any deduction (as
Loopy's ``solve_game_rec`` runs its solvers). Every rule only settles what every
answer has, and the rules are monotone, so where they stop does not depend on the
order; the highest level that had to deduce anything is the puzzle's level.
"""

from __future__ import annotations

import copy
import time

from ..model.stopping import requested
from .beyond import Beyond
from .board import BEYOND, EASY, HARD, TRICKY, Contradiction

__all__ = ["Rules", "Stopped"]



class Stopped(Exception):
    """The deadline passed, or the one who asked went away (:mod:`slitherasp.model.stopping`)."""


class Rules(Beyond):
    """A board with every rule (see :mod:`slitherasp.rules`)."""

    deadline: float | None = None
    here = -1
    """The place the rule running now looks at (-1: the loop, or the whole board):
    what a recorded fact names as its place (:mod:`.why`)."""

    def run(self) -> None:
        """Apply the rules of the board's levels until nothing changes (raises
        :class:`.board.Contradiction` when no answer fits, :class:`Stopped` past the
        deadline or on a stop request)."""
        plan = [(level, self.ctodo[level], self.todo[level], self.queued[level]) for level in self.levels[1:]]
        easy, ceasy, seen = self.todo[EASY], self.ctodo[EASY], self.queued[EASY]
        cells = self.cells
        beyond = BEYOND in self.levels
        off, held = self.off, self.held  # changed in place only
        count = 0
        if self._stop():
            raise Stopped
        while True:
            count += 1
            if count & 63 == 0 and self._stop():
                raise Stopped
            if easy or ceasy:  # the easiest rules first, until they stall (clues before vertices)
                self.level = EASY
                while True:
                    while ceasy:
                        x = self.here = ceasy.pop()
                        seen[x] = False
                        self._easy_cell(x)
                    if not easy:
                        break
                    x = self.here = easy.pop()
                    seen[x] = False
                    self._easy_vertex(x - cells)
            if self.loop_dirty:
                self.level, self.here = EASY, -1
                if self.use_loop:
                    self._loop()
                else:
                    self.loop_dirty = False
                if easy or ceasy:
                    continue
            for level, cstack, stack, queued in plan:
                if level in off:
                    continue
                if level in held:  # Tricky starts when Normal stalls, and Normal stops
                    if None in self.state:
                        self.level, self.here = level, -1
                        self._tricky_start()
                        break
                    continue
                if level == BEYOND and not self.beyond:
                    if None in self.state:
                        self.level, self.here = BEYOND, -1
                        self._wake()
                        break
                    continue
                if level == BEYOND and self.pend5:
                    self.level, self.here = BEYOND, -1
                    self._pending()
                    break
                if cstack or stack:
                    self._places(level, cstack, stack, queued)
                    break
            else:
                if easy or ceasy or self.loop_dirty:
                    continue
                if beyond and self.beyond:
                    self.level, self.here = BEYOND, -1
                    if self._beyond_board():
                        continue
                if self.why is not None:
                    self.why.flush()
                if None not in self.state:
                    self._check_whole()
                return

    def _places(self, level: int, cstack: list[int], stack: list[int], queued: list[bool]) -> None:
        """The rules of ``level`` (above the easy one) at its places while they change
        nothing: most do not, and then no easier level has work and the loop rule
        nothing new, so the cascade's next place is this level's again (the same
        order, without a round of the levels below). Level 5 takes one place at a time
        (its places may queue others without a change)."""
        self.level, changes, count = level, self.changes, 0
        if level == BEYOND:
            x = self.here = cstack.pop() if cstack else stack.pop()
            queued[x] = False
            self._beyond_place(x)
            return
        cells, tricky, hard = self.cells, level == TRICKY, level == HARD
        classes = cells + self.n  # (places past the vertices: Hard's classes of edges)
        unk_c, unk_v = self.unk_c, self.unk_v  # (a place with no open edge has nothing to say)
        while True:
            x = cstack.pop() if cstack else stack.pop()
            queued[x] = False
            self.here = x
            if x < cells:
                if not unk_c[x]:
                    pass
                elif hard:
                    self._hard_clue(x)
                else:
                    self._clue_runs(x, tricky)
            elif x < classes:
                if not unk_v[x - cells]:
                    pass
                elif hard:
                    self._hard_vertex(x - cells)
                else:
                    self._vertex_corners(x - cells, tricky)
            else:
                self._hard_class(x - classes)
            if self.changes != changes or not (cstack or stack):
                return
            count += 1
            if count & 63 == 0 and self._stop():
                raise Stopped

    def _check_whole(self) -> None:
        """A settled board is checked whole, from its edge states alone (not from the
        counts the rules keep): every vertex has 0 or 2 lines, every clue its number,
        and (when the loop rule runs) the lines are one loop; else
        :class:`.board.Contradiction`. No answer is ever given by rules that missed a
        broken clue or found no loop at all."""
        p, state = self.p, self.state
        degree = [0] * self.n
        for (u, v), s in zip(p.edges, state):
            if s:
                degree[u] += 1
                degree[v] += 1
        if any(d != 0 and d != 2 for d in degree):
            raise Contradiction
        for k, edges in zip(self.clues, p.cell_edges):
            if k is not None and sum(1 for e in edges if state[e]) != k:
                raise Contradiction
        if not self.use_loop:
            return
        lines = [e for e, s in enumerate(state) if s]
        if not lines:
            raise Contradiction  # no loop at all
        first, v = p.edges[lines[0]]
        e, length = lines[0], 1
        while v != first:  # walk the loop through the first line: it must hold them all
            e = next(f for f in p.incidence[v] if state[f] and f != e)
            a, b = p.edges[e]
            v = b if a == v else a
            length += 1
        if length != len(lines):
            raise Contradiction

    def copy(self) -> Rules:
        """An independent copy (for a trial), its queues empty: this board was stuck."""
        other = copy.copy(self)  # (a compiled board has no __dict__)
        for name in ("state", "on_v", "unk_v", "on_c", "unk_c", "allowed", "cnt", "far", "ecls", "epar",
                     "settled", "maybe", "chains"):
            setattr(other, name, list(getattr(self, name)))
        other.emembers = {r: list(x) for r, x in self.emembers.items()}
        other.unions = []
        other.todo = {level: [] for level in self.levels}
        other.ctodo = {level: [] for level in self.levels}
        other.queued = {level: [False] * len(q) for level, q in self.queued.items()}
        other.off, other.held = set(self.off), set(self.held)
        other._queues()
        if BEYOND in self.levels:
            other.fcls, other.fodd = list(self.fcls), list(self.fodd)
            other.fmembers = [list(x) for x in self.fmembers]
            other.pend5, other.two = list(self.pend5), list(self.two)
        other.why = None
        return other

    stoppable = True
    """Whether a stop request (:mod:`slitherasp.model.stopping`) ends the run."""

    def _stop(self) -> bool:
        return (self.deadline is not None and time.perf_counter() > self.deadline) or (self.stoppable and requested())
