"""Clue removal: what generation asks hundreds of times per puzzle. From a loop's full
clue set, clues go in batches while the puzzle stays uniquely solvable at its grade: for
a person's grade each test is a derivation of the rules up to that level that keeps the
facts not resting on the clues taken away (:class:`.rules.derive.Derivation`); for the
solver's, a solve in one grounded :class:`~slitherasp.solver.sessions.Session` (clues switched
by assumptions). Batches double after a success and halve after a failure (grades are
monotone in the clues, so this gives the puzzle that removing one clue at a time would).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..model import Answer, Puzzle
from ..model.levels import HUMAN_LEVELS
from ..model.stopping import reason, requested
from ..rules import LEVELS as LOOPY_LEVELS
from ..rules import deduce
from ..rules.derive import Derivation
from ..rules.engine import Stopped
from ..rules.grade import human_solves
from ..solver.grade import LEVELS, grade
from ..solver.run import solve

if TYPE_CHECKING:
    from .setting import Plan

TEST_BUDGET = 10_000
"""Conflicts one removal test may take unless ``minimal``: past it the clues stay. A
bound in conflicts, not seconds, so that the same seed still gives the same puzzle."""


class _OutOfTime(Exception):
    """The time limit of :func:`generate` ran out (it is looked at before each test)."""


Progress = Callable[[int, int, int, float], None]
"""``progress(removed, kept, untested, elapsed)`` after every test."""


class Remover:
    """Removes clues from a full clue set while ``ok`` holds, in batches (see
    :func:`_remove_all`). For the solver's grade every test is a solve in one
    Session; for a person's, a derivation of the rules up to that level."""

    def __init__(self, puzzle: Puzzle, loop: Answer, level: str | None, progress: Progress | None,
                 budget: int | None = None, difficulty: str | None = None, deadline: float | None = None,
                 plan: Plan | None = None) -> None:
        self.full = full = puzzle.signature(loop)
        self.puzzle, self.loop, self.level = puzzle, loop, level
        self.most = None if difficulty is None else HUMAN_LEVELS.index(difficulty) + 1
        self.units = [(c,) for c in range(len(full))] if plan is None else plan.units(full)
        """The clues that go or stay together (a symmetry's orbits), in cell order: a
        clue of no unit is never given (a setter's mask or theme, :mod:`.setting`)."""
        self.clues = {c: full[c] for unit in self.units for c in unit}
        if plan is not None:
            self.clues = dict(sorted(self.clues.items()))
        self.kept: set[int] = set()
        self.tests = 0
        self.progress, self.budget, self.deadline = progress, budget, deadline
        self.start = time.perf_counter()
        self.untested = len(self.clues)
        self.anchor = -1
        self.derivation: Derivation | None = None
        if self.most is not None:
            levels = LOOPY_LEVELS[:self.most]
            given = puzzle.with_clues(self.clues)
            if self.most <= len(LOOPY_LEVELS) and deduce(given, levels=levels).complete:
                self.derivation = Derivation(given, levels)  # (the quick test first: most fail)
            return
        # One clue stays, so that every answer touches its cell: the session's root
        # chain is that cell's corners (measured 50x faster proofs on 20x20 than the
        # chain of all vertices). Only the planted values are ever used: one external
        # per cell, not per value. No probing in the session: clasp would probe again
        # at every assumption (measured 30x slower).
        self.anchor = max(self.clues, key=lambda c: (full[c] / len(puzzle.cell_edges[c]), full[c]), default=-1)
        self.blocked = level in (None, "hard")
        """Only uniqueness counts: the session forbids the planted loop, so that a test
        asks for any other answer at once (benchmarks/README.md: up to 37% less time)."""
        from ..solver.sessions import Session  # clingo: a person's levels never load it

        self.session = Session(puzzle, values=[[k] for k in full],
                               pinned={self.anchor: full[self.anchor]} if self.anchor >= 0 else {},
                               fresh=level in ("easy", "medium"))
        if self.blocked:
            self.session.block(loop)

    def order(self) -> list[tuple[int, ...]]:
        """The units of clues to try removing (all but the anchor's)."""
        return [u for u in self.units if self.anchor not in u]

    def start_ok(self) -> bool:
        """Whether the full clue set is at most at the level asked for."""
        if self.most is not None and self.most <= len(LOOPY_LEVELS):
            return self.derivation is not None and self.derivation.complete
        return self.ok(self.clues)[0]

    def _tick(self) -> float | None:
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if left is not None and left < 0:
            raise _OutOfTime
        if requested():
            raise KeyboardInterrupt
        self.tests += 1
        return left

    def without(self, group: list[int]) -> tuple[bool, Answer | None]:
        """Remove the clues of ``group`` if the puzzle stays at its level; whether it
        did, and another answer when one was found (it shows which clues it breaks)."""
        if self.derivation is not None:
            self._tick()
            try:
                smaller = self.derivation.without(group)
            except Stopped:
                raise KeyboardInterrupt from None
            if smaller is None:
                return False, None
            self.derivation = smaller
        else:
            trial = {c: k for c, k in self.clues.items() if c not in group}
            good, other = self.ok(trial)
            if not good:
                return False, other
        for c in group:
            self.clues.pop(c, None)
        return True, None

    def ok(self, clues: dict[int, int]) -> tuple[bool, Answer | None]:
        """Whether ``clues`` still give exactly one answer, at most at the level, and an
        other answer if one was found. For a person's ``fiendish``: whether the rules
        and trials reach the answer."""
        left = self._tick()
        if self.most is not None:
            try:
                return human_solves(self.puzzle.with_clues(clues), self.most), None
            except Stopped:  # a stop request, never "this clue is needed"
                raise KeyboardInterrupt from None
        blocked = self.blocked  # the loop is blocked: any answer is another one
        r = self.session.solve(clues, models=1 if blocked else 2, conflicts=self.budget, statistics=not blocked,
                               time_limit=left)
        if r.interrupted:
            raise KeyboardInterrupt
        if r.timed_out:
            raise _OutOfTime
        other = next((a for a in r.answers if a != self.loop), None)
        if other is not None or not r.exhausted or blocked:
            return other is None and r.exhausted, other
        if r.statistics["choices"] == 0:
            return True, None  # unique, and propagation alone did it
        if self.level == "easy":
            return False, None
        probed = solve(self.puzzle.with_clues(clues), models=2, lookahead=True, statistics=True, simplify=False)
        if probed.interrupted:
            raise KeyboardInterrupt
        return probed.statistics["choices"] == 0, None

    def try_anchor(self) -> None:
        """Test the anchor clue too (with a fresh solve: the session needs it)."""
        if self.anchor < 0:
            return
        unit = next(u for u in self.units if self.anchor in u)
        trial = {c: k for c, k in self.clues.items() if c not in unit}
        self.tests += 1
        g = grade(self.puzzle.with_clues(trial))
        if g.unique is None:  # stopped before it could tell: no sign that the clue must stay
            raise _OutOfTime if reason() == "time" else KeyboardInterrupt
        if g.unique and (self.level in (None, "hard") or LEVELS.index(g.level) <= LEVELS.index(self.level)):
            self.clues = trial

    def _report(self) -> None:
        if self.progress is not None:
            removed = len(self.full) - len(self.clues)
            self.progress(removed, len(self.kept), self.untested, time.perf_counter() - self.start)

    def remove(self, group: list[tuple[int, ...]], floor: int) -> None:
        """Remove as much of ``group`` (units of clues) as keeps the puzzle at its
        level, splitting failed groups down to ``floor`` units (1: every unit is tested
        on its own).

        For a person's grade by the rules, a failed group whose first half all went
        fails without its first half too (the rules are monotone in the clues: the
        same clue set failed), so it is split again untested (the same puzzle, about
        7% fewer tests)."""
        known = False  # that the group fails
        while group:
            cells = [c for unit in group for c in unit]
            good, other = (False, None) if known else self.without(cells)
            if good:
                self.untested -= len(cells)
                self._report()
                return
            if len(group) <= floor:
                self.kept.update(cells)
                self.untested -= len(cells)
                self._report()
                return
            if other is not None:
                # The other answer breaks only clues of removed cells; when it breaks
                # exactly one unit of this group, that unit is needed: keep it, retry.
                sig = self.puzzle.signature(other)
                broken = [u for u in group if any(sig[c] != self.full[c] for c in u)]
                if len(broken) == 1:
                    self.kept.update(broken[0])
                    self.untested -= len(broken[0])
                    group = [u for u in group if u != broken[0]]
                    continue
            half, before = len(group) // 2, len(self.clues)
            self.remove(group[:half], floor)
            known = self.derivation is not None and before - len(self.clues) == sum(map(len, group[:half]))
            group = group[half:]

    def result(self) -> Puzzle:
        return self.puzzle.with_clues(self.clues)


