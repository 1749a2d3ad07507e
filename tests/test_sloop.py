"""Sloop: the dual graph against the geometry, the encoding against an independent
brute force, the validator's verdicts, the text format, drawings and the command line.

Every answer the solver gives is checked by ``check_sloop``; every count is compared
with a depth-first enumeration of Hamiltonian cycles on an adjacency derived from the
polygons with shapely, so neither side shares code with the other.
"""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest
import shapely

from slitherasp import render
from slitherasp.cli import main
from slitherasp.formats.lp import read_answer
from slitherasp.kinds import scene_of, text_of
from slitherasp.kinds.sloop import BLACK_CELL, Sloop, from_rows, on_tiling, read_sloop, write_sloop
from slitherasp.kinds.sloop import check as check_sloop
from slitherasp.model import InputError, Name, TilingRef, from_faces
from slitherasp.model.results import SAT, UNSAT, Result
from slitherasp.render.text import CORNERS
from slitherasp.solver.run import solve

# Example 1 of seed 002 (section 1), a 6 x 6 grid. Its figure is not in the text, but
# section 4.3 names the four black squares: "two are on even cells (r1c3 and r4c2),
# while the other two are on odd cells (r2c5 and r6c3)".
SEED_EXAMPLE = """\
% seed 002, Example 1
6 6
..#...
....#.
......
.#....
......
..#...
"""
# Links the seed's walk-through (section 2.1) derives on the way to the solution.
SEED_STEPS = [
    ("r1c1", "r1c2"), ("r1c1", "r2c1"), ("r1c2", "r2c2"),  # corner cells have two neighbours
    ("r2c1", "r3c1"),  # "the path must continue downward from r2c1 to r3c1"
    ("r3c2", "r2c2"), ("r3c2", "r3c3"),  # "r3c2 has only two available neighbors left"
    ("r2c3", "r3c3"), ("r2c3", "r2c4"),  # "the same observation applies to r2c3"
    ("r3c4", "r3c5"), ("r3c4", "r4c4"),  # "r3c4 ... connect those neighbors"
    ("r5c5", "r4c5"),  # "connecting r5c5 to r4c5"
    ("r3c5", "r4c5"), ("r3c6", "r4c6"),  # "the two free ends ... must be extended downward"
]


# --------------------------------------------------------------------------- helpers
Cycle = frozenset[frozenset[Name]]


def adjacency(sloop: Sloop) -> dict[Name, set[Name]]:
    """White cells whose polygons share a stretch of boundary, from shapely alone."""
    patch, geo = sloop.patch, sloop.patch.geometry
    white = [c for c in range(len(patch.cells)) if c not in sloop.black]
    shapes = {c: shapely.Polygon(geo.face_polygon(c)) for c in white}
    adj: dict[Name, set[Name]] = {patch.cells[c]: set() for c in white}
    for a, b in itertools.combinations(white, 2):
        if shapes[a].boundary.intersection(shapes[b].boundary).length > 1e-9:
            adj[patch.cells[a]].add(patch.cells[b])
            adj[patch.cells[b]].add(patch.cells[a])
    return adj


def hamiltonian_cycles(adj: dict[Name, set[Name]]) -> set[Cycle]:
    """Every cycle through all vertices, by depth-first search from the first vertex,
    pruned when a vertex left behind has fewer than two ways in and out."""
    nodes = sorted(adj)
    if len(nodes) < 3:
        return set()
    start, path, on, found = nodes[0], [nodes[0]], {nodes[0]}, set()

    def stuck(v: Name) -> bool:
        return v not in on and sum(w not in on or w in (start, path[-1]) for w in adj[v]) < 2

    def grow() -> None:
        end = path[-1]
        if len(path) == len(nodes):
            if start in adj[end]:
                found.add(frozenset(frozenset(p) for p in zip(path, path[1:] + path[:1])))
            return
        for w in sorted(adj[end] - on):
            path.append(w)
            on.add(w)
            if not any(stuck(u) for u in adj[end]):
                grow()
            path.pop()
            on.discard(w)

    grow()
    return found


