"""Where the web app's actions run, and how their work is bounded.

Every action runs under its time limit (:mod:`slitherasp.model.stopping`'s deadline, which
reading, building tilings, solving, a person's rules and generation all look at) and
stops soon after its client has gone. At most a few actions run at once: a request
beyond them is answered at once with HTTP 503 and ``Retry-After``, so that a burst of
heavy requests never makes the page wait.

:class:`Processes` (what ``slitherasp serve`` uses) runs them in worker processes: an
action that does not stop (a grounding, a builder on a huge patch) is ended by ending
its process, :data:`GRACE` seconds after its limit or its client's departure, and a
fresh worker takes its place; a worker ends when the server does, even when the server
is killed. :class:`Threads` runs them in threads of the server's process (for tests and
embedding: nothing to start, but work that does not look at the deadline runs on).

>>> answer("share", {"puzzle": "1 1\\n4\\n"}, 5.0)
(200, {'text': 'https://puzz.link/p?slither/1/1/e'})
>>> answer("solve", {"puzzle": "edge(1,2"}, 5.0)[0]
400
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..model.stopping import end_with_parent, stop_when
from .words import GONE, Reply, answer, timed_out

GRACE = 0.5
"""Seconds an action may take to end after its time limit or its client's departure
before its worker is ended."""
WATCH = 0.2
"""Seconds between two looks at whether the client of a running action is still there."""
MEMORY = 3 * 2**30
"""Bytes of address space a worker process may use (a request that needs more gets
HTTP 400, and the machine keeps its memory)."""
RETRY_AFTER = 2
"""Seconds a refused request is told to wait (``Retry-After``)."""

Gone = Callable[[], Awaitable[bool]]


class Busy(Exception):
    """Every worker is busy: the request is refused (HTTP 503)."""


"""The answer to a request whose client went away (which nobody reads)."""


class Threads:
    """Actions in threads of this process, at most ``size`` at once."""

    def __init__(self, size: int = 4) -> None:
        self.size, self.busy = size, 0

    async def run(self, name: str, payload: dict[str, Any], limit: float, gone: Gone) -> Reply:
        from starlette.concurrency import run_in_threadpool

        if self.busy >= self.size:
            raise Busy
        self.busy += 1
        left = threading.Event()

        def work() -> Reply:
            with stop_when(left.is_set):
                return answer(name, payload, limit)

        try:
            task = asyncio.ensure_future(run_in_threadpool(work))
            while not task.done():
                await asyncio.wait({task}, timeout=WATCH)
                if not task.done() and await gone():
                    left.set()
            return task.result()
        finally:
            self.busy -= 1

    def close(self) -> None:
        """Nothing to end: threads end with their work."""


class Processes:
    """Actions in at most ``size`` worker processes (started when first needed)."""

    def __init__(self, size: int = 2) -> None:
        self.size, self.busy = size, 0
        self.idle: list[_Worker] = []
        self.all: set[_Worker] = set()

    async def run(self, name: str, payload: dict[str, Any], limit: float, gone: Gone) -> Reply:
        if self.busy >= self.size:
            raise Busy
        self.busy += 1
        worker = self.idle.pop() if self.idle else self._start()
        keep = False
        try:
            reply, keep = await self._ask(worker, (name, payload, limit), limit, gone)
            return reply
        finally:
            self.busy -= 1
            if keep:
                self.idle.append(worker)
            else:
                self._end(worker)

    async def _ask(self, worker: _Worker, job: tuple[str, dict[str, Any], float], limit: float,
                   gone: Gone) -> tuple[Reply, bool]:
        """Send the job and wait for its reply, ending the worker when it is late."""
        from . import api

        loop = asyncio.get_running_loop()
        ready = asyncio.Event()
        loop.add_reader(worker.conn.fileno(), ready.set)
        try:
            worker.conn.send(job)
            end, stopped = time.monotonic() + limit + api.FINISH.get(job[0], 0.0) + GRACE, False
            while not ready.is_set():
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(ready.wait(), WATCH)
                if ready.is_set():
                    break
                if not stopped and await gone():  # ask it to stop; end it if it cannot
                    stopped = True
                    worker.signal(signal.SIGUSR1)
                    end = min(end, time.monotonic() + GRACE)
                if time.monotonic() >= end:
                    return (timed_out(limit) if not stopped else GONE), False
            status, body, retire = worker.conn.recv()
            return (status, body), not retire
        except (EOFError, OSError):
            return (500, {"error": "Something went wrong: the work ended before its answer (out of memory?)."}), False
        finally:
            loop.remove_reader(worker.conn.fileno())

    def _start(self) -> _Worker:
        worker = _Worker()
        self.all.add(worker)
        return worker

    def _end(self, worker: _Worker) -> None:
        self.all.discard(worker)
        worker.end()

    def close(self) -> None:
        """End every worker (the server stops)."""
        for worker in list(self.all):
            self._end(worker)
        self.idle.clear()


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")  # no copy of the server's threads and event loop
        self.conn, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(theirs, os.getpid()), daemon=True,
                                       name="slitherasp-web-worker")
        self.process.start()
        theirs.close()

    def signal(self, signum: int) -> None:
        if self.process.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signum)

    def end(self) -> None:
        self.signal(signal.SIGKILL)
        self.process.join(1.0)
        self.conn.close()


def serve(conn: Any, parent: int) -> None:
    """A worker process's loop: jobs in, replies out, until the pipe closes or the
    server is gone. SIGUSR1 stops the job under way (its client has gone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal's Ctrl-C is for the server
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a worker ended by SIGTERM just ends
    stop = threading.Event()
    signal.signal(signal.SIGUSR1, lambda signum, frame: stop.set())
    end_with_parent(parent)
    _limit_memory()
    from ..solver import run as solver  # loaded before the first request, not during it
    from . import api

    while True:
        try:
            name, payload, limit = conn.recv()
        except (EOFError, OSError):
            return
        stop.clear()
        api.TIME_LIMIT = limit  # this process serves one request at a time: the actions' own limits
        with stop_when(stop.is_set):
            status, body = answer(name, payload, limit)
        retire = solver.abandoned()  # work left behind runs on: a fresh worker takes over
        conn.send((status, body, retire))
        if retire:
            os._exit(0)


def _limit_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    except (ImportError, ValueError, OSError):
        pass
