"""How many clue placements of a patch exactly one loop fits, without listing them:
the frontier method carried over to sets of loops (``census --method frontier``).

A *placement* gives some cells a clue; it is uniquely solvable when exactly one loop
uses, around every clued cell, as many edges as its clue says. The loops are read as
an automaton over the cells: the frontier method (:mod:`slitherasp.counting.frontier`) with a
counter for every open cell, each state remembering the loops' part so far, and each
cell, when its last edge is seen, emitting its count. A placement is a word over the
cells (no clue, or a value), and the loops that fit it are the automaton's runs
that emit the clued cells' values; the patch's unique placements are the words with
exactly one accepting run. They are counted by the subset construction, over words
of equal effect at once: after each cell, each placement so far is summarised by the
*set* of states its fitting partial loops are in, each marked 1 or "2 or more" loops
(all that matters of the number of runs), and placements with equal summaries are
merged with their number. At the last edge, a summary with the finished loop marked 1
is a unique placement, times its number.

Before that, states with equal futures are merged (a backward pass: two states
whose successors, with the counts they emit, are the same classes, are one class), so
a summary is a set of classes, kept as two Python integers used as bit sets (the
classes reached, and those reached twice). The cost is the number of summaries, which
grows about 2.2-2.6 times per cell of a square patch's middle and collapses over the
last column, where few futures are left: 4x4 keeps at most 246,666 summaries, 5x4
about 5 million, and a 5x5 would need some 10^9, beyond this method.

>>> from slitherasp import tilings
>>> unique_placements(tilings.build("square", 2, 2))   # every placement a 2x2 has
93
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..model import Puzzle
from ..model.stopping import StoppedError, reason
from .frontier import moves
from .sweep import Step, Sweep, sweep

__all__ = ["Automaton", "automaton", "unique_placements"]

State = tuple[int, ...]
Label = tuple[int, ...]
"""The counts of the cells an edge completes (none, one or two)."""
DONE = -1
"""The first slot of a state whose loop is closed: its other slots are counters."""


class Automaton:
    """The loops of a patch as layers of classes: ``layers[i][k]`` lists, for class
    ``k`` before edge ``i`` of ``plan``, the pairs ``(label, class after the edge)`` of
    its successors (with repeats, one per way); class 0 of the last layer is the
    finished loop. ``loops`` is the number of accepting paths, the patch's loops."""

    def __init__(self, layers: list[list[tuple[tuple[Label, int], ...]]], loops: int, plan: Sweep) -> None:
        self.layers = layers
        self.loops = loops
        self.plan = plan


def automaton(puzzle: Puzzle, plan: Sweep | None = None) -> Automaton:
    """The loop automaton of ``puzzle``, each cell counted, its states merged into
    classes of equal future (see the module).

    >>> from slitherasp import tilings
    >>> a = automaton(tilings.build("square", 2, 1))
    >>> a.loops, len(a.layers), max(len(layer) for layer in a.layers)
    (3, 7, 3)
    """
    plan = plan or sweep(puzzle, range(len(puzzle.cells)))
    layers: list[list[list[tuple[Label, int]]]] = []
    current: dict[State, int] = {(): 0}
    for step in plan.steps:
        following: dict[State, int] = {}
        table = []
        for state in current:
            table.append([(label, following.setdefault(nxt, len(following)))
                          for label, nxt in _successors(state, step)])
        layers.append(table)
        current = following
        if reason() is not None:
            raise StoppedError(reason() or "interrupt")
    classes = [0 if state == (DONE,) else -1 for state in current]
    merged: list[list[tuple[tuple[Label, int], ...]]] = []
    for table in reversed(layers):
        if reason() is not None:
            raise StoppedError(reason() or "interrupt")
        names: dict[tuple[tuple[Label, int], ...], int] = {}
        rows: list[tuple[tuple[Label, int], ...]] = []
        mine = []
        for out in table:
            key = tuple(sorted((label, classes[t]) for label, t in out if classes[t] >= 0))
            if not key:
                mine.append(-1)
                continue
            if key not in names:
                names[key] = len(rows)
                rows.append(key)
            mine.append(names[key])
        merged.append(rows)
        classes = mine
    merged.reverse()
    return Automaton(merged, _paths(merged), plan)


