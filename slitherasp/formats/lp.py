"""The ASP-competition format (``lp``), in and out: instances and answers as facts.

An instance is a set of facts ``edge(U,V).`` (once per undirected edge),
``cell_contains(C,U,V).`` (in the edge's own orientation) and ``clue(C,N).``;
an answer is a set of facts ``link(U,V).`` in the input's orientation. Names may be
any clingo constant: integers, symbols (``c0``), quoted strings, function terms.

Facts are read by a small parser of our own, so every problem is reported as
``file:line:col: problem`` before clingo ever sees the instance.

>>> p = read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,1).")
>>> p.vertices, p.cells, p.clues
(('1', '2', '3'), ('t',), (1,))
>>> print(write_answer(p, [0]))
link(1,2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..model import InputError, Name, Puzzle, limits
from ..model.errors import located
from .terms import Fact, Parser, clip, parse_facts, quote

__all__ = ["parse_facts", "quote", "read_answer", "read_instance", "sniff", "write_answer", "write_instance"]

INSTANCE_PREDICATES = {"edge": 2, "cell_contains": 3, "clue": 2}
VARIANT_PREDICATES = {"variant": 1, "sheep": 1, "wolf": 1}
"""A variant's facts (:mod:`.variant_facts`)."""


# --------------------------------------------------------------------------- instances
def read_instance(text: str, source: str = "<string>") -> Puzzle:
    """Read a competition instance from text; every problem names its line and column.
    With a variant's facts (:mod:`.variant_facts`) it is that variant.

    >>> read_instance("edge(1,2). edge(2,1).")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: <string>:1:12: edge(2,1) repeats edge(1,2) in the other orientation
    """
    parser = Parser(text, source)
    facts = _by_predicate(parser)
    vertex_index, edge_at = _edges(parser, facts["edge"])
    if not edge_at:
        raise InputError("empty instance: no edge/2 facts", source=source)
    cells = _cells(parser, facts["cell_contains"], vertex_index, edge_at)
    clues = _clues(parser, facts["clue"], cells)
    names = tuple(cells)
    puzzle = Puzzle(
        vertices=tuple(vertex_index),
        edges=tuple(edge_at),
        cells=names,
        cell_edges=tuple(tuple(cells[c]) for c in names),
        clues=tuple(clues.get(c) for c in names),
        source=source,
    )
    if not any(facts[p] for p in VARIANT_PREDICATES):
        return puzzle
    from .variant_facts import read

    return read(puzzle, facts, parser)


def _by_predicate(parser: Parser) -> dict[str, list[Fact]]:
    """Every fact of the text by predicate; unknown predicates and arities refused."""
    known = {**INSTANCE_PREDICATES, **VARIANT_PREDICATES}
    by_predicate: dict[str, list[Fact]] = {p: [] for p in known}
    for fact in parser.atoms(terminated=True):
        arity = known.get(fact.predicate)
        name = f"{clip(fact.predicate)}/{len(fact.args)}"
        if arity is None:
            raise parser.error(f"unknown predicate {name}: an instance has only edge/2, cell_contains/3 and "
                               "clue/2 (and a variant's variant/1, sheep/1, wolf/1)", fact.offset)
        if len(fact.args) != arity:
            raise parser.error(f"{name} has the wrong arity: expected {fact.predicate}/{arity}", fact.offset)
        by_predicate[fact.predicate].append(fact)
    return by_predicate


def _edges(parser: Parser, facts: list[Fact]) -> tuple[dict[Name, int], dict[tuple[int, int], int]]:
    """Vertex name -> index, and each edge ``(u, v)`` -> its index, in input order."""
    vertex_index: dict[Name, int] = {}
    edge_at: dict[tuple[int, int], int] = {}
    for f in facts:
        u, v = f.args
        if u == v:
            raise parser.error(f"{_shown(f)} is a self-loop", f.offset)
        iu = vertex_index.setdefault(u, len(vertex_index))
        iv = vertex_index.setdefault(v, len(vertex_index))
        if (iu, iv) in edge_at:
            raise parser.error(f"{_shown(f)} is given twice", f.offset)
        if (iv, iu) in edge_at:
            raise parser.error(f"{_shown(f)} repeats edge({clip(v)},{clip(u)}) in the other orientation", f.offset)
        edge_at[(iu, iv)] = len(edge_at)
    return vertex_index, edge_at


def _cells(parser: Parser, facts: list[Fact], vertex_index: dict[Name, int],
           edge_at: dict[tuple[int, int], int]) -> dict[Name, list[int]]:
    """Cell name -> its edges' indices, each named in its edge's own orientation."""
    cells: dict[Name, list[int]] = {}
    seen: set[tuple[Name, int]] = set()
    for f in facts:
        c, u, v = f.args
        iu, iv = vertex_index.get(u, -1), vertex_index.get(v, -1)
        e = edge_at.get((iu, iv))
        if e is None:
            if (iv, iu) in edge_at:
                raise parser.error(f"{_shown(f)} names edge({clip(v)},{clip(u)}) in reverse orientation", f.offset)
            raise parser.error(f"{_shown(f)} names an edge that is not in edge/2", f.offset)
        if (c, e) in seen:
            raise parser.error(f"{_shown(f)} is given twice", f.offset)
        seen.add((c, e))
        cells.setdefault(c, []).append(e)
    return cells


