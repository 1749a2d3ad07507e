"""How long a generation usually takes, said before it is asked for, for the engine
that will run it: the rules compiled (mypyc) or plain Python on a server, or plain
Python in the browser (Pyodide, slower again).

>>> from slitherasp import tilings
>>> found = estimate(tilings.get("square"), 7, 7, "normal", 20.0)
>>> found["fits"], found["engine"] in ("compiled", "plain")
(True, True)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..model.errors import InputError

if TYPE_CHECKING:
    from ..tilings.base import Tiling

GENERATION = {"easy": (4.6, 2.0), "normal": (6.6, 2.0), "tricky": (8.9, 2.0), "hard": (13.0, 2.0),
              "fiendish": (3900.0, 2.5)}
"""CPU seconds a generation for a person's level takes with the plain Python engine on a
quiet machine, as ``s * (edges / 1860) ** p`` for ``(s, p)``. At 1,860 edges, a square
30x30, as benchmarks/README measured it side by side (issue 38's third round, plain: 4.63,
6.56, 8.94, 13.03 s); the time grows as the square of the edges on squares from 10x10 to
30x30, and follows the edges on other tilings (Cairo, hats, Dodecagonal,
Great-Dodecagonal, Floret, Penrose at Normal and Hard: within 30% of the square's
figure), not the cells (hats 8x8 has 33 cells, 282 edges); fiendish, which tries a trial
at every place, from squares of 4x4 to 10x10 (3.5 s at 7x7, 9-30 s at 10x10 under load)."""
SPEED = {"compiled": 0.5, "plain": 1.0}
"""The time of each engine on a server against :data:`GENERATION`'s: the compiled rules
took 0.36-0.62 of plain Python's time in the same run (square 30x30, Cairo 22x22,
Compass-Dodecagonal 10x10 at every level; 0.48 at square 30x30 Hard: 6.2 s against 13.0)."""
FITS = 0.7
"""The share of the time limit a generation may be expected to take and be said to fit
(one that runs out of time stops and keeps spare clues)."""
BROWSER = 0.0
"""How much slower than plain CPython the rules run here: 0 on a server (the engine
installed decides), Pyodide's factor in the page in the browser (set by :mod:`.browser`)."""


def engine() -> str:
    """The engine that runs the rules here: ``compiled``, ``plain`` or ``browser``."""
    if BROWSER:
        return "browser"
    from ..rules.compiled import compiled

    return "compiled" if compiled() else "plain"


def factor() -> float:
    """This engine's time against :data:`GENERATION`'s."""
    return BROWSER or SPEED[engine()]


def estimate(t: Tiling, w: int, h: int, level: str, limit: float) -> dict[str, Any]:
    """How long generating a ``w`` x ``h`` patch of ``t`` at ``level`` usually takes here,
    against the time limit ``limit``: ``{"seconds", "limit", "fits", "engine"}``; when it
    does not fit, the largest size of its shape that fits at its level (``"size"``) and
    the hardest easier level that fits at its size (``"difficulty"``), each null when
    there is none (the API's ``estimate``, :func:`.api.estimate`)."""
    if level not in GENERATION:
        raise InputError(f"unknown difficulty {level!r}; choose from {', '.join(GENERATION)}")
    seconds = _seconds(t, w, h, level)
    found: dict[str, Any] = {"seconds": round(seconds, 1), "limit": limit, "fits": _fits(seconds, limit),
                             "engine": engine()}
    if not found["fits"]:
        easier = list(GENERATION)[:list(GENERATION).index(level)]
        found["size"] = _largest(t, w, h, level, limit)
        found["difficulty"] = next((d for d in reversed(easier) if _fits(_seconds(t, w, h, d), limit)), None)
    return found


def _fits(seconds: float, limit: float) -> bool:
    return seconds <= FITS * limit


def _seconds(t: Tiling, w: int, h: int, level: str) -> float:
    scale, power = GENERATION[level]
    per_area, per_side = _edges(t.name)
    return factor() * scale * ((per_area * w * h + per_side * (w + h)) / 1860) ** power


@functools.cache
def _edges(name: str) -> tuple[float, float]:
    """A tiling's edges as ``a * w * h + b * (w + h)``: ``(a, b)`` from two square patches
    (a square's are exact: 2 w h + w + h), each built once."""
    from .. import tilings

    t = tilings.get(name)
    small, large = max(t.min_size, 5), max(t.min_size, 5) * 2
    e1, e2 = (len(tilings.build(name, n, n, seed=0).edges) for n in (small, large))
    # e = a n^2 + 2 b n at both sizes
    a = (e2 - 2 * e1) / (large * large - 2 * small * small)
    return a, max(0.0, (e1 - a * small * small) / (2 * small))


def _largest(t: Tiling, w: int, h: int, level: str, limit: float) -> str | None:
    """The largest size of the shape ``w`` x ``h`` that generates at ``level`` in time."""
    for k in range(max(w, h), 0, -1):
        a, b = max(1, round(w * k / max(w, h))), max(1, round(h * k / max(w, h)))
        if min(a, b) >= t.min_size and _fits(_seconds(t, a, b, level), limit):
            return f"{a}x{b}"
    return None
