"""Drawings: SVG structure, planar Tutte layouts without geometry, PNG, Unicode."""

from __future__ import annotations

import gzip
import io
import itertools
import json
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from shapely.geometry import LineString, Polygon

from slitherasp import render, tilings
from slitherasp.formats.lp import read_instance
from slitherasp.make import generate
from slitherasp.model import InputError, Puzzle
from slitherasp.render.layout import _solve_barycentric
from slitherasp.solver.run import solve
from slitherasp.validate import check

SVG = "{http://www.w3.org/2000/svg}"
SHARED = Path(__file__).resolve().parents[2] / "shared"


def planted(puzzle: Puzzle, inside: set[int]) -> tuple[Puzzle, frozenset[int]]:
    """Clue every cell for the loop around the cells ``inside``; solve it."""
    loop = frozenset(e for e, cs in enumerate(puzzle.edge_cells) if sum(c in inside for c in cs) == 1)
    clued = puzzle.with_clues(puzzle.signature(loop))
    result = solve(clued, unique=True)
    assert result.unique and result.answer == loop
    return clued, result.answer


@pytest.fixture(scope="module")
def l_shape() -> tuple[Puzzle, frozenset[int]]:
    """3x3 squares, the loop around the top-left L of cells 0, 1 and 3."""
    return planted(tilings.build("square", 3, 3), {0, 1, 3})


def grid_facts(n: int) -> Puzzle:
    """An n x n-point square grid as competition facts (no geometry)."""
    at = lambda x, y: y * n + x  # noqa: E731
    facts = [f"edge({at(x, y)},{at(x + 1, y)})." for y in range(n) for x in range(n - 1)]
    facts += [f"edge({at(x, y)},{at(x, y + 1)})." for y in range(n - 1) for x in range(n)]
    for y, x in itertools.product(range(n - 1), repeat=2):
        a, b, c, d = at(x, y), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1)
        facts += [f"cell_contains(q{x}_{y},{u},{v})." for u, v in ((a, b), (b, c), (d, c), (a, d))]
    return read_instance(" ".join(facts))


def hexagon_facts() -> Puzzle:
    """A hexagon cut into six triangles around a centre vertex 0."""
    facts = []
    for i in range(1, 7):
        j = i % 6 + 1
        facts += [f"edge(0,{i}).", f"edge({i},{j}).",
                  f"cell_contains(t{i},0,{i}). cell_contains(t{i},{i},{j}). cell_contains(t{i},0,{j})."]
    return read_instance(" ".join(facts) + " clue(t1,2). clue(t4,1).")


def two_squares_facts() -> Puzzle:
    ring = lambda c, vs: [f"edge({a},{b}). cell_contains({c},{a},{b})." for a, b in zip(vs, vs[1:] + vs[:1])]  # noqa: E731
    return read_instance(" ".join(ring("a", [1, 2, 3, 4]) + ring("b", [5, 6, 7, 8])) + " clue(a,4). clue(b,0).")


def assert_planar_drawing(p: Puzzle) -> None:
    lay = render.layout(p)
    assert lay.note == ""
    pts = lay.geometry.points
    segs = [LineString([pts[u], pts[v]]) for u, v in p.edges]
    assert min(s.length for s in segs) > 1e-6
    for (i, s), (j, t) in itertools.combinations(enumerate(segs), 2):
        if set(p.edges[i]) & set(p.edges[j]):
            assert s.intersection(t).geom_type == "Point", (p.edges[i], p.edges[j])
        else:
            assert not s.intersects(t), (p.edges[i], p.edges[j])
    for c, face in enumerate(lay.geometry.faces):
        assert face is not None, f"cell {p.cells[c]} is not a face"
        poly = Polygon([pts[v] for v in face])
        assert poly.is_valid and poly.exterior.is_ccw and poly.area > 1e-6


@pytest.mark.parametrize("make", [lambda: grid_facts(4), hexagon_facts, two_squares_facts, lambda: grid_facts(7)],
                         ids=["grid4", "hexagon", "two-squares", "grid7"])
def test_tutte_layout_is_planar(make) -> None:
    p = make()
    assert p.geometry is None
    assert_planar_drawing(p)


def test_tutte_layout_of_a_grid_is_the_grid() -> None:
    lay = render.layout(grid_facts(5))
    pts = np.array(lay.geometry.points)
    assert np.allclose(pts - pts.round(), 0, atol=1e-9)
    assert render.unicode(grid_facts(5)).splitlines()[0] == "·   ·   ·   ·   ·"


