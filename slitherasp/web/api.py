"""The web app's JSON API as plain functions: a request's JSON object in, a JSON-ready
object out, :class:`~slitherasp.model.errors.InputError` for bad input (the server turns it
into HTTP 400 with one sentence in words, :func:`.words.said`).

Every puzzle arrives as text and goes through the readers of :mod:`slitherasp.formats`
(never run as an ASP program); ``clues`` may replace its clues (a list, one entry per
cell, ``null`` for none: what the page sends while composing). Edges go both ways as
pairs of vertex names, as in ``solve --json``.

>>> opened = open_puzzle({"puzzle": "2 2\\n3 .\\n. .\\n"})
>>> len(opened["edges"]), opened["clues"], opened["share"]
(12, [3, None, None, None], 'https://puzz.link/p?slither/2/2/dg')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from ..kinds import scene_of
from ..model import Puzzle
from ..model.errors import InputError
from . import setting as setter

if TYPE_CHECKING:
    from ..tilings.base import Tiling

TIME_LIMIT = 20.0
"""Seconds one solve, hint or generation may take (a generation stopped by it returns its puzzle so far)."""
FINISH = {"generate": 3.0}
"""Seconds an action may work past :data:`TIME_LIMIT` to finish what it keeps (a
generation grades the puzzle it found so far)."""
MAX_GENERATE = 900
"""Width x height a generation request may ask for."""
MAX_TEXT = 2_000_000
"""Characters a puzzle text may have."""
PROGRESS: ContextVar[Callable[[str], None] | None] = ContextVar("progress", default=None)
"""Where long work says how far it got, in a line (the page in the browser shows it)."""


def _text(payload: dict[str, Any], key: str = "puzzle") -> str:
    value = payload.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"the request's '{key}' must be the puzzle as text")
    if len(value) > MAX_TEXT:
        raise InputError(f"the request's '{key}' is longer than {MAX_TEXT} characters")
    return value


def puzzle_of(payload: dict[str, Any]) -> Puzzle:
    """The request's puzzle, read by our readers, with its ``clues`` if given (and its
    ``variant`` and ``animals``, :func:`.variants.ruled`)."""
    from ..formats import read_text
    from .variants import ruled

    text = _text(payload)
    puzzle = _polygons(text) if _looks_like_polygons(text) else read_text(text, "<puzzle>")
    puzzle = ruled(puzzle, _name(payload, "variant", ""), after=False)
    base = getattr(puzzle, "puzzle", puzzle)  # a variant's graph
    clues = payload.get("clues")
    if clues is not None:
        if not isinstance(clues, list) or len(clues) != len(base.cells):
            raise InputError(f"the request's 'clues' must be a list of {len(base.cells)} numbers or nulls")
        for c, k in enumerate(clues):
            sides = len(base.cell_edges[c])
            if k is not None and (not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= sides):
                raise InputError(f"clue {k!r} of cell {base.cells[c]} is not a number 0..{sides}")
        puzzle = puzzle.with_clues(clues)
    return ruled(puzzle, "", payload.get("animals"), after=True)


def _looks_like_polygons(text: str) -> bool:
    """GeoJSON (an object with a ``type``) or WKT polygons, which no format reads."""
    head = text.lstrip()[:400]
    if head.startswith("{"):
        return '"type"' in head and any(w in text for w in ('"Polygon"', '"MultiPolygon"', '"Feature'))
    return head.upper().startswith(("POLYGON", "MULTIPOLYGON", "GEOMETRYCOLLECTION"))


def _polygons(text: str) -> Puzzle:
    try:
        from ..tilings.polygons import from_polygons, read_polygons
    except ImportError:  # shapely and numpy: not in the page in the browser
        raise InputError("reading polygons needs shapely, which the page in the browser lacks: open them where "
                         "slitherasp is installed") from None
    return from_polygons(read_polygons(text, "<puzzle>"))


def edges_of(puzzle: Puzzle, payload: dict[str, Any], key: str) -> set[int]:
    """Edge indices from a list of ``[u, v]`` vertex-name pairs (either orientation)."""
    pairs = payload.get(key, [])
    if not isinstance(pairs, list):
        raise InputError(f"the request's '{key}' must be a list of [u, v] pairs")
    index = {frozenset(puzzle.edge_names(e)): e for e in range(len(puzzle.edges))}
    found = set()
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise InputError(f"the request's '{key}' must be a list of [u, v] pairs, not {pair!r}")
        e = index.get(frozenset(str(x) for x in pair))
        if e is None:
            raise InputError(f"({pair[0]},{pair[1]}) in '{key}' is not an edge of the puzzle")
        found.add(e)
    return found


SHARED = ("pzpr", "loopy", "tiling", "lp")
"""Formats a share link may use, shortest first (lp holds any puzzle)."""


def written(puzzle: Puzzle, names: Iterable[str]) -> dict[str, str]:
    """The puzzle in each of the formats ``names`` that can hold it."""
    from ..formats import write_text

    texts = {}
    for name in names:
        try:
            texts[name] = write_text(puzzle, name)
        except InputError:
            continue
    return texts


def share_text(puzzle: Puzzle, texts: Mapping[str, str] | None = None) -> str:
    """The shortest text that holds the puzzle and its geometry: a puzz.link URL or a Loopy ID
    where the grid allows, a tiling ID on our other tilings, else facts (drawn by layout when
    shared); ``texts``: the puzzle already written (see :func:`written`)."""
    texts = written(puzzle, SHARED) if texts is None else texts
    return next(texts[name] for name in SHARED if name in texts).strip()


def open_puzzle(payload: dict[str, Any]) -> dict[str, Any]:
    """What the page draws and plays: the scene, edge and cell names, clues, the
    edges of each cell, the text to share, the tiling's name where the puzzle knows it,
    and a variant's rule (:func:`.variants.rule_of`)."""
    from ..formats import writable
    from .variants import rule_of

    puzzle = puzzle_of(payload)
    base, scene = getattr(puzzle, "puzzle", puzzle), scene_of(puzzle)  # a variant's graph, and its drawing
    texts = written(puzzle, writable())  # every format that can hold it, the share link's among them
    return {
        "scene": scene.as_dict(),
        "edges": [list(base.edge_names(e)) for e in range(len(base.edges))],
        "cells": [str(c) for c in base.cells],
        "clues": list(base.clues),
        "cell_edges": [list(es) for es in base.cell_edges],
        "share": share_text(puzzle, texts),
        "formats": list(texts),
        "tiling": base.tiling.name if base.tiling is not None else None,
        **rule_of(puzzle),
    }


