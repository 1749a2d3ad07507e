"""An answer checker independent of the solver: no search, no clingo, plain counting
(degrees, clues) and the pieces the links fall into.

:func:`check` takes the ``link/2`` pairs of an answer exactly as written and names
every violation of the rules: a link that is not an edge or is reversed, a cell with
the wrong count, a vertex of degree 1 or 3+, several loops, an empty answer. With a
reference answer it also lists the links that differ. Other puzzle kinds check their
answers with :func:`check` on their own graph and add their own rules
(:mod:`slitherasp.kinds.sloop`).

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

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .model import Name, Puzzle
from .model.errors import InputError
from .model.topology import components


class Rule(str, Enum):
    """The kinds of violation, as ``check --json`` names them."""

    NOT_AN_EDGE = "not-an-edge"
    REVERSED = "reversed"
    DUPLICATE = "duplicate"
    EMPTY = "empty"
    DEGREE = "degree"
    LOOPS = "loops"
    CLUE = "clue"
    REFERENCE = "reference"
    BLACK = "black"
    UNVISITED = "unvisited"
    SHEEP = "sheep"
    WOLF = "wolf"
    CYCLE = "cycle"
    TREES = "trees"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:  # prints like the string it equals
        return repr(self.value)


KINDS = tuple(str(r) for r in Rule)
"""Every violation kind's name."""


@dataclass(frozen=True)
class Violation:
    """One broken rule. ``data`` holds the details (for ``clue``: cell, expected,
    found; for ``degree``: vertex, degree; for Sloop's ``black``: link, cell; for
    ``unvisited``: cells or vertices; for the variants' ``sheep`` and ``wolf``: cells,
    ``cycle``: links, ``trees``: trees; :mod:`slitherasp.kinds.variant.rules`)."""

    kind: Rule
    message: str
    data: dict = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Report:
    """The verdict on one answer: valid exactly when there is no violation."""

    violations: tuple[Violation, ...]
    edges: frozenset[int]
    """The edges the answer uses (reversed links included, non-edges left out)."""

    @property
    def valid(self) -> bool:
        return not self.violations


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
                    Violation(Rule.REVERSED, f"link({u},{v}) is edge({v},{u}) reversed", {"link": [u, v]})
                )
        if e is None:
            problems.append(
                Violation(Rule.NOT_AN_EDGE, f"link({u},{v}) is not an edge of the instance", {"link": [u, v]})
            )
            continue
        if e in used:
            problems.append(Violation(Rule.DUPLICATE, f"link({u},{v}) is given twice", {"link": [u, v]}))
        used.add(e)
    return used, problems


def check(
    puzzle: Puzzle,
    links: Iterable[tuple[Name, Name]],
    reference: Iterable[tuple[Name, Name]] | None = None,
) -> Report:
    """Check an answer (``(U, V)`` name pairs) against the rules and a reference. The
    rules are Slitherlink's: a puzzle of another kind (a variant, a Sloop) is refused
    in one line, pointing at :func:`slitherasp.check`, which checks every kind by its
    own rules (:func:`slitherasp.kinds.check`)."""
    _slitherlink(puzzle)
    used, violations = answer_edges(puzzle, links)
    violations += _broken(puzzle, used)
    if reference is not None:
        ref, _ = answer_edges(puzzle, reference)
        missing, extra = sorted(ref - used), sorted(used - ref)
        if missing or extra:
            fmt = lambda es: " ".join(f"({u},{v})" for u, v in puzzle.links(es))  # noqa: E731
            parts_ = [f"{len(missing)} missing" + (f": {fmt(missing)}" if missing else ""),
                      f"{len(extra)} extra" + (f": {fmt(extra)}" if extra else "")]
            violations.append(
                Violation(
                    Rule.REFERENCE,
                    "differs from the reference: " + "; ".join(parts_),
                    {"missing": [list(p) for p in puzzle.links(missing)],
                     "extra": [list(p) for p in puzzle.links(extra)]},
                )
            )
    return Report(tuple(violations), frozenset(used))


