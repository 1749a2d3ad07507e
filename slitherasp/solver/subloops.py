"""The ``lazy`` model's propagator: sub-loops cut as clasp finds them.

``asp/lazy.lp`` asks only for 0 or 2 links at every vertex, the clues and a link
somewhere, so its answers are sets of disjoint cycles. :class:`SubloopCuts` looks at
every assignment of all the links clasp reaches (clingo's total check) and, when the
links form several cycles, adds for each cycle C, with vertex set S, the clause

    not link(e) or not link(f) or some edge with one end in S is a link

for an edge e of C and an edge f of the next cycle: a single loop through both
must cross the border of S. Every answer meets it (it never cuts a single loop), the
assignment at hand breaks it, and clasp learns it for the rest of the search (locked,
never deleted), as the lazy-cut SAT solvers add their cuts between calls
(``benchmarks/sat_baseline.py``). No clingo import here: clingo calls the methods.

>>> import clingo
>>> ctl = clingo.Control(["0"])
>>> ctl.register_propagator(SubloopCuts())
>>> ctl.add("base", [], "edge(1,2;2,3;3,1;4,5;5,6;6,4). {link(U,V)} :- edge(U,V). "
...         ":- edge(X,_), #count{U: link(U,X); W: link(X,W)} = 1. :- not link(_,_).")
>>> ctl.ground([("base", [])])
>>> sorted(len(m.symbols(atoms=True)) for m in iter(ctl.solve(yield_=True)))  # two triangles, not both
[9, 9]
"""

from __future__ import annotations

from typing import Any

LINK = ("link", 2)


class SubloopCuts:
    """A clingo propagator (``Control.register_propagator``) over the ``link/2``
    atoms; one object serves every solver thread (it keeps no state per search)."""

    def __init__(self) -> None:
        self._lits: list[int] = []
        self._ends: list[tuple[int, int]] = []
        self._at: list[list[int]] = []

    def init(self, init: Any) -> None:
        """Read the ``link/2`` atoms: each edge's solver literal and its two ends."""
        import clingo

        vertex: dict[str, int] = {}
        lits, ends = [], []
        for atom in init.symbolic_atoms.by_signature(*LINK):
            u, v = (vertex.setdefault(str(x), len(vertex)) for x in atom.symbol.arguments)
            lits.append(init.solver_literal(atom.literal))
            ends.append((u, v))
        at: list[list[int]] = [[] for _ in vertex]
        for e, (u, v) in enumerate(ends):
            at[u].append(e)
            at[v].append(e)
        self._lits, self._ends, self._at = lits, ends, at
        init.check_mode = clingo.PropagatorCheckMode.Total

    def check(self, control: Any) -> None:
        """On an assignment of every link: cut each cycle when there are several."""
        cycles = self.cycles(control.assignment)
        if len(cycles) < 2:
            return
        lits = self._lits
        for i, (vertices, edges) in enumerate(cycles):
            other = cycles[(i + 1) % len(cycles)][1]
            border = {e for v in vertices for e in self._at[v] if not (self._ends[e][0] in vertices
                                                                      and self._ends[e][1] in vertices)}
            clause = [-lits[edges[0]], -lits[other[0]], *(lits[e] for e in border)]
            if not control.add_clause(clause, lock=True) or not control.propagate():
                return

    def cycles(self, assignment: Any) -> list[tuple[set[int], list[int]]]:
        """The pieces the true links form: each one's vertices and edges."""
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent.setdefault(x, x) != x:
                parent[x] = x = parent[parent[x]]
            return x

        on = [e for e, lit in enumerate(self._lits) if assignment.is_true(lit)]
        for e in on:
            a, b = (find(x) for x in self._ends[e])
            if a != b:
                parent[max(a, b)] = min(a, b)
        pieces: dict[int, tuple[set[int], list[int]]] = {}
        for e in on:
            piece = pieces.setdefault(find(self._ends[e][0]), (set(), []))
            piece[0].update(self._ends[e])
            piece[1].append(e)
        return list(pieces.values())
