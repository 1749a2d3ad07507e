"""An independent judge of explanation steps: a SAT solver (pysat's MiniSat), with
the rules written here from the puzzle's statement, not from the explainer's
encoding or code.

``forced(puzzle, clues, links, non_links, loop, edge, line)`` asks whether every
set of lines that obeys the rules forces ``edge`` to be ``line``:

* every vertex has 0 or 2 lines (always);
* every clue cell given has exactly its number of lines;
* the given lines and crosses hold;
* with ``loop``: the lines form one cycle (a solution made of several cycles is
  cut off by a clause and the solver asked again).

Without ``loop`` the rules allow any union of disjoint cycles, which on a disc is
exactly what the inside/outside colouring allows, so parity needs no clause here.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.solvers import Minisat22

from slitherasp.model import Puzzle


def _base(puzzle: Puzzle, clues: Collection[int]) -> tuple[list[list[int]], int]:
    """Clauses of the degree rule and the given clues; edge e is variable e + 1."""
    clauses: list[list[int]] = []
    top = len(puzzle.edges)
    for at in puzzle.incidence:
        lits = [e + 1 for e in at]
        for e in lits:  # never exactly one line
            clauses.append([-e] + [f for f in lits if f != e])
        for trio in combinations(lits, 3):  # never three
            clauses.append([-x for x in trio])
    for c in clues:
        k = puzzle.clues[c]
        assert k is not None
        card = CardEnc.equals([e + 1 for e in puzzle.cell_edges[c]], bound=k, top_id=top, encoding=EncType.seqcounter)
        top = max(top, card.nv)
        clauses.extend(card.clauses)
    return clauses, top


def _cycles(puzzle: Puzzle, lines: set[int]) -> list[set[int]]:
    """The lines split into their connected pieces."""
    pieces: list[set[int]] = []
    todo = set(lines)
    while todo:
        first = todo.pop()
        piece, stack = {first}, [first]
        while stack:
            e = stack.pop()
            for v in puzzle.edges[e]:
                for f in puzzle.incidence[v]:
                    if f in todo:
                        todo.discard(f)
                        piece.add(f)
                        stack.append(f)
        pieces.append(piece)
    return pieces


def forced(puzzle: Puzzle, clues: Collection[int], links: Collection[int], non_links: Collection[int],
           loop: bool, edge: int, line: bool) -> bool:
    """Whether the facts, under the rules, leave ``edge`` no state but ``line``."""
    clauses, _ = _base(puzzle, clues)
    clauses += [[e + 1] for e in links] + [[-(e + 1)] for e in non_links]
    clauses.append([-(edge + 1)] if line else [edge + 1])
    if loop:
        clauses.append([e + 1 for e in range(len(puzzle.edges))])  # one loop: not empty
    with Minisat22(bootstrap_with=clauses) as sat:
        while sat.solve():
            model = sat.get_model()
            lines = {e for e in range(len(puzzle.edges)) if model[e] > 0}
            pieces = _cycles(puzzle, lines)
            if not loop or len(pieces) == 1:
                return False  # a counterexample
            _cut(sat, puzzle, pieces)
    return True


def _cut(sat: Minisat22, puzzle: Puzzle, pieces: list[set[int]]) -> None:
    """One loop is connected: with a line among a piece's vertices S and a line away
    from S, some edge leaving S is a line (a subtour cut, for every such pair)."""
    for piece in pieces:
        inside = {v for e in piece for v in puzzle.edges[e]}
        leaving, away = [], []
        for e, (u, v) in enumerate(puzzle.edges):
            ends = (u in inside) + (v in inside)
            (leaving if ends == 1 else away if ends == 0 else []).append(e + 1)
        one = min(piece) + 1
        for y in away:
            sat.add_clause([-one, -y, *leaving])


def answers(puzzle: Puzzle, limit: int = 2) -> list[frozenset[int]]:
    """Up to ``limit`` answers of the whole puzzle (every clue, one loop)."""
    clues = [c for c, k in enumerate(puzzle.clues) if k is not None]
    clauses, _ = _base(puzzle, clues)
    clauses.append([e + 1 for e in range(len(puzzle.edges))])
    found: list[frozenset[int]] = []
    with Minisat22(bootstrap_with=clauses) as sat:
        while len(found) < limit and sat.solve():
            model = sat.get_model()
            lines = {e for e in range(len(puzzle.edges)) if model[e] > 0}
            pieces = _cycles(puzzle, lines)
            if len(pieces) == 1:
                found.append(frozenset(lines))
                sat.add_clause([-(e + 1) if e in lines else e + 1 for e in range(len(puzzle.edges))])
            else:
                _cut(sat, puzzle, pieces)
    return found


def inside(puzzle, loop) -> set[int]:  # type: ignore[no-untyped-def]
    """The faces a loop (a set of edge indices) encloses: reached from the border across
    its edges an odd number of times (a walk over the faces, counting crossings)."""
    side: dict[int, bool] = {}
    todo = []
    for c, es in enumerate(puzzle.cell_edges):
        for e in es:
            if len(puzzle.edge_cells[e]) == 1 and c not in side:
                side[c] = e in loop
                todo.append(c)
    while todo:
        c = todo.pop()
        for e in puzzle.cell_edges[c]:
            for d in puzzle.edge_cells[e]:
                if d not in side:
                    side[d] = side[c] != (e in loop)
                    todo.append(d)
    return {c for c, s in side.items() if s}
