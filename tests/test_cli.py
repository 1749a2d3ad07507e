"""The command line as a user meets it: messages, JSON shapes and exit codes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import grid, interruptible, odd_hamiltonian_facts

from slitherasp.cli import main
from slitherasp.formats.lp import read_answer, write_instance
from slitherasp.validate import check

PUZZLE = grid(3, 3, {(0, 1): 3, (1, 0): 3, (1, 2): 0, (2, 1): 0, (0, 0): 2})  # unique


@pytest.fixture
def inst(tmp_path: Path) -> Path:
    path = tmp_path / "p.lp"
    path.write_text(write_instance(PUZZLE))
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_clingo_style_and_validates(capsys, inst: Path) -> None:
    code, out, _ = run(capsys, "solve", str(inst), "--unique")
    assert code == 0
    lines = out.splitlines()
    assert "Answer: 1" in lines and "SATISFIABLE" in lines
    assert check(PUZZLE, read_answer(out)).valid
    assert any(line.startswith("Unique       : yes") for line in lines)


def test_solve_json_object(capsys, inst: Path) -> None:
    code, out, _ = run(capsys, "solve", str(inst), "--json", "--unique")
    obj = json.loads(out)
    assert code == 0
    assert set(obj) >= {"instance", "result", "models", "unique", "links", "answers", "time"}
    assert obj["result"] == "SATISFIABLE" and obj["unique"] is True and obj["models"] == 1
    assert set(obj["time"]) == {"total", "ground", "solve"}
    assert check(PUZZLE, [tuple(p) for p in obj["links"]]).valid


def test_models_zero_enumerates(capsys, tmp_path: Path) -> None:
    path = tmp_path / "g.lp"
    path.write_text(write_instance(grid(2, 2)))
    code, out, _ = run(capsys, "solve", str(path), "--models", "0", "--json")
    obj = json.loads(out)
    assert obj["models"] == 13 and len(obj["answers"]) == 13 and obj["unique"] is None


def test_stdin(capsys, monkeypatch, inst: Path) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(inst.read_text()))
    code, out, _ = run(capsys, "solve", "-", "--json")
    assert code == 0 and json.loads(out)["instance"] == "-"


def test_unsatisfiable_exit_20(capsys, tmp_path: Path) -> None:
    path = tmp_path / "u.lp"
    path.write_text(write_instance(grid(2, 2, {(0, 0): 4, (1, 1): 4})))
    code, out, _ = run(capsys, "solve", str(path))
    assert code == 20 and "UNSATISFIABLE" in out.splitlines()


def test_time_limit_gives_unknown_124(capsys, tmp_path: Path) -> None:
    path = tmp_path / "hard.lp"
    path.write_text(odd_hamiltonian_facts(15))
    code, out, _ = run(capsys, "solve", str(path), "--time-limit", "0.3", "--json")
    obj = json.loads(out)
    assert (code, obj["result"], obj["timed_out"], obj["models"]) == (124, "UNKNOWN", True, 0)


@pytest.mark.parametrize(
    "content, words",
    [
        ("edge(1,2).\nedge(2,1).\n", "bad.lp:2:1: edge(2,1) repeats"),
        ("edge(1,2). cell_contains(c,1,2). clue(c,3).", "bad.lp:1:34: clue(c,3) is larger"),
        ("", "bad.lp: empty instance"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "bad.lp"
    path.write_text(content)
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_missing_file(capsys) -> None:
    code, _, err = run(capsys, "solve", "no/such/file.lp")
    assert code == 2 and "no/such/file.lp: no such file" in err


def test_check_valid_invalid_and_reference(capsys, tmp_path: Path, inst: Path) -> None:
    run(capsys, "solve", str(inst), "--answer-out", str(tmp_path / "a.lp"))
    code, out, _ = run(capsys, "check", str(inst), str(tmp_path / "a.lp"))
    assert code == 0 and out.startswith("VALID")
    (tmp_path / "bad.lp").write_text("link(0,1). link(1,2).\n")
    code, out, _ = run(capsys, "check", str(inst), str(tmp_path / "bad.lp"), "--json")
    obj = json.loads(out)
    assert code == 1 and obj["valid"] is False
    assert {v["kind"] for v in obj["violations"]} >= {"degree", "clue"}
    code, out, _ = run(capsys, "check", str(inst), str(tmp_path / "a.lp"), "--reference", str(tmp_path / "bad.lp"))
    assert code == 1 and "reference" in out


def test_batch_json_lines_and_summary(capsys, tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.lp").write_text(write_instance(PUZZLE))
    (tmp_path / "d" / "b.lp").write_text(write_instance(grid(2, 2, {(0, 0): 4, (1, 1): 4})))
    (tmp_path / "d" / "c.lp").write_text("edge(1,1).")
    code, out, err = run(capsys, "batch", str(tmp_path / "d"), "--json", "--unique", "--jobs", "2")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["result"] for r in rows] == ["SATISFIABLE", "UNSATISFIABLE", "ERROR"]
    assert rows[0]["unique"] is True and "self-loop" in rows[2]["error"]
    assert "3/3 instances" in err and "1 solved" in err and "1 unsatisfiable" in err
    assert code == 1


def test_facts_command_feeds_plain_clingo(capsys, inst: Path) -> None:
    code, out, _ = run(capsys, "facts", str(inst))
    assert code == 0 and "root_first(" in out and out.count("edge(") == len(PUZZLE.edges)


def test_help_teaches_exit_codes(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = capsys.readouterr().out
    assert "exit codes" in out and "124" in out and "--unique" in out


def test_ctrl_c_is_a_result(tmp_path: Path) -> None:
    path = tmp_path / "big.lp"
    path.write_text(write_instance(grid(10, 10)))
    proc = subprocess.Popen(
        [sys.executable, "-m", "slitherasp.cli", "solve", str(path), "--models", "0", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=interruptible,
    )
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()  # after a time-out, no enumeration is left running behind the tests
    assert proc.returncode == 130, err
    obj = json.loads(out)
    assert obj["interrupted"] is True and obj["models"] > 0 and "Traceback" not in err


def usage_error(capsys, *argv: str) -> str:
    """What argparse says when it refuses ``argv`` (it exits with 2)."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code == 2
    return capsys.readouterr().err


