"""Hints judged by the validator and by the SAT checker of ``stepcheck`` (every answer
of small puzzles enumerated there, never by the solver the hint asks): a board is
solved exactly when the validator accepts its lines; the wrong marks are exactly the
marks no answer has; a conflict names marks that no answer has together; a step
holds in every answer that keeps the board's marks. Puzzles with 0, 1, 2 and 3 or
more answers, full and partial boards."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from stepcheck import answers

from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.explain import hint
from slitherasp.formats.lp import read_instance
from slitherasp.model import Puzzle
from slitherasp.validate import is_solution

# -- the reproducers of the outside attack -------------------------------------------------
SQUARE_3 = ("edge(0,1). edge(1,2). edge(2,3). edge(3,0). cell_contains(c,0,1). cell_contains(c,1,2). "
            "cell_contains(c,2,3). cell_contains(c,3,0). clue(c,3).\n")


def test_a_full_board_that_breaks_a_clue_is_not_solved() -> None:
    p = read_instance(SQUARE_3)
    h = hint(p, links=range(4))
    assert not h.solved and h.verdict == "unsolvable"


def test_the_command_says_no_answer_with_exit_20(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "p.lp").write_text(SQUARE_3)
    (tmp_path / "s.lp").write_text("link(0,1). link(1,2). link(2,3). link(3,0).\n")
    assert main(["hint", str(tmp_path / "p.lp"), "--state", str(tmp_path / "s.lp")]) == 20
    assert "SOLVED" not in capsys.readouterr().out


UNKNOWN_HINT = {"verdict": "unknown", "solved": False, "conflicting": [], "wrong": {"links": [], "non_links": []},
                "step": None}


def test_a_stop_inside_a_session_is_the_unknown_hint(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The limit that falls while the session grounds (its StoppedError) printed nothing at all."""
    import slitherasp.solver.sessions
    from slitherasp.model.stopping import StoppedError

    def stopped(*args: object, **kw: object) -> None:
        raise StoppedError("time")

    monkeypatch.setattr(slitherasp.solver.sessions.Session, "__init__", stopped)
    (tmp_path / "p.lp").write_text(SQUARE_3)
    assert main(["hint", str(tmp_path / "p.lp"), "--json"]) == 124
    assert json.loads(capsys.readouterr().out) == {"instance": str(tmp_path / "p.lp"), **UNKNOWN_HINT}
    assert main(["hint", str(tmp_path / "p.lp")]) == 124
    assert capsys.readouterr().out == "UNKNOWN: stopped before a verdict\n"


