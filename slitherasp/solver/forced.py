"""What every answer has and what some answer has: clasp's cautious and brave
consequences, started from the answers a solve found already.

Each model of a cautious search must leave out an edge of the set so far, and each
model of a brave search must add one; the search ends when no answer does. Answers
known beforehand (the first and second answer of a solve) give both sets a head
start: the search is asked only for answers that leave out one of the edges of all the
known answers (or add an edge none of them has), and when there is none, the known
answers' sets are the result.

>>> from slitherasp.model import from_faces
>>> two = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]])
>>> every, some = consequences(two)   # no clues: either square, or both
>>> len(every), len(some)
(0, 7)
>>> consequences(two, known=[frozenset({0, 1, 2, 3}), frozenset({1, 4, 5, 6})]) == (every, some)
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..kinds import facts as asp_facts
from ..kinds import kind_of
from ..kinds.facts import DEFAULT_ENCODING
from ..model import Answer, Puzzle
from . import engines
from .run import deadline_of, decoder, ground, run_search

__all__ = ["CONSEQUENCES", "consequences"]

CONSEQUENCES = {"cautious": ("--save-progress=0",), "brave": ("--save-progress=0", "--sign-def=pos")}
"""clasp's options for each kind of consequence: without progress saving the next
model is not built on the last one's signs, and brave models that prefer links cover
more edges at once. Square 30x30, 20 clues: 16 models against 159 (0.50 s of CPU
against 1.29) for the edges every answer has, 27 against 729 (0.26 s against 3.24) for
those some answer has."""


def consequences(puzzle: Puzzle, *, time_limit: float | None = None, known: Sequence[Answer] = (),
                 some_too: bool = True) -> tuple[Answer, Answer | None] | None:
    """The edges every answer has, and the edges some answer has (None unless
    ``some_too``); None when there is no answer or the time limit stopped a search
    first. ``known``: answers found already (each must be an answer: they are not
    checked again here). The edges of every known answer that the rules prove to be
    lines (:func:`slitherasp.rules.propagate`) are the first set without a search."""
    start = time.perf_counter()
    known = _more(puzzle, known)
    found: list[Answer] = []
    program = None
    for mode, options in list(CONSEQUENCES.items())[: 1 + some_too]:
        cautious = mode == "cautious"
        seed = (frozenset.intersection(*known) if cautious else frozenset().union(*known)) if known else None
        if cautious and seed is not None and (not seed or type(puzzle) is Puzzle and seed <= _lines(puzzle)):
            found.append(seed)
            continue
        if program is None:
            program = kind_of(puzzle).program(puzzle, DEFAULT_ENCODING)
            if program.settled is not None:  # the searches need facts
                program = kind_of(puzzle).program(puzzle, DEFAULT_ENCODING, simplify=False)
            atoms = program.segments or {a: (e,) for a, e in asp_facts.link_atoms(program.graph).items()}
        extra = ""
        if seed is not None:  # only answers that change the known set: none, and it is the result
            body = [a for a, es in atoms.items() if (es[0] in seed) == cautious]
            if not body:
                found.append(seed)
                continue
            extra = ":- " + ", ".join(body if cautious else [f"not {a}" for a in body]) + "."
        left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
        last = _search(program, mode, options, extra, left)
        if last is False or (last is None and seed is None):
            return None
        found.append(seed if last is None else last if seed is None else seed & last if cautious else seed | last)
    return found[0], found[1] if some_too else None


def _more(puzzle: Puzzle, known: Sequence[Answer]) -> list[Answer]:
    """The known answers and every answer one bump away from the first
    (:func:`.sparse.bumps`), each of those through the checker."""
    out = [frozenset(a) for a in known]
    if not out or type(puzzle) is not Puzzle or not puzzle.is_disc:
        return out
    from ..validate import check_lines
    from .sparse import bumps

    out += [b for b in bumps(puzzle, out[0]) if check_lines(puzzle, b).valid]
    return out


def _lines(puzzle: Puzzle) -> frozenset[int]:
    """The edges the rules prove to be lines (none when they find no answer)."""
    from ..rules import propagate

    state = propagate(puzzle, faces=puzzle.is_disc)
    return frozenset(e for e, s in enumerate(state or ()) if s)


def _search(program: asp_facts.Program, mode: str, options: Sequence[str], extra: str,
            time_limit: float | None) -> Answer | None | bool:
    """The last model of a consequence search (its result), None when there is no
    model at all, False when the time limit stopped it first."""
    if not engines.in_process():
        text = asp_facts.encoding_text(program.encoding, program.options) + "\n" + program.facts + "\n" + extra
        run = engines.run_text(text, 0,
                               [f"--enum-mode={mode}", "--trans-ext=integ", *options], time_limit=time_limit)
        if not run.exhausted:
            return False
        return asp_facts.atoms_decoder(program.graph, program.segments)(run.models[-1]) if run.models else None
    import clingo

    start = time.perf_counter()
    ctl = clingo.Control(["0", f"--enum-mode={mode}", "--trans-ext=integ", *options], logger=lambda code, msg: None)
    if extra:
        ctl.add("base", [], extra)
    if ground(ctl, program, deadline_of(start, time_limit)) is not None:
        return False
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
    search = run_search(ctl, decoder(program.graph, program.segments), time_limit=left)
    if not search.exhausted:
        return False
    return search.answers[-1] if search.answers else None
