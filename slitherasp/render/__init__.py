"""Drawing puzzles and answers on their real geometry: SVG, PNG and terminal text.

Every drawing goes through one :class:`~slitherasp.render.scene.Scene`
(:mod:`.scene`): :func:`svg` and :func:`png` translate it, the web page draws it.
A puzzle without geometry (a competition instance) gets a straight-line planar
drawing (:mod:`.layout`: Tutte's barycentric embedding). Puzzle kinds other than
Slitherlink draw their own scenes with these pieces (:mod:`slitherasp.kinds`, whose
:func:`~slitherasp.kinds.scene_of` and :func:`~slitherasp.kinds.text_of` draw a puzzle of
any kind); this package knows no kind but Slitherlink.

>>> from slitherasp.model import from_faces
>>> doc = svg(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
>>> doc.count('class="clue"'), doc.count('class="loop"')
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError
from . import png as _png
from . import svg as _svg
from .layout import Layout, crossings, layout
from .scene import COLOURS, MARGIN, TITLE_HEIGHT, Scene, puzzle_scene
from .text import grid_text

__all__ = ["COLOURS", "MARGIN", "TITLE_HEIGHT", "Layout", "Scene", "crossings", "layout", "png", "scene", "svg",
           "text", "unicode"]

scene = puzzle_scene
text = unicode = grid_text


def _scene(drawing: Puzzle | Scene, answer: Iterable[int] | None, title: str | None, options: Any) -> Scene:
    if isinstance(drawing, Scene):
        return drawing
    if not isinstance(drawing, Puzzle):
        raise InputError(f"render draws a Slitherlink puzzle or a scene, not a {type(drawing).__name__}: "
                         "draw other kinds with slitherasp.kinds.scene_of")
    return puzzle_scene(drawing, answer, title=title, **options)


def svg(drawing: Puzzle | Scene, answer: Iterable[int] | None = None, *, title: str | None = None,
        **options: Any) -> str:
    """A Slitherlink puzzle (and answer), or a scene of any kind
    (:func:`slitherasp.kinds.scene_of`), as a standalone SVG document; ``options`` as for
    :func:`~slitherasp.render.scene.puzzle_scene` (``shade``, ``crosses``, ...)."""
    return _svg.svg(_scene(drawing, answer, title, options), title or getattr(drawing, "source", "slitherasp"))


def png(drawing: Puzzle | Scene, answer: Iterable[int] | None = None, path: str | Path | None = None, *,
        scale: float | None = None, title: str | None = None, **options: Any) -> bytes:
    """The drawing of :func:`svg` as PNG bytes, ``scale`` pixels per median edge;
    also written to ``path`` if given. Needs Pillow (the ``png`` extra)."""
    data = _png.png(_scene(drawing, answer, title, options), scale=scale)
    if path is not None:
        from ..model.files import write_files

        write_files({Path(path): data})
    return data