def test_an_unknown_option_gets_its_commands_usage_and_the_name_meant(capsys, inst: Path) -> None:
    err = usage_error(capsys, "solve", str(inst), "--unqiue")
    assert err.startswith("usage: slitherasp solve ") and "COMMAND ..." not in err
    assert "unrecognized arguments: --unqiue (did you mean --unique?)" in err
    err = usage_error(capsys, "hint", str(inst), "more.lp", "--jsno")
    assert err.startswith("usage: slitherasp hint ")
    assert "unrecognized arguments: more.lp --jsno (--jsno: did you mean --json?)" in err
    err = usage_error(capsys, "slove", str(inst))
    assert "'slove' is not a command; did you mean 'solve'?" in err


def test_names_are_read_in_any_case_options_exactly(capsys, inst: Path) -> None:
    code, out, _ = run(capsys, "Solve", str(inst), "--format", "LP", "--encoding", "Reach")
    assert code == 0 and "SATISFIABLE" in out
    from slitherasp.cli.main import build_parser

    args = build_parser("generate").parse_args(["generate", "Square", "--difficulty", "Hard", "-o", "x"])
    assert args.difficulty == "hard"
    args = build_parser("generate").parse_args(["generate", "square", "--solver-grade", "EASY", "-o", "x"])
    assert args.solver_grade == "easy"
    code, out, _ = run(capsys, "tiling", "List")
    assert code == 0 and "honeycomb" in out
    assert "did you mean --unique?" in usage_error(capsys, "solve", str(inst), "--Unique")


