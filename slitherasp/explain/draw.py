"""A step drawn on its puzzle, through the one scene: the board before the step (if
known), the reason's clues and edges in the ``reason`` style, what the step settles
in the ``settled`` style.

>>> from slitherasp import tilings
>>> from slitherasp.explain import explain
>>> p = tilings.build("square", 1, 1).with_clues([4])
>>> drawing = step_svg(p, explain(p).steps[0])
>>> drawing.count('class="mark settled"'), "<title>easy: clue counting</title>" in drawing
(1, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..model import Puzzle


def step_scene(puzzle: Puzzle, step: Any, known: Mapping[int, bool] | None = None, title: str | None = None) -> Any:
    """The :class:`~slitherasp.render.scene.Scene` of ``step`` on ``puzzle``, after the
    settled edges ``known`` (the board before it; the step's own edges are drawn as
    settled): a line or a cross on no edge but those."""
    from ..render.scene import puzzle_scene

    board = dict(known or {})
    board.update(step.settles)
    styles = dict.fromkeys((*step.links, *step.non_links), "reason")
    styles.update({e: "settled" for e, _ in step.settles})
    for e in (*step.links, *step.non_links):
        board.setdefault(e, e in step.links)
    return puzzle_scene(puzzle, [e for e, line in board.items() if line],
                        crosses=[e for e, line in board.items() if not line], edge_styles=styles,
                        cell_styles=dict.fromkeys(step.clues, "reason"),
                        title=title or f"{step.level_name}: {', '.join(step.rules)}")


def step_svg(puzzle: Puzzle, step: Any, known: Mapping[int, bool] | None = None, title: str | None = None) -> str:
    """The SVG of :func:`step_scene`."""
    from ..render.svg import svg

    return svg(step_scene(puzzle, step, known, title), title or f"{step.level_name}: {', '.join(step.rules)}")
