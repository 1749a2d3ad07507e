"""Why a clue theme gives no puzzle on a patch: found early, said truly.

A theme (``--clues 2,3``) gives a loop the clues of its faces whose counts are listed
and no others. Two things can then stop every loop, whatever the order clues go in:
its full set of such clues has more than one answer (no removal adds a clue), or a
person's rules up to the level asked do not solve that full set (the rules are
monotone in the clues: no removal helps them). On Cairo and the honeycomb with only 2s
and 3s the second holds for every loop (Loopy's rules cannot start: no 0, no clue
as large as a face, and on a pentagon or hexagon a 2 or 3 at a corner of the patch
allows both states of the corner's two edges), and with only 3s on Cairo the first.

:class:`Evidence` counts both over the first :data:`EVIDENCE` loops a generation tries
(a loop whose full set fails its level is solved once more, by clingo: one answer or
more) and says when they show the theme out of reach (:meth:`Evidence.hopeless`);
:meth:`Evidence.error` says why and what would work: the level those clue sets need,
or a clue value that, added to the list, makes them unique or solved at the level.

>>> theme_name(frozenset({3, 2}))
'2,3'
"""

from __future__ import annotations

import time
from dataclasses import replace

from ..model import Answer, Puzzle
from ..model.errors import GenerationError
from ..model.levels import HUMAN_LEVELS
from ..model.stopping import stop_when
from .setting import Plan, Setting

__all__ = ["EVIDENCE", "Evidence", "theme_name"]

EVIDENCE = 100
"""Loops a theme's full clue sets are judged on before it may be given up on (a failed
loop costs one solve more: a square 10x10's loop about 10 ms)."""
SETTLED = 30
"""Loops of :data:`EVIDENCE` whose full set has one answer, none solved at the level
asked, that give the level up for the theme (where the level is rare but possible,
square 10x10 all 3s at Tricky, about one loop in 30 has one answer and a third of those
are Tricky: 4 of 400)."""
SAMPLE = 10
"""Failed loops kept to grade, and to try another clue value on, for the message."""
REPAIRS = 4
"""Rounds of repair a themed loop gets (a solve each, while another loop fits its clues)."""
TRIAL = 10
"""Loops repaired before the evidence decides whether repairs go on."""
SOLVE_LIMIT = 2.0
"""Seconds one uniqueness test of a full clue set may take (past it: not counted)."""


def theme_name(values: frozenset[int]) -> str:
    """The clue values as ``--clues`` takes them."""
    return ",".join(map(str, sorted(values)))


