"""Puzzle kinds behind one interface: Slitherlink (the model's :class:`Puzzle`),
Sloop (:class:`~slitherasp.kinds.sloop.Sloop`) and the Slitherlink variants (Vertex,
Touch, Sheep-Wolf, all points, Litherslink: :class:`~slitherasp.kinds.variant.Variant`).

Each kind is a module with the same functions: ``program(puzzle, encoding)`` (what
the solver runs: :class:`slitherasp.kinds.facts.Program`), ``check(puzzle, links,
reference)`` (the independent checker's :class:`~slitherasp.validate.Report`),
``scene(puzzle, answer, **options)`` (the drawing, :class:`slitherasp.render.scene.Scene`),
``text(puzzle, answer)`` (a terminal drawing), ``read(text, source)`` and
``write(puzzle)``. The solver, the renderer and the command line ask
:func:`kind_of` and never test what a puzzle is. A puzzle names its kind with a
``kind`` attribute; a plain :class:`Puzzle` is Slitherlink.

Adding a kind is one module with those functions and one line in :data:`KINDS`.

>>> from slitherasp import tilings
>>> kind_of(tilings.build("square", 2, 2)).name
'slitherlink'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from ..model.errors import InputError


@dataclass(frozen=True, eq=False)
class Kind:
    """A puzzle kind: its name and the module holding its functions."""

    name: str
    module: str
    description: str

    @property
    def functions(self) -> ModuleType:
        """The kind's module (imported on first use)."""
        return import_module(f"{__name__}.{self.module}")

    def program(self, puzzle: Any, encoding: str, **options: Any) -> Any:
        return self.functions.program(puzzle, encoding, **options)

    def check(self, puzzle: Any, links: Any, reference: Any = None) -> Any:
        return self.functions.check(puzzle, links, reference)

    def scene(self, puzzle: Any, answer: Any = None, **options: Any) -> Any:
        return self.functions.scene(puzzle, answer, **options)

    def text(self, puzzle: Any, answer: Any = None) -> str:
        return self.functions.text(puzzle, answer)


KINDS: dict[str, Kind] = {
    "slitherlink": Kind("slitherlink", "slitherlink", "one loop; each clue counts the loop's edges around its cell"),
    "sloop": Kind("sloop", "sloop", "one loop through the centre of every white cell"),
    **{name: Kind(name, "variant", text) for name, text in (
        ("vertex", "one loop; a clue counts the corners of its cell on the loop"),
        ("touch", "one loop; a clue counts the separate times the loop touches its cell"),
        ("sheep-wolf", "one loop; classic clues; sheep inside the loop, wolves outside"),
        ("full", "one loop through every vertex; classic clues"),
        ("lither", "two or more trees, no loop, no vertex with 0 or 2 lines; classic clues"),
    )},
}


def scene_of(puzzle: Any, answer: Any = None, **options: Any) -> Any:
    """The drawing (a :class:`~slitherasp.render.scene.Scene`) of a puzzle of any kind:
    its kind draws it."""
    return kind_of(puzzle).scene(puzzle, answer, **options)


def text_of(puzzle: Any, answer: Any = None) -> str:
    """A puzzle of any kind in the terminal (its kind draws it); :class:`InputError`
    where the kind cannot draw this puzzle as text."""
    return kind_of(puzzle).text(puzzle, answer)


def check(puzzle: Any, links: Any, reference: Any = None) -> Any:
    """The independent checker's report (:class:`~slitherasp.validate.Report`) on an
    answer, ``(U, V)`` name pairs, to a puzzle of any kind, by its kind's own rules
    (:func:`slitherasp.validate.check` for Slitherlink); ``slitherasp.check``.

    >>> from slitherasp import tilings
    >>> from slitherasp.kinds.variant import variant
    >>> v = variant(tilings.build("square", 1, 1).with_clues([3]), "vertex")
    >>> [str(x) for x in check(v, v.links({0, 1, 2, 3})).violations]
    ['cell c0 has 4 corners on the loop, its clue is 3']
    """
    return kind_of(puzzle).check(puzzle, links, reference)


def is_solution(puzzle: Any, answer: Any) -> bool:
    """Whether the edge-index set ``answer`` (of the puzzle's graph) is an answer to a
    puzzle of any kind (:func:`check`); ``slitherasp.is_solution``.

    >>> from slitherasp import tilings
    >>> from slitherasp.kinds.variant import variant
    >>> v = variant(tilings.build("square", 2, 1).with_clues([None, 4]), "vertex")
    >>> is_solution(v, v.puzzle.cell_edges[0]), is_solution(v, v.puzzle.cell_edges[1])
    (False, True)
    """
    return bool(check(puzzle, getattr(puzzle, "graph", puzzle).links(answer)).valid)


def kind_of(puzzle: Any) -> Kind:
    """The kind of a puzzle object: its ``kind`` attribute, else Slitherlink."""
    name = getattr(puzzle, "kind", "slitherlink")
    if name not in KINDS:
        raise InputError(f"unknown puzzle kind {name!r}")
    return KINDS[name]
