"""What a puzzle's outputs show before its answer is asked for (issue 45): a puzzle
drawn alone, in every back end, shows its faces, clues and animals and nothing of
its answer: no line, no cross, no loop, no shading, no clue judged wrong or done.

Each output is looked at as it is drawn: the scene (what SVG, PNG, PDF and the web
page draw) for Slitherlink and every variant on several tilings, the pixels of a
book's puzzle pages made with and without ``--solutions``, the pixels of ``render``'s
PNG and the elements of its SVG, and an explanation step's picture, whose lines and
crosses are held to the SAT judge of ``stepcheck``. The answers drawn beside them
(to show that each check can fail) are judged by the independent checkers.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from stepcheck import answers

from slitherasp import tilings
from slitherasp.kinds import kind_of, scene_of
from slitherasp.kinds.variant import variant
from slitherasp.make.loops import random_loop
from slitherasp.make.variants import full_clues, planted
from slitherasp.render.scene import Scene

KINDS = ("classic", "vertex", "touch", "sheep-wolf", "lither", "full", "touch+full", "sheep-wolf+full")
"""Slitherlink and every variant."""
PATCHES = {("square", 5, 5): KINDS, ("honeycomb", 5, 5): KINDS, ("triangular", 4, 4): KINDS,
           ("cairo", 4, 4): KINDS[:5], ("hats", 6, 6): KINDS[:5]}
"""Tilings and the kinds drawn on each (all points where a loop can pass every vertex)."""


def made(tiling: str, w: int, h: int, kind: str, seed: int = 3) -> tuple[Any, frozenset[int]]:
    """A puzzle of ``kind`` with every clue of a planted answer (and for Sheep-Wolf a
    share of animals instead), and that answer, held to the kind's own checker."""
    blank = tilings.build(tiling, w, h, seed=0)
    rng = random.Random(seed)
    if kind == "classic":
        answer = random_loop(blank, seed=seed)
        puzzle: Any = blank.with_clues(blank.signature(answer))
    else:
        v = variant(blank, kind)
        found = planted(v, rng, 1)
        assert found is not None, (tiling, kind)
        answer = frozenset(found)
        puzzle = full_clues(v, answer, rng)
    assert kind_of(puzzle).check(puzzle, puzzle.links(answer)).valid
    return puzzle, answer


def given(puzzle: Any) -> tuple[set[tuple[int, str]], set[int]]:
    """What the puzzle itself gives: its clues (cell, text) and its animals' cells."""
    base = getattr(puzzle, "puzzle", puzzle)
    clues = {(c, str(k)) for c, k in enumerate(base.clues) if k is not None}
    return clues, set(getattr(puzzle, "sheep", ())) | set(getattr(puzzle, "wolves", ()))


def assert_puzzle_alone(s: Scene, puzzle: Any) -> None:
    """The scene draws the puzzle and nothing else: every edge empty and unstyled, no
    loop, plain faces, each clue once in the plain clue style, animals on their cells."""
    assert {(e.state, e.style) for e in s.edges} == {("empty", "")}
    assert s.loop == ()
    assert {f.style for f in s.faces} == {"face"}
    clues, animals = given(puzzle)
    drawn = [t for t in s.texts if t.kind == "clue"]
    assert {(t.cell, t.text) for t in drawn} == clues and len(drawn) == len(clues)
    assert {t.style for t in drawn} <= {"clue"}
    assert {f.cell for f in s.figures} == animals


CASES = [(t, w, h, k) for (t, w, h), kinds in PATCHES.items() for k in kinds]


@pytest.mark.parametrize(("tiling", "w", "h", "kind"), CASES, ids=[f"{t}-{k}" for t, _, _, k in CASES])
def test_a_puzzle_drawn_alone_shows_nothing_of_its_answer(tiling: str, w: int, h: int, kind: str) -> None:
    puzzle, answer = made(tiling, w, h, kind)
    assert_puzzle_alone(scene_of(puzzle), puzzle)
    assert_puzzle_alone(scene_of(puzzle, shade=True), puzzle)  # shading needs an answer: none here
    # the same puzzle with its answer draws it (so the checks above can fail), and no
    # cross on the other edges: an answer's drawing is its lines
    whole = scene_of(puzzle, sorted(answer))
    assert {e.index for e in whole.edges if e.state == "line"} == set(answer) and whole.loop
    assert {e.state for e in whole.edges} == {"line", "empty"}
    assert {t.style for t in whole.texts if t.kind == "clue"} == {"clue"}  # a right answer breaks no clue


# -- the book --------------------------------------------------------------------------------------
needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils' pdftoppm")


