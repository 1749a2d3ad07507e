"""Every format through the command line: solve, check, batch, facts and convert take
them all, convert refuses what a format cannot hold, and bad input is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_formats import SEED_ESSENCE, SEED_FORMS

from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.formats import FORMATS, read_file, read_text, write_text
from slitherasp.formats.loopy import write as write_loopy
from slitherasp.formats.lp import read_instance
from slitherasp.make.generate import planted
from slitherasp.validate import check

REFERENCE = read_text(SEED_ESSENCE, "<seed>", "essence")
FILES = {**SEED_FORMS, "lp": write_text(REFERENCE, "lp")}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str, where: str) -> None:
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"slitherasp: error: {where}"), err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """The seed puzzle in every format, each under its format's first extension."""
    out = {}
    for fmt, text in FILES.items():
        path = tmp_path / f"seed{FORMATS[fmt].extensions[0]}"
        path.write_text(text)
        out[fmt] = path
    return out


@pytest.mark.parametrize("fmt", sorted(FILES))
def test_solve_check_and_facts_take_every_format(capsys, files: dict[str, Path], fmt: str) -> None:
    path = files[fmt]
    code, out, _ = run(capsys, "solve", str(path), "--unique", "--json")
    result = json.loads(out)
    assert code == 0 and result["unique"] is True
    assert check(REFERENCE, [tuple(link) for link in result["links"]]).valid
    answer = path.with_name("answer.json")
    answer.write_text(out)
    code, out, _ = run(capsys, "check", str(path), str(answer))
    assert code == 0 and out.startswith("VALID")
    code, out, _ = run(capsys, "facts", str(path), "--plain")
    facts = read_instance(out, "<facts>")
    assert code == 0
    assert sorted(zip(facts.cells, facts.clues), key=str) == sorted(zip(REFERENCE.cells, REFERENCE.clues), key=str)


def test_batch_on_a_folder_takes_every_extension(capsys, files: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("not an instance\n")
    (tmp_path / "build.py").write_text("# a script beside the puzzles\nimport sys\nprint(sys.argv)\n")
    code, out, err = run(capsys, "batch", str(tmp_path), "--json", "--unique", "--no-progress")
    lines = [json.loads(s) for s in out.splitlines()]
    assert code == 0, err
    assert sorted(Path(s["instance"]).suffix for s in lines) == sorted(FORMATS[f].extensions[0] for f in FILES)
    assert all(s["result"] == "SATISFIABLE" and s["unique"] is True for s in lines)


def test_solve_reads_standard_input_in_any_format(capsys, monkeypatch) -> None:
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(SEED_FORMS["pzpr"]))
    code, out, _ = run(capsys, "solve", "-", "--json")
    assert code == 0 and check(REFERENCE, [tuple(link) for link in json.loads(out)["links"]]).valid


@pytest.mark.parametrize("fmt", sorted(f for f in FORMATS if FORMATS[f].write and f != "lp"))
def test_convert_text_to_every_format_and_back(capsys, files: dict[str, Path], tmp_path: Path, fmt: str) -> None:
    code, out, _ = run(capsys, "convert", str(files["text"]), "--to", fmt)
    assert code == 0 and read_text(out, "<out>", fmt) == REFERENCE
    target = tmp_path / "out" / f"again{FORMATS[fmt].extensions[0]}"
    code, out, _ = run(capsys, "convert", str(files["text"]), "-o", str(target))  # format by extension
    assert code == 0 and out.strip() == str(target)
    code, out, _ = run(capsys, "convert", str(target), "--to", "text")
    assert code == 0 and out == FILES["text"]


@pytest.mark.parametrize("game_id", ["5x4t2:a2b3c1e0d3", "7x7t12:82DYCCXDY_a120a02b2c1a2b",
                                     "6x6t16:3,3,1,4,H_a070bB6a4b29Aa", "6x6t17:A0452F_6c0aBa0d"])