def removed(remover: Remover, order: list[tuple[int, ...]], minimal: bool, difficulty: str | None) -> str | None:
    """Remove the clues a loop's puzzle can spare: ``""`` when done, ``"interrupt"`` or
    ``"time"`` when stopped early, None when its full clue set misses the grade."""
    try:
        if not remover.start_ok():
            return None
        _remove_all(remover, order, floor=1 if minimal or difficulty is not None else 2)
        if minimal:
            remover.try_anchor()
    except KeyboardInterrupt:
        return "interrupt"
    except _OutOfTime:
        return "time"
    return ""


def _remove_all(remover: Remover, order: Sequence[tuple[int, ...]], floor: int) -> None:
    """Walk the cells in ``order`` in batches that double after a success and halve
    after a failure. The cyclic garbage collector is off meanwhile: the tests make
    millions of lists and tuples and no cycle (square 30x30 hard: 13% less time)."""
    batch, i = 8, 0
    collecting = gc.isenabled()
    gc.disable()
    try:
        while i < len(order):
            group = list(order[i : i + batch])
            before = len(remover.clues)
            remover.remove(group, floor)
            i += len(group)
            removed_all = before - len(remover.clues) == sum(map(len, group))
            batch = min(batch * 2, 256) if removed_all else max(1, batch // 2)
    finally:
        if collecting:
            gc.enable()