def answers(sloop: Sloop, result: Result) -> set[Cycle]:
    """The solver's answers as cycles, each one first checked by the validator."""
    out = set()
    for a in result.answers:
        links = sloop.graph.links(a)
        report = check_sloop(sloop, links)
        assert report.valid, [str(v) for v in report.violations]
        out.add(frozenset(frozenset(p) for p in links))
    assert len(out) == len(result.answers), "the solver repeated an answer"
    return out


def enumerate_all(sloop: Sloop) -> Result:
    return solve(sloop, models=0)


def grid(text: str) -> Sloop:
    rows = text.split()
    return read_sloop(f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows))


def test_the_brute_force_agrees_with_networkx() -> None:
    # the oracle itself, on graphs small enough for networkx to list every simple cycle
    for sloop in (grid(".... .... .... ...."), grid("..#. .... ..#. ...."), on_tiling("honeycomb", 3, 3)):
        adj = adjacency(sloop)
        graph = nx.Graph([(a, b) for a in adj for b in adj[a]])
        cycles = list(nx.simple_cycles(graph))
        every = {frozenset(frozenset(p) for p in zip(c, c[1:] + c[:1])) for c in cycles if len(c) == len(adj)}
        assert hamiltonian_cycles(adj) == every
    assert len(cycles) > len(every) > 0
    # and networkx's enumeration itself: seed 004 counts 213 loops on a 4x4-point grid
    assert sum(1 for _ in nx.simple_cycles(nx.grid_2d_graph(4, 4))) == 213


# --------------------------------------------------------------------------- model
PATCHES = [
    pytest.param(lambda: grid("..#. .... #..."), id="square"),
    pytest.param(lambda: on_tiling("honeycomb", 4, 3, ["c5"]), id="honeycomb"),
    pytest.param(lambda: on_tiling("cairo", 3, 3, ["c0", "c7"]), id="cairo"),
    pytest.param(lambda: on_tiling("hats", 7, 7, ["c3"], seed=2), id="hats"),
    pytest.param(lambda: on_tiling("kites", 3, 3), id="kites"),
]


@pytest.mark.parametrize("make", PATCHES)
def test_dual_graph_joins_exactly_the_white_cells_sharing_a_side(make) -> None:
    sloop = make()
    graph, geo = sloop.graph, sloop.patch.geometry
    adj = adjacency(sloop)
    assert set(graph.vertices) == set(adj)
    pairs = {frozenset(graph.edge_names(e)) for e in range(len(graph.edges))}
    assert pairs == {frozenset((a, b)) for a in adj for b in adj[a]}
    assert len(pairs) == len(graph.edges)
    for v, name in enumerate(graph.vertices):  # each centre lies inside its own cell
        cell = shapely.Polygon(geo.face_polygon(sloop.patch.cell_index[name]))
        assert cell.contains(shapely.Point(graph.geometry.points[v]))
    for e, door in enumerate(sloop.doors):  # each door lies on the side both cells share
        for name in graph.edge_names(e):
            cell = shapely.Polygon(geo.face_polygon(sloop.patch.cell_index[name]))
            assert cell.boundary.distance(shapely.Point(door)) < 1e-9


def test_black_cells_are_not_vertices_and_any_polygons_make_a_sloop() -> None:
    # an L of three unit squares and a triangle on top: the triangle touches two of them
    faces = [[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)],
             [(0, 1), (1, 1), (1, 2), (0, 2)], [(1, 1), (2, 1), (1, 2)]]
    sloop = Sloop(from_faces(faces), frozenset())
    assert sloop.graph.vertices == ("c0", "c1", "c2", "c3")
    assert answers(sloop, enumerate_all(sloop)) == hamiltonian_cycles(adjacency(sloop))
    assert len(enumerate_all(sloop).answers) == 1
    assert Sloop(from_faces(faces), frozenset({3})).graph.vertices == ("c0", "c1", "c2")
    with pytest.raises(InputError, match="not a cell"):
        Sloop(from_faces(faces), frozenset({4}))


