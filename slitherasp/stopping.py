"""Stopping long work from outside, as Ctrl-C stops it on the command line.

The web app cannot send Ctrl-C to the thread that serves a request, yet when the page
that asked goes away (the tab is closed, the user presses Cancel) the answer is no
longer wanted. Whoever starts the work says when it should stop with :func:`stop_when`; the
loops that run long (the solver waiting for clasp, the generator's removal tests, a
person's rules step by step) look at :func:`requested` and end as an interrupt does:
the result says ``interrupted``, never an exception. The predicate is held per thread
and task (a context variable), so two requests never stop each other.

>>> requested()
False
>>> with stop_when(lambda: True):
...     requested()
True
>>> requested()
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["requested", "stop_when"]

_STOP: ContextVar[Callable[[], bool] | None] = ContextVar("slitherasp_stop", default=None)


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


def requested() -> bool:
    """Whether the work running in this thread should stop now."""
    predicate = _STOP.get()
    return predicate is not None and bool(predicate())
