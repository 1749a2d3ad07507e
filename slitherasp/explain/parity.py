"""Inside and outside: the parity rule (level 4 of :mod:`.deduce`).

On a disc every face is inside or outside the loop, and an edge is a line exactly
when its two faces differ. Settled edges relate faces (a cross: the same side; a
line: opposite sides; the outside of the patch is a face too), kept in
:attr:`Board.colours`. Two things follow:

* an open edge between related faces is settled (a line when they differ);
* a clue counts the neighbours on the other side: open edges whose neighbouring
  faces are related to each other move together, and counting over those groups
  may force some of them.

>>> from slitherasp import tilings
>>> from .board import Board
>>> p = tilings.build("square", 2, 1)
>>> b = Board(p)
>>> for e in (0, 2, 3, 4, 5, 6): b.settle(e, False)
>>> parity_deduction(p, b, []).settles     # both squares are outside: no line between them
((1, False),)
"""

from __future__ import annotations

from collections import deque
from itertools import product

from ..model import Puzzle
from .board import UNKNOWN, Board


def parity_deduction(puzzle: Puzzle, board: Board, clued: list[int]):  # type: ignore[no-untyped-def]
    """The first parity deduction on the board, or None."""
    from .deduce import Deduction

    colours = board.colours
    for e, s in enumerate(board.state):
        if s != UNKNOWN:
            continue
        f, g = board.sides(e)
        relation = colours.relation(f, g)
        if relation is not None:
            return Deduction(((e, relation == 1),), 4, "parity", frozenset(), frozenset(_path(puzzle, board, f, g)))
    for c in clued:
        found = _grouped(puzzle, board, c)
        if found is not None:
            settles, support = found
            return Deduction(settles, 4, "parity", frozenset({c}), frozenset(support))
    return None


def _grouped(puzzle: Puzzle, board: Board, c: int) -> tuple[tuple[tuple[int, bool], ...], set[int]] | None:
    """Counting at clue ``c`` over groups of open edges whose neighbours are related."""
    opened = board.open_edges(c)
    if len(opened) < 2:
        return None
    colours = board.colours
    groups: dict[int, list[tuple[int, int]]] = {}  # class root -> (edge, parity of its neighbour)
    for e in opened:
        f, g = board.sides(e)
        neighbour = g if f == c else f
        root, parity = colours.find(neighbour)
        groups.setdefault(root, []).append((e, parity))
    if len(groups) == len(opened) or len(groups) > 12:
        return None  # no two related: plain counting, which level 1 did
    need = puzzle.clues[c] - board.lines(c)  # type: ignore[operator]
    keys = list(groups)
    seen: dict[int, set[bool]] = {}
    for bits in product((False, True), repeat=len(keys)):
        # bit: the group's root differs from c; an edge is a line when its
        # neighbour differs from c: root differs xor the neighbour's own parity
        lines = sum(bit ^ bool(parity) for bit, key in zip(bits, keys) for _, parity in groups[key])
        if lines == need:
            for bit, key in zip(bits, keys):
                seen.setdefault(key, set()).add(bit)
    forced = [(key, next(iter(v))) for key, v in seen.items() if len(v) == 1]
    if not forced:
        return None
    settles = tuple(sorted((e, bit ^ bool(parity)) for key, bit in forced for e, parity in groups[key]))
    support = {e for e in puzzle.cell_edges[c] if board.state[e] != UNKNOWN}
    for members in groups.values():  # every relation between neighbours the count used
        first = board.sides(members[0][0])
        for e, _ in members[1:]:
            support.update(_path(puzzle, board, _other(c, first), _other(c, board.sides(e))))
    return settles, support


def _other(c: int, sides: tuple[int, int]) -> int:
    return sides[1] if sides[0] == c else sides[0]


def _path(puzzle: Puzzle, board: Board, f: int, g: int) -> list[int]:
    """Settled edges leading from face ``f`` to face ``g`` (breadth first), whose
    states relate the two."""
    if f == g:
        return []
    back: dict[int, tuple[int, int]] = {f: (-1, -1)}
    queue = deque([f])
    faces_edges = [*puzzle.cell_edges, ()]  # the outside face: reached through border edges
    border = board.outside
    while queue:
        x = queue.popleft()
        edges = faces_edges[x] if x != border else sorted(puzzle.boundary_edges)
        for e in edges:
            if board.state[e] == UNKNOWN:
                continue
            a, b = board.sides(e)
            y = b if a == x else a
            if y not in back:
                back[y] = (x, e)
                if y == g:
                    path = []
                    while y != f:
                        y, e = back[y]
                        path.append(e)
                    return path
                queue.append(y)
    return []
