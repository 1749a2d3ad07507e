"""Counting a puzzle's answers without listing them: the frontier method.

The loops of a graph are counted as Knuth's ZDD construction for simple cycles and
Jensen's transfer matrices count them (the method behind OEIS A140517 and A231829):
the edges are processed in an order (:mod:`slitherasp.counting.sweep`), and every way of
deciding the edges so far that can still become the loop is summarised by its *state*,
a tuple with one slot per frontier vertex (``0``: no edge yet; ``1``: two edges, done;
``p + 2``: one edge, and the other end of its path is in slot ``p``, so that equal
situations are equal tuples) and, for each open clued cell, how many of its edges the
loop still needs. A dictionary maps each state to its number of ways; each edge makes
a new one (the edge off, or on), so the count costs the number of states times the
number of edges, and memory the number of states times their length. A path whose two
ends meet closes the loop: it counts if no other path is open and every clue is met.

The frontier's width bounds the states (:func:`slitherasp.counting.sweep.state_bound`):
an ``n x n`` square board has at most ``n + 2`` frontier vertices, so a clue-less 8x8
takes a minute where listing its 2.3e15 loops never ends; clues only remove states. A
puzzle whose frontier is wide (a 20x20) is the solver's: :func:`choose` says which
method fits, from the sweep's cost alone (or, where only the clues' counters make the
cost high, lists the answers briefly first).

>>> from slitherasp import tilings
>>> count(tilings.build("square", 3, 3)).answers     # OEIS A140517(4)
213
>>> count(tilings.build("square", 2, 2).with_clues([3, None, None, 3])).answers
2
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from ..model import Puzzle
from ..model.stopping import StoppedError, reason
from .sweep import Step, Sweep, best_order, steps_of, sweep

__all__ = ["FRONTIER_COST", "MAX_STATES", "Counted", "choose", "count", "moves"]

FRONTIER_COST = 20.0
"""The largest sweep cost (log2 of the bound on the states at one edge) that
:func:`choose` gives to the frontier method: a million states at most, a minute."""

MAX_STATES = 3_000_000
"""Where :func:`count` stops (``stopped="states"``): a few hundred bytes a state."""


@dataclass(frozen=True)
class Counted:
    """A frontier count: ``answers`` (all of them when ``exact``; else a lower bound,
    the loops closed before ``stopped`` ended it: ``"time"``, ``"interrupt"``, or
    ``"states"``, more than it may keep), the sweep's ``width`` and the most ``states``
    kept at once."""

    answers: int
    exact: bool
    width: int
    states: int
    seconds: float
    stopped: str | None = None


def choose(puzzle: Puzzle) -> tuple[str, Sweep | None]:
    """``("frontier", its sweep)`` when the frontier method's bound on its states is
    small (:data:`FRONTIER_COST`); ``("enumerate first", None)`` when only the
    clues' counters push the bound past it (the loops' own bound is small: clues remove
    far more states than their counters add, so the sweep often ends, yet a puzzle of
    few answers is the solver's at once: list them briefly, then sweep); else
    ``("enumerate", None)``: the solver lists the answers, which is fast when there are
    few, and a wide frontier would not end.

    >>> from slitherasp import tilings
    >>> choose(tilings.build("square", 6, 6))[0], choose(tilings.build("square", 30, 30))[0]
    ('frontier', 'enumerate')
    """
    clued = [c for c, k in enumerate(puzzle.clues) if k is not None]
    cost, order, name = best_order(puzzle, cap=FRONTIER_COST)
    if cost <= FRONTIER_COST:
        return "frontier", steps_of(puzzle, order, clued, name)
    if best_order(puzzle, counted=[], cap=FRONTIER_COST)[0] <= FRONTIER_COST:
        return "enumerate first", None  # then :func:`~.sweep.sweep`: the order of least bound, counters and all
    return "enumerate", None


def count(puzzle: Puzzle, plan: Sweep | None = None, progress: Callable[[int, int], None] | None = None,
          max_states: int | None = None) -> Counted:
    """Count the answers of ``puzzle`` (a loop through its edges meeting every clue).
    ``progress(done, edges)`` is told after each edge. A time limit or an interrupt
    (:mod:`slitherasp.model.stopping`), or more than ``max_states`` states (default
    :data:`MAX_STATES`), ends it with the loops closed so far."""
    start = time.perf_counter()
    most = MAX_STATES if max_states is None else max_states
    try:
        plan = plan or sweep(puzzle)
    except StoppedError as stop:  # still choosing an order: nothing counted yet
        return Counted(0, False, 0, 0, time.perf_counter() - start, stop.reason)
    clues = puzzle.clues
    base = plan.width + 2  # counters are kept as base + what their cell still needs
    size = base + 1 + max(map(len, puzzle.cell_edges), default=0)
    states: dict[tuple[int, ...], int] = {(): 1}
    total = peak = 0
    for i, step in enumerate(plan.steps):
        first = tuple(base + clues[c] for c in step.new_cells)  # type: ignore[operator]
        closes_ok = all(clues[c] == 0 for c in step.unopened)
        states, closed = _advance(states, step, first, closes_ok, base, size)
        total += closed
        peak = max(peak, len(states))
        why = reason() or ("states" if peak > most else None)
        if why is not None:
            return Counted(total, False, plan.width, peak, time.perf_counter() - start, why)
        if progress is not None:
            progress(i + 1, len(plan.steps))
    return Counted(total, True, plan.width, peak, time.perf_counter() - start)


def _advance(states: dict[tuple[int, ...], int], step: Step, first: tuple[int, ...], closes_ok: bool,
             base: int, size: int) -> tuple[dict[tuple[int, ...], int], int]:
    """The states after ``step``'s edge, and the loops it closes."""
    new: dict[tuple[int, ...], int] = {}
    closed = 0
    add = (0,) * step.new_vertices
    at, u, v, leaving = step.insert, step.u, step.v, step.leaving
    heads = step.vertices + len(leaving)
    limits = [(j, base + left) for j, left in step.counters]
    finish = _finisher(step, size)
    memo: dict[tuple[int, ...], tuple[tuple[int, ...] | None, tuple[int, ...] | None, bool]] = {}
    for n, (state, ways) in enumerate(states.items()):
        if not n & 0xFFF and n and reason() is not None:
            break  # the caller sees why; the loops closed so far still count
        if add or first:
            state = state[:at] + add + state[at:] + first
        head = state if len(state) == heads else state[:heads]
        move = memo.get(head)
        if move is None:
            move = memo[head] = moves(head, u, v, leaving)
        off, on, closes = move
        if off is not None and (not limits or all(state[j] <= top for j, top in limits)):
            s = finish(state)
            new[s] = new.get(s, 0) + ways
        if on is None and not closes:
            continue
        if limits:
            body = list(state)
            for j, _ in limits:
                body[j] -= 1
            if not all(base <= body[j] <= top for j, top in limits):
                continue
            if closes:
                closed += ways if closes_ok and all(x == base for x in body[heads:]) else 0
                continue
            body[:heads] = on  # type: ignore[index]
            s = finish(body)
        elif closes:
            closed += ways if closes_ok and all(x == base for x in state[heads:]) else 0
            continue
        else:
            s = finish(on if len(state) == heads else on + state[heads:])  # type: ignore[operator]
        new[s] = new.get(s, 0) + ways
    return new, closed


