"""Generation, grades, counts and census: every generated puzzle is checked by a fresh
solve and the independent validator, never by the generator's own bookkeeping."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import networkx as nx
import pytest
from stepcheck import answers

from slitherasp import formats, tilings
from slitherasp.cli import main
from slitherasp.counting.census import census
from slitherasp.explain import human_grade
from slitherasp.formats.lp import read_answer
from slitherasp.make.generate import LEVELS, GenerationError, generate, grade
from slitherasp.model import Puzzle, from_faces
from slitherasp.model.levels import HUMAN_LEVELS
from slitherasp.model.stopping import StoppedError, stop_when
from slitherasp.solver.run import count, solve
from slitherasp.validate import check


def unique_answer(p: Puzzle) -> frozenset[int]:
    r = solve(p, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True
    return r.answer


CASES = [("square", 6, 6, 1), ("honeycomb", 4, 4, 2), ("cairo", 4, 4, 3), ("penrose-p3", 8, 8, 4),
         ("kites", 3, 3, 5), ("hats", 7, 7, 6), ("altair", 1, 1, 7)]


@pytest.mark.parametrize("name, w, h, seed", CASES)
def test_generated_puzzle_is_unique_and_its_answer_is_the_reference(name: str, w: int, h: int, seed: int) -> None:
    g = generate(tilings.build(name, w, h, seed=seed), seed=seed)
    answer = unique_answer(g.puzzle)
    assert answer == g.answer
    assert check(g.puzzle, g.puzzle.links(g.answer)).valid
    assert g.puzzle.clue_count() < len(g.puzzle.cells)
    assert grade(g.puzzle).level == g.grade.level


@pytest.mark.parametrize("level", LEVELS)
def test_requested_grade_is_reached(level: str) -> None:
    g = generate(tilings.build("square", 6, 6), seed=11, level=level)
    fresh = grade(g.puzzle)
    assert fresh.level == level and fresh.unique
    assert unique_answer(g.puzzle) == g.answer


def test_grades_follow_their_definitions() -> None:
    g = generate(tilings.build("square", 10, 10), seed=3, level="hard")
    plain = solve(g.puzzle, models=2, lookahead=False, statistics=True)
    probed = solve(g.puzzle, models=2, lookahead=True, statistics=True)
    assert plain.statistics["choices"] > 0 and probed.statistics["choices"] > 0
    easy = generate(tilings.build("square", 5, 5), seed=3, level="easy")
    assert solve(easy.puzzle, models=2, lookahead=False, statistics=True).statistics["choices"] == 0


def test_same_seed_same_puzzle_other_seed_other_puzzle() -> None:
    patch = tilings.build("octagonal", 4, 4)
    a, b, c = (generate(patch, seed=s).puzzle.clues for s in (5, 5, 6))
    assert a == b and a != c


@pytest.mark.parametrize("name, w, h, seed", [("square", 5, 5, 1), ("cairo", 4, 4, 3)])
def test_minimal_puzzles_lose_uniqueness_without_any_single_clue(name: str, w: int, h: int, seed: int) -> None:
    g = generate(tilings.build(name, w, h), seed=seed, minimal=True, level="hard")
    unique_answer(g.puzzle)
    for c, k in enumerate(g.puzzle.clues):
        if k is not None:
            fewer = list(g.puzzle.clues)
            fewer[c] = None
            r = solve(g.puzzle.with_clues(fewer), unique=True)
            assert r.unique is False, f"clue {k} of cell {c} could be removed"


def test_unreachable_grade_stops_with_a_message() -> None:
    with pytest.raises(GenerationError, match="no hard puzzle"):
        generate(tilings.build("square", 1, 2), seed=1, level="hard", attempts=3)


def test_generation_needs_faces() -> None:
    from slitherasp.formats.lp import read_instance

    with pytest.raises(GenerationError, match="needs a tiling"):
        generate(read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(c,1,2)."))


def _slow_to_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver as a loaded machine makes it: every solve that runs while a stop is
    requested is cut (a quick one, on a quiet machine, ends before it looks)."""
    from dataclasses import replace

    from slitherasp.model import stopping
    from slitherasp.solver import run

    real = run.solve

    def solve_or_stop(*a, **k):  # type: ignore[no-untyped-def]
        r = real(*a, **k)
        return replace(r, interrupted=True, exhausted=False) if stopping.requested() else r

    monkeypatch.setattr(run, "solve", solve_or_stop)


