"""Puzzle books: read back with a PDF reader (pypdf), looked at as pixels (poppler's
pdftoppm), and their answers recovered from the drawing operations of the pages,
mapped back to edges through the puzzles' geometry, and checked by the validator."""

from __future__ import annotations

import contextlib
import json
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from slitherasp import formats, tilings
from slitherasp.model import Puzzle
from slitherasp.model.extras import install
from slitherasp.render import layout
from slitherasp.render.scene import COLOURS
from slitherasp.tilings.polygons import from_polygons, read_polygons
from slitherasp.validate import check

pytest.importorskip("fpdf", reason="books need the 'print' extra (fpdf2)")
pypdf = pytest.importorskip("pypdf")

from slitherasp import book  # noqa: E402
from slitherasp.book.pages import BOTTOM, PAPERS, SIDE, TOP  # noqa: E402
from slitherasp.cli.main import main  # noqa: E402
from slitherasp.render.pdf import font_file  # noqa: E402

HOUSE = ("MULTIPOLYGON (((0 0, 2 0, 2 1, 0 1, 0 0)), ((0 1, 1 1, 1 2.5, 0 2, 0 1)), "
         "((1 1, 2 1, 2 2, 1 2.5, 1 1)), ((2 0, 3 0.5, 2 1, 2 0)))")


def clued(puzzle: Puzzle) -> Puzzle:
    """Every cell clued for the loop around cell 0 and a neighbour of it."""
    neighbour = next(c for e in puzzle.cell_edges[0] for c in puzzle.edge_cells[e] if c != 0)
    loop = frozenset(e for e, cs in enumerate(puzzle.edge_cells) if sum(c in (0, neighbour) for c in cs) == 1)
    return puzzle.with_clues(puzzle.signature(loop))


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    """Square, hats, Penrose rhombs and polygons, each with its own number of edges
    (which tells their boards apart on a page of answers)."""
    found = [clued(tilings.build("square", 4, 4)), clued(tilings.build("hats", 6, 6)),
             clued(tilings.build("penrose-p3", 6, 6)), clued(from_polygons(read_polygons(HOUSE)))]
    assert len({len(p.edges) for p in found}) == len(found)
    return found