def _finisher(step: Step, size: int) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A function from a state (tuple or list) during ``step`` to the state after it:
    the leaving slots dropped, the partners' slot numbers renumbered to match (values
    up to ``size``: the counters', above the slot numbers, stay)."""
    if step.keep is None:
        return tuple
    pick = _getter(step.keep)
    if not step.leaving:
        return pick
    table = list(range(size))
    for j, new in enumerate(step.renumber):
        if new >= 0:
            table[j + 2] = new + 2
    look = table.__getitem__
    return lambda state: tuple(map(look, pick(state)))


def _getter(keep: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A function picking the slots ``keep`` of a tuple or list, as a tuple."""
    if not keep:
        return lambda s: ()
    if len(keep) == 1:
        j = keep[0]
        return lambda s: (s[j],)
    return itemgetter(*keep)  # type: ignore[return-value]


def moves(head: tuple[int, ...], u: int, v: int,
          leaving: tuple[int, ...]) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None, bool]:
    """For the vertex slots ``head`` (0: no edge yet, 1: two edges, ``p + 2``: one
    edge, the other end of its path in slot ``p``): the slots with the edge from
    ``u`` to ``v`` off (None when a leaving vertex has one edge) and on (None when that
    is impossible or closes the loop), and whether on closes the loop (the ends of one
    path meet, and no other path is open). The leaving slots stay in: the caller
    drops them and renumbers (:attr:`Step.renumber`).

    >>> moves((0, 0), 0, 1, ())          # a new path from slot 0 to slot 1
    ((0, 0), (3, 2), False)
    >>> moves((3, 2), 0, 1, (0, 1))      # its two ends meet: the loop closes
    (None, None, True)
    """
    off: tuple[int, ...] | None = head
    for j in leaving:
        if head[j] >= 2:
            off = None
    a, b = head[u], head[v]
    if a == 1 or b == 1:
        return off, None, False
    body = list(head)
    if a == v + 2:  # the ends of one path meet
        body[u] = body[v] = 1
        return off, None, max(body) < 2
    if a == 0 and b == 0:
        body[u], body[v] = v + 2, u + 2
    elif a == 0:  # the path ending at v grows to u
        body[u], body[b - 2], body[v] = b, u + 2, 1
    elif b == 0:
        body[v], body[a - 2], body[u] = a, v + 2, 1
    else:  # two paths become one
        body[a - 2], body[b - 2], body[u], body[v] = b, a, 1, 1
    for j in leaving:
        if body[j] >= 2:
            return off, None, False
    return off, tuple(body), False