def test_a_grade_cut_by_a_stop_is_unknown_and_a_kept_puzzle_s_grade_is_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI once printed "medium" for an "easy" puzzle kept after Ctrl-C: the test with no
    probing was cut by the stop request, and a cut test read as a failed one."""
    from slitherasp.make.generate import kept_grade
    from slitherasp.solver.grade import grade as solver_grade

    easy = generate(tilings.build("square", 5, 5), seed=3, level="easy").puzzle
    assert solver_grade(easy).level == "easy"
    _slow_to_stop(monkeypatch)
    with stop_when(lambda: True):
        cut = solver_grade(easy)
        kept = kept_grade(easy)
    assert (cut.level, cut.unique) == (None, None)
    assert kept.level == "easy" and kept.unique is True


def test_interrupt_keeps_a_unique_puzzle() -> None:
    calls = []

    def progress(removed: int, kept: int, untested: int, elapsed: float) -> None:
        calls.append(removed)
        if len(calls) == 3:
            raise KeyboardInterrupt

    g = generate(tilings.build("square", 8, 8), seed=2, progress=progress)
    assert g.interrupted and len(calls) == 3
    assert unique_answer(g.puzzle) == g.answer


def test_time_limit_keeps_a_unique_puzzle(monkeypatch: pytest.MonkeyPatch) -> None:
    import slitherasp.make.generate as module
    import slitherasp.make.removal as removal

    patch = tilings.build("square", 8, 8)
    free = generate(patch, seed=2)
    roomy = generate(patch, seed=2, time_limit=600.0)  # never reached: the same puzzle
    assert not roomy.timed_out and roomy.puzzle.clues == free.puzzle.clues
    at_once = generate(patch, seed=2, time_limit=0.0)  # the full clue set, untested but unique
    assert at_once.timed_out and at_once.puzzle.clue_count() == 64
    assert unique_answer(at_once.puzzle) == at_once.answer
    # the clock jumps past the limit at the third report: the removal stops there
    clock, real = [0.0], module.time.perf_counter

    class Clock:
        @staticmethod
        def perf_counter() -> float:
            return real() + clock[0]

    calls = []

    def progress(removed: int, kept: int, untested: int, elapsed: float) -> None:
        calls.append(removed)
        if len(calls) == 3:
            clock[0] = 1000.0

    monkeypatch.setattr(module, "time", Clock)
    monkeypatch.setattr(removal, "time", Clock)  # where the removal looks at the clock
    cut = generate(patch, seed=2, time_limit=100.0, progress=progress)
    assert cut.timed_out and not cut.interrupted and len(calls) == 3
    assert free.puzzle.clue_count() < cut.puzzle.clue_count() < 64
    assert unique_answer(cut.puzzle) == cut.answer
    assert check(cut.puzzle, cut.puzzle.links(cut.answer)).valid


# --------------------------------------------------------------------------- counts
def brute_force_census(puzzle: Puzzle) -> tuple[int, int]:
    """Loops by networkx's cycle enumeration, placements by trying every subset."""
    graph = nx.Graph(puzzle.edges)
    loops = []
    for cycle in nx.simple_cycles(graph):
        pairs = {frozenset(p) for p in zip(cycle, cycle[1:] + cycle[:1])}
        loops.append(frozenset(e for e, uv in enumerate(puzzle.edges) if frozenset(uv) in pairs))
    sigs = [puzzle.signature(a) for a in loops]
    n, total = len(puzzle.cells), 0
    for r in range(1, n + 1):
        for cells in itertools.combinations(range(n), r):
            seen: dict[tuple[int, ...], int] = {}
            for s in sigs:
                key = tuple(s[c] for c in cells)
                seen[key] = seen.get(key, 0) + 1
            total += sum(1 for v in seen.values() if v == 1)
    return len(loops), total


