"""clingo as text: where its Python module cannot be loaded (the page in the browser),
every solve, session, hint and explanation runs whole programs through a text runner
(:mod:`slitherasp.solver.engines`). Here the runner is clingo's module behind the same JSON
interface (:func:`slitherasp.solver.engines.json_run`), and the answers are held to the
independent judge (:mod:`stepcheck`) and to the in-process path, puzzle by puzzle.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from stepcheck import answers, forced
from test_no_answer import RUN, changed_squares, complexes, judged

from slitherasp import tilings
from slitherasp.explain import explain, hint
from slitherasp.formats import read_file
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle
from slitherasp.solver import engines
from slitherasp.solver.forced import consequences
from slitherasp.solver.run import count, solve
from slitherasp.solver.sessions import Session, TextSession

INSTANCES = Path(__file__).resolve().parent.parent / "instances"


@contextlib.contextmanager
def text_runs() -> Iterator[None]:
    """Every solve inside runs as text, through clingo's module behind the JSON."""
    engines.set_runner(engines.json_run)
    try:
        yield
    finally:
        engines.set_runner(None)


@pytest.fixture
def as_text() -> Iterator[None]:
    with text_runs():
        yield


def test_the_runner_replaces_the_module(as_text: None) -> None:
    assert not engines.in_process()
    assert isinstance(Session(tilings.build("square", 2, 1)), TextSession)


@RUN
@given(changed_squares())
def test_text_runs_agree_with_the_judge(p: Puzzle) -> None:
    with text_runs():
        judged(p)


@settings(RUN, max_examples=20)
@given(complexes())
def test_text_runs_on_cell_complexes(p: Puzzle) -> None:
    with text_runs():
        judged(p)


def test_counts_statistics_and_consequences_agree(as_text: None) -> None:
    p, _ = planted(tilings.build("square", 4, 3), seed=5)
    sparse = p.with_clues([k if c % 3 == 0 else None for c, k in enumerate(p.clues)])
    text_count, text_cons = count(sparse).count, consequences(sparse)
    text_stats = solve(p, unique=True, statistics=True, simplify=False).statistics
    engines.set_runner(None)
    assert text_count == count(sparse).count == len(answers(sparse, 10_000))
    assert text_cons == consequences(sparse)
    assert set(text_stats) == {"atoms", "rules", "choices", "conflicts"} and text_stats["atoms"] > 0


def test_a_text_session_blocks_assumes_and_finds_cores(as_text: None) -> None:
    p, loop = planted(tilings.build("square", 3, 3), seed=2)
    clues = {c: k for c, k in enumerate(p.clues) if k is not None}
    s = Session(p)
    truth = answers(p, 50)
    assert len(s.solve(clues, models=0).answers) == len(truth)
    s.block(loop)
    assert loop not in s.solve(clues, models=0).answers
    edge = next(iter(loop))
    wrong = {edge: False, (edge + 1) % len(p.edges): True}
    core = s.core(clues, wrong)
    fits = [a for a in truth if a != loop and all((e in a) == v for e, v in wrong.items())]
    assert (core is None) == bool(fits)
    if core is not None:  # minimal: every edge of it is needed
        for e in core:
            rest = {f: wrong[f] for f in core if f != e}
            assert any(all((f in a) == v for f, v in rest.items()) for a in truth if a != loop)


def test_hints_and_search_steps_as_text(as_text: None) -> None:
    """A bundled puzzle whose explanation needs a step of the whole puzzle: as text,
    every step settles what the judge says is forced, one of them a search; and a hint
    names a cross that no answer has."""
    p = read_file(INSTANCES / "triangular" / "triangular-7x7.lp")
    e = explain(p)
    assert e.complete and "search" in {s.rule for s in e.steps}
    clues = [c for c, k in enumerate(p.clues) if k is not None]
    known: dict[int, bool] = {}
    for step in e.steps:
        if step.rule == "search":
            for edge, line in step.settles:
                assert forced(p, clues, [f for f, v in known.items() if v], [f for f, v in known.items() if not v],
                              True, edge, line)
        known.update(step.settles)
    (answer,) = answers(p, 2)
    bad = min(answer)
    h = hint(p, non_links=[bad])
    assert h.verdict == "wrong" and h.wrong_non_links == (bad,)


def test_a_conflict_budget_run_as_text_is_no_time_out_and_grades_agree() -> None:
    """A text run stopped by its conflict budget (``--solve-limit``) ends ``UNKNOWN``, as
    one stopped by its time limit: it was read as a time-out, where the same solve in
    process is not, so the solver's grade of a "medium" puzzle was unknown in the
    browser (and, since a cut grade test no longer reads as "medium", a variant made
    there was another puzzle than the one made by the command line)."""
    from slitherasp.make.generate import generate
    from slitherasp.solver.grade import grade

    medium = generate(tilings.build("square", 10, 10), seed=3, difficulty="easy").puzzle
    local = solve(medium, models=2, lookahead=False, statistics=True, conflicts=8, simplify=False)
    graded = grade(medium)
    with text_runs():
        budgeted = solve(medium, models=2, lookahead=False, statistics=True, conflicts=8, simplify=False)
        as_text = grade(medium)
        limited = solve(tilings.build("square", 12, 12), models=0, time_limit=0.5)
    assert not local.exhausted and not local.timed_out  # the budget ended it, in process
    assert not budgeted.exhausted and not budgeted.timed_out
    assert graded.level == as_text.level == "medium" and as_text.unique is True
    assert limited.timed_out and not limited.exhausted  # a real time-out is still one
