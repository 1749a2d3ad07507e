"""Names are read exactly as clingo reads them, or refused: never read some other way.

A name we read differently from clingo is a wrong answer, not a refusal: the facts we
write for clingo then name other vertices than the instance (``edge((1),2)`` is the
edge ``(1,2)`` for clingo; read as a tuple of one it counted 0 loops instead of 1).
Here clingo's own parser is the judge: terms generated from a grammar that holds
clingo's corner cases (parentheses, tuples with and without a trailing comma, unary
minus, number bases and leading zeros, strings and their escapes, nested comments)
are read by us and grounded by clingo as the fact ``p(T).``, and the two must agree:
the same printed term, or both refusing. Refusing what clingo would compute
(arithmetic, pools, numbers it wraps around) is allowed; the grammar does not make
those.
"""

from __future__ import annotations

import os

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_format_lp import read_both_ways

from slitherasp.cli.main import main
from slitherasp.formats.lp import parse_facts, read_instance
from slitherasp.model.errors import InputError

EXAMPLES = int(os.environ.get("SLITHERASP_FUZZ_EXAMPLES", "400"))
NAMES = settings(max_examples=EXAMPLES, deadline=None, database=None,
                 derandomize="SLITHERASP_FUZZ_EXAMPLES" not in os.environ, suppress_health_check=[HealthCheck.too_slow])
# hypothesis warns that the recursive strategy's description is long; it is only that
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


def clingo_reads(term: str) -> str | None:
    """The term clingo grounds for ``p(T).``, or None where it refuses the text or the
    fact yields not exactly one atom (a pool makes several, ``-"a"`` none)."""
    ctl = clingo.Control(["--warn=none"], logger=lambda code, message: None)
    try:
        ctl.add("base", [], f"p({term}).")
        ctl.ground([("base", [])])
    except RuntimeError:
        return None
    atoms = [a.symbol for a in ctl.symbolic_atoms]
    if len(atoms) != 1 or atoms[0].name != "p" or len(atoms[0].arguments) != 1:
        return None
    return str(atoms[0].arguments[0])


def we_read(term: str) -> str | None:
    try:
        facts = parse_facts(f"p({term}).")
    except InputError:
        return None
    assert len(facts) == 1 and facts[0].predicate == "p"
    return facts[0].args[0] if len(facts[0].args) == 1 else None


BLANK = st.sampled_from(["", "", "", " ", "\t", "\r\n", "%c\n", "%*x*%", "%*a %*b*% c*%", "%*%x*%\n*%",
                         "#!c\n", "%**%", "\f", "%*"])
NUMBER = st.sampled_from(["0", "1", "7", "42", "2147483647", "007", "00", "0x1F", "0xff", "0o17", "0o0",
                          "0b101", "0b2", "12a"]) | st.integers(0, 2**31 - 1).map(str)
IDENT = st.from_regex(r"\A[_']{0,2}[a-z][A-Za-z0-9_']{0,3}\Z") | st.sampled_from(["not", "A", "_", "'A", "_x", "'"])
STRING = st.lists(st.sampled_from(["a", " ", "\\\\", '\\"', "\\n", "\\t", "\t", "\\", "%", "*%", "("]),
                  max_size=4).map(lambda parts: '"' + "".join(parts) + '"')


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    args = st.lists(st.tuples(BLANK, inner, BLANK).map("".join), max_size=3)
    comma = st.sampled_from(["", "", ","])
    return st.one_of(
        st.tuples(IDENT, BLANK, args, comma).map(lambda t: f"{t[0]}{t[1]}({','.join(t[2])}{t[3]})"),
        st.tuples(args, comma).map(lambda t: f"({','.join(t[0])}{t[1]})"),
        st.tuples(BLANK, inner).map(lambda t: f"-{t[0]}{t[1]}"),
        st.just("(,)"), st.just("( , )"),
    )


TERM = st.recursive(NUMBER | IDENT | STRING, _compound, max_leaves=8)


@NAMES
@given(TERM)
def test_names_are_read_as_clingo_reads_them(term: str) -> None:
    assert we_read(term) == clingo_reads(term), term


