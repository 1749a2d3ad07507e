"""Drawing puzzles and answers on their real geometry: SVG, PNG and terminal text.

Every drawing goes through one :class:`~slitherasp.render.scene.Scene`
(:mod:`.scene`): :func:`svg` and :func:`png` translate it, the web page draws it.
A puzzle without geometry (a competition instance) gets a straight-line planar
drawing (:mod:`.layout`: Tutte's barycentric embedding). Puzzle kinds other than
Slitherlink draw their own scenes (:mod:`slitherasp.kinds`); this package never
tests what a puzzle is.

>>> from slitherasp.model import from_faces
>>> doc = svg(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
>>> doc.count('class="clue"'), doc.count('class="loop"')
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import png as _png
from . import svg as _svg
from .layout import Layout, crossings, layout
from .scene import COLOURS, MARGIN, TITLE_HEIGHT, Scene, scene_of
from .text import text

__all__ = ["COLOURS", "MARGIN", "TITLE_HEIGHT", "Layout", "Scene", "crossings", "layout", "png", "scene", "svg",
           "text", "unicode"]

scene = scene_of
unicode = text


def svg(puzzle: Any, answer: Iterable[int] | None = None, *, title: str | None = None, **options: Any) -> str:
    """The puzzle (and answer) as a standalone SVG document; ``options`` as for
    :func:`~slitherasp.render.scene.puzzle_scene` (``shade``, ``crosses``, ...)."""
    s = scene_of(puzzle, answer, title=title, **options)
    return _svg.svg(s, title or getattr(puzzle, "source", "slitherasp"))


def png(puzzle: Any, answer: Iterable[int] | None = None, path: str | Path | None = None, *,
        scale: float | None = None, title: str | None = None, **options: Any) -> bytes:
    """The drawing of :func:`svg` as PNG bytes, ``scale`` pixels per median edge;
    also written to ``path`` if given. Needs Pillow (``pip install 'slitherasp[png]'``)."""
    data = _png.png(scene_of(puzzle, answer, title=title, **options), scale=scale)
    if path is not None:
        from ..files import write_files

        write_files({Path(path): data})
    return data
