"""Slitherlink as a puzzle kind: the model's :class:`~slitherasp.model.Puzzle` itself.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 1, 1).with_clues([4])
>>> program(p, "auto").encoding, check(p, p.links(range(4))).valid
('colour', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..model import Answer, Name, Puzzle
from . import facts as asp_facts


def program(puzzle: Puzzle, encoding: str = asp_facts.DEFAULT_ENCODING, *, simplify: bool = True) -> asp_facts.Program:
    """What the solver runs for this puzzle (reduced first, unless ``simplify`` is off)."""
    return asp_facts.slitherlink(puzzle, encoding, simplify=simplify)


def check(puzzle: Puzzle, links: Iterable[tuple[Name, Name]],
          reference: Iterable[tuple[Name, Name]] | None = None) -> Any:
    """The independent checker's report on an answer."""
    from ..validate import check as validate

    return validate(puzzle, links, reference)


def scene(puzzle: Puzzle, answer: Iterable[int] | None = None, **options: Any) -> Any:
    """The drawing of the puzzle (and an answer)."""
    from ..render.scene import puzzle_scene

    return puzzle_scene(puzzle, answer, **options)


def text(puzzle: Puzzle, answer: Answer | None = None) -> str:
    """A square grid in box-drawing characters."""
    from ..render.text import grid_text

    return grid_text(puzzle, answer)
