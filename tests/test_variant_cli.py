"""The variants on the command line: solve, check, count, batch, render, convert, book,
grade and facts, ``--variant`` where a format cannot say it, and one clear line where
a variant has no meaning (explain, hint) or its rule is not defined."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_variant_formats import PZPRJS
from test_variants import forests, loops

from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.formats import read_text, save, write_text
from slitherasp.formats.lp import read_answer
from slitherasp.formats.pzpr import read_pzprv3_answer
from slitherasp.kinds import kind_of
from slitherasp.kinds.variant.puzzle import variant
from slitherasp.kinds.variant.rules import count
from slitherasp.solver.run import solve

SW_URL = "https://puzz.link/p?swslither/" + PZPRJS["swslither"][0]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("genre", sorted(PZPRJS))
def test_solve_json_says_the_variant_and_finds_pzprjs_answer(capsys, genre: str) -> None:
    url, saved = PZPRJS[genre]
    code, out, _ = run(capsys, "solve", f"https://puzz.link/p?{genre}/{url}", "--unique", "--json")
    found = json.loads(out)
    assert code == 0 and found["unique"] is True
    assert found["variant"] == {"vslither": "vertex", "tslither": "touch", "swslither": "sheep-wolf",
                                "lither": "lither"}[genre]
    puzzle = read_text(saved, "<file>")
    assert {tuple(p) for p in found["links"]} == set(puzzle.links(read_pzprv3_answer(saved)))


def test_variant_option_reads_a_plain_grid_as_a_variant(capsys, tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text("2 3\n- - -\n- - -\n")
    code, out, _ = run(capsys, "count", str(path), "--variant", "lither")
    assert code == 0 and int(out) == len(forests(tilings.build("square", 3, 2)))
    code, out, _ = run(capsys, "count", str(path), "--variant", "full", "--json")
    assert json.loads(out)["answers"] == len(loops(tilings.build("square", 3, 2), True)) == 2


def test_variant_option_cannot_change_what_the_input_says(capsys) -> None:
    code, _, err = run(capsys, "solve", SW_URL, "--variant", "touch")
    assert code == 2 and err.count("\n") == 1 and "says it is a Sheep-Wolf Slitherlink" in err
    code, _, err = run(capsys, "solve", "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "--variant", "diagonal")
    assert code == 2 and "unknown variant 'diagonal'" in err


def test_check_names_a_sheep_left_outside(capsys, tmp_path: Path) -> None:
    puzzle = read_text(SW_URL, "<url>")
    answer = read_pzprv3_answer(PZPRJS["swslither"][1])
    good = tmp_path / "a.lp"
    good.write_text("".join(f"link({u},{v}).\n" for u, v in puzzle.links(answer)))
    code, out, _ = run(capsys, "check", SW_URL, str(good))
    assert code == 0 and out.startswith("VALID")
    loop = tilings.build("square", 5, 5)  # the loop round the whole board holds every wolf
    whole = tmp_path / "b.lp"
    whole.write_text("".join(f"link({u},{v}).\n" for u, v in loop.links(loop.boundary_edges)))
    code, out, _ = run(capsys, "check", SW_URL, str(whole), "--json")
    kinds = {v["kind"] for v in json.loads(out)["violations"]}
    assert code == 1 and "wolf" in kinds and "clue" in kinds


def test_render_draws_sheep_and_wolves(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "render", SW_URL)
    assert code == 0 and out.count("S") == 2 and out.count("W") == 2
    code, _, _ = run(capsys, "render", SW_URL, "-o", str(tmp_path / "sw.svg"))
    svg = (tmp_path / "sw.svg").read_text()
    assert code == 0 and svg.count('class="wolf"') == 2 and svg.count('class="sheep"') == 2


def test_convert_keeps_the_variant_or_refuses_in_one_line(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "convert", SW_URL, "--to", "pzprv3")
    assert code == 0 and out.splitlines()[1] == "swslither"
    code, _, _ = run(capsys, "convert", SW_URL, "-o", str(tmp_path / "sw.lp"))
    assert code == 0 and "variant(sheep_wolf)." in (tmp_path / "sw.lp").read_text()
    code, _, err = run(capsys, "convert", SW_URL, "--to", "loopy")
    assert code == 2 and err.count("\n") == 1 and "cannot say that a puzzle is a Sheep-Wolf" in err


def test_batch_solves_variants_with_their_rules(capsys, tmp_path: Path) -> None:
    for genre, (url, _) in PZPRJS.items():
        (tmp_path / f"{genre}.url").write_text(f"https://puzz.link/p?{genre}/{url}\n")
    # the same clues on one grid, read by each rule: a batch must not mix them up
    grid = tilings.build("square", 3, 3)
    ring = {e for e in range(len(grid.edges)) if len(grid.edge_cells[e]) == 1}
    blank = grid.with_clues({c: count(variant(grid, "vertex"), c, ring) for c in (0, 4, 8)})  # 3, 0, 3
    for name in ("vertex", "touch"):
        save(variant(blank, name), tmp_path / f"same-{name}.lp")
    code, out, _ = run(capsys, "batch", str(tmp_path), "--json", "--unique")
    lines = {Path(x["instance"]).stem: x for x in map(json.loads, out.splitlines())}
    assert {lines[g]["unique"] for g in PZPRJS} == {True}
    v = variant(blank, "vertex")
    found = lines["same-vertex"]
    assert found["variant"] == "vertex" and found["result"] == "SATISFIABLE"
    assert kind_of(v).check(v, [tuple(p) for p in found["links"]]).valid
    # no loop touches a corner cell three separate times: its outer corner has no edge but its sides
    assert lines["same-touch"]["variant"] == "touch" and lines["same-touch"]["result"] == "UNSATISFIABLE"


def test_explain_and_hint_refuse_a_variant_in_one_line(capsys) -> None:
    for command in ("explain", "hint"):
        code, _, err = run(capsys, command, SW_URL)
        assert code == 2 and err.count("\n") == 1 and "a person's rules here are classic" in err


def test_grade_gives_the_solver_grade_alone(capsys) -> None:
    code, out, _ = run(capsys, "grade", SW_URL)
    assert code == 0 and "for the solver: unique" in out and "no person's grade" in out
    code, out, _ = run(capsys, "grade", SW_URL, "--json")
    found = json.loads(out)
    assert found["grade"] in ("easy", "medium", "hard") and "human_grade" not in found


def test_facts_print_what_the_encoding_reads(capsys) -> None:
    code, out, _ = run(capsys, "facts", SW_URL)
    assert code == 0 and "sheepwolf.lp reads (slitherasp encodings sheep-wolf" in out
    assert "sheep(c4)." in out and "wolf(c16)." in out


def test_a_rule_that_is_not_defined_is_one_line(capsys, tmp_path: Path) -> None:
    path = tmp_path / "k4.lp"
    path.write_text("edge(1,2). edge(1,3). edge(1,4). edge(2,3). edge(2,4). edge(3,4).")
    code, _, err = run(capsys, "solve", str(path), "--variant", "sheep-wolf")
    assert code == 2 and err.count("\n") == 1 and "faces of a disc" in err


def test_book_prints_variants(tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    (tmp_path / "sw.url").write_text(SW_URL + "\n")
    code = main(["book", str(tmp_path / "sw.url"), "-o", str(tmp_path / "b.pdf"), "--solutions", "--explain"])
    assert code == 0 and (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")


def test_answer_out_and_check_round_trip(capsys, tmp_path: Path) -> None:
    blank = variant(tilings.build("hats", 6, 6, 1), "touch")
    loop = solve(blank).answer
    v = blank.with_clues({c: count(blank, c, set(loop)) for c in (0, 7)})
    save(v, tmp_path / "h.lp")
    code, _, _ = run(capsys, "solve", str(tmp_path / "h.lp"), "--answer-out", str(tmp_path / "h.ans"),
                     "--render", str(tmp_path / "h.svg"))
    assert code == 0
    links = read_answer((tmp_path / "h.ans").read_text())
    assert kind_of(v).check(v, links).valid
    code, out, _ = run(capsys, "check", str(tmp_path / "h.lp"), str(tmp_path / "h.ans"))
    assert code == 0 and out.startswith("VALID")
    assert write_text(v, "lp").count("variant(touch).") == 1