@pytest.mark.parametrize(("term", "name"), [
    ("(1)", "1"), ("(a)", "a"), ("((1,2))", "(1,2)"), ("f((1))", "f(1)"), ("(a,)", "(a,)"), ("()", "()"),
    ("(,)", "()"), ("(1,2,)", "(1,2)"), ("f()", "f"), ("-(1)", "-1"), ("-(a)", "-a"), ("--a", "a"),
    ("-(1,2)", "-(1,2)"), ("0x10", "16"), ("'a", "'a"),
])
def test_the_traps_of_the_attack(term: str, name: str) -> None:
    """The names the outside attack found read otherwise, and their kin."""
    assert we_read(term) == name == clingo_reads(term)


@pytest.mark.parametrize(("term", "name"), [
    ('"p 3926"', '"p 3926"'), ('"a\\"b\\\\c\\nd"', '"a\\"b\\\\c\\nd"'), ('"tab\there"', '"tab\there"'), ('""', '""'),
    ("-7", "-7"), ("-123456789", "-123456789"), ("-0", "0"), ("2147483647", "2147483647"), ("-a", "-a"),
    ("f(1,\"a\",-b)", "f(1,\"a\",-b)"), ("-f(x)", "-f(x)"), ("-(1,2)", "-(1,2)"), ("-(a,)", "-(a,)"), ("-()", "-()"),
    ('("a",-3,f)', '("a",-3,f)'), ("f(g(1),(2,))", "f(g(1),(2,))"), ("f( 1 ,2)", "f(1,2)"), ("_x'", "_x'"),
])
def test_the_forms_of_the_fast_path(term: str, name: str) -> None:
    """Every form the fast path reads whole (and a few it leaves to the parser: a name
    nested two deep, blanks inside a name, a minus before 0), as clingo reads it."""
    assert we_read(term) == name == clingo_reads(term)


FACT = st.lists(st.tuples(BLANK, TERM, BLANK).map("".join), min_size=1, max_size=4).map(
    lambda args: f"p({','.join(args)}).")


@NAMES
@given(st.lists(st.tuples(FACT, BLANK), max_size=4))
def test_the_fast_path_reads_names_as_the_parser_does(facts: list[tuple[str, str]]) -> None:
    """Facts of generated terms, blanks and comments between: the fast path and the
    parser alone read the same facts at the same places, or refuse with the same line."""
    text = " ".join(a + b for a, b in facts)
    fast, slow = read_both_ways(text)
    assert fast == slow, text


@pytest.mark.parametrize("term", ["007", '"\\t"', '-"a"', "f(a,)", "\f1", "%* a %* b *% 1"])
def test_what_clingo_refuses_is_refused(term: str) -> None:
    assert clingo_reads(term) is None
    assert we_read(term) is None


TRIANGLE = "edge({a},2). edge(2,3). edge(3,1). cell_contains(c,{a},2). cell_contains(c,2,3). cell_contains(c,3,1)."


def test_a_parenthesised_vertex_is_that_vertex(capsys, tmp_path) -> None:
    """The attack's reproducer: clingo reads (1) as 1, so the triangle closes and its
    one loop has the clue 3."""
    path = tmp_path / "paren.lp"
    path.write_text(TRIANGLE.format(a="(1)") + " clue(c,3).")
    assert read_instance(path.read_text()).vertices == ("1", "2", "3")
    assert main(["count", str(path)]) == 0
    assert capsys.readouterr().out == "1\n"


def test_a_function_with_no_arguments_is_its_name(capsys, tmp_path) -> None:
    """``f()`` is clingo's constant ``f``: it gave exit 70 (the answer's ``link(f,2)``
    named no edge of ours). Clue-less, so that clingo searches."""
    path = tmp_path / "f.lp"
    path.write_text(TRIANGLE.replace("1", "f()").format(a="f()"))
    assert main(["solve", str(path), "--models", "0"]) == 0
    out = capsys.readouterr().out
    assert "link(f,2) link(2,3) link(3,f)" in out and "Models       : 1" in out


def test_the_web_app_solves_a_function_with_no_arguments() -> None:
    """It answered HTTP 500 for the same instance (solve, hint and grade alike)."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from slitherasp.validate import check
    from slitherasp.web.app import create_app

    text = TRIANGLE.replace("1", "f()").format(a="f()")
    with TestClient(create_app()) as client:
        r = client.post("/api/solve", json={"puzzle": text, "unique": True})
    assert r.status_code == 200, r.text
    links = r.json()["links"]
    assert check(read_instance(text), [tuple(uv) for uv in links]).valid