# --------------------------------------------------------------------------- encoding
def test_seed_example_has_one_loop_and_it_follows_the_seeds_reasoning() -> None:
    sloop = read_sloop(SEED_EXAMPLE, "seed-002-example-1")
    assert sloop.black_names == ("r1c3", "r2c5", "r4c2", "r6c3")
    parity = [sum(int(name[1]) + int(name[3]) & 1 == k for name in sloop.graph.vertices) for k in (0, 1)]
    assert parity == [16, 16]  # "This puzzle passes the parity check"
    result = solve(sloop, unique=True)
    assert result.status == SAT and result.unique is True
    (loop,) = answers(sloop, result)
    assert {frozenset(p) for p in SEED_STEPS} <= loop
    assert frozenset(("r3c5", "r3c6")) not in loop  # "we cannot extend the path from r3c5 to r3c6"
    assert hamiltonian_cycles(adjacency(sloop)) == {loop}


@pytest.mark.parametrize(
    "rows, expected",
    [
        ("..  ..", 1),  # all white 2x2: the one loop around the block
        ("... ... ...", 0),  # all white 3x3: nine cells, odd, on a bipartite grid
        (".... .... ....", 2),  # all white 3x4: two loops
        ("....  ....  ....  ....", 6),  # all white 4x4: 6 (OEIS A003763)
        ("...... ...... ......", 4),
        ("..#.. ..#.. ..#..", 0),  # the black column cuts the grid in two
        ("#... .... ...# .#..", None),
        ("...#. ..... #.... ...#. .....", None),
    ],
)
def test_small_grids_match_the_brute_force(rows: str, expected: int | None) -> None:
    sloop = grid(rows)
    result = enumerate_all(sloop)
    brute = hamiltonian_cycles(adjacency(sloop))
    assert answers(sloop, result) == brute
    assert result.exhausted and result.status == (SAT if brute else UNSAT)
    if expected is not None:
        assert len(brute) == expected


def test_random_grids_match_the_brute_force() -> None:
    rng = random.Random(2703)
    seen = set()
    for _ in range(40):
        h, w = rng.randint(2, 5), rng.randint(2, 5)
        sloop = from_rows([[rng.random() < 0.08 for _ in range(w)] for _ in range(h)])
        brute = hamiltonian_cycles(adjacency(sloop))
        assert answers(sloop, enumerate_all(sloop)) == brute
        seen.add(min(len(brute), 2))
    assert seen == {0, 1, 2}  # unsatisfiable, unique and several-answer grids all came up


def test_a_grid_with_two_loops_is_not_unique() -> None:
    sloop = grid(".... .... ....")
    result = solve(sloop, unique=True)
    assert result.status == SAT and result.unique is False
    assert len(answers(sloop, result)) == 2


def test_a_cut_grid_is_unsatisfiable_although_each_half_has_a_loop() -> None:
    assert solve(grid("..#.. ..#.. ..#..")).status == UNSAT
    assert solve(grid(".. .. ..")).status == SAT


def test_a_white_cell_without_white_neighbours_is_unsatisfiable() -> None:
    # the top two rows have a loop; r4c2 has no edge in the dual graph at all, so only
    # its visit/1 fact tells the encoding that it must be visited
    assert solve(grid(".... ....")).status == SAT
    sloop = grid(".... .... #### #.##")
    assert "r4c2" in sloop.graph.vertices and not sloop.graph.incidence[sloop.graph.vertex_index["r4c2"]]
    assert solve(sloop).status == UNSAT


@pytest.mark.parametrize("rows", ["#", ".", "## ##", ".# ##"])
def test_fewer_than_three_white_cells_are_unsatisfiable(rows: str) -> None:
    result = solve(grid(rows), unique=True)
    assert result.status == UNSAT and not result.answers


