"""Loopy's Penrose grids rebuilt from grid descriptions: Loopy's faces face for face,
Loopy's answers valid on them, and new descriptions that read and write back."""

from __future__ import annotations

import pytest
from conftest import loopy_samples

from slitherasp.formats.loopy import read, write
from slitherasp.model import InputError, from_faces
from slitherasp.solver.run import solve
from slitherasp.tilings.aperiodic import (
    GRIDS,
    desc_problem,
    generate,
    loopy_desc,
    loopy_faces,
    penrose_g,
    random_desc,
)
from slitherasp.tilings.aperiodic.exact import round_root
from slitherasp.tilings.aperiodic.hats import _hat_chain, _hat_patch
from slitherasp.tilings.aperiodic.trim import trim
from slitherasp.validate import check

SAMPLES = [s for s in loopy_samples() if s["t"] in GRIDS]


def size(sample: dict) -> tuple[int, int]:
    w, h = sample["size"].split("x")
    return int(w), int(h)


def desc(sample: dict) -> str:
    return sample["game_id"].split(":")[1].split("_")[0]


@pytest.mark.skipif(not SAMPLES, reason="shared Loopy sample not available")
@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_faces_equal_loopys_corner_for_corner(sample: dict) -> None:
    vs = sample["vertices"]
    expected = [[(vs[v][0], -vs[v][1]) for v in face] for face in sample["faces"]]
    ours = loopy_faces(sample["t"], *size(sample), desc(sample))
    assert len(ours) == sample["faces_n"] == len(expected)
    for i, (a, b) in enumerate(zip(ours, expected)):
        assert a == b, f"face {i} differs"  # even the corner order is Loopy's


@pytest.mark.skipif(not SAMPLES, reason="shared Loopy sample not available")
@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_loopys_answer_is_valid_on_the_puzzle_read_from_its_id(sample: dict) -> None:
    puzzle = read(sample["game_id"], sample["name"])
    assert list(puzzle.clues) == sample["clues"]
    unit = GRIDS[sample["t"]].unit
    ours = {(round(x * unit), round(y * unit)): v for v, (x, y) in enumerate(puzzle.geometry.points)}
    vs = sample["vertices"]
    links = []
    for a, b in sample["solution"]:
        e = puzzle.find_edge(ours[(vs[a][0], -vs[a][1])], ours[(vs[b][0], -vs[b][1])])
        assert e is not None
        links.append(puzzle.edge_names(e))
    report = check(puzzle, links)
    assert report.valid, [str(v) for v in report.violations]


