"""The variants in puzz.link URLs, pzprv3 files and our facts, held to pzprjs' and
cspuz's own test data.

pzprjs keeps, for each genre, a puzzle with its answer and wrong answers named by the
rule they break (``test/script/*.js`` of robx/pzprjs); cspuz keeps solved examples
(``cspuz_rs_puzzles/src/puzzles/*.rs`` of semiexp/cspuz_core). Each puzzle here solves
to its answer (unique, where the source says so), the answer passes our checker, and
each wrong answer fails it for the rule pzprjs names.
"""

from __future__ import annotations

import pytest

from slitherasp import tilings
from slitherasp.formats import read_file, read_text, save, write_text
from slitherasp.formats.pzpr import read_pzprv3_answer
from slitherasp.kinds import kind_of
from slitherasp.kinds.variant.puzzle import NAMES, is_variant, variant
from slitherasp.model import InputError
from slitherasp.solver.run import solve

# pzprjs test/script/<genre>.js: the debug URL, its puzzle saved with the answer (the
# check that passes), and saved wrong answers with the failcode pzprjs gives them.
PZPRJS = {
    "vslither": (
        "5/5/62342dici32337c",
        "pzprv3/vslither/5/5/1 . 2 3 4 /2 3 . . . /. . 2 . . /. . . 3 2 /3 3 2 . 2 /0 0 0 0 0 /0 0 0 0 0 /"
        "0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /-1 -1 -1 -1 1 1 /-1 1 -1 0 0 1 /-1 1 -1 1 0 -1 /1 0 -1 -1 1 -1 /"
        "-1 1 -1 -1 1 -1 /-1 -1 -1 -1 1 /-1 1 1 1 0 /-1 -1 -1 1 1 /1 -1 -1 1 -1 /1 -1 -1 -1 -1 /-1 1 1 1 -1 /",
    ),
    "tslither": (
        "5/5/k77cbk2232b",
        "pzprv3/tslither/5/5/. . . . . /2 . 2 . 2 /. . 1 . . /. . . . . /2 2 3 2 1 /0 0 0 0 0 /0 0 0 0 0 /"
        "0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 0 0 0 0 1 /1 1 -1 -1 1 1 /1 1 1 1 1 1 /1 1 1 1 0 0 /"
        "1 -1 -1 -1 -1 1 /1 1 1 1 1 /-1 1 1 1 -1 /-1 0 1 0 -1 /0 0 0 0 1 /-1 1 0 1 1 /1 1 1 1 1 /",
    ),
    "swslither": (
        "5/5/2c5a2a5c2a136a3c6a3",
        "pzprv3.1/swslither/5/5/2 . . . 5 /. 2 . 5 . /. . 2 . 1 /3 6 . 3 . /. . 6 . 3 /0 0 0 0 0 /0 0 0 0 0 /"
        "0 0 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 0 0 0 0 1 /1 1 0 1 0 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /0 0 0 0 1 1 /"
        "1 1 1 1 1 /0 1 1 0 0 /0 0 1 0 0 /0 0 0 1 0 /1 0 1 0 0 /0 0 0 0 1 /",
    ),
    "lither": (
        "4/4/8a638d6c",
        "pzprv3.1/lither/4/4/3 . 0 . /. 1 . 3 /3 . 3 . /. 1 . 2 /0 0 0 0 /0 0 0 0 /0 0 0 0 /0 0 0 0 /"
        "-1 1 -1 -1 -1 /-1 -1 -1 1 1 /1 1 -1 1 1 /1 1 -1 1 -1 /1 1 -1 1 /1 1 -1 -1 /-1 -1 1 1 /1 -1 1 -1 /"
        "-1 -1 1 1 /",
    ),
}
PZPRJS_WRONG = [
    # (the puzzle's genre, pzprjs' failcode, our violation, the borders of the wrong answer)
    ("vslither", "nmVertexNe", "clue", "0 0 0 0 0 0 /0 1 0 0 0 1 /0 1 0 1 0 0 /1 0 0 0 1 0 /0 1 0 0 1 0 /0 0 0 0 0 /"
     "0 1 1 1 1 /0 0 0 1 1 /1 0 0 1 0 /1 0 0 0 0 /0 1 1 1 0 /"),
    ("vslither", "lnPlLoop", "loops", "0 0 0 0 1 1 /0 1 0 1 1 1 /0 1 0 1 0 0 /1 0 0 0 1 0 /0 1 0 0 1 0 /0 0 0 0 1 /"
     "0 1 1 0 0 /0 0 0 0 1 /1 0 0 1 0 /1 0 0 0 0 /0 1 1 1 0 /"),
    ("vslither", "lnDeadEnd", "degree", "0 0 0 0 1 1 /0 1 0 0 0 1 /0 1 0 1 0 0 /1 0 0 0 1 0 /0 1 0 0 1 0 /0 0 0 0 1 /"
     "0 1 1 1 0 /0 0 0 1 0 /1 0 0 1 0 /1 0 0 0 0 /0 1 1 1 0 /"),
    ("tslither", "nmTouchNe", "clue", "1 0 0 0 0 1 /1 1 0 0 1 1 /1 1 0 0 0 0 /1 1 1 1 0 0 /1 0 0 0 0 1 /1 1 1 1 1 /"
     "0 1 1 1 0 /0 0 0 0 1 /0 0 1 0 0 /0 1 0 1 1 /1 1 1 1 1 /"),
    ("tslither", "lnPlLoop", "loops", "1 1 1 0 0 1 /1 1 0 0 1 1 /1 1 1 1 1 1 /1 1 1 1 0 0 /1 0 0 0 0 1 /1 0 1 1 1 /"
     "0 0 1 1 0 /0 0 1 0 0 /0 0 0 0 1 /0 1 0 1 1 /1 1 1 1 1 /"),
    ("swslither", "nmOutside", "sheep", "1 0 0 0 0 1 /1 1 0 0 1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /0 0 0 0 1 1 /1 1 1 1 1 /"
     "0 1 1 1 0 /0 0 1 1 0 /0 0 0 1 0 /1 0 1 0 0 /0 0 0 0 1 /"),
    ("swslither", "nmInside", "wolf", "1 0 0 0 0 1 /1 1 0 1 0 1 /0 0 1 0 0 1 /1 0 0 1 1 1 /0 0 0 0 1 1 /1 1 1 1 1 /"
     "0 1 1 0 0 /1 0 1 0 0 /1 1 0 1 0 /1 1 1 0 0 /0 0 0 0 1 /"),
    ("swslither", "nmLineNe", "clue", "1 0 0 0 0 0 /1 1 0 1 0 0 /1 1 1 0 0 0 /1 1 1 0 0 0 /0 0 0 0 0 0 /1 1 0 0 0 /"
     "0 1 1 0 0 /0 0 1 0 0 /0 0 0 0 0 /1 0 1 1 0 /0 0 0 0 0 /"),
    ("lither", "lnSnLine", "trees", "0 1 0 0 0 /0 1 0 0 0 /0 0 0 0 0 /0 0 0 0 0 /1 1 0 0 /1 0 0 0 /0 0 0 0 /"
     "0 0 0 0 /0 0 0 0 /"),
    ("lither", "lnNoBranchOrTerm", "degree", "0 1 0 0 0 /0 0 0 1 1 /1 1 0 1 1 /1 1 0 1 1 /1 1 0 1 /1 1 0 0 /"
     "0 0 1 1 /1 0 1 0 /0 0 0 0 /"),
    ("lither", "lnHasLoop", "cycle", "0 1 0 0 0 /0 0 0 1 1 /1 1 0 1 1 /1 1 0 0 1 /1 1 0 1 /1 1 0 0 /0 0 1 1 /"
     "1 0 1 1 /0 0 1 0 /"),
    ("lither", "nmLineNe", "clue", "0 1 0 0 0 /0 0 0 1 1 /1 1 0 1 0 /1 1 0 1 0 /1 1 0 1 /1 1 0 0 /0 0 1 0 /"
     "1 0 1 1 /0 0 1 1 /"),
]
# pzprjs' slither.js: all points on a clue-less 3x2, a good answer and one that
# leaves a vertex out (cxNoLine)
FULL_GOOD = "pzprv3.1/slither/2/3/f/. . . /. . . /0 0 0 /0 0 0 /1 0 0 1 /1 1 1 1 /1 1 1 /0 1 0 /1 0 1 /"
FULL_WRONG = "pzprv3.1/slither/2/3/f/. . . /. . . /0 0 0 /0 0 0 /1 0 0 1 /1 1 0 0 /1 1 1 /0 1 1 /1 0 0 /"
# cspuz_core's slitherlink.rs and litherslink.rs: URL and the unique answer (the
# horizontal borders, top to bottom, then the vertical ones)
CSPUZ = [
    ("https://pzprxs.vercel.app/p?slither/f/3/3/gdk", "1 0 1/0 1 0/0 1 0/1 0 1", "1 1 1 1/1 0 0 1/1 1 1 1"),
    ("https://puzz.link/p?lither/4/3/b8dg6d", "1 0 1 1/0 1 1 1/0 1 1 1/1 0 1 1",
     "0 0 0 1 0/1 0 1 0 0/0 0 0 1 0"),
]