def _clues(parser: Parser, facts: list[Fact], cells: dict[Name, list[int]]) -> dict[Name, int]:
    """Cell name -> clue: one integer per cell, between 0 and the cell's size."""
    clues: dict[Name, int] = {}
    for f in facts:
        c, n = f.args
        try:
            k = int(n)
        except ValueError:
            raise parser.error(f"{_shown(f)}: the clue must be an integer", f.offset) from None
        if c in clues:
            raise parser.error(f"{_shown(f)}: cell {clip(c)} has a clue already", f.offset)
        if k < 0:
            raise parser.error(f"{_shown(f)} is negative", f.offset)
        clues[c] = k
    for f in facts:
        c, k = f.args[0], clues[f.args[0]]
        if c not in cells:
            raise parser.error(f"{_shown(f)} names a cell with no cell_contains/3 facts", f.offset)
        if k > len(cells[c]):
            raise parser.error(f"{_shown(f)} is larger than its cell ({len(cells[c])} edges)", f.offset)
    return clues


def _shown(fact: Fact) -> str:
    """A fact as an error line names it, each name cut to a readable length."""
    return f"{fact.predicate}({','.join(clip(a) for a in fact.args)})"


def write_instance(puzzle: Puzzle) -> str:
    """The competition facts of a puzzle, one fact a line: edges, cells, clues (and a
    variant's facts, :mod:`.variant_facts`)."""
    if getattr(puzzle, "is_variant", False):
        from .variant_facts import write

        return write_instance(puzzle.puzzle) + write(puzzle)  # type: ignore[attr-defined]
    name = puzzle.vertices
    out = [f"edge({name[u]},{name[v]})." for u, v in puzzle.edges]
    for c, es in zip(puzzle.cells, puzzle.cell_edges):
        out.extend(f"cell_contains({c},{name[puzzle.edges[e][0]]},{name[puzzle.edges[e][1]]})." for e in es)
    out.extend(f"clue({c},{k})." for c, k in zip(puzzle.cells, puzzle.clues) if k is not None)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- answers
def write_answer(puzzle: Puzzle, answer: Iterable[int]) -> str:
    """An answer as ``link(U,V).`` facts in input orientation, in edge order."""
    return "\n".join(f"link({u},{v})." for u, v in puzzle.links(answer))


def read_answer(text: str, source: str = "<string>") -> list[tuple[Name, Name]]:
    """The ``link/2`` pairs of an answer, in any of the forms people keep them in.

    Accepted: ``link(U,V).`` facts; clingo's text output (the atoms after the last
    ``Answer:`` line); clingo's ``--outf=2`` JSON; our own ``--json`` object. Atoms of
    other predicates are ignored. Pairs are returned as written, so that the validator
    can name links that are reversed or not edges at all.

    >>> read_answer("Answer: 1\\nlink(1,2) link(2,3)\\nSATISFIABLE\\n")
    [('1', '2'), ('2', '3')]
    """
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _answer_from_json(text, source)
    lines = re.split(r"(?<=\n)", text)  # clingo's lines, ends kept: a name may hold U+2028 (splitlines breaks there)
    answer_at = [i for i, line in enumerate(lines) if re.match(r"Answer: \d", line)]
    if answer_at:
        i = answer_at[-1] + 1
        offset = sum(len(x) for x in lines[:i])
        body = lines[i] if i < len(lines) else ""
        parser = Parser(text, source)
        parser.text = text[: offset + len(body)]
        parser.pos = offset
        facts: Iterable[Fact] = parser.atoms(terminated=False)
    else:
        parser = Parser(text, source)
        facts = parser.atoms(terminated=True)
    links = []
    for f in facts:
        if f.predicate == "link":
            if len(f.args) != 2:
                raise parser.error(f"link/{len(f.args)} has the wrong arity: expected link/2", f.offset)
            links.append((f.args[0], f.args[1]))
    return links


def _answer_from_json(text: str, source: str) -> list[tuple[Name, Name]]:
    with located(source):
        data = limits.load_json(text, "JSON")
    if isinstance(data, dict) and "links" in data:
        pairs = data["links"]
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs
        ):
            raise InputError('"links" must be a list of [U, V] string pairs', source=source)
        return [(u, v) for u, v in pairs]
    try:  # clingo --outf=2
        witnesses = data["Call"][-1]["Witnesses"]
        atoms = " ".join(witnesses[-1]["Value"])
    except (KeyError, IndexError, TypeError):
        raise InputError(
            'JSON answer must be our --json object ("links") or clingo --outf=2 output',
            source=source,
        ) from None
    return read_answer(f"Answer: 1\n{atoms}\n", source)


def sniff(text: str) -> bool:
    """Whether ``text`` looks like competition facts.

    >>> sniff("edge(1,2)."), sniff("3x3t0:a2b3d")
    (True, False)
    """
    return "edge(" in text
