"""The smaller defects issue 45's outside attack found, each as a user or a library
caller meets it: a number of answers past clingo's 32 bits, the independent checker
on every kind of puzzle, names holding any character a name may hold (U+2028, U+0085
and the controls), puzzles and answers given as text on the command line over several
lines, and "all points" on patches that no loop passes whole."""

from __future__ import annotations

import io
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from test_spoilers import made

import slitherasp as sa
from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.formats import read_text
from slitherasp.formats.lp import read_instance, write_instance
from slitherasp.kinds.variant import variant
from slitherasp.model.errors import GenerationError, InputError

MAX_MODELS = 2**31 - 1
"""The most answers clingo can be asked for (a 32-bit signed integer)."""


def control(ch: str) -> bool:
    """A character no name may hold raw in a string: Unicode's controls (Cc), but a tab."""
    return unicodedata.category(ch) == "Cc" and ch != "\t"


TRIANGLE = 'edge({a},2). edge(2,3). edge(3,{a}). cell_contains({c},{a},2). cell_contains({c},2,3). ' \
           'cell_contains({c},3,{a}). clue({c},3).\n'


def run(capsys, *argv: str, stdin: str | None = None) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(argv))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "slitherasp.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


# -- --models past clingo's 32 bits -----------------------------------------------------------------
@pytest.mark.parametrize("command", ["solve", "sloop"])
@pytest.mark.parametrize("n", [2**31, 2**32, 10**15])
def test_models_past_clingos_limit_is_refused_in_one_line(command: str, n: int, tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("2 2\n3 .\n. .\n" if command == "solve" else "3 3\n...\n.#.\n...\n")
    done = cli(command, str(path), "--models", str(n))
    assert done.returncode == 2 and "internal error" not in done.stderr
    assert done.stderr.splitlines()[-1].endswith(f"expected a whole number 0..{MAX_MODELS}, not '{n}'")
    assert cli(command, str(path), "--models", str(MAX_MODELS)).returncode == 0  # the most clingo takes


def test_the_library_refuses_models_past_clingos_limit_as_input_errors() -> None:
    p = tilings.build("square", 2, 2).with_clues([3, None, None, None])
    for n in (2**31, 2**40, -1):
        with pytest.raises(InputError, match="models must be"):
            sa.solve(p, models=n)
        with pytest.raises(InputError, match="models must be"):
            sa.Session(p).solve({}, models=n)
    r = sa.solve(p, models=MAX_MODELS)
    assert r.exhausted and sa.check(p, p.links(r.answer)).valid


# -- the independent checker on every kind ----------------------------------------------------------
@pytest.mark.parametrize("kind", ["vertex", "touch", "sheep-wolf", "lither", "full", "touch+full", "sheep-wolf+full"])
def test_check_and_is_solution_take_every_variant(kind: str) -> None:
    v, answer = made("square", 5, 5, kind)
    assert sa.check(v, v.links(answer)).valid and sa.is_solution(v, answer)
    wrong = set(answer) ^ {0}
    assert not sa.check(v, v.links(wrong)).valid and not sa.is_solution(v, wrong)
    if kind in ("vertex", "touch"):  # held to the variant's clues, not to classic ones
        assert not sa.check(v.puzzle, v.links(answer)).valid
    reference = sa.check(v, v.links(wrong), v.links(answer))
    assert "reference" in {str(x.kind) for x in reference.violations}
    from slitherasp import validate  # Slitherlink's own checker: says which one takes a variant

    with pytest.raises(InputError, match="slitherasp.check"):
        validate.check(v, v.links(answer))


def test_check_and_is_solution_take_a_sloop() -> None:
    from slitherasp.kinds.sloop import read_sloop

    s = read_sloop("3 3\n...\n.#.\n...\n")
    answer = sa.solve(s).answer
    assert answer is not None and sa.is_solution(s, answer) and sa.check(s, s.graph.links(answer)).valid
    assert not sa.is_solution(s, set(answer) - {min(answer)})


# -- names: every character a name may hold ---------------------------------------------------------
CHARACTERS = [chr(c) for c in range(0x100)] + ["\u2028", "\u2029", "\u200b", "\ufeff", "\ufffd", "\u0301",
                                               "\U0001f600", "\U0010ffff", "\u061c", "\u202e"]
"""Every character of Latin-1, the line and paragraph separators, invisible and
directional marks, a combining accent, an emoji and the last code point."""


def clingo_symbols(text: str) -> list[str] | None:
    """The atoms clingo grounds from ``text``, as it prints them; None when it refuses it."""
    import clingo

    ctl = clingo.Control(logger=lambda code, message: None)
    try:
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
    except RuntimeError:
        return None
    return sorted(str(a.symbol) for a in ctl.symbolic_atoms)


@pytest.mark.parametrize("ch", CHARACTERS, ids=[f"U+{ord(c):04X}" for c in CHARACTERS])
def test_a_name_reads_writes_and_prints_as_clingo_has_it(ch: str, capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    name = f'"a{ch}b"'
    text = TRIANGLE.format(a=name, c=f'"c{ch}"')
    if ch in '"\\\n' or control(ch):
        with pytest.raises(InputError) as e:
            read_instance(text, "p.lp")
        assert "\n" not in str(e.value)
        if control(ch) and ch != "\n":  # a line break ends the string: clingo's "unterminated string"
            assert f"a control character ({ord(ch)})" in str(e.value)
        return
    puzzle = read_instance(text, "p.lp")
    assert name in puzzle.vertices
    written = write_instance(puzzle)
    assert read_instance(written, "again").vertices == puzzle.vertices  # writing and reading agree
    assert clingo_symbols(written) == clingo_symbols(text) is not None  # as clingo reads both
    assert any(name in s for s in clingo_symbols(text) or [])  # and prints the name as we keep it
    path = tmp_path / "p.lp"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "solve", str(path))
    assert code == 0, err
    code, out2, err = run(capsys, "check", str(path), "-", stdin=out)  # solve p.lp | check p.lp -
    assert (code, out2.strip()) == (0, "VALID"), err


@pytest.mark.parametrize("ch", ["\u2028", "\u2029", "\u0085"])
def test_the_issue_pipe_with_a_line_separator_in_a_name(ch: str, tmp_path: Path) -> None:
    path = tmp_path / "p.lp"
    path.write_text(TRIANGLE.format(a=f'"a{ch}b"', c="t"), encoding="utf-8")
    solved = cli("solve", str(path))
    if ch == "\u0085":  # a C1 control, refused as the C0 ones are, in one line
        said = f"slitherasp: error: {path}:1:8: a control character (133) in a string\n"
        assert solved.returncode == 2 and solved.stderr == said
        return
    assert solved.returncode == 0 and f'"a{ch}b"' in solved.stdout  # printed raw, as clingo prints it
    checked = cli("check", str(path), "-", stdin=solved.stdout)
    assert (checked.returncode, checked.stdout.strip()) == (0, "VALID"), checked.stderr


# -- text on the command line over several lines -----------------------------------------------------
GRID = "2 2\n3 -\n- -"


def test_an_instance_given_as_text_over_several_lines_is_read_as_text(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(capsys, "solve", GRID)
    code_in, out_in, _ = run(capsys, "solve", "-", stdin=GRID)
    assert code == code_in == 0, err
    answer = sa.read_answer(out)
    assert answer == sa.read_answer(out_in) and sa.check(read_text(GRID), answer).valid
    assert out.splitlines()[1] == "Reading from 2 2\\n3 -\\n- -"  # clingo's header stays one line


def test_an_answer_and_a_state_given_as_text_over_several_lines_are_read_as_text(capsys) -> None:  # type: ignore[no-untyped-def]
    puzzle = read_text(GRID)
    answer = sa.solve(puzzle).answer
    links = "\n".join(f"link({u},{v})." for u, v in puzzle.links(answer))
    code, out, err = run(capsys, "check", GRID, links)
    assert (code, out.strip()) == (0, "VALID"), err
    first = sorted(answer)[0]
    u, v = puzzle.edge_names(first)
    code, out, err = run(capsys, "hint", GRID, "--state", f"link({u},{v}).\n")
    assert code == 0 and "error" not in err
    code, out, err = run(capsys, "render", GRID, "--answer", links)
    assert code == 0 and "┌" in out


@pytest.mark.parametrize("argv", [["solve", "2 2\n3 x\n- -"], ["solve", "no\nsuch\nfile"],
                                  ["check", GRID, "no\nsuch"], ["hint", GRID, "--state", "nolink(a,\nb)."],
                                  ["solve", "a\u2028b\x1b[31m"]])
def test_every_error_stays_on_one_line(argv: list[str]) -> None:
    done = cli(*argv)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("slitherasp: error: "), done.stderr


# -- all points where no loop passes every vertex ----------------------------------------------------
def test_all_points_on_an_odd_bipartite_patch_says_why_and_what_works() -> None:
    done = cli("generate", "square", "--size", "6x6", "--variant", "full", "--no-progress", "-o", "unused")
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    said = done.stderr
    assert "bipartite" in said and "49 vertices, an odd number" in said and "try square 5x5 or 7x7" in said
    for size in (5, 7):  # what it offers works
        assert sa.solve(variant(tilings.build("square", size, size), "full")).answer is not None


def test_all_points_on_a_large_odd_grid_is_refused_at_once() -> None:
    """A 60x60 square grid has 3,721 vertices: clingo would take hours to prove no
    loop passes them all; the colours say so at once (the subprocess's timeout only
    keeps a regression from hanging the suite)."""
    done = cli("generate", "square", "--size", "60x60", "--variant", "touch+full", "--no-progress", "-o", "unused")
    assert done.returncode == 1 and "3721 vertices, an odd number" in done.stderr


def test_all_points_with_no_hamiltonian_cycle_says_so_and_names_patches_that_have_one() -> None:
    from slitherasp.make.variants import ALL_POINTS, generate_variant

    with pytest.raises(GenerationError) as e:
        generate_variant(variant(tilings.build("cairo", 5, 5), "full"), seed=1)
    said = str(e.value)
    assert "no Hamiltonian cycle" in said and "no cairo patch from 3x3 to 7x7 has one either" in said
    assert ALL_POINTS in said
    for name, size in (("square", 5), ("square", 7), ("triangular", 4), ("kagome", 4), ("snub-square", 4)):
        for w in (size, size + 2) if name == "square" else (4, 5, 6):
            assert sa.solve(variant(tilings.build(name, w, w), "full")).answer is not None, (name, w)


def test_the_page_says_why_all_points_has_no_answer() -> None:
    from slitherasp.web import words

    status, body = words.answer("generate", {"tiling": "square", "size": "6x6", "variant": "full", "seed": 1}, 20.0)
    assert 400 <= status < 500 and "49 vertices" in body["error"] and "5x5" in body["error"]
