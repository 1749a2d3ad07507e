"""Structural checks that every registered tiling must pass, at several sizes."""

from __future__ import annotations

import networkx as nx
import pytest
import shapely
from shapely.geometry import Polygon

from slitherasp import tilings
from slitherasp.model import Puzzle

NAMES = sorted(tilings.TILINGS)


def sizes(t: tilings.Tiling) -> list[tuple[int, int]]:
    lo = t.min_size
    return sorted({(lo, lo), (lo + 1, lo + 2), (lo + 3, lo + 2)})


def assert_disc_patch(p: Puzzle) -> None:
    geo = p.geometry
    assert geo is not None
    polys = [Polygon(geo.face_polygon(c)) for c in range(len(p.cells))]
    for c, poly in enumerate(polys):
        assert poly.is_valid and poly.exterior.is_simple, f"face {c} is not a simple polygon"
        assert poly.area > 1e-9
    # every edge lies on one or two faces
    counts = [len(cs) for cs in p.edge_cells]
    assert min(counts) >= 1 and max(counts) <= 2
    # Euler characteristic of a disc
    assert len(p.vertices) - len(p.edges) + len(p.cells) == 1
    # faces do not overlap: the union has the area of the parts
    union = shapely.union_all(polys)
    assert union.area == pytest.approx(sum(q.area for q in polys), rel=1e-6)
    assert union.geom_type == "Polygon" and len(union.interiors) == 0
    # the boundary is one cycle
    boundary = nx.Graph(p.edges[e] for e in p.boundary_edges)
    assert all(d == 2 for _, d in boundary.degree)
    assert nx.is_connected(boundary)


@pytest.mark.parametrize("name", NAMES)
def test_tiling_is_a_disc_patch(name: str) -> None:
    t = tilings.TILINGS[name]
    for w, h in sizes(t):
        for seed in ([1, 2] if t.seeded else [None]):
            assert_disc_patch(tilings.build(name, w, h, seed))


@pytest.mark.parametrize("name", NAMES)
def test_seeded_tilings_repeat(name: str) -> None:
    t = tilings.TILINGS[name]
    w = h = t.min_size + 2
    a, b = tilings.build(name, w, h, 7), tilings.build(name, w, h, 7)
    assert a.geometry.points == b.geometry.points and a.edges == b.edges


def test_square_counts_match_closed_form() -> None:
    for w, h in [(1, 1), (3, 5), (10, 7)]:
        p = tilings.build("square", w, h)
        assert len(p.cells) == w * h
        assert len(p.vertices) == (w + 1) * (h + 1)
        assert len(p.edges) == w * (h + 1) + h * (w + 1)


def test_unknown_tiling_and_bad_size() -> None:
    from slitherasp.model import InputError

    with pytest.raises(InputError, match="unknown tiling"):
        tilings.build("nope", 3, 3)
    with pytest.raises(InputError, match="out of range"):
        tilings.build("square", 0, 3)
