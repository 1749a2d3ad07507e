"""The encoding as tiny programs with known answers; every answer is validated."""

from __future__ import annotations

import clingo
import networkx as nx
import pytest
from conftest import grid, puzzlekit, puzzlekit_clues

from slitherasp import tilings
from slitherasp.formats.lp import read_answer, read_instance, write_instance
from slitherasp.kinds.facts import encoding_path, facts_text
from slitherasp.make.generate import planted
from slitherasp.model import InputError, from_faces
from slitherasp.model.results import UNSAT
from slitherasp.solver.run import solve
from slitherasp.validate import check


def all_answers(text: str) -> list:
    p = read_instance(text)
    r = solve(p, models=0)
    assert r.exhausted
    for a in r.answers:
        assert check(p, p.links(a)).valid
    assert len(set(r.answers)) == len(r.answers), "an answer was repeated"
    return [sorted(p.links(a)) for a in r.answers]


def cycles_by_networkx(p) -> int:
    g = nx.Graph(p.edges)
    return sum(1 for c in nx.simple_cycles(g) if len(c) >= 3)


def test_grid_of_4x4_points_has_213_loops() -> None:
    # seed 004: 213 simple cycles on the 4x4 grid graph
    assert len(all_answers(write_instance(grid(3, 3)))) == 213


def test_counts_agree_with_networkx_on_small_graphs() -> None:
    for w, h in [(1, 1), (2, 1), (2, 2), (3, 2)]:
        p = grid(w, h)
        assert len(solve(p, models=0).answers) == cycles_by_networkx(p)


def test_triangle_no_clue_has_one_loop() -> None:
    assert all_answers("edge(a,b). edge(b,c). edge(c,a).") == [[("a", "b"), ("b", "c"), ("c", "a")]]


def test_no_cycle_means_unsatisfiable() -> None:
    r = solve(read_instance("edge(1,2). edge(2,3). edge(3,4)."), models=0)
    assert r.status == UNSAT


def test_empty_loop_is_never_an_answer_with_only_zero_clues() -> None:
    # 0-clues everywhere but in the top-left corner leave one loop, around the corner
    # cell: the empty edge set meets every clue too, yet it is never an answer
    clues = {(r, c): 0 for r in range(4) for c in range(4) if (r, c) not in [(0, 0), (0, 1), (1, 0)]}
    answers = all_answers(write_instance(grid(4, 4, clues)))
    assert len(answers) == 1 and len(answers[0]) == 4


def test_disconnected_graph_counts_loops_in_every_component() -> None:
    text = "edge(1,2). edge(2,3). edge(3,1). edge(a,b). edge(b,c). edge(c,d). edge(d,a)."
    assert len(all_answers(text)) == 2


def test_long_chains_of_degree_two_vertices() -> None:
    # a 40-gon subdivided: exactly one loop, 40 links
    text = " ".join(f"edge(v{i},v{(i + 1) % 40})." for i in range(40))
    (ans,) = all_answers(text)
    assert len(ans) == 40


def test_theta_graph_has_three_loops() -> None:
    # two hubs joined by three paths of length 3
    edges = []
    for k in range(3):
        edges += [f"edge(s,p{k}a).", f"edge(p{k}a,p{k}b).", f"edge(p{k}b,t)."]
    assert len(all_answers(" ".join(edges))) == 3


def test_cells_may_be_arbitrary_edge_sets() -> None:
    # K4: loops are 4 triangles and 3 four-cycles; a "cell" of two opposite edges with clue 2
    text = "edge(1,2). edge(1,3). edge(1,4). edge(2,3). edge(2,4). edge(3,4)."
    assert len(all_answers(text)) == 7
    both = text + " cell_contains(x,1,2). cell_contains(x,3,4). clue(x,2)."
    answers = all_answers(both)
    assert len(answers) == 2 and all(len(a) == 4 for a in answers)


def test_big_cells_of_fourteen_edges() -> None:
    ring = " ".join(f"edge({i},{(i + 1) % 14})." for i in range(14))
    cell = " ".join(f"cell_contains(big,{i},{(i + 1) % 14})." for i in range(14))
    assert len(all_answers(f"{ring} {cell} clue(big,14).")) == 1
    assert all_answers(f"{ring} {cell} clue(big,13).") == []


def test_any_clingo_constants_as_names() -> None:
    text = 'edge("a b",-3). edge(-3,f(1,x)). edge(f(1,x),"a b"). cell_contains(("c",1),"a b",-3). clue(("c",1),1).'
    p = read_instance(text)
    r = solve(p, unique=True)
    assert r.unique is True
    assert sorted(r.links()) == sorted([('"a b"', "-3"), ("-3", "f(1,x)"), ("f(1,x)", '"a b"')])