def solve(payload: dict[str, Any]) -> dict[str, Any]:
    """``solve --json``'s object; with ``"unique"`` (default true) uniqueness is proved."""
    from ..model.results import solve_json
    from ..solver.run import solve as run

    puzzle = puzzle_of(payload)
    result = run(puzzle, unique=bool(payload.get("unique", True)), time_limit=TIME_LIMIT)
    found = solve_json(result, "<puzzle>")
    if payload.get("forced") and result.unique is False:
        found["forced"] = forced(puzzle, result.answers, some_too=payload["forced"] != "links")
    return found


def forced(puzzle: Puzzle, known: Sequence[frozenset[int]] = (), *, some_too: bool = True) -> dict[str, Any] | None:
    """The edges in all answers (``links``) and, unless ``some_too`` is off (``"forced":
    "links"``), in none (``non_links``); None past the time limit. ``known``: answers found."""
    from ..solver.forced import consequences

    both = consequences(puzzle, time_limit=TIME_LIMIT, known=known, some_too=some_too)
    if both is None:
        return None
    every, some = both
    pair, none = puzzle.edge_names, [] if some is None else [e for e in range(len(puzzle.edges)) if e not in some]
    return {"links": [list(pair(e)) for e in sorted(every)], **({} if some is None else
                                                                {"non_links": [list(pair(e)) for e in none]})}


def check(payload: dict[str, Any]) -> dict[str, Any]:
    """``check --json``'s object for the drawn ``links``."""
    from ..kinds import kind_of
    from ..validate import check_json

    puzzle = puzzle_of(payload)
    links = edges_of(getattr(puzzle, "puzzle", puzzle), payload, "links")
    return check_json(kind_of(puzzle).check(puzzle, puzzle.links(links)), "<puzzle>")


def hint(payload: dict[str, Any]) -> dict[str, Any]:
    """``hint --json``'s object for the drawn ``links`` and ``non_links``."""
    from ..explain import hint as run
    from ..explain import hint_json
    from .variants import classic_only

    puzzle = classic_only(puzzle_of(payload))
    h = run(puzzle, edges_of(puzzle, payload, "links"), edges_of(puzzle, payload, "non_links"), time_limit=TIME_LIMIT)
    return hint_json(h, puzzle, "<puzzle>")


def tiling(payload: dict[str, Any]) -> dict[str, Any]:
    """A clue-less patch of a tiling (to compose on): ``{"tiling", "size", "seed"}``."""
    from .. import tilings

    t = _tiling(payload)
    w, h = _size(payload, t.default_size)
    seed = payload.get("seed")
    puzzle = tilings.build(t.name, w, h, seed=seed if isinstance(seed, int) else None)
    return {"puzzle": share_text(puzzle)}


