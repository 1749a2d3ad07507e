"""A batch's session solves run in the calling thread when a conflict budget bounds
them, and models are read without printing every atom of every model: the answers
stay those an independent SAT judge finds (tests/stepcheck.py), on several grids,
with unique, several and no answers."""

from __future__ import annotations

import random
import threading

import clingo
import pytest
from stepcheck import answers as judged
from test_batch import puzzles_on

from slitherasp import tilings
from slitherasp.solver.run import SAT, UNSAT
from slitherasp.solver.sessions import SHORT_CONFLICTS, SHORT_LEFT, Batch, Session, bounded_search
from slitherasp.validate import check


@pytest.mark.parametrize("name, size", [("square", 5), ("cairo", 3), ("honeycomb", 3), ("penrose-p3", 4)])
def test_session_answers_agree_with_an_independent_judge(name: str, size: int) -> None:
    batch = Batch(session_after=1)  # every puzzle that needs clingo goes to the session
    seen = {"unique": 0, "several": 0, "unsat": 0}
    for p in puzzles_on(name, size, 25, seed=size + 7):
        got = batch.solve(p, unique=True)
        truth = judged(p, limit=2)
        for a in got.answers:
            assert check(p, p.links(a)).valid
        if not truth:
            assert got.status == UNSAT and not got.answers
            seen["unsat"] += 1
        elif len(truth) == 1:
            assert got.unique and got.answers == tuple(truth)
            seen["unique"] += 1
        else:
            assert got.status == SAT and got.unique is False
            assert len(set(got.answers)) == 2  # each valid (checked above): no need to list them all
            seen["several"] += 1
    assert all(seen.values()), seen
    assert any(isinstance(s, Session) for s in batch._sessions.values())


def _started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the threads started from now on."""
    names: list[str] = []
    start = threading.Thread.start

    def counting(self: threading.Thread) -> None:
        names.append(self.name)
        start(self)

    monkeypatch.setattr(threading.Thread, "start", counting)
    return names


def test_a_budgeted_session_solve_starts_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    grid = tilings.build("square", 4, 4)
    puzzles = puzzles_on("square", 4, 6, seed=3)
    session = Session(grid)
    names = _started(monkeypatch)
    for p in puzzles:
        clues = {c: k for c, k in enumerate(p.clues) if k is not None}
        r = session.solve(clues, models=2, conflicts=len(p.edges) + 100, statistics=False)
        assert len(r.answers) == len(judged(p, limit=2)) and (r.exhausted or len(r.answers) == 2)
    session.solve({}, models=1, conflicts=100, time_limit=30.0)  # time enough left
    assert names == []
    # a search that is not short stays stoppable at any moment: in a thread of its own
    for how in ({}, {"conflicts": SHORT_CONFLICTS + 1}, {"conflicts": 100, "time_limit": SHORT_LEFT / 2}):
        session.solve({}, models=1, **how)
        assert names.count("slitherasp-clingo") == 1, how
        names.clear()


def test_a_ctrl_c_in_a_budgeted_search_is_an_interrupted_result() -> None:
    session = Session(tilings.build("square", 3, 3))

    def decode(model: clingo.Model) -> frozenset[int]:
        raise KeyboardInterrupt

    search = bounded_search(session._ctl, decode, [])
    assert search.interrupted and not search.exhausted and search.status != UNSAT


def test_each_link_atom_is_printed_once_per_session(monkeypatch: pytest.MonkeyPatch) -> None:
    grid = tilings.build("square", 5, 5)
    rng = random.Random(5)
    puzzles = [p for p in puzzles_on("square", 5, 30, seed=rng.randrange(100)) if judged(p, limit=1)]
    session = Session(grid)
    printed: list[str] = []
    text = clingo.Symbol.__str__
    monkeypatch.setattr(clingo.Symbol, "__str__", lambda s: printed.append(text(s)) or printed[-1])
    models = 0
    for p in puzzles:
        clues = {c: k for c, k in enumerate(p.clues) if k is not None}
        r = session.solve(clues, models=2, conflicts=1000, statistics=False)
        assert all(check(p, p.links(a)).valid for a in r.answers) and len(set(r.answers)) == len(r.answers)
        models += len(r.answers)
    links = [x for x in printed if x.startswith("link(")]
    assert models > len(puzzles)  # some puzzles had a second answer: atoms met again
    assert len(links) == len(set(links)) <= len(grid.edges)
