"""Reading and writing the competition format; every bad input names file:line:col."""

from __future__ import annotations

import pytest
from conftest import grid
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slitherasp.formats.lp import parse_facts, read_answer, read_instance, write_answer, write_instance
from slitherasp.model import InputError


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        read_instance(text, "inst.lp")
    return info.value


@pytest.mark.parametrize(
    "text, line, col, words",
    [
        ("edge(1,2).\nedge(2,3)\n", 3, 1, "expected '.'"),
        ("edge(1,2).\nedge(1,2,3).", 2, 1, "wrong arity"),
        ("edge(1,2). edge(X,3).", 1, 17, "variables"),
        ("edge(1,2).\n  foo(1).", 2, 3, "unknown predicate foo/1"),
        ("edge(1,2). cell_contains(c,1,3).", 1, 12, "not in edge/2"),
        ("edge(1,2). cell_contains(c,2,1).", 1, 12, "reverse orientation"),
        ("edge(1,2).\nedge(1,2).", 2, 1, "given twice"),
        ("edge(1,2).\nedge(2,1).", 2, 1, "other orientation"),
        ("edge(1,1).", 1, 1, "self-loop"),
        ("edge(1,2). cell_contains(c,1,2). clue(c,2).", 1, 34, "larger than its cell"),
        ("edge(1,2). cell_contains(c,1,2). clue(c,-1).", 1, 34, "negative"),
        ("edge(1,2). clue(d,0).", 1, 12, "no cell_contains"),
        ("edge(1,2). cell_contains(c,1,2). clue(c,1). clue(c,1).", 1, 45, "has a clue already"),
        ("edge(1,2). cell_contains(c,1,2). clue(c,x).", 1, 34, "must be an integer"),
        ("edge(1,2). p :- q.", 1, 14, "only facts"),
        ('edge(1,"ab).', 1, 8, "unterminated string"),
        ("#const n=3. edge(1,2).", 1, 1, "only facts"),
        ("edge(1,2). cell_contains(c,1,2). cell_contains(c,1,2).", 1, 34, "given twice"),
    ],
)
def test_bad_input_names_line_and_column(text: str, line: int, col: int, words: str) -> None:
    err = error_of(text)
    assert (err.source, err.line, err.column) == ("inst.lp", line, col), str(err)
    assert words in str(err)
    assert str(err).startswith(f"inst.lp:{line}:{col}: ")


def test_empty_instance() -> None:
    for text in ["", "% only a comment\n", "%* block *%"]:
        assert "empty instance" in str(error_of(text))


def test_comments_and_whitespace() -> None:
    p = read_instance("% c\nedge( 1 , 2 ). %* x\n *% edge(2,3).edge(3,1).\n")
    assert len(p.edges) == 3


def test_names_keep_clingo_spelling() -> None:
    facts = parse_facts('p(-3, "a\\"b", f(x, (1,2)), (1,), c_0\').')
    assert facts[0].args == ("-3", '"a\\"b"', "f(x,(1,2))", "(1,)", "c_0'")


def test_cells_may_come_before_edges() -> None:
    p = read_instance("cell_contains(c,1,2). clue(c,1). edge(1,2). edge(2,3). edge(3,1).")
    assert p.clues == (1,)


def test_write_then_read_round_trips() -> None:
    p = grid(3, 2, {(0, 0): 3, (1, 2): 0})
    q = read_instance(write_instance(p))
    assert q == p


def test_answer_forms() -> None:
    facts = "link(1,2). link(2,3).\n"
    clingo_out = "clingo version 5\nSolving...\nAnswer: 1\nlink(1,2) link(2,3) other(7)\nSATISFIABLE\n"
    ours = '{"links": [["1", "2"], ["2", "3"]]}'
    outf2 = '{"Call": [{"Witnesses": [{"Value": ["link(1,2)", "link(2,3)"]}]}]}'
    for text in (facts, clingo_out, ours, outf2):
        assert read_answer(text) == [("1", "2"), ("2", "3")]


def test_bad_answers() -> None:
    with pytest.raises(InputError, match="wrong arity"):
        read_answer("link(1,2,3).")
    with pytest.raises(InputError, match="bad JSON"):
        read_answer("{oops")


def test_write_answer_uses_input_orientation() -> None:
    p = read_instance("edge(2,1). edge(2,3). edge(1,3).")
    assert write_answer(p, [0, 2]) == "link(2,1).\nlink(1,3)."


_PIECES = ["edge", "clue", "cell_contains", "p", "not", "(", ")", ",", ".", " ", "\n", "\t", "0", "1", "12",
           "007", "4294967296", "a", "c_1", "B", "_x", "x'", "-1", '"s"', "%c\n", "%*b*%", "f(1)"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.lists(st.tuples(st.sampled_from(["edge", "p"]),
       st.lists(st.sampled_from(["0", "1", "12", "a", "c_1", "123456789", "1234567890", "007", "not", "B", "_x", "x'"]),
       min_size=1, max_size=3)), max_size=6))
def test_the_fast_path_reads_as_the_parser_does(noise: list[str], plain: list) -> None:
    """Texts of plain facts (the fast path's) and of anything near them: the same facts,
    or the same error at the same place, with and without the fast path."""
    texts = ["".join(noise), " ".join(f"{p}({','.join(a)})." for p, a in plain)]
    for text in texts:
        fast, slow = read_both_ways(text)
        assert fast == slow, text


def read_both_ways(text: str) -> tuple[object, object]:
    """What the reader makes of ``text`` (facts with their offsets, or the error line),
    with the fast path and with the parser alone."""
    from slitherasp.formats import terms

    out = []
    for fast in (True, False):
        terms.Parser.fast = fast
        try:
            out.append([(f.predicate, f.args, f.offset) for f in parse_facts(text)])
        except InputError as e:
            out.append(str(e))
        finally:
            terms.Parser.fast = True
    return out[0], out[1]
