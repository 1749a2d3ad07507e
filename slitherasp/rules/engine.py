"""The cascade: the rules of the lowest level first, a harder level only when every
easier one has nothing left to do, and back to the easiest after any deduction (as
Loopy's ``solve_game_rec`` runs its solvers). Every rule only settles what every
answer has, and the rules are monotone, so where they stop does not depend on the
order; the highest level that had to deduce anything is the puzzle's level.
"""

from __future__ import annotations

import time

from ..stopping import requested
from .beyond import Beyond
from .board import BEYOND, EASY

__all__ = ["Rules", "Stopped"]

CHECK_EVERY = 512
"""Places looked at between two looks at the clock and the stop request."""


class Stopped(Exception):
    """The deadline passed, or the one who asked went away (:mod:`slitherasp.stopping`)."""


class Rules(Beyond):
    """A board with every rule (see :mod:`slitherasp.rules`)."""

    deadline: float | None = None

    def run(self) -> None:
        """Apply the rules of the board's levels until nothing changes (raises
        :class:`.board.Contradiction` when no answer fits, :class:`Stopped` past the
        deadline or on a stop request)."""
        levels, todo, queued = self.levels, self.todo, self.queued
        beyond = BEYOND in levels
        count = 0
        while True:
            count += 1
            if count % CHECK_EVERY == 0 and self._stop():
                raise Stopped
            for level in levels:
                if level == BEYOND and self.pend5:
                    self.level = BEYOND
                    self._pending()
                    break
                stack = todo[level]
                if stack:
                    x = stack.pop()
                    queued[level][x] = 0
                    self.level = level
                    self._run_place(level, x)
                    break
                if level == EASY and self.loop_dirty:
                    self.level = EASY
                    self._loop()
                    break
            else:
                if beyond:
                    self.level = BEYOND
                    if self._beyond_board():
                        continue
                return

    def _stop(self) -> bool:
        return (self.deadline is not None and time.perf_counter() > self.deadline) or requested()
