"""The variants drawn: the classic scene with each clue judged by its variant's rule,
and Sheep-Wolf's sheep and wolves over their faces; in the terminal, ``S`` and ``W``.

>>> from slitherasp import tilings
>>> from slitherasp.kinds.variant import variant
>>> v = variant(tilings.build("square", 2, 1), "sheep-wolf", sheep=[0], wolves=[1])
>>> s = scene(v, [0, 1, 2, 3])
>>> sorted({f.style for f in s.figures}), [f.style for f in s.faces]
(['sheep', 'sheep-line', 'wolf', 'wolf-eye'], ['face', 'face'])
>>> print(text(v))
·   ·   ·
  S   W
·   ·   ·
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...model import Answer, Point
from .puzzle import Variant, corners


def tally(v: Variant) -> Any:
    """How a clue of ``v`` counts on a board (:data:`slitherasp.render.scene.Tally`):
    the least and most it can still come to, given lines and crosses. Vertex: the
    corners with a line, and those plus the corners with an open edge. Touch: exact
    once every edge at the cell's corners is settled, else anything from 0 to its
    corners (a run can still split or join). Others: the sides, as Slitherlink."""
    from ...render.scene import count_sides
    from .rules import touches

    puzzle = v.puzzle
    if v.rule not in ("vertex", "touch"):
        return count_sides(puzzle)
    incidence = puzzle.incidence

    def count(cell: int, lines: set[int], crossed: set[int]) -> tuple[int, int]:
        around = corners(puzzle, cell)
        if v.rule == "touch":
            if all(e in lines or e in crossed for u in around for e in incidence[u]):
                found = touches(puzzle, cell, lines)
                return found, found
            return 0, len(around)
        on = sum(any(e in lines for e in incidence[u]) for u in around)
        open_ = sum(not any(e in lines for e in incidence[u]) and any(e not in crossed for e in incidence[u])
                    for u in around)
        return on, on + open_

    return count


def scene(v: Variant, answer: Iterable[int] | None = None, **options: Any) -> Any:
    """The drawing of a variant (options as :func:`slitherasp.render.scene.puzzle_scene`):
    clues red where the lines break them under the variant's rule, sheep and wolves
    drawn in their faces (the face tinted where a whole answer has one on the wrong
    side of the loop)."""
    from ...render.animals import animal
    from ...render.scene import puzzle_scene

    styles = dict(options.pop("cell_styles", None) or {})
    if answer is not None and options.get("crosses") is None and (v.sheep or v.wolves):
        from .rules import check_lines

        report = check_lines(v, answer)
        where = v.puzzle.cell_index
        styles.update({where[x.data["cell"]]: "wrong" for x in report.violations if str(x.kind) in ("sheep", "wolf")})

    def figures(cells: Sequence[int], centres: Sequence[Point], radii: Sequence[float]) -> list[Any]:
        out = []
        for c, centre, r in zip(cells, centres, radii):
            kind = v.animal(c)
            if kind is not None:
                out += animal(kind, centre, r, c)
        return out

    return puzzle_scene(v.puzzle, answer, cell_styles=styles, tally=tally(v), figures=figures, **options)


def text(v: Variant, answer: Answer | None = None) -> str:
    """A square grid in box-drawing characters, ``S`` for a sheep and ``W`` for a wolf."""
    from ...render.text import grid_text

    marks = dict.fromkeys(v.sheep, "S") | dict.fromkeys(v.wolves, "W")
    return grid_text(v.puzzle, answer, marks=marks)
