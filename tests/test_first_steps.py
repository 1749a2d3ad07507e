"""What a new user meets first: the examples of ``--help`` and the README work, a game
ID is an instance, refusals come before the work, files get the user's permissions,
and every command's ``--help`` lists its own exit codes."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from slitherasp.cli import main
from slitherasp.cli.main import build_parser
from slitherasp.formats import read_text
from slitherasp.formats.lp import read_answer
from slitherasp.model.errors import InputError
from slitherasp.model.files import write_files
from slitherasp.validate import check

ROOT = Path(__file__).resolve().parent.parent
LOOPY_7x7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"


def _help(*argv: str, capsys) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


def test_the_files_of_the_help_examples_exist(capsys) -> None:  # type: ignore[no-untyped-def]
    text = _help(capsys=capsys)
    named = re.findall(r"instances/\S+", text)
    assert named and all((ROOT / path).is_file() for path in named), named


def test_every_game_id_in_a_command_s_help_is_read(capsys) -> None:  # type: ignore[no-untyped-def]
    """A Loopy game ID in an example of any command's ``--help`` is a puzzle (count's
    ``8x8t0:`` was read as a file name that does not exist)."""
    action = next(a for a in build_parser()._actions if a.dest == "command")
    found = []
    for name in action.choices:  # type: ignore[union-attr]
        found += re.findall(r"\b\d+x\d+t\d+:\S*", _help(name, capsys=capsys))
    assert len(found) >= 3, found
    for game_id in found:
        assert read_text(game_id).cells, game_id


def test_a_game_id_is_an_instance(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["solve", LOOPY_7x7]) == 0
    puzzle = read_text(LOOPY_7x7)
    assert check(puzzle, read_answer(capsys.readouterr().out)).valid


def test_clingo_runs_the_listed_encoding_from_a_folder_outside_the_clone(tmp_path: Path) -> None:
    """``slitherasp facts P | python -m clingo $(slitherasp encodings reach) -`` from any
    folder: the encodings' installed files, found by the command, not by a relative path."""
    (tmp_path / "p.lp").write_text(_facts(LOOPY_7x7))
    cli = f"{sys.executable} -c 'import sys; from slitherasp.command import run; sys.exit(run())'"
    shell = f"{cli} facts p.lp | {sys.executable} -m clingo $({cli} encodings reach) -"
    done = subprocess.run(shell, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "SATISFIABLE" in done.stdout, done.stderr
    puzzle = read_text(LOOPY_7x7)
    assert check(puzzle, read_answer(done.stdout)).valid


def test_the_line_facts_gives_to_run_clingo_by_hand_runs_from_any_folder(tmp_path: Path) -> None:
    """The last line of ``facts --encoding M --with O`` is a command that works where the
    user is (it named ``asp/...`` paths, which exist only in a clone's root)."""
    (tmp_path / "p.lp").write_text(_facts(LOOPY_7x7))
    cli = f"{sys.executable} -c 'import sys; from slitherasp.command import run; sys.exit(run())'"
    facts = f"{cli} facts p.lp --encoding distance --with cuts"
    said = subprocess.run(facts, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    line = said.stdout.splitlines()[-1]
    assert line.startswith("% run by hand") and "... |" in line, line
    run = line.split("... |", 1)[1].replace("python -m clingo", f"{sys.executable} -m clingo")
    shell = f"{facts} |{run.replace('$(slitherasp ', f'$({cli} ')}"
    done = subprocess.run(shell, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "SATISFIABLE" in done.stdout, done.stderr
    assert check(read_text(LOOPY_7x7), read_answer(done.stdout)).valid


def test_every_encoding_listed_is_a_file_that_says_what_it_enforces(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["encodings", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"reach", "colour", "sloop"} <= {r["name"] for r in rows}
    for row in rows:
        assert Path(row["file"]).is_absolute() and Path(row["file"]).is_file() and len(row["enforces"]) > 10
        assert main(["encodings", row["name"]]) == 0
        assert capsys.readouterr().out == row["file"] + "\n"


def test_the_manual_s_api_example_is_accepted() -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from slitherasp.web.app import create_app

    page = (ROOT / "docs" / "manual" / "web.md").read_text()
    example = re.search(r"curl -s localhost:8765(/api/\w+)((?:\s+\\\n|\s+-H '[^']*')*)\s+-d '([^']*)'", page)
    assert example is not None
    path, headers, body = example.groups()
    sent = dict(h.split(": ", 1) for h in re.findall(r"-H '([^']*)'", headers))
    sent.setdefault("Content-Type", "application/x-www-form-urlencoded")  # what curl -d sends otherwise
    done = TestClient(create_app()).post(path, content=body, headers=sent)
    assert done.status_code == 200 and done.json()["result"] == "SATISFIABLE", done.text


INSTANCE_ROW = re.compile(r"^\| `([^`]+)\.lp` \| (\d+) \| (\d+) \| (\d+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", re.M)


def test_the_bundled_instances_are_listed_with_both_grades_and_whom_they_are_for() -> None:
    from slitherasp.cli.common import score_text
    from slitherasp.formats import read_file
    from slitherasp.model.levels import HUMAN_LEVELS
    from slitherasp.rules.grade import human_grade

    text = (ROOT / "instances" / "README.md").read_text()
    rows = {row[0]: [cell.strip() for cell in row[4:]] for row in INSTANCE_ROW.findall(text)}
    on_disk = {str(p.relative_to(ROOT / "instances"))[:-3] for p in (ROOT / "instances").glob("*/*.lp")}
    assert set(rows) == on_disk
    for person, solver, use in rows.values():
        assert solver in ("easy", "medium", "hard") and person.split()[0] in (*HUMAN_LEVELS, "not")
        assert (use == "people") == (person.split()[0] in HUMAN_LEVELS[:4]), person
    people = sum(use == "people" for _, _, use in rows.values())
    assert f"{len(rows) - people} of the {len(rows)} are beyond Loopy's Hard" in " ".join(text.split())
    for name in ("square/wikipedia-6x6", "honeycomb/honeycomb-6x6", "square/square-6x6"):  # the list is true
        g = human_grade(read_file(ROOT / "instances" / f"{name}.lp"))
        assert rows[name][0] == f"{g.level} ({score_text(g.score)})", name


def _facts(game_id: str) -> str:
    from slitherasp.formats.lp import write_instance

    return write_instance(read_text(game_id))


def test_a_broken_old_penrose_id_is_refused_clearly_without_a_format() -> None:
    with pytest.raises(InputError, match=r"before 2023 is G<x>,<y>,<angle>"):
        read_text("7x7t12:G-1709,1709_a", "<stdin>")  # the angle is missing


def test_files_written_respect_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        [path] = write_files({tmp_path / "a.lp": "edge(1,2).\n"})
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644


def test_generate_again_refuses_before_the_work(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["generate", "square", "--size", "4x4", "--seed", "1", "-o", str(tmp_path), "--json", "--no-progress"]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "exists already" in err and err.count("\n") == 1


def test_a_bad_drawing_name_is_refused_before_solving(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["solve", LOOPY_7x7, "--render", "x.jpg"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and ".svg or .png" in err


def test_each_command_lists_its_own_exit_codes_and_examples(capsys) -> None:  # type: ignore[no-untyped-def]
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name in sub.choices:  # type: ignore[union-attr]
        text = _help(name, capsys=capsys)
        assert "examples:" in text and "exit codes:" in text, name
    assert "batch" not in _help("serve", capsys=capsys).split("exit codes:")[1]
    assert "--max-steps" in _help("explain", capsys=capsys).split("exit codes:")[1]


def test_serve_on_a_busy_port_says_so_before_serving() -> None:
    pytest.importorskip("uvicorn")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "slitherasp.cli", "serve", "--no-open", "--port", str(port)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "in use" in done.stderr and "serving" not in done.stderr


def test_a_name_no_file_can_have_is_refused_in_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    """Asking whether such a file exists raised OSError (the name is too long)."""
    assert main(["solve", "x" * 5000]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "too long" in err