def test_census_reproduces_seed_004() -> None:
    c = census(tilings.build("square", 3, 3))
    assert (c.loops, c.puzzles) == (213, 41433)
    assert count(tilings.build("square", 3, 3)).count == 213


def triangle_of_triangles(n: int) -> Puzzle:
    """A triangle of side ``n`` cut into n*n unit triangles."""
    h = 3 ** 0.5 / 2
    pt = lambda i, j: (i + j / 2, j * h)  # noqa: E731
    faces = [[pt(i, j), pt(i + 1, j), pt(i, j + 1)] for j in range(n) for i in range(n - j)]
    faces += [[pt(i + 1, j), pt(i + 1, j + 1), pt(i, j + 1)] for j in range(n - 1) for i in range(n - 1 - j)]
    return from_faces(faces)


@pytest.mark.parametrize("patch", [tilings.build("square", 2, 2), tilings.build("square", 3, 2),
                                   tilings.build("honeycomb", 3, 3), triangle_of_triangles(3)],
                         ids=["square-2x2", "square-3x2", "honeycomb-3x3", "triangles-9"])
def test_census_agrees_with_brute_force(patch: Puzzle) -> None:
    c = census(patch)
    assert (c.loops, c.puzzles) == brute_force_census(patch)


def test_census_refuses_big_patches() -> None:
    from slitherasp.model import InputError

    with pytest.raises(InputError, match="out of reach"):
        census(tilings.build("square", 6, 6), method="enumerate")


# --------------------------------------------------------------------------- CLI
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_generate_writes_a_unique_puzzle_answer_and_drawing(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "generate", "snub-square", "--size", "4", "--seed", "3", "-o", str(tmp_path), "--json")
    summary = json.loads(out)
    assert code == 0 and summary["grade"] in LEVELS and summary["clues"] < summary["cells"]
    lp = Path(summary["instance"])
    puzzle = formats.read_file(lp)
    answer = read_answer(formats.answer_path(lp).read_text())
    assert check(puzzle, answer).valid
    assert set(puzzle.links(unique_answer(puzzle))) == set(answer)
    assert lp.with_suffix(".svg").read_text().count('class="clue"') == summary["clues"]


def test_cli_generate_time_limit_writes_the_puzzle_so_far(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, "generate", "square", "--size", "6", "--time-limit", "0.001", "-o", str(tmp_path),
                         "--json")
    summary = json.loads(out)
    assert code == 124 and summary["timed_out"] is True and "time limit" in err
    puzzle = formats.read_file(summary["instance"])
    answer = read_answer(formats.answer_path(Path(summary["instance"])).read_text())
    assert check(puzzle, answer).valid and set(puzzle.links(unique_answer(puzzle))) == set(answer)
    code, _, err = run(capsys, "generate", "square", "--count", "2", "--time-limit", "1", "-o", str(tmp_path / "c"))
    assert code == 2 and "--time-limit" in err and err.count("\n") == 1


def test_cli_grade_count_census(capsys, tmp_path: Path) -> None:
    run(capsys, "generate", "square", "--size", "5", "--seed", "1", "--solver-grade", "medium", "-o", str(tmp_path))
    lp = next(tmp_path.glob("*.lp"))
    code, out, _ = run(capsys, "grade", str(lp), "--json")
    assert code == 0 and json.loads(out)["grade"] == "medium"
    code, out, _ = run(capsys, "count", str(lp))
    assert code == 0 and out.strip() == "1"
    run(capsys, "tiling", "square", "--size", "3", "--planted-clues", "-o", str(tmp_path / "t"))
    code, out, _ = run(capsys, "count", str(tmp_path / "t" / "square-3x3.lp"), "--ignore-clues", "--json")
    assert code == 0 and json.loads(out)["answers"] == 213 and json.loads(out)["exact"] is True
    code, out, _ = run(capsys, "census", "square", "--size", "3x3", "--json")
    assert code == 0 and (json.loads(out)["loops"], json.loads(out)["puzzles"]) == (213, 41433)
    # a count stopped by the time limit is a lower bound, with the time-out's exit code
    run(capsys, "tiling", "square", "--size", "7", "-o", str(tmp_path / "big"))
    code, out, _ = run(capsys, "count", str(tmp_path / "big" / "square-7x7.lp"), "--time-limit", "0.3",
                       "--method", "enumerate")
    assert code == 124 and out.strip().endswith("+") and int(out.strip()[:-1]) > 0


