"""Collections: many generated puzzles in one resumable, deterministic job, in this
process, in worker processes, or on a Dask cluster.

Puzzle ``i`` of a campaign with seed ``S`` is made from the seed :func:`seed_for`
``(S, i)`` alone, so the puzzles are the same, byte for byte, whoever makes them and in
whatever order. Workers return texts; the client writes each puzzle's files atomically,
then its line of ``index.jsonl``. A re-run reads the index and makes only what is
missing; Ctrl-C loses no finished puzzle.

>>> [seed_for(1, i) for i in range(3)] == [seed_for(1, i) for i in range(3)]
True
>>> len({seed_for(1, i) for i in range(1000)})
1000
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any, overload

from ..model.errors import GenerationError, InputError
from .setting import Setting
from .workers import results

INDEX = "index.jsonl"


@dataclass(frozen=True)
class Job:
    """One puzzle to make: where it comes from and what is asked of it."""

    number: int
    tiling: str
    width: int
    height: int
    seed: int
    difficulty: str | None = None
    solver_grade: str | None = None
    minimal: bool = False
    setting: Setting | None = None

    @property
    def name(self) -> str:
        return f"{self.tiling}-{self.width}x{self.height}-{self.number:05d}"


def seed_for(seed: int, number: int) -> int:
    """The seed of puzzle ``number`` of a campaign seeded ``seed`` (32 bits of SHA-256)."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{number}".encode()).digest()[:4], "big")


@dataclass(frozen=True)
class Run:
    """``count`` puzzles of one tiling, size and grade: one run of a campaign."""

    tiling: str
    width: int
    height: int
    count: int
    difficulty: str | None = None
    solver_grade: str | None = None
    minimal: bool = False
    setting: Setting | None = None  # what a setter asks of every puzzle (symmetry, mask, theme, rule)


class Jobs(Sequence[Job]):
    """The jobs of a campaign seeded ``seed``, its runs numbered through in order.
    Each job is made when it is asked for, so that ten million puzzles cost the
    memory of their runs, not of ten million jobs, before any work is done.

    >>> todo = Jobs(1, [Run("square", 5, 5, 10_000_000), Run("cairo", 4, 4, 2, "easy")])
    >>> len(todo), todo[10_000_001].name, todo[3] == Job(3, "square", 5, 5, seed_for(1, 3))
    (10000002, 'cairo-4x4-10000001', True)
    """

    def __init__(self, seed: int, runs: Sequence[Run]) -> None:
        self.seed, self.runs = seed, tuple(runs)
        self.starts = list(accumulate((r.count for r in self.runs), initial=0))

    def __len__(self) -> int:
        return self.starts[-1]

    @overload
    def __getitem__(self, number: int) -> Job: ...

    @overload
    def __getitem__(self, number: slice) -> list[Job]: ...

    def __getitem__(self, number: int | slice) -> Job | list[Job]:
        if isinstance(number, slice):
            return [self[i] for i in range(*number.indices(len(self)))]
        if number < 0:
            number += len(self)
        if not 0 <= number < len(self):
            raise IndexError(number)
        r = self.runs[bisect_right(self.starts, number) - 1]
        return Job(number, r.tiling, r.width, r.height, seed_for(self.seed, number), r.difficulty,
                   r.solver_grade, r.minimal, r.setting)

    def __iter__(self) -> Iterator[Job]:
        return (self[i] for i in range(len(self)))

    def kinds(self) -> set[tuple[str, int, int]]:
        """The tilings and sizes of the runs."""
        return {(r.tiling, r.width, r.height) for r in self.runs}


def jobs(tiling: str, size: tuple[int, int], count: int, seed: int, **asked: Any) -> Jobs:
    """The jobs of ``count`` puzzles of one tiling and size."""
    return Jobs(seed, [Run(tiling, size[0], size[1], count, **asked)])


