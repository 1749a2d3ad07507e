"""No command writes over what it reads: an output that is one of its inputs (by the
same name, a symlink or a hard link) is refused in one line before the work, even with
``--force``, and a book replaces an existing file only with ``--force``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import grid

from slitherasp import formats, tilings
from slitherasp.cli.main import main
from slitherasp.formats.lp import write_instance

FACTS = write_instance(grid(2, 2, {(0, 0): 3}))
SLOOP = "2 2\n..\n..\n"
WKT = "POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))\n"


def refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The command exits 2 with one line ``slitherasp: error: ...`` and no traceback."""
    code = main(argv)
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if not line.startswith("slitherasp: note:")]
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("slitherasp: error: "), err
    return lines[0]


# the command line, the input it reads (its name and content) and --format where the name needs it
CASES = {
    "solve --answer-out": (["solve", "{in}", "--answer-out", "{in}"], "p.lp", FACTS),
    "solve --render": (["solve", "{in}", "--format", "lp", "--render", "{in}"], "p.svg", FACTS),
    "render -o": (["render", "{in}", "--format", "lp", "-o", "{in}"], "p.svg", FACTS),
    "render --answer": (["render", "{tmp}/q.lp", "--answer", "{in}", "-o", "{in}"], "a.svg", "link(0,1)."),
    "convert": (["convert", "{in}", "--to", "lp", "-o", "{in}", "--force"], "p.lp", FACTS),
    "convert (a sidecar read)": (["convert", "{tmp}/q.lp", "--to", "text", "-o", "{in}", "--force"], "q.geo.json",
                                 None),
    "sloop --render": (["sloop", "{in}", "--render", "{in}"], "p.svg", SLOOP),
    "tiling polygons": (["tiling", "polygons", "{in}", "-o", "{tmp}", "--force"], "p.lp", WKT),
    "book": (["book", "{in}", "--format", "lp", "-o", "{in}", "--force"], "p.pdf", FACTS),
}


@pytest.mark.parametrize("case", list(CASES))
def test_no_command_writes_over_its_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str) -> None:
    if case == "book":
        pytest.importorskip("fpdf")
    argv, name, content = CASES[case]
    formats.save(tilings.build("square", 2, 2), tmp_path / "q.lp")  # q.lp and its sidecar q.geo.json
    if content is not None:
        (tmp_path / name).write_text(content)
    before = (tmp_path / name).read_text()
    line = refused(capsys, [a.format(tmp=tmp_path, **{"in": tmp_path / name}) for a in argv])
    assert "is an input" in line and name in line
    assert (tmp_path / name).read_text() == before


@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_another_name_of_the_input_is_the_input(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                link: str) -> None:
    source = tmp_path / "p.lp"
    source.write_text(FACTS)
    other = tmp_path / "sub" / "other.lp"
    other.parent.mkdir()
    (other.symlink_to if link == "symlink" else other.hardlink_to)(source)
    line = refused(capsys, ["solve", str(source), "--answer-out", str(other)])
    assert f"is an input ({source})" in line
    assert source.read_text() == FACTS and other.read_text() == FACTS
    # the same file named through a folder's other path
    line = refused(capsys, ["convert", str(source), "--to", "lp", "-o", f"{tmp_path}/sub/../p.lp", "--force"])
    assert "is an input" in line and source.read_text() == FACTS


def test_outputs_beside_the_inputs_are_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "p.lp").write_text(FACTS)
    assert main(["solve", str(tmp_path / "p.lp"), "--answer-out", str(tmp_path / "p.out")]) == 0
    assert main(["convert", str(tmp_path / "p.lp"), "--to", "lp", "-o", str(tmp_path / "q.lp")]) == 0
    assert (tmp_path / "p.out").read_text().startswith("link(") and (tmp_path / "q.lp").read_text() == FACTS


def test_a_book_replaces_a_file_only_with_force(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    (tmp_path / "p.lp").write_text(FACTS)
    book = tmp_path / "b.pdf"
    book.write_bytes(b"an older book")
    line = refused(capsys, ["book", str(tmp_path / "p.lp"), "-o", str(book)])
    assert "exists already (use --force to replace it)" in line
    assert book.read_bytes() == b"an older book"
    assert main(["book", str(tmp_path / "p.lp"), "-o", str(book), "--force"]) == 0
    assert book.read_bytes().startswith(b"%PDF-")


def test_a_book_never_writes_over_a_puzzle_of_its_collection(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "p.lp").write_text(FACTS)
    (folder / "index.jsonl").write_text('{"number": 1, "file": "p.lp"}\n')
    os.link(folder / "p.lp", tmp_path / "b.pdf")
    line = refused(capsys, ["book", str(folder), "-o", str(tmp_path / "b.pdf"), "--force"])
    assert f"is an input ({folder / 'p.lp'})" in line
    assert (folder / "p.lp").read_text() == FACTS


def test_explain_draws_no_step_over_its_instance(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    steps = tmp_path / "steps"
    steps.mkdir()
    (steps / "step-001.svg").write_text(FACTS)
    line = refused(capsys, ["explain", str(steps / "step-001.svg"), "--format", "lp", "--render", str(steps)])
    assert "step-001.svg: is an input" in line
    assert (steps / "step-001.svg").read_text() == FACTS
