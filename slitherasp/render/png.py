"""Scenes as PNG images, through Pillow (the optional ``png`` extra).

>>> from slitherasp.model import from_faces
>>> from slitherasp.render.scene import puzzle_scene
>>> s = puzzle_scene(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)]], [4]), [0, 1, 2, 3])
>>> try:
...     ok = png(s, scale=20)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
... except InputError as missing:  # Pillow is optional; the message says what to install
...     ok = "pip install" in str(missing)
>>> ok
True
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Any

from ..model import Point
from ..model.errors import InputError
from ..model.extras import needs
from .scene import COLOURS, EdgeMark, Scene
from .svg import CROSS_SIZE, DOT_RADIUS, GRID_WIDTH, LOOP_WIDTH, MARK_WIDTH, MARKED_CROSS_WIDTH, marked_cross


def _pillow() -> Any:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise InputError(needs("png", "PNG output")) from None
    return Image, ImageDraw, ImageFont


@lru_cache(maxsize=64)
def _font(size: int) -> Any:
    _, _, ImageFont = _pillow()
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ImportError, OSError):  # old Pillow or no FreeType: fixed bitmap font
        return ImageFont.load_default()


def auto_scale(s: Scene) -> float:
    """Pixels per median edge: 48, more when clues would be smaller than 22 pixels,
    less when the picture would be wider or taller than 2400 pixels.

    >>> auto_scale(Scene(5.0, 5.0, (), (), (), (), (), clue_size=0.25))
    88.0
    """
    wanted = max(48.0, 22.0 / s.clue_size)
    return max(8.0, min(wanted, 2400.0 / max(s.width, s.height)))


def png(s: Scene, *, scale: float | None = None) -> bytes:
    """The scene as PNG bytes, ``scale`` pixels per median edge (default
    :func:`auto_scale`); drawn at up to 4x the size and scaled down, for smooth
    lines and text."""
    Image, ImageDraw, _ = _pillow()
    scale = auto_scale(s) if scale is None else scale
    size = (max(1, round(s.width * scale)), max(1, round(s.height * scale)))
    ss = max(1, min(4, int(math.sqrt(36e6 / (size[0] * size[1])))))
    k = scale * ss
    image = Image.new("RGB", (size[0] * ss, size[1] * ss), COLOURS["background"])
    draw = ImageDraw.Draw(image)

    def px(p: Point) -> tuple[float, float]:
        return (p[0] * k, p[1] * k)

    def disc(p: Point, r: float, colour: str) -> None:
        x, y = px(p)
        draw.ellipse((x - r * k, y - r * k, x + r * k, y + r * k), fill=colour)

    for f in (*s.faces, *s.figures):  # figures: Sheep-Wolf's animals, over their faces
        draw.polygon([px(p) for p in f.points], fill=COLOURS[f.style])
    for e in s.edges:
        draw.line([px(e.a), px(e.b)], fill=COLOURS["grid"], width=max(1, round(GRID_WIDTH * k)))
    def cross(e: EdgeMark, c: float, colour: str, width: float) -> None:
        x, y = (e.a[0] + e.b[0]) / 2, (e.a[1] + e.b[1]) / 2
        for a, b in (((x - c, y - c), (x + c, y + c)), ((x - c, y + c), (x + c, y - c))):
            draw.line([px(a), px(b)], fill=colour, width=max(1, round(width * k)))

    for e in s.edges:
        if e.style:
            draw.line([px(e.a), px(e.b)], fill=COLOURS[e.style], width=max(1, round(MARK_WIDTH * k)))
        if e.state == "cross" and not e.style:
            cross(e, CROSS_SIZE, COLOURS["cross"], 1.6 * GRID_WIDTH)
    for pts, closed in s.loop:
        ring = list(pts) + ([pts[0]] if closed else [])
        draw.line([px(p) for p in ring], fill=COLOURS["loop"], width=max(1, round(LOOP_WIDTH * k)), joint="curve")
        for p in pts:
            disc(p, LOOP_WIDTH / 2, COLOURS["loop"])
    for e in s.edges:  # marked lines and crosses over the loop, in their style's colour
        if e.style and e.state == "line":
            draw.line([px(e.a), px(e.b)], fill=COLOURS[e.style], width=max(1, round(LOOP_WIDTH * k)))
        elif e.style and e.state == "cross":
            cross(e, marked_cross(s), COLOURS[e.style], MARKED_CROSS_WIDTH)
    for p in s.dots:
        disc(p, DOT_RADIUS, COLOURS["dot"])
    for t in s.texts:
        draw.text(px(t.at), t.text, fill=t.colour, font=_font(max(1, round(t.size * k))), anchor="mm")
    if ss > 1:
        image = image.reduce(ss)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
