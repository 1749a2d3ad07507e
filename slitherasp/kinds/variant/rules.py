"""The variants' rules in plain Python: what each clue counts, which faces a loop
holds, whether lines are trees; and the checker built on them, independent of the
encodings (no search, no clingo).

On a square these agree with pzprjs' checkers (``vslither``, ``tslither``,
``swslither``, ``lither``, the flag ``f``); on any other face they say the same thing:

* a **Vertex** clue counts the cell's corners that have a line;
* a **Touch** clue counts the runs of the cell's boundary on the loop: the corners the
  loop passes through, joined by the sides it runs along, each run once. pzprjs
  counts corners minus ``min(sides, 3)`` on a square, which is the same number: a run
  of k sides has k + 1 corners, and the whole boundary (n sides, n corners) is one run;
* **Sheep-Wolf**: the faces of a disc a loop holds are those an odd number of lines
  away from the outside; a sheep's face is held, a wolf's is not;
* **all points**: every vertex has a line;
* **Litherslink**: no vertex has 0 or 2 lines (on the border too), the lines hold no
  cycle, and they fall into two or more trees.

>>> from slitherasp import tilings
>>> from slitherasp.kinds.variant import variant
>>> square = tilings.build("square", 1, 1)
>>> v = variant(square.with_clues([1]), "touch")
>>> [(str(x.kind), x.data.get("found")) for x in check(v, square.links(range(4))).violations]
[]
>>> touches(square, 0, {0, 1, 2, 3}), touches(square, 0, {0}), corners_on(square, 0, {0})
(1, 1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable

from ...model import Name, Puzzle
from ...model.topology import components
from ...validate import Report, Rule, Violation, answer_edges
from ...validate import check as check_loop
from .puzzle import Variant, corners


# --------------------------------------------------------------------------- counting
def linked(puzzle: Puzzle, lines: Iterable[int]) -> set[int]:
    """The vertices with a line."""
    return {v for e in lines for v in puzzle.edges[e]}


def corners_on(puzzle: Puzzle, cell: int, lines: set[int]) -> int:
    """How many corners of ``cell`` have a line (a Vertex clue)."""
    on = linked(puzzle, lines)
    return sum(v in on for v in corners(puzzle, cell))


def touches(puzzle: Puzzle, cell: int, lines: set[int]) -> int:
    """How many separate times the lines touch ``cell``, a simple cycle (a Touch
    clue): each run of its boundary on the lines counted at its first corner going
    round, whose side before it is no line; the whole boundary is one run."""
    cycle, sides = puzzle.face_cycles[cell], puzzle.face_sides[cell]
    if cycle is None or sides is None:
        raise ValueError(f"cell {puzzle.cells[cell]} is not a simple cycle")
    if all(e in lines for e in sides):
        return 1
    on = linked(puzzle, lines)
    return sum(v in on and sides[i - 1] not in lines for i, v in enumerate(cycle))


def sides_on(puzzle: Puzzle, cell: int, lines: set[int]) -> int:
    """How many sides of ``cell`` are lines (a classic clue)."""
    return sum(e in lines for e in puzzle.cell_edges[cell])


def count(v: Variant, cell: int, lines: set[int]) -> int:
    """What a clue of ``cell`` counts under the variant's rule."""
    if v.rule == "vertex":
        return corners_on(v.puzzle, cell, lines)
    if v.rule == "touch":
        return touches(v.puzzle, cell, lines)
    return sides_on(v.puzzle, cell, lines)


def held(puzzle: Puzzle, lines: set[int]) -> list[bool]:
    """For each face of a disc, whether the lines hold it: an odd number of lines
    lie between it and the outside (the faces beside the border start from the
    outside, and each line crossed flips). Meant for one loop."""
    inside: list[bool | None] = [None] * len(puzzle.cells)
    todo = []
    for e in puzzle.boundary_edges:
        (c,) = puzzle.edge_cells[e]
        if inside[c] is None:
            inside[c] = e in lines
            todo.append(c)
    while todo:
        c = todo.pop()
        for e in puzzle.cell_edges[c]:
            for d in puzzle.edge_cells[e]:
                if inside[d] is None:
                    inside[d] = inside[c] != (e in lines)
                    todo.append(d)
    return [bool(x) for x in inside]


