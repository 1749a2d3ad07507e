"""The periodic engine, the dual, and the Archimedean / Laves / competition tilings built on them.

The structural checks (discs, Euler, no overlaps) live in ``test_tilings.py`` and run on
every registered tiling; here: face types, vertex configurations, edge lengths,
congruent Laves faces, the dual itself, and one planted-loop puzzle per tiling.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import networkx as nx
import pytest

from slitherasp import tilings
from slitherasp.model import GeometryError, Puzzle, from_faces
from slitherasp.solver.run import solve
from slitherasp.tilings import periodic as P
from slitherasp.tilings.base import trim_to_disc
from slitherasp.tilings.dual import dual_faces
from slitherasp.tilings.square import square
from slitherasp.validate import check, is_solution

MINE = {
    "snub-hexagonal": "archimedean",
    "elongated-triangular": "archimedean",
    "rhombille": "laves",
    "tetrakis-square": "laves",
    "triakis-triangular": "laves",
    "kisrhombille": "laves",
    "prismatic-pentagonal": "laves",
    "altair": "competition",
    "trisquares": "competition",
    "snowflake": "competition",
}

CELLS = {  # unit cell -> multiset of face sizes
    "snub-hexagonal": (P.SNUB_HEXAGONAL, {3: 8, 6: 1}),
    "elongated-triangular": (P.ELONGATED_TRIANGULAR, {3: 4, 4: 2}),
    "altair": (P.ALTAIR, {4: 10, 5: 4, 6: 4, 7: 4, 8: 2}),
    "trisquares": (P.TRISQUARES, {3: 12, 4: 6}),
    "snowflake": (P.SNOWFLAKE, {3: 12, 6: 1}),
    "trihexagonal": (P.TRIHEXAGONAL, {3: 2, 6: 1}),
    "truncated-square": (P.TRUNCATED_SQUARE, {4: 1, 8: 1}),
    "truncated-hexagonal": (P.TRUNCATED_HEXAGONAL, {3: 2, 12: 1}),
    "truncated-trihexagonal": (P.TRUNCATED_TRIHEXAGONAL, {4: 3, 6: 2, 12: 1}),
}

ARCHIMEDEAN = {  # tiling made of regular polygons -> vertex configurations of its interior vertices
    "snub-hexagonal": {"3.3.3.3.6"},
    "elongated-triangular": {"3.3.3.4.4"},
    "trihexagonal": {"3.6.3.6"},
    "truncated-square": {"4.8.8"},
    "truncated-hexagonal": {"3.12.12"},
    "truncated-trihexagonal": {"4.6.12"},
    "trisquares": {"3.3.3.4.4", "3.3.4.3.4"},
    "snowflake": {"3.3.3.3.3.3", "3.3.3.3.6"},
}

LAVES = {  # Laves tiling -> its Archimedean partner
    "rhombille": "trihexagonal",
    "tetrakis-square": "truncated-square",
    "triakis-triangular": "truncated-hexagonal",
    "kisrhombille": "truncated-trihexagonal",
    "prismatic-pentagonal": "elongated-triangular",
}


# --------------------------------------------------------------------------- helpers
def canonical(seq: list[int]) -> tuple[int, ...]:
    """The least rotation or reflection of a cyclic sequence."""
    turns = [seq[i:] + seq[:i] for i in range(len(seq))]
    return min(tuple(t) for s in (turns, [t[::-1] for t in turns]) for t in s)


def config(name: str) -> tuple[int, ...]:
    return canonical([int(x) for x in name.split(".")])


def interior_vertices(p: Puzzle) -> list[int]:
    boundary = {v for e in p.boundary_edges for v in p.edges[e]}
    return [v for v in range(len(p.vertices)) if v not in boundary and p.incidence[v]]


def vertex_configs(p: Puzzle) -> Counter:
    """Canonical cyclic face-size sequences around the interior vertices."""
    geo = p.geometry
    around: dict[int, list[int]] = {}
    for c, cyc in enumerate(geo.faces):
        for v in cyc:
            around.setdefault(v, []).append(c)
    out: Counter = Counter()
    for v in interior_vertices(p):
        x, y = geo.points[v]
        centres = {c: P.centroid(geo.face_polygon(c)) for c in around[v]}
        ring = sorted(around[v], key=lambda c: math.atan2(centres[c][1] - y, centres[c][0] - x))
        out[canonical([len(geo.faces[c]) for c in ring])] += 1
    return out


def shape(face: list[tuple[float, float]]) -> tuple:
    """A face's side lengths and corner angles, up to rotation and reflection."""
    n = len(face)
    sides = [math.dist(face[i], face[(i + 1) % n]) for i in range(n)]
    angles = []
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = face[i - 1], face[i], face[(i + 1) % n]
        u, w = (ax - bx, ay - by), (cx - bx, cy - by)
        angles.append(math.atan2(abs(u[0] * w[1] - u[1] * w[0]), u[0] * w[0] + u[1] * w[1]))
    ring = [(round(s, 6), round(a, 6)) for s, a in zip(sides, angles)]
    forward = [tuple(ring[i:] + ring[:i]) for i in range(n)]
    mirrored = [(round(sides[i - 1], 6), round(angles[i], 6)) for i in range(n)][::-1]
    backward = [tuple(mirrored[i:] + mirrored[:i]) for i in range(n)]
    return min(forward + backward)


