"""Loopy's periodic grids: ours equal Loopy's face for face, and Loopy's answers fit them."""

from __future__ import annotations

import math

import pytest
from conftest import loopy_samples

from slitherasp import tilings
from slitherasp.model import Puzzle, from_faces
from slitherasp.tilings.loopy import LEGACY_TRIANGULAR, LOOPY, layout, loopy_faces, scaled
from slitherasp.validate import check

SAMPLES = [s for s in loopy_samples() if s["t"] in LOOPY]
BY_NUMBER = {t.loopy[1]: t for t in tilings.TILINGS.values() if t.loopy is not None}


def size(sample: dict) -> tuple[int, int]:
    w, h = sample["size"].split("x")
    return int(w), int(h)


def corners(sample: dict) -> list[set[tuple[int, int]]]:
    """The sample's faces as sets of corners, y negated (up)."""
    vs = sample["vertices"]
    return [{(vs[v][0], -vs[v][1]) for v in face} for face in sample["faces"]]


def built(sample: dict) -> Puzzle:
    """Our registered tiling for the sample's grid type, at the sample's size."""
    return tilings.build(BY_NUMBER[sample["t"]].name, *size(sample))


def at_loopy_scale(puzzle: Puzzle, number: int) -> list[set[tuple[int, int]]]:
    geo = puzzle.geometry
    faces = scaled(number, [geo.face_polygon(c) for c in range(len(puzzle.cells))])
    return [set(f) for f in faces]


def test_every_periodic_type_is_registered_with_loopys_minimum() -> None:
    assert set(LOOPY) <= set(BY_NUMBER)
    for number, grid in LOOPY.items():
        t = BY_NUMBER[number]
        assert t.loopy == (grid.name, number)
        if t.name != "square":  # the square grid also serves sizes Loopy refuses
            assert t.min_size == grid.min_size[0]


@pytest.mark.skipif(not SAMPLES, reason="shared Loopy sample not available")
@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_grid_equals_loopys_face_for_face(sample: dict) -> None:
    expected = corners(sample)
    puzzle = built(sample)
    assert len(puzzle.cells) == len(expected) == sample["faces_n"]
    for i, (ours, theirs) in enumerate(zip(at_loopy_scale(puzzle, sample["t"]), expected)):
        assert ours == theirs, f"face {i} differs"
    assert len(puzzle.vertices) == len(sample["vertices"])


@pytest.mark.skipif(not SAMPLES, reason="shared Loopy sample not available")
@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_loopys_solution_is_valid_on_our_puzzle(sample: dict) -> None:
    number = sample["t"]
    puzzle = built(sample).with_clues(sample["clues"])
    unit = LOOPY[number].unit
    ours = {(round(x * unit), round(y * unit)): v for v, (x, y) in enumerate(puzzle.geometry.points)}
    vs = sample["vertices"]
    links = []
    for a, b in sample["solution"]:
        u, v = ours[(vs[a][0], -vs[a][1])], ours[(vs[b][0], -vs[b][1])]
        e = puzzle.find_edge(u, v)
        assert e is not None, f"Loopy's link {a}-{b} is not an edge of ours"
        links.append(puzzle.edge_names(e))
    report = check(puzzle, links)
    assert report.valid, [str(v) for v in report.violations]


CLOSED_FORMS = {
    0: lambda w, h: w * h,
    1: lambda w, h: h * (2 * w + 1) - 2 * (h % 2),
    2: lambda w, h: w * h,
    4: lambda w, h: 2 * w * h - w - h,
    6: lambda w, h: w * h + (w - 1) * (h - 1),
    7: lambda w, h: 6 * w * h,
    8: lambda w, h: 6 * w * h - 6 * ((w + 1) // 2) * (h > 1),  # even cells of the last row dropped
    15: lambda w, h: w * h + 5 * (w - 1) * (h - 1),
}


@pytest.mark.parametrize("number", sorted(CLOSED_FORMS))
def test_face_counts_follow_the_lattice(number: int) -> None:
    for w, h in [(3, 3), (4, 7), (8, 5), (1, 2), (1, 4), (3, 1)]:  # Loopy's 1x2 floret has 6 faces
        assert len(layout(LOOPY[number], w, h)) == CLOSED_FORMS[number](w, h)


@pytest.mark.parametrize("number", sorted(LOOPY))
def test_edges_are_about_one_long(number: int) -> None:
    faces = BY_NUMBER[number].generate(4, 4, None)
    lengths = [math.dist(p, q) for f in faces for p, q in zip(f, f[1:] + f[:1])]
    assert 0.98 < min(lengths) < 1.02 and max(lengths) < 2.1


def test_legacy_triangular_grid_is_a_patch_of_2wh_triangles() -> None:
    for w, h in [(3, 3), (5, 6)]:
        faces = layout(LEGACY_TRIANGULAR, w, h)
        p = from_faces([[(x, -y) for x, y in f] for f in faces])
        assert len(p.cells) == 2 * w * h and len(p.vertices) == (w + 1) * (h + 1)
        assert len(p.vertices) - len(p.edges) + len(p.cells) == 1
        assert faces != layout(LOOPY[1], w, h)
    assert loopy_faces(1, 3, 3) == [[(x, -y) for x, y in f] for f in layout(LEGACY_TRIANGULAR, 3, 3)]