@pytest.mark.parametrize("number", sorted(GRIDS))
def test_new_descriptions_make_ids_that_read_back(number: int) -> None:
    m = max(4, GRIDS[number].min_size[0])
    for seed, (w, h) in enumerate([(m, m), (m + 1, m), (m + 4, m + 4)]):
        d = random_desc(number, w, h, seed)
        assert desc_problem(number, d) is None
        faces = loopy_faces(number, w, h, d)
        assert {len(f) for f in faces} == {14 if number >= 16 else 4}  # hats and spectres: 14 corners
        p = from_faces(faces)
        assert len(p.vertices) - len(p.edges) + len(p.cells) == 1  # one disc, no holes
        rest = len(faces) - 1  # a clue 3 on face 0, then blank faces
        blanks = "z" * (rest // 26) + (chr(ord("a") + rest % 26 - 1) if rest % 26 else "")
        game_id = f"{w}x{h}t{number}:{d}_3{blanks}"
        q = read(game_id, "<new>")
        assert q.clues[0] == 3 and q.clue_count() == 1
        assert q.tiling.desc == d and write(q).strip() == game_id


@pytest.mark.parametrize("number", sorted(GRIDS))
def test_the_generator_writes_its_own_description(number: int) -> None:
    faces = generate(number, 6, 6, 4)
    assert faces == generate(number, 6, 6, 4)  # the seed decides the patch
    d = loopy_desc(number, 6, 6, 4)
    assert loopy_faces(number, 6, 6, d)[0][0] == (round(faces[0][0][0] * GRIDS[number].unit),
                                                  round(faces[0][0][1] * GRIDS[number].unit))


def test_a_read_penrose_puzzle_solves_and_is_written_back() -> None:
    game_id = "7x7t12:82DYCCXDY_a120a02b2c1a2b"
    p = read(game_id, "<p3>")
    r = solve(p, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True
    assert check(p, p.links(r.answer)).valid
    assert write(p).strip() == game_id


def test_descriptions_are_checked_like_loopy_checks_them() -> None:
    assert desc_problem(11, "82AAAAVBBUAB") is None
    assert "orientation digit" in desc_problem(11, "x2AB")
    assert "corner digit 0-2" in desc_problem(11, "83AB")
    assert "not a letter of penrose_p3" in desc_problem(12, "82AB")
    assert "cannot be a piece of" in desc_problem(11, "82UB")  # a U fits only in A or U
    with pytest.raises(InputError, match="too short for this size"):
        loopy_faces(11, 10, 10, "82AA")


def test_trim_keeps_the_faces_around_the_biggest_inner_region() -> None:
    def square(x: int, y: int) -> list[tuple[int, int]]:
        return [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]

    block = [square(x, y) for y in range(3) for x in range(3)]  # four inner dots
    far = [square(x + 10, y) for y in range(2) for x in range(2)]  # one inner dot
    lone = [square(20, 20)]
    kept = trim(lone + far + block)
    assert kept == block
    assert round_root(1000, 5) == 2236 and round_root(-1000, 3) == -1732


def test_hats_are_the_same_with_and_without_pruning_and_short_descriptions_extend() -> None:
    for desc, size in [("3,3,1,4,H", 10), ("1,0,1,6,0,P", 10), ("1,0,1,6,0,2,H", 20), ("1,0,3,1,10,P", 20)]:
        coords, top = _hat_chain(desc)
        pruned = _hat_patch(coords, top, size, size)
        assert pruned is not None and pruned == _hat_patch(coords, top, size, size, prune=False)
    # "1,0,1,6,0,P" cannot cover 20x20: Loopy goes on with first parents (P in H at 4)
    assert _hat_patch(*_hat_chain("1,0,1,6,0,P"), 20, 20) is None
    assert loopy_faces(16, 20, 20, "1,0,1,6,0,P") == loopy_faces(16, 20, 20, "1,0,1,6,0,4,H")


def test_hat_descriptions_are_checked_like_loopy_checks_them() -> None:
    assert desc_problem(16, "3,3,1,4,H") is None
    assert "numbers each ended by ','" in desc_problem(16, "3,3,1,4")
    assert "numbers each ended by ','" in desc_problem(16, "3,3,100,4,H")  # at most two digits
    assert "at least three numbers" in desc_problem(16, "3,3,H")
    assert "kite 8 does not exist" in desc_problem(16, "8,0,0,H")
    assert "'Q' is not a metatile" in desc_problem(16, "3,3,1,4,Q")
    assert "hat 1 does not exist: metatile T has 1" in desc_problem(16, "0,1,3,H")


def test_spectre_descriptions_are_checked_like_loopy_checks_them() -> None:
    assert desc_problem(17, "A0452F") is None and desc_problem(17, "B1G") is None  # G holds 2 spectres
    assert "an orientation (0-9, A, B)" in desc_problem(17, "C0452F")
    assert "expected digits" in desc_problem(17, "A04x2F")
    assert "'Q' is not a hexagon kind" in desc_problem(17, "A0452Q")
    assert "index 1 is out of range for a X hexagon (0-0)" in desc_problem(17, "A1452F")
    assert "index 7 is out of range for a G hexagon (0-6)" in desc_problem(17, "A0472F")
    with pytest.raises(InputError, match="too short for this size"):
        loopy_faces(17, 30, 30, "A0F")


# Made by the Loopy Debian 12 ships (sgt-puzzles 20230122): `sgt-loopy --generate 5 7x7t11de`,
# the same for t12, and two more sizes. Penrose descriptions from before 2023: G<x>,<y>,<angle>.
DEBIAN_IDS = [
    "7x7t11:G-3662,163,0_2d2a0312c32a33c3",
    "7x7t11:G-3490,943,144_b223e1c13b03a233a3a",
    "7x7t11:G-2801,-3527,72_3b1c0b220a2a3a13a1a",
    "7x7t11:G878,787,288_c1b1b12a2b2b223a320",
    "7x7t11:G3357,-478,180_233122222a20d1h10a",
    "7x7t12:G216,3213,72_a3a2a10a2a2d",
    "7x7t12:G2723,2439,324_1d302a1",
    "7x7t12:G495,-1462,108_10b212d110a2a1c2",
    "7x7t12:G2423,-707,288_a202b33b232a22a1a",
    "7x7t12:G885,97,0_3c2f23b30",
    "12x8t11:G-848,-242,324_23a22a1213a2b0c3e1322232a3a2a2b1a12b12a21b32a2c322",
    "5x9t12:G-2750,234,180_123a2a0a3b",
]


@pytest.mark.parametrize("game_id", DEBIAN_IDS)
def test_debian_loopys_penrose_ids_read_solve_once_and_write_back(game_id: str) -> None:
    p = read(game_id, "<debian>")  # the clue string covers exactly the faces rebuilt
    r = solve(p, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True  # Loopy's puzzles have one answer
    assert check(p, p.links(r.answer)).valid
    assert write(p).strip() == game_id


@pytest.mark.parametrize(
    "number, size, desc, count, first, last",
    [  # Loopy 20230122's own grid, dumped face by face (y down; loopy_faces turns y up)
        (11, 7, "G3813,-1444,252", 26, [(4142, -1346), (4054, -1224), (4054, -1318), (3999, -1393)],
         [(3911, -1664), (3999, -1785), (4054, -1710), (4054, -1617)]),
        (12, 7, "G2301,1221,216", 14, [(2371, 1223), (2252, 1262), (2133, 1223), (2252, 1184)],
         [(2444, 1121), (2563, 1083), (2637, 1184), (2518, 1223)]),
        (12, 80, "G100,100,36", 4890, [(-2058, 2849), (-2189, 2846), (-2319, 2849), (-2189, 2851)],
         [(3266, -3110), (3136, -3113), (3005, -3110), (3136, -3107)]),
    ],
)
def test_old_penrose_grids_are_loopys_face_for_face(number: int, size: int, desc: str, count: int,
                                                     first: list, last: list) -> None:
    faces = loopy_faces(number, size, size, desc)
    assert len(faces) == count
    assert faces[0] == [(x, -y) for x, y in first] and faces[-1] == [(x, -y) for x, y in last]


@pytest.mark.parametrize("number, desc", [(11, "G-996,1361,36"), (12, "G-988,-1273,0")])
def test_old_penrose_cut_is_the_same_with_and_without_pruning(number: int, desc: str) -> None:
    pruned = penrose_g.layout(number, 4, 4, desc)
    assert pruned and pruned == penrose_g.layout(number, 4, 4, desc, prune=False)


def test_old_penrose_descriptions_are_checked_like_loopy_checks_them() -> None:
    assert desc_problem(11, "G3813,-1444,252") is None
    assert "multiple of 36" in desc_problem(11, "G1,2,70")
    assert "multiple of 36" in desc_problem(12, "G1,2,360")
    assert "G<x>,<y>,<angle>" in desc_problem(11, "G1,2")
    with pytest.raises(InputError, match=r"centre \(9000, 0\) is out of bounds"):
        loopy_faces(11, 7, 7, "G9000,0,0")  # Loopy's 7x7 patches lie within 4608 of (0, 0)
    with pytest.raises(InputError, match="cannot build this 70x70 grid either"):
        loopy_faces(11, 70, 70, "G0,0,0")  # Loopy 20230122 aborts on it too (69x69: 4011 faces)