class Evidence:
    """What the loops tried show about a theme at a person's level ``difficulty``:
    ``loops`` judged, ``unique`` of them whose full set of the theme's clues has one
    answer, ``solved`` of them whose full set the level's rules solve."""

    def __init__(self, plan: Plan, difficulty: str) -> None:
        self.plan, self.most = plan, HUMAN_LEVELS.index(difficulty) + 1
        self.loops = self.unique = self.solved = 0
        self.active = True
        self.samples: list[Answer] = []
        """The first failed loops (:data:`SAMPLE`), and of them those with one answer:"""
        self.settled: list[Answer] = []

    @classmethod
    def of(cls, plan: Plan | None, difficulty: str | None) -> Evidence:
        """The evidence to gather for a theme at a person's level (none is gathered
        without a theme or for the solver's grade)."""
        evidence = cls(plan or Plan(Setting(), ()), difficulty or HUMAN_LEVELS[0])
        evidence.active = plan is not None and plan.setting.values is not None and difficulty is not None
        return evidence

    def note(self, puzzle: Puzzle, loop: Answer, stop: str | None) -> bool:
        """Count a loop tried on the patch ``puzzle`` (``stop``: what its removal said,
        None when the level's rules did not solve its full set; a solved set has one
        answer, the rules being sound); whether the theme is now out of reach."""
        if not self.active or self.loops >= EVIDENCE or stop == "interrupt":
            return False
        self.loops += 1
        if stop is not None:
            self.unique += 1
            self.solved += 1
            return False
        one = _one_answer(self.plan.full_set(puzzle, loop))
        self.unique += one is True
        if len(self.samples) < SAMPLE and one is not None:
            self.samples.append(loop)
        if len(self.settled) < SAMPLE and one:
            self.settled.append(loop)
        return self.hopeless()

    def rounds(self) -> int:
        """Repairs for the next loop's full set (:func:`.setting.shaped`): :data:`REPAIRS`
        over the first :data:`TRIAL` loops, and on while one loop in ten or more has one
        answer (a theme whose full sets stay ambiguous, all 3s on Cairo, is not repaired
        at a loss: 30 loops there, none unique after four rounds each)."""
        return REPAIRS if self.loops < TRIAL or 10 * self.unique >= self.loops else 0

    def hopeless(self) -> bool:
        """Whether the loops show the theme out of reach: :data:`EVIDENCE` of them,
        none solved at the level, and none with one answer or :data:`SETTLED` at least
        (the level, not uniqueness, is then what fails)."""
        return self.loops >= EVIDENCE and not self.solved and (not self.unique or self.unique >= SETTLED)

    def error(self, puzzle: Puzzle, why: str, late: bool = False) -> GenerationError | None:
        """The error that says why the theme gave no puzzle and what would work, or
        None when some loop's full set was solved at the level (the removal, not the
        theme, then failed: generation's own message says so), without a theme, or
        ``late`` (past the time limit: nothing more is worked out)."""
        if not self.active or late or self.solved or not self.loops:
            return None
        level, values = HUMAN_LEVELS[self.most - 1], self.plan.setting.values
        assert values is not None
        head = f"no {level} puzzle with only clues {theme_name(values)} on this patch {why}"
        first = f"the first {self.loops}" if why != f"after {self.loops} loops" else f"{self.loops}"
        with stop_when(lambda: False):  # (a Ctrl-C is looked at again once this is said)
            if not self.unique:
                said = f"none of {first} loops has one answer with only those clues given"
                return GenerationError(f"{head}: {said}; {self._more_values(puzzle, False)}")
            need = self._needed(puzzle)
            verb = "has" if self.unique == 1 else "have"
            said = (f"{self.unique} of {first} loops {verb} one answer with only those clues, and "
                    f"{level.capitalize()}'s rules solve none of them" + _needing(need))
            fixes = [f"ask for --difficulty {need}"] if need in HUMAN_LEVELS[self.most:5] else []
            fixes.append(self._more_values(puzzle, True))
        return GenerationError(f"{head}: {said}; {' or '.join(fixes)}")

    def _needed(self, puzzle: Puzzle) -> str | None:
        """The easiest person's level that solves a sampled unique full set (within
        :data:`SOLVE_LIMIT` seconds in all; a grade past half a second counts as
        ``search``)."""
        from ..rules.grade import human_grade

        found: list[str] = []
        end = time.perf_counter() + SOLVE_LIMIT  # (a full set trials cannot settle runs to its deadline)
        for loop in self.settled:
            if time.perf_counter() > end or HUMAN_LEVELS[self.most] in found:  # (none can be easier)
                break
            g = human_grade(self.plan.full_set(puzzle, loop), deadline=min(end, time.perf_counter() + 0.5))
            found.append(g.level or "search")
        return min(found, key=HUMAN_LEVELS.index, default=None)

    def _more_values(self, puzzle: Puzzle, by_rules: bool) -> str:
        """A clue value to add to the theme: the one whose full sets of the sampled
        loops are most often solved at the level (``by_rules``) or unique."""
        values = self.plan.setting.values
        assert values is not None
        sides = max(map(len, puzzle.cell_edges))
        best, most, loops = None, 0, self.settled if by_rules else self.samples
        for v in sorted(set(range(sides + 1)) - values):
            wider = replace(self.plan, setting=replace(self.plan.setting, values=values | {v}))
            sets = [wider.full_set(puzzle, loop) for loop in loops]
            good = sum(_solves(s, self.most) if by_rules else _one_answer(s) is True for s in sets)
            if good > most:
                best, most = v, good
        if best is None:
            return "allow more clue values"
        sets = f"{most} of these {len(loops)} loops' clue sets" if len(loops) > 1 else "this loop's clue set"
        said = f"{HUMAN_LEVELS[self.most - 1].capitalize()}'s rules solve {sets}" if by_rules else \
            f"{sets} {'has' if most == 1 else 'have'} one answer"
        return f"allow more clue values (--clues {theme_name(values | {best})}: {said})"


def _needing(level: str | None) -> str:
    """What the sampled full sets need, said in brackets."""
    if level is None:
        return ""
    return " (a person's rules do not solve them, even with trials)" if level == "search" else f" (they need {level})"


def _one_answer(puzzle: Puzzle) -> bool | None:
    """Whether the puzzle has one answer (None: not known within :data:`SOLVE_LIMIT`)."""
    from ..solver.run import solve

    r = solve(puzzle, models=2, time_limit=SOLVE_LIMIT)
    if len(r.answers) > 1:
        return False
    return True if r.exhausted and r.answers else None


def _solves(puzzle: Puzzle, most: int) -> bool:
    """Whether a person's rules up to level ``most`` solve the puzzle."""
    from ..rules import LEVELS, deduce
    from ..rules.grade import human_solves

    if most <= len(LEVELS):
        return deduce(puzzle, levels=LEVELS[:most]).complete
    return human_solves(puzzle, most)
