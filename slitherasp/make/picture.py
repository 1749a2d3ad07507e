"""The loop that follows a picture: among all loops of a patch, one whose inside differs
from a given set of faces in as few faces as any loop's (``asp/picture.lp``, clingo's
optimisation over the colour encoding). A picture that is a disc of faces without
holes is its own loop's inside; one in two pieces, with a hole, or whose faces touch
only at a corner costs the faces a loop must add or leave out.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 4, 4)
>>> found = closest_loop(p, {5, 6, 9, 10})
>>> found.wrong, found.proved, p.signature(found.loop)[5]
(0, True, 2)
>>> closest_loop(p, {0, 15}).wrong   # two corners: one of them, or a path between them
1
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..model import Answer, Puzzle
from ..model.errors import GenerationError

__all__ = ["Closest", "closest_loop"]


@dataclass(frozen=True)
class Closest:
    """A loop for a picture: ``wrong``, the faces on the wrong side of it; ``proved``,
    whether no loop has fewer (else the time limit stopped the search first)."""

    loop: Answer
    wrong: int
    proved: bool
    seconds: float


def closest_loop(puzzle: Puzzle, picture: Iterable[int], *, time_limit: float | None = None) -> Closest:
    """The loop whose inside is ``picture`` (cell indices) as closely as a loop allows
    (see the module); within ``time_limit`` seconds the best found so far. Through
    clingo's module, or where it cannot load (the page in the browser) as one run of the
    program as text (clingo-wasm), which optimises as well but cannot be interrupted.
    :class:`GenerationError` when the patch is no disc of faces or no loop was found
    in time; :class:`~slitherasp.model.stopping.StoppedError` on Ctrl-C."""
    from ..kinds import facts
    from ..solver.engines import in_process

    blank = puzzle.with_clues([None] * len(puzzle.cells))
    if not blank.is_disc:
        raise GenerationError("a loop round a picture needs a disc of faces (a tiling, or polygons without holes)")
    wanted = set(picture)
    start = time.perf_counter()
    cells = blank.cells
    program = facts.program_facts(blank, faces=True) + "".join(f"want({cells[c]})." for c in sorted(wanted))
    # a hint, not a rule: clasp first tries each face on the side the picture puts it
    program += "".join(f"#heuristic in({cells[c]}). [1,{'true' if c in wanted else 'false'}]"
                       for c in range(len(cells)))
    found = (_in_process if in_process() else _as_text)(blank, program, time_limit)
    if found is None:
        why = "within the time limit" if time_limit is not None else "at all"
        raise GenerationError(f"no loop round the picture was found {why}")
    loop, wrong, proved = found
    return Closest(loop, wrong, proved, time.perf_counter() - start)


OPTIONS = ["--opt-mode=opt", "--heuristic=Domain"]
"""clingo's options for the search: every better loop in turn, the picture's sides first."""


def _in_process(blank: Puzzle, program: str, time_limit: float | None) -> tuple[Answer, int, bool] | None:
    """The best loop through clingo's module, its cost and whether it is proved best."""
    import clingo

    from ..kinds import facts
    from ..model.stopping import StoppedError
    from ..solver.run import decoder, run_search

    ctl = clingo.Control(["0", *OPTIONS], logger=lambda code, msg: None)
    ctl.load(str(facts.encoding_dir() / "picture.lp"))
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    costs: list[int] = []
    search = run_search(ctl, _costed(decoder(blank), costs), time_limit=time_limit)
    if search.interrupted:
        raise StoppedError("interrupt")
    return (search.answers[-1], costs[-1], search.exhausted) if search.answers else None


def _as_text(blank: Puzzle, program: str, time_limit: float | None) -> tuple[Answer, int, bool] | None:
    """The best loop through clingo as text (the browser's clingo-wasm): the same
    program in one run, the last model the best, proved when clingo says so."""
    from ..kinds import facts
    from ..solver.engines import run_text

    own = (facts.encoding_dir() / "picture.lp").read_text(encoding="utf-8").replace('#include "colour.lp".', "")
    text = "\n".join((facts.encoding_text("colour"), own, program))  # clingo as text reads no file
    run = run_text(text, 0, OPTIONS, time_limit=time_limit)
    if not run.models:
        return None
    return facts.atoms_decoder(blank)(run.models[-1]), run.costs[0] if run.costs else 0, run.result == "OPTIMUM FOUND"


def _costed(decode, costs: list[int]):  # type: ignore[no-untyped-def]
    """A decoder that also notes each model's cost (the faces on the wrong side)."""

    def run(model):  # type: ignore[no-untyped-def]
        costs.append(model.cost[0] if model.cost else 0)
        return decode(model)

    return run
