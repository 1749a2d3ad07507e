"""Puzzles made when the static site is built, so that its page shows a board at once:
on a first visit nothing of Python has arrived yet, and the page draws and plays a ready
puzzle in JavaScript while Python starts behind it (:mod:`.site`).

One file per tiling, ``ready/<tiling>.json``: the tiling's usual size (the daily
puzzle's, :func:`slitherasp.daily.usual_size`) and, per level, puzzles made as the page's
Generate makes them, each with what ``open`` answers for it (the scene, edges and cells
the page draws from). The first board of a first visit is one of the square's Normal
puzzles (:data:`START` of them, one chosen at random); a "New" pressed before Python is
ready takes the next one of its tiling and level.

>>> entry = made("square", "easy", 0)
>>> entry["grade"], sorted(entry["model"])[:3]
('easy', ['animals', 'cell_edges', 'cells'])
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..make.daily import LEVELS, usual_size

__all__ = ["FIRST", "START", "bundle", "made"]

FIRST = ("square", "normal")
"""The tiling and level of a first visit's board (the page's own first choice)."""
START = 4
"""Puzzles of :data:`FIRST` in the bundle (a first visit shows one of them)."""


def made(tiling: str, level: str, k: int) -> dict[str, Any]:
    """The ``k``-th ready puzzle of ``tiling`` at ``level``: generate's answer with
    its ``model`` (its seed a hash of the three, so that a build makes the same ones)."""
    from . import api

    w, h = usual_size(tiling)
    seed = int.from_bytes(hashlib.sha256(f"slitherasp ready {tiling} {level} {k}".encode()).digest()[:4], "big")
    found = api.generate({"tiling": tiling, "size": f"{w}x{h}", "difficulty": level, "seed": seed, "open": True})
    return {"puzzle": found["puzzle"], "grade": found["grade"], "clues": found["clues"], "model": found["model"]}


def _job(job: tuple[str, str, int]) -> tuple[str, str, dict[str, Any]]:
    tiling, level, k = job
    return tiling, level, made(tiling, level, k)


def bundle(names: Iterable[str], *, jobs: int | None = None,
           progress: Callable[[str], None] | None = None) -> dict[str, bytes]:
    """The bundle's files for the tilings ``names`` (path -> bytes), made in ``jobs``
    processes (default: this machine's cores, at most 4)."""
    names = sorted(set(names))
    todo = [(t, level, k) for t in names for level in LEVELS for k in range(START if (t, level) == FIRST else 1)]
    found: dict[str, dict[str, list[dict[str, Any]]]] = {t: {level: [] for level in LEVELS} for t in names}
    workers = max(1, min(jobs or os.cpu_count() or 1, 4, len(todo)))
    if workers == 1:
        results = map(_job, todo)
    else:
        pool = ProcessPoolExecutor(workers)
        results = pool.map(_job, todo)
    try:
        for n, (tiling, level, entry) in enumerate(results, 1):
            found[tiling][level].append(entry)
            if progress is not None and (n == len(todo) or todo[n][0] != tiling):
                progress(f"ready puzzles made for {tiling} ({names.index(tiling) + 1} of {len(names)} tilings)")
    finally:
        if workers > 1:
            pool.shutdown(cancel_futures=True)
    files = {}
    for tiling, levels in found.items():
        w, h = usual_size(tiling)
        files[f"ready/{tiling}.json"] = json.dumps({"tiling": tiling, "size": f"{w}x{h}", "levels": levels},
                                                  separators=(",", ":")).encode()
    return files