def test_clue_zero_and_clue_counts() -> None:
    # 2x2 grid: a 0 in the bottom-right cell leaves only the loop around the top-left one
    p = grid(2, 2, {(1, 1): 0})
    r = solve(p, models=0)
    assert len(r.answers) == 1 and len(r.answers[0]) == 4
    assert check(p, r.links()).valid


def test_puzzlekit_all_zero_clues_has_one_four_edge_loop() -> None:
    data = puzzlekit().get("1165_10x10")
    if data is None:
        pytest.skip("shared puzzlekit data not available")
    w, h, clues = puzzlekit_clues(data["problem"])
    assert set(clues.values()) == {0}
    p = grid(w, h, clues)
    r = solve(p, models=0)
    assert r.exhausted and len(r.answers) == 1
    assert len(r.answers[0]) == 4 and check(p, r.links()).valid


@pytest.mark.parametrize("encoding", ["reach", "colour"])
def test_encoding_runs_standalone_with_printed_facts(encoding: str) -> None:
    # what `slitherasp facts X | clingo asp/slitherlink.lp -` does
    p = tilings.build("square", 3, 3)
    ctl = clingo.Control(["0"])
    ctl.load(str(encoding_path(encoding)))
    ctl.add("base", [], write_instance(p) + facts_text(p))
    ctl.ground([("base", [])])
    n = 0

    def on_model(m: clingo.Model) -> None:
        nonlocal n
        n += 1
        links = read_answer("Answer: 1\n" + " ".join(map(str, m.symbols(shown=True))) + "\n")
        assert check(p, links).valid

    ctl.solve(on_model=on_model)
    assert n == 213


@pytest.mark.parametrize("w,h", [(6, 6), (12, 9)])
def test_grounding_is_linear(w: int, h: int) -> None:
    # atoms and rules per edge must not grow with the instance (here: 4x more edges)
    small = solve(grid(w, h), statistics=True).statistics
    big = solve(grid(2 * w, 2 * h), statistics=True).statistics
    e_small, e_big = len(grid(w, h).edges), len(grid(2 * w, 2 * h).edges)
    for key in ("atoms", "rules"):
        assert big[key] / e_big < 1.15 * small[key] / e_small


def test_every_answer_is_distinct_loop_on_random_cells() -> None:
    # random clues on a 3x3 grid: the solver's answers are exactly the loops that fit
    import random

    rng = random.Random(5)
    loops = solve(grid(3, 3), models=0).answers
    for _ in range(10):
        cells = rng.sample([(r, c) for r in range(3) for c in range(3)], 3)
        clues = {rc: rng.randint(0, 3) for rc in cells}
        p = grid(3, 3, clues)
        expected = {a for a in loops if all(
            sum(e in a for e in p.cell_edges[p.cell_index[f"c{r}_{c}"]]) == k for (r, c), k in clues.items()
        )}
        assert set(solve(p, models=0).answers) == expected


# --------------------------------------------------------------------------- colour.lp
@pytest.mark.parametrize("name,size", [("square", 3), ("honeycomb", 3), ("triangular", 3), ("cairo", 3),
                                       ("penrose-p3", 5), ("floret", 1)])
def test_colour_counts_the_same_loops_as_reach(name: str, size: int) -> None:
    p = tilings.build(name, size, size, seed=1)
    assert p.is_disc
    reach, colour = (solve(p, models=0, encoding=e) for e in ("reach", "colour"))
    assert reach.exhausted and colour.exhausted
    assert len(colour.answers) == len(reach.answers) > 0
    assert set(colour.answers) == set(reach.answers)
    assert all(check(p, colour.links(i)).valid for i in range(len(colour.answers)))


def test_colour_needs_a_disc() -> None:
    # a ring of 8 squares around a hole: loops around the hole bound no set of faces
    square = lambda x, y: [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]  # noqa: E731
    ring = from_faces([square(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)])
    assert not ring.is_disc
    assert not read_instance(write_instance(ring)).is_disc  # nor without its geometry
    with pytest.raises(InputError, match="colour encoding"):
        solve(ring, encoding="colour")
    auto = solve(ring, models=0)  # auto falls back to reach
    assert len(auto.answers) == len(solve(ring, models=0, encoding="reach").answers)
    pts = ring.geometry.points
    hole = frozenset(e for e, (u, v) in enumerate(ring.edges)
                     if all(1 <= c <= 2 for c in pts[u] + pts[v]))
    assert len(hole) == 4 and hole in auto.answers  # bounds no face, still a loop


def test_colour_solves_clued_puzzles_like_reach() -> None:
    p = tilings.build("cairo", 4, 4)
    for seed in range(4):
        q, loop = planted(p, seed=seed)
        r = solve(q, unique=True, encoding="colour")
        assert r.unique is True and r.answer == loop
        assert check(q, r.links()).valid
        assert solve(q, unique=True, encoding="reach").answers == r.answers