def _file(genre: str, borders: str) -> str:
    """A pzprv3 text of the genre's puzzle with other borders."""
    head = PZPRJS[genre][1]
    rows = head.split("/")
    h = int(rows[2])
    skip = 4 + h + (h if genre in ("vslither", "tslither") or head.startswith("pzprv3.1") else 0)
    return "/".join(rows[:skip]) + "/" + borders


@pytest.mark.parametrize("genre", sorted(PZPRJS))
def test_pzprjs_puzzles_solve_to_their_saved_answers(genre: str) -> None:
    url, saved = PZPRJS[genre]
    puzzle = read_text(f"https://puzz.link/p?{genre}/{url}", "<url>")
    assert is_variant(puzzle) and read_text(saved, "<file>") == puzzle
    answer = read_pzprv3_answer(saved)
    r = solve(puzzle, unique=True)
    assert r.unique is True and r.answers[0] == answer, genre
    assert kind_of(puzzle).check(puzzle, puzzle.links(answer)).valid


@pytest.mark.parametrize("genre, failcode, kind, borders", PZPRJS_WRONG, ids=[f"{g}-{f}" for g, f, *_ in PZPRJS_WRONG])
def test_pzprjs_wrong_answers_break_the_rule_pzprjs_names(genre: str, failcode: str, kind: str, borders: str) -> None:
    text = _file(genre, borders)
    puzzle = read_text(text, "<file>")
    report = kind_of(puzzle).check(puzzle, puzzle.links(read_pzprv3_answer(text)))
    assert kind in {str(v.kind) for v in report.violations}, (failcode, [str(v) for v in report.violations])