@pytest.mark.parametrize(
    "name, size, black",
    [("honeycomb", (3, 3), []), ("honeycomb", (4, 4), ["c6", "c9"]), ("cairo", (4, 4), []),
     ("cairo", (4, 4), ["c3", "c10"]), ("floret", (2, 2), []), ("octagonal", (3, 3), ["c4"])],
)
def test_other_tilings_match_the_brute_force(name: str, size: tuple[int, int], black: list[str]) -> None:
    sloop = on_tiling(name, *size, black)
    brute = hamiltonian_cycles(adjacency(sloop))
    assert answers(sloop, enumerate_all(sloop)) == brute
    assert brute or name == "octagonal"


def test_grounding_grows_linearly() -> None:
    def rules(n: int) -> float:  # a 2 x n grid: one loop, found at once
        sloop = from_rows([[False] * n, [False] * n])
        result = solve(sloop, statistics=True)
        assert result.status == SAT
        return result.statistics["rules"] / len(sloop.graph.edges)

    small, large = rules(20), rules(200)
    assert large < 1.1 * small


# --------------------------------------------------------------------------- validator
def test_validator_names_what_is_wrong() -> None:
    sloop = grid("... ..# ...")  # white: all but r2c3
    ring = [("r1c1", "r1c2"), ("r1c2", "r2c2"), ("r2c2", "r2c1"), ("r2c1", "r1c1")]
    kinds = lambda links: sorted(v.kind for v in check_sloop(sloop, links).violations)  # noqa: E731

    report = check_sloop(sloop, ring)
    (missed,) = report.violations
    assert missed.kind == "unvisited" and missed.data["cells"] == ["r1c3", "r3c1", "r3c2", "r3c3"]
    assert kinds(ring + [("r2c2", "r2c3")]) == ["black", "unvisited"]  # one verdict per wrong link
    assert kinds(ring + [("r1c1", "r3c3")]) == ["not-an-edge", "unvisited"]
    two = [("r1c2", "r1c3"), ("r1c3", "r2c3")]
    assert "loops" in kinds(ring[:1] + [("r2c1", "r2c2"), ("r3c1", "r3c2"), ("r2c1", "r3c1"), ("r2c2", "r3c2")] + two)
    assert kinds([]) == ["empty"]
    assert kinds([("r1c1", "r1c2"), ("r1c1", "r1c2")]) == ["degree", "degree", "duplicate", "unvisited"]


def test_validator_accepts_links_in_either_order_and_compares_a_reference() -> None:
    sloop = grid(".... ....")
    (loop,) = solve(sloop).answers
    links = sloop.graph.links(loop)
    assert check_sloop(sloop, [(v, u) for u, v in links]).valid
    assert check_sloop(sloop, links, reference=links).valid
    other = grid(".... .... ....")
    first, second = (other.graph.links(a) for a in enumerate_all(other).answers)
    report = check_sloop(other, first, reference=second)
    assert [v.kind for v in report.violations] == ["reference"]


# --------------------------------------------------------------------------- format
def test_text_format_round_trips() -> None:
    sloop = read_sloop(SEED_EXAMPLE)
    assert read_sloop(write_sloop(sloop)).black == sloop.black
    spaced = read_sloop("2 3\n. # .\n. . .\n")
    assert spaced.black_names == ("r1c2",)
    tiled = on_tiling("cairo", 4, 4, ["c3", "c10"])
    again = read_sloop(write_sloop(tiled))
    assert (again.black_names, again.patch.tiling) == (("c3", "c10"), tiled.patch.tiling)
    aperiodic = on_tiling("hats", 6, 6, ["c1"], seed=5)
    assert write_sloop(aperiodic).startswith("tiling hats 6x6 seed 5\n")
    assert read_sloop(write_sloop(aperiodic)).graph.vertices == aperiodic.graph.vertices
    assert read_sloop("c3\nc10", tiling=TilingRef("cairo", 4, 4)).black == tiled.black
    square = on_tiling("square", 3, 2, ["r2c3"])
    assert write_sloop(square) == "2 3\n...\n..#\n"


