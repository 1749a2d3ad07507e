"""Finding the next step, easiest first: the rules a person uses, in rising order.

========  ======================================================================
level     the step follows from ...
========  ======================================================================
1 easy    one clue alone, one vertex alone (0 or 2 lines), or the loop rule on a
          chain of lines (closing it early would leave other lines or clues out)
2 normal  what vertices say about the two edges at each corner of a face ("at
          most one", "at least one", "both or neither"), with the face's clue
3 tricky  such corner facts found from clues too, and carried through vertices to
          the next face: chains of corners across the board
4 hard    inside/outside parity: faces joined by crosses are on one side, by
          lines on opposite sides, and a clue counts how many neighbours differ
5 fiendish  a trial: one edge's other state leads, by the rules above, to a
          contradiction
6 search  nothing bounded: the whole puzzle forces the edge
========  ======================================================================

These mirror the levels of Simon Tatham's Loopy (whose solver counts at faces and
vertices and avoids early loops at Easy, reasons about pairs of edges at a face's
corner at Normal and Tricky, and about edges known equal or opposite at Hard).
Corner facts are kept between steps (:class:`Corners`), as a person remembers
"one of these two"; a step that uses them names, as candidates for its reason, the
clues and edges they came from. :class:`Deducer` keeps, per level, the places
changed since it last looked, so each settled edge costs only the windows around
it. A :class:`Deduction` names what it settles and the facts it was found from; the
oracle then shrinks those to a minimal reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..model import Puzzle
from .board import CROSS, LINE, UNKNOWN, Board
from .local import Constraint, window

EVEN = frozenset({0, 2})
"""What a vertex allows: no line, or two."""


@dataclass(frozen=True)
class Deduction:
    """Edges a rule settles, and the facts it found them from (not yet minimal)."""

    settles: tuple[tuple[int, bool], ...]
    level: int
    rule: str
    clues: frozenset[int]
    edges: frozenset[int]

    @property
    def oracle_rules(self) -> tuple[str, ...]:
        """The switchable rules its reason may use (see ``asp/explain.lp``)."""
        return RULES_OF.get(self.rule, ())


RULES_OF = {"closure": ("loop",), "parity": ("parity",), "trial": ("loop", "parity"), "search": ("loop", "parity")}


class Deducer:
    """The next deduction on a board, lowest level first (see the module)."""

    def __init__(self, puzzle: Puzzle, board: Board) -> None:
        self.puzzle, self.board = puzzle, board
        p = puzzle
        self.clued = [c for c, k in enumerate(p.clues) if k is not None]
        self.vertices_of = [sorted({v for e in es for v in p.edges[e]}) for es in p.cell_edges]
        self.clued_at: list[list[int]] = [[] for _ in p.vertices]  # clued cells with a corner at each vertex
        for c in self.clued:
            for v in self.vertices_of[c]:
                self.clued_at[v].append(c)
        self.corners = Corners(p)
        self.dirty_cells = set(self.clued)
        self.dirty_vertices = set(range(len(p.vertices)))
        self.corner_queues = {level: (set(range(len(p.vertices))), set(range(len(p.cells)))) for level in (2, 3)}
        self.dirty_parity = True

    def fork(self, board: Board) -> Deducer:
        """A deducer for a copy of this board (a trial), with the same windows and
        nothing to look at yet: this deducer was stuck, so only what is settled on
        the copy from now on can lead anywhere."""
        other = object.__new__(Deducer)
        other.__dict__.update(self.__dict__)
        other.board = board
        other.corners = self.corners.copy()
        other.dirty_cells, other.dirty_vertices = set(), set()
        other.corner_queues = {level: (set(), set()) for level in (2, 3)}
        other.dirty_parity = False
        return other

    # -- bookkeeping ---------------------------------------------------------------
    def settle(self, settles: tuple[tuple[int, bool], ...]) -> None:
        """Settle edges on the board and mark the places around them for a new look."""
        for e, line in settles:
            if self.board.state[e] != UNKNOWN:
                continue
            self.board.settle(e, line)
            self.dirty_cells.update(c for c in self.puzzle.edge_cells[e] if self.puzzle.clues[c] is not None)
            if line:  # the chain's far ends may now close a loop early
                self.dirty_vertices.update(v for f in self.board.chain_lines(self.puzzle.edges[e][0])
                                           for v in self.puzzle.edges[f])
            for v in self.puzzle.edges[e]:
                self.dirty_vertices.add(v)
                self.dirty_cells.update(self.clued_at[v])  # a line at a corner counts (one cross left)
                for vertices, cells in self.corner_queues.values():
                    vertices.add(v)
                    cells.update(self.puzzle.edge_cells[e])
        self.dirty_parity = True

    def next(self, most: int = 4) -> Deduction | None:
        """The easiest deduction available, at level ``most`` or below."""
        finds = (self._single, lambda: self._corner_levels(2), lambda: self._corner_levels(3), self._parity)
        for level, find in enumerate(finds, 1):
            if level > most:
                break
            found = find()
            if found is not None:
                return found
        return None

    # -- level 1 -----------------------------------------------------------------------
    def _single(self) -> Deduction | None:
        while self.dirty_cells:
            found = self._cell(self.dirty_cells.pop())
            if found:
                return found
        while self.dirty_vertices:
            v = self.dirty_vertices.pop()
            found = self._vertex(v) or self._closure(v)
            if found:
                return found
        return None

    def _cell(self, c: int) -> Deduction | None:
        b, k = self.board, self.puzzle.clues[c]
        opened = b.open_edges(c)
        if not opened:
            return None
        mine = self.puzzle.cell_edges[c]
        if b.lines(c) == k:
            support = {e for e in mine if b.state[e] == LINE}
            return Deduction(tuple((e, False) for e in opened), 1, "cell", frozenset({c}), frozenset(support))
        if b.lines(c) + len(opened) == k:
            support = {e for e in mine if b.state[e] == CROSS}
            return Deduction(tuple((e, True) for e in opened), 1, "cell", frozenset({c}), frozenset(support))
        if b.lines(c) + len(opened) == k + 1 and len(opened) > 2:
            return self._one_cross_left(c, opened)
        return None

    def _one_cross_left(self, c: int, opened: list[int]) -> Deduction | None:
        """One more cross is needed at clue ``c``; if two open edges of it meet at a
        vertex that has a line already, they cannot both be lines, so the cross is one
        of them and every other open edge is a line (Loopy counts this as easy)."""
        b, p = self.board, self.puzzle
        for v in self.vertices_of[c]:
            pair = [e for e in opened if v in p.edges[e]]
            if len(pair) == 2 and b.vertex_count[v][0] >= 1:
                others = [e for e in opened if e not in pair]
                line = next(e for e in p.incidence[v] if b.state[e] == LINE)
                support = {e for e in p.cell_edges[c] if b.state[e] != UNKNOWN} | {line}
                return Deduction(tuple((e, True) for e in others), 1, "corner1", frozenset({c}), frozenset(support))
        return None

    def _vertex(self, v: int) -> Deduction | None:
        b = self.board
        opened = b.open_at(v)
        if not opened:
            return None
        at = self.puzzle.incidence[v]
        lines = [e for e in at if b.state[e] == LINE]
        if len(lines) == 2:
            return Deduction(tuple((e, False) for e in opened), 1, "vertex", frozenset(), frozenset(lines))
        if len(opened) == 1 and len(lines) <= 1:
            crosses = {e for e in at if b.state[e] == CROSS}
            return Deduction(((opened[0], len(lines) == 1),), 1, "vertex", frozenset(), frozenset(crosses | set(lines)))
        return None

    def _closure(self, v: int) -> Deduction | None:
        """An open edge from ``v`` to the other end of its chain would close a loop
        early: another line lies outside the chain, or a clue would be left wrong."""
        b, p = self.board, self.puzzle
        if b.vertex_count[v][0] == 2:
            return self._loop_done(v)
        if b.vertex_count[v][0] != 1:
            return None
        for e in b.open_at(v):
            a, w = p.edges[e]
            other = w if a == v else a
            if b.chains.relation(v, other) != 0:
                continue
            chain = b.chain_lines(v)
            inside = set(chain)
            outside = next((f for f, s in enumerate(b.state) if s == LINE and f not in inside), None) \
                if b.total_lines > len(chain) else None
            if outside is not None:
                return Deduction(((e, False),), 1, "closure", frozenset(), frozenset([*chain, outside]))
            loop = {*chain, e}
            for c in self.clued:
                if sum(f in loop for f in p.cell_edges[c]) != p.clues[c]:
                    return Deduction(((e, False),), 1, "closure", frozenset({c}), frozenset(chain))
        return None

    def _loop_done(self, v: int) -> Deduction | None:
        """The lines through ``v`` close a loop: it is the answer's one loop, so every
        open edge is a cross."""
        b = self.board
        if not b.closed:
            return None
        loop = b.chain_lines(v)
        vertices = {x for f in loop for x in self.puzzle.edges[f]}
        if not all(b.vertex_count[x][0] == 2 for x in vertices):
            return None
        opened = [e for e, s in enumerate(b.state) if s == UNKNOWN]
        if not opened:
            return None
        lines = {f for x in vertices for f in self.puzzle.incidence[x] if b.state[f] == LINE}
        return Deduction(tuple((e, False) for e in opened), 1, "closure", frozenset(), frozenset(lines))

    # -- levels 2 and 3: corners ---------------------------------------------------------
    def _corner_levels(self, level: int) -> Deduction | None:
        """Vertex and face windows with the corner facts of this level or below; at
        level 3 faces teach corners too. The first window that settles an edge."""
        vertices, cells = self.corner_queues[level]
        while vertices or cells:
            found = self._vertex_window(vertices.pop(), level) if vertices else self._cell_window(cells.pop(), level)
            if found:
                return found
        return None

    def _vertex_window(self, v: int, level: int) -> Deduction | None:
        corners = self.corners.at_vertex[v]
        if not corners:
            return None
        constraints: list[Constraint] = [(self.puzzle.incidence[v], EVEN)]
        return self._run(constraints, corners, level, teach=True, clues=frozenset())

    def _cell_window(self, c: int, level: int) -> Deduction | None:
        k = self.puzzle.clues[c]
        constraints: list[Constraint] = [] if k is None else [(self.puzzle.cell_edges[c], frozenset({k}))]
        return self._run(constraints, self.corners.of_cell[c], level, teach=level >= 3,
                         clues=frozenset() if k is None else frozenset({c}))

    def _run(self, constraints: list[Constraint], corners: list[int], level: int, *, teach: bool,
             clues: frozenset[int]) -> Deduction | None:
        """One window: the constraints, and the facts (of this level or below) of its
        corners; settle what it forces, or learn corner facts from it."""
        facts = self.corners
        used = [k for k in corners if facts.level[k] and facts.level[k] <= level]
        constraints = constraints + [(facts.pair[k], facts.allowed[k]) for k in used]
        if not any(self.board.state[e] == UNKNOWN for edges, _ in constraints for e in edges):
            return None
        found = window(constraints, self.board.state, [facts.pair[k] for k in corners] if teach else ())
        if found is None:
            return None
        forced, projections = found
        if not forced:  # the corners it teaches, if any, before gathering the facts behind them
            projections = [facts.narrowed(k, counts) if teach else None for k, counts in zip(corners, projections)]
            if all(counts is None for counts in projections):
                return None
        support_clues, support_edges = set(clues), {e for edges, _ in constraints for e in edges
                                                    if self.board.state[e] != UNKNOWN}
        step_level = max([facts.level[k] for k in used], default=level) if used else level
        for k in used:
            support_clues |= facts.clues[k]
            support_edges |= facts.edges[k]
        if forced:
            return Deduction(tuple(sorted(forced.items())), max(step_level, 2), "corner" if step_level <= 2
                             else "corners", frozenset(support_clues), frozenset(support_edges))
        for k, counts in zip(corners, projections):
            if counts is not None and facts.learn(k, counts, level, support_clues, support_edges):
                self._corner_changed(k, level)
        return None

    def _corner_changed(self, k: int, level: int) -> None:
        c, v = self.corners.cell[k], self.corners.vertex[k]
        for at in range(level, 4):
            self.corner_queues[at][0].add(v)
            if c >= 0:
                self.corner_queues[at][1].add(c)

    # -- level 4: inside and outside -------------------------------------------------
    def _parity(self) -> Deduction | None:
        if not (self.dirty_parity and self.board.disc):
            return None
        self.dirty_parity = False
        from .parity import parity_deduction

        found = parity_deduction(self.puzzle, self.board, self.clued)
        if found is not None:
            self.dirty_parity = True  # there may be more; look again next time
        return found


class Corners:
    """What is known of the two edges of a face that meet at a vertex (a corner):
    which numbers of lines the pair may take, at which level that was found, and
    the clues and settled edges it was found from. On the border of a disc, the two
    border edges at a vertex form a corner of the outside (cell -1)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.cell: list[int] = []
        self.vertex: list[int] = []
        self.pair: list[tuple[int, int]] = []
        self.of_cell: list[list[int]] = [[] for _ in puzzle.cells]
        self.at_vertex: list[list[int]] = [[] for _ in puzzle.vertices]
        for c, es in enumerate(puzzle.cell_edges):
            ends: dict[int, list[int]] = {}
            for e in es:
                for v in puzzle.edges[e]:
                    ends.setdefault(v, []).append(e)
            for v, two in sorted(ends.items()):
                if len(two) == 2:
                    self.of_cell[c].append(len(self.pair))
                    self.at_vertex[v].append(len(self.pair))
                    self.cell.append(c)
                    self.vertex.append(v)
                    self.pair.append((two[0], two[1]))
        if puzzle.is_disc:
            border: dict[int, list[int]] = {}
            for e in sorted(puzzle.boundary_edges):
                for v in puzzle.edges[e]:
                    border.setdefault(v, []).append(e)
            for v, two in sorted(border.items()):
                if len(two) == 2:
                    self.at_vertex[v].append(len(self.pair))
                    self.cell.append(-1)
                    self.vertex.append(v)
                    self.pair.append((two[0], two[1]))
        n = len(self.pair)
        self.allowed = [frozenset({0, 1, 2})] * n
        self.level = [0] * n
        self.clues: list[frozenset[int]] = [frozenset()] * n
        self.edges: list[frozenset[int]] = [frozenset()] * n

    def learn(self, k: int, counts: frozenset[int], level: int, clues: set[int], edges: set[int]) -> bool:
        """Narrow corner ``k`` to ``counts`` (found at ``level`` from these facts), as
        far as "at most one" and "at least one" can say it (as Loopy's corners do:
        "both or neither" is an equality of edges, reasoning of the harder level 4);
        whether that told anything new."""
        narrowed = self.narrowed(k, counts)
        if narrowed is None:
            return False
        self.allowed[k] = narrowed
        self.level[k] = max(level, self.level[k]) if self.level[k] else level
        self.clues[k] = self.clues[k] | frozenset(clues)
        self.edges[k] = self.edges[k] | frozenset(edges)
        return True

    def narrowed(self, k: int, counts: frozenset[int]) -> frozenset[int] | None:
        """What corner ``k`` would allow after learning ``counts``; None when that tells
        it nothing new (or nothing at all is left)."""
        narrowed = self.allowed[k] & _as_corner(counts)
        return narrowed if narrowed and narrowed != self.allowed[k] else None

    def copy(self) -> Corners:
        other = object.__new__(Corners)
        other.__dict__.update(self.__dict__)
        other.allowed, other.level = list(self.allowed), list(self.level)
        other.clues, other.edges = list(self.clues), list(self.edges)
        return other


@cache
def _as_corner(counts: frozenset[int]) -> frozenset[int]:
    """What a corner keeps of the line counts a window allows its pair: "at most one"
    (no 2) and "at least one" (no 0), as Loopy's corners do."""
    return frozenset({0, 1, 2} - ({2} if 2 not in counts else set()) - ({0} if 0 not in counts else set()))
