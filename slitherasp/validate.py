"""An answer checker independent of the solver: networkx, no search.

:func:`check` takes the ``link/2`` pairs of an answer exactly as written and names
every violation of the rules: a link that is not an edge or is reversed, a cell with
the wrong count, a vertex of degree 1 or 3+, several loops, an empty answer. With a
reference answer it also lists the links that differ. :func:`check_sloop` does the same
for Sloop on the dual graph, and adds links into black cells and unvisited white cells.

>>> from slitherasp.formats.lp import read_instance
>>> p = read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,1).")
>>> check(p, [("1", "2"), ("2", "3"), ("3", "1")]).valid
True
>>> for v in check(p, [("1", "2"), ("1", "3")]).violations: print(v)
link(1,3) is edge(3,1) reversed
vertex 2 has 1 link (must be 0 or 2)
vertex 3 has 1 link (must be 0 or 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

import networkx as nx

from .model import Name, Puzzle

if TYPE_CHECKING:
    from .sloop import Sloop

KINDS = (
    "not-an-edge", "reversed", "duplicate", "empty", "degree", "loops", "clue", "reference",
    "black", "unvisited",
)


@dataclass(frozen=True)
class Violation:
    """One broken rule. ``kind`` is one of :data:`KINDS`; ``data`` holds the details
    (for ``clue``: cell, expected, found; for ``degree``: vertex, degree; for Sloop's
    ``black``: link, cell; for ``unvisited``: cells)."""

    kind: str
    message: str
    data: dict = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.message

    def to_json(self) -> dict:
        return {"kind": self.kind, "message": self.message, **self.data}


@dataclass(frozen=True)
class Report:
    """The verdict on one answer: valid exactly when there is no violation."""

    violations: tuple[Violation, ...]
    edges: frozenset[int]
    """The edges the answer uses (reversed links included, non-edges left out)."""

    @property
    def valid(self) -> bool:
        return not self.violations

    def to_json(self) -> dict:
        return {"valid": self.valid, "violations": [v.to_json() for v in self.violations]}


def answer_edges(puzzle: Puzzle, links: Iterable[tuple[Name, Name]]) -> tuple[set[int], list[Violation]]:
    """Map link pairs to edge indices; report pairs that are not edges or reversed."""
    used: set[int] = set()
    problems: list[Violation] = []
    index = puzzle.vertex_index
    for u, v in links:
        iu, iv = index.get(u), index.get(v)
        e = puzzle.edge_index.get((iu, iv)) if iu is not None and iv is not None else None  # type: ignore[arg-type]
        if e is None and iu is not None and iv is not None:
            e = puzzle.edge_index.get((iv, iu))
            if e is not None:
                problems.append(
                    Violation("reversed", f"link({u},{v}) is edge({v},{u}) reversed", {"link": [u, v]})
                )
        if e is None:
            problems.append(
                Violation("not-an-edge", f"link({u},{v}) is not an edge of the instance", {"link": [u, v]})
            )
            continue
        if e in used:
            problems.append(Violation("duplicate", f"link({u},{v}) is given twice", {"link": [u, v]}))
        used.add(e)
    return used, problems


def check(
    puzzle: Puzzle,
    links: Iterable[tuple[Name, Name]],
    reference: Iterable[tuple[Name, Name]] | None = None,
) -> Report:
    """Check an answer (``(U, V)`` name pairs) against the rules and a reference."""
    used, violations = answer_edges(puzzle, links)
    if not used:
        violations.append(Violation("empty", "the answer has no links: the loop must not be empty"))
    graph = nx.Graph()
    graph.add_edges_from(puzzle.edges[e] for e in used)
    for v, d in sorted(graph.degree, key=lambda vd: vd[0]):
        if d != 2:
            name = puzzle.vertices[v]
            violations.append(
                Violation("degree", f"vertex {name} has {d} link{'s' * (d != 1)} (must be 0 or 2)", {"vertex": name, "degree": d})
            )
    parts = nx.number_connected_components(graph) if used else 0
    if parts > 1:
        violations.append(Violation("loops", f"the links form {parts} separate pieces, not one loop", {"pieces": parts}))
    for c, k in enumerate(puzzle.clues):
        if k is None:
            continue
        found = sum(e in used for e in puzzle.cell_edges[c])
        if found != k:
            cell = puzzle.cells[c]
            violations.append(
                Violation(
                    "clue",
                    f"cell {cell} has {found} links, its clue is {k}",
                    {"cell": cell, "expected": k, "found": found},
                )
            )
    if reference is not None:
        ref, _ = answer_edges(puzzle, reference)
        missing, extra = sorted(ref - used), sorted(used - ref)
        if missing or extra:
            fmt = lambda es: " ".join(f"({u},{v})" for u, v in puzzle.links(es))  # noqa: E731
            parts_ = [f"{len(missing)} missing" + (f": {fmt(missing)}" if missing else ""),
                      f"{len(extra)} extra" + (f": {fmt(extra)}" if extra else "")]
            violations.append(
                Violation(
                    "reference",
                    "differs from the reference: " + "; ".join(parts_),
                    {"missing": [list(p) for p in puzzle.links(missing)], "extra": [list(p) for p in puzzle.links(extra)]},
                )
            )
    return Report(tuple(violations), frozenset(used))


def is_solution(puzzle: Puzzle, answer: Iterable[int]) -> bool:
    """True when the edge-index set ``answer`` is one loop meeting every clue."""
    return check(puzzle, puzzle.links(answer)).valid


# --------------------------------------------------------------------------- Sloop
def check_sloop(
    sloop: Sloop,
    links: Iterable[tuple[Name, Name]],
    reference: Iterable[tuple[Name, Name]] | None = None,
) -> Report:
    """Check a Sloop answer: links are pairs of cell names, in either order. The loop
    rules are those of :func:`check` on the dual graph; on top of them a link into a
    black cell is a ``black`` violation and the white cells the loop misses are one
    ``unvisited`` violation that names them.

    >>> from slitherasp.sloop import read_sloop
    >>> s = read_sloop("2 3\\n...\\n..#")
    >>> ring = [("r1c1", "r1c2"), ("r2c2", "r1c2"), ("r2c2", "r2c1"), ("r2c1", "r1c1")]
    >>> check_sloop(s, ring).valid
    False
    >>> for v in check_sloop(s, ring + [("r2c2", "r2c3")]).violations: print(v)
    link(r2c2,r2c3) enters the black cell r2c3
    1 white cell is not on the loop: r1c3
    """
    graph = sloop.graph
    index, black = graph.vertex_index, set(sloop.black_names)

    def oriented(pairs: Iterable[tuple[Name, Name]]) -> list[tuple[Name, Name]]:
        out = []
        for u, v in pairs:
            iu, iv = index.get(u), index.get(v)
            flip = (iu, iv) not in graph.edge_index and (iv, iu) in graph.edge_index
            out.append((v, u) if flip else (u, v))
        return out

    entering: list[Violation] = []
    kept: list[tuple[Name, Name]] = []
    for u, v in oriented(links):
        cell = u if u in black else v if v in black else None
        if cell is None:
            kept.append((u, v))
        else:
            entering.append(Violation("black", f"link({u},{v}) enters the black cell {cell}", {"link": [u, v], "cell": cell}))
    report = check(graph, kept, None if reference is None else oriented(reference))
    visited = {v for e in report.edges for v in graph.edges[e]}
    missed = [graph.vertices[v] for v in range(len(graph.vertices)) if v not in visited]
    violations = [*entering, *report.violations]
    if missed and report.edges:  # an empty answer is already reported as such
        many = len(missed) != 1
        violations.append(
            Violation(
                "unvisited",
                f"{len(missed)} white cell{'s' * many} {'are' if many else 'is'} not on the loop: {' '.join(missed)}",
                {"cells": missed},
            )
        )
    return Report(tuple(violations), report.edges)