def test_all_points_from_pzprjs() -> None:
    puzzle = read_text(FULL_GOOD, "<file>")
    assert puzzle.name == "full"
    answers = solve(puzzle, models=0).answers
    assert read_pzprv3_answer(FULL_GOOD) in answers and len(answers) == 2  # the two Hamiltonian cycles of 4x3 points
    wrong = kind_of(puzzle).check(puzzle, puzzle.links(read_pzprv3_answer(FULL_WRONG)))
    assert "unvisited" in {str(v.kind) for v in wrong.violations}


@pytest.mark.parametrize("url, horizontal, vertical", CSPUZ)
def test_cspuz_puzzles_solve_to_their_answers(url: str, horizontal: str, vertical: str) -> None:
    puzzle = read_text(url, "<url>")
    h = [[int(k) for k in row.split()] for row in horizontal.split("/")]
    v = [[int(k) for k in row.split()] for row in vertical.split("/")]
    borders = " /".join(" ".join(str(k) for k in row) for row in v + h) + " /"
    width, height = len(h[0]), len(v)
    text = f"pzprv3/slither/{height}/{width}/" + "/".join([". " * width] * height) + "/" + borders
    answer = read_pzprv3_answer(text)
    r = solve(puzzle, unique=True)
    assert r.unique is True and r.answers[0] == answer