def test_loopy_ids_survive_facts_with_their_geometry(capsys, tmp_path: Path, game_id: str) -> None:
    src = tmp_path / "p.loopy"
    src.write_text(game_id + "\n")
    code, out, _ = run(capsys, "convert", str(src), "--to", "lp", "-o", str(tmp_path / "p.lp"))
    assert code == 0 and out.split() == [str(tmp_path / "p.lp"), str(tmp_path / "p.geo.json")]
    code, out, _ = run(capsys, "convert", str(tmp_path / "p.lp"), "--to", "loopy")
    assert code == 0 and out.strip() == game_id


def test_convert_refuses_what_a_format_cannot_hold(capsys, tmp_path: Path) -> None:
    cairo, _ = planted(tilings.build("cairo", 4, 4), seed=2)
    src = tmp_path / "c.loopy"
    src.write_text(write_loopy(cairo))
    for fmt in ("pzpr", "text", "essence", "pylist", "pzprv3"):
        code, _, err = run(capsys, "convert", str(src), "--to", fmt)
        one_line_error(code, err, f"{src}: the {fmt} format only holds square grids; "
                                  "this puzzle is on the cairo tiling")
    code, out, _ = run(capsys, "convert", str(src), "--to", "loopy")
    assert code == 0 and read_file(src).clues == read_text(out, "<again>").clues
    four = tmp_path / "four.txt"
    four.write_text("1 2\n4 -\n")
    code, _, err = run(capsys, "convert", str(four), "--to", "essence")
    one_line_error(code, err, f"{four}: the Essence model cannot hold the clue 4")
    code, _, err = run(capsys, "convert", str(four))
    one_line_error(code, err, "name the output format with --to; choose from lp, loopy")
    code, _, err = run(capsys, "convert", str(four), "--to", "svg")
    one_line_error(code, err, "cannot write format 'svg'")
    code, _, err = run(capsys, "convert", str(four), "-o", str(tmp_path / "x.unknown"))
    one_line_error(code, err, "name the output format with --to")
    code, _, err = run(capsys, "convert", str(tmp_path / "missing.txt"), "--to", "pzpr")
    one_line_error(code, err, f"{tmp_path / 'missing.txt'}: no such file")


BAD = {
    "text": ("bad.txt", "2 2\n- 5\n- -\n", ":2:3: clue 5 is larger than 4"),
    "essence": ("bad.param", "letting grid be [[0,1],\n [2]]", ":2:2: grid row 2 has 1 entries"),
    "pylist": ("bad.py", "[[None, 1],\n [2, 'x']]", ":2:6: bad entry 'x'"),
    "pzpr": ("bad.url", "https://puzz.link/p?slither/3/3/f", ":1:33: bad character 'f' in the URL body"),
    "pzprv3": ("bad.pzprv3", "pzprv3\nslither\n1\n2\n. x\n", ":5:3: bad cell 'x'"),
    "loopy": ("bad.loopy", "5x5t0:a1d10a2b2a1d2#2a3a", ":1:20: bad character '#'"),
    "lp": ("bad.lp", "edge(1,2).\nedge(2,1).", ":2:1: edge(2,1) repeats edge(1,2)"),
}


@pytest.mark.parametrize("fmt", sorted(BAD))
def test_malformed_input_is_one_line_and_exit_code_2(capsys, tmp_path: Path, fmt: str) -> None:
    name, text, message = BAD[fmt]
    path = tmp_path / name
    path.write_text(text)
    for command in (["solve", str(path)], ["facts", str(path)], ["convert", str(path), "--to", "lp"]):
        code, out, err = run(capsys, *command)
        one_line_error(code, err, f"{path}{message}")
        assert out == ""
    anonymous = tmp_path / "bad.dat"  # no extension: --format names it
    anonymous.write_text(text)
    code, _, err = run(capsys, "solve", str(anonymous), "--format", fmt)
    one_line_error(code, err, f"{anonymous}{message}")
