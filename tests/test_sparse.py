"""Boards with few clues, answered on a window and by a bump (slitherasp/solver/sparse.py):
every answer passes the independent checker, and what the solve says about uniqueness
and satisfiability is what the SAT judge of tests/stepcheck.py finds on the whole board."""

from __future__ import annotations

import random

import pytest

from slitherasp import tilings
from slitherasp.make.loops import random_loop
from slitherasp.model.results import SAT, UNSAT
from slitherasp.solver import sparse
from slitherasp.solver.run import solve
from slitherasp.validate import check_lines

pytest.importorskip("pysat")
from stepcheck import answers as judge  # tests/ is on the path; needs python-sat


def _clued(board, count: int, seed: int):
    """``count`` clues of a random loop of the board (a satisfiable board)."""
    rng = random.Random(seed)
    counts = board.signature(random_loop(board, seed))
    return board.with_clues({c: counts[c] for c in rng.sample(range(len(board.cells)), count)})


@pytest.mark.parametrize("name,size", [("square", 30), ("honeycomb", 12), ("cairo", 10), ("penrose-p3", 12)])
def test_a_blank_board_has_two_checked_answers_without_clingo(name: str, size: int) -> None:
    board = tilings.build(name, size, size)
    r = sparse.few_clues(board, unique=True, solve=lambda *a, **k: pytest.fail("clingo asked"))
    assert r is not None and r.status == SAT and r.unique is False
    first, second = r.answers
    assert first != second
    assert check_lines(board, first).valid and check_lines(board, second).valid


@pytest.mark.parametrize("seed", range(6))
def test_few_clues_answers_are_checked_and_not_unique(seed: int) -> None:
    board = _clued(tilings.build(["square", "honeycomb", "cairo"][seed % 3], 20, 20), 12, seed)
    r = solve(board, unique=True)
    assert r.status == SAT and r.unique is False and len(r.answers) == 2
    assert r.answers[0] != r.answers[1]
    assert all(check_lines(board, a).valid for a in r.answers)


@pytest.mark.parametrize("seed", range(40))
def test_small_boards_agree_with_the_judge(seed: int) -> None:
    """Small boards with 0-3 clues, satisfiable or not: the verdict is the judge's."""
    rng = random.Random(seed)
    board = tilings.build(["square", "triangular", "honeycomb"][seed % 3], rng.randint(3, 5), rng.randint(3, 5))
    clues = {c: rng.randint(0, len(board.cell_edges[c])) for c in rng.sample(range(len(board.cells)), seed % 4)}
    board = board.with_clues(clues)
    r = solve(board, unique=True)
    truth = judge(board, limit=2)
    assert r.status == (SAT if truth else UNSAT)
    if truth:
        assert r.unique is (len(truth) == 1)
        assert all(check_lines(board, a).valid for a in r.answers)


def test_a_bump_keeps_one_loop_and_every_count() -> None:
    board = tilings.build("square", 6, 6)
    loop = frozenset(board.cell_edges[14])
    other = sparse.bump(board, loop)
    assert other is not None and check_lines(board, other).valid
    # no bump beside a clued cell: every face next to the loop has a clued neighbour
    clued = board.with_clues({c: board.signature(loop)[c] for c in range(len(board.cells))})
    assert sparse.bump(clued, loop) is None


def test_dense_boards_are_left_to_the_whole_solve() -> None:
    board = _clued(tilings.build("square", 10, 10), 40, 1)
    assert sparse.few_clues(board, solve=solve, unique=True) is None


@pytest.mark.parametrize("seed", range(12))
def test_forced_lines_are_what_every_answer_shares(seed: int) -> None:
    """The edges every answer has, and those some answer has, started from the solve's
    answers and their bumps, are the judge's, found by listing every answer."""
    from slitherasp.web.api import forced

    rng = random.Random(seed)
    board = tilings.build(["square", "honeycomb"][seed % 2], 3, 3)
    board = _clued(board, rng.randint(0, 3), seed)
    every_answer = judge(board, limit=10_000)
    r = solve(board, unique=True)
    if r.unique:
        return
    got = forced(board, r.answers, some_too=seed % 3 != 0)
    index = {tuple(board.edge_names(e)): e for e in range(len(board.edges))}
    assert {index[tuple(x)] for x in got["links"]} == frozenset.intersection(*every_answer)
    if seed % 3:
        some = frozenset.union(*every_answer)
        assert {index[tuple(x)] for x in got["non_links"]} == set(range(len(board.edges))) - some
    else:
        assert "non_links" not in got


def test_the_performance_page_examples_run() -> None:
    """docs/manual/performance.md's examples, run as doctests."""
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "manual" / "performance.md"
    failed, tried = doctest.testfile(str(page), module_relative=False)
    assert tried > 0 and failed == 0
