"""Reasons: what each fact on the board was deduced from, recorded only when asked
(explanations, hints). A board with a :class:`Why` calls it for every fact: an edge
settled, a corner narrowed, two edges or two faces related. Edges and clues are the
facts a reason is made of; corners and relations stand for the edges and clues they
came from (:meth:`Why.expand`).

Fact numbers are the board's: edge ``e`` is ``e``, the clue of cell ``c`` is
``-1 - c``, corner ``k`` is ``edges + k``, and the ``i``-th relation of two classes
is ``edges + corners + i``.

>>> from slitherasp import tilings
>>> from .engine import Rules
>>> p = tilings.build("square", 1, 1).with_clues([4])
>>> why = Why()
>>> board = Rules(p, (1,), why)
>>> board.run()
>>> [(s.settles, s.premises) for s in why.steps]
[(((0, True), (1, True), (2, True), (3, True)), (-1,))]
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Event", "Why"]


@dataclass(frozen=True)
class Event:
    """One rule application that settled edges: what it settled, its level, the
    place it looked at (a cell, vertex, class or corner number of the board, -1 the
    loop or the whole board) and its premises (facts)."""

    settles: tuple[tuple[int, bool], ...]
    level: int
    place: int
    premises: tuple[int, ...]
    clock: int
    """Edges settled before it (what its premises may stand for)."""


class Why:
    """The premises of every fact of one board, and its steps in order."""

    def __init__(self) -> None:
        self.steps: list[Event] = []
        self.board = None
        self._open: list[tuple[int, bool]] = []
        self._key: tuple[int, ...] | None = None
        self._meta: tuple[int, int] = (0, -1)
        self.derived: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        """Premises of corners (each narrowing adds some) and relations, each with the
        clock when it was recorded."""
        self.level_of: dict[int, int] = {}
        """The level each corner and relation was found at (the highest of its narrowings)."""
        self.joins: dict[str, dict[int, list[tuple[int, int]]]] = {"edge": {}, "face": {}}
        """For edges and faces, the relations as a forest: item -> [(other, fact)]."""
        self.next_join = 0
        self.clock = 0
        self._start = 0

    def attach(self, board) -> None:  # type: ignore[no-untyped-def]
        self.board = board
        self.base = board.m + len(board.shape.corner_edges)

    # -- recording --------------------------------------------------------------------
    def fact(self, fact: int, premises: tuple[int, ...], mask: int = 0) -> None:
        board = self.board
        if fact < board.m:  # an edge: part of the running step, or the first of a new one
            meta = (board.level, getattr(board, "here", -1))
            if premises is not self._key or meta != self._meta:
                self.flush()
                self._key, self._meta, self._start = premises, meta, self.clock
            self._open.append((fact, bool(board.state[fact])))
            self.clock += 1
            return
        self.derived.setdefault(fact, []).append((self.clock, premises))
        self.level_of[fact] = max(self.level_of.get(fact, 0), board.level)

    def join(self, kind: str, a: int, b: int, odd: int, premises: tuple[int, ...]) -> None:
        fact = self.base + self.next_join
        self.next_join += 1
        self.derived[fact] = [(self.clock, premises)]
        self.level_of[fact] = self.board.level
        forest = self.joins[kind]
        forest.setdefault(a, []).append((b, fact))
        forest.setdefault(b, []).append((a, fact))

    def flush(self) -> None:
        """Close the step being recorded."""
        if self._open:
            level, place = self._meta
            self.steps.append(Event(tuple(self._open), level, place, self._key or (), self._start))
            self._open = []
        self._key = None

    # -- reading ------------------------------------------------------------------------
    def relation(self, a: int, b: int, kind: str = "edge") -> tuple[int, ...]:
        """The relations (facts) on the path that relates ``a`` and ``b``."""
        if a == b:
            return ()
        forest = self.joins[kind]
        back: dict[int, tuple[int, int]] = {a: (-1, -1)}
        todo = [a]
        while todo:
            x = todo.pop()
            for y, fact in forest.get(x, ()):
                if y not in back:
                    back[y] = (x, fact)
                    if y == b:
                        path = []
                        while y != a:
                            y, fact = back[y]
                            path.append(fact)
                        return tuple(path)
                    todo.append(y)
        return ()

    def expand(self, premises: tuple[int, ...], upto: int) -> tuple[set[int], set[int], int]:
        """The clues and edges a step's premises stand for (corners and relations
        replaced by what they came from, as recorded when ``upto`` edges were
        settled), and the highest level among the facts it went through."""
        m = self.board.m
        clues: set[int] = set()
        edges: set[int] = set()
        seen: set[int] = set()
        level = 0
        todo = list(premises)
        while todo:
            f = todo.pop()
            if f < 0:
                clues.add(-1 - f)
            elif f < m:
                edges.add(f)
            elif f not in seen:
                seen.add(f)
                level = max(level, self.level_of.get(f, 0))
                for clock, ps in self.derived.get(f, ()):
                    if clock <= upto:
                        todo.extend(ps)
        return clues, edges, level
