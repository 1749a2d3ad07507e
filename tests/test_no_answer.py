"""Puzzles with no answer, one or several, held to an independent judge.

A wrong answer is worse than a slow one: every front end that solves (``solve``,
``count``, ``explain``, a person's grade, ``hint`` and a book's answer page) is
compared, puzzle by puzzle, with what a SAT solver written from the statement alone
finds (:mod:`stepcheck`: every vertex 0 or 2 lines, every clue its count, one loop).
The puzzles are the kinds an outside attack found wrong answers on:

* square patches of 2..5 x 2..4 with a planted loop's clues, one or two changed, and
  some clues dropped (most have no answer, a few several);
* sparse random clues on small patches of other tilings;
* random cell complexes: a few vertices and edges, and cells that are any sets of
  edges (two cells may share all their edges), with any clues in range.

``SLITHERASP_NOANSWER_EXAMPLES=20000 python -m pytest tests/test_no_answer.py`` runs
longer and with fresh randomness (the default run is derandomized for CI).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from stepcheck import answers, forced

from slitherasp import tilings
from slitherasp.book.sources import Entry
from slitherasp.explain import explain, hint, human_grade
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle
from slitherasp.solver.run import count, solve
from slitherasp.validate import check_lines

EXAMPLES = int(os.environ.get("SLITHERASP_NOANSWER_EXAMPLES", "60"))
LIMIT = 40
"""Answers the judge enumerates; a puzzle with more is not counted."""

RUN = settings(max_examples=EXAMPLES, deadline=None, database=None,
               derandomize="SLITHERASP_NOANSWER_EXAMPLES" not in os.environ,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def changed_squares(draw: st.DrawFn) -> Puzzle:
    """A planted loop's clues on a small square patch, one or two changed, some dropped."""
    base = tilings.build("square", draw(st.integers(2, 5)), draw(st.integers(2, 4)))
    p, _ = planted(base, seed=draw(st.integers(0, 10**6)))
    clues = list(p.clues)
    for c in draw(st.lists(st.integers(0, len(clues) - 1), min_size=1, max_size=2)):
        clues[c] = draw(st.sampled_from([k for k in range(5) if k != clues[c]]))
    keep = draw(st.floats(0.1, 1.0))
    dropped = draw(st.lists(st.floats(0, 1), min_size=len(clues), max_size=len(clues)))
    return base.with_clues([k if d < keep else None for k, d in zip(clues, dropped)])


PATCHES = (("square", 3, 3), ("honeycomb", 3, 3), ("triangular", 3, 3), ("snub-square", 3, 3), ("cairo", 3, 3),
           ("octagonal", 3, 3), ("penrose-p3", 4, 4), ("floret", 1, 1))


@st.composite
def sparse_patches(draw: st.DrawFn) -> Puzzle:
    """Random clues, sparse, on a small patch of one of several tilings."""
    base = tilings.build(*draw(st.sampled_from(PATCHES)))
    dense = draw(st.floats(0.05, 0.6))
    values = [draw(st.integers(0, min(3, len(es)))) if draw(st.floats(0, 1)) < dense else None
              for es in base.cell_edges]
    return base.with_clues(values)


@st.composite
def complexes(draw: st.DrawFn) -> Puzzle:
    """A few vertices and edges, and cells that are any non-empty sets of edges."""
    n = draw(st.integers(3, 6))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), min_size=3, max_size=10, unique=True))
    cells = draw(st.lists(st.frozensets(st.integers(0, len(edges) - 1), min_size=1), min_size=1, max_size=4))
    clues = [draw(st.integers(0, len(c))) for c in cells]
    names = tuple(f"c{i}" for i in range(len(cells)))
    return Puzzle(vertices=tuple(map(str, range(n))), edges=tuple(edges), cells=names,
                  cell_edges=tuple(tuple(sorted(c)) for c in cells), clues=tuple(clues))


def judged(p: Puzzle) -> None:
    """Every front end that solves ``p`` agrees with the judge."""
    truth = answers(p, LIMIT)

    def an_answer(lines: frozenset[int] | None) -> bool:  # one the judge found, or past its limit a valid one
        return lines in truth or (len(truth) == LIMIT and lines is not None and check_lines(p, lines).valid)

    r = solve(p, unique=True)
    if not truth:
        assert str(r.status) == "UNSATISFIABLE" and not r.answers, p
    else:
        assert an_answer(r.answer) and r.unique == (len(truth) == 1), p
    if len(truth) < LIMIT:
        assert count(p).count == len(truth), p
    e = explain(p)
    assert e.complete == (len(truth) == 1), p
    if e.complete:
        assert e.lines() == truth[0] and e.grade is not None, p
    else:
        assert e.grade is None
    g = human_grade(p)
    assert not g.solved or len(truth) == 1, p
    # with no answer the rules find the contradiction (no grade) or stay stuck
    # ("search": rules and trials do not settle it, a solver's question); never a level
    assert truth or (g.level in (None, "search") and not g.solved), p
    h = hint(p)
    if not truth:
        assert h.verdict == "unsolvable", p
    else:
        assert h.verdict in ("step", "stuck", "solved"), p
        assert h.verdict != "stuck" or len(truth) > 1, p
        clues = [c for c, k in enumerate(p.clues) if k is not None]
        for edge, line in getattr(h.step, "settles", ()):
            assert forced(p, clues, [], [], True, edge, line), p
    book = Entry(puzzle=p).answer(p)
    assert (book is None) == (not truth) and (book is None or an_answer(book)), p


@RUN
@given(changed_squares())
def test_changed_clues_on_squares(p: Puzzle) -> None:
    judged(p)


@RUN
@given(sparse_patches())
def test_sparse_clues_on_tilings(p: Puzzle) -> None:
    judged(p)


@RUN
@given(complexes())
@example(Puzzle(vertices=tuple("01234"), edges=((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4)),
                cells=("c0",), cell_edges=((0, 1, 2, 3, 4, 5, 6),), clues=(5,)))  # 51,000-example run: stuck, no answer
def test_cell_complexes(p: Puzzle) -> None:
    judged(p)


def test_the_attacks_reproducers() -> None:
    """The puzzles the attack reported, each with no answer (the judge agrees)."""
    from slitherasp.formats import read_text
    from slitherasp.model import from_faces

    two = Puzzle(vertices=("1", "2", "3"), edges=((0, 1), (1, 2), (2, 0)), cells=("a", "b"),
                 cell_edges=((0, 1, 2), (0, 1, 2)), clues=(3, 0))
    for p in (read_text("https://puzz.link/p?slither/3/4/h88di", "<a>"),
              read_text("https://puzz.link/p?slither/5/3/g0bgdg8b", "<b>"), two,
              from_faces([[(0, 0), (1, 0), (0, 1)]], clues=[0])):
        assert answers(p, 1) == []
        judged(p)
