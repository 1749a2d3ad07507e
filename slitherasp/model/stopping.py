"""Stopping long work from outside: Ctrl-C, a page that went away, or a time limit.

The web app cannot send Ctrl-C to the thread that serves a request, yet when the page
that asked goes away (the tab is closed, the user presses Cancel) the answer is no
longer wanted. Whoever starts the work says when it should stop with :func:`stop_when`,
and by when it must end with :func:`deadline`; the loops that run long (the solver
waiting for clasp, the generator's removal tests, a person's rules step by step, the
builders of big tilings) look at :func:`requested` and end as an interrupt does: the
result says ``interrupted`` (or ``timed_out``, when :func:`reason` is ``"time"``),
never an exception. Both are held per thread and task (context variables), so two
requests never stop each other. Deadlines nest: the inner one never outlasts the outer.

>>> requested()
False
>>> with stop_when(lambda: True):
...     requested(), reason()
(True, 'interrupt')
>>> with deadline(0):
...     requested(), reason(), left()
(True, 'time', 0.0)
>>> with deadline(60), deadline(3600):
...     round(left())
60
>>> requested(), left()
(False, None)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["StoppedError", "check", "deadline", "end_with_parent", "left", "reason", "requested", "stop_when",
           "terminate_as_interrupt"]

_STOP: ContextVar[Callable[[], bool] | None] = ContextVar("slitherasp_stop", default=None)
_END: ContextVar[float | None] = ContextVar("slitherasp_deadline", default=None)


class StoppedError(Exception):
    """Work that has no partial result to give (building a tiling, reading a puzzle)
    stopped because :func:`requested` became true; ``reason`` is ``"time"`` or
    ``"interrupt"``. Callers that can say what they found catch it."""

    def __init__(self, why: str) -> None:
        self.reason = why
        super().__init__("the time limit ran out" if why == "time" else "stopped on request")


@contextmanager
def stop_when(predicate: Callable[[], bool]) -> Iterator[None]:
    """Within the block, work in this thread stops soon after ``predicate()`` is true
    (it is asked every few tens of milliseconds while the solver runs, and between
    steps elsewhere)."""
    token = _STOP.set(predicate)
    try:
        yield
    finally:
        _STOP.reset(token)


@contextmanager
def deadline(seconds: float | None, *, start: float | None = None) -> Iterator[None]:
    """Within the block, :func:`requested` is true once ``seconds`` have passed since
    ``start`` (a ``time.perf_counter()`` value; default now). None: no limit of its
    own (an outer deadline still holds)."""
    if seconds is None:
        yield
        return
    end = (time.perf_counter() if start is None else start) + seconds
    outer = _END.get()
    token = _END.set(end if outer is None else min(end, outer))
    try:
        yield
    finally:
        _END.reset(token)


def left() -> float | None:
    """Seconds left before the deadline in force (0.0 once past), None without one."""
    end = _END.get()
    return None if end is None else max(0.0, end - time.perf_counter())


def reason() -> str | None:
    """Why work should stop now: ``"interrupt"`` (the predicate of :func:`stop_when`:
    Ctrl-C, a page gone), ``"time"`` (the deadline passed), or None."""
    predicate = _STOP.get()
    if predicate is not None and predicate():
        return "interrupt"
    end = _END.get()
    if end is not None and time.perf_counter() >= end:
        return "time"
    return None


def requested() -> bool:
    """Whether the work running in this thread should stop now."""
    return reason() is not None


def check() -> None:
    """Raise :class:`StoppedError` if the work should stop now (for loops that have
    nothing partial to return)."""
    why = reason()
    if why is not None:
        raise StoppedError(why)


def end_with_parent(parent: int, every: float = 0.25) -> None:
    """In a worker process: end it (``os._exit``) soon after its parent ``parent`` (a
    pid) is gone, even killed, whatever the worker is doing or waiting for (a worker
    blocked on a pipe whose other end it holds itself would wait forever)."""
    import os
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="slitherasp-orphan-watch", daemon=True).start()


def terminate_as_interrupt() -> None:
    """From now on SIGTERM (``kill``, ``timeout``, a service manager) raises
    ``KeyboardInterrupt`` as Ctrl-C does, so a command it ends says so in one line and
    keeps what it found; only in the main thread, and only where SIGTERM has no handler
    of its own (the command line's entry points call it)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, signal.default_int_handler)