def jobs_from_spec(text: str, source: str = "<spec>") -> Jobs:
    """The jobs of a campaign file (JSON, or TOML on Python 3.11+): a ``seed`` and a
    list ``runs`` of ``{"tiling", "size", "count", "difficulty" | "solver_grade",
    "minimal"}``. Puzzles are numbered through all runs, in order.

    >>> spec = '{"seed": 2, "runs": [{"tiling": "square", "size": "5x5", "count": 2},'
    >>> spec += ' {"tiling": "cairo", "size": "4x4", "count": 1, "difficulty": "easy"}]}'
    >>> [(j.number, j.name, j.difficulty) for j in jobs_from_spec(spec)]
    [(0, 'square-5x5-00000', None), (1, 'square-5x5-00001', None), (2, 'cairo-4x4-00002', 'easy')]
    """
    from .. import tilings
    from ..model.levels import HUMAN_LEVELS, SOLVER_LEVELS

    data = _parse_spec(text, source)
    seed, runs = data.get("seed", 0), data.get("runs")
    if not isinstance(seed, int) or not isinstance(runs, list) or not runs:
        raise InputError("a campaign needs a whole-number 'seed' and a non-empty list 'runs'", source=source)
    found: list[Run] = []
    for k, run in enumerate(runs, 1):
        where = f"{source}: run {k}"
        if not isinstance(run, dict) or not set(run) <= {"tiling", "size", "count", "difficulty", "solver_grade",
                                                         "minimal"}:
            raise InputError(f"{where}: keys are tiling, size, count, difficulty, solver_grade, minimal")
        t = tilings.get(str(run.get("tiling")))
        size = str(run.get("size", "x".join(map(str, t.default_size))))
        w, _, h = size.partition("x")
        count = run.get("count", 1)
        if not (w.isdigit() and (h or w).isdigit() and isinstance(count, int) and 1 <= count <= 10_000_000):
            raise InputError(f"{where}: size must look like 10x8 and count be a whole number 1..10000000")
        difficulty, grade = run.get("difficulty"), run.get("solver_grade")
        if difficulty not in (None, *HUMAN_LEVELS[:5]) or grade not in (None, *SOLVER_LEVELS):
            raise InputError(f"{where}: difficulty is one of {', '.join(HUMAN_LEVELS[:5])}; "
                             f"solver_grade one of {', '.join(SOLVER_LEVELS)}")
        found.append(Run(t.name, int(w), int(h or w), count, difficulty, grade, bool(run.get("minimal", False))))
    return Jobs(seed, found)


def _parse_spec(text: str, source: str) -> dict[str, Any]:
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as e:
            raise InputError(f"not JSON: {e}", source=source) from None
    else:
        try:
            import tomllib
        except ImportError:
            raise InputError("TOML campaigns need Python 3.11 or newer; write it as JSON", source=source) from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise InputError(f"not TOML: {e}", source=source) from None
    if not isinstance(data, dict):
        raise InputError("a campaign is an object with 'seed' and 'runs'", source=source)
    return data


def make(job: Job) -> dict[str, Any]:
    """Make one puzzle (in a worker): its files as texts, and its index line; or the
    reason it failed. Runs anywhere: reads and writes nothing."""
    from .. import tilings
    from ..formats import instance_files
    from ..model.results import finite
    from . import setting
    from .generate import generate

    start = time.process_time()
    line: dict[str, Any] = {"number": job.number, "file": f"{job.name}.lp", "tiling": job.tiling,
                            "size": f"{job.width}x{job.height}", "seed": job.seed}
    try:
        blank = tilings.build(job.tiling, job.width, job.height, seed=job.seed)
        plan = None if job.setting is None else setting.plan(job.setting, blank, job.difficulty, job.solver_grade)
        made = generate(blank, seed=job.seed, level=job.solver_grade, difficulty=job.difficulty,
                        minimal=job.minimal, partial=False, plan=plan)  # stopped: dropped, made again next time
    except (GenerationError, InputError) as e:
        return {"index": {**line, "failed": str(e), "cpu": round(time.process_time() - start, 3)}, "files": {}}
    files = instance_files(made.puzzle, Path(f"{job.name}.lp"), made.answer)
    human = made.human
    line.update(grade=human.level if human else None, score=finite(human.score) if human else None,
                solver_grade=made.grade.level, clues=made.puzzle.clue_count(), faces=len(made.puzzle.cells),
                cpu=round(time.process_time() - start, 3))
    return {"index": line, "files": {str(path): text for path, text in files.items()}}


def done(folder: Path) -> set[int]:
    """The puzzles an earlier run finished (or found impossible): their numbers."""
    path = folder / INDEX
    if not path.is_file():
        return set()
    finished = set()
    for line in path.read_text().splitlines():
        try:
            finished.add(int(json.loads(line)["number"]))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by a crash: that puzzle is made again
    return finished


def record(folder: Path, result: dict[str, Any]) -> None:
    """Write a finished puzzle's files atomically, then append its index line."""
    from ..model.files import write_files

    write_files({folder / name: text for name, text in result["files"].items()})
    path = folder / INDEX
    with open(path, "a+b") as index:
        index.seek(0, os.SEEK_END)
        if index.tell():  # a line cut short by a crash is ended first, not glued to this one
            index.seek(-1, os.SEEK_END)
            if index.read(1) != b"\n":
                index.write(b"\n")
        index.write((json.dumps(result["index"], sort_keys=True) + "\n").encode())
        index.flush()
        os.fsync(index.fileno())


def run(todo: Iterable[Job], folder: Path, *, jobs: int = 1, cluster: str | None = None,
        progress: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Make the jobs not yet done in ``folder``, writing each as it finishes; how many
    were made. Ctrl-C (a stop request, :mod:`slitherasp.model.stopping`) raises
    :class:`~slitherasp.model.stopping.StoppedError`: finished puzzles stay, the ones under
    way are dropped and made next time, none is kept half made."""
    finished = done(folder)
    left = (job for job in todo if job.number not in finished)
    count = 0
    for result in results(left, make, jobs, cluster):
        record(folder, result)
        count += 1
        if progress is not None:
            progress(result["index"])
    return count
