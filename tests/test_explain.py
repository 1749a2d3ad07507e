"""Explanations, hints and the grade for a person. Every step is judged by the SAT
checker of ``stepcheck`` (its own clauses, not the explainer's program): each settled
edge must follow from the step's reason alone, and no fact of the reason may be left
out. Complete explanations must reach the one answer the checker finds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import loopy_samples, or_absent
from stepcheck import answers, forced

from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.explain import explain, hint, human_grade
from slitherasp.formats import read_text
from slitherasp.formats.lp import read_instance, write_instance
from slitherasp.make.generate import DIFFICULTIES, generate
from slitherasp.model import Puzzle
from slitherasp.model.levels import HUMAN_LEVELS
from slitherasp.validate import check

LOOPY_7x7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"


def judge(puzzle: Puzzle, step) -> None:  # type: ignore[no-untyped-def]
    """The step is sound: the SAT checker, from the step's reason alone (its clues, lines
    and crosses, under the rules it names), finds no answer in which a settled edge
    has the other state. Where the step says its reason is minimal, no fact of it can
    be left out without the rules of the step's level losing the step (a reason is
    minimal for the level a person meets it at, which the SAT checker's whole
    entailment cannot judge: it may need fewer facts by reasoning harder)."""
    from slitherasp.explain.reasons import forces

    loop = "loop closure" in step.rules
    facts = (step.clues, step.links, step.non_links)
    for e, line in step.settles:
        assert forced(puzzle, *facts, loop, e, line), f"{step.rule} step does not force edge {e}"
    if not step.minimal or step.rule in ("trial", "search"):
        return
    known = {**dict.fromkeys(step.links, True), **dict.fromkeys(step.non_links, False)}
    level = min(step.level, 5)
    assert forces(puzzle, level, set(step.clues), known, step.settles, loop)
    for c in step.clues:
        assert not forces(puzzle, level, set(step.clues) - {c}, known, step.settles, loop), \
            f"{step.rule} step: clue {c} of its reason is not needed"
    for e in known:
        fewer = {x: v for x, v in known.items() if x != e}
        assert not forces(puzzle, level, set(step.clues), fewer, step.settles, loop), \
            f"{step.rule} step: edge {e} of its reason is not needed"


def judge_all(puzzle: Puzzle) -> None:
    e = explain(puzzle)
    assert e.complete and e.grade in HUMAN_LEVELS
    for step in e.steps:
        judge(puzzle, step)
    settled = [x for s in e.steps for x, _ in s.settles]
    assert sorted(settled) == list(range(len(puzzle.edges)))  # each edge settled once
    found = answers(puzzle)
    assert found == [e.lines()]  # the one answer, found by the checker
    assert check(puzzle, puzzle.links(e.lines())).valid


# -- tiny puzzles, steps checked by hand ------------------------------------------------
def test_a_four_settles_its_square_alone() -> None:
    p = tilings.build("square", 1, 1).with_clues([4])
    (step,) = explain(p).steps
    assert sorted(step.settles) == [(e, True) for e in range(4)]
    assert (step.clues, step.links, step.non_links, step.rules) == ((0,), (), (), ("clue counting",))
    assert step.level_name == "easy"


def test_a_zero_then_the_three_beside_it() -> None:
    p = tilings.build("square", 2, 1).with_clues([0, 3])
    shared = next(e for e in range(len(p.edges)) if len(p.edge_cells[e]) == 2)
    e = explain(p)
    first, second = e.steps
    assert first.clues == (0,) and sorted(first.settles) == [(e, False) for e in sorted(p.cell_edges[0])]
    # At Loopy's Easy level the 3 needs the cross beside it: three lines are left of
    # four edges (without it, the corners of two edges say it, a harder rule).
    assert second.clues == (1,) and second.non_links == (shared,) and second.links == ()
    assert second.level_name == "easy"
    assert sorted(second.settles) == [(e, True) for e in sorted(p.cell_edges[1]) if e != shared]
    # ... and then the 3's lines leave a vertex with one line and no way on: no answer
    assert not e.complete and "no answer" in e.note


def test_a_cross_closes_a_loop_only_when_it_would_end_too_early() -> None:
    # 3x1 squares, clues 3 . 3: the end squares' three outer sides are lines, and the
    # middle square's two long sides must join them into one loop.
    p = tilings.build("square", 3, 1).with_clues([3, None, 3])
    e = explain(p)
    assert e.complete and {s.rule for s in e.steps} >= {"cell"}
    for step in e.steps:
        judge(p, step)
    assert answers(p) == [e.lines()]


# -- soundness, minimality and completeness on a sample ------------------------------------
SAMPLE = [("square", 6, 6, "tricky", 1), ("honeycomb", 4, 4, "hard", 2), ("cairo", 4, 4, "normal", 3),
          ("penrose-p3", 6, 6, "fiendish", 4), ("kagome", 3, 3, "tricky", 5), ("snub-square", 3, 3, "hard", 6)]


@pytest.mark.parametrize("name, w, h, difficulty, seed", SAMPLE)
def test_every_step_is_sound_minimal_and_they_reach_the_answer(name: str, w: int, h: int, difficulty: str,
                                                                seed: int) -> None:
    made = generate(tilings.build(name, w, h, seed=seed), seed=seed, difficulty=difficulty, attempts=40)
    judge_all(made.puzzle)


def test_loopy_sample_puzzle_is_explained_soundly() -> None:
    judge_all(read_text(LOOPY_7x7, "<test>"))


SHARED_SAMPLE = [s for s in loopy_samples() if s["diff"] == "Easy"][::3]


@pytest.mark.parametrize("sample", or_absent(SHARED_SAMPLE), ids=lambda s: s["name"])
def test_shared_loopy_puzzles_are_explained_soundly(sample: dict) -> None:
    judge_all(read_text(sample["game_id"], sample["name"], "loopy"))


def test_competition_instance_with_a_cell_that_is_no_face() -> None:
    # A 3x3 square puzzle as facts, plus a cell made of three edges from all over the
    # grid: no disc of faces, so no parity; the other rules still explain it.
    base = generate(tilings.build("square", 3, 3), seed=7, difficulty="easy").puzzle
    text = write_instance(base)
    chosen = [0, 7, 13]
    count = sum(e in answers(base)[0] for e in chosen)
    extra = "".join(f"cell_contains(odd,{u},{v}).\n" for u, v in (base.edge_names(e) for e in chosen))
    p = read_instance(text + extra + f"clue(odd,{count}).\n")
    assert not p.is_disc
    e = explain(p)
    assert e.complete and "parity" not in {s.rule for s in e.steps}
    for step in e.steps:
        judge(p, step)


# -- grades for a person ---------------------------------------------------------------------
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_generation_reaches_each_difficulty(difficulty: str) -> None:
    made = generate(tilings.build("square", 7, 7), seed=2, difficulty=difficulty, attempts=40)
    assert len(answers(made.puzzle)) == 1
    assert human_grade(made.puzzle).level == difficulty == explain(made.puzzle).grade


@pytest.mark.parametrize("name, w, h, difficulty, seed", SAMPLE[:4])
def test_grade_and_explain_give_one_grade(name: str, w: int, h: int, difficulty: str, seed: int,
                                          tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One score and one set of per-level counts: ``grade --json`` and ``explain`` print
    the same, and the grade's level is the hardest level some edge needs (its count is
    never 0). On Loopy's levels the counts are the edges of the steps of each level."""
    p = generate(tilings.build(name, w, h, seed=seed), seed=seed, difficulty=difficulty, attempts=40).puzzle
    e = explain(p)
    path = tmp_path / "p.lp"
    path.write_text(write_instance(p))
    assert main(["grade", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["human_grade"], data["human_score"], tuple(data["human_steps"])) == (e.grade, e.score, e.edges)
    top = HUMAN_LEVELS.index(e.grade)
    assert e.edges[top] > 0 and not any(e.edges[top + 1:])
    if top < 4:
        by_steps = [sum(len(s.settles) for s in e.steps if s.level == level) for level in range(1, 6)]
        assert tuple(by_steps) == e.edges
    assert main(["explain", str(path)]) == 0
    assert f"score {e.score:.2f}" in capsys.readouterr().out.splitlines()[-1]


def test_a_grade_past_its_deadline_is_no_grade() -> None:
    """``grade(..., time_limit=)`` passes its end on to a person's grade, whose trials
    can take minutes: past it the grading stops, ungraded, instead of guessing a level."""
    import time

    p = read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<test>")
    assert human_grade(p).level == "easy"
    late = human_grade(p, deadline=time.perf_counter() - 1)
    assert late.level is None and not late.solved and sum(late.steps) == 0
    assert human_grade(p, deadline=time.perf_counter() + 60).level == "easy"


def test_fewer_levels_do_not_solve_a_harder_puzzle() -> None:
    made = generate(tilings.build("square", 7, 7), seed=3, difficulty="tricky", attempts=40)
    assert human_grade(made.puzzle, most=2).solved is False
    assert human_grade(made.puzzle, most=3).solved is True


# -- hints -----------------------------------------------------------------------------------
def test_hint_names_wrong_marks() -> None:
    p = read_text(LOOPY_7x7, "<test>")
    answer = answers(p)[0]
    wrong_line = min(e for e in range(len(p.edges)) if e not in answer)
    wrong_cross = min(answer)
    h = hint(p, links=[wrong_line], non_links=[wrong_cross])
    assert h.wrong_links == (wrong_line,) and h.wrong_non_links == (wrong_cross,) and h.step is None


def test_hint_from_a_partial_board_uses_only_the_board_and_clues() -> None:
    p = read_text(LOOPY_7x7, "<test>")
    answer = answers(p)[0]
    drawn = sorted(answer)[:6]
    crosses = [e for e in range(len(p.edges)) if e not in answer][:10]
    h = hint(p, links=drawn, non_links=crosses)
    assert h.step is not None and not h.solved
    assert set(h.step.links) <= set(drawn) and set(h.step.non_links) <= set(crosses)
    assert not {e for e, _ in h.step.settles} & {*drawn, *crosses}
    judge(p, h.step)


def test_hint_on_a_solved_board() -> None:
    p = read_text(LOOPY_7x7, "<test>")
    answer = answers(p)[0]
    h = hint(p, links=answer, non_links=[e for e in range(len(p.edges)) if e not in answer])
    assert h.solved and h.step is None


# -- the command line --------------------------------------------------------------------------
def test_explain_json_contract_checked_from_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = read_text(LOOPY_7x7, "<test>")
    path = tmp_path / "p.lp"
    path.write_text(write_instance(p))
    assert main(["explain", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    q = read_instance(path.read_text())
    edge = {tuple(q.edge_names(e)): e for e in range(len(q.edges))}
    cell = {name: c for c, name in enumerate(q.cells)}
    lines = set()
    for s in data["steps"]:
        reason = s["reason"]
        loop = "loop closure" in reason["rules"]
        facts = ([cell[c] for c in reason["clues"]], [edge[tuple(x)] for x in reason["links"]],
                 [edge[tuple(x)] for x in reason["non_links"]])
        assert s["size"] == sum(map(len, facts))
        for kind, value in (("links", True), ("non_links", False)):
            for pair in s["settles"][kind]:
                assert forced(q, *facts, loop, edge[tuple(pair)], value)
                lines.update([edge[tuple(pair)]] if value else [])
    assert answers(q) == [frozenset(lines)] and data["grade"] in HUMAN_LEVELS


def test_explain_renders_every_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.lp"
    path.write_text(write_instance(read_text(LOOPY_7x7, "<test>")))
    assert main(["explain", str(path), "--max-steps", "3", "--render", str(tmp_path / "steps")]) == 1
    drawn = sorted((tmp_path / "steps").glob("step-*.svg"))
    assert len(drawn) == 3 and all("<svg" in f.read_text() for f in drawn)
    assert "stopped after 3 steps" in capsys.readouterr().out


def test_hint_command_reads_a_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = read_text(LOOPY_7x7, "<test>")
    path = tmp_path / "p.lp"
    path.write_text(write_instance(p))
    answer = answers(p)[0]
    wrong = min(e for e in range(len(p.edges)) if e not in answer)
    state = tmp_path / "board.lp"
    state.write_text("link({},{}).\n".format(*p.edge_names(wrong)))
    assert main(["hint", str(path), "--state", str(state)]) == 1
    assert "WRONG: lines" in capsys.readouterr().out
    state.write_text("")
    assert main(["hint", str(path), "--state", str(state), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["step"]["settles"]["links"] or data["step"]["settles"]["non_links"]


def test_grade_prints_both_grades(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.lp"
    path.write_text(write_instance(read_text(LOOPY_7x7, "<test>")))
    assert main(["grade", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["grade"] in ("easy", "medium", "hard") and data["human_grade"] in HUMAN_LEVELS


def _small_patch(name: str) -> Puzzle:
    for size in range(1, 9):
        try:
            p = tilings.build(name, size, size, seed=1)
        except Exception:  # sizes below the tiling's least
            continue
        if len(p.edges) >= 15:
            return p
    raise AssertionError(f"no small patch of {name}")


@pytest.mark.parametrize("name", sorted(tilings.TILINGS))
def test_every_tiling_is_explained_to_the_end(name: str) -> None:
    made = generate(_small_patch(name), seed=1)
    e = explain(made.puzzle)
    assert e.complete and e.grade in HUMAN_LEVELS and e.lines() == made.answer
    for step in e.steps[:: max(1, len(e.steps) // 5)]:  # a sample of five, judged
        judge(made.puzzle, step)


def test_sloop_is_refused_with_the_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.sloop"
    path.write_text("2 3\n...\n...\n")
    assert main(["explain", str(path)]) == 2
    assert "Sloop puzzles are not explained" in capsys.readouterr().err


def test_hints_from_many_threads_at_once_agree() -> None:
    # the kept grounding serves one thread at a time; the others get their own
    from concurrent.futures import ThreadPoolExecutor

    p = read_text(LOOPY_7x7, "<test>")
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda _: hint(p).step, range(8)))
    assert all(s is not None and s.settles == found[0].settles for s in found)
    judge(p, found[0])
