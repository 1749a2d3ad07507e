"""Batch: many puzzles on one graph through one session, answers as solve() gives them."""

from __future__ import annotations

import random

import pytest

from slitherasp import tilings
from slitherasp.make.generate import random_loop
from slitherasp.simplify import propagate
from slitherasp.solver.run import SAT, UNSAT, solve
from slitherasp.solver.sessions import Batch, Session
from slitherasp.validate import check


def puzzles_on(name: str, size: int, n: int, seed: int) -> list:
    """``n`` puzzles on one patch: clues of random loops, thinned at random (so some
    have several answers), and now and then one clue made wrong (often unsatisfiable)."""
    patch = tilings.build(name, size, size)
    rng = random.Random(seed)
    out = []
    for i in range(n):
        sig = list(patch.signature(random_loop(patch, seed=rng.randrange(10**6))))
        keep = rng.choice([0.3, 0.5, 0.8])
        clues = [k if rng.random() < keep else None for k in sig]
        if i % 5 == 4:
            c = rng.randrange(len(clues))
            clues[c] = (sig[c] + 1) % (len(patch.cell_edges[c]) + 1)
        out.append(patch.with_clues(clues))
    return out


def agree(batch: Batch, puzzles: list) -> dict[str, int]:
    """Solve each puzzle in the batch and alone; they must agree, answers valid."""
    seen = {"unique": 0, "several": 0, "unsat": 0}
    for p in puzzles:
        got, ref = batch.solve(p, unique=True), solve(p, unique=True)
        assert (got.status, got.unique) == (ref.status, ref.unique)
        for a in got.answers:
            assert check(p, p.links(a)).valid
        assert got.puzzle is p
        if got.unique:
            assert got.answers == ref.answers
            seen["unique"] += 1
        elif got.status == SAT:
            assert len(got.answers) == 2 and got.answers[0] != got.answers[1]
            seen["several"] += 1
        else:
            assert got.status == UNSAT and not got.answers
            seen["unsat"] += 1
    return seen


@pytest.mark.parametrize("name, size", [("square", 5), ("cairo", 3), ("penrose-p3", 4)])
def test_batch_agrees_with_solve(name: str, size: int) -> None:
    seen = agree(Batch(), puzzles_on(name, size, 25, seed=size))
    assert all(seen.values()), seen  # every kind of outcome was met


def test_over_budget_falls_back_to_a_fresh_solve() -> None:
    # a budget of 0 conflicts: the session gives up on anything that needs search
    agree(Batch(budget=0), puzzles_on("square", 5, 10, seed=1))


def test_large_graphs_are_solved_afresh() -> None:
    # square 5x5 has 60 edges, honeycomb 3x3 38: only the honeycomb gets a session
    batch = Batch(session_edges=50, session_after=3)
    a, b = puzzles_on("square", 5, 6, seed=4), puzzles_on("honeycomb", 3, 6, seed=5)
    agree(batch, [p for pair in zip(a, b) for p in pair])
    assert [len(k[1]) for k, s in batch._sessions.items() if isinstance(s, Session)] == [38]


def settled_whole(p) -> bool:
    """Whether the rules in Python settle every edge (then no clingo runs)."""
    state = propagate(p, faces=p.is_disc)
    return state is not None and None not in state


def test_a_session_starts_at_the_puzzle_asked_for() -> None:
    # the puzzles the rules cannot settle whole are the ones that count
    batch = Batch(session_after=4)
    puzzles = [p for p in puzzles_on("square", 4, 30, seed=6) if not settled_whole(p)][:4]
    assert len(puzzles) == 4
    agree(batch, puzzles[:3])
    assert not any(isinstance(s, Session) for s in batch._sessions.values())
    agree(batch, puzzles[3:])
    assert sum(isinstance(s, Session) for s in batch._sessions.values()) == 1


def test_no_session_while_the_rules_settle_every_puzzle() -> None:
    patch = tilings.build("square", 5, 5)
    rng = random.Random(7)
    loops = (patch.signature(random_loop(patch, seed=rng.randrange(10**6))) for _ in range(60))
    puzzles = [p for p in (patch.with_clues(list(k)) for k in loops) if settled_whole(p)][:10]
    assert len(puzzles) == 10
    batch = Batch(session_after=3)
    agree(batch, puzzles)
    assert not any(isinstance(s, Session) for s in batch._sessions.values())


def test_forgotten_graphs_are_grounded_again() -> None:
    a, b = puzzles_on("square", 4, 6, seed=2), puzzles_on("honeycomb", 3, 6, seed=3)
    agree(Batch(max_edges=1), [p for pair in zip(a, b) for p in pair])


def test_without_unique_one_answer() -> None:
    batch = Batch()
    for p in puzzles_on("square", 4, 8, seed=4):
        r = batch.solve(p)
        assert r.unique is None and len(r.answers) == (r.status == SAT)