def _successors(state: State, step: Step) -> Iterator[tuple[Label, State]]:
    """The states after ``step``'s edge (off, then on), each with the counts of the
    cells it completes."""
    before = step.vertices + len(step.leaving)  # vertex slots while the edge is seen
    done = bool(state) and state[0] == DONE
    if done:
        body = list(state[1:]) + [0] * len(step.new_cells)
        shift = -before  # a closed loop has no vertex slots: its counters move down
    else:
        body = list(state[:step.insert]) + [0] * step.new_vertices + list(state[step.insert:])
        body += [0] * len(step.new_cells)
        shift = 0
    closing = sorted(j + shift for j in step.closing)
    label = tuple(body[j] for j in closing)
    keep = None if step.keep is None else [j + shift for j in step.keep if j + shift >= 0]
    if done:
        yield label, (DONE, *_kept(body, keep))
        return
    off, on, closes = moves(tuple(body[:before]), step.u, step.v, step.leaving)
    if off is not None:
        yield label, _kept(_renumbered(body, step), keep)
    if on is None and not closes:
        return
    for j, _ in step.counters:
        body[j] += 1
    label = tuple(body[j] for j in closing)
    if closes:
        yield label, (DONE, *(body[j] for j in range(before, len(body)) if j not in closing))
        return
    body[:before] = on  # type: ignore[index]
    yield label, _kept(_renumbered(body, step), keep)


def _renumbered(body: list[int], step: Step) -> list[int]:
    """``body`` with its vertex slots' partners renumbered for after ``step`` (the
    leaving slots go)."""
    if not step.leaving:
        return body
    out = list(body)
    for j in range(len(step.renumber)):
        if out[j] >= 2:
            out[j] = step.renumber[out[j] - 2] + 2
    return out


def _kept(body: Sequence[int], keep: Sequence[int] | None) -> State:
    return tuple(body) if keep is None else tuple(body[j] for j in keep)


def _paths(layers: Sequence[Sequence[tuple[tuple[Label, int], ...]]]) -> int:
    """The number of accepting paths (loops) of the merged layers."""
    ways = [1]
    for rows in layers:
        nxt: dict[int, int] = {}
        for k, row in enumerate(rows):
            for _, t in row:
                nxt[t] = nxt.get(t, 0) + ways[k]
        ways = [nxt.get(t, 0) for t in range(1 + max(nxt, default=-1))]
    return ways[0] if ways else 0


def unique_placements(puzzle: Puzzle, machine: Automaton | None = None,
                      progress: Callable[[int, int, int], None] | None = None, chunk: int = 1 << 17) -> int:
    """How many non-empty clue placements of ``puzzle`` (its clues ignored) exactly
    one loop fits. ``progress(edge, edges, summaries)`` is told after each edge; a
    time limit or an interrupt (:mod:`slitherasp.model.stopping`) raises
    :class:`~slitherasp.model.stopping.StoppedError` (there is no partial count).

    The summaries are the columns of a numpy array, one row per class (0, 1, or 2
    for two or more), ``chunk`` columns at a time; their numbers of placements are
    Python integers (they pass 2^63 on 25 cells)."""
    import numpy as np

    machine = machine or automaton(puzzle)
    if machine.loops == 0:  # no loop at all: the first layer has no live class either
        return 0
    sets = np.ones((1, 1), dtype=np.uint8)  # class 0 of the first layer, reached once
    ways = np.ones(1, dtype=object)
    for i, rows in enumerate(machine.layers):
        width = 1 + max((t for row in rows for _, t in row), default=-1)
        sources = _sources(rows)
        parts = []
        for at in range(0, sets.shape[1], chunk):
            if reason() is not None:
                raise StoppedError(reason() or "interrupt")
            parts.append(_merged(list(_branches(sets[:, at:at + chunk], ways[at:at + chunk], sources, width))))
        packed, ways = _merged(parts)
        sets = _unpack(packed, width)
        if progress is not None:
            progress(i + 1, len(machine.layers), sets.shape[1])
    unique = sum(w for one, w in zip(sets[0], ways) if one == 1)
    return int(unique) - (machine.loops == 1)  # the empty placement fits every loop


