"""The aperiodic tilings (Loopy's own, rebuilt from grid descriptions): right prototiles,
edge to edge, sizes close to Loopy's, seeds that repeat and differ, and puzzles with a
planted loop that solve."""

from __future__ import annotations

import math

import pytest
from conftest import loopy_samples

from slitherasp import tilings
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle, from_faces
from slitherasp.solver.run import SAT, solve
from slitherasp.validate import check

NAMES = ("penrose-p2", "penrose-p3", "hats", "spectres")
LOOPY_10X10 = {"penrose-p2": 62, "penrose-p3": 59, "hats": 55, "spectres": 53}
"""Loopy's face counts at 10x10 (as in the shared Loopy sample)."""
PHI = (1 + math.sqrt(5)) / 2
R3 = math.sqrt(3)
Shape = list[tuple[float, float]]  # (turn in degrees, side / shortest side), corner by corner


def turtle(steps: list[tuple[float, float]]) -> list[complex]:
    """A polygon walked as (side length, then turn left by degrees) steps."""
    z, heading, out = 0j, 0.0, []
    for length, turn in steps:
        out.append(z)
        z += length * complex(math.cos(math.radians(heading)), math.sin(math.radians(heading)))
        heading += turn
    return out


PROTOTILES = {
    "penrose-p2": {
        "kite": turtle([(PHI, 108), (1, 36), (1, 108), (PHI, 108)]),
        "dart": turtle([(PHI, 144), (1, -36), (1, 144), (PHI, 108)]),
    },
    "penrose-p3": {
        "thin": turtle([(1, 144), (1, 36), (1, 144), (1, 36)]),
        "thick": turtle([(1, 108), (1, 72), (1, 108), (1, 72)]),
    },
    # The hat: 8 kites, 13 sides: six of length 1, six of sqrt 3 and one of 2 (two kite
    # edges in line); the spectre Tile(1,1): 14 unit sides, two of them in line.
    "hats": {"hat": turtle([(1, 60), (2, 60), (1, 90), (R3, -60), (R3, 90), (1, -60), (1, 90),
                            (R3, 60), (R3, -90), (1, 60), (1, 90), (R3, 60), (R3, -90)])},
    "spectres": {"spectre": turtle([(1, -90), (1, 60), (2, 60), (1, 90), (1, -60), (1, 90), (1, -60),
                                    (1, 90), (1, 60), (1, -90), (1, 60), (1, 90), (1, 60)])},
}


def shape(points: list[complex]) -> Shape:
    """Turns and relative sides of a polygon, counter-clockwise, straight corners merged."""
    pts = list(points)
    if sum((pts[i - 1].conjugate() * pts[i]).imag for i in range(len(pts))) < 0:
        pts.reverse()
    changed = True
    while changed:  # drop straight corners (Loopy's integer ones turn by up to 3 degrees)
        changed = False
        for i in range(len(pts)):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            if abs(math.degrees(math.atan2(((c - b) / (b - a)).imag, ((c - b) / (b - a)).real))) < 5:
                del pts[i]
                changed = True
                break
    n = len(pts)
    sides = [abs(pts[(i + 1) % n] - pts[i]) for i in range(n)]
    short = min(sides)
    ratios = ((pts[(i + 1) % n] - pts[i]) / (pts[i] - pts[i - 1]) for i in range(n))
    turns = [math.degrees(math.atan2(q.imag, q.real)) for q in ratios]
    return [(turns[i], sides[i] / short) for i in range(n)]


def same_shape(a: Shape, b: Shape) -> bool:
    """Equal up to where the walk starts (similarity is built into the shapes), allowing
    for Loopy's integer coordinates (turns within 6 degrees, sides within 10%)."""
    if len(a) != len(b):
        return False
    return any(
        all(abs(a[(i + s) % len(a)][0] - b[i][0]) < 6 and abs(a[(i + s) % len(a)][1] - b[i][1]) < 0.1 * b[i][1]
            for i in range(len(b)))
        for s in range(len(a))
    )


def matches(points: list[complex], name: str) -> str | None:
    """Which prototile of tiling ``name`` the polygon is (mirror images included)."""
    shapes = (shape(points), shape([complex(-z.real, z.imag) for z in points]))
    for tile, proto in PROTOTILES[name].items():
        if any(same_shape(s, shape(proto)) for s in shapes):
            return tile
    return None


