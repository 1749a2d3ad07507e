"""The fewest clues that keep a loop the only answer, proved least: an implicit
hitting-set search (as MaxHS solves MaxSAT), not a removal order.

Every other loop ``L`` of the patch differs from the planted loop on some set of
cells ``D(L)``, its *core*; a clue set keeps the planted loop the only answer exactly
when it holds a cell of every core. So the fewest clues are a smallest *hitting set*
of all cores, which are far too many to list. The search keeps the cores found so far
and repeats:

1. an optimal hitting set ``H`` of them (clingo's optimisation by unsatisfiable cores,
   ``--opt-strategy=usc``: on these sets 5-10x faster than branch and bound): no clue
   set has fewer clues, so ``|H|`` is a lower bound;
2. ``H`` as clues, a solver session (the planted loop forbidden) looks for another
   loop. None: ``H`` is unique and least; done. Else its core (made smaller: each
   cell in turn is given as a clue too, and a loop that still fits has a core inside
   the old one without it) joins the list, a cell of it joins ``H``, and step 2
   repeats until ``H`` is unique: an upper bound (a puzzle), while cores pile up
   without a costly optimisation each.

The clues may come in units that go or stay together (a symmetry's orbits, each
counting its cells) and only from some units (a mask, a theme): then it is the
fewest clues of that layout.

>>> from slitherasp import tilings
>>> from slitherasp.make.generate import planted
>>> p, loop = planted(tilings.build("square", 4, 4), seed=4)
>>> m = minimum(p, loop)
>>> m.proved, m.clues, m.puzzle.clue_count()
(True, 5, 5)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Answer, Puzzle
from ..model.errors import GenerationError
from ..model.stopping import reason

__all__ = ["LOOPS", "Minimum", "fewest_of", "minimum"]


@dataclass(frozen=True)
class Minimum:
    """The fewest clues found for a loop: ``puzzle`` (unique; None when stopped before
    any unique clue set was found), ``clues`` its count, ``lower`` the proved bound
    (``proved``: they meet), ``cores`` the other loops the proof used, ``stopped``
    ``"time"`` or ``"interrupt"`` when a limit or Ctrl-C ended it first.
    ``witnesses``: those other loops, each differing from the loop's clues exactly on
    its core: the proof's certificate (a smallest set of clues that tells the loop
    from every one of them has ``lower`` clues), which anyone can check without the
    search."""

    puzzle: Puzzle | None
    answer: Answer
    clues: int
    lower: int
    proved: bool
    cores: int
    seconds: float
    stopped: str | None = None
    witnesses: tuple[Answer, ...] = ()


Told = Callable[[int, int, int], None]
"""``told(lower, upper, cores)`` as the bounds move."""


class _HittingSets:
    """Smallest hitting sets of a growing list of cores (sets of units), by clingo's
    optimisation on one grounding: a choice per unit, its weight minimised, a
    constraint per core added as it comes."""

    def __init__(self, weights: Sequence[int]) -> None:
        import clingo

        self.ctl = ctl = clingo.Control(["0", "--opt-mode=opt", "--opt-strategy=usc"], logger=lambda code, msg: None)
        with ctl.backend() as b:
            self.atoms = [b.add_atom(clingo.Function("pick", [clingo.Number(u)])) for u in range(len(weights))]
            b.add_rule(self.atoms, choice=True)
            b.add_minimize(0, [(a, w) for a, w in zip(self.atoms, weights)])
        self.weights = weights

    def add(self, core: Sequence[int]) -> None:
        with self.ctl.backend() as b:
            b.add_rule([], [-self.atoms[u] for u in core])

    def smallest(self, deadline: float | None) -> list[int] | None:
        """A smallest hitting set; None when stopped first."""
        from ..solver.run import run_search

        best: list[list[int]] = []
        atoms = self.atoms

        def decode(model) -> frozenset[int]:  # type: ignore[no-untyped-def]
            best.append([u for u, a in enumerate(atoms) if model.is_true(a)])
            return frozenset()

        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        search = run_search(self.ctl, decode, time_limit=left, keep=False, on_answer=lambda a: None)
        if not search.exhausted:
            return None
        return best[-1]


def minimum(puzzle: Puzzle, loop: Answer, *, units: Sequence[tuple[int, ...]] | None = None,
            time_limit: float | None = None, told: Told | None = None) -> Minimum:
    """The fewest clues (from ``units``, default every cell alone) that keep ``loop``
    the only answer on the faces of ``puzzle``, proved least (see the module); the
    best so far when ``time_limit`` or Ctrl-C stops it (``stopped``).
    :class:`GenerationError` when even every clue allowed leaves another loop."""
    return _Search(puzzle, loop, units, time_limit, told).run()


LOOPS = 50
"""Loops :func:`fewest_of` tries from its seed before giving up: a loop that even every
clue allowed leaves ambiguous (two loops with the same clues everywhere) is passed over."""


def fewest_of(blank: Puzzle, seed: int, plan: Any = None, *, time_limit: float | None = None,
              told: Told | None = None) -> Minimum:
    """The fewest clues for a loop on ``blank``: the plan's (a picture's) or a random one
    from ``seed`` (the next when every clue allowed leaves it ambiguous), in the plan's
    units (:mod:`slitherasp.make.setting`); what ``generate --minimum`` and the compose
    page make.

    >>> from slitherasp import tilings
    >>> found = fewest_of(tilings.build("square", 4, 4), seed=3)
    >>> found.proved, found.clues == found.puzzle.clue_count()
    (True, True)
    """
    import random

    from .loops import random_loop

    rng = random.Random(seed)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    for _ in range(LOOPS):
        loop = plan.loop if plan is not None and plan.loop is not None else random_loop(
            blank, seed=rng.randrange(2**32))
        units = None if plan is None else plan.units(blank.signature(loop))
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        try:
            return minimum(blank, loop, units=units, time_limit=left, told=told)
        except GenerationError:
            if plan is not None and plan.loop is not None:
                raise
    raise GenerationError(f"no loop of {LOOPS} has a unique clue set of this layout")


class _Stop(Exception):
    """The time limit or Ctrl-C stopped the search (its reason, ``"time"`` or ``"interrupt"``)."""


class _Search:
    """One search for the fewest clues (see :func:`minimum`)."""

    def __init__(self, puzzle: Puzzle, loop: Answer, units: Sequence[tuple[int, ...]] | None,
                 time_limit: float | None, told: Told | None) -> None:
        from ..solver.sessions import Session

        self.start = time.perf_counter()
        self.deadline = None if time_limit is None else self.start + time_limit
        self.puzzle, self.loop, self.told = puzzle, loop, told
        self.full = full = puzzle.signature(loop)
        self.units = [(c,) for c in range(len(full))] if units is None else list(units)
        self.weights = [len(u) for u in self.units]
        self.session = Session(puzzle, values=[[k] for k in full])
        self.session.block(loop)
        self.lower, self.best, self.cores = 0, None, 0
        self.witnesses: list[Answer] = []

    def weight(self, chosen: Iterable[int]) -> int:
        return sum(self.weights[u] for u in chosen)

    def other(self, chosen: Iterable[int]) -> Answer | None:
        """Another loop that the clues of the units ``chosen`` allow; None when none does."""
        left = None if self.deadline is None else self.deadline - time.perf_counter()
        if left is not None and left <= 0:
            raise _Stop("time")
        why = reason()
        if why is not None:
            raise _Stop(why)
        full, units = self.full, self.units
        r = self.session.solve({c: full[c] for u in chosen for c in units[u]}, models=1, time_limit=left,
                               statistics=False)
        if r.interrupted or r.timed_out:
            raise _Stop("interrupt" if r.interrupted else "time")
        return r.answers[0] if r.answers else None

    def differ(self, found: Answer, among: Iterable[int]) -> list[int]:
        """The units of ``among`` where ``found`` has other clues than the loop."""
        sig, full, units = self.puzzle.signature(found), self.full, self.units
        return [u for u in among if any(sig[c] != full[c] for c in units[u])]

    def core_of(self, found: Answer) -> list[int]:
        """The core of another loop, made smaller: a loop that fits a unit's clues too
        has a core inside this one without that unit (its whole difference: it fits
        every clue outside), and becomes the witness."""
        core = self.differ(found, range(len(self.units)))
        for u in list(core):
            if u in core:
                smaller = self.other(v for v in range(len(self.units)) if v not in core or v == u)
                if smaller is not None:
                    core, found = self.differ(smaller, core), smaller
        self.witnesses.append(found)
        return core

    def grown(self, hitting: list[int], sets: _HittingSets) -> None:
        """Cores cheaply: the hitting set grows by a unit of each new core until no other
        loop fits it (then it is a unique clue set: the best so far, if smaller)."""
        chosen = set(hitting)
        while (found := self.other(sorted(chosen))) is not None:
            core = self.core_of(found)
            sets.add(core)
            self.cores += 1
            chosen.add(max(core, key=lambda u: (self.weights[u] == 1, -u)))
            self._tell()
        if self.best is None or self.weight(chosen) < self.weight(self.best):
            self.best = sorted(chosen)
        self._tell()

    def _tell(self) -> None:
        if self.told is not None:
            self.told(self.lower, -1 if self.best is None else self.weight(self.best), self.cores)

    def run(self) -> Minimum:
        stopped = None
        try:
            if self.other(range(len(self.units))) is not None:
                raise GenerationError("even every clue allowed leaves another loop: no clue set of this layout "
                                      "is unique")
            self.best = list(range(len(self.units)))
            sets = _HittingSets(self.weights)
            while True:
                hitting = sets.smallest(self.deadline)
                if hitting is None:
                    raise _Stop(reason() or "time")
                self.lower = self.weight(hitting)
                if self.weight(self.best) <= self.lower:
                    break
                self.grown(hitting, sets)
        except _Stop as stop:
            stopped = str(stop)
        best = self.best
        upper = -1 if best is None else self.weight(best)
        found = None if best is None else self.puzzle.with_clues(
            {c: self.full[c] for u in best for c in self.units[u]})
        return Minimum(found, self.loop, upper, self.lower, upper == self.lower, self.cores,
                       time.perf_counter() - self.start, None if upper == self.lower else stopped,
                       tuple(self.witnesses))
