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
import logging
import os
import signal
import time
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any, overload

from ..model.errors import GenerationError, InputError
from ..model.extras import needs
from ..model.stopping import check, end_with_parent
from .setting import Setting

INDEX = "index.jsonl"
RESTARTS = 3
"""New worker pools after a worker died, before a run gives up."""


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


def results(items: Iterable[Any], work: Callable[[Any], dict[str, Any]], jobs: int = 1,
            cluster: str | None = None, *, ordered: bool = False) -> Iterator[dict[str, Any]]:
    """``work`` over ``items``: in this process, in ``jobs`` worker processes or on a
    Dask cluster (``tcp://host:8786`` or ``local:N``); results in the order of the
    items when ``ordered``, else as they finish. Items are drawn as workers need them
    (at most :func:`ahead` handed out and not given back), so memory does not grow
    with their number. A worker process that dies (killed, out of memory) breaks its
    pool: the items not finished go to a new pool, up to :data:`RESTARTS` times. A
    stop request ends it with :class:`~slitherasp.model.stopping.StoppedError` (Ctrl-C
    does with ``KeyboardInterrupt``), the workers with it.

    >>> [r["n"] for r in results(range(3), lambda n: {"n": n * n}, ordered=True)]
    [0, 1, 4]
    """
    if cluster is not None:
        yield from _on_dask(iter(items), work, cluster, ordered)
    elif jobs <= 1:
        for item in items:
            check()
            yield work(item)
    else:
        yield from _in_processes(iter(items), work, jobs, ordered)


POLL = 0.05
"""Seconds between looks at a stop request while workers work."""


def ahead(workers: int) -> int:
    """Items handed out to ``workers`` workers and not yet given back, at most:
    enough that none waits, few enough that memory does not grow with the items."""
    return 2 * workers + 16


class _Window:
    """Items handed to workers a few at a time (see :func:`ahead`), results given
    back as they finish or in the order of the items when ``ordered``."""

    def __init__(self, items: Iterator[Any], size: int, ordered: bool) -> None:
        self.items, self.size, self.ordered = items, size, ordered
        self.waiting: deque[tuple[int, Any]] = deque()
        """Items drawn and not handed out (first those of a pool that broke), with their places."""
        self.flight: dict[Any, tuple[int, Any]] = {}
        """Each future handed out, and its item's place and item."""
        self.ready: dict[int, Any] = {}
        """Results that wait for their turn (``ordered``), by place."""
        self.drawn = self.turn = 0

    def run(self, submit: Callable[[Any], Any], wait: Callable[[list[Any]], object]) -> Iterator[Any]:
        """Hand out items with ``submit`` (an item -> a future) and give back their
        results until none is left; ``wait`` waits a little for some future."""
        while True:
            while len(self.flight) + len(self.ready) < self.size and (self.waiting or self._draw()):
                place, item = self.waiting.popleft()
                self.flight[submit(item)] = (place, item)
            if not self.flight:
                return
            wait(list(self.flight))
            check()
            for future in [f for f in self.flight if f.done()]:
                result = future.result()
                place, _ = self.flight.pop(future)
                yield from self._give(place, result)

    def _draw(self) -> bool:
        """Draw the next item into :attr:`waiting`; whether there was one."""
        for item in self.items:
            self.waiting.append((self.drawn, item))
            self.drawn += 1
            return True
        return False

    def _give(self, place: int, result: Any) -> Iterator[Any]:
        if not self.ordered:
            yield result
            return
        self.ready[place] = result
        while self.turn in self.ready:
            yield self.ready.pop(self.turn)
            self.turn += 1

    def hand_out_again(self) -> None:
        """The items in flight go out again, first, in their order (their pool broke)."""
        self.waiting.extendleft(sorted(self.flight.values(), key=lambda x: x[0], reverse=True))
        self.flight.clear()