def test_cli_grade_of_a_puzzle_with_two_answers(capsys, tmp_path: Path) -> None:
    run(capsys, "tiling", "square", "--size", "2", "-o", str(tmp_path))
    code, out, _ = run(capsys, "grade", str(tmp_path / "square-2x2.lp"))
    assert code == 1 and "NOT UNIQUE" in out


def test_cli_unreachable_grade_is_one_line(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, "generate", "square", "--size", "1x2", "--solver-grade", "hard", "-o", str(tmp_path))
    assert code == 1 and out == "" and err.count("\n") == 1 and "no hard puzzle" in err
    code, out, err = run(capsys, "generate", "square", "--size", "1x2", "--difficulty", "hard", "-o", str(tmp_path))
    assert code == 1 and out == "" and err.count("\n") == 1 and "no hard puzzle" in err


def test_the_kept_puzzle_is_graded_for_a_person_unless_asked_not_to() -> None:
    patch = tilings.build("square", 5, 5)
    made = generate(patch, seed=4, level="medium")
    lean = generate(patch, seed=4, level="medium", person=False)
    assert lean.puzzle == made.puzzle and lean.grade.human is None
    assert made.grade.human is not None
    # graded up to 'hard' without trials: exact where that reaches the answer, else
    # no level (a trial or search, which only the full grade tells apart)
    full = human_grade(made.puzzle)
    if made.grade.human.solved:
        assert made.grade.human.level == full.level
    else:
        assert made.grade.human.level is None and full.level in ("fiendish", "search")


# --------------------------------------------------------------------------- stops
def after(n: int):  # type: ignore[no-untyped-def]
    """A stop request that turns true at its ``n``-th look (Ctrl-C at a chosen moment)."""
    looks = itertools.count(1)
    return lambda: next(looks) >= n


def looks_of(work) -> int:  # type: ignore[no-untyped-def]
    """How often ``work()`` looks at a stop request that never comes."""
    looks = itertools.count(1)
    with stop_when(lambda: next(looks) < 0):
        work()
    return next(looks) - 1


@pytest.mark.parametrize("difficulty, size, seed", [("normal", 6, 4), ("fiendish", 5, 2)])
def test_a_stop_anywhere_is_never_taken_for_a_clue_that_must_stay(difficulty: str, size: int, seed: int) -> None:
    """A stop at a random look of the work: with ``partial=False`` the generation
    either ends with StoppedError or gives the very puzzle an uninterrupted run
    gives (a stop read as "this clue is needed" would give another); by default it
    gives a unique puzzle so far, graded for the solver and for a person."""
    patch = tilings.build("square", size, size)
    whole = generate(patch, seed=seed, difficulty=difficulty)
    total = looks_of(lambda: generate(patch, seed=seed, difficulty=difficulty))
    ended = []
    for n in sorted(random.Random(difficulty).sample(range(1, total), 5)):
        with stop_when(after(n)):
            try:
                made = generate(patch, seed=seed, difficulty=difficulty, partial=False)
            except StoppedError:
                made = None
        assert made is None or made.puzzle == whole.puzzle
        ended.append(made is None)
        with stop_when(after(n)):
            try:
                kept = generate(patch, seed=seed, difficulty=difficulty)
            except StoppedError:  # before any loop gave a unique clue set: nothing to keep
                continue
        assert kept.interrupted or kept.puzzle == whole.puzzle
        assert answers(kept.puzzle) == [kept.answer]
        assert kept.grade.unique and kept.grade.level == grade(kept.puzzle).level
        assert kept.grade.human is not None and kept.grade.human.level == human_grade(kept.puzzle).level
        ended.append(kept.interrupted)
    assert ended.count(True) >= 5  # the stops did stop the work


