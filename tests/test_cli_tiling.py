"""The tiling and drawing commands as a user meets them: files written, drawings made,
one-line errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slitherasp import formats, tilings
from slitherasp.cli import main
from slitherasp.formats.lp import read_answer
from slitherasp.validate import check


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tiling_list_names_every_tiling_once(capsys) -> None:
    code, out, _ = run(capsys, "tiling", "list")
    names = [line.split()[0] for line in out.splitlines()]
    assert code == 0 and sorted(names) == sorted(tilings.TILINGS)
    code, out, _ = run(capsys, "tiling", "list", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert {r["name"] for r in rows} == set(tilings.TILINGS)
    assert all(r["family"] and r["faces"] for r in rows)


@pytest.mark.parametrize("name", ["cairo", "penrose-p2", "altair"])
def test_tiling_writes_facts_and_geometry_that_read_back(capsys, tmp_path: Path, name: str) -> None:
    code, out, _ = run(capsys, "tiling", name, "--size", "5x4", "--seed", "5", "-o", str(tmp_path))
    assert code == 0
    lp = next(tmp_path.glob("*.lp"))
    assert lp.with_name(lp.name.removesuffix(".lp") + ".geo.json").is_file()
    back = formats.read_file(lp)
    built = tilings.build(name, 5, 4, seed=5)
    assert back.geometry is not None and back.tiling == built.tiling
    assert (len(back.vertices), len(back.edges), len(back.cells)) == (
        len(built.vertices), len(built.edges), len(built.cells))
    assert back.clue_count() == 0


def test_planted_clues_come_with_a_valid_answer(capsys, tmp_path: Path) -> None:
    code, _, _ = run(capsys, "tiling", "kites", "--size", "3", "--seed", "2", "--planted-clues", "-o", str(tmp_path))
    assert code == 0
    lp = tmp_path / "kites-3x3.lp"
    puzzle = formats.read_file(lp)
    assert puzzle.clue_count() == len(puzzle.cells)
    answer = read_answer(formats.answer_path(lp).read_text())
    assert check(puzzle, answer).valid
    code, out, _ = run(capsys, "solve", str(lp), "--json")
    assert code == 0 and check(puzzle, [tuple(p) for p in json.loads(out)["links"]]).valid


def test_tiling_polygons_from_wkt(capsys, tmp_path: Path) -> None:
    src = tmp_path / "shapes.wkt"
    src.write_text("POLYGON((0 0, 2 0, 2 1, 0 1, 0 0))\nPOLYGON((0 1, 1 1, 1 2, 0 2, 0 1))\n"
                   "POLYGON((1 1, 2 1, 2 2, 1 2, 1 1))\n")
    code, _, _ = run(capsys, "tiling", "polygons", str(src), "-o", str(tmp_path / "o"))
    assert code == 0
    p = formats.read_file(tmp_path / "o" / "shapes.lp")
    # the T-junction at (1, 1) splits the long rectangle's top side
    assert sorted(len(es) for es in p.cell_edges) == [4, 4, 5]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["tiling", "nosuch", "-o", "x"], "unknown tiling 'nosuch'"),
        (["tiling", "square", "--size", "0", "-o", "x"], "out of range"),
        (["tiling", "square", "--size", "3"], "-o DIR"),
        (["tiling", "polygons", "-o", "x"], "GeoJSON or WKT"),
        (["tiling", "polygons", "missing.wkt", "-o", "x"], "missing.wkt: no such file"),
    ],
)
def test_tiling_bad_requests_are_one_line(capsys, argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_polygons_that_do_not_tile_are_refused(capsys, tmp_path: Path) -> None:
    src = tmp_path / "bad.wkt"
    src.write_text("POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))\nPOLYGON((0.5 0.5, 2 0.5, 2 2, 0.5 2, 0.5 0.5))\n")
    code, _, err = run(capsys, "tiling", "polygons", str(src), "-o", str(tmp_path))
    assert code == 2 and "overlap" in err and len(err.strip().splitlines()) == 1


def test_render_svg_png_and_unicode(capsys, tmp_path: Path) -> None:
    run(capsys, "tiling", "square", "--size", "3", "--seed", "1", "--planted-clues", "-o", str(tmp_path))
    lp = tmp_path / "square-3x3.lp"
    ans = formats.answer_path(lp)
    code, _, _ = run(capsys, "render", str(lp), "--answer", str(ans), "-o", str(tmp_path / "a.svg"), "--shade")
    doc = (tmp_path / "a.svg").read_text()
    assert code == 0 and doc.count('class="clue"') == 9 and 'class="loop"' in doc
    code, _, _ = run(capsys, "render", str(lp), "-o", str(tmp_path / "a.png"))
    pytest.importorskip("PIL")
    assert code == 0 and (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"
    code, out, _ = run(capsys, "render", str(lp), "--answer", str(ans))
    assert code == 0 and len(out.splitlines()) == 7 and any(ch in out for ch in "┌┐└┘")


def test_render_needs_svg_or_png_and_unicode_needs_squares(capsys, tmp_path: Path) -> None:
    run(capsys, "tiling", "honeycomb", "--size", "3", "-o", str(tmp_path))
    lp = tmp_path / "honeycomb-3x3.lp"
    code, _, err = run(capsys, "render", str(lp))
    assert code == 2 and "square grid" in err
    code, _, err = run(capsys, "render", str(lp), "-o", str(tmp_path / "x.gif"))
    assert code == 2 and ".svg or .png" in err


def test_solve_renders_its_answer(capsys, tmp_path: Path) -> None:
    run(capsys, "tiling", "square", "--size", "3", "--seed", "4", "--planted-clues", "-o", str(tmp_path))
    lp = tmp_path / "square-3x3.lp"
    code, out, _ = run(capsys, "solve", str(lp), "--render", str(tmp_path / "s.svg"), "--draw")
    assert code == 0 and 'class="loop"' in (tmp_path / "s.svg").read_text()
    assert check(formats.read_file(lp), read_answer(out)).valid
    assert any(ch in out for ch in "┌┐└┘")
