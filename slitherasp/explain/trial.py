"""Trials (level 5): settle one open edge the other way, apply the rules of levels
1-4 until they stop, and if the board breaks, the edge's state is proved.

The facts a trial used are everything its propagation touched; the oracle then
shrinks them to a minimal reason, as for every step.
"""

from __future__ import annotations

from ..model import Puzzle
from .board import LINE, UNKNOWN, Board
from .deduce import Deducer, Deduction

MAX_TRIALS = 400
"""Edges tried at one stuck point before giving up on trials (the search level
then takes over): trials cost a propagation each."""


def broken(puzzle: Puzzle, board: Board, edges: list[int]) -> tuple[frozenset[int], frozenset[int]] | None:
    """Whether settling ``edges`` broke a rule: the clue and settled edges that show
    it (a clue over- or under-filled, a vertex with 1 or 3+ lines, a closed loop that
    leaves lines or clues out, faces that are both on one side and on opposite
    sides), or None."""
    state = board.state
    if board.contradiction:
        return frozenset(), frozenset(e for e, s in enumerate(state) if s != UNKNOWN)
    for e in edges:
        for c in puzzle.edge_cells[e]:
            k = puzzle.clues[c]
            if k is not None and not board.lines(c) <= k <= board.lines(c) + len(board.open_edges(c)):
                return frozenset({c}), frozenset(f for f in puzzle.cell_edges[c] if state[f] != UNKNOWN)
        for v in puzzle.edges[e]:
            lines, crosses = board.vertex_count[v]
            at = puzzle.incidence[v]
            if lines > 2 or (lines == 1 and crosses == len(at) - 1):
                return frozenset(), frozenset(f for f in at if state[f] != UNKNOWN)
        if state[e] == LINE:
            loop = _closed(board, puzzle.edges[e][0])
            if loop is not None and board.total_lines > len(loop):
                other = next(f for f, s in enumerate(state) if s == LINE and f not in loop)
                return frozenset(), frozenset([*loop, other])
    return None


def _closed(board: Board, v: int) -> set[int] | None:
    """The lines of the loop through ``v``, if its chain is closed (every vertex on
    it has two lines)."""
    lines = board.chain_lines(v)
    vertices = {x for f in lines for x in board.puzzle.edges[f]} | {v}
    if not all(board.vertex_count[x][0] == 2 for x in vertices):
        return None
    return {f for x in vertices for f in board.puzzle.incidence[x] if board.state[f] == LINE}


def candidates(puzzle: Puzzle, board: Board) -> list[int]:
    """Open edges worth a trial: beside settled edges or clues, the busiest first."""
    scored = []
    for e, s in enumerate(board.state):
        if s != UNKNOWN:
            continue
        near = sum(board.state[f] != UNKNOWN for v in puzzle.edges[e] for f in puzzle.incidence[v])
        clued = sum(puzzle.clues[c] is not None for c in puzzle.edge_cells[e])
        if near or clued:
            scored.append((-(2 * clued + near), e))
    return [e for _, e in sorted(scored)]


def next_deduction(puzzle: Puzzle, deducer: Deducer, most: int = 5) -> Deduction | None:
    """The easiest deduction of levels 1-4, else (with ``most`` 5) a trial."""
    found = deducer.next(min(most, 4))
    if found is None and most >= 5:
        found = trial(puzzle, deducer, candidates(puzzle, deducer.board))
    return found


def trial(puzzle: Puzzle, deducer: Deducer, candidates: list[int]) -> Deduction | None:
    """The first open edge among ``candidates`` whose other state breaks the board."""
    for e in candidates[:MAX_TRIALS]:
        for value in (True, False):
            found = _refute(puzzle, deducer, e, value)
            if found is not None:
                clues, edges = found
                return Deduction(((e, not value),), 5, "trial", clues, edges)
    return None


def _refute(puzzle: Puzzle, deducer: Deducer, e: int, value: bool) -> tuple[frozenset[int], frozenset[int]] | None:
    """Settle ``e = value`` on a copy and propagate; the facts used if it breaks."""
    board = deducer.board.copy()
    probe = deducer.fork(board)
    clues: set[int] = set()
    before = {f for f, s in enumerate(board.state) if s != UNKNOWN}
    probe.settle(((e, value),))
    bad = broken(puzzle, board, [e])
    while bad is None:
        d = probe.next(4)
        if d is None:
            return None
        clues |= d.clues
        probe.settle(d.settles)
        bad = broken(puzzle, board, [f for f, _ in d.settles])
    return frozenset(clues | bad[0]), frozenset(before)
