"""A player's board: the lines and crosses drawn so far, for hints.

Either facts, ``link(U,V).`` for a line and ``nolink(U,V).`` for a cross (other
predicates ignored), or JSON: ``{"links": [[U, V], ...], "non_links": [[U, V], ...]}``
(also the ``settles`` object of an explanation step). Pairs may name an edge in
either orientation.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 1, 1)
>>> read_state(p, "link(2,3). nolink(1,2).")
({0}, {1})
"""

from __future__ import annotations

from typing import Any

from ..model import Name, Puzzle, limits
from ..model.errors import InputError, located
from .terms import parse_facts


def read_state(puzzle: Puzzle, text: str, source: str = "<state>") -> tuple[set[int], set[int]]:
    """The edges drawn as lines and as crosses; :class:`InputError` for a pair that is
    no edge, or an edge drawn both ways."""
    with located(source):
        pairs = _json(text) if text.lstrip().startswith("{") else _facts(text, source)
        links, crosses = (_edges(puzzle, pairs[kind]) for kind in ("links", "non_links"))
        both = links & crosses
        if both:
            u, v = puzzle.edge_names(min(both))
            raise InputError(f"edge ({u},{v}) is drawn both as a line and as a cross")
        return links, crosses


def _facts(text: str, source: str) -> dict[str, list[tuple[Name, Name]]]:
    out: dict[str, list[tuple[Name, Name]]] = {"links": [], "non_links": []}
    for f in parse_facts(text, source):
        kind = {"link": "links", "nolink": "non_links"}.get(f.predicate)
        if kind is None:
            continue
        if len(f.args) != 2:
            raise InputError(f"{f.predicate}/{len(f.args)} has the wrong arity: expected {f.predicate}/2")
        out[kind].append((f.args[0], f.args[1]))
    return out


def _json(text: str) -> dict[str, list[tuple[Name, Name]]]:
    data: Any = limits.load_json(text, "JSON")
    if isinstance(data, dict) and isinstance(data.get("settles"), dict):
        data = data["settles"]
    if not isinstance(data, dict):
        raise InputError('a board state in JSON is an object with "links" and "non_links"')
    out = {}
    for kind in ("links", "non_links"):
        pairs = data.get(kind, [])
        if not (isinstance(pairs, list) and all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs)):
            raise InputError(f'"{kind}" must be a list of [U, V] string pairs')
        out[kind] = [(u, v) for u, v in pairs]
    return out


def _edges(puzzle: Puzzle, pairs: list[tuple[Name, Name]]) -> set[int]:
    index, edges = puzzle.vertex_index, set()
    for u, v in pairs:
        e = puzzle.find_edge(index.get(u, -1), index.get(v, -1))
        if e is None:
            raise InputError(f"({u[:40]},{v[:40]}) is not an edge of the puzzle")
        edges.add(e)
    return edges