def _in_processes(items: Iterator[Any], work: Callable[[Any], dict[str, Any]], jobs: int,
                  ordered: bool) -> Iterator[dict[str, Any]]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    window = _Window(items, ahead(jobs), ordered)
    for _ in range(RESTARTS + 1):
        with ProcessPoolExecutor(jobs, initializer=_worker, initargs=(os.getpid(),)) as pool:
            try:
                yield from window.run(lambda item: pool.submit(work, item),
                                      lambda futures: wait(futures, POLL, return_when=FIRST_COMPLETED))
                return
            except BrokenProcessPool:
                window.hand_out_again()
            except BaseException:  # Ctrl-C, a stop request, the caller gone: the workers go too, now
                _end(pool)
                raise
    raise GenerationError(f"worker processes died {RESTARTS + 1} times; the items not finished are left undone")


def _worker(parent: int) -> None:
    """Start a worker process: it ends with its parent (:func:`end_with_parent`) and
    leaves Ctrl-C, which a terminal sends to every process of the command, to the
    parent, which ends it (it would keep half the work it was doing)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)  # a forked worker would wake the parent's watchdog
    end_with_parent(parent)


def _end(pool: Any) -> None:
    """Cancel what waits in ``pool`` and end its worker processes now."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _on_dask(items: Iterator[Any], work: Callable[[Any], dict[str, Any]], cluster: str,
             ordered: bool) -> Iterator[dict[str, Any]]:
    with _dask(cluster) as client:  # says how to install Dask when it is missing
        window = _Window(items, ahead(sum(client.nthreads().values())), ordered)

        def wait(futures: list[Any]) -> None:
            if not any(f.done() for f in futures):
                time.sleep(POLL)

        try:
            yield from window.run(lambda item: client.submit(work, item, pure=False), wait)
        finally:
            client.cancel(list(window.flight))


@contextmanager
def _dask(cluster: str) -> Iterator[Any]:
    """A Dask client of a scheduler (``tcp://host:8786``) or of a local cluster of N
    worker processes (``local:N``), closed (with the local cluster) afterwards."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError(needs("cluster", "--cluster")) from None
    local = None
    if cluster.startswith("local:"):
        n = cluster.partition(":")[2]
        if not n.isdigit() or not 1 <= int(n) <= 256:
            raise InputError(f"--cluster local:N needs a number of workers 1..256, not {n!r}")
        # no dashboard on its well-known port, and Dask's own warnings kept to errors: its
        # "port 8787 is already in use" and workers killed at the end are no news to a user
        local = LocalCluster(n_workers=int(n), threads_per_worker=1, processes=True, dashboard_address=":0",
                             silence_logs=logging.ERROR)
    try:
        try:
            client = Client(local if local is not None else cluster, timeout="20s")
        except OSError as e:
            raise InputError(f"--cluster {cluster}: cannot reach the scheduler ({e})") from None
        with client:
            yield client
    finally:
        if local is not None:
            local.close()


# --------------------------------------------------------------------------- batches
_BATCH: dict[str, Any] = {}
"""One :class:`~slitherasp.solver.sessions.Batch` per worker process and encoding."""


def solve_item(item: tuple[str, Any, bool, float | None, str]) -> dict[str, Any]:
    """Solve one instance of a batch (in a worker): ``(name, puzzle or error text,
    unique, time limit, encoding)`` -> ``{"name", "json", "status", "unique"}``, where
    ``json`` is the line of ``batch --json``. The client reads the files, so workers
    need none."""
    from ..model.errors import SlitherError
    from ..model.results import error_json, solve_json
    from ..solver.sessions import Batch

    name, puzzle, unique, time_limit, encoding = item
    if isinstance(puzzle, str):
        return {"name": name, "json": error_json(name, puzzle), "status": "ERROR", "unique": None}
    batch = _BATCH.setdefault(encoding, Batch(encoding=encoding))
    try:
        r = batch.solve(puzzle, unique=unique, time_limit=time_limit)
    except SlitherError as e:
        return {"name": name, "json": error_json(name, str(e)), "status": "ERROR", "unique": None}
    except Exception as e:  # one instance's bug (a RecursionError too) never ends the batch
        message = f"{name}: internal error: {type(e).__name__}: {str(e)[:200]}"
        return {"name": name, "json": error_json(name, message), "status": "ERROR", "unique": None}
    return {"name": name, "json": solve_json(r, name, getattr(puzzle, "name", None)), "status": str(r.status),
            "unique": r.unique,
            "time": r.time_total}