def stop_at_cli(monkeypatch: pytest.MonkeyPatch, n: int | None) -> list[int]:
    """Ctrl-C, as the command line's handler of it would report it, at the ``n``-th
    look (None: never); the looks are counted in the list returned."""
    from slitherasp.cli import watch
    from slitherasp.model import stopping

    real, looks = stopping.stop_when, [0]

    def counted(pressed):  # type: ignore[no-untyped-def]
        def ask() -> bool:
            looks[0] += 1
            return pressed() or (n is not None and looks[0] >= n)
        return real(ask)

    monkeypatch.setattr(watch, "stop_when", counted)
    return looks


def test_cli_ctrl_c_keeps_a_puzzle_with_its_grades(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["generate", "square", "--size", "10", "--seed", "3", "--difficulty", "hard", "--json"]
    looks = stop_at_cli(monkeypatch, None)
    assert run(capsys, *argv, "-o", str(tmp_path / "whole"))[0] == 0
    stop_at_cli(monkeypatch, looks[0] // 2)  # half way through the clue removal
    code, out, err = run(capsys, *argv, "-o", str(tmp_path / "cut"))
    summary = json.loads(out)
    assert code == 130 and summary["interrupted"] is True and "Traceback" not in err
    assert summary["grade"] in LEVELS and summary["human_grade"] in HUMAN_LEVELS
    lp = Path(summary["instance"])
    assert lp.name == f"square-10x10-{summary['human_grade']}-s3.lp"
    puzzle = formats.read_file(lp)
    assert human_grade(puzzle).level == summary["human_grade"] and grade(puzzle).level == summary["grade"]
    looks = stop_at_cli(monkeypatch, None)  # without --json no solver's grade: fewer looks in all
    assert run(capsys, *argv[:-1], "-o", str(tmp_path / "text-whole"))[0] == 0
    stop_at_cli(monkeypatch, looks[0] // 2)
    code, _, err = run(capsys, *argv[:-1], "-o", str(tmp_path / "text"))
    assert code == 130 and "None" not in err and " for a person" in err


@pytest.mark.parametrize("variant", [[], ["--variant", "vertex"]])
def test_cli_without_a_seed_makes_a_new_puzzle_each_time(capsys, tmp_path: Path, variant: list[str]) -> None:
    argv = ["generate", "square", "--size", "5", *variant, "-o", str(tmp_path)]
    made = []
    for _ in range(2):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        lp = Path(out.split()[0])
        seed = int(lp.stem.rpartition("-s")[2])
        assert f"seed {seed}," in err
        made.append((seed, lp.read_bytes()))
    assert made[0][0] != made[1][0]
    for seed, data in made:  # the seed printed makes the same puzzle again
        code, out, _ = run(capsys, *argv[:-1], str(tmp_path / "again"), "--seed", str(seed))
        assert code == 0 and Path(out.split()[0]).read_bytes() == data
    code, _, err = run(capsys, *argv, "--seed", str(seed))  # and says so before making it a second time
    assert code == 2 and "exists already" in err


def test_cli_no_puzzle_within_the_time_limit_names_the_limit_given(
        capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import slitherasp.make.generate as module

    real, calls = module.time.perf_counter, itertools.count()

    class Clock:  # the limit runs out once generation has started
        @staticmethod
        def perf_counter() -> float:
            return real() + (1000.0 if next(calls) else 0.0)

    monkeypatch.setattr(module, "time", Clock)
    monkeypatch.setattr(module.Remover, "start_ok", lambda self: False)  # no loop fits the grade,
    monkeypatch.setattr(module, "PERSON_ATTEMPTS", 3)  # and three are tried
    code, out, err = run(capsys, "generate", "square", "--size", "3", "--difficulty", "hard", "--time-limit", "60",
                         "--seed", "1", "-o", str(tmp_path))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "no hard puzzle on this patch within the time limit of 60 s;" in err


def test_cli_a_grade_the_time_limit_left_out_is_not_graded_never_none(
        capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    import slitherasp.make.generate as module

    made = generate(tilings.build("square", 5, 5), seed=1)
    cut = replace(made, graded=replace(made.grade, level=None, unique=None, human=None), timed_out=True)
    monkeypatch.setattr(module, "generate", lambda *args, **options: cut)
    code, out, err = run(capsys, "generate", "square", "--size", "5", "--seed", "1", "--time-limit", "9",
                         "-o", str(tmp_path))
    assert code == 124 and "None" not in err
    assert "not graded for a person," in err and "for the solver" not in err  # not asked for: not worked out
    assert Path(out.split()[0]).name == "square-5x5-ungraded-s1.lp"


def test_a_person_s_grade_goes_on_while_the_loops_are_new(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopy tries loops until one fits; past the first attempts ours go on with Loopy's
    loops (with tendrils) while they keep coming out new (Dodecagonal 9x9 Easy: one in
    about 800 fits). Here the first attempts are cut to 3, on a patch where one loop
    in about 70 fits."""
    from slitherasp.make import generate as module
    from slitherasp.rules import deduce

    monkeypatch.setattr(module, "PERSON_ATTEMPTS", 3)
    g = generate(tilings.build("dodecagonal", 5, 4), seed=4, difficulty="easy", person=False)
    assert g.attempts > 3 and deduce(g.puzzle, levels=(1,)).complete
    assert unique_answer(g.puzzle) == g.answer


def test_a_persons_puzzle_has_its_solver_grade_worked_out_when_asked_for(monkeypatch) -> None:
    import slitherasp.make.generate as generation

    calls: list[Puzzle] = []
    monkeypatch.setattr(generation, "grade", lambda p: calls.append(p) or grade(p))
    made = generate(tilings.build("square", 6, 6), seed=4, difficulty="normal")
    assert calls == [] and made.human is not None and made.human.level == "normal"
    assert made.human == human_grade(made.puzzle)  # the person's grade, worked out by the rules alone
    first = made.grade
    assert calls == [made.puzzle] and first.unique and first.human == made.human
    assert first == generation.replace(grade(made.puzzle), human=made.human) and made.grade is first  # once


def test_a_failed_generation_grades_the_loops_it_tried_only_when_it_fails(monkeypatch) -> None:
    import slitherasp.make.generate as generation

    graded: list[Puzzle] = []
    reached = generation._reached
    monkeypatch.setattr(generation, "_reached", lambda p, d: graded.append(p) or reached(p, d))
    monkeypatch.setattr(generation.Remover, "start_ok", lambda self: False)  # every full clue set misses
    with pytest.raises(GenerationError, match="after 3 loops") as failed:
        generate(tilings.build("square", 4, 4), seed=2, difficulty="normal", attempts=3)
    assert len(graded) == 3 and all(p.clue_count() == len(p.cells) for p in graded)
    best = max((human_grade(p, most=4).level for p in graded), key=HUMAN_LEVELS.index)
    assert str(failed.value).endswith(f"the grades reached were at most {best}; try a larger size or another grade")
    graded.clear()
    with pytest.raises(GenerationError, match="within the time limit"):
        generate(tilings.build("square", 4, 4), seed=2, difficulty="normal", time_limit=1e-6)
    assert graded == []  # past the time limit nothing more is graded


def test_cli_a_puzzle_for_a_person_loads_no_solver(tmp_path: Path) -> None:
    """The solver's grade only when it is asked for: a person's puzzle is made, written
    and announced without importing clingo; with --solver-grade the line says it."""
    import subprocess
    import sys

    def made(*extra: str) -> tuple[str, str]:
        probe = ("import sys\nfrom slitherasp.cli.main import main\n"
                 f"code = main(['generate', 'square', '--size', '7x7', '--seed', '2', '-o', {str(tmp_path)!r}, "
                 f"'--force', '--no-progress', *{list(extra)!r}])\n"
                 "print(code, 'clingo' in sys.modules)")
        out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
        return out.stdout.splitlines()[-1], out.stderr

    said, err = made("--difficulty", "easy")
    assert said == "0 False" and "easy for a person" in err and "for the solver" not in err
    said, err = made("--solver-grade", "easy")
    assert said == "0 True" and "easy for the solver" in err
