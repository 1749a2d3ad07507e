"""Facts are read in time linear in the text, whatever it holds, and a long read stops
when asked; every name form takes the fast path; errors are one short line.

The outside attack (issue 36) found the one-pass reader quadratic: ``edge(1,2).`` and
100,000 letters took 27-43 s and gave a 100,000-character error line, names of 381
characters took 40 times the parser's time, quoted names fell to the parser, and one
search held the interpreter for seconds (Ctrl-C and the watchdog waited). No time is
asserted here (``benchmarks/reading.py`` measures it); what makes reading linear is:
no expression of the reader can backtrack, each is matched only where the reader
stands, with at most ``WINDOW`` characters in sight, and the characters in sight of all
calls together grow as the text does.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slitherasp.formats import terms
from slitherasp.formats.lp import parse_facts, read_instance
from slitherasp.model import stopping
from slitherasp.model.errors import InputError

CLI = [sys.executable, "-m", "slitherasp.cli"]


def patterns() -> dict[str, re.Pattern[str]]:
    """Every regular expression the reader uses, by name."""
    found = {name: p for name, p in vars(terms).items() if isinstance(p, re.Pattern)}
    found.update({f"_facts({t})": terms._facts(t) for t in (True, False)})
    return found


# --------------------------------------------------------------------------- no backtracking
def can_backtrack(tree: list, committed: bool = False) -> list[str]:
    """The constructs of a parsed pattern that could give back what they matched when
    what follows fails: a greedy or lazy repeat of varying count, an alternation
    outside an atomic group, a possessive repeat or a lookaround (which commit)."""
    from re import _constants as c

    found = []
    for op, av in tree:
        if op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[0] != av[1]:
            found.append(f"{op} {av[0]}..{av[1]}")
        if op is c.BRANCH and not committed:
            found.append("an alternation outside an atomic group")
        if op is c.GROUPREF:
            found.append("a back reference")
        for sub, done in inside(op, av, committed):
            found += can_backtrack(list(sub), done)
    return found


def inside(op: object, av: object, committed: bool) -> list[tuple[list, bool]]:
    """The parts of one parsed construct, each with whether a match of it is final."""
    from re import _constants as c

    if op is c.SUBPATTERN:
        return [(av[3], committed)]
    if op is c.BRANCH:
        return [(b, committed) for b in av[1]]
    if op is c.ATOMIC_GROUP:
        return [(av, True)]
    if op in (c.POSSESSIVE_REPEAT, c.MAX_REPEAT, c.MIN_REPEAT):
        return [(av[2], committed or op is c.POSSESSIVE_REPEAT)]
    if op in (c.ASSERT, c.ASSERT_NOT):
        return [(av[1], True)]
    return []


@pytest.mark.skipif(sys.version_info < (3, 11, 5), reason="possessive repeats and atomic groups are used from "
                    "Python 3.11.5 on (before, they match wrongly: CPython's gh-106052)")
@pytest.mark.parametrize("name", sorted(patterns()))
def test_no_expression_of_the_reader_can_backtrack(name: str) -> None:
    """The quadratic time came from a search whose failed tries each ran to the end of a
    long word and back; repeats here are possessive and alternatives atomic, so a
    match costs at most a constant times the characters it looks at."""
    from re import _parser

    pattern = patterns()[name]
    assert can_backtrack(list(_parser.parse(pattern.pattern, pattern.flags))) == [], pattern.pattern


PIECES = ["edge", "p", "f", "(", ")", ",", ".", " ", "\n", "\t", "0", "12", "-", '"', "\\", '\\"', "\\n", "a", "B",
          "_", "'", "not", "1234567890", "123456789", "%", "*", "x", "\x01", '"s"', "(a,)", "()", "f(1)"]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="compares with Python 3.11's possessive repeats")
@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_python_3_10_reads_the_same(text: str) -> None:
    """Python 3.10 compiles the expressions with greedy repeats (``terms._greedy``):
    they must match exactly what the possessive ones do, wherever the reader stands."""
    for name, pattern in patterns().items():
        greedy = re.compile(terms._greedy(pattern.pattern), pattern.flags)
        for pos in range(min(len(text), 3) + 1):
            ours, theirs = pattern.match(text, pos), greedy.match(text, pos)
            assert (ours and (ours.span(), ours.groups())) == (theirs and (theirs.span(), theirs.groups())), name


# --------------------------------------------------------------------------- linear work
class Watched:
    """A pattern that notes how many characters each call may look at; it has no
    search, findall or finditer (the reader must not look ahead for a match)."""

    def __init__(self, pattern: re.Pattern[str], seen: list[int]) -> None:
        self.pattern, self.seen = pattern, seen

    def _note(self, string: str, pos: int, endpos: int) -> None:
        self.seen.append(min(endpos, len(string)) - pos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        self._note(string, pos, endpos)
        return self.pattern.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        self._note(string, pos, endpos)
        return self.pattern.fullmatch(string, pos, endpos)

    def scanner(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> object:
        self._note(string, pos, endpos)
        return self.pattern.scanner(string, pos, endpos)


def in_sight(monkeypatch: pytest.MonkeyPatch, text: str) -> list[int]:
    """For each call of an expression while ``text`` is read, how many characters it
    may look at (an error ends the read as the end of the text does)."""
    seen: list[int] = []
    facts = {t: Watched(terms._facts(t), seen) for t in (True, False)}
    with monkeypatch.context() as m:
        for name, pattern in vars(terms).copy().items():
            if isinstance(pattern, re.Pattern):
                m.setattr(terms, name, Watched(pattern, seen))
        m.setattr(terms, "_facts", facts.__getitem__)
        m.setattr(terms, "re", types.SimpleNamespace())  # no re.search and the like while reading
        with contextlib.suppress(InputError):
            parse_facts(text)
    return seen


LONG_NAME = "v" + "x" * 372 + "{:08d}"
TEXTS: dict[str, Callable[[int], str]] = {
    "plain facts": lambda n: "".join(f"edge({i},{i + 1}).\n" for i in range(n // 16)),
    "quoted names": lambda n: "".join(f'edge("p {i}","p {i + 1}").\n' for i in range(n // 20)),
    "functions and tuples": lambda n: "".join(f"edge(p({i},-3),(c,{i})).\n" for i in range(n // 24)),
    "381-character names": lambda n: "".join(
        f"edge({LONG_NAME.format(i)},{LONG_NAME.format(i + 1)}).\n" for i in range(n // 770)),
    "blanks inside facts": lambda n: "".join(f"edge( f( {i} ) , 2 ).\n" for i in range(n // 20)),
    "a comment after each fact": lambda n: "".join(f"edge({i},{i + 1}). % c\n" for i in range(n // 20)),
    "letters after a fact": lambda n: "edge(1,2). " + "a" * n,
    "letters in a fact": lambda n: "edge(1," + "a" * n + ").",
    "digits": lambda n: "edge(1," + "9" * n + ").",
    "underscores": lambda n: "edge(" + "_" * n + "a,1).",
    "quotes": lambda n: "edge(" + "'" * n,
    "a string not closed": lambda n: 'edge(1,"' + "a" * n,
    "a long string": lambda n: 'edge(1,"' + "a" * n + '").',
    "blanks": lambda n: " \n" * (n // 2) + "edge(1,2).",
    "a line comment": lambda n: "%" + "x" * n + "\nedge(1,2).",
    "a block comment": lambda n: "%*" + "x" * n + "*%edge(1,2).",
    "block comments in a row": lambda n: "%* a *%" * (n // 7) + "edge(1,2).",
    "minus signs": lambda n: "edge(" + "-" * n + "1,2).",
    "parentheses": lambda n: "edge(" + "(" * n + "1",
    "functions": lambda n: "edge(" + "f(" * (n // 2) + "1",
    "many facts on one line": lambda n: "edge(1,2)." * (n // 10),
}


@pytest.mark.parametrize("kind", sorted(TEXTS))
def test_reading_is_linear(monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """Each call sees at most a window of text (so it ends soon: a long read stays
    interruptible, and its work is bounded, as it cannot backtrack), and a text four
    times as long takes at most about four times as many calls: the work is linear.
    The search of the old reader saw the rest of the text at every position. A window
    of 4 KiB here, so that both texts are many windows long."""
    monkeypatch.setattr(terms, "WINDOW", 4096)
    small, large = (in_sight(monkeypatch, TEXTS[kind](n)) for n in (40_000, 160_000))
    assert small and max(small + large) <= terms.WINDOW
    assert len(large) <= 4.5 * len(small) + 8, (len(small), len(large))


# --------------------------------------------------------------------------- stopping
LONG_TEXTS = ["edge(1,2). " * 20_000, "edge( 1 , 2 ). " * 20_000, " " * 200_000 + "edge(1,2).",
              "%*" + "%x\n" * 100_000 + "*% edge(1,2)."]


@pytest.mark.parametrize("text", LONG_TEXTS, ids=["fast facts", "facts for the parser", "blanks", "a comment"])
def test_a_long_read_stops_when_asked(text: str) -> None:
    """Ctrl-C, a time limit or a page gone (``stopping``) end a long read, as they end
    other long work: the command line then ends at once with one line."""
    with stopping.stop_when(lambda: True), pytest.raises(stopping.StoppedError):
        parse_facts(text)
    assert len(parse_facts(text)) in (1, 20_000)


def test_a_short_read_is_not_asked() -> None:
    """A text shorter than a window is read whole (it takes well under a millisecond)."""
    with stopping.deadline(0):
        assert len(parse_facts("edge(1,2). edge(2,3).")) == 2


def test_the_time_limit_ends_a_long_read(tmp_path: Path) -> None:
    """``solve --time-limit`` on 6 MB of facts: the reader stops at the limit and the
    command says so; the watchdog ended it before, after the read held the interpreter
    for seconds ('the work under way could not stop sooner')."""
    path = tmp_path / "big.lp"
    path.write_text("".join(f'edge("p {i}","p {i + 1}").\n' for i in range(250_000)))
    done = subprocess.run([*CLI, "solve", str(path), "--time-limit", "0.01"], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stderr) == (124, "slitherasp: the time limit ran out\n")


# --------------------------------------------------------------------------- the fast path
FORMS = ["1", "-7", "0", "123456789", "-123456789", "c0", "_x'", "'a", "-a", '"p 3926"', '"a\\"b\\\\c\\nd"',
         '"tab\there"', '""', "f(1,\"a\",-b)", "-f(x)", "(1,2)", "(a,)", "()", "-(1,2)", '("a",-3,f)', "v(12,-3)"]


def test_every_name_form_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Symbols, numbers (negative too), strings with escapes, functions and tuples:
    the fast path reads them all, with blanks between the arguments (the parser, here
    refusing to work, read all but plain names and small numbers)."""
    pairs = list(zip(FORMS, reversed(FORMS)))
    text = "\n".join(f"edge({a},{b}). cell_contains( c , {a} ,\t{b} )." for a, b in pairs)
    expected = [args for a, b in pairs for args in ((a, b), ("c", a, b))]

    def refuse(self: terms.Parser, depth: int = 0) -> list[str]:
        raise AssertionError(f"the parser read {self.text[self.pos:self.pos + 40]!r}")

    monkeypatch.setattr(terms.Parser, "arguments", refuse)
    assert [f.args for f in parse_facts(text)] == expected


