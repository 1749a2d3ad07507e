"""Time limits and Ctrl-C that hold for every command, in wall time.

A command marked stoppable (:func:`stoppable`) runs under the deadline of its
``--time-limit``, counted from the start of the process, and under a stop request that
Ctrl-C sets (:mod:`slitherasp.model.stopping`): the loops that run long look at both and end
with what they found, which the command prints (exit 124 or 130). Ctrl-C (and SIGTERM,
taken as Ctrl-C) raises no exception in such a command, so no half-finished clingo call
is torn apart.

Some work cannot look (a clingo call preparing a huge program, a reader on a huge
file). A watchdog thread, which learns of Ctrl-C at once through the signal wake-up
file even while the main thread is inside C code, ends the process :data:`GRACE`
seconds after the deadline or the first Ctrl-C if the command has not ended by then,
and at once on a second Ctrl-C: one line on standard error (and, with ``--json``, the
object of an unknown result), exit 124 or 130.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..model.stopping import deadline, stop_when
from . import common
from .common import Exit

_CAUGHT = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a command: Ctrl-C, and SIGTERM, which the entry point takes
as Ctrl-C (:func:`~slitherasp.model.stopping.terminate_as_interrupt`)."""

GRACE = 0.8
"""Seconds a command may take to end after its deadline or Ctrl-C before the watchdog
ends the process."""


def stoppable(p: argparse.ArgumentParser, finish: float = 0.0, when: Any = None) -> None:
    """Mark a command as one that ends cleanly on its deadline and on Ctrl-C (when
    ``when(args)``, if given, is true); ``finish``: seconds it may still work after its
    ``--time-limit`` to finish what it keeps (``generate`` grades the puzzle so far)."""
    p.set_defaults(stoppable=when or True, finish=finish)


@contextmanager
def watched(args: argparse.Namespace) -> Iterator[None]:
    """Run the command in the block under its time limit and Ctrl-C (see the module)."""
    marked = getattr(args, "stoppable", False)
    if not (marked(args) if callable(marked) else marked):
        yield
        return
    limit = getattr(args, "time_limit", None)
    limit = None if limit is None else limit + getattr(args, "finish", 0.0)
    if threading.current_thread() is not threading.main_thread():
        with deadline(limit, start=common.STARTED):
            yield
        return
    common.Said.begun = False
    flag = threading.Event()
    done = threading.Event()
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    caught = _CAUGHT if signal.getsignal(signal.SIGTERM) is signal.default_int_handler else (signal.SIGINT,)
    previous = {s: signal.signal(s, lambda signum, frame: flag.set()) for s in caught}
    previous_fd = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
    end = None if limit is None else common.STARTED + limit
    dog = threading.Thread(target=_watch, args=(wake_r, flag, done, end, args), name="slitherasp-watchdog",
                           daemon=True)
    dog.start()
    try:
        with stop_when(flag.is_set), deadline(limit, start=common.STARTED):
            yield
    finally:
        done.set()
        signal.set_wakeup_fd(previous_fd)
        for s, handler in previous.items():
            signal.signal(s, handler)
        os.write(wake_w, b"\0")  # wakes the watchdog, which sees it is done
        dog.join()
        os.close(wake_r)
        os.close(wake_w)


def _watch(wake: int, flag: threading.Event, done: threading.Event, end: float | None,
           args: argparse.Namespace) -> None:
    """The watchdog's loop: see the module."""
    hard = None if end is None else end + GRACE
    signals = 0
    while not done.is_set():
        now = time.perf_counter()
        if hard is not None and now >= hard and common.Said.writing and signals < 2:
            hard = now + GRACE  # the result is being printed: let it end (a second Ctrl-C still does)
        elif hard is not None and now >= hard:
            _leave(Exit.INTERRUPT if signals else Exit.TIMEOUT, args)
        ready, _, _ = select.select([wake], [], [], 0.1 if hard is None else min(0.1, hard - now))
        if ready:
            got = os.read(wake, 64)
            if done.is_set():
                return
            interrupts = sum(got.count(s) for s in _CAUGHT)
            if interrupts:
                flag.set()
                signals += interrupts
                if signals > 1:
                    _leave(Exit.INTERRUPT, args)
                late = time.perf_counter() + GRACE
                hard = late if hard is None else min(hard, late)


def unknown_json(args: argparse.Namespace, code: Exit) -> dict[str, Any] | None:
    """What a command run with ``--json`` prints when it is ended before its result:
    the object its parser names as ``unknown`` (``hint``: its own, verdict unknown),
    else solve's ``UNKNOWN`` object; None without ``--json`` or an instance."""
    instance = getattr(args, "instance", None)
    if not getattr(args, "json", False) or not isinstance(instance, str):
        return None
    own = getattr(args, "unknown", None)
    if own is not None:
        return dict(own(args))
    why = "interrupted" if code == Exit.INTERRUPT else "timed_out"
    return {"instance": instance, "result": "UNKNOWN", why: True}


def _leave(code: Exit, args: argparse.Namespace) -> None:
    """End the process now: the command did not end within :data:`GRACE`."""
    what = "interrupted" if code == Exit.INTERRUPT else "the time limit ran out"
    try:
        sys.stdout.flush()
        known = None if common.Said.begun else unknown_json(args, code)  # never a second result
        if known is not None:
            sys.stdout.write(json.dumps(known) + "\n")
            sys.stdout.flush()
        erase = "\r\x1b[K" if common.on_terminal() else ""  # a progress line may be drawn
        sys.stderr.write(f"{erase}slitherasp: {what}; the work under way could not stop sooner and is abandoned\n")
        sys.stderr.flush()
    finally:
        os._exit(int(code))
