"""A board being solved: which edges are settled (a line, a cross) and what follows
cheaply from them, kept up to date as edges are settled one at a time.

Counts per cell and per vertex, the chains that settled lines form (a union-find of
vertices: a line whose ends are in one chain closes a loop), and, on a disc of
faces, the inside/outside classes of the faces (a union-find with parity: a cross
joins two faces into one class, a line into opposite classes; the outside of the
patch is one more face).

>>> from slitherasp import tilings
>>> b = Board(tilings.build("square", 2, 1))
>>> b.settle(0, True); b.settle(1, False)
>>> b.lines(0), b.crosses(0), b.open_edges(0)
(1, 1, [2, 3])
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model import Puzzle
from ..topology import Parity

UNKNOWN, LINE, CROSS = 0, 1, 2
"""An edge's state."""


class Board:
    """Edge states of one puzzle, with per-cell and per-vertex counts, chains of
    lines and (on a disc of faces) inside/outside classes."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.state = [UNKNOWN] * len(puzzle.edges)
        self.cell_count = [[0, 0] for _ in puzzle.cells]  # lines, crosses
        self.vertex_count = [[0, 0] for _ in puzzle.vertices]
        self.chains = Parity(len(puzzle.vertices))
        self.disc = puzzle.is_disc
        self.outside = len(puzzle.cells)
        self.colours = Parity(len(puzzle.cells) + 1)
        self.contradiction = False
        """A settled edge broke the loop's faces' parity (a wrong state was given)."""
        self.settled = 0
        self.total_lines = 0
        self.closed = False
        """Whether some line closed a chain into a loop (only then is it worth walking
        chains to find one)."""

    # -- reading -------------------------------------------------------------------
    def lines(self, cell: int) -> int:
        return self.cell_count[cell][0]

    def crosses(self, cell: int) -> int:
        return self.cell_count[cell][1]

    def open_edges(self, cell: int) -> list[int]:
        """The cell's edges that are not settled."""
        return [e for e in self.puzzle.cell_edges[cell] if self.state[e] == UNKNOWN]

    def open_at(self, vertex: int) -> list[int]:
        """The vertex's edges that are not settled."""
        return [e for e in self.puzzle.incidence[vertex] if self.state[e] == UNKNOWN]

    def sides(self, e: int) -> tuple[int, int]:
        """The two faces of an edge (the outside counts as one)."""
        cs = self.puzzle.edge_cells[e]
        return (cs[0], cs[1]) if len(cs) == 2 else (cs[0], self.outside)

    def known(self) -> dict[int, bool]:
        """Every settled edge: True for a line."""
        return {e: s == LINE for e, s in enumerate(self.state) if s != UNKNOWN}

    def done(self) -> bool:
        return self.settled == len(self.state)

    def copy(self) -> Board:
        """An independent copy (for trying a state out)."""
        other = object.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.state = list(self.state)
        other.cell_count = [list(x) for x in self.cell_count]
        other.vertex_count = [list(x) for x in self.vertex_count]
        other.chains, other.colours = self.chains.copy(), self.colours.copy()
        return other

    def chain_lines(self, vertex: int) -> list[int]:
        """The lines of the chain through ``vertex`` (walking along settled lines)."""
        seen, todo, found = {vertex}, [vertex], []
        incidence, edges, state = self.puzzle.incidence, self.puzzle.edges, self.state
        while todo:
            v = todo.pop()
            for e in incidence[v]:
                if state[e] == LINE:
                    a, b = edges[e]
                    w = b if a == v else a
                    if w not in seen:
                        seen.add(w)
                        found.append(e)
                        todo.append(w)
        return found

    # -- writing -------------------------------------------------------------------
    def settle(self, e: int, line: bool) -> None:
        """Settle an unknown edge as a line or a cross."""
        assert self.state[e] == UNKNOWN, "edges are settled once"
        self.state[e] = LINE if line else CROSS
        self.settled += 1
        k = 0 if line else 1
        for c in self.puzzle.edge_cells[e]:
            self.cell_count[c][k] += 1
        u, v = self.puzzle.edges[e]
        self.vertex_count[u][k] += 1
        self.vertex_count[v][k] += 1
        if line:
            self.total_lines += 1
            if self.chains.relation(u, v) == 0:
                self.closed = True
            self.chains.join(u, v, 0)
        if self.disc and not self.colours.join(*self.sides(e), 1 if line else 0):
            self.contradiction = True

    def settle_all(self, states: Iterable[tuple[int, bool]]) -> None:
        for e, line in states:
            if self.state[e] == UNKNOWN:
                self.settle(e, line)
