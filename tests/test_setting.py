"""The setter's workbench (issue 50): symmetries found from the geometry, symmetric and
masked clue layouts, clue themes, a rule the solution needs, a loop round a picture,
and the fewest clues. What generation makes is judged here, never by its bookkeeping:
a layout's symmetry by turning and mirroring face centres in plain coordinates, the
answers by the SAT checker of ``stepcheck``, grades by a person's rules, the rules a
solution uses by ``explain``'s steps, the fewest clues and the closest loop by listing
every loop of a small patch (``tests/exhaustive.py``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from exhaustive import all_loops, certified_least, fewest_clues
from stepcheck import answers, inside

from slitherasp import formats, tilings
from slitherasp.cli import main
from slitherasp.explain import explain, human_grade
from slitherasp.make.generate import generate, planted
from slitherasp.make.minimum import minimum
from slitherasp.make.picture import closest_loop
from slitherasp.make.setting import Setting, plan
from slitherasp.model.errors import GenerationError, InputError
from slitherasp.tilings.symmetry import orbits, symmetries

LEVELS = ("easy", "normal", "tricky", "hard")


# --------------------------------------------------------------------------- plain geometry
def centres(puzzle) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    g = puzzle.geometry
    return [(sum(g.points[v][0] for v in f) / len(f), sum(g.points[v][1] for v in f) / len(f)) for f in g.faces]


ANGLES = {"top-bottom": 0, "diagonal": 45, "left-right": 90, "anti-diagonal": 135}


def moved(puzzle, name: str, point: tuple[float, float]) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Where the turn or mirror ``name`` (read from its name alone) about the middle of
    the patch's corners puts a point."""
    g = puzzle.geometry
    used = sorted({v for f in g.faces for v in f})
    mx = sum(g.points[v][0] for v in used) / len(used)
    my = sum(g.points[v][1] for v in used) / len(used)
    x, y = point[0] - mx, point[1] - my
    if name.startswith("rot"):
        a = math.radians(int(name[3:]))
        return mx + x * math.cos(a) - y * math.sin(a), my + x * math.sin(a) + y * math.cos(a)
    a = 2 * math.radians(ANGLES.get(name) if name in ANGLES else int(name.split("-")[1]))
    return mx + x * math.cos(a) + y * math.sin(a), my + x * math.sin(a) - y * math.cos(a)


def image(puzzle, name: str, cell: int) -> int | None:  # type: ignore[no-untyped-def]
    """The face whose corners are the images of the corners of ``cell`` under ``name``,
    or None when no face's are."""
    g = puzzle.geometry
    corners = [moved(puzzle, name, g.points[v]) for v in g.faces[cell]]
    for d, f in enumerate(g.faces):
        if len(f) == len(corners) and all(min(math.dist(p, g.points[v]) for v in f) < 1e-6 for p in corners):
            return d
    return None


