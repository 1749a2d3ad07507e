"""Removing clues one at a time with many questions a clingo run (the browser's way,
:mod:`slitherasp.make.questions`): the same clues go as when each is asked about alone.

The walk is held to the one-at-a-time removal on made-up puzzles (a clue set has
another answer when it misses one of a family of sets: the clues that answer breaks),
answering each run as clingo would and sometimes running out of time; then
Remove redundant clues (:func:`slitherasp.web.api.reduce`) and variant generation, as text runs through
clingo's module, are held to the in-process session, to the independent SAT judge
(:mod:`stepcheck`: one answer, and every clue left is needed), and to a count of
clingo runs far below one a clue.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stepcheck import answers

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.kinds.variant.puzzle import variant
from slitherasp.kinds.variant.rules import check_lines
from slitherasp.make.generate import planted
from slitherasp.make.questions import walk
from slitherasp.make.variants import generate_variant
from slitherasp.model import from_faces
from slitherasp.solver import engines
from slitherasp.web import api

LOOPY_10 = "10x10t0:2b2a2a11a2a32d12a2b313e202a1b1f1c3a3b1222e3a313e12b2b2121a1b2a32a3a2223"


def one_at_a_time(order: Sequence[int], breaks: list[frozenset[int]]) -> frozenset[int]:
    """The clues that go when each is asked about alone: a set of clues has another
    answer when some answer's broken clues all lie outside it."""
    there, gone = set(order), set()
    for c in order:
        if not any(b.isdisjoint(there - {c}) for b in breaks):
            there.discard(c)
            gone.add(c)
    return frozenset(gone)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_walk_removes_what_one_at_a_time_removes(data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 24))
    order = data.draw(st.permutations(range(n)))
    # the answers other than the planted one, by the clues each breaks (none: the whole
    # set has another answer)
    breaks = [frozenset(b) for b in data.draw(st.lists(st.sets(st.integers(0, n - 1), max_size=4), max_size=12))]
    window, cuts = data.draw(st.integers(1, 20)), data.draw(st.integers(0, 20))
    late = data.draw(st.sets(st.integers(0, 30), max_size=3))  # runs that time out
    check = data.draw(st.booleans())  # the first run asks about the whole clue set too
    runs = []

    def ask(active: Collection[int], window_: Sequence[int], cuts_: int, whole: bool) -> tuple[set, bool]:
        assert window_ and set(window_) <= set(active) and (whole == (not runs and check))
        runs.append(len(runs))
        questions = [("cut", k, set(window_[:k + 1])) for k in range(-1 if whole else 0, min(cuts_, len(window_)))]
        questions += [("one", k, {window_[k]}) for k in range(1, len(window_))]
        found = {(kind, k) for kind, k, off in questions
                 if any(b.isdisjoint(set(active) - off) for b in breaks)}
        if len(runs) - 1 in late:  # out of time: part of what it found, nothing about the rest
            return set(sorted(found)[: len(found) // 2]), False
        return found, True

    gone, why = walk(order, ask, window=window, cuts=cuts, whole=check)
    truth = one_at_a_time(order, breaks)
    if why == "other":  # the whole set has another answer, and the first run said so
        assert check and not gone and any(b.isdisjoint(order) for b in breaks)
    elif why is None:
        assert gone == truth
    else:  # stopped early: what went, went rightly, in order from the start
        assert why == "time" and gone <= truth
        walked = [c for c in order if c in gone]
        assert walked == [c for c in order[: order.index(walked[-1]) + 1] if c in truth] if walked else True


@contextlib.contextmanager
def text_runs() -> Iterator[list[int]]:
    """Every solve inside runs as text through clingo's module; yields the count of runs."""
    runs = [0]

    def counted(program: str, models: int, options: Sequence[str]) -> str:
        runs[0] += 1
        return engines.json_run(program, models, options)

    engines.set_runner(counted)
    try:
        yield runs
    finally:
        engines.set_runner(None)


PUZZLES = {
    "loopy 10x10 hard": lambda: read_text(LOOPY_10, "10x10", "loopy"),
    "square 8x8, every clue": lambda: planted(tilings.build("square", 8, 8), seed=2)[0],
    "cairo 5x5, every clue": lambda: planted(tilings.build("cairo", 5, 5), seed=3)[0],
    "a ring of squares (not a disc: the reach encoding)": lambda: ring(),
}


def ring():
    """A ring of 16 squares round a hole (no disc: the encoding without faces), every
    clue of the loop round the L of its left and bottom sides."""
    faces = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(5) for y in range(5)
             if not (1 <= x <= 3 and 1 <= y <= 3)]
    p = from_faces(faces)
    inside = {c for c, f in enumerate(faces) if f[0][0] == 0 or f[0][1] == 0}
    loop = {e for e, cells in enumerate(p.edge_cells) if sum(c in inside for c in cells) == 1}
    return p.with_clues(p.signature(loop))


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_redundant_clues_as_text_are_those_of_a_session(name: str) -> None:
    p = PUZZLES[name]()
    payload = {"puzzle": write_text(p, "lp")}
    kept = api.reduce(payload)
    with text_runs() as runs:
        assert api.reduce(payload) == kept
    assert not kept["timed_out"] and runs[0] < p.clue_count() / 3  # one run a clue before
    clues = {c: k for c, k in enumerate(kept["clues"]) if k is not None}
    reduced = p.with_clues(clues)
    assert len(answers(reduced, 2)) == 1  # the judge: one answer left
    for c in clues:  # and no clue to spare
        assert len(answers(reduced.with_clues({d: k for d, k in clues.items() if d != c}), 2)) == 2, c


@pytest.mark.parametrize("name", ["touch", "sheep-wolf", "vertex", "lither", "touch+full"])
def test_a_variant_made_as_text_is_the_one_made_in_process(name: str) -> None:
    blank = variant(tilings.build("square", 5, 4), name)
    made = generate_variant(blank, seed=3)
    with text_runs() as runs:
        again = generate_variant(blank, seed=3)
    same = (again.puzzle.puzzle.clues, again.puzzle.sheep, again.puzzle.wolves, again.answer, again.tests)
    assert same == (made.puzzle.puzzle.clues, made.puzzle.sheep, made.puzzle.wolves, made.answer, made.tests)
    assert check_lines(again.puzzle, again.answer).valid  # the independent checker
    assert runs[0] < made.tests / 2  # one text run a clue before (20-21 clues and animals here)