def pages(pdf: Path, first: int, last: int, dpi: int = 50) -> list[bytes]:
    """Pages ``first``..``last`` of a PDF rasterised by pdftoppm, as raw RGB pixels."""
    from PIL import Image

    stem = pdf.with_name(pdf.stem + "-page")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(first), "-l", str(last), str(pdf), str(stem)],
                   check=True, timeout=120)
    found = sorted(pdf.parent.glob(f"{stem.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [Image.open(p).convert("RGB").tobytes() for p in found]


def dark(pixels: bytes) -> int:
    """Pixels darker than mid-grey in every channel."""
    return sum(1 for i in range(0, len(pixels), 3) if max(pixels[i:i + 3]) < 128)


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    quiet = ("--no-progress",) if args[0] in ("generate", "book") else ()
    return subprocess.run([sys.executable, "-m", "slitherasp.cli", *args, *quiet], cwd=cwd, text=True,
                          capture_output=True, timeout=600)


@needs_pdftoppm
def test_the_issue_book_prints_the_same_puzzle_page_with_and_without_solutions(tmp_path: Path) -> None:
    pytest.importorskip("fpdf", reason="books need the 'print' extra (fpdf2)")
    pytest.importorskip("PIL")
    assert cli("generate", "square", "--size", "6x6", "--seed", "1", "-o", "g", cwd=tmp_path).returncode == 0
    for name, extra in (("plain", ()), ("sol", ("--solutions",))):
        done = cli("book", "g", "-o", f"{name}.pdf", *extra, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    (plain,) = pages(tmp_path / "plain.pdf", 1, 1)
    puzzle_page, answer_page = pages(tmp_path / "sol.pdf", 1, 2)
    assert puzzle_page == plain  # pixel for pixel
    assert dark(answer_page) > dark(puzzle_page)  # the answer is on its own page


@needs_pdftoppm
def test_variant_books_print_no_answer_on_their_puzzle_pages(tmp_path: Path) -> None:
    pytest.importorskip("fpdf", reason="books need the 'print' extra (fpdf2)")
    pytest.importorskip("PIL")
    from slitherasp import book

    puzzles = [made(t, w, h, k)[0] for t, w, h, k in (("cairo", 4, 4, "vertex"), ("hats", 6, 6, "sheep-wolf"),
                                                       ("honeycomb", 5, 5, "touch+full"), ("square", 5, 5, "lither"))]
    book.write(puzzles, tmp_path / "plain.pdf", per_page=4)
    book.write(puzzles, tmp_path / "sol.pdf", per_page=4, solutions=True)
    (plain,) = pages(tmp_path / "plain.pdf", 1, 1)
    puzzle_page, answer_page = pages(tmp_path / "sol.pdf", 1, 2)
    assert puzzle_page == plain and dark(answer_page) > dark(puzzle_page)


# -- render ----------------------------------------------------------------------------------------
def midpoints(png: Path, s: Scene) -> list[int]:
    """The grey level of a PNG drawn from ``s`` at each edge's middle."""
    from PIL import Image

    image = Image.open(png).convert("L")
    kx, ky = image.size[0] / s.width, image.size[1] / s.height
    return [image.getpixel((round((e.a[0] + e.b[0]) / 2 * kx), round((e.a[1] + e.b[1]) / 2 * ky))) for e in s.edges]


@pytest.mark.parametrize(("tiling", "w", "h", "kind"), [("square", 5, 5, "classic"), ("cairo", 4, 4, "touch"),
                                                        ("hats", 6, 6, "sheep-wolf")])
def test_render_without_an_answer_draws_no_line_or_cross(tiling: str, w: int, h: int, kind: str,
                                                         tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    from slitherasp.formats import save

    puzzle, answer = made(tiling, w, h, kind)
    save(puzzle, tmp_path / "p.lp", answer)  # its answer beside it, as generate writes it
    for out in ("p.png", "p.svg"):
        done = cli("render", "p.lp", "-o", out, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    done = cli("render", "p.lp", "--answer", "p.answer", "-o", "a.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    s = scene_of(puzzle)
    bare, drawn = midpoints(tmp_path / "p.png", s), midpoints(tmp_path / "a.png", s)
    assert min(bare) > 140  # grid lines only (a loop is near black, a cross mid-grey)
    assert max(drawn[e] for e in answer) < 100 and min(drawn[e] for e in range(len(drawn)) if e not in answer) > 140
    classes = set(re.findall(r'class="([^"]+)"', (tmp_path / "p.svg").read_text(encoding="utf-8")))
    assert not classes & {"loop", "cross", "mark"} and not any(c.startswith(("mark", "cross")) for c in classes)


def test_generate_writes_a_drawing_of_the_puzzle_alone(tmp_path: Path) -> None:
    for args in (("square", "--size", "5x5"), ("cairo", "--size", "4x4", "--variant", "vertex")):
        done = cli("generate", *args, "--seed", "2", "-o", "g", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    for drawing in (tmp_path / "g").glob("*.svg"):
        classes = set(re.findall(r'class="([^"]+)"', drawing.read_text(encoding="utf-8")))
        assert "clue" in classes and not classes & {"loop", "cross"}, drawing


# -- explanations ----------------------------------------------------------------------------------
def test_an_explained_step_draws_only_what_the_steps_so_far_settle() -> None:
    from slitherasp.explain import explain
    from slitherasp.explain.draw import step_scene

    puzzle = made("square", 5, 5, "classic", seed=4)[0]
    (answer,) = answers(puzzle)
    steps = explain(puzzle).steps
    assert len(steps) > 3
    known: dict[int, bool] = {}
    for step in steps:
        s = step_scene(puzzle, step, known)
        lines = {e.index for e in s.edges if e.state == "line"}
        crosses = {e.index for e in s.edges if e.state == "cross"}
        board = {**known, **dict(step.settles)}
        assert lines == {e for e, line in board.items() if line}
        assert crosses == {e for e, line in board.items() if not line}
        assert lines <= answer and not crosses & answer  # each one forced: in the one answer, or not
        assert {t.style for t in s.texts if t.kind == "clue"} <= {"clue", "reason"}
        known.update(step.settles)
    assert len(known) < len(puzzle.edges) or steps  # the last picture may be the whole board, settled


@pytest.mark.parametrize("kind", ["classic", "sheep-wolf", "vertex"])
def test_terminal_text_without_an_answer_draws_no_line(kind: str) -> None:
    from slitherasp.kinds import text_of as text

    puzzle, answer = made("square", 5, 5, kind)
    bare, solved = text(puzzle), text(puzzle, answer)
    assert not set(bare) & set("─│┌┐└┘├┤┬┴┼╴╵╶╷") and set(solved) & set("─│")
    clues, animals = given(puzzle)
    assert sorted(ch for ch in bare if ch.isdigit()) == sorted(k for _, k in clues)
    assert bare.count("S") + bare.count("W") == len(animals)