def symmetric(puzzle, name: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the clue layout (clued or not, per face) is the same after ``name``."""
    clued = [k is not None for k in puzzle.clues]
    return all(clued[c] == clued[image(puzzle, name, c)] for c in range(len(clued)))


# --------------------------------------------------------------------------- symmetries
@pytest.mark.parametrize("name, w, h, expected", [
    ("square", 4, 4, ["rot180", "rot90", "top-bottom", "diagonal", "left-right", "anti-diagonal"]),
    ("square", 5, 3, ["rot180", "top-bottom", "left-right"]),
    ("cairo", 10, 10, ["rot180", "rot90"]),
    ("octagonal", 9, 9, ["rot180", "rot90", "top-bottom", "diagonal", "left-right", "anti-diagonal"]),
    ("honeycomb", 9, 10, ["left-right"]),
    ("triangular", 10, 10, ["rot180", "top-bottom", "left-right"]),
    ("tetrakis-square", 10, 10, ["diagonal"]),
    ("hats", 10, 10, []),
])
def test_the_symmetries_found_are_the_geometry_s_and_no_other(name: str, w: int, h: int, expected: list[str]) -> None:
    patch = tilings.build(name, w, h, seed=0)
    found = symmetries(patch)
    assert list(found) == expected
    for sym, perm in found.items():  # each maps every face centre onto the face it names
        assert all(image(patch, sym, c) == perm[c] for c in range(len(patch.cells)))
    for sym in ("rot180", "rot90", "rot120", "rot60", *ANGLES):
        if sym not in found:  # what is not found is none: some face goes onto no face
            assert any(image(patch, sym, c) is None for c in range(len(patch.cells)))


def test_a_polygon_patch_has_a_sixth_of_a_turn() -> None:
    """A hexagon of six triangles (polygons, not a tiling): rot60 and six mirrors."""
    from slitherasp.model import from_faces

    ring = [(math.cos(math.pi * k / 3), math.sin(math.pi * k / 3)) for k in range(6)]
    patch = from_faces([[(0.0, 0.0), ring[k], ring[(k + 1) % 6]] for k in range(6)])
    found = symmetries(patch)
    assert {"rot60", "rot120", "rot180"} <= set(found) and sum(not n.startswith("rot") for n in found) == 6
    assert orbits(found, "rot60") == [tuple(range(6))]
    assert len(orbits(found, "full")) == 1


def test_orbits_partition_the_faces_under_the_group_of_several_symmetries() -> None:
    patch = tilings.build("square", 6, 6)
    found = symmetries(patch)
    for name in ("rot180", "rot90", "diagonal", "left-right+top-bottom", "full"):
        parts = orbits(found, name)
        assert sorted(c for o in parts for c in o) == list(range(36))
        for o in parts:  # every generator keeps each orbit whole
            for sym in name.replace("full", "+".join(found)).split("+"):
                assert {image(patch, sym, c) for c in o} == set(o)
    assert len(orbits(found, "full")) == 6  # the eighth of a 6x6: 3 diagonal faces and 3 off it


def test_a_symmetry_the_patch_lacks_is_refused_in_one_line_naming_what_it_has() -> None:
    with pytest.raises(InputError) as e:
        plan(Setting(symmetry="left-right"), tilings.build("cairo", 10, 10))
    assert str(e.value) == "this patch has no symmetry 'left-right'; it has rot180, rot90"
    with pytest.raises(InputError, match="has none"):
        plan(Setting(symmetry="rot180"), tilings.build("hats", 10, 10))


# --------------------------------------------------------------------------- symmetric generation
@pytest.mark.parametrize("name, w, h, sym", [("square", 7, 7, "rot90"), ("square", 8, 6, "left-right"),
                                             ("cairo", 6, 6, "rot180"), ("honeycomb", 6, 6, "rot180"),
                                             ("octagonal", 5, 5, "diagonal")])
@pytest.mark.parametrize("level", LEVELS)
def test_symmetric_puzzles_at_every_level(name: str, w: int, h: int, sym: str, level: str) -> None:
    patch = tilings.build(name, w, h)
    made = generate(patch, seed=3, difficulty=level, plan=plan(Setting(symmetry=sym), patch, level))
    assert symmetric(made.puzzle, sym)
    assert answers(made.puzzle, limit=2) == [made.answer]
    assert human_grade(made.puzzle).level == level == made.human.level


def test_the_same_seed_gives_the_same_symmetric_puzzle_and_without_options_the_same_as_before() -> None:
    patch = tilings.build("square", 7, 7)
    asked = plan(Setting(symmetry="rot180"), patch, "hard")
    one, two = (generate(patch, seed=5, difficulty="hard", plan=asked) for _ in range(2))
    assert one.puzzle.clues == two.puzzle.clues
    assert generate(patch, seed=5, difficulty="hard", plan=plan(Setting(), patch)).puzzle.clues == \
        generate(patch, seed=5, difficulty="hard").puzzle.clues
    assert generate(patch, seed=5, difficulty="hard").puzzle.clues != one.puzzle.clues


def test_an_interrupted_symmetric_removal_keeps_a_symmetric_unique_puzzle() -> None:
    calls = []

    def progress(removed: int, kept: int, untested: int, elapsed: float) -> None:
        calls.append(removed)
        if len(calls) == 3:
            raise KeyboardInterrupt

    patch = tilings.build("square", 8, 8)
    made = generate(patch, seed=2, difficulty="hard", progress=progress,
                    plan=plan(Setting(symmetry="rot90"), patch, "hard"))
    assert made.interrupted and symmetric(made.puzzle, "rot90")
    assert answers(made.puzzle, limit=2) == [made.answer]


def test_symmetric_layouts_for_the_solver_s_grade_too() -> None:
    patch = tilings.build("square", 6, 6)
    made = generate(patch, seed=1, level="hard", minimal=True, plan=plan(Setting(symmetry="left-right"), patch))
    assert symmetric(made.puzzle, "left-right") and answers(made.puzzle, limit=2) == [made.answer]


# --------------------------------------------------------------------------- masks, themes, rules
def test_clues_only_on_the_mask() -> None:
    patch = tilings.build("square", 8, 8)
    ring = frozenset(c for c in range(64) if c // 8 in (0, 7) or c % 8 in (0, 7) or 2 <= c // 8 <= 5)
    made = generate(patch, seed=1, difficulty="normal", plan=plan(Setting(faces=ring), patch, "normal"))
    assert {c for c, k in enumerate(made.puzzle.clues) if k is not None} <= ring
    assert answers(made.puzzle, limit=2) == [made.answer] and human_grade(made.puzzle).level == "normal"


@pytest.mark.parametrize("values, level", [({2, 3}, "tricky"), ({2, 3}, "hard"), ({1, 2, 3}, "hard"),
                                           ({3}, "tricky")])
def test_clue_themes_are_honoured_exactly_at_the_level_asked(values: set[int], level: str) -> None:
    patch = tilings.build("square", 8, 8)
    made = generate(patch, seed=2, difficulty=level, plan=plan(Setting(values=frozenset(values)), patch, level))
    assert {k for k in made.puzzle.clues if k is not None} <= values
    assert answers(made.puzzle, limit=2) == [made.answer] and human_grade(made.puzzle).level == level


@pytest.mark.parametrize("rule, level, seed", [("closure", "easy", 7), ("closure", "easy", 14), ("alike", "hard", 3),
                                               ("alike", "hard", 11), ("corners", "hard", 12),
                                               ("one cross", "easy", 1)])
def test_a_puzzle_whose_solution_needs_the_rule(rule: str, level: str, seed: int) -> None:
    """Seeds whose puzzle made without asking solves without the rule (but the last):
    asked for it, the puzzle's solution (``explain``'s steps) has it."""
    patch = tilings.build("square", 7, 7)
    plain = explain(generate(patch, seed=seed, difficulty=level).puzzle)
    assert (rule in {s.rule for s in plain.steps}) == (rule == "one cross")
    made = generate(patch, seed=seed, difficulty=level, plan=plan(Setting(needs=rule), patch, level))
    steps = explain(made.puzzle)
    assert steps.complete and steps.grade == level and rule in {s.rule for s in steps.steps}


def test_a_rule_above_the_level_or_unknown_is_refused_in_one_line() -> None:
    patch = tilings.build("square", 7, 7)
    with pytest.raises(InputError, match="one of hard's: ask for --difficulty hard"):
        plan(Setting(needs="alike"), patch, "normal")
    with pytest.raises(InputError, match="unknown rule 'magic'"):
        plan(Setting(needs="magic"), patch, "hard")
    with pytest.raises(InputError, match="from 0 to 4"):
        plan(Setting(values=frozenset({5})), patch, "hard")


# --------------------------------------------------------------------------- the loop round a picture


@pytest.mark.parametrize("picture", [{5, 6, 9, 10}, {0, 15}, {0, 5, 10, 15}, {1, 4, 6, 9, 11, 14}, {5}])
def test_the_loop_round_a_picture_is_as_close_as_any_loop_gets(picture: set[int]) -> None:
    patch = tilings.build("square", 4, 4)
    found = closest_loop(patch, picture)
    best = min(len(inside(patch, loop) ^ picture) for loop in all_loops(patch))
    assert found.proved and found.wrong == best == len(inside(patch, found.loop) ^ picture)


def test_a_puzzle_round_a_picture_has_that_loop() -> None:
    patch = tilings.build("square", 6, 6)
    heart = {7, 10, 13, 14, 15, 16, 19, 20, 21, 22, 26, 27}
    made = generate(patch, seed=1, difficulty="normal", plan=plan(Setting(picture=frozenset(heart)), patch))
    (loop,) = answers(made.puzzle, limit=2)
    assert inside(patch, loop) == heart and human_grade(made.puzzle).level == "normal"


def test_the_page_in_the_browser_draws_a_loop_round_a_picture_through_clingo_as_text() -> None:
    """The page's Python as the browser runs it (no clingo module; clingo's JSON from
    another process standing for clingo-wasm, as tests/test_browser_path.py runs it):
    the picture's loop is found there too, proved as close as in this process."""
    import subprocess
    import sys

    from test_browser_path import CHILD

    from slitherasp.formats import read_text

    patch = tilings.build("square", 5, 5)
    plus = {7, 11, 12, 13, 17}
    cases = [["generate", {"tiling": "square", "size": "5x5", "difficulty": "easy", "seed": 2,
                           "picture": sorted(plus)}, ""]]
    child = CHILD.replace('str(reply["body"])[:300]', 'reply["body"]')
    done = subprocess.run([sys.executable, "-c", child, "text"], input=json.dumps(cases), capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert found["loaded"] == []  # no clingo module was imported
    (status, body), = found["replies"]
    assert status == 200, body
    made = read_text(body["puzzle"], "<made>")
    (loop,) = answers(made, limit=2)
    assert inside(patch, loop) == plus and human_grade(made).level == "easy"


# --------------------------------------------------------------------------- the fewest clues
@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_fewest_clues_equal_an_exhaustive_search(size: int) -> None:
    patch = tilings.build("square", size, size)
    loops = all_loops(patch)
    assert len(loops) == {2: 13, 3: 213, 4: 9349}[size]  # (the counts of cycles of grid graphs, OEIS A140517)
    for seed in range(1, 7):
        full, loop = planted(patch, seed=seed)
        least = fewest_clues(patch, loop, loops)
        if least < 0:
            with pytest.raises(GenerationError, match="leaves another loop"):
                minimum(patch, loop)
            continue
        found = minimum(patch, loop)
        assert found.proved and found.clues == found.lower == least == found.puzzle.clue_count()
        assert answers(found.puzzle, limit=2) == [loop]


@pytest.mark.parametrize("name, size, seed", [("square", 6, 1), ("square", 6, 2), ("square", 6, 3),
                                              ("cairo", 5, 1), ("honeycomb", 5, 2)])
def test_the_fewest_clues_past_listing_every_loop_by_the_proof_s_certificate(name: str, size: int, seed: int) -> None:
    """A 6x6 has 487,150,371 loops: the least is checked by the proof's certificate
    instead: its other loops, each checked to be one loop here, demand as many clues as
    the minimum (a branch and bound over them), and the minimum's clues are unique."""
    patch = tilings.build(name, size, size)
    full, loop = planted(patch, seed=seed)
    found = minimum(patch, loop)
    assert found.proved and certified_least(patch, loop, found.witnesses) == found.clues
    assert answers(found.puzzle, limit=2) == [loop] and found.puzzle.clue_count() == found.clues
    assert certified_least(patch, loop, found.witnesses[: len(found.witnesses) // 2]) < found.clues  # (can fail)


@pytest.mark.parametrize("name, size", [("honeycomb", 3), ("cairo", 3)])
def test_the_fewest_clues_on_other_tilings_and_in_orbits(name: str, size: int) -> None:
    patch = tilings.build(name, size, size)
    loops = all_loops(patch)
    found_syms = symmetries(patch)
    for seed in (1, 2, 3):
        full, loop = planted(patch, seed=seed)
        least = fewest_clues(patch, loop, loops)
        if least > 0:
            assert minimum(patch, loop).clues == least
        for sym in list(found_syms)[:1]:
            units = orbits(found_syms, sym)
            least = fewest_clues(patch, loop, loops, units)
            if least > 0:
                found = minimum(patch, loop, units=units)
                assert found.proved and found.clues == least and symmetric(found.puzzle, sym)


def test_a_time_limit_keeps_the_fewest_found_so_far_unproved() -> None:
    patch = tilings.build("square", 7, 7)
    full, loop = planted(patch, seed=1)
    found = minimum(patch, loop, time_limit=0.5)
    assert not found.proved and found.stopped == "time" and found.lower < found.clues
    assert answers(found.puzzle, limit=2) == [loop]


# --------------------------------------------------------------------------- the command line
def run(capsys, *argv: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_symmetry_mask_theme_and_rule(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    mask = tmp_path / "mask.txt"
    mask.write_text("# the whole board but a column\n" + "\n".join(f"c{c}" for c in range(49) if c % 7 != 3) + "\n")
    code, out, err = run(capsys, "generate", "square", "--size", "7", "--seed", "2", "--symmetry", "top-bottom",
                         "--mask", str(mask), "--clues", "1,2,3", "--difficulty", "hard", "-o", str(tmp_path), "--json")
    summary = json.loads(out)
    assert code == 0 and Path(summary["instance"]).name == "square-7x7-top-bottom-mask-clues123-hard-s2.lp"
    made = formats.read_file(summary["instance"])
    given = {c for c, k in enumerate(made.clues) if k is not None}
    assert symmetric(made, "top-bottom") and not {c for c in given if c % 7 == 3}
    assert {made.clues[c] for c in given} <= {1, 2, 3} and human_grade(made).level == "hard"
    assert len(answers(made, limit=2)) == 1
    again = run(capsys, "generate", "square", "--size", "7", "--seed", "2", "--symmetry", "top-bottom", "--mask",
                str(mask), "--clues", "1,2,3", "--difficulty", "hard", "-o", str(tmp_path / "b"), "--json")
    assert formats.read_file(json.loads(again[1])["instance"]).clues == made.clues


@pytest.mark.parametrize("argv, words", [
    (["--symmetry", "rot90", "--size", "7x5"], "has no symmetry 'rot90'; it has rot180, top-bottom, left-right"),
    (["--clues", "1,x"], "write clue values as numbers separated by commas"),
    (["--clues", "7"], "clue values must be whole numbers from 0 to 4"),
    (["--no-zero", "--difficulty", "easy"], "Easy's rules have no first step without a clue 0"),
    (["--needs", "alike", "--difficulty", "easy"], "the rule 'alike' is one of hard's"),
    (["--needs", "closure", "--solver-grade", "hard"], "--needs goes with a person's grade"),
    (["--symmetry", "rot180", "--variant", "vertex"], "--symmetry does not go with --variant"),
    (["--minimum", "--difficulty", "hard"], "--minimum asks for the fewest clues"),
    (["--clues", "3", "--count", "2", "--minimum"], "--minimum makes one puzzle at a time"),
])
def test_cli_bad_requests_are_refused_in_one_line(capsys, tmp_path: Path, argv: list[str], words: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "generate", "square", "--seed", "1", *argv, "-o", str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_cli_a_mask_naming_no_face_names_its_file_and_line(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    mask = tmp_path / "mask.txt"
    mask.write_text("c1 c2\nc3 c99\n")
    code, _, err = run(capsys, "generate", "square", "--size", "5", "--mask", str(mask), "-o", str(tmp_path / "o"))
    assert code == 2 and err.count("\n") == 1 and f"{mask}:2: no face 'c99'" in err


def test_cli_minimum_is_proved_least_and_says_how_long(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "generate", "square", "--size", "4", "--seed", "6", "--minimum", "-o",
                         str(tmp_path), "--json")
    summary = json.loads(out)
    made = formats.read_file(summary["instance"])
    (loop,) = answers(made, limit=2)
    assert code == 0 and summary["minimum"]["proved"] is True and summary["minimum"]["seconds"] >= 0
    assert summary["clues"] == made.clue_count() == fewest_clues(made, loop)
    code, _, err = run(capsys, "generate", "square", "--size", "4", "--seed", "6", "--minimum", "-o",
                       str(tmp_path / "t"))
    assert code == 0 and "proved least in" in err


def test_cli_tiling_lists_symmetries(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "tiling", "square", "--size", "7x7", "--symmetries", "--json")
    listed = json.loads(out)
    assert code == 0 and [s["name"] for s in listed["symmetries"]] == list(symmetries(tilings.build("square", 7, 7)))
    assert {s["name"]: s["orbits"] for s in listed["symmetries"]}["rot90"] == 13


def test_the_exhaustive_check_s_branch_and_bound_against_every_subset() -> None:
    """``tests/exhaustive.py``'s branch and bound, against trying every set of units in
    turn, on random set systems (some units heavier, as orbits are)."""
    import itertools
    import random

    from exhaustive import _smallest

    rng = random.Random(5)
    for _ in range(200):
        n = rng.randrange(1, 10)
        weights = [rng.choice((1, 1, 2, 4)) for _ in range(n)]
        cores = [rng.randrange(1, 1 << n) for _ in range(rng.randrange(1, 12))]
        every = min(sum(weights[u] for u in chosen) for k in range(n + 1)
                    for chosen in itertools.combinations(range(n), k)
                    if all(any(c >> u & 1 for u in chosen) for c in cores))
        assert _smallest(cores, weights) == every


def test_cli_ctrl_c_keeps_a_symmetric_unique_puzzle_and_the_fewest_so_far(capsys, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from test_generate import stop_at_cli

    argv = ["generate", "square", "--size", "10", "--seed", "3", "--difficulty", "hard", "--symmetry", "rot90",
            "--json"]
    looks = stop_at_cli(monkeypatch, None)
    assert run(capsys, *argv, "-o", str(tmp_path / "whole"))[0] == 0
    stop_at_cli(monkeypatch, looks[0] // 2)  # half way through the clue removal
    code, out, err = run(capsys, *argv, "-o", str(tmp_path / "cut"))
    summary = json.loads(out)
    made = formats.read_file(summary["instance"])
    assert code == 130 and summary["interrupted"] is True and "Traceback" not in err
    assert symmetric(made, "rot90") and len(answers(made, limit=2)) == 1
    stop_at_cli(monkeypatch, None)
    code, out, err = run(capsys, "generate", "square", "--size", "8", "--seed", "3", "--minimum", "--time-limit",
                         "1", "-o", str(tmp_path / "least"), "--json")
    summary = json.loads(out)
    made = formats.read_file(summary["instance"])
    assert code == 124 and summary["minimum"]["proved"] is False and "not proved" not in out
    assert summary["minimum"]["lower"] < summary["clues"] == made.clue_count() and len(answers(made, limit=2)) == 1
    assert "the least is at least" in err


@pytest.mark.parametrize("setting", [Setting(symmetry="diagonal"), Setting(faces=frozenset(range(8, 56))),
                                     Setting(values=frozenset({1, 2})), Setting(needs="closure"),
                                     Setting(picture=frozenset({18, 19, 20, 26, 27, 28, 34, 35, 36}))],
                         ids=["symmetry", "mask", "theme", "needs", "picture"])
def test_each_option_makes_the_same_puzzle_from_the_same_seed(setting: Setting) -> None:
    patch = tilings.build("square", 8, 8)
    made = [generate(patch, seed=s, difficulty="hard", plan=plan(setting, patch, "hard")).puzzle.clues
            for s in (6, 6, 7)]
    assert made[0] == made[1] and made[0] != made[2]
