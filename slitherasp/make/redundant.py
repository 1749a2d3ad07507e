"""Removing the clues a puzzle does not need (the page's Compose > Remove redundant
clues): each clue taken away in turn, cells with the most edges first, while the
answer stays the only one.

In this process one :class:`~slitherasp.solver.sessions.Session` asks about each clue with
an assumption. Where clingo runs on programs given as text (the page in the browser,
:mod:`slitherasp.solver.engines`), a run per clue would ground the whole puzzle each time;
there :func:`slitherasp.make.questions.walk` asks many questions a run instead
(:func:`asker`), on what the rules leave open, and removes the same clues.

>>> from slitherasp import tilings
>>> from slitherasp.solver import engines
>>> from slitherasp.make.generate import planted
>>> p, _ = planted(tilings.build("square", 4, 4), seed=3)
>>> clues, timed_out = redundant(p, 20.0)
>>> engines.set_runner(engines.json_run)
>>> redundant(p, 20.0) == (clues, timed_out), len(clues) < p.clue_count()
(True, True)
>>> engines.set_runner(None)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..kinds import facts as asp_facts
from ..kinds.facts import AUTO
from ..model import Answer, Puzzle
from ..model.errors import InputError
from ..model.stopping import StoppedError, left, reason
from ..rules import propagate
from ..solver import engines
from ..solver.sessions import Session, blocked_segments
from .questions import RULES, Ask, Question, answers_of, question_facts, unshown, walk

__all__ = ["asker", "redundant"]

SWITCH = "clue(C,N) :- given(C,N), not off(C).\n"
"""A clue asked about is on unless the question switches it off."""


def redundant(puzzle: Puzzle, time_limit: float) -> tuple[dict[int, int], bool]:
    """The clues of ``puzzle`` left when each is taken away in turn (cells with the
    most edges first) while the answer stays the only one, and whether the time limit
    stopped the removal early (what is removed stays removed: the clues left still
    have one answer, but some may be redundant). ``time_limit``: seconds a solve may
    take. :class:`InputError` unless the puzzle has exactly one answer."""
    clues = {c: k for c, k in enumerate(puzzle.clues) if k is not None}
    session = Session(puzzle, values=[[k] if k is not None else [] for k in puzzle.clues])
    first = session.solve(clues, models=2, time_limit=time_limit)
    if first.timed_out or first.interrupted:  # no answer known: not a puzzle without one
        raise StoppedError(reason() or "time")
    if len(first.answers) != 1:
        raise InputError("only a puzzle with exactly one answer can lose clues")
    order = sorted(clues, key=lambda c: -len(puzzle.cell_edges[c]))
    if not engines.in_process():
        gone, why = walk(order, asker(puzzle, first.answers[0]), stop=reason)
        return {c: k for c, k in clues.items() if c not in gone}, why is not None
    why = None
    for c in order:
        why = reason()
        if why is not None:
            break
        trial = {d: k for d, k in clues.items() if d != c}
        r = session.solve(trial, models=2, time_limit=time_limit)
        if r.exhausted and len(r.answers) == 1:
            clues = trial
    return clues, why == "time"


def asker(puzzle: Puzzle, answer: Answer, *, encoding: str = AUTO) -> Ask:
    """The questions of :func:`slitherasp.make.questions.walk` for ``puzzle``, whose one
    answer is ``answer``, in one text run each: the rules settle what the clues that
    stay on give (they hold in every question), the clues asked about are
    constraints on what the rules leave open, and ``answer`` is forbidden."""
    from ..simplify import reduce

    encoding = asp_facts.resolve(encoding, puzzle)
    faces = encoding == "colour"
    shown = unshown(encoding)
    cells = puzzle.cells

    def ask(active: Collection[int], window: Sequence[int], cuts: int, whole: bool) -> tuple[set[Question], bool]:
        asked = set(window)
        rest = puzzle.with_clues({c: puzzle.clues[c] for c in active if c not in asked})
        state = propagate(rest, faces=faces)
        reduced = None if state is None else reduce(rest, faces=faces, state=state)
        if state is None or reduced is None or None not in state:  # the rest alone: this answer only
            return set(), True
        facts, segments = asp_facts.reduced_facts(rest, reduced)
        atom_of = {e: atom[len("link("):-1] for atom, edges in segments.items() for e in edges}
        given = []
        for c in window:
            weights: dict[str, int] = {}
            lines = puzzle.clues[c]
            for e in puzzle.cell_edges[c]:
                if state[e] is None:
                    weights[atom_of[e]] = weights.get(atom_of[e], 0) + 1
                elif state[e]:
                    lines -= 1
            given.append(f"given({cells[c]},{lines})." + "".join(
                f"cell_contains({cells[c]},{uv})." if w == 1 else f"cell_weight({cells[c]},{uv},{w})."
                for uv, w in weights.items()))
        program = "\n".join((shown, RULES, SWITCH, facts, "".join(given),
                             question_facts([cells[c] for c in window], cuts, whole),
                             blocked_segments(answer, segments, state)))
        return answers_of(program, left())

    return ask
