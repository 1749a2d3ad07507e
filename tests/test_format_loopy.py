"""Loopy game IDs: read to Loopy's clues face for face, write back, refuse bad IDs clearly."""

from __future__ import annotations

import pytest
from conftest import loopy_samples

from slitherasp import tilings
from slitherasp.formats import FORMATS, read_file, read_text, write_text
from slitherasp.formats.loopy import read, sniff, write
from slitherasp.model import InputError, TilingRef
from slitherasp.solver.run import solve
from slitherasp.tilings.aperiodic import GRIDS
from slitherasp.tilings.loopy import APERIODIC, LOOPY

ALL = loopy_samples()
READABLE = [s for s in ALL if s["t"] in LOOPY or s["t"] in GRIDS]


@pytest.mark.skipif(not READABLE, reason="shared Loopy sample not available")
@pytest.mark.parametrize("sample", READABLE, ids=[s["name"] for s in READABLE])
def test_game_id_reads_to_loopys_clues_and_writes_back(sample: dict) -> None:
    p = read(sample["game_id"], sample["name"])
    assert list(p.clues) == sample["clues"]
    w, h = (int(n) for n in sample["size"].split("x"))
    assert (p.tiling.width, p.tiling.height) == (w, h)
    assert tilings.get(p.tiling.name).loopy[1] == sample["t"]
    text = write(p)
    assert text.strip() == sample["game_id"]
    again = read(text, "again")
    assert again.clues == p.clues and again.edges == p.edges and again.tiling == p.tiling


# Example IDs from the comments of Loopy's grid.c: the legacy triangular grid
# (no grid description) and today's (description "0").
LEGACY = "5x5t1:2c2a1a2a201a1a1a1112a1a2b1211f0b21a2a2a0a"
CURRENT = "5x5t1:0_21120b11a1a01a1a00c1a0b211021c1h1a2a1a0a"


