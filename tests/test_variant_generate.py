"""Generation of the variants: each puzzle has its planted answer alone (the checker
accepts it, a fresh solve finds no second), the same seed gives the same puzzle, and
with --minimal no single clue or animal can go."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.formats import read_file
from slitherasp.kinds.variant.puzzle import NAMES, variant
from slitherasp.kinds.variant.rules import check_lines
from slitherasp.make.variants import generate_variant
from slitherasp.model.errors import GenerationError
from slitherasp.solver.run import solve

# all points need a Hamiltonian cycle: a square grid of (W+1)(H+1) vertices has one
# only when that number is even
PATCHES = {"square": ("square", 5, 4, None), "triangular": ("triangular", 4, 4, None),
           "cairo": ("cairo", 4, 4, None)}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("where", sorted(PATCHES))
def test_a_generated_variant_has_its_answer_alone(name: str, where: str) -> None:
    tiling, w, h, seed = PATCHES[where]
    blank = variant(tilings.build(tiling, w, h, seed), name)
    try:
        made = generate_variant(blank, seed=4)
    except GenerationError as exc:  # a patch with no answer of the rule at all says so
        assert "no " in str(exc) and name.endswith("full") and where == "cairo"
        assert solve(blank).status.name == "UNSAT"
        return
    v = made.puzzle
    assert v.name == name and check_lines(v, made.answer).valid
    r = solve(v, models=2)
    assert r.exhausted and r.answers == (made.answer,)
    assert made.grade.unique and v.clue_count() < len(v.cells) + (1 if name.startswith("sheep") else 0)
    again = generate_variant(blank, seed=4)
    assert (again.puzzle.puzzle.clues, again.puzzle.sheep, again.puzzle.wolves) == (v.puzzle.clues, v.sheep, v.wolves)


@pytest.mark.parametrize("name", ["vertex", "touch", "sheep-wolf", "lither"])
def test_minimal_leaves_no_clue_to_spare(name: str) -> None:
    made = generate_variant(variant(tilings.build("square", 4, 4), name), seed=1, minimal=True)
    v = made.puzzle
    clued = [c for c, k in enumerate(v.puzzle.clues) if k is not None]
    for c in clued:
        fewer = v.with_clues({d: v.puzzle.clues[d] for d in clued if d != c})
        assert solve(fewer, unique=True).unique is False, c
    for c in v.sheep | v.wolves:
        fewer = v.with_animals(v.sheep - {c}, v.wolves - {c})
        assert solve(fewer, unique=True).unique is False, c


def test_the_solver_grade_asked_for_is_the_grade_given() -> None:
    made = generate_variant(variant(tilings.build("square", 5, 5), "lither"), seed=2, level="medium")
    assert made.grade.level == "medium"


def test_generate_command_writes_a_variant(tmp_path: Path, capsys) -> None:
    code = main(["generate", "square", "--size", "5x4", "--seed", "3", "--variant", "touch+full", "-o",
                 str(tmp_path), "--json"])
    found = json.loads(capsys.readouterr().out)
    assert code == 0 and found["variant"] == "touch+full" and found["unique"] is True
    puzzle = read_file(found["instance"])
    assert puzzle.name == "touch+full" and Path(found["instance"]).name.startswith("square-5x4-touch-full-")
    code = main(["generate", "square", "--size", "5", "--variant", "vertex", "--difficulty", "hard", "-o",
                 str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "a person's rules here are classic" in err
