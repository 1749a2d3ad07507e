"""Rebuild the manual's gallery: ``python docs/gallery.py`` (needs Pillow).

One generated puzzle per tiling family, solved, checked by the validator and drawn
with its answer shaded into ``docs/gallery/<family>.png``.
"""

from __future__ import annotations

from pathlib import Path

import shapely

from slitherasp import render, tilings
from slitherasp.make.generate import generate
from slitherasp.model import Puzzle
from slitherasp.solver.run import solve
from slitherasp.tilings.polygons import from_polygons
from slitherasp.validate import check

HERE = Path(__file__).resolve().parent / "gallery"

GALLERY = [
    ("regular", "triangular", (6, 5), 1),
    ("archimedean", "great-dodecagonal", (3, 3), 2),
    ("laves", "cairo", (6, 6), 3),
    ("k-uniform", "compass-dodecagonal", (3, 3), 4),
    ("aperiodic", "hats", (8, 8), 5),
    ("aperiodic-penrose", "penrose-p3", (12, 12), 6),
    ("competition", "altair", (1, 1), 7),
]


def voronoi_patch(seed: int = 8, points: int = 40) -> Puzzle:
    """Any polygons: the Voronoi cells of random points, clipped to a disc."""
    import random

    rng = random.Random(seed)
    pts = shapely.MultiPoint([(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(points)])
    disc = shapely.Point(0, 0).buffer(0.9, quad_segs=4)
    cells = [c.intersection(disc) for c in shapely.voronoi_polygons(pts).geoms]
    return from_polygons([c for c in cells if c.area > 1e-3], source="voronoi")


def draw(family: str, patch: Puzzle, title: str, seed: int) -> None:
    made = generate(patch, seed=seed)
    result = solve(made.puzzle, unique=True)
    assert result.unique and check(made.puzzle, result.links()).valid
    name = f"{title}, {made.puzzle.clue_count()} clues, {made.grade.level}"
    render.png(made.puzzle, result.answer, HERE / f"{family}.png", shade=True, title=name, scale=40)
    print(f"{family}: {name}")


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for family, name, (w, h), seed in GALLERY:
        draw(family, tilings.build(name, w, h, seed=seed), f"{name} {w}x{h}", seed)
    draw("polygons", voronoi_patch(), "Voronoi cells (any polygons)", 8)


if __name__ == "__main__":
    main()