def test_the_watchdog_prints_the_unknown_hint(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Work that cannot stop is ended by the watchdog, which printed solve's object instead."""
    import os

    from slitherasp.cli import watch
    from slitherasp.cli.common import Exit
    from slitherasp.cli.main import build_parser

    def leave(code: int) -> None:
        raise SystemExit(code)

    monkeypatch.setattr(os, "_exit", leave)
    monkeypatch.setattr(watch.common.Said, "begun", False)  # no result printed yet (as watched() starts it)
    args = build_parser("explain").parse_args(["hint", "p.lp", "--json"])
    with pytest.raises(SystemExit, match="124"):
        watch._leave(Exit.TIMEOUT, args)
    assert json.loads(capsys.readouterr().out) == {"instance": "p.lp", **UNKNOWN_HINT}


@pytest.mark.parametrize("limit", ["0.05", "1", "2"])
def test_hint_json_on_a_time_out_is_always_the_hint_object(tmp_path, limit: str) -> None:  # type: ignore[no-untyped-def]
    """Wherever the limit falls (reading, the session's grounding, the rules, the search),
    one hint object with verdict unknown: it was nothing, the hint or solve's object."""
    from slitherasp import formats

    formats.save(tilings.build("square", 60, 60), tmp_path / "p.lp")
    done = subprocess.run([sys.executable, "-m", "slitherasp.cli", "hint", str(tmp_path / "p.lp"), "--json",
                           "--time-limit", limit], capture_output=True, text=True, timeout=120)
    assert done.returncode == 124, done.stderr
    assert json.loads(done.stdout) == {"instance": str(tmp_path / "p.lp"), **UNKNOWN_HINT}


def test_right_lines_are_not_wrong_on_a_puzzle_with_many_answers() -> None:
    # A clue-less 3x3: 213 loops. Any edge is on some loop, and off some.
    p = tilings.build("square", 3, 3)
    for e in range(len(p.edges)):
        h = hint(p, links=[e])
        assert h.verdict in ("step", "stuck") and not h.wrong_links, e


# -- properties on random boards -------------------------------------------------------------
def _puzzles() -> list[tuple[Puzzle, list[frozenset[int]]]]:
    """Small puzzles and every answer of each (by the SAT checker)."""
    rng = random.Random(31)
    out = []
    grid = tilings.build("square", 3, 2)
    for _ in range(40):
        loop = rng.choice(answers(grid, limit=1000))
        sig = grid.signature(loop)
        clues = [k if rng.random() < 0.4 else None for k in sig]
        if rng.random() < 0.3:  # a changed clue: often no answer at all
            c = rng.randrange(len(clues))
            clues[c] = rng.randrange(4)
        p = grid.with_clues(clues)
        out.append((p, answers(p, limit=1000)))
    return out


PUZZLES = _puzzles()


def test_the_sample_has_puzzles_with_0_1_2_and_3_or_more_answers() -> None:
    sizes = {min(len(found), 3) for _, found in PUZZLES}
    assert sizes == {0, 1, 2, 3}


def _boards(p: Puzzle, found: list[frozenset[int]], rng: random.Random) -> list[tuple[set[int], set[int]]]:
    """Full and partial boards: from an answer (some marks flipped), or at random."""
    m = len(p.edges)
    boards = []
    for _ in range(4):
        base = rng.choice(found) if found and rng.random() < 0.7 else frozenset(rng.sample(range(m), rng.randrange(m)))
        lines = set(base)
        for e in rng.sample(range(m), rng.choice([0, 0, 1, 2])):
            lines ^= {e}
        full = rng.random() < 0.4
        shown = set(range(m)) if full else set(rng.sample(range(m), rng.randrange(m)))
        boards.append(({e for e in shown if e in lines}, {e for e in shown if e not in lines}))
    return boards


@pytest.mark.parametrize("i", range(len(PUZZLES)))
def test_hints_agree_with_the_validator_and_every_answer(i: int) -> None:
    p, found = PUZZLES[i]
    rng = random.Random(i)
    for lines, crosses in _boards(p, found, rng):
        h = hint(p, lines, crosses)
        marks = {**dict.fromkeys(lines, True), **dict.fromkeys(crosses, False)}
        assert h.solved == (bool(lines) and is_solution(p, lines)), (lines, h)
        if h.solved:
            continue
        if not found:
            assert h.verdict == "unsolvable"
            continue
        wrong = {e for e, v in marks.items() if all((e in a) != v for a in found)}
        assert set(h.wrong_links) | set(h.wrong_non_links) == wrong
        assert set(h.wrong_links) <= lines and set(h.wrong_non_links) <= crosses
        fitting = [a for a in found if all((e in a) == v for e, v in marks.items())]
        if wrong:
            assert h.verdict == "wrong"
        elif not fitting:
            assert h.verdict == "conflict" and h.conflicting
            assert set(h.conflicting) <= set(marks)
            assert not any(all((e in a) == marks[e] for e in h.conflicting) for a in found)
        else:
            assert h.verdict in ("step", "stuck")
            if h.step is not None:
                for e, line in h.step.settles:
                    assert all((e in a) == line for a in fitting), (e, line)
            else:  # no step: the answers that keep the marks disagree on every open edge
                open_edges = set(range(len(p.edges))) - set(marks)
                assert all(len({e in a for a in fitting}) == 2 for e in open_edges)
