"""The setter's options in the web API (the compose page's): a generation's symmetry,
mask, picture, clue theme and rule (``"symmetry"``, ``"mask"``, ``"picture"``,
``"values"``, ``"no_zero"``, ``"needs"``; ``"minimum"``: the fewest clues, proved
least), on a board the page has open (``"puzzle"``:
its faces, which a mask or picture numbers) or on a new patch; and the ``symmetries``
action, every symmetry of a board with its orbits of faces (what the page places a
typed clue on, and shows as ghosts), and ``full``, all of them together, where it has
more than one (as ``tiling --symmetries`` lists them).

>>> from slitherasp import tilings
>>> found = symmetries(tilings.build("square", 2, 2))["symmetries"]
>>> [s["name"] for s in found][:3], found[0]["orbits"], found[-1]["name"], found[-1]["orbits"]
(['rot180', 'rot90', 'top-bottom'], [[0, 3], [1, 2]], 'full', [[0, 1, 2, 3]])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError

__all__ = ["ASKED", "asks", "blank_of", "classic", "fewest", "plan_of", "symmetries"]

MAX_CELLS = 3600
"""Faces a board the page has open may have to generate on (a square 60x60)."""
ASKED = ("symmetry", "mask", "picture", "values", "no_zero", "needs", "minimum")
"""The keys of a generation request that ask a setter's layout."""


def symmetries(board: Puzzle) -> dict[str, Any]:
    """Every symmetry of the request's board (its ``"puzzle"``, read): ``{"symmetries":
    [{"name", "words", "orbits"}]}``, each orbit a list of face numbers (faces that a
    symmetric layout clues all or none of)."""
    from ..tilings.symmetry import describe, orbits
    from ..tilings.symmetry import symmetries as found_in

    found = found_in(getattr(board, "puzzle", board))
    names = [*found, "full"] if len(found) > 1 else list(found)
    return {"symmetries": [{"name": name, "words": "all of them together" if name == "full" else describe(name),
                            "orbits": [list(o) for o in orbits(found, name)]} for name in names]}


def asks(payload: dict[str, Any]) -> bool:
    """Whether a generation request asks a setter's layout."""
    return any(payload.get(key) not in (None, False, "", []) for key in ASKED)


def blank_of(payload: dict[str, Any], puzzle_of: Callable[[dict[str, Any]], Puzzle]) -> Puzzle | None:
    """The board of a generation request that names one (``"puzzle"``, as the page
    has it open, read by ``puzzle_of``), its clues taken off; None without one."""
    if payload.get("puzzle") is None:
        return None
    board = puzzle_of({"puzzle": payload["puzzle"]})
    board = getattr(board, "puzzle", board)  # a variant's board: its faces
    if len(board.cells) > MAX_CELLS:
        raise InputError(f"the web app makes puzzles on boards of up to {MAX_CELLS} faces; make larger ones on the "
                         "command line")
    return board.with_clues([None] * len(board.cells))


def classic(payload: dict[str, Any], blank: Puzzle) -> Puzzle:
    """``blank``, for a variant's generation: refused in one line when a setter's layout
    is asked too (a variant is made for the solver's grade, by other rules)."""
    if asks(payload):
        raise InputError("a setter's layout (symmetry, mask, picture, clue values, rule) is for classic Slitherlink")
    return blank


def plan_of(payload: dict[str, Any], blank: Puzzle, difficulty: str | None, time_limit: float) -> Any:
    """The setter's plan a generation request asks for on ``blank`` (None when it asks
    none), refused in one line where it cannot be."""
    from ..make.setting import Setting, plan, values_of

    if not asks(payload):
        return None
    symmetry = payload.get("symmetry") or None
    if symmetry is not None and (not isinstance(symmetry, str) or len(symmetry) > 60):
        raise InputError("the request's 'symmetry' must be a name, such as rot180")
    asked = payload.get("values")
    values = None
    if isinstance(asked, str) and asked.strip():
        values = values_of(asked)
    elif isinstance(asked, list) and asked:
        values = values_of(",".join(str(k) for k in asked))
    elif asked not in (None, "", []):
        raise InputError("the request's 'values' must be clue values, such as [1, 2, 3]")
    if payload.get("no_zero") is True:
        values = (values if values is not None else frozenset(range(max(map(len, blank.cell_edges)) + 1))) - {0}
    needs = payload.get("needs") or None
    if needs is not None and not isinstance(needs, str):
        raise InputError("the request's 'needs' must be a rule's name, such as closure")
    setting = Setting(symmetry, _faces(payload, "mask", blank), values, needs, _faces(payload, "picture", blank))
    return plan(setting, blank, difficulty, time_limit=time_limit / 4)


def fewest(payload: dict[str, Any], blank: Puzzle, seed: int, time_limit: float,
           share: Callable[[Puzzle], str]) -> dict[str, Any]:
    """A generation request's fewest clues (``"minimum": true``) on ``blank``, in its
    layout, whatever the level (the grade is said): the puzzle (as ``share`` writes it),
    its grade, ``"proved"`` least or, stopped by the time limit, the ``"lower"`` bound."""
    from ..make.generate import person_grade
    from ..make.minimum import fewest_of
    from ..model.errors import GenerationError
    from ..solver.engines import in_process

    if not in_process():
        raise InputError("the fewest clues need clingo's Python module, which the page in the browser lacks: make "
                         "them with slitherasp serve or on the command line")
    if payload.get("needs"):
        raise InputError("the fewest clues go without a rule to need: their grade is what they make")
    found = fewest_of(blank, seed, plan_of(payload, blank, None, time_limit), time_limit=time_limit)
    if found.puzzle is None:
        raise GenerationError(f"the time limit stopped the search before any unique clue set was found (at least "
                              f"{found.lower} clues)")
    grade = person_grade(found.puzzle, None)
    return {"puzzle": share(found.puzzle), "grade": grade.level if grade else None, "clues": found.clues,
            "timed_out": found.stopped is not None, "proved": found.proved, "lower": found.lower,
            "seconds": round(found.seconds, 2)}


def _faces(payload: dict[str, Any], key: str, blank: Puzzle) -> frozenset[int] | None:
    """The request's faces under ``key`` (a list of face numbers), or None."""
    faces = payload.get(key)
    if faces in (None, []):
        return None
    n = len(blank.cells)
    if not isinstance(faces, list) or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n
                                              for c in faces):
        raise InputError(f"the request's '{key}' must be a list of face numbers 0 to {n - 1}")
    return frozenset(faces)