def _sources(rows: Sequence[tuple[tuple[Label, int], ...]]) -> dict[Label, dict[int, list[int]]]:
    """For each label, each class after the edge and the classes before it that lead
    there (once per way)."""
    out: dict[Label, dict[int, list[int]]] = {}
    for k, row in enumerate(rows):
        for label, t in row:
            out.setdefault(label, {}).setdefault(t, []).append(k)
    return out


def _branches(sets: Any, ways: Any, sources: dict[Label, dict[int, list[int]]],
              width: int) -> Iterator[tuple[Any, Any]]:
    """The summaries after one edge of the columns ``sets``: moved along the edge,
    then split by the placement of each cell the edge completes (no clue, or a count
    that occurs), packed (:func:`_pack`), with the numbers of placements ``ways``;
    empty ones dropped."""
    import numpy as np

    moved = {}
    for label, into in sources.items():
        part = np.zeros((width, sets.shape[1]), dtype=np.uint8)
        for t, ks in into.items():
            if len(ks) == 1:
                part[t] = sets[ks[0]]
            elif len(ks) == 2:
                np.minimum(sets[ks[0]] + sets[ks[1]], 2, out=part[t])
            else:
                part[t] = np.minimum(sets[ks].sum(axis=0, dtype=np.uint16), 2)
        moved[label] = part
    cells = len(next(iter(moved))) if moved else 0
    values = [sorted({label[j] for label in moved}) for j in range(cells)]
    for choice in itertools.product(*[[None, *v] for v in values]):
        fits = [part for label, part in moved.items() if all(c is None or c == x for c, x in zip(choice, label))]
        if not fits:
            continue
        total = fits[0] if len(fits) == 1 else np.minimum(np.sum(fits, axis=0, dtype=np.uint16), 2).astype(np.uint8)
        live = total.any(axis=0)
        yield _pack(total[:, live]), ways[live]


def _merged(parts: list[tuple[Any, Any]]) -> tuple[Any, Any]:
    """One row per distinct packed summary among ``parts``, its numbers of placements
    summed. Summaries are told apart by a 64-bit hash, and the members of each group
    are checked equal (after a collision, they are sorted whole)."""
    import numpy as np

    parts = [p for p in parts if len(p[1])]
    if not parts:
        return np.zeros((0, 1), dtype=np.uint64), np.zeros(0, dtype=object)
    packed = np.concatenate([p for p, _ in parts])
    ways = np.concatenate([w for _, w in parts])
    mix = np.array([(0x9E3779B97F4A7C15 * (2 * j + 1)) % 2**64 for j in range(packed.shape[1])], dtype=np.uint64)
    _, first, inverse = np.unique((packed * mix).sum(axis=1, dtype=np.uint64), return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    if not (packed == packed[first[inverse]]).all():
        rows = packed.view(np.dtype((np.void, packed.shape[1] * 8))).ravel()
        _, first, inverse = np.unique(rows, return_index=True, return_inverse=True)
        inverse = inverse.ravel()
    total = np.zeros(len(first), dtype=object)
    np.add.at(total, inverse, ways)
    return packed[first], total


def _pack(sets: Any) -> Any:
    """Each column of 0, 1 and 2 as a row of 64-bit words (five classes a byte, in
    base 3), for numpy to hash and compare."""
    import numpy as np

    groups = -(-sets.shape[0] // 5)
    words = -(-groups // 8)
    out = np.zeros((words * 8, sets.shape[1]), dtype=np.uint8)
    for j, weight in enumerate((1, 3, 9, 27, 81)):
        digits = sets[j::5]
        out[:len(digits)] += digits * np.uint8(weight)
    return np.ascontiguousarray(out.T).view(np.uint64)


def _unpack(packed: Any, width: int) -> Any:
    """The columns of 0, 1 and 2 that :func:`_pack` packed."""
    import numpy as np

    rows = np.ascontiguousarray(packed.view(np.uint8).T)
    sets = np.zeros((width, packed.shape[0]), dtype=np.uint8)
    for j, weight in enumerate((1, 3, 9, 27, 81)):
        digits = sets[j::5]
        digits[:] = (rows[:len(digits)] // weight) % 3
    return sets
