"""No command writes over what it reads: an output that is one of its inputs (by the
same name, a symlink or a hard link) is refused in one line before the work, even with
``--force``, and a book replaces an existing file only with ``--force``. A temporary
file that a killed write left behind goes with the next write of the same file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import grid

from slitherasp import formats, tilings
from slitherasp.cli.main import main
from slitherasp.formats.lp import write_instance
from slitherasp.model.files import TEMPORARY, write_files

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
    # the same file named through a folder's other path, or through a folder the write would make
    square = tmp_path / "square.lp"
    formats.save(tilings.build("square", 2, 2), square)
    before = square.read_text()
    for through in ("sub/..", "new/.."):
        line = refused(capsys, ["convert", str(square), "--to", "text", "-o", f"{tmp_path}/{through}/square.lp",
                                "--force"])
        assert "is an input" in line and square.read_text() == before


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


# --------------------------------------------------------------------------- temporaries
KILLED_WRITE = """
import os, signal, sys
os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # killed when the answer is written, not yet in place
from slitherasp.cli.main import main
from slitherasp.model.files import TEMPORARY, write_files
main(sys.argv[1:])
"""


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_a_temporary_left_by_a_killed_write_goes_with_the_next_write(tmp_path: Path) -> None:
    (tmp_path / "p.lp").write_text(FACTS)
    argv = ["solve", str(tmp_path / "p.lp"), "--answer-out", str(tmp_path / "a.lp")]
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITE, *argv], capture_output=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL
    assert len(_hidden(tmp_path)) == 1 and not (tmp_path / "a.lp").exists()  # what SIGKILL leaves
    assert main(argv) == 0
    assert _hidden(tmp_path) == [] and (tmp_path / "a.lp").read_text().startswith("link(")


def test_a_temporary_another_writer_holds_is_left_to_it(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    theirs = tmp_path / TEMPORARY.format(name="a.lp")
    with open(theirs, "wb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        held.write(b"half of their answer")
        held.flush()
        write_files({tmp_path / "a.lp": "mine\n"})
        assert theirs.read_bytes() == b"half of their answer"
    assert (tmp_path / "a.lp").read_text() == "mine\n" and _hidden(tmp_path) == [theirs.name]


def test_a_temporary_name_that_is_no_plain_file_is_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    (tmp_path / TEMPORARY.format(name="a.lp")).symlink_to(victim)
    write_files({tmp_path / "a.lp": "mine\n"})
    assert victim.read_text() == "keep me" and (tmp_path / "a.lp").read_text() == "mine\n"
    os.mkfifo(tmp_path / TEMPORARY.format(name="b.lp"))  # opening it to write would wait for a reader
    script = f"from slitherasp.model.files import write_files; write_files({{{str(tmp_path / 'b.lp')!r}: 'mine'}})"
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    assert (tmp_path / "b.lp").read_text() == "mine"


def test_a_site_never_replaces_the_runtime_folder_it_reads(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """``site DIR --runtime DIR/packs --force`` read the packages, then replaced DIR whole."""
    packs = tmp_path / "public" / "packs"
    packs.mkdir(parents=True)
    for name in ("pyodide-314.0.7.tgz", "clingo-wasm-0.6.0.tgz"):
        (packs / name).write_bytes(b"a package")
    for runtime in (packs, packs.parent):
        line = refused(capsys, ["site", str(tmp_path / "public"), "--runtime", str(runtime), "--force"])
        assert "is inside the site's folder" in line
    assert sorted(p.name for p in packs.iterdir()) == ["clingo-wasm-0.6.0.tgz", "pyodide-314.0.7.tgz"]