def faces_of(p: Puzzle) -> list[list[complex]]:
    return [[complex(*xy) for xy in p.geometry.face_polygon(c)] for c in range(len(p.cells))]


@pytest.mark.parametrize("name", NAMES)
def test_prototiles_have_their_shapes(name: str) -> None:
    ours = {"penrose-p2": {"kite", "dart"}, "penrose-p3": {"thin", "thick"}}.get(name, {name[:-1]})
    for tile, proto in PROTOTILES[name].items():
        assert matches(proto, name) == tile
    seen = set()
    for seed in (1, 2):
        for face in faces_of(tilings.build(name, 12, 9, seed)):
            tile = matches(face, name)
            assert tile is not None, f"{name}: a face is no prototile: {face}"
            seen.add(tile)
    assert seen == ours
    assert matches(PROTOTILES["penrose-p3"]["thin"], "penrose-p2") is None


LOOPY_TYPES = {"penrose_p2": "penrose-p2", "penrose_p3": "penrose-p3", "hats": "hats", "spectres": "spectres"}
SAMPLES = [s for s in loopy_samples() if s["type"] in LOOPY_TYPES]


@pytest.mark.skipif(not SAMPLES, reason="shared Loopy sample not available")
@pytest.mark.parametrize("loopy_type", sorted(LOOPY_TYPES))
def test_loopy_faces_are_our_prototiles(loopy_type: str) -> None:
    name = LOOPY_TYPES[loopy_type]
    seen = set()
    for sample in (s for s in SAMPLES if s["type"] == loopy_type):
        vs = sample["vertices"]
        for face in sample["faces"]:
            tile = matches([complex(vs[v][0], -vs[v][1]) for v in face], name)
            assert tile is not None, f"{sample['name']}: face {face} is none of our prototiles"
            seen.add(tile)
        if sample["size"] == "10x10":
            assert sample["faces_n"] == LOOPY_10X10[name]
    assert seen == set(PROTOTILES[name])


@pytest.mark.parametrize("name", NAMES)
def test_edge_to_edge(name: str) -> None:
    p = tilings.build(name, 9, 8, 3)
    pts = [complex(*xy) for xy in p.geometry.points]
    for u, v in p.edges:
        a, b = pts[u], pts[v]
        lo_x, hi_x = min(a.real, b.real) - 1e-9, max(a.real, b.real) + 1e-9
        lo_y, hi_y = min(a.imag, b.imag) - 1e-9, max(a.imag, b.imag) + 1e-9
        for w, c in enumerate(pts):
            if w in (u, v) or not (lo_x <= c.real <= hi_x and lo_y <= c.imag <= hi_y):
                continue
            t = ((c - a) / (b - a))
            assert not (abs(t.imag) * abs(b - a) < 1e-7 and 0 < t.real < 1), f"vertex {w} lies inside edge ({u},{v})"


@pytest.mark.parametrize("name", NAMES)
def test_face_counts_near_loopy(name: str) -> None:
    for seed in (1, 2, 3):
        n = len(tilings.build(name, 10, 10, seed).cells)
        assert LOOPY_10X10[name] / 1.5 <= n <= LOOPY_10X10[name] * 1.5
    assert len(tilings.build(name, 20, 20, 1).cells) > 3 * LOOPY_10X10[name]


@pytest.mark.parametrize("name", NAMES)
def test_seed_repeats_and_varies(name: str) -> None:
    patches = [tilings.build(name, 7, 6, seed).geometry.points for seed in (1, 2, 3, 4)]
    assert tilings.build(name, 7, 6, 1).geometry.points == patches[0]
    assert len(set(patches)) == 4
    assert tilings.build(name, 7, 6).geometry.points == tilings.build(name, 7, 6, None).geometry.points


@pytest.mark.parametrize("name", NAMES)
def test_planted_loop_puzzle_solves(name: str) -> None:
    puzzle, answer = planted(tilings.build(name, 7, 7, 11), seed=5)
    result = solve(puzzle, unique=False)
    assert result.status == SAT
    assert check(puzzle, result.links()).valid
    assert len(result.answer) >= 3


def test_faces_are_emitted_directly() -> None:
    faces = tilings.faces("hat", 7, 7, 2)
    p = from_faces(faces)
    assert len(p.cells) == len(faces) and all(len(f) == 14 for f in faces)