def test_a_tiling_name_close_to_one_names_it_before_asking_for_a_folder(capsys) -> None:
    code, _, err = run(capsys, "tiling", "hexagon")  # no -o either: the name is what is wrong
    assert code == 2 and "did you mean 'honeycomb', also called 'hexagonal'?" in err
    code, _, err = run(capsys, "tiling", "penrose", "-o", "out")
    assert code == 2 and "did you mean 'penrose-p3' or 'penrose-p2'?" in err
    code, _, err = run(capsys, "tiling", "square")
    assert code == 2 and "name the output folder with -o DIR" in err


@pytest.mark.parametrize("params, shape", [("10x10t0dh", "10x10t0"), ("7x7t11", "7x7t11"), ("5x4", "5x4")])
def test_loopy_parameters_are_told_from_a_game_id(capsys, params: str, shape: str) -> None:
    code, _, err = run(capsys, "solve", params)
    assert code == 2 and err.count("\n") == 1
    assert f"{params} is Loopy's parameters" in err and f"as in {shape}:a2b3..." in err
    code, _, err = run(capsys, "solve", "nosuchfile")
    assert code == 2 and "nosuchfile: no such file\n" in err  # a plain name is only missing


def test_the_instance_given_as_the_answer_is_named(capsys, inst: Path) -> None:
    code, out, err = run(capsys, "check", str(inst), str(inst))
    assert code == 2 and out == ""
    assert f"{inst}: holds no link/2 facts but a puzzle's" in err and err.count("\n") == 1
    code, _, err = run(capsys, "check", str(inst), str(inst.parent / "nolinks.lp"))
    assert code == 2 and "no such file" in err


def test_the_board_and_the_answer_may_be_given_inline(capsys, tmp_path: Path, inst: Path) -> None:
    run(capsys, "solve", str(inst), "--answer-out", str(tmp_path / "a.lp"))
    answer = (tmp_path / "a.lp").read_text()
    code, out, _ = run(capsys, "check", str(inst), answer.replace("\n", " "))
    assert code == 0 and out.startswith("VALID")
    board = "link(0,1). nolink(1,2)."
    (tmp_path / "board.lp").write_text(board)
    code, from_file, _ = run(capsys, "hint", str(inst), "--state", str(tmp_path / "board.lp"))
    assert code in (0, 1) and from_file
    assert run(capsys, "hint", str(inst), "--state", board) == (code, from_file, "")
    code, _, err = run(capsys, "hint", str(inst), "--state", "link(0,99).")
    assert code == 2 and "<state>" in err and "Traceback" not in err


def test_a_score_is_cut_not_rounded_into_the_next_level(capsys, monkeypatch, inst: Path) -> None:
    import slitherasp.rules.grade as grading

    monkeypatch.setattr(grading, "score", lambda level, at_top: level + 0.999)
    code, out, _ = run(capsys, "grade", str(inst))
    level = out.split()[0].lower()  # the grade of a person, first
    assert code == 0 and f"(score {grading.HUMAN_LEVELS.index(level) + 1}.99)" in out
    code, out, _ = run(capsys, "explain", str(inst))
    assert code == 0 and f"score {grading.HUMAN_LEVELS.index(level) + 1}.99 " in out


def test_batch_counts_in_words(capsys, tmp_path: Path) -> None:
    (tmp_path / "a.lp").write_text("edge(1,1).")
    _, _, err = run(capsys, "batch", str(tmp_path))
    assert "0 solved, 1 error;" in err
    (tmp_path / "b.lp").write_text("edge(2,2).")
    _, _, err = run(capsys, "batch", str(tmp_path))
    assert "0 solved, 2 errors;" in err


def test_explain_says_where_its_reasons_come_from(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["explain", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "proved by clingo" not in text and "no solver is asked for them" in text