@pytest.mark.parametrize(
    "text, where, message",
    [
        ("", "", "empty instance"),
        ("% only a comment\n", "", "empty instance"),
        ("2\n..\n..", "1:2", "first line must be 'H W'"),
        ("2 x\n..\n..", "1:3", "number of columns must be a positive number"),
        ("0 2\n", "1:1", "number of rows must be a positive number"),
        ("2 201\n", "1:1", "1..200 rows and columns"),
        ("2 2\n..\n", "3:1", "expected 2 rows"),
        ("2 2\n..\n..\n..", "4:1", "more than the 2 rows"),
        ("2 2\n..\n.o", "3:2", "bad cell 'o'"),
        ("2 3\n...\n..", "3:3", "a row has 2 cells, expected 3"),
        ("2 2\n...\n..", "2:3", "a row has 3 cells, expected 2"),
        ("tiling honeycomb\n", "1:1", "'tiling NAME WxH'"),
        ("tiling nonesuch 3x3\n", "1:8", "unknown tiling 'nonesuch'"),
        ("tiling honeycomb 3x0\n", "1:8", "height 0 is out of range"),
        ("tiling hats 4x4 seed x\n", "1:22", "seed must be a number"),
        ("tiling honeycomb 3x3\nc1 c99", "2:4", "no cell named 'c99': cells are c0..c8"),
        ("tiling honeycomb 3x3\nc1\n  c1", "3:3", "cell c1 is listed twice"),
    ],
)
def test_bad_text_names_line_and_column(text: str, where: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        read_sloop(text, "bad.sloop")
    assert str(info.value).startswith(f"bad.sloop:{where}:" if where else "bad.sloop:")


def test_with_a_tiling_given_the_text_holds_only_names() -> None:
    with pytest.raises(InputError, match="only cell names") as info:
        read_sloop("tiling cairo 3x3\n", "b.txt", tiling=TilingRef("cairo", 3, 3))
    assert str(info.value).startswith("b.txt:1:1:")


# --------------------------------------------------------------------------- drawing
def test_unicode_drawing_shows_exactly_the_answer() -> None:
    sloop = read_sloop(SEED_EXAMPLE)
    (loop,) = solve(sloop).answers
    rows = text_of(sloop, loop).splitlines()
    assert len(rows) == 6 and all(len(r) <= 11 for r in rows)
    drawn = set()
    for r, line in enumerate(rows):
        line = line.ljust(11)
        for c in range(6):
            ch = line[2 * c]
            if f"r{r + 1}c{c + 1}" in sloop.black_names:
                assert ch == BLACK_CELL
                continue
            bits = CORNERS.index(ch)
            if bits & 8:
                assert line[2 * c + 1] == "─"
                drawn.add(frozenset((f"r{r + 1}c{c + 1}", f"r{r + 1}c{c + 2}")))
            if bits & 2:
                drawn.add(frozenset((f"r{r + 1}c{c + 1}", f"r{r + 2}c{c + 1}")))
            assert bin(bits).count("1") == 2
    assert drawn == {frozenset(p) for p in sloop.graph.links(loop)}
    blank = text_of(sloop)
    assert blank.count("·") == 32 and blank.count(BLACK_CELL) == 4


def test_unicode_drawing_needs_a_square_grid() -> None:
    with pytest.raises(InputError, match="square grid"):
        text_of(on_tiling("honeycomb", 3, 3))


@pytest.mark.parametrize("make", PATCHES[:3])
def test_svg_fills_the_black_cells_and_draws_the_loop_through_the_centres(make) -> None:
    sloop = make()
    result = solve(sloop)
    loop = result.answer
    doc = render.svg(scene_of(sloop, loop, title="sloop"), title="sloop")
    root = ET.fromstring(doc)
    svg = "{http://www.w3.org/2000/svg}"
    fills = [p.get("fill") for p in root.iter(f"{svg}path") if p.get("fill", "none").startswith("#")]
    assert fills.count(render.COLOURS["black"]) == len(sloop.black)
    assert len(fills) == len(sloop.patch.cells)
    paths = [p for p in root.iter(f"{svg}path") if p.get("class") == "loop"]
    assert len(paths) == (1 if loop else 0)
    scene = scene_of(sloop, loop)
    if loop:
        (pts, closed), = scene.loop
        assert closed and len(pts) == 2 * len(loop)  # a centre and a door per link
        assert set(scene.dots) <= set(pts)  # the loop passes through every white centre


def test_png_of_a_sloop() -> None:
    pytest.importorskip("PIL")
    data = render.png(scene_of(read_sloop(SEED_EXAMPLE)), scale=20)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------- command line
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def seed_file(tmp_path: Path) -> Path:
    path = tmp_path / "example1.sloop"
    path.write_text(SEED_EXAMPLE)
    return path


def test_cli_solves_draws_and_proves_unique(capsys, seed_file: Path) -> None:
    code, out, _ = run(capsys, "sloop", str(seed_file), "--unique")
    assert code == 0
    assert "SATISFIABLE" in out.splitlines() and "Unique       : yes" in out
    assert check_sloop(read_sloop(SEED_EXAMPLE), read_answer(out.split("SATISFIABLE")[0])).valid
    assert out.rstrip().endswith("└─┘ ■ └───┘")  # the terminal drawing comes last


def test_cli_json_and_render(capsys, seed_file: Path, tmp_path: Path) -> None:
    out_svg = tmp_path / "loop.svg"
    code, out, _ = run(capsys, "sloop", str(seed_file), "--json", "--unique", "--render", str(out_svg))
    obj = json.loads(out)
    assert code == 0 and obj["result"] == "SATISFIABLE" and obj["unique"] is True
    assert set(obj) >= {"result", "unique", "links", "time"}
    assert check_sloop(read_sloop(SEED_EXAMPLE), [tuple(p) for p in obj["links"]]).valid
    assert ET.fromstring(out_svg.read_text()).find("{http://www.w3.org/2000/svg}title").text == "example1"


def test_cli_tiling_option_and_models(capsys, tmp_path: Path) -> None:
    names = tmp_path / "black.txt"
    names.write_text("c6 c9\n")
    code, out, _ = run(capsys, "sloop", str(names), "--tiling", "honeycomb", "--size", "4x4", "-n", "0", "--json")
    obj = json.loads(out)
    sloop = on_tiling("honeycomb", 4, 4, ["c6", "c9"])
    assert code == 0 and obj["models"] == len(hamiltonian_cycles(adjacency(sloop)))
    assert all(check_sloop(sloop, [tuple(p) for p in a]).valid for a in obj["answers"])


@pytest.mark.parametrize(
    "argv, text, code, message",
    [
        ([], "3 3\n...\n...\n...\n", 20, ""),
        ([], "3 3\n...\n.x.\n...\n", 2, "p.sloop:3:2: bad cell 'x'"),
        (["--tiling", "cairo"], "c1", 2, "--tiling needs --size WxH"),
        (["--size", "3x3"], "3 3\n...\n...\n...\n", 2, "--size and --seed go with --tiling"),
        (["--render", "x.pdf"], "2 2\n..\n..\n", 2, "must end in .svg or .png"),
        (["--tiling", "cairo", "--size", "3x3"], "tiling cairo 3x3", 2, "only cell names"),
    ],
)
def test_cli_exit_codes(capsys, tmp_path: Path, argv: list[str], text: str, code: int, message: str) -> None:
    path = tmp_path / "p.sloop"
    path.write_text(text)
    got, out, err = run(capsys, "sloop", str(path), *argv)
    assert got == code
    assert message in err and "Traceback" not in err
    if code == 20:
        assert "UNSATISFIABLE" in out
