"""Progress on a terminal (issue 29): long commands draw a bar or a running count on
standard error when it is a terminal, erase it before their output, and draw nothing
otherwise. The terminal is forced (``isatty``) and the bar's delay set to 0, so a
small puzzle shows it; one test runs a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import grid

from slitherasp.cli import common
from slitherasp.cli.common import Progress
from slitherasp.cli.main import main
from slitherasp.formats.lp import write_instance
from slitherasp.solver.run import count


@pytest.fixture
def blank(tmp_path: Path) -> str:
    """A clue-less 3x3 square: 213 loops."""
    path = tmp_path / "blank.lp"
    path.write_text(write_instance(grid(3, 3)))
    return str(path)


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> pytest.CaptureFixture:
    """Standard error taken for a terminal; every change drawn at once."""
    monkeypatch.setattr(common, "on_terminal", lambda: True)
    monkeypatch.setattr(Progress, "DELAY", 0.0)
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    return capsys


def _run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out, got.err


def test_count_shows_the_answers_found_then_erases_the_line(terminal: pytest.CaptureFixture, blank: str) -> None:
    loops = count(grid(3, 3)).count
    code, out, err = _run(terminal, "count", blank, "--method", "enumerate")
    assert code == 0 and out.split() == [str(loops)]
    assert f"counting: {loops} answers" in err  # the last count drawn is every answer
    bar, said = err.split("slitherasp: counted by enumeration")
    assert bar.endswith("\r") and said.endswith(" s\n")  # erased: what follows starts on a clean line


def test_solve_all_answers_shows_them_counted(terminal: pytest.CaptureFixture, blank: str) -> None:
    code, out, err = _run(terminal, "solve", blank, "--models", "0", "--json")
    assert code == 0 and f"answers: {len(json.loads(out)['answers'])} answers" in err


def test_grade_shows_its_elapsed_time(terminal: pytest.CaptureFixture, tmp_path: Path) -> None:
    path = tmp_path / "p.lp"
    path.write_text(write_instance(grid(2, 1, {(0, 0): 4, (0, 1): 1})))
    code, out, err = _run(terminal, "grade", str(path))
    assert code == 0 and "grading: 00:0" in err


def test_census_shows_loops_then_every_placement_settled(terminal: pytest.CaptureFixture) -> None:
    code, out, err = _run(terminal, "census", "square", "--size", "3x3", "--method", "enumerate")
    assert code == 0
    loops = int(out.split()[1])
    assert f"loops: {loops} loops" in err
    assert "clue placements: 100%" in err and f"{2 ** 9 - 1}/{2 ** 9 - 1}" in err


def test_frontier_count_and_census_show_the_edges_swept(terminal: pytest.CaptureFixture, blank: str) -> None:
    code, out, err = _run(terminal, "count", blank)
    assert (code, out) == (0, "213\n") and "counting: 100%" in err and "24/24" in err  # 24 edges
    code, out, err = _run(terminal, "census", "square", "--size", "3x3")
    assert code == 0 and "41433" in out and "edges: 100%" in err and "24/24" in err


def test_batch_counts_the_instances(terminal: pytest.CaptureFixture, tmp_path: Path) -> None:
    for name, clues in (("a", {(0, 0): 4}), ("b", {(0, 0): 3})):
        (tmp_path / f"{name}.lp").write_text(write_instance(grid(2, 2, clues)))
    code, out, err = _run(terminal, "batch", str(tmp_path))
    assert "1/2" in err and "2/2" in err


def test_no_progress_and_no_terminal_draw_nothing(terminal: pytest.CaptureFixture, blank: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _, _, err = _run(terminal, "count", blank, "--no-progress")
    assert "counting" not in err
    monkeypatch.setattr(common, "on_terminal", lambda: False)
    _, _, err = _run(terminal, "count", blank)
    assert "counting" not in err


def test_a_pipe_loads_no_progress_library(blank: str) -> None:
    probe = ("import sys\nfrom slitherasp.cli.main import main\n"
             f"main(['count', {blank!r}])\nprint('tqdm' in sys.modules)")
    got = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert got.stdout.split()[-1] == "False", got.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_real_terminal_shows_the_bar(tmp_path: Path) -> None:
    import fcntl
    import struct
    import termios

    path = tmp_path / "blank.lp"
    path.write_text(write_instance(grid(4, 4)))  # thousands of loops: about a second to count
    main_fd, side = os.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # 0 columns draws nothing
    code = (f"from slitherasp.cli.common import Progress\nProgress.DELAY = 0\n"
            f"from slitherasp.cli.main import main\n"
            f"raise SystemExit(main(['count', {str(path)!r}, '--method', 'enumerate']))")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=side, text=True)
    os.close(side)
    out, _ = proc.communicate(timeout=120)
    drawn = b""
    while True:
        try:
            chunk = os.read(main_fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        drawn += chunk
    os.close(main_fd)
    assert proc.returncode == 0 and out.split() == [str(count(grid(4, 4)).count)]
    assert b"counting: " in drawn and b"answers" in drawn
