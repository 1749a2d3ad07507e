"""What is derived from a puzzle's graph alone, computed once for every puzzle on it.

A :class:`~slitherasp.model.puzzle.Puzzle` made from another by ``with_clues`` or
``replaced`` (other clues, geometry, source or tiling) shares its graph, and with it a
dictionary of what has been derived from the graph so far: the incidences, the cycles
of the cells, the disc test, the rules' shape. A batch's puzzles read on one grid, or a
generator's clue sets, pay for each once however late it is first asked for.

>>> class Graph:
...     @structural
...     def size(self) -> int:
...         print("computed")
...         return 3
>>> g, h = Graph(), Graph()
>>> h.__dict__["_shared"] = shared(g)   # h made from g, as with_clues makes a copy
>>> g.size, h.size
computed
(3, 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["derived", "shared", "structural"]

T = TypeVar("T")
_MISSING = object()


def shared(owner: Any) -> dict[str, Any]:
    """The dictionary of derived values that ``owner`` shares with its copies."""
    found = owner.__dict__.get("_shared")
    if found is None:
        found = owner.__dict__["_shared"] = {}
    return found


def derived(owner: Any, key: str, compute: Callable[[Any], T]) -> T:
    """``compute(owner)``, kept under ``key`` for ``owner`` and its copies."""
    values = shared(owner)
    value = values.get(key, _MISSING)
    if value is _MISSING:
        value = values[key] = compute(owner)
    return value


class structural(Generic[T]):
    """A property computed from the graph alone: kept in the shared dictionary, and in
    the instance, so that its next read is a plain attribute."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, owner: Any, kind: type | None = None) -> T:
        if owner is None:
            return self  # type: ignore[return-value]  (read on the class)
        value = derived(owner, self.name, self.compute)
        owner.__dict__[self.name] = value
        return value
