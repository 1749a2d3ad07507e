"""The web API's part for the Slitherlink variants (:mod:`slitherasp.kinds.variant`):
a request's rule and animals, what the page needs to check a variant itself, clue
removal and generation.

>>> from slitherasp import tilings
>>> v = ruled(tilings.build("square", 2, 1), "sheep-wolf", after=False)
>>> rule_of(ruled(v, "", ["sheep", None]))["animals"]
['sheep', None]
"""

from __future__ import annotations

from typing import Any

from ..model.errors import InputError
from ..model.stopping import StoppedError, reason


def ruled(puzzle: Any, name: str, animals: Any = None, *, after: bool = True) -> Any:
    """A request's puzzle under the rule it asks for (``variant``): ``name`` in place
    of its own (``classic``: none; empty: its own), then (``after`` its clues are set)
    its ``animals``, per cell null, ``sheep`` or ``wolf``."""
    if after:
        return puzzle if animals is None else with_animals(puzzle, animals)
    from ..kinds.variant.puzzle import parse, variant

    base = getattr(puzzle, "puzzle", puzzle)
    if name == "":
        return puzzle
    if name in ("classic", "slither", "slitherlink"):
        return base
    rule, _ = parse(name)
    same = getattr(puzzle, "rule", None) == rule  # a Sheep-Wolf keeps its animals
    return variant(base, name, sheep=puzzle.sheep if same else (), wolves=puzzle.wolves if same else ())


def with_animals(puzzle: Any, animals: Any) -> Any:
    """``puzzle`` with a request's ``animals`` (per cell null, ``sheep`` or ``wolf``)."""
    cells = getattr(puzzle, "puzzle", puzzle).cells
    if not isinstance(animals, list) or len(animals) != len(cells) or any(
            a not in (None, "sheep", "wolf") for a in animals):
        raise InputError(f"the request's 'animals' must be a list of {len(cells)} entries: null, 'sheep' or 'wolf'")
    if getattr(puzzle, "rule", None) != "sheep-wolf":
        if any(animals):
            raise InputError("sheep and wolves belong to Sheep-Wolf Slitherlink")
        return puzzle
    return puzzle.with_animals((c for c, a in enumerate(animals) if a == "sheep"),
                               (c for c, a in enumerate(animals) if a == "wolf"))


def rule_of(puzzle: Any) -> dict[str, Any]:
    """What the page needs to check a variant: ``variant`` (its name, title, rule and
    all points; null for Slitherlink), ``sides`` (each cell's edges in order round it,
    side i between corners i and i + 1; null for a cell that is no simple cycle),
    ``animals`` (per cell null, ``sheep`` or ``wolf``) and ``figures`` (each animal's
    shapes in a face of inner radius 1 at the origin: ``[style, points]``)."""
    from ..render.animals import animal

    base = getattr(puzzle, "puzzle", puzzle)
    shapes = {kind: [[f.style, [list(p) for p in f.points]] for f in animal(kind, (0.0, 0.0), 1.0)]
              for kind in ("sheep", "wolf")}
    found: dict[str, Any] = {"variant": None, "animals": [None] * len(base.cells), "figures": shapes,
                             "sides": [None if s is None else list(s) for s in base.face_sides]}
    if getattr(puzzle, "is_variant", False):
        found["variant"] = {"name": puzzle.name, "title": puzzle.title, "rule": puzzle.rule, "full": puzzle.full}
        found["animals"] = [puzzle.animal(c) for c in range(len(base.cells))]
    return found


def reduce_variant(v: Any, time_limit: float) -> dict[str, Any]:
    """:func:`.api.reduce` for a variant: each clue and animal tried away with a fresh
    solve (the sessions of Slitherlink know its rule alone)."""
    from ..solver.run import solve as run

    first = run(v, unique=True, time_limit=time_limit)
    if first.timed_out or first.interrupted:
        raise StoppedError(reason() or "time")
    if first.unique is not True:
        raise InputError("only a puzzle with exactly one answer can lose clues")
    why = None
    for c in sorted(range(len(v.cells)), key=lambda c: -len(v.puzzle.cell_edges[c])):
        why = reason()
        if why is not None:
            break
        if v.animal(c) is not None:
            trial = v.with_animals(v.sheep - {c}, v.wolves - {c})
        elif v.puzzle.clues[c] is not None:
            trial = v.with_clues({d: k for d, k in enumerate(v.puzzle.clues) if k is not None and d != c})
        else:
            continue
        if run(trial, unique=True, time_limit=time_limit).unique is True:
            v = trial
    return {"clues": list(v.puzzle.clues), "animals": [v.animal(c) for c in range(len(v.cells))],
            "timed_out": why == "time"}


def generated(blank: Any, name: str, seed: int, time_limit: float, progress: Any, share: Any) -> dict[str, Any]:
    """:func:`.api.generate`'s answer for a variant puzzle on ``blank``, made for the
    solver's grade (a person's rules are classic Slitherlink's); ``share`` writes it."""
    from ..make.variants import generate_variant

    made = generate_variant(ruled(blank, name, after=False), seed=seed, time_limit=time_limit, progress=progress)
    return {"puzzle": share(made.puzzle), "grade": None, "solver_grade": made.grade.level,
            "clues": made.puzzle.clue_count(), "timed_out": made.timed_out}


def classic_only(puzzle: Any) -> Any:
    """The puzzle, unless it is a variant: hints follow a person's rules, which are
    classic Slitherlink's."""
    if getattr(puzzle, "is_variant", False):
        raise InputError(f"hints follow a person's rules, and those here are classic Slitherlink's: a {puzzle.title} "
                         "has none (Check and Solve work)")
    return puzzle
