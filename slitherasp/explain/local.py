"""Local reasoning: every joint solution of a few counting constraints, found by a
small depth-first search over their open edges.

A constraint is a set of edges and the numbers of lines it allows: a clue ``k``
allows exactly ``k``, a vertex 0 or 2, a corner of a face (the two edges of the face
that meet at a vertex) what is known of them, e.g. "at most one" ({0, 1}). From the
solutions follow the *backbone* (open edges with the same state in all of them) and
the *projection* onto any pair of edges (which numbers of lines the pair takes).
No solution means the settled edges contradict the constraints. Edges outside the
constraints are free: this is reasoning with only the constraints named, as a
person looking at one corner of the board does.

A clue 3 on edges 0-3, and edge 3 meeting only edge 4, a cross, at a vertex:

>>> window([((0, 1, 2, 3), frozenset({3})), ((3, 4), frozenset({0, 2}))], [0, 0, 0, 0, 2], [(0, 1)])
({0: True, 1: True, 2: True, 3: False}, [frozenset({2})])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .board import LINE, UNKNOWN

Constraint = tuple[Sequence[int], frozenset[int]]
"""Edges, and the numbers of lines among them that are allowed."""
MAX_SOLUTIONS = 4096
"""Solutions enumerated before a window gives up (its projections are then unknown)."""


def window(constraints: Sequence[Constraint], state: Sequence[int], pairs: Sequence[tuple[int, int]] = (),
           ) -> tuple[dict[int, bool], list[frozenset[int]]] | None:
    """The backbone of the constraints (open edge -> True for a line) and, for each
    pair of edges, the numbers of lines it takes over all solutions; None when there
    is no solution. Too many solutions: no backbone, projections as allowed."""
    variables: list[int] = []
    where: dict[int, int] = {}
    for edges, _ in constraints:
        for e in edges:
            if state[e] == UNKNOWN and e not in where:
                where[e] = len(variables)
                variables.append(e)
    if len(variables) <= MAX_BITS:
        return _by_bits(constraints, state, pairs, variables, where)
    members: list[list[int]] = [[] for _ in variables]
    lines, opens, allowed = [], [], []
    for k, (edges, counts) in enumerate(constraints):
        lines.append(sum(state[e] == LINE for e in edges))
        opens.append(sum(state[e] == UNKNOWN for e in edges))
        allowed.append(counts)
        for e in edges:
            if e in where:
                members[where[e]].append(k)
    if not all(_feasible(lines[k], opens[k], allowed[k]) for k in range(len(constraints))):
        return None
    order = sorted(range(len(variables)), key=lambda i: -len(members[i]))  # most constrained first
    value = [False] * len(variables)
    found: list[tuple[bool, ...]] = []

    def search(depth: int) -> None:
        if len(found) > MAX_SOLUTIONS:
            return
        if depth == len(order):
            found.append(tuple(value))
            return
        i = order[depth]
        for v in (True, False):
            for k in members[i]:
                opens[k] -= 1
                lines[k] += v
            if all(_feasible(lines[k], opens[k], allowed[k]) for k in members[i]):
                value[i] = v
                search(depth + 1)
            for k in members[i]:
                opens[k] += 1
                lines[k] -= v

    search(0)
    if not found:
        return None
    if len(found) > MAX_SOLUTIONS:
        return {}, [frozenset({0, 1, 2}) for _ in pairs]
    forced = {}
    for i, e in enumerate(variables):
        first = found[0][i]
        if all(s[i] == first for s in found):
            forced[e] = first
    projections = []
    for a, b in pairs:
        ia, ib = where.get(a), where.get(b)
        sums = {(s[ia] if ia is not None else 0) + (s[ib] if ib is not None else 0) for s in found}
        projections.append(_projection(sums, state, where, a, b))
    return forced, projections


def _projection(sums: set[int], state: Sequence[int], where: dict[int, int], a: int, b: int) -> frozenset[int]:
    """The line counts of the pair ``a``, ``b``: ``sums`` of its open edges in the
    window's solutions, plus its lines, plus either state of an open edge that is in
    no constraint."""
    fixed = (state[a] == LINE) + (state[b] == LINE)
    free = sum(state[x] == UNKNOWN and x not in where for x in (a, b))
    return frozenset(fixed + t + extra for t in sums for extra in range(free + 1))


MAX_BITS = 12
"""Windows of at most this many open edges are solved by :func:`_by_bits`."""


def _by_bits(constraints: Sequence[Constraint], state: Sequence[int], pairs: Sequence[tuple[int, int]],
             variables: list[int], where: dict[int, int],
             ) -> tuple[dict[int, bool], list[frozenset[int]]] | None:
    """:func:`window` for a few open edges: every assignment of them is one bit of an
    integer (bit ``w``: edge ``i`` is a line when bit ``i`` of ``w`` is set), each
    constraint keeps the assignments it allows (a table built once per shape), and
    the backbone and projections are read off the survivors with bit operations."""
    n = len(variables)
    on = _ons(n)
    valid = (1 << (1 << n)) - 1
    for edges, counts in constraints:
        mask = lines = 0
        for e in edges:
            i = where.get(e)
            if i is not None:
                mask |= 1 << i
            elif state[e] == LINE:
                lines += 1
        valid &= _allows(n, mask, counts, lines)
        if not valid:
            return None
    forced = {}
    for i, e in enumerate(variables):
        if not valid & on[i]:
            forced[e] = False
        elif not valid & ~on[i]:
            forced[e] = True
    projections = []
    for a, b in pairs:
        ways = [valid]  # ways[j]: the surviving assignments with j lines among a and b
        for x in (a, b):
            if x in where:
                bit = on[where[x]]
                ways = [(w & ~bit) | (ways[j - 1] & bit if j else 0) for j, w in enumerate([*ways, 0])]
        projections.append(_projection({j for j, w in enumerate(ways) if w}, state, where, a, b))
    return forced, projections


@cache
def _ons(n: int) -> tuple[int, ...]:
    """For each of ``n`` edges, the assignments (bits) in which it is a line."""
    return tuple(sum(1 << w for w in range(1 << n) if w >> i & 1) for i in range(n))


@cache
def _allows(n: int, mask: int, counts: frozenset[int], lines: int) -> int:
    """The assignments of ``n`` edges with one of ``counts`` lines among ``mask`` and
    ``lines`` settled ones."""
    return sum(1 << w for w in range(1 << n) if (w & mask).bit_count() + lines in counts)


def _feasible(lines: int, opens: int, allowed: frozenset[int]) -> bool:
    return any(lines <= t <= lines + opens for t in allowed)