def cycle_edge(puzzle: Puzzle, lines: Iterable[int]) -> int | None:
    """An edge of ``lines`` that closes a cycle among them, or None for a forest."""
    parent = list(range(len(puzzle.vertices)))

    def root(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for e in sorted(lines):
        a, b = (root(x) for x in puzzle.edges[e])
        if a == b:
            return e
        parent[a] = b
    return None


# --------------------------------------------------------------------------- checking
def check(v: Variant, links: Iterable[tuple[Name, Name]],
          reference: Iterable[tuple[Name, Name]] | None = None) -> Report:
    """Check an answer (``(U, V)`` name pairs) against the variant's rules: the
    violations of :func:`slitherasp.validate.check` for a loop (not an edge,
    reversed, duplicate, empty, degree, loops) or Litherslink's (``degree``: 0 or 2
    lines, ``cycle``, ``trees``), then ``clue`` (counted by the variant's rule),
    ``unvisited`` (all points), ``sheep`` and ``wolf``.

    >>> from slitherasp import tilings
    >>> from slitherasp.kinds.variant import variant
    >>> two = tilings.build("square", 2, 1)
    >>> v = variant(two, "sheep-wolf", wolves=[1])
    >>> for x in check(v, two.links(range(len(two.edges)))).violations: print(x)
    vertex 1 has 3 links (must be 0 or 2)
    vertex 2 has 3 links (must be 0 or 2)
    >>> for x in check(v, two.links([1, 4, 5, 6])).violations: print(x)
    the wolf in cell c1 is inside the loop
    """
    links = list(links)
    bare = v.puzzle.with_clues([None] * len(v.puzzle.cells))
    if v.rule == "lither":
        used, violations = answer_edges(v.puzzle, links)
        violations += _lither(bare, used)
        if reference is not None:  # the loop checker compares; its loop rules do not apply
            violations += [x for x in check_loop(bare, links, reference).violations if x.kind == Rule.REFERENCE]
    else:
        report = check_loop(bare, links, reference)
        used, violations = set(report.edges), list(report.violations)
        whole = not any(x.kind in (Rule.DEGREE, Rule.LOOPS, Rule.EMPTY) for x in violations)
        if v.full and used:
            violations += _unvisited(v.puzzle, used)
        if whole and (v.sheep or v.wolves):
            violations += _animals(v, used)
    violations += _clues(v, used)
    return Report(tuple(_ordered(violations)), frozenset(used))


def check_lines(v: Variant, lines: Iterable[int]) -> Report:
    """:func:`check` of an answer given as edge indices."""
    return check(v, v.puzzle.links(lines))


def is_answer(v: Variant, lines: Iterable[int]) -> bool:
    """Whether the edge set ``lines`` is an answer of the variant."""
    return check_lines(v, lines).valid


_ORDER = {r: i for i, r in enumerate((Rule.NOT_AN_EDGE, Rule.REVERSED, Rule.DUPLICATE, Rule.EMPTY, Rule.DEGREE,
                                      Rule.LOOPS, Rule.CYCLE, Rule.TREES, Rule.UNVISITED, Rule.CLUE, Rule.SHEEP,
                                      Rule.WOLF, Rule.REFERENCE))}


def _ordered(violations: list[Violation]) -> list[Violation]:
    """Violations by kind in a fixed order (the reference's last), else as found."""
    return sorted(violations, key=lambda x: _ORDER.get(x.kind, len(_ORDER)))


def _clues(v: Variant, used: set[int]) -> list[Violation]:
    """Every clue its rule finds unmet."""
    words = {"vertex": ("corner on the loop", "corners on the loop"), "touch": ("touch", "touches")}.get(
        v.rule, ("link", "links"))
    out = []
    for c, k in enumerate(v.puzzle.clues):
        if k is None:
            continue
        found = count(v, c, used)
        if found != k:
            cell = v.puzzle.cells[c]
            out.append(Violation(Rule.CLUE, f"cell {cell} has {found} {words[found != 1]}, its clue is {k}",
                                 {"cell": cell, "expected": k, "found": found}))
    return out


def _unvisited(puzzle: Puzzle, used: set[int]) -> list[Violation]:
    """All points: the vertices without a line, as one violation."""
    on = linked(puzzle, used)
    missed = [puzzle.vertices[u] for u in range(len(puzzle.vertices)) if u not in on]
    if not missed:
        return []
    many = len(missed) != 1
    shown = " ".join(missed[:20]) + (" ..." if len(missed) > 20 else "")
    return [Violation(Rule.UNVISITED, f"{len(missed)} vertex{'es' * many} {'are' if many else 'is'} not on the loop "
                      f"(all points): {shown}", {"vertices": missed})]


def _animals(v: Variant, used: set[int]) -> list[Violation]:
    """Sheep outside the loop, wolves inside it."""
    inside = held(v.puzzle, used)
    out = []
    for c in sorted(v.sheep | v.wolves):
        cell = v.puzzle.cells[c]
        if c in v.sheep and not inside[c]:
            out.append(Violation(Rule.SHEEP, f"the sheep in cell {cell} is outside the loop", {"cell": cell}))
        elif c in v.wolves and inside[c]:
            out.append(Violation(Rule.WOLF, f"the wolf in cell {cell} is inside the loop", {"cell": cell}))
    return out


def _lither(puzzle: Puzzle, used: set[int]) -> list[Violation]:
    """Litherslink's rules of the lines: some lines, every vertex 1 or 3+ lines, no
    cycle, two or more trees."""
    if not used:
        return [Violation(Rule.EMPTY, "the answer has no lines: Litherslink needs two or more trees")]
    degree = [0] * len(puzzle.vertices)
    for e in used:
        for u in puzzle.edges[e]:
            degree[u] += 1
    out = [Violation(Rule.DEGREE, f"vertex {puzzle.vertices[u]} has {d} line{'s' * (d != 1)} "
                     "(must be 1, 3 or more: every vertex ends or branches lines)",
                     {"vertex": puzzle.vertices[u], "degree": d})
           for u, d in enumerate(degree) if d in (0, 2)]
    closing = cycle_edge(puzzle, used)
    if closing is not None:
        link = list(puzzle.edge_names(closing))
        out.append(Violation(Rule.CYCLE, f"the lines form a loop (through link({link[0]},{link[1]}))",
                             {"link": link}))
    trees = len(components({u for e in used for u in puzzle.edges[e]}, (puzzle.edges[e] for e in used)))
    if trees < 2:
        out.append(Violation(Rule.TREES, "the lines form 1 piece: Litherslink needs two or more trees",
                             {"trees": trees}))
    return out