def test_flags_that_mean_nothing_are_ignored_as_pzprjs_does() -> None:
    assert read_text("puzz.link/p?vslither/f/2/2/4", "<u>").name == "vertex"  # f: only slither, tslither, swslither
    assert read_text("puzz.link/p?lither/f/2/2/", "<u>").name == "lither"
    assert read_text("puzz.link/p?slither/v:x/f/2/2/", "<u>").name == "full"
    assert not is_variant(read_text("puzz.link/p?slither/v:f/2/2/", "<u>"))  # a variant segment is no flag


SAMPLES = {
    "vertex": {"clues": {0: 2, 5: 4}},
    "touch": {"clues": {1: 1, 4: 2}},
    "sheep-wolf": {"clues": {0: 3}, "sheep": [5], "wolves": [2]},
    "full": {"clues": {3: 0}},
    "touch+full": {"clues": {3: 2}},
    "sheep-wolf+full": {"clues": {1: 2}, "sheep": [4]},
    "lither": {"clues": {0: 1, 6: 3}},
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("fmt", ["pzpr", "pzprv3", "lp"])
def test_every_variant_survives_a_round_trip(name: str, fmt: str, tmp_path) -> None:
    sample = SAMPLES[name]
    v = variant(tilings.build("square", 4, 3).with_clues(sample["clues"]), name,
                sheep=sample.get("sheep", ()), wolves=sample.get("wolves", ()))
    text = write_text(v, fmt)
    back = read_text(text, "<text>", fmt)
    assert (back.rule, back.full, back.sheep, back.wolves, back.puzzle.clues) == (v.rule, v.full, v.sheep, v.wolves,
                                                                                 v.puzzle.clues)
    assert write_text(back, fmt) == text


def test_a_variant_on_another_tiling_keeps_its_geometry_in_facts(tmp_path) -> None:
    v = variant(tilings.build("hats", 6, 6, 2).with_clues({0: 3}), "touch+full")
    save(v, tmp_path / "hats.lp")
    back = read_file(tmp_path / "hats.lp")
    assert back.name == "touch+full" and back.puzzle.geometry is not None and back.puzzle.clues == v.puzzle.clues
    with pytest.raises(InputError, match="the loopy format cannot say that a puzzle is a Touch Slitherlink"):
        write_text(v, "loopy")
    with pytest.raises(InputError, match="only holds square grids"):
        write_text(v, "pzpr")


@pytest.mark.parametrize("text, message", [
    ("variant(diagonal).", r":1:\d+: variant\(diagonal\): unknown variant"),
    ("sheep(t).", r":1:\d+: sheep/1 belongs to Sheep-Wolf"),
    ("variant(sheep_wolf). wolf(u).", r":1:\d+: wolf\(u\) names a cell with no cell_contains/3"),
    ("variant(lither). variant(full).", r":1:\d+: all points \(full\) goes with classic, touch and sheep-wolf"),
    ("variant(sheep_wolf). clue(t,1). sheep(t).", r":1:\d+: cell t holds a clue and a sheep"),
    ("variant(vertex,1).", r"variant/2 has the wrong arity"),
])
def test_bad_variant_facts_are_one_located_line(text: str, message: str) -> None:
    base = "edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). cell_contains(t,2,3). cell_contains(t,3,1). "
    with pytest.raises(InputError, match=message):
        read_text(base + text, "bad.lp", "lp")