@pytest.mark.parametrize(("text", "line", "col"), [
    ("edge(1,\n   2147483648).", 2, 4),
    ("edge(c,2). clue(c, 9999999999).", 1, 20),
    ("edge(-2147483648,1).", 1, 7),
    ("edge(1,f(12345678901)).", 1, 10),
])
def test_a_number_out_of_range_is_named_where_it_stands(text: str, line: int, col: int) -> None:
    """Item 8 of the attack: the fast path named the start of the fact."""
    with pytest.raises(InputError, match="out of range") as info:
        parse_facts(text, "n.lp")
    assert (info.value.line, info.value.column) == (line, col)


# --------------------------------------------------------------------------- error lines
LONG = "v" + "x" * 480 + "9"
SHORT_LINES = {
    "letters": "edge(1,2). " + "a" * 100_000,
    "a predicate with no '('": "edge(1,2). " + "b" * 300,
    "an unknown predicate": "p" * 300 + "(1,2).",
    "a self-loop": f"edge({LONG},{LONG}).",
    "an edge twice": f"edge({LONG},2). edge({LONG},2).",
    "an edge reversed": f"edge({LONG},2). edge(2,{LONG}).",
    "a cell's edge reversed": f"edge({LONG},2). cell_contains({LONG},2,{LONG}).",
    "a cell's edge unknown": f"edge({LONG},2). cell_contains({LONG},{LONG},3).",
    "a cell's edge twice": f"edge({LONG},2). cell_contains({LONG},{LONG},2). cell_contains({LONG},{LONG},2).",
    "a clue not a number": f"edge(1,2). cell_contains({LONG},1,2). clue({LONG},{LONG}).",
    "a clue twice": f"edge(1,2). cell_contains({LONG},1,2). clue({LONG},1). clue({LONG},1).",
    "a negative clue": f"edge(1,2). cell_contains({LONG},1,2). clue({LONG},-1).",
    "a clue of no cell": f"edge(1,2). cell_contains(c,1,2). clue({LONG},1).",
    "a clue too large": f"edge(1,2). cell_contains({LONG},1,2). clue({LONG},2).",
}


@pytest.mark.parametrize("kind", sorted(SHORT_LINES))
def test_an_error_line_is_short(kind: str) -> None:
    """Names are cut in the middle (both ends tell long names apart): the line was as
    long as the names, 100,000 characters for the letters."""
    with pytest.raises(InputError) as info:
        read_instance(SHORT_LINES[kind], "long.lp")
    line = str(info.value)
    assert line.startswith("long.lp:1:") and len(line) <= 250, line
    assert LONG not in line and "b" * 300 not in line and "p" * 300 not in line