def _tiling(payload: dict[str, Any]) -> Tiling:
    """The request's tiling (``"tiling"``, default square), by its name."""
    from .. import tilings

    return tilings.get(_name(payload, "tiling", "square"))


def _name(payload: dict[str, Any], key: str, default: str) -> str:
    """The request's ``key``, a name (a tiling, a grade, a format), else (missing or
    null) ``default``; refused in one line when it is no short text (its readers would
    quote it whole)."""
    name = payload.get(key)
    if name is None:
        return default
    if not isinstance(name, str) or len(name) > 40:
        raise InputError(f"the request's '{key}' must be a name, such as {default}")
    return name


SIZE = re.compile(r"\s*(\d{1,4})\s*(?:x\s*(\d{1,4})\s*)?", re.ASCII | re.IGNORECASE)
"""A size as text: ``WxH`` or ``N`` (N x N), ASCII digits, at most four of them a side."""


def _size(payload: dict[str, Any], default: tuple[int, int]) -> tuple[int, int]:
    """The request's ``size`` (``"WxH"``, ``"N"`` or a whole number N), else ``default``;
    anything else is refused in one line before a number is converted (no digits but
    ASCII, none of thousands of them)."""
    size = payload.get("size")
    if size is None:
        return default
    if isinstance(size, int) and not isinstance(size, bool) and 0 <= size < 10_000:
        size = str(size)
    found = SIZE.fullmatch(size) if isinstance(size, str) else None
    if found is None:
        raise InputError("write the size as width x height, such as 7x7")
    w = int(found[1])
    return w, int(found[2] or w)


def _generation_size(payload: dict[str, Any], t: Tiling) -> tuple[int, int]:
    w, h = _size(payload, t.default_size)
    if w * h > MAX_GENERATE:
        raise InputError(f"the web app makes puzzles of up to {MAX_GENERATE} cells (30x30); "
                         "make larger ones on the command line")
    return w, h


def generate(payload: dict[str, Any]) -> dict[str, Any]:
    """A new puzzle: ``{"tiling", "size", "seed", "difficulty"}`` (and a setter's layout, :mod:`.setting`)
    -> its text and a person's grade (the solver's too with ``"solver_grade": true``); ``timed_out``:
    :data:`TIME_LIMIT` stopped the clue removal early (unique, perhaps with clues to spare)."""
    from .. import tilings
    from ..make.generate import generate as run

    t = _tiling(payload)
    w, h = _generation_size(payload, t)
    seed = payload.get("seed", 0)
    if not isinstance(seed, int):
        raise InputError("the request's 'seed' must be a whole number")
    difficulty = _name(payload, "difficulty", "normal") or None
    tell = PROGRESS.get()

    def progress(removed: int, kept: int, untested: int, elapsed: float) -> None:
        if tell is not None:
            tell(f"{removed} clues removed, {untested} to try")

    blank = setter.blank_of(payload, puzzle_of) or tilings.build(t.name, w, h, seed=seed)
    if _name(payload, "variant", "classic") not in ("classic", ""):  # for the solver's grade
        from .variants import generated

        return _opened(payload, generated(setter.classic(payload, blank), payload["variant"], seed, TIME_LIMIT,
                                          progress, share_text))
    if payload.get("minimum") is True:
        return _opened(payload, setter.fewest(payload, blank, seed, TIME_LIMIT, share_text))
    made = run(blank, seed=seed, difficulty=difficulty, time_limit=TIME_LIMIT, progress=progress,
               plan=setter.plan_of(payload, blank, difficulty, TIME_LIMIT))
    solver = {"solver_grade": made.grade.level} if payload.get("solver_grade") is True else {}
    return _opened(payload, {"puzzle": share_text(made.puzzle), "grade": made.human.level if made.human else None,
                             "clues": made.puzzle.clue_count(), "timed_out": made.timed_out, **solver})


def _opened(payload: dict[str, Any], made: dict[str, Any]) -> dict[str, Any]:
    """A puzzle made, with what the page draws of it (``"model"``, :func:`open_puzzle`'s
    answer) when the request says ``"open": true``: a puzzle made ahead, in the
    background, opens with no second request."""
    return {**made, "model": open_puzzle({"puzzle": made["puzzle"]})} if payload.get("open") is True else made


