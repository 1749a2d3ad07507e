"""The Slitherlink variants against an independent brute force, on small patches of
several tilings and of irregular polygons.

Every edge subset of a patch is tried (a depth-first search that only skips subsets
whose finished vertices already break the degree rule), and the rules are said again
here from their definitions, sharing no code with the encodings or the checker: a
Vertex clue counts corners with a line; a Touch clue counts the connected pieces of
the cell's boundary that the loop uses (corners and sides, by union-find); a face is
inside a loop when a point inside it is inside the loop's polygon (shapely);
Litherslink's lines are a forest of two or more trees (networkx) with no vertex of 0
or 2 lines. The solver's answers (all of them) and counts must equal the brute
force's, on clue-less patches and on puzzles planted from a random answer with some
clues left out; every answer also passes the kind's checker.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import networkx as nx
import pytest
import shapely

from slitherasp import tilings
from slitherasp.kinds.variant.puzzle import NAMES, Variant, variant
from slitherasp.kinds.variant.rules import is_answer
from slitherasp.model import Puzzle, from_faces
from slitherasp.solver.run import count, solve


# --------------------------------------------------------------------------- patches
def cut(name: str, width: int, height: int, faces: int, seed: int | None = None, centre: int = 0) -> Puzzle:
    """``faces`` faces of a tiling patch around face ``centre``, grown face by face
    along shared edges (a disc), rebuilt from their polygons."""
    patch = tilings.build(name, width, height, seed)
    geo = patch.geometry
    chosen, order = {centre}, [centre]
    while len(order) < faces:
        grown = False
        for c in list(order):
            for e in patch.cell_edges[c]:
                for d in patch.edge_cells[e]:
                    if d not in chosen and len(order) < faces:
                        trial = from_faces([geo.face_polygon(x) for x in [*order, d]])
                        if trial.is_disc:
                            chosen.add(d)
                            order.append(d)
                            grown = True
        assert grown, "no face to add"
    return from_faces([geo.face_polygon(c) for c in order], source=f"{name} patch")


IRREGULAR = [
    [(0, 0), (3, 0), (3.5, 1.5), (1.5, 2.2), (0.2, 1.6)],  # a pentagon
    [(3, 0), (5, 0.4), (4.6, 2), (3.5, 1.5)],  # a quadrilateral
    [(1.5, 2.2), (3.5, 1.5), (4.6, 2), (3.9, 3.4), (2.8, 2.6), (1.9, 3.5)],  # a concave hexagon
    [(0.2, 1.6), (1.5, 2.2), (1.9, 3.5), (0.4, 3.1)],  # a kite-ish quadrilateral
    [(3.9, 3.4), (4.6, 2), (5.3, 3.6)],  # a triangle
]

PATCHES = {
    "square": lambda: tilings.build("square", 3, 2),
    "honeycomb": lambda: cut("honeycomb", 3, 3, 4, centre=4),
    "triangular": lambda: cut("triangular", 3, 3, 6, centre=4),
    "cairo": lambda: cut("cairo", 3, 3, 4, centre=5),
    "snub-square": lambda: cut("snub-square", 3, 3, 5, centre=4),
    "penrose": lambda: cut("penrose-p2", 4, 4, 4, seed=1, centre=1),
    "hats": lambda: cut("hats", 6, 6, 2, seed=1, centre=5),
    "hat": lambda: cut("hats", 6, 6, 1, seed=1, centre=5),
    "polygons": lambda: from_faces(IRREGULAR, source="irregular"),
}


# --------------------------------------------------------------------------- brute force
def subsets(p: Puzzle, degree_ok) -> Iterator[frozenset[int]]:
    """Every edge subset whose vertices all have a degree ``degree_ok`` accepts,
    by trying both states of each edge in turn; a vertex is judged when its last
    edge is decided."""
    m = len(p.edges)
    last = {}
    for e, (u, v) in enumerate(p.edges):
        last[u], last[v] = e, e
    finishing = [[u for u in p.edges[e] if last[u] == e] for e in range(m)]
    degree = [0] * len(p.vertices)
    chosen: list[int] = []

    def go(e: int) -> Iterator[frozenset[int]]:
        if e == m:
            yield frozenset(chosen)
            return
        for on in (False, True):
            if on:
                chosen.append(e)
                for u in p.edges[e]:
                    degree[u] += 1
            if all(degree_ok(degree[u]) for u in finishing[e]):
                yield from go(e + 1)
            if on:
                chosen.pop()
                for u in p.edges[e]:
                    degree[u] -= 1

    yield from go(0)


def loops(p: Puzzle, full: bool) -> list[frozenset[int]]:
    """Every edge set that is one simple loop (through every vertex, with ``full``)."""
    ok = (lambda d: d == 2) if full else (lambda d: d in (0, 2))
    found = []
    for s in subsets(p, ok):
        g = nx.Graph([p.edges[e] for e in s])
        if s and nx.is_connected(g):
            found.append(s)
    return found


def forests(p: Puzzle) -> list[frozenset[int]]:
    """Every edge set of Litherslink: no vertex with 0 or 2 lines, no cycle, two or
    more trees."""
    found = []
    for s in subsets(p, lambda d: d not in (0, 2)):
        g = nx.Graph([p.edges[e] for e in s])
        if s and nx.is_forest(g) and nx.number_connected_components(g) >= 2:
            found.append(s)
    return found


def corners_of(p: Puzzle, c: int) -> set[int]:
    return {u for e in p.cell_edges[c] for u in p.edges[e]}


def vertex_clue(p: Puzzle, c: int, lines: frozenset[int]) -> int:
    on = {u for e in lines for u in p.edges[e]}
    return len(corners_of(p, c) & on)


def touch_clue(p: Puzzle, c: int, lines: frozenset[int]) -> int:
    """Connected pieces of (corners on the loop, sides on the loop) of the cell."""
    on = {u for e in lines for u in p.edges[e]}
    pieces = nx.Graph()
    pieces.add_nodes_from(corners_of(p, c) & on)
    pieces.add_edges_from(p.edges[e] for e in p.cell_edges[c] if e in lines)
    return nx.number_connected_components(pieces)


def edge_clue(p: Puzzle, c: int, lines: frozenset[int]) -> int:
    return len(set(p.cell_edges[c]) & lines)


def inside(p: Puzzle, lines: frozenset[int]) -> set[int]:
    """The faces a loop holds: a point inside the face lies inside the loop's polygon."""
    pts = p.geometry.points
    ring = nx.cycle_basis(nx.Graph([p.edges[e] for e in lines]))[0]
    loop = shapely.Polygon([pts[u] for u in ring])
    return {c for c in range(len(p.cells))
            if loop.contains(shapely.Polygon(p.geometry.face_polygon(c)).representative_point())}


