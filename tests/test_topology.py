"""The topology module: components, discs (exactly, not by counting alone), trimming."""

from __future__ import annotations

import pytest

from slitherasp import tilings
from slitherasp.model import Geometry, Puzzle, from_faces
from slitherasp.model.topology import components, disc_defect, is_disc
from slitherasp.tilings.base import trim_to_disc


def hemicube() -> Puzzle:
    """K4 with three four-sided faces: V - E + F = 1, every edge on two faces, but a
    closed surface (the projective plane), not a disc."""
    return Puzzle(
        vertices=("0", "1", "2", "3"),
        edges=((0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)),
        cells=("a", "b", "c"),
        cell_edges=((0, 1, 2, 3), (4, 1, 5, 3), (4, 2, 5, 0)),
        clues=(None, None, None),
        geometry=Geometry(((0, 0), (1, 0), (1, 1), (0, 1)), ((0, 1, 2, 3), (0, 2, 1, 3), (0, 2, 3, 1))),
    )


def test_hemicube_is_not_a_disc() -> None:
    p = hemicube()
    assert len(p.vertices) - len(p.edges) + len(p.cells) == 1
    assert disc_defect(p).kind == "closed" and not p.is_disc


@pytest.mark.parametrize("name", sorted(tilings.TILINGS))
def test_every_tiling_patch_is_a_disc(name: str) -> None:
    t = tilings.get(name)
    size = max(t.min_size, 4 if not t.seeded else t.min_size)
    assert is_disc(tilings.build(name, size, size, seed=1))


def test_defects_are_named() -> None:
    square = [(0, 0), (1, 0), (1, 1), (0, 1)]
    apart = from_faces([square, [(x + 3, y) for x, y in square]])
    assert disc_defect(apart).kind == "pieces"
    assert disc_defect(from_faces([square, [(x + 1, y + 1) for x, y in square]])).kind == "pieces"
    # (0,0) and (1,1) touch at a corner and are joined the long way round: a pinch
    around = [(0, 0), (0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (1, 1)]
    pinched = from_faces([[(x + a, y + b) for a, b in square] for x, y in around])
    assert disc_defect(pinched).kind == "pinch"
    ring = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    defect = disc_defect(from_faces(ring))
    assert defect.kind == "holes" and len(defect.groups) == 2
    assert disc_defect(tilings.build("square", 2, 2).with_clues([None] * 4)) is None


def test_components_and_trimming() -> None:
    assert components([3, 1, 2], [(1, 2)]) == [{1, 2}, {3}]
    squares = [[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)], [(2, 1), (3, 1), (3, 2), (2, 2)]]
    assert len(trim_to_disc(squares)) == 2
