"""Work stopped from outside (``slitherasp.model.stopping``, what the web app uses when a page
goes away): each long loop ends as an interrupt does, with what it has so far, and
what it returns is still right (checked by the validator and the SAT judge)."""

from __future__ import annotations

import itertools

from stepcheck import answers

from slitherasp import tilings
from slitherasp.explain import explain, human_grade
from slitherasp.make.generate import generate, planted
from slitherasp.model.stopping import requested, stop_when
from slitherasp.solver.run import solve
from slitherasp.validate import is_solution


def after(n: int):  # type: ignore[no-untyped-def]
    """A predicate that turns true at its ``n``-th look."""
    looks = itertools.count(1)
    return lambda: next(looks) >= n


def test_a_count_of_many_answers_stops_as_an_interrupt() -> None:
    blank = tilings.build("square", 7, 7)  # millions of loops: counting them all takes minutes
    with stop_when(after(3)):
        r = solve(blank, models=0, keep=False, time_limit=60)
    assert r.interrupted and not r.timed_out and not r.exhausted and r.count > 0


def test_generation_stops_between_tests_and_keeps_a_unique_puzzle() -> None:
    patch = tilings.build("square", 8, 8)
    tested = [0]

    def count(*_: object) -> None:
        tested[0] += 1

    with stop_when(lambda: tested[0] >= 3):  # three removal tests, then stop
        made = generate(patch, seed=2, level="hard", person=False, progress=count)
    whole = generate(patch, seed=2, level="hard", person=False)
    assert made.interrupted and 3 <= made.tests < whole.tests
    assert made.puzzle.clue_count() > whole.puzzle.clue_count()
    assert answers(made.puzzle) == [made.answer] and is_solution(made.puzzle, made.answer)


def test_a_person_s_rules_stop_between_steps() -> None:
    p, _ = planted(tilings.build("square", 6, 6), seed=1)  # every clue of a random loop
    assert human_grade(p).level is not None and explain(p).complete
    with stop_when(lambda: True):
        graded, e = human_grade(p), explain(p)
    assert graded.level is None and e.steps == () and not e.complete and "went away" in e.note


def test_the_predicate_belongs_to_its_block_only() -> None:
    with stop_when(lambda: True):
        inner = requested()
    assert inner and not requested()