@pytest.mark.parametrize("game_id, faces, desc", [(LEGACY, 50, None), (CURRENT, 53, "0")])
def test_both_triangular_forms_read_solve_and_write_back(game_id: str, faces: int, desc: str | None) -> None:
    p = read(game_id, "<tri>")
    assert len(p.cells) == faces and p.tiling.desc == desc
    assert write(p).strip() == game_id
    r = solve(p, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True


def test_plain_sizes_mean_squares_and_difficulty_is_ignored() -> None:
    p = read("3:a2b3d", "<sq>")
    q = read("3x3dh:a2b3d", "<sq>")
    assert p.tiling == q.tiling == TilingRef("square", 3, 3)
    assert p.clues == q.clues
    assert write(p) == "3x3t0:a2b3d\n"


def test_long_runs_and_large_clues_round_trip() -> None:
    p = tilings.build("dodecagonal", 5, 4)
    clues = {0: 11, 1: 12, 43: 0}
    text = write(p.with_clues(clues))
    assert text == "5x4t9:BCzo0\n"
    assert read(text, "<d>").clues == p.with_clues(clues).clues


def test_registry_guesses_and_reads_files(tmp_path) -> None:
    assert "loopy" in FORMATS and sniff("10x10t2:a3b") and not sniff("edge(1,2).")
    body = "# a honeycomb from Loopy\n\n  3x3t2:2a1b3c  \n"
    assert read_text(body, "<text>").tiling.name == "honeycomb"
    path = tmp_path / "h.loopy"
    path.write_text(body)
    p = read_file(path)
    assert p.clue_count() == 3 and write_text(p, "loopy") == "3x3t2:2a1b3c\n"


@pytest.mark.parametrize(
    "game_id, message",
    [
        ("5x5t0:a1d10a2b2a1d202a3", r"too few clues: .* covers 24 faces, .* has 25"),
        ("5x5t0:a1d10a2b2a1d202a3ab", r"too many clues: .* covers 27 faces"),
        ("5x5t0:a1d10a2b2a1d2#2a3a", r":1:20: bad character '#' at position 20"),
        ("2x2t0:a", r"bad size 2x2: width and height must both be at least 3"),
        ("3x3t4:a", r"bad size 3x3: at least one of width and height must be at least 4"),
        ("5x5t18:a", r"unknown Loopy grid type t18"),
        ("axb:a", r"bad size/type 'axb'"),
        ("5x5t0", r"has no ':'"),
        ("5x5t2:0_y", r"grid description '0' is not used with Loopy's honeycomb grid"),
        ("5x5t1:1_a", r"grid description '1' is not used .* expected '0_' or none"),
        ("3x3t0:9h", r"clue 9 of face 0 is larger than the face's 4 sides"),
        ("7x7t11:a3", r":1:8: a Loopy penrose_p2 game ID needs its grid description"),
        ("7x7t11:82AACAVBBUAB_a3", r":1:8: bad penrose_p2 grid description .*'C' is not a letter of penrose_p2"),
        ("7x7t12:82CDY_a3", r":1:8: bad penrose_p3 grid description .*'C' cannot be a piece of 'D'"),
        ("7x7t11:G894,-2803,144_3e1201d1a3b2a3", r"too few clues: .* covers 22 faces, Loopy's 7x7 penrose_p2 grid has"),
        ("7x7t11:G894,-2803,145_3e1201d1a3b2a3a", r":1:8: bad penrose_p2 grid description .* multiple of 36"),
        ("7x7t11:G8940,-2803,144_3e1201d1a3b2a3a", r"the centre \(8940, -2803\) is out of bounds"),
        ("2x7t11:82AAAAVBBUAB_a", r"width and height must both be at least 3 for penrose_p2"),
        ("7x7t11:82A_a", r"too short for this size"),
        ("7x7t11:82AAAAVBBUAB_21a3b2a0b33a3a11b2",
         r"too few clues: .* covers 21 faces, Loopy's 7x7 penrose_p2 grid has 24"),
        ("6x6t16:3,3,1,4_a", r":1:8: bad hats grid description '3,3,1,4': a hats grid description is numbers"),
        ("6x6t16:3,3,13,4,H_a", r"metatile 13 does not exist: P has 11"),
        ("6x6t16:3,5,1,4,H_a", r"hat 5 does not exist: metatile H has 4"),
        ("5x6t16:3,3,1,4,H_a", r"bad size 5x6: width and height must both be at least 6 for hats"),
        ("6x6t16:3,3,1,4,H_a07", r"too few clues: .* covers 3 faces, Loopy's 6x6 hats grid has 16"),
        ("6x6t17:A0452Q_6c0aBa0d", r"bad spectres grid description 'A0452Q': 'Q' is not a hexagon kind"),
        ("6x6t17:A0482F_6c0aBa0d", r"index 8 is out of range for a G hexagon \(0-6\)"),
        ("6x6t17:C0452F_6c0aBa0d", r"an orientation \(0-9, A, B\)"),
        ("6x6t17:A1452F_6c0aBa0d", r"index 1 is out of range for a X hexagon \(0-0\)"),
        ("", r"expected one Loopy game ID line"),
        ("3x3t0:i\n3x3t0:i", r":2: expected one Loopy game ID line .* found 2"),
    ],
)
def test_malformed_ids_name_the_problem(game_id: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        read(game_id, "bad.loopy")
    assert str(err.value).startswith("bad.loopy") and "\n" not in str(err.value)


def test_writer_refuses_what_loopy_cannot_show() -> None:
    p = tilings.build("honeycomb", 3, 3)
    with pytest.raises(InputError, match="does not name its tiling"):
        write(p.__class__(p.vertices, p.edges, p.cells, p.cell_edges, p.clues))
    with pytest.raises(InputError, match="are not Loopy's 4x3 honeycomb grid"):
        write(p.__class__(p.vertices, p.edges, p.cells, p.cell_edges, p.clues, p.geometry,
                          tiling=TilingRef("honeycomb", 4, 3)))
    with pytest.raises(InputError, match="Loopy refuses the size 2x2"):
        write(tilings.build("square", 2, 2))
    aperiodic = [t for t in tilings.TILINGS.values() if t.loopy and t.loopy[1] in APERIODIC]
    assert len(aperiodic) >= 4
    for t in aperiodic:
        fake = p.__class__(p.vertices, p.edges, p.cells, p.cell_edges, p.clues, p.geometry,
                           tiling=TilingRef(t.name, 10, 10))
        if t.loopy_desc is not None:
            continue  # a generator of Loopy's own patches: its ID is checked elsewhere
        with pytest.raises(InputError, match="is not one of Loopy's"):
            write(fake)