def daily(payload: dict[str, Any]) -> dict[str, Any]:
    """The daily puzzle of ``{"date", "tiling", "difficulty"}`` (the date as YYYY-MM-DD,
    the player's own), the same as ``slitherasp generate --daily DATE`` makes:
    :func:`generate`'s answer with the ``date``, ``tiling``, ``size`` and ``difficulty``."""
    from ..make.daily import daily as recipe

    d = recipe(_name(payload, "date", "today"), _tiling(payload).name, _name(payload, "difficulty", "normal"))
    size = f"{d.size[0]}x{d.size[1]}"
    made = generate({"tiling": d.tiling, "size": size, "difficulty": d.difficulty, "seed": d.seed,
                     "open": payload.get("open")})
    return {**made, "date": d.date, "tiling": d.tiling, "size": size, "difficulty": d.difficulty}


def convert(payload: dict[str, Any]) -> dict[str, Any]:
    """The puzzle in another format: ``{"puzzle", "clues", "to"}`` -> ``{"text"}``."""
    from ..formats import write_text

    return {"text": write_text(puzzle_of(payload), _name(payload, "to", "lp"))}


def render(payload: dict[str, Any]) -> dict[str, Any]:
    """An SVG drawing of the puzzle with the drawn ``links`` (and ``non_links``)."""
    from ..render import svg

    puzzle = puzzle_of(payload)
    links = edges_of(puzzle, payload, "links")
    crosses = edges_of(puzzle, payload, "non_links")
    return {"svg": svg(scene_of(puzzle, sorted(links), crosses=sorted(crosses), shade=bool(payload.get("shade"))))}


def print_pdf(payload: dict[str, Any]) -> dict[str, Any]:
    """A page to print, as ``slitherasp book`` lays it out (one puzzle, headed with its
    tiling, size and a person's grade): ``{"puzzle", "clues", "paper"}`` -> ``{"pdf"}``,
    the PDF in base64. Needs the ``print`` extra on the server (else HTTP 400 saying so)."""
    import base64

    from ..book import write

    paper = payload.get("paper", "a4")
    if paper not in ("a4", "letter"):
        raise InputError("the request's 'paper' must be a4 or letter")
    puzzle = puzzle_of(payload)
    data = write([puzzle], per_page=1, paper=paper)
    return {"pdf": base64.b64encode(data).decode("ascii")}


def reduce(payload: dict[str, Any]) -> dict[str, Any]:
    """The puzzle with every clue it does not need removed (one at a time, as long
    as the answer stays unique): ``{"puzzle", "clues"}`` -> ``{"clues", "timed_out"}``;
    ``timed_out``: the time limit stopped the removal early (the clues left still
    have one answer, but some may be redundant)."""
    from ..make.redundant import redundant
    from .variants import reduce_variant

    puzzle = puzzle_of(payload)
    if getattr(puzzle, "is_variant", False):  # sessions know the classic rule alone
        return reduce_variant(puzzle, TIME_LIMIT)
    clues, stopped = redundant(puzzle, TIME_LIMIT)
    return {"clues": [clues.get(c) for c in range(len(puzzle.cells))], "timed_out": stopped}


def grade(payload: dict[str, Any]) -> dict[str, Any]:
    """``grade --json``'s object: the grades for a person and for the solver."""
    from ..make.generate import grade as run
    from ..solver.grade import grade_json

    return grade_json(run(puzzle_of(payload), time_limit=TIME_LIMIT, human=True), "<puzzle>")


def share(payload: dict[str, Any]) -> dict[str, Any]:
    """The text of a share link (``/?p=<text>``) for the puzzle with its ``clues``."""
    return {"text": share_text(puzzle_of(payload))}


def tiling_names(payload: dict[str, Any]) -> dict[str, Any]:
    """The registered tilings, for the page's list, and each one's usual size (the
    daily puzzle's, :func:`slitherasp.daily.usual_size`)."""
    from .. import tilings
    from ..make.daily import usual_size

    names = sorted(tilings.TILINGS)
    return {"tilings": names, "sizes": {n: "{}x{}".format(*usual_size(n)) for n in names}}


def estimate(payload: dict[str, Any]) -> dict[str, Any]:
    """How long generating ``{"tiling", "size", "difficulty"}`` usually takes with the
    engine that runs here, said before it is asked for (:func:`.estimate.estimate`)."""
    from . import estimate as guess

    t = _tiling(payload)
    w, h = _generation_size(payload, t)
    return guess.estimate(t, w, h, _name(payload, "difficulty", "normal"), TIME_LIMIT)


ACTIONS = {"open": open_puzzle, "solve": solve, "check": check, "hint": hint, "tiling": tiling,
           "generate": generate, "convert": convert, "render": render, "print": print_pdf, "reduce": reduce,
           "grade": grade, "estimate": estimate, "daily": daily, "share": share, "tilings": tiling_names,
           "symmetries": lambda p: setter.symmetries(puzzle_of(p))}
"""Every API route: ``POST /api/<name>``."""