def check_lines(puzzle: Puzzle, lines: Iterable[int]) -> Report:
    """Check an answer given as edge indices (what :func:`check` does once the links'
    names are mapped to edges: a set of edges is never reversed or repeated).

    >>> from slitherasp.formats.lp import read_instance
    >>> p = read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,0).")
    >>> [v.kind for v in check_lines(p, {0, 1, 2}).violations]
    ['clue']
    """
    used = set(lines)
    return Report(tuple(_broken(puzzle, used)), frozenset(used))


def _broken(puzzle: Puzzle, used: set[int]) -> list[Violation]:
    """The rules a set of edges breaks: empty, degrees, pieces, clues."""
    violations = []
    if not used:
        violations.append(Violation(Rule.EMPTY, "the answer has no links: the loop must not be empty"))
    degree: dict[int, int] = {}
    for e in used:
        for v in puzzle.edges[e]:
            degree[v] = degree.get(v, 0) + 1
    odd = [v for v, d in degree.items() if d != 2]
    for v in sorted(odd):
        d, name = degree[v], puzzle.vertices[v]
        violations.append(
            Violation(Rule.DEGREE, f"vertex {name} has {d} link{'s' * (d != 1)} (must be 0 or 2)",
                      {"vertex": name, "degree": d})
        )
    if used and (odd or _walk(puzzle, used) < len(used)):
        parts = len(components(degree, (puzzle.edges[e] for e in used)))
        if parts > 1:
            violations.append(Violation(Rule.LOOPS, f"the links form {parts} separate pieces, not one loop",
                                        {"pieces": parts}))
    for c, k in enumerate(puzzle.clues):
        if k is None:
            continue
        found = sum(e in used for e in puzzle.cell_edges[c])
        if found != k:
            cell = puzzle.cells[c]
            violations.append(
                Violation(
                    Rule.CLUE,
                    f"cell {cell} has {found} links, its clue is {k}",
                    {"cell": cell, "expected": k, "found": found},
                )
            )
    return violations


def _walk(puzzle: Puzzle, used: set[int]) -> int:
    """The edges of the cycle through one edge of ``used``, where every vertex has two
    edges of ``used`` (all of them exactly when they are one loop)."""
    first = next(iter(used))
    start, v = puzzle.edges[first]
    e, count = first, 1
    ends, incidence = puzzle.edges, puzzle.incidence
    while v != start:
        for f in incidence[v]:
            if f != e and f in used:
                e = f
                break
        a, b = ends[e]
        v = b if a == v else a
        count += 1
    return count


def is_solution(puzzle: Puzzle, answer: Iterable[int]) -> bool:
    """True when the edge-index set ``answer`` is one loop meeting every clue (of a
    Slitherlink puzzle; :func:`slitherasp.is_solution` takes every kind)."""
    _slitherlink(puzzle)
    return check_lines(puzzle, answer).valid


def _slitherlink(puzzle: Any) -> None:
    """Refuse a puzzle that is not Slitherlink, saying which checker takes it.

    >>> from slitherasp import tilings
    >>> from slitherasp.kinds.variant import variant
    >>> try:
    ...     _slitherlink(variant(tilings.build("square", 1, 1), "vertex"))
    ... except InputError as refused:
    ...     print(refused)
    validate.check holds Slitherlink's rules; a Vertex Slitherlink is checked by its own: slitherasp.check (or ...)
    """
    if not isinstance(puzzle, Puzzle):
        what = getattr(puzzle, "title", type(puzzle).__name__)
        raise InputError(f"validate.check holds Slitherlink's rules; a {what} is checked by its own: "
                         "slitherasp.check (or slitherasp.kinds.check)")


def check_json(report: Report, instance: str | None = None, answer: str | None = None) -> dict[str, Any]:
    """The object of ``check --json``: ``valid`` and the violations with their details."""
    where = {k: v for k, v in (("instance", instance), ("answer", answer)) if v is not None}
    return {
        **where,
        "valid": report.valid,
        "violations": [{"kind": str(v.kind), "message": v.message, **v.data} for v in report.violations],
    }