def planted_loop(p: Puzzle, rng: random.Random) -> frozenset[int]:
    """The boundary of a simply connected region grown from a random face."""
    cells_at = p.edge_cells
    neighbours = [
        {c2 for e in es for c2 in cells_at[e] if c2 != c} for c, es in enumerate(p.cell_edges)
    ]

    def loop(region: set[int]) -> frozenset[int] | None:
        edges = frozenset(
            e for e, cs in enumerate(cells_at) if sum(c in region for c in cs) == 1
        )
        g = nx.Graph(p.edges[e] for e in edges)
        ok = all(d == 2 for _, d in g.degree) and nx.is_connected(g)
        return edges if ok else None

    region = {rng.randrange(len(p.cells))}
    target = max(2, len(p.cells) // 3)
    stuck = 0
    while len(region) < target and stuck < 50:
        frontier = sorted({c for r in region for c in neighbours[r]} - region)
        c = rng.choice(frontier)
        if loop(region | {c}) is not None:
            region.add(c)
            stuck = 0
        else:
            stuck += 1
    answer = loop(region)
    assert answer is not None
    return answer


# --------------------------------------------------------------------------- registry
def test_registered_with_family() -> None:
    for name, family in MINE.items():
        t = tilings.get(name)
        assert t.family == family and t.max_size == 100 and t.description
        assert not t.seeded and t.loopy is None


# --------------------------------------------------------------------------- face types
@pytest.mark.parametrize("name", sorted(CELLS))
def test_unit_cell_face_types(name: str) -> None:
    tiling, sizes = CELLS[name]
    assert Counter(len(f) for f in tiling.cell) == sizes
    # a large patch has the same proportions once the trimmed border is ignored
    w = h = 6
    raw = tiling.translates(w, h)
    assert Counter(len(f) for f in raw) == Counter({k: n * w * h for k, n in sizes.items()})


@pytest.mark.parametrize("name", sorted(n for n in CELLS if n in MINE))
def test_registered_patch_has_the_cell_face_types(name: str) -> None:
    p = tilings.build(name, 4, 4)
    found = Counter(len(es) for es in p.cell_edges)
    assert set(found) == set(CELLS[name][1])


# --------------------------------------------------------------------------- archimedean
@pytest.mark.parametrize("name", sorted(ARCHIMEDEAN))
def test_vertex_configurations(name: str) -> None:
    faces = CELLS[name][0].generate(4, 4)
    assert len(faces) == 16 * len(CELLS[name][0].cell)  # no face had to be trimmed away
    p = from_faces(faces)
    assert len(p.vertices) - len(p.edges) + len(p.cells) == 1  # a disc: no holes
    found = vertex_configs(p)
    assert set(found) == {config(c) for c in ARCHIMEDEAN[name]}
    assert sum(found.values()) >= 10


@pytest.mark.parametrize("name", sorted(ARCHIMEDEAN))
def test_edges_have_unit_length(name: str) -> None:
    p = from_faces(CELLS[name][0].generate(3, 4))
    pts = p.geometry.points
    lengths = [math.dist(pts[u], pts[v]) for u, v in p.edges]
    assert max(lengths) - min(lengths) < 1e-9 and abs(lengths[0] - 1) < 1e-9


# --------------------------------------------------------------------------- laves
@pytest.mark.parametrize("name", sorted(LAVES))
def test_laves_faces_match_partner_valence(name: str) -> None:
    partner = from_faces(CELLS[LAVES[name]][0].generate(4, 4))
    valences = {len(partner.incidence[v]) for v in interior_vertices(partner)}
    p = tilings.build(name, 4, 4)
    assert {len(es) for es in p.cell_edges} == valences


@pytest.mark.parametrize("name", sorted(LAVES))
def test_laves_faces_are_congruent(name: str) -> None:
    p = tilings.build(name, 3, 3)
    shapes = {shape(p.geometry.face_polygon(c)) for c in range(len(p.cells))}
    assert len(shapes) == 1


def test_shape_tells_different_faces_apart() -> None:
    assert shape([(0, 0), (1, 0), (1, 1), (0, 1)]) != shape([(0, 0), (2, 0), (2, 1), (0, 1)])
    kite = [(0, 0), (1, -1), (3, 0), (1, 1)]
    assert shape(kite) == shape([(-x, y) for x, y in kite])


# --------------------------------------------------------------------------- dual
def test_dual_of_square_patch_is_square_patch() -> None:
    d = from_faces(dual_faces(from_faces(square(5, 4))))
    assert len(d.cells) == 4 * 3
    assert {len(es) for es in d.cell_edges} == {4}
    assert len(d.vertices) == 5 * 4


def test_dual_of_honeycomb_has_triangles() -> None:
    honeycomb = P.hexagon_flowers((1, 1), (2, -1))
    assert {len(f) for f in honeycomb.cell} == {6}
    p = from_faces(honeycomb.generate(5, 5))
    d = from_faces(dual_faces(p))
    assert {len(es) for es in d.cell_edges} == {3}
    assert len(d.cells) == len(interior_vertices(p)) > 10


def test_dual_needs_geometry_and_an_interior_vertex() -> None:
    one = from_faces(square(1, 1))
    with pytest.raises(GeometryError, match="no interior vertex"):
        dual_faces(one)
    bare = Puzzle(vertices=("a", "b", "c"), edges=((0, 1), (1, 2), (2, 0)))
    with pytest.raises(GeometryError, match="geometry"):
        dual_faces(bare)


def test_disc_faces_drops_a_pinched_face() -> None:
    squares = square(2, 2)
    diagonal = [squares[0], squares[3]]  # touch at one corner only
    assert len(trim_to_disc(diagonal)) == 1
    assert len(trim_to_disc(squares)) == 4


# --------------------------------------------------------------------------- puzzles
@pytest.mark.parametrize("name", sorted(MINE))
def test_planted_loop_puzzle_solves(name: str) -> None:
    p = tilings.build(name, 3, 3)
    answer = planted_loop(p, random.Random(name))
    assert is_solution(p, answer)
    puzzle = p.with_clues(p.signature(answer))
    result = solve(puzzle)
    assert result.status == "SATISFIABLE"
    assert check(puzzle, result.links()).valid