def test_dense_and_iterative_solvers_agree() -> None:
    edges = np.array(grid_facts(6).edges)
    fixed = {v: np.array([float(v % 6), float(v // 6)]) for v in range(36) if v % 6 in (0, 5) or v // 6 in (0, 5)}
    dense = _solve_barycentric(36, edges, fixed)
    iterative = _solve_barycentric(36, edges, fixed, dense_limit=0)
    assert np.allclose(dense, iterative, atol=1e-8)


def test_loopy_puzzles_without_geometry_draw_planar() -> None:
    sample = SHARED / "loopy" / "sample.jsonl.gz"
    if not sample.exists():
        pytest.skip("shared Loopy sample not available")
    from slitherasp.model import from_faces

    wanted = {"5x5t4de_anchor-0", "4x4t14de_anchor-0", "3x3t9de_anchor-0"}
    seen = 0
    with gzip.open(sample, "rt") as lines:
        samples = [json.loads(line) for line in lines]
    for d in samples:
        if d["name"] in wanted:
            faces = [[(d["vertices"][v][0], -d["vertices"][v][1]) for v in f] for f in d["faces"]]
            assert_planar_drawing(replace(from_faces(faces, d["clues"]), geometry=None))
            seen += 1
    assert seen == len(wanted)


def test_non_planar_graph_gets_a_note() -> None:
    k5 = read_instance(" ".join(f"edge({a},{b})." for a, b in itertools.combinations(range(5), 2)))
    assert "not planar" in render.layout(k5).note
    assert "not planar" in render.svg(k5)


def test_svg_structure(l_shape) -> None:
    p, answer = l_shape
    root = ET.fromstring(render.svg(p, answer, shade=True, title="L"))
    assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 160 196"
    texts = root.iter(f"{SVG}text")
    assert sorted(t.text for t in texts if t.get("class") == "clue") == sorted(str(k) for k in p.clues)
    loops = [e for e in root.iter() if e.get("class") == "loop"]
    assert len(loops) == 1 and loops[0].get("d").count("M") == 1
    fills = [e.get("fill") for e in root.find(f"{SVG}g[@class='faces']")]
    assert fills.count(render.COLOURS["inside"]) == 3
    bare = ET.fromstring(render.svg(p, show_vertices=False))
    assert not [e for e in bare.iter() if e.get("class") in ("loop", "vertices")]
    assert render.COLOURS["inside"] not in render.svg(p, answer)


def test_svg_marks_clues_the_answer_breaks(l_shape) -> None:
    p, answer = l_shape
    wrong = answer - {min(answer)}
    root = ET.fromstring(render.svg(p, wrong))
    red = [t for t in root.iter(f"{SVG}text") if t.get("fill") == render.COLOURS["wrong"]]
    broken = [c for c, (k, n) in enumerate(zip(p.clues, p.signature(wrong))) if k != n]
    assert len(red) == len(broken) > 0


def test_clues_of_cells_that_are_not_faces_are_still_drawn() -> None:
    k5 = read_instance(" ".join(f"edge({a},{b})." for a, b in itertools.combinations(range(5), 2))
                       + " cell_contains(t,0,1). cell_contains(t,1,2). cell_contains(t,0,2). clue(t,2).")
    root = ET.fromstring(render.svg(k5))
    assert [t.text for t in root.iter(f"{SVG}text")] == ["2"]


def test_png_size(l_shape, tmp_path) -> None:
    Image = pytest.importorskip("PIL.Image")
    p, answer = l_shape
    path = tmp_path / "l.png"
    data = render.png(p, answer, path, scale=20, shade=True)
    side = round((3 + 2 * render.MARGIN) * 20)
    with Image.open(path) as img:
        assert img.size == (side, side) and img.format == "PNG"
        assert img.getpixel((side // 2, side // 2)) != img.getpixel((1, 1))
    assert path.read_bytes() == data
    with Image.open(io.BytesIO(render.png(p, answer, scale=20, title="L"))) as img:
        assert img.size == (side, side + round(render.TITLE_HEIGHT * 20))


def pdf_pixels(draw_on_page, tmp_path: Path, dpi: int = 100) -> object:
    """A one-page A4 PDF drawn by ``draw_on_page(doc)`` as an RGB Pillow image (pdftoppm)."""
    import shutil
    import subprocess

    pytest.importorskip("fpdf")
    Image = pytest.importorskip("PIL.Image")
    if shutil.which("pdftoppm") is None:
        pytest.skip("needs poppler-utils' pdftoppm")
    from slitherasp.render import pdf

    doc = pdf.new_document()
    doc.add_page()
    draw_on_page(doc)
    (tmp_path / "d.pdf").write_bytes(bytes(doc.output()))
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(tmp_path / "d.pdf"), str(tmp_path / "d")],
                   check=True, timeout=60)
    return Image.open(tmp_path / "d.png").convert("RGB")


def test_a_pdf_board_fills_its_box_not_the_scenes_blank_margin(l_shape, tmp_path) -> None:
    from slitherasp.render import pdf

    box = (20.0, 30.0, 120.0, 200.0)  # mm: a tall box, so the board spans its width
    image = pdf_pixels(lambda doc: pdf.draw(doc, render.scene(l_shape[0]), box), tmp_path)
    mm = 100 / 25.4
    left, top, right, bottom = image.convert("L").point(lambda v: 255 if v < 200 else 0).getbbox()
    assert abs(left / mm - box[0]) < 1 and abs(right / mm - (box[0] + box[2])) < 1  # not half an edge (15 mm) in
    assert abs(top / mm - box[1]) < 1 and abs(bottom - top - (right - left)) <= 2


def near(image: object, style: str, within: float = 60) -> np.ndarray:
    """Which pixels of an RGB image are within ``within`` of a style's colour."""
    code = render.COLOURS[style].lstrip("#")
    colour = np.array([int(code[i:i + 2], 16) for i in (0, 2, 4)], float)
    return np.linalg.norm(np.asarray(image, float) - colour, axis=2) < within


def test_new_lines_and_crosses_stand_out_at_print_size_on_hats(tmp_path) -> None:
    from slitherasp.render import pdf

    puzzle = tilings.build("hats", 10, 10)
    cross, line = len(puzzle.edges) // 3, 2 * len(puzzle.edges) // 3
    s = render.scene(puzzle, [line], crosses=[cross], edge_styles={cross: "settled", line: "settled"})
    placed: list = []
    dpi = 150
    image = pdf_pixels(lambda doc: placed.append(pdf.draw(doc, s, (20, 20, 85, 70))), tmp_path, dpi)  # a picture
    mm = dpi / 25.4                                                                      # of a walkthrough

    def middle(e: int) -> tuple[int, int]:
        x, y = placed[0].at(((s.edges[e].a[0] + s.edges[e].b[0]) / 2, (s.edges[e].a[1] + s.edges[e].b[1]) / 2))
        return int(x * mm), int(y * mm)  # the pixel the middle is in

    green = near(image, "settled")
    x, y = middle(line)
    assert green[y, x] and not near(image, "loop")[y - 1:y + 2, x - 1:x + 2].any()  # green, not navy in a green rim
    x, y = middle(cross)
    ys, xs = np.nonzero(green[y - 15:y + 16, x - 15:x + 16])  # 5 mm around the new cross
    assert len(xs) / mm**2 > 0.6 and (np.ptp(xs) + 1) / mm > 1.8  # green ink, as wide as a clue digit (was none)
    Image = pytest.importorskip("PIL.Image")
    drawn = Image.open(io.BytesIO(render.png(puzzle, [line], crosses=[cross], scale=40,
                                             edge_styles={cross: "settled", line: "settled"}))).convert("RGB")
    e = s.edges[line]
    assert near(drawn, "settled")[round((e.a[1] + e.b[1]) * 20), round((e.a[0] + e.b[0]) * 20)]  # as the PNG draws
    assert 'class="line settled"' in render.svg(puzzle, [line], edge_styles={line: "settled"})  # and the SVG


def test_png_without_pillow_says_what_to_install(l_shape, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(InputError, match=r"pip install"):
        render.png(l_shape[0], None)


def test_unicode_of_a_solved_square_puzzle(l_shape) -> None:
    p, answer = l_shape
    assert render.unicode(p, answer) == "\n".join([
        "┌───────┐   ·",
        "│ 2   3 │ 1",
        "│   ┌───┘   ·",
        "│ 3 │ 2   0",
        "└───┘   ·   ·",
        "  1   0   0",
        "·   ·   ·   ·",
    ])
    assert render.unicode(p).splitlines()[1] == "  2   3   1"


def test_unicode_refuses_other_tilings() -> None:
    from slitherasp.model import from_faces

    with pytest.raises(InputError, match="square grid"):
        render.unicode(from_faces([[(0, 0), (1, 0), (0.5, 0.8)]]))


@pytest.mark.parametrize("name", sorted(tilings.TILINGS))
def test_every_tiling_renders_its_solved_planted_puzzle(name: str) -> None:
    t = tilings.get(name)
    size = max(t.min_size, min(4, t.max_size))
    puzzle, _ = generate.planted(tilings.build(name, size, size, seed=2), seed=2)
    result = solve(puzzle)
    assert check(puzzle, result.links()).valid
    doc = render.svg(puzzle, result.answer, shade=True)
    faces = doc.split('<g class="faces"', 1)[1].split("</g>", 1)[0]
    assert faces.count("<path") == len(puzzle.cells)  # every face drawn
    assert doc.count('class="loop"') == 1 and doc.count('class="clue"') == puzzle.clue_count()
    xs = [float(v) for v in re.findall(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', doc)[0]]
    assert all(v > 0 for v in xs)


def test_jupyter_draws_results_steps_and_puzzles() -> None:
    import slitherasp
    from slitherasp.explain import explain
    from slitherasp.solver.run import solve

    p = tilings.build("square", 2, 1).with_clues([4, 1])
    r = solve(p)
    assert 'class="loop"' in slitherasp._result_svg(r) and "SATISFIABLE" in slitherasp._result_svg(r)
    step = explain(p).steps[0]
    drawing = step._repr_svg_()
    assert "<svg" in drawing and 'class="mark settled"' in drawing
    ipython = pytest.importorskip("IPython.core.interactiveshell")
    shell = ipython.InteractiveShell.instance()
    slitherasp._jupyter()
    shown, _ = shell.display_formatter.format(p)
    assert "<svg" in shown["image/svg+xml"]
    shown, _ = shell.display_formatter.format(r)
    assert 'class="loop"' in shown["image/svg+xml"]