def answers(rule: str, full: bool, p: Puzzle) -> list[frozenset[int]]:
    return forests(p) if rule == "lither" else loops(p, full)


CLUE = {"vertex": vertex_clue, "touch": touch_clue}


def fitting(p: Puzzle, every: list[frozenset[int]], clue, clues: dict[int, int],  # type: ignore[no-untyped-def]
            sheep: set[int], wolves: set[int]) -> set[frozenset[int]]:
    """The answers among ``every`` that meet the clues (by the rule's ``clue``) and the animals."""
    return {s for s in every
            if all(clue(p, c, s) == k for c, k in clues.items())
            and (not (sheep or wolves) or (sheep <= inside(p, s) and not wolves & inside(p, s)))}


# --------------------------------------------------------------------------- tests
@pytest.fixture(scope="module", params=sorted(PATCHES))
def patch(request) -> tuple[str, Puzzle, dict]:
    p = PATCHES[request.param]()
    assert p.is_disc and len(p.edges) <= 26, (request.param, len(p.edges))
    return request.param, p, {}


def _rule(name: str) -> tuple[str, bool]:
    full = name == "full" or name.endswith("+full")
    return ("classic" if name == "full" else name.removesuffix("+full")), full


@pytest.mark.parametrize("name", NAMES)
def test_variant_answers_and_counts_equal_the_brute_force(patch, name: str) -> None:
    tiling, p, cache = patch
    rule, full = _rule(name)
    key = (rule == "lither", full)
    if key not in cache:
        cache[key] = answers(rule, full, p)
    every = cache[key]
    # clue-less: every structure is an answer, once
    blank = variant(p, name)
    r = solve(blank, models=0)
    assert r.exhausted and len(r.answers) == r.count
    assert set(r.answers) == set(every), (tiling, name)
    assert count(blank).count == len(every)
    if rule not in ("sheep-wolf", "lither"):  # without faces (any graph): the same answers
        assert set(solve(blank, models=0, encoding="reach").answers) == set(every)
    clue = CLUE.get(rule, edge_clue)
    rng = random.Random(f"{tiling}-{name}")
    for _ in range(6 if every else 0):
        planted = rng.choice(every)
        shown = rng.sample(range(len(p.cells)), k=rng.randint(1, len(p.cells)))
        clues = {c: clue(p, c, planted) for c in shown}
        sheep, wolves = set(), set()
        if rule == "sheep-wolf":  # some shown cells get their animal instead of a number
            held = inside(p, planted)
            for c in shown[: len(shown) // 2]:
                del clues[c]
                (sheep if c in held else wolves).add(c)
        v = variant(p.with_clues(clues), name, sheep=sheep, wolves=wolves)
        expected = fitting(p, every, clue, clues, sheep, wolves)
        r = solve(v, models=0)
        assert r.exhausted and set(r.answers) == expected and r.count == len(expected), (tiling, name, clues)
        assert planted in expected
        assert all(is_answer(v, a) for a in r.answers)
        if clues:  # one clue changed: often no answer at all, which solve and count must say
            changed = dict(clues)
            c = rng.choice(sorted(changed))
            changed[c] = rng.choice([k for k in range(len(p.cell_edges[c]) + 1) if k != changed[c]])
            w = variant(p.with_clues(changed), name, sheep=sheep, wolves=wolves)
            expected = fitting(p, every, clue, changed, sheep, wolves)
            r = solve(w, models=0)
            assert r.exhausted and set(r.answers) == expected and count(w).count == len(expected), (tiling, changed)
            assert expected or (str(r.status) == "UNSATISFIABLE" and not is_answer(w, planted))


def test_touch_is_pzprjs_count_on_squares(patch) -> None:
    """On a square, pzprjs counts corners visited minus min(sides used, 3)."""
    tiling, p, _ = patch
    if tiling != "square":
        pytest.skip("pzprjs' formula is for squares")
    for lines in loops(p, False):
        for c in range(len(p.cells)):
            used = edge_clue(p, c, lines)
            assert touch_clue(p, c, lines) == vertex_clue(p, c, lines) - min(used, 3)


def test_the_checker_accepts_the_brute_force_answers_only(patch) -> None:
    """The checker accepts exactly the brute force's answers among the edge subsets
    that pass the degree rule, and no subset of a random sample of all others."""
    tiling, p, _ = patch
    rng = random.Random(tiling)
    m = len(p.edges)
    sample = [frozenset(e for e in range(m) if rng.random() < 0.5) for _ in range(200)]
    for name in ("vertex", "touch", "lither", "full", "sheep-wolf"):
        rule, full = _rule(name)
        clues, animals = {0: 1}, {}
        if rule == "sheep-wolf":
            clues, animals = {}, {"sheep": [0]}
        v = variant(p.with_clues(clues), name, **animals)
        clue = CLUE.get(rule, edge_clue)
        every = answers(rule, full, p)
        good = {s for s in every if (0 in inside(p, s) if animals else clue(p, 0, s) == 1)}
        ok = (lambda d: d not in (0, 2)) if rule == "lither" else (lambda d: d in (0, 2))
        for s in [*subsets(p, ok), *sample]:
            assert is_answer(v, s) == (s in good), (tiling, name, sorted(s))


def test_variant_refuses_what_its_rule_cannot_hold() -> None:
    from slitherasp.formats.lp import read_instance
    from slitherasp.model import InputError

    k4 = read_instance("edge(1,2). edge(1,3). edge(1,4). edge(2,3). edge(2,4). edge(3,4). "
                       "cell_contains(x,1,2). cell_contains(x,3,4). cell_contains(x,1,3). clue(x,3).")
    with pytest.raises(InputError, match="faces of a disc"):
        variant(k4, "sheep-wolf")
    with pytest.raises(InputError, match="faces of a disc"):
        variant(k4, "lither")
    with pytest.raises(InputError, match="simple cycle"):
        variant(k4, "touch")
    assert solve(variant(k4, "vertex"), models=0).count == 4  # x has all four corners: the triangles
    with pytest.raises(InputError, match="not lither"):
        variant(k4, "lither+full")
    square = tilings.build("square", 2, 1).with_clues([2, None])
    with pytest.raises(InputError, match="clue and a sheep"):
        Variant(square, "sheep-wolf", sheep=frozenset({0}))
    with pytest.raises(InputError, match="unknown variant"):
        variant(square, "diagonal")


@pytest.mark.parametrize("name", NAMES)
def test_the_text_path_gives_the_same_answers(name: str) -> None:
    """Where clingo's module is missing (the browser), the encodings run inlined as
    text (no #include left): the same answers."""
    from slitherasp.kinds.facts import encoding_text
    from slitherasp.kinds.variant.puzzle import program
    from slitherasp.solver import engines

    p = tilings.build("square", 3, 2).with_clues({1: 2})
    v = variant(p, name)
    assert "#include" not in encoding_text(program(v).encoding)
    alone = set(solve(v, models=0).answers)
    engines.set_runner(engines.json_run)
    try:
        assert set(solve(v, models=0).answers) == alone
    finally:
        engines.set_runner(None)
