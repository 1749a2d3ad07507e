"""Work over many items: in this process, in worker processes that end with their
parent, or on a Dask cluster, drawn as workers need them and given back as they finish
(or in order); a worker that dies breaks only its pool. Collections
(:mod:`.campaign`) and ``batch`` run on it.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..model.errors import GenerationError, InputError
from ..model.extras import needs
from ..model.stopping import check, end_with_parent

RESTARTS = 3
"""New worker pools after a worker died, before a run gives up."""


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
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a worker ended by SIGTERM just ends
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
