"""A lazy-cut SAT baseline for Slitherlink on any graph: CaDiCaL through python-sat.

The yardstick of ``benchmarks/speed.py``. One Boolean variable per edge (variable
``e + 1`` for edge ``e``); every vertex has 0 or 2 links; every clued cell has exactly
its clue in links; at least one link. The single-loop rule is not encoded: whenever a
model's links form several cycles, each cycle that cannot be the answer on its own
gets a cut clause ``OR(not e for e in C)`` (no single loop contains a whole other
cycle, so the cut removes nothing but that cycle), and the same incremental solver
searches again. Uniqueness: block the loop found and search on with the same cuts;
the puzzle is unique when that search is unsatisfiable.

python-sat (the ``bench`` extra) is needed; the package itself does not use it.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]],
...                clues=[3, None])
>>> r = solve(p)
>>> r.status, r.unique, len(r.answer)
('SATISFIABLE', True, 6)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from slitherasp.model import Answer, Puzzle

BACKEND = "cadical195"
"""The pysat solver name: CaDiCaL 1.9.5 (conflict budgets work, so time limits do)."""
DIRECT = 8
"""Cells and vertices with at most this many edges get plain clauses, larger ones a
cardinality encoding with auxiliary variables."""
CHUNK = 20_000
"""Conflicts per solver call between two looks at the clock (only with a time limit)."""

SAT, UNSAT, UNKNOWN = "SATISFIABLE", "UNSATISFIABLE", "UNKNOWN"
Clauses = list[list[int]]


@dataclass(frozen=True)
class Result:
    """The baseline's verdict. ``answer``: edge indices of the first loop found;
    ``unique``: None when not asked or not known; ``rounds``: SAT calls that returned
    a model (each one either cut cycles or produced an answer)."""

    status: str
    answer: Answer | None
    unique: bool | None
    rounds: int
    timed_out: bool = False


def exactly(lits: Sequence[int], k: int, pool: IDPool) -> Clauses:
    """Clauses for "exactly ``k`` of ``lits`` are true".

    >>> exactly([1, 2, 3], 1, IDPool(start_from=4))
    [[-1, -2], [-1, -3], [-2, -3], [1, 2, 3]]
    """
    n = len(lits)
    if k <= 0 or k >= n:
        return [[x if k else -x] for x in lits]
    if n <= DIRECT:
        at_most = [[-x for x in c] for c in combinations(lits, k + 1)]
        return at_most + [list(c) for c in combinations(lits, n - k + 1)]
    return CardEnc.equals(list(lits), k, vpool=pool, encoding=EncType.totalizer).clauses


def zero_or_two(lits: Sequence[int], pool: IDPool) -> Clauses:
    """Clauses for "0 or 2 of ``lits`` are true" (a vertex of the loop, or not on it).

    >>> zero_or_two([1, 2], IDPool(start_from=3))
    [[-1, 2], [-2, 1]]
    """
    not_one = [[-x] + [y for y in lits if y != x] for x in lits]
    if len(lits) < 3:
        return not_one
    if len(lits) <= DIRECT:
        return not_one + [[-a, -b, -c] for a, b, c in combinations(lits, 3)]
    return not_one + CardEnc.atmost(list(lits), 2, vpool=pool, encoding=EncType.seqcounter).clauses


def encode(puzzle: Puzzle, pool: IDPool) -> Clauses:
    """The CNF without the single-loop rule (edge ``e`` is variable ``e + 1``)."""
    cnf: Clauses = []
    for inc in puzzle.incidence:
        cnf += zero_or_two([e + 1 for e in inc], pool)
    for es, k in zip(puzzle.cell_edges, puzzle.clues):
        if k is not None:
            cnf += exactly([e + 1 for e in es], k, pool)
    if not any(puzzle.clues):
        cnf.append([e + 1 for e in range(len(puzzle.edges))])
    return cnf


def cycles(puzzle: Puzzle, model: Sequence[int]) -> list[list[int]]:
    """The cycles formed by the true edge variables of a model (every vertex has 0
    or 2 links in it), each as a list of edge indices, by walking from edge to edge.

    >>> from slitherasp.model import from_faces
    >>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(2, 0), (3, 0), (3, 1), (2, 1)]])
    >>> cycles(p, [1, 2, 3, 4, 5, 6, 7, 8])
    [[0, 1, 2, 3], [4, 5, 6, 7]]
    """
    ends, at = puzzle.edges, puzzle.incidence
    lits = model[: len(ends)]
    seen: set[int] = set()
    out = []
    for first, lit in enumerate(lits):
        if lit < 0 or first in seen:
            continue
        cycle, (start, v), e = [first], ends[first], first
        while v != start:
            for f in at[v]:
                if f != e and lits[f] > 0:
                    break
            cycle.append(f)
            e = f
            u, w = ends[e]
            v = w if u == v else u
        seen.update(cycle)
        out.append(cycle)
    return out


def _search(sat: Solver, deadline: float | None) -> bool | None:
    """One satisfiability check; None when the CPU deadline passes first."""
    if deadline is None:
        return sat.solve()
    while time.process_time() < deadline:
        sat.conf_budget(CHUNK)
        found = sat.solve_limited()
        if found is not None:
            return found
    return None


def solve(puzzle: Puzzle, *, unique: bool = True, time_limit: float | None = None,
          backend: str = BACKEND) -> Result:
    """Solve with lazy cycle cuts; ``unique`` also proves or refutes uniqueness.

    ``time_limit`` is in CPU seconds and is checked every :data:`CHUNK` conflicts and
    between rounds, so a run may overshoot it a little.
    """
    deadline = None if time_limit is None else time.process_time() + time_limit
    if not puzzle.edges:
        return Result(UNSAT, None, None, 0)
    clued = [False] * len(puzzle.edges)
    for es, k in zip(puzzle.cell_edges, puzzle.clues):
        for e in es if k else ():
            clued[e] = True
    pool = IDPool(start_from=len(puzzle.edges) + 1)
    answers: list[Answer] = []
    rounds = 0
    with Solver(name=backend, bootstrap_with=encode(puzzle, pool)) as sat:
        while len(answers) < 1 + unique:
            found = _search(sat, deadline)
            if found is None:
                return Result(SAT if answers else UNKNOWN, answers[0] if answers else None,
                              None, rounds, timed_out=True)
            if not found:
                break
            rounds += 1
            loops = cycles(puzzle, sat.get_model())
            touching = [c for c in loops if any(clued[e] for e in c)]
            if len(touching) <= 1:
                # every cycle alone meets the clues when none touches a clued cell;
                # else only the one that does
                answers += [frozenset(c) for c in (touching or loops)]
            for c in loops:
                sat.add_clause([-(e + 1) for e in c])
    if not answers:
        return Result(UNSAT, None, None, rounds)
    return Result(SAT, answers[0], (len(answers) == 1) if unique else None, rounds)


def main(argv: Sequence[str] | None = None) -> int:
    """``python benchmarks/sat_baseline.py INSTANCE``: read an instance with slitherasp's
    reader, prove uniqueness, print one JSON object (``result``, ``unique``, ``links``)
    as ``slitherasp solve --unique --json`` does: the whole-process yardstick of
    ``benchmarks/speed.py --process``."""
    import argparse
    import json

    from slitherasp.formats import read_file
    from slitherasp.model.errors import SlitherError

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("instance")
    ap.add_argument("--time-limit", type=float, default=None)
    args = ap.parse_args(argv)
    try:
        puzzle = read_file(args.instance)
    except SlitherError as exc:  # one line, as the command line says it
        print(f"sat_baseline: error: {exc}", file=sys.stderr)
        return 2
    r = solve(puzzle, unique=True, time_limit=args.time_limit)
    links = [] if r.answer is None else [[str(u), str(v)] for u, v in puzzle.links(r.answer)]
    print(json.dumps({"result": r.status, "unique": r.unique, "timed_out": r.timed_out, "links": links}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