@pytest.fixture(scope="module")
def made(puzzles: list[Puzzle], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "book.pdf"
    book.write(puzzles, path, per_page=2, title="Four tilings", author="A. Setter", solutions=True)
    return path


# --------------------------------------------------------------------------- reading a page's drawing
def rgb(name: str) -> tuple[int, int, int]:
    code = COLOURS[name].lstrip("#")
    return tuple(int(code[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def strokes(page: object) -> list[tuple[tuple[int, int, int] | None, list[tuple[float, float]], bool]]:
    """Every stroked subpath of a page's content stream: its colour, points, closed?"""
    from pypdf.generic import ContentStream

    ops = ContentStream(page.get_contents(), page.pdf).operations  # type: ignore[attr-defined]
    colour, saved, path, found = None, [], [], []
    for operands, op in ops:
        assert op != b"cm", "a transformation matrix: this reader would need to apply it"
        if op == b"q":
            saved.append(colour)
        elif op == b"Q":
            colour = saved.pop()
        elif op == b"RG":
            colour = tuple(round(255 * float(v)) for v in operands)
        elif op == b"G":
            colour = (round(255 * float(operands[0])),) * 3
        elif op == b"m":
            path.append([[(float(operands[0]), float(operands[1]))], False])
        elif op == b"l":
            path[-1][0].append((float(operands[0]), float(operands[1])))
        elif op == b"h":
            path[-1][1] = True
        elif op in (b"S", b"s"):
            found += [(colour, pts, closed or op == b"s") for pts, closed in path]
            path = []
        elif op in (b"f", b"F", b"f*", b"n", b"B", b"B*", b"b", b"b*"):
            path = []
    return found


def boards(page: object) -> list[tuple[list[tuple[tuple[float, float], tuple[float, float]]], tuple[float, ...]]]:
    """The boards of a page: its grid segments joined where they meet, and the box of each."""
    segments = [(a, b) for colour, pts, _ in strokes(page) if colour == rgb("grid") for a, b in zip(pts, pts[1:])]
    parent: dict[tuple[float, float], tuple[float, float]] = {}

    def root(p: tuple[float, float]) -> tuple[float, float]:
        while parent.setdefault(p, p) != p:
            p = parent[p]
        return p

    for a, b in segments:
        parent[root(a)] = root(b)
    groups: dict[tuple[float, float], list] = {}
    for a, b in segments:
        groups.setdefault(root(a), []).append((a, b))
    out = []
    for segs in groups.values():
        xs = [p[0] for s in segs for p in s]
        ys = [p[1] for s in segs for p in s]
        out.append((segs, (min(xs), min(ys), max(xs), max(ys))))
    return out


def drawn_answer(puzzle: Puzzle, box: tuple[float, ...], loops: list) -> list[tuple[str, str]]:
    """The links drawn in ``box``: loop segments mapped back to the puzzle's edges by
    the geometry (the page is the geometry scaled and moved, y up in both)."""
    geo = layout(puzzle).geometry
    used = {v for e in puzzle.edges for v in e}
    gx = [geo.points[v][0] for v in used]
    gy = [geo.points[v][1] for v in used]
    scale = (box[2] - box[0]) / (max(gx) - min(gx))
    assert scale == pytest.approx((box[3] - box[1]) / (max(gy) - min(gy)), rel=1e-3)

    def vertex(p: tuple[float, float]) -> int:
        x, y = min(gx) + (p[0] - box[0]) / scale, min(gy) + (p[1] - box[1]) / scale
        v = min(used, key=lambda v: (geo.points[v][0] - x) ** 2 + (geo.points[v][1] - y) ** 2)
        assert abs(geo.points[v][0] - x) + abs(geo.points[v][1] - y) < 0.05, "a loop corner at no vertex"
        return v

    links = []
    for pts, closed in loops:
        if not all(box[0] - 1 <= x <= box[2] + 1 and box[1] - 1 <= y <= box[3] + 1 for x, y in pts):
            continue
        ring = [vertex(p) for p in pts] + ([vertex(pts[0])] if closed else [])
        links += [puzzle.find_edge(u, v) for u, v in zip(ring, ring[1:])]
    assert None not in links and len(set(links)) == len(links), "a loop segment along no edge, or twice"
    return puzzle.links(links)


# --------------------------------------------------------------------------- tests
def test_the_book_reads_back_with_its_title_and_headings(made: Path, puzzles: list[Puzzle]) -> None:
    reader = pypdf.PdfReader(made)
    # a title page, 4 puzzles 2 to a page, their answers 6 to a page
    assert len(reader.pages) == 1 + 2 + 1
    assert reader.metadata.title == "Four tilings" and reader.metadata.author == "A. Setter"
    first = reader.pages[0].extract_text()
    assert "Four tilings" in first and "A. Setter" in first and "4 puzzles" in first
    text = "\n".join(page.extract_text() for page in reader.pages[1:3])
    for number, label in enumerate(("square 4x4", "hats 6x6", "penrose-p3 6x6", f"{len(puzzles[3].cells)} cells"), 1):
        assert f"{number}" in text and label in text
    used = reader.pages[1]["/Resources"]["/Font"].values()
    fonts = [f.get_object()["/DescendantFonts"][0].get_object() for f in used]
    assert font_file() is None or all("/FontFile2" in f["/FontDescriptor"] for f in fonts)


def test_puzzle_pages_do_not_give_the_answers_away(made: Path) -> None:
    reader = pypdf.PdfReader(made)
    for page in reader.pages[1:3]:
        drawn = strokes(page)
        assert any(colour == rgb("grid") for colour, _, _ in drawn)
        assert not any(colour == rgb("loop") for colour, _, _ in drawn)


def test_the_answers_drawn_are_valid_answers(made: Path, puzzles: list[Puzzle]) -> None:
    page = pypdf.PdfReader(made).pages[3]
    loops = [(pts, closed) for colour, pts, closed in strokes(page) if colour == rgb("loop")]
    found = boards(page)
    assert len(found) == len(puzzles)
    by_edges = {len(p.edges): p for p in puzzles}
    for segments, box in found:
        puzzle = by_edges[len(segments)]
        links = drawn_answer(puzzle, box, loops)
        report = check(puzzle, links)
        assert report.valid, (puzzle.source, [str(v) for v in report.violations])


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils' pdftoppm")
def test_a_page_has_its_boards_inside_the_margins(made: Path, tmp_path: Path) -> None:
    from PIL import Image

    dpi = 40
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", "2", "-l", "2", str(made), str(tmp_path / "p")],
                   check=True, timeout=60)
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("L")
    mm = dpi / 25.4
    width, height = PAPERS["a4"]
    assert image.size == (round(width * mm), round(height * mm))
    inked = image.point(lambda v: 255 if v < 200 else 0)
    assert inked.getbbox() is not None and sum(inked.histogram()[255:]) > 0.02 * image.size[0] * image.size[1]
    body = inked.crop((0, round(TOP * mm), image.size[0], round((height - BOTTOM) * mm)))
    left, _, right, _ = body.getbbox()
    assert left >= (SIDE - 0.5) * mm and right <= (width - SIDE + 0.5) * mm
    margins = [inked.crop((0, 0, round((SIDE - 1) * mm), image.size[1])),
               inked.crop((round((width - SIDE + 1) * mm), 0, image.size[0], image.size[1]))]
    assert all(m.getbbox() is None for m in margins)


needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils' pdftoppm")


def page_image(pdf: Path | bytes, number: int, dpi: int, tmp_path: Path) -> object:
    """Page ``number`` of a PDF (a file or its bytes) as an RGB Pillow image, by pdftoppm."""
    from PIL import Image

    if isinstance(pdf, bytes):
        (tmp_path / "page.pdf").write_bytes(pdf)
        pdf = tmp_path / "page.pdf"
    stem = tmp_path / f"page-{number}-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", str(number), "-l", str(number), str(pdf),
                    str(stem)], check=True, timeout=60)
    return Image.open(stem.with_suffix(".png")).convert("RGB")


def toned(image: object, box: tuple[int, int, int, int]) -> float:
    """The share of the pixels in ``box`` that are not white: what toner covers."""
    grey = image.crop(box).convert("L")  # type: ignore[attr-defined]
    counts = grey.histogram()
    return 1 - sum(counts[250:]) / sum(counts)


def body_box(image: object, mm: float) -> tuple[int, int, int, int]:
    """The box of what is drawn between the running head and the page number (``mm``:
    pixels per millimetre)."""
    inked = image.convert("L").point(lambda v: 255 if v < 200 else 0)  # type: ignore[attr-defined]
    top, bottom = round(TOP * mm), round(inked.size[1] - BOTTOM * mm)
    left, upper, right, lower = inked.crop((0, top, inked.size[0], bottom)).getbbox()
    return left, upper + top, right, lower + top


@needs_pdftoppm
def test_cells_print_white_for_pen_and_paper(puzzles: list[Puzzle], tmp_path: Path) -> None:
    path = tmp_path / "one.pdf"
    book.write([puzzles[0]], path, per_page=1)
    dpi = 40
    image = page_image(path, 1, dpi, tmp_path)
    left, top, right, bottom = body_box(image, dpi / 25.4)
    board = (left, top + round(8 * dpi / 25.4), right, bottom)  # below the heading
    # the grid, the dots and 16 clues ink about a tenth of a 4x4 board; grey cells all of it
    assert toned(image, board) < 0.25


@needs_pdftoppm
@pytest.mark.parametrize(("size", "paper"), [((4, 4), "a4"), ((8, 4), "a4"), ((8, 3), "letter")])
def test_one_puzzle_to_a_page_is_as_large_as_the_page_allows_and_centred(size: tuple[int, int], paper: str,
                                                                         tmp_path: Path) -> None:
    path = tmp_path / "one.pdf"
    book.write([clued(tilings.build("square", *size))], path, per_page=1, paper=paper)
    dpi = 40
    mm = dpi / 25.4
    image = page_image(path, 1, dpi, tmp_path)
    assert sorted(image.size) == sorted(round(v * mm) for v in PAPERS[paper])
    left, top, right, bottom = body_box(image, mm)
    page_w, page_h = image.size
    content = (page_w - 2 * SIDE * mm) * (page_h - (TOP + BOTTOM) * mm)
    assert (right - left) * (bottom - top) > 0.5 * content  # a wide board on a portrait page: 0.35 of it
    assert abs((top + bottom) / 2 - (TOP * mm + page_h - BOTTOM * mm) / 2) < 3 * mm  # not at the top alone
    assert abs((left + right) / 2 - page_w / 2) < 3 * mm


def collection(folder: Path, puzzles: list[Puzzle], grades: list[str]) -> Path:
    """A folder as ``generate --count`` leaves it, with a failed puzzle and a line cut short."""
    lines = []
    for k, (p, grade) in enumerate(zip(puzzles, grades)):
        formats.save(p, folder / f"p{k}.lp")
        lines.append(json.dumps({"number": k, "file": f"p{k}.lp", "tiling": "t", "size": f"{k}x{k}", "grade": grade}))
    lines.insert(1, json.dumps({"number": 9, "file": "gone.lp", "failed": "no puzzle"}))
    (folder / "index.jsonl").write_text("\n".join(lines) + '\n{"number": 7, "fi\n')
    return folder


def test_the_command_prints_a_collection_easiest_first(puzzles: list[Puzzle], tmp_path: Path) -> None:
    folder = collection(tmp_path / "c", puzzles, ["hard", "easy", "normal", "easy"])
    out = tmp_path / "sorted.pdf"
    assert main(["book", str(folder), "-o", str(out), "--sort", "grade", "--per-page", "1", "--paper", "letter"]) == 0
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 4
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
    assert (round(width, 1), round(height, 1)) == PAPERS["letter"]
    heads = [page.extract_text() for page in reader.pages]
    assert [re.search(r"\bt (\d+x\d+)", h).group(1) for h in heads] == ["1x1", "3x3", "2x2", "0x0"]
    assert ["easy" in heads[0], "easy" in heads[1], "normal" in heads[2], "hard" in heads[3]] == [True] * 4


def test_walkthroughs_keep_to_their_budget_and_end_at_the_answer(puzzles: list[Puzzle], tmp_path: Path) -> None:
    pytest.importorskip("pysat")
    from stepcheck import answers

    out = tmp_path / "walk.pdf"
    book.write(puzzles[:2], out, per_page=2, explain=True, explain_pages=1)
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 1 + 2
    for number, (puzzle, page) in enumerate(zip(puzzles, reader.pages[1:]), 1):
        text = page.extract_text()
        assert f"Walkthrough of puzzle {number}" in text and "Step" in text
        (answer,) = answers(puzzle)  # the one answer, by the SAT checker
        loops = [(pts, closed) for colour, pts, closed in strokes(page) if colour == rgb("loop")]
        pictures = sorted(boards(page), key=lambda b: (-b[1][3], b[1][0]))  # top to bottom, left to right
        assert len(pictures) > 1
        drawn = [{puzzle.find_edge(*map(puzzle.vertex_index.get, pair)) for pair in
                  drawn_answer(puzzle, box, loops)} for _, box in pictures]
        assert all(lines <= answer for lines in drawn)  # no picture draws a line the answer lacks
        assert all(a <= b for a, b in zip(drawn, drawn[1:]))  # each picture keeps the lines before it
        assert drawn[-1] == answer and check(puzzle, puzzle.links(drawn[-1])).valid


TRICKY_7x7 = "7x7t0:c222f2b231a0a3b3a1221e22a1a333a1a2b"
"""A generated tricky puzzle: its tricky steps lie among long runs of easy ones."""


def test_a_walkthrough_pictures_every_step_above_easy_even_past_its_budget(tmp_path: Path) -> None:
    from slitherasp.explain import explain

    puzzle = formats.read_text(TRICKY_7x7)
    steps = explain(puzzle).steps
    harder = [k + 1 for k, s in enumerate(steps) if s.level > 1]
    assert len(harder) > 6  # more than the one page of pictures the budget gives
    reader = pypdf.PdfReader(book.write([puzzle], tmp_path / "w.pdf", explain=True, explain_pages=1) and
                             tmp_path / "w.pdf")
    text = "\n".join(page.extract_text() for page in reader.pages[1:])
    assert {int(n) for n in re.findall(r"\bStep (\d+):", text)} >= set(harder)
    runs = [(int(a), int(b)) for a, b in re.findall(r"\bSteps (\d+)-(\d+):", text)]
    assert runs and not [k for a, b in runs for k in harder if a <= k <= b]  # a folded run holds easy steps only
    assert len(reader.pages) == 1 + math.ceil((len(harder) + (steps[-1].level == 1)) / 6)  # and the last easy run


FIENDISH_6x6 = "6x6t0:c3a311d233a3c2g2a31b2a"
"""A generated fiendish puzzle: its fiendish steps name four rules."""


def test_walkthrough_captions_wrap_rather_than_being_cut(tmp_path: Path) -> None:
    from slitherasp.explain import explain

    puzzle = formats.read_text(FIENDISH_6x6)
    long = [f"Step {k + 1}: {s.level_name}, {', '.join(s.rules)}" for k, s in enumerate(explain(puzzle).steps)
            if len(s.rules) > 3]
    reader = pypdf.PdfReader(book.write([puzzle], tmp_path / "w.pdf", explain=True) and tmp_path / "w.pdf")
    text = " ".join(page.extract_text().replace("\n", " ") for page in reader.pages[1:])
    assert "…" not in text and long and all(line in text for line in long)
    folded = re.findall(r"after easy steps? [\d-]+, drawn without colour \(([^)]*)\)", text)
    assert len(folded) == text.count("after easy") and all(re.fullmatch(
        r"(\d+ lines?)?(, )?(\d+ cross(es)?)?", counts) for counts in folded)


@pytest.mark.parametrize(("args", "says"), [
    (["missing.lp"], "missing.lp"),
    (["{puzzle}", "-o", "{tmp}/book.svg"], "must end in .pdf"),
    (["{puzzle}", "--per-page", "3"], "invalid choice"),
])
def test_bad_input_is_one_line_and_writes_nothing(args: list[str], says: str, puzzles: list[Puzzle], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    formats.save(puzzles[0], tmp_path / "p.lp")
    args = [a.format(puzzle=tmp_path / "p.lp", tmp=tmp_path) for a in args]
    if "-o" not in args:
        args += ["-o", str(tmp_path / "book.pdf")]
    with pytest.raises(SystemExit) if says == "invalid choice" else contextlib.nullcontext():
        assert main(["book", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert says in err[-1] and not any("Traceback" in line for line in err)
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".pdf"] == []


def test_a_bad_index_line_is_named(puzzles: list[Puzzle], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = collection(tmp_path, puzzles[:1], ["easy"])
    with open(folder / "index.jsonl", "a") as index:
        index.write('\n{"number": 3, "file": "../elsewhere.lp"}\n')
    assert main(["book", str(folder), "-o", str(tmp_path / "b.pdf")]) == 2
    assert "index.jsonl:5: " in capsys.readouterr().err


def test_without_fpdf2_the_command_says_how_to_install_it(puzzles: list[Puzzle], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "fpdf", None)
    formats.save(puzzles[0], tmp_path / "p.lp")
    assert main(["book", str(tmp_path / "p.lp"), "-o", str(tmp_path / "b.pdf")]) == 2
    assert install("print") in capsys.readouterr().err
    assert not (tmp_path / "b.pdf").exists()


def test_a_title_the_font_lacks_is_one_line_of_ours(puzzles: list[Puzzle], tmp_path: Path) -> None:
    """fpdf2 logged its own warning, broken over lines where the title breaks."""
    if font_file() is None:
        pytest.skip("no TrueType font on this system: Helvetica is used (the next test)")
    formats.save(puzzles[0], tmp_path / "p.lp")
    done = subprocess.run([sys.executable, "-m", "slitherasp.cli", "book", str(tmp_path / "p.lp"), "-o",
                           str(tmp_path / "b.pdf"), "--title", "Line one\nline two \u6570\u72ec"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    note, written = done.stderr.splitlines()
    assert note.startswith("slitherasp: note: the font has no glyph for ") and note.isprintable()
    assert "'\\n'" in note and "\u6570" in note and written.startswith("slitherasp: 1 puzzle in")


def test_a_title_helvetica_lacks_is_one_line(puzzles: list[Puzzle], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Where no TrueType font is found, fpdf2's exception was an internal error (exit 70)."""
    import slitherasp.render.pdf

    monkeypatch.setattr(slitherasp.render.pdf, "font_file", lambda: None)
    formats.save(puzzles[0], tmp_path / "p.lp")
    assert main(["book", str(tmp_path / "p.lp"), "-o", str(tmp_path / "b.pdf"), "--title", "\u6570\u72ec"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == ["slitherasp: error: no TrueType font was found, and the PDF's own Helvetica has no "
                                "'\u6570': install DejaVu Sans, or name a .ttf file in SLITHERASP_FONT"]
    assert not (tmp_path / "b.pdf").exists()


def test_a_stop_request_writes_no_book(puzzles: list[Puzzle], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from slitherasp.model.stopping import StoppedError

    calls = []

    def stop_at_the_second() -> None:
        calls.append(1)
        if len(calls) > 1:
            raise StoppedError("interrupt")

    monkeypatch.setattr(book, "check", stop_at_the_second)
    formats.save(puzzles[0], tmp_path / "p.lp")
    (tmp_path / "b.pdf").write_bytes(b"an older book")
    assert main(["book", str(tmp_path / "p.lp"), str(tmp_path / "p.lp"), "-o", str(tmp_path / "b.pdf"),
                 "--force"]) == 130
    assert "no book was written" in capsys.readouterr().err
    assert (tmp_path / "b.pdf").read_bytes() == b"an older book"
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_the_book_module_loads_no_pdf_library() -> None:
    probe = "import sys, slitherasp.book; print('fpdf' in sys.modules, 'numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]



# --------------------------------------------------------------------------- the web app's Print PDF
LOOPY_7x7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"


def test_the_web_api_prints_one_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import base64
    import io

    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from slitherasp.web.app import create_app

    client = TestClient(create_app())
    r = client.post("/api/print", json={"puzzle": LOOPY_7x7, "paper": "letter"})
    assert r.status_code == 200
    reader = pypdf.PdfReader(io.BytesIO(base64.b64decode(r.json()["pdf"])))
    assert len(reader.pages) == 1 and "square 7x7" in reader.pages[0].extract_text()
    assert round(float(reader.pages[0].mediabox[2]) * 25.4 / 72, 1) == PAPERS["letter"][0]
    assert client.post("/api/print", json={"puzzle": LOOPY_7x7, "paper": "a5"}).status_code == 400
    monkeypatch.setitem(sys.modules, "fpdf", None)
    missing = client.post("/api/print", json={"puzzle": LOOPY_7x7})
    assert missing.status_code == 400 and install("print") in missing.json()["error"]


@needs_pdftoppm
def test_the_web_apis_print_pdf_has_white_cells(tmp_path: Path) -> None:
    import base64

    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from slitherasp.web.app import create_app

    r = TestClient(create_app()).post("/api/print", json={"puzzle": LOOPY_7x7})
    dpi = 40
    image = page_image(base64.b64decode(r.json()["pdf"]), 1, dpi, tmp_path)
    left, top, right, bottom = body_box(image, dpi / 25.4)
    assert toned(image, (left, top + round(8 * dpi / 25.4), right, bottom)) < 0.25


@pytest.fixture(scope="module")
def page():  # type: ignore[no-untyped-def]
    """The page in a headless Chromium, on a server in this process (skips without one)."""
    pytest.importorskip("uvicorn")
    from test_web_page import served_page

    with served_page() as served:
        yield served


def test_the_page_saves_a_pdf_or_says_why_it_cannot(page, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import base64
    import io

    page.open(LOOPY_7x7)
    page.js("window.saved = null; URL.createObjectURL = (blob) => { window.saved = blob; return 'blob:none'; }")
    page.b.find_element("css selector", "details:has(button[data-action=pdf]) summary").click()
    page.act("pdf")
    page.wait(lambda: "puzzle.pdf" in page.status())
    data = page.b.execute_async_script(
        "const done = arguments[0]; const r = new FileReader();"
        "r.onload = () => done([window.saved.type, r.result.split(',')[1]]); r.readAsDataURL(window.saved);")
    assert data[0] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(base64.b64decode(data[1])))
    assert len(reader.pages) == 1 and "square 7x7" in reader.pages[0].extract_text()
    monkeypatch.setitem(sys.modules, "fpdf", None)
    page.act("pdf")
    page.wait(lambda: "print part" in page.status())
    assert install("print") in page.status() and "fpdf" not in page.status()  # the server's advice
