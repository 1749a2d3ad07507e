"""The ASP-competition format (``lp``), in and out: instances and answers as facts.

An instance is a set of facts ``edge(U,V).`` (once per undirected edge),
``cell_contains(C,U,V).`` (in the edge's own orientation) and ``clue(C,N).``;
an answer is a set of facts ``link(U,V).`` in the input's orientation. Names may be
any clingo constant: integers, symbols (``c0``), quoted strings, function terms.

Facts are read by a small parser of our own, so every problem is reported as
``file:line:col: problem`` before clingo ever sees the instance.

>>> p = read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,1).")
>>> p.vertices, p.cells, p.clues
(('1', '2', '3'), ('t',), (1,))
>>> print(write_answer(p, [0]))
link(1,2).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .. import limits
from ..errors import located
from ..model import InputError, Name, Puzzle

INSTANCE_PREDICATES = {"edge": 2, "cell_contains": 3, "clue": 2}


# --------------------------------------------------------------------------- terms
@dataclass(frozen=True)
class Fact:
    """One parsed atom: predicate, arguments as canonical clingo strings, position."""

    predicate: str
    args: tuple[str, ...]
    offset: int


# Blanks are clingo's: space, tab, carriage return and newline (a form feed is an
# error there); '%' and '#!' start a comment to the end of the line, '%*' a block comment.
_SKIP = re.compile(r"(?:[ \t\r\n]+|%(?!\*)[^\n]*|#![^\n]*)*")
# Inside a block comment: '*%' closes, '%*' opens a nested one, '%' hides the rest of
# its line (a '*%' there too).
_IN_BLOCK = re.compile(r"\*%|%\*|%[^\n]*")
_IDENT = re.compile(r"[_']*[a-z][A-Za-z0-9_']*", re.A)
_VARIABLE = re.compile(r"[_']*[A-Z]|_", re.A)
_NUMBER = re.compile(r"0x[0-9A-Fa-f]+|0o[0-7]+|0b[01]+|0|[1-9][0-9]*", re.A)
_STRING = re.compile(r'"((?:\\.|[^"\\\n])*)"')
_SIMPLE_ARG = r"[ \t\r\n]*(-?(?:0|[1-9][0-9]{0,9})|[_']*[a-z][A-Za-z0-9_']{0,200})[ \t\r\n]*"
# The common case, one whole fact with at most three plain arguments, in one match.
_FAST = re.compile(
    rf"([_']*[a-z][A-Za-z0-9_']*)\({_SIMPLE_ARG}(?:,{_SIMPLE_ARG})?(?:,{_SIMPLE_ARG})?\)", re.A
)
_KEYWORDS = frozenset({"not"})
"""Words clingo reads as keywords, never as names."""
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n"}
"""The escapes clingo knows in strings (``\\t`` is a syntax error there)."""


def quote(text: str) -> str:
    """A Python string as a clingo string constant, escaped the way clingo prints it.

    >>> quote('a "b"')
    '"a \\\\"b\\\\""'
    """
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def negate(term: str) -> str | None:
    """What clingo makes of ``-T`` for a term printed as ``term``: a number negated, a
    function or tuple with its sign flipped; None for a string (clingo leaves ``-"a"``
    undefined and drops the fact that holds it).

    >>> negate("3"), negate("-3"), negate("0"), negate("f(1)"), negate("-(a,)"), negate('"s"')
    ('-3', '3', '0', '-f(1)', '(a,)', None)
    """
    if term.startswith('"'):
        return None
    if term.startswith("-"):
        return term[1:]
    return term if term == "0" else "-" + term


class _Parser:
    """Terms and facts read as clingo reads them (its lexer and its grammar for terms
    without arithmetic): a parenthesised single term is that term, ``(a,)`` a tuple of
    one, ``()`` and ``(,)`` the empty tuple, ``f()`` the constant ``f``, ``-`` negates
    numbers and flips the sign of functions and tuples; numbers decimal (no leading
    zero), ``0x``, ``0o`` or ``0b``; comments nest. What clingo computes (arithmetic,
    pools, intervals, ``#inf``, numbers beyond its 32 bits, which it wraps around) and
    control characters in strings are refused, never read some other way."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.pos = 0
        self._lines: list[int] | None = None

    # position helpers --------------------------------------------------------------
    def where(self, offset: int) -> tuple[int, int]:
        if self._lines is None:
            self._lines = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._lines, offset)
        return line, offset - self._lines[line - 1] + 1

    def error(self, message: str, offset: int | None = None) -> InputError:
        line, col = self.where(self.pos if offset is None else offset)
        return InputError(message, source=self.source, line=line, column=col)

    def skip(self) -> None:
        text = self.text
        while True:
            self.pos = _SKIP.match(text, self.pos).end()  # type: ignore[union-attr]
            if not text.startswith("%*", self.pos):
                return
            self._block_comment()

    def _block_comment(self) -> None:
        start, depth, pos = self.pos, 0, self.pos
        for m in _IN_BLOCK.finditer(self.text, pos):
            token = m.group()
            if token == "%*":
                depth += 1
            elif token == "*%":
                depth -= 1
                if depth == 0:
                    self.pos = m.end()
                    return
        raise self.error("unterminated block comment: '%*' needs a closing '*%'", start)

    def peek(self) -> str:
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str, what: str) -> None:
        self.skip()
        if self.peek() != char:
            found = self.peek() or "end of input"
            raise self.error(f"expected {what}, found {found!r}")
        self.pos += 1

    # grammar -----------------------------------------------------------------------
    def number(self, text: str, offset: int) -> str:
        """A number as clingo prints it; out of clingo's range is an error here."""
        try:
            return str(limits.integer(text, "the number", low=-limits.INT_MAX))
        except InputError as exc:
            raise self.error(exc.message, offset) from None

    def term(self, depth: int = 0) -> str:
        """One term (unary minus signs first), as clingo prints it."""
        self.skip()
        start, signs = self.pos, 0
        while self.peek() == "-":
            signs += 1
            self.pos += 1
            self.skip()
        text = self.primary(depth)
        if signs:
            negated = negate(text)
            if negated is None:
                raise self.error("a minus before a string: clingo leaves it undefined and drops the fact", start)
            text = negated if signs % 2 else text
        return self.name(text, start)

    def primary(self, depth: int) -> str:
        start, ch = self.pos, self.peek()
        if depth > limits.MAX_DEPTH:
            raise self.error(f"terms nested deeper than {limits.MAX_DEPTH} levels", start)
        if m := _NUMBER.match(self.text, self.pos):
            self.pos = m.end()
            if m.group() == "0" and self.peek().isdigit():
                raise self.error("a number with a leading zero (a syntax error for clingo)", start)
            if len(m.group()) > 40:
                raise self.error(f"the number {m.group()[:20]}... is out of range", start)
            return self.number(str(int(m.group(), 0)), start)
        if m := _STRING.match(self.text, self.pos):
            self.pos = m.end()
            return self.name(quote(self._unescape(m.group(1), start + 1)), start)
        if m := _IDENT.match(self.text, self.pos):
            self.pos = m.end()
            if m.group() in _KEYWORDS:
                raise self.error(f"{m.group()!r} is a keyword of clingo, not a name", start)
            self.skip()
            if self.peek() == "(":
                args = self.arguments(depth=depth + 1)
                return self.name(m.group() + ("(" + ",".join(args) + ")" if args else ""), start)
            return self.name(m.group(), start)
        if ch == "(":
            return self.name(self.tuple(depth + 1), start)
        if _VARIABLE.match(self.text, self.pos):
            raise self.error("variables are not allowed in facts", start)
        if ch == '"':
            raise self.error("unterminated string", start)
        raise self.error(f"expected a term, found {ch or 'end of input'!r}", start)

    def name(self, text: str, offset: int) -> str:
        if len(text) > limits.MAX_NAME:
            raise self.error(f"a name longer than {limits.MAX_NAME} characters", offset)
        return text

    def tuple(self, depth: int) -> str:
        """``(...)``: one term without a comma is that term; otherwise a tuple, whose
        one trailing comma is allowed (and makes ``(a,)`` a tuple of one)."""
        self.pos += 1  # '('
        args: list[str] = []
        while True:
            self.skip()
            if self.peek() == ")":
                self.pos += 1
                return "(" + ",".join(args) + ("," if len(args) == 1 else "") + ")"
            if self.peek() == "," and not args:
                self.pos += 1
                self.expect(")", "')' after '(,'")
                return "()"
            args.append(self.term(depth))
            self.skip()
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect(")", "',' or ')'")
            return args[0] if len(args) == 1 else "(" + ",".join(args) + ")"

    def arguments(self, depth: int = 0) -> list[str]:
        """``(t1,...,tn)`` after a name, n >= 0 (no trailing comma)."""
        self.expect("(", "'('")
        args: list[str] = []
        self.skip()
        if self.peek() == ")":
            self.pos += 1
            return args
        while True:
            args.append(self.term(depth))
            self.skip()
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect(")", "',' or ')'")
            return args

    def _unescape(self, body: str, offset: int) -> str:
        out, i = [], 0
        while i < len(body):
            if body[i] == "\\":
                esc = _ESCAPES.get(body[i + 1 : i + 2])
                if esc is None:
                    raise self.error(f"unknown escape sequence \\{body[i+1:i+2]} (clingo knows \\\\, \\\" and \\n)",
                                     offset + i)
                out.append(esc)
                i += 2
            elif body[i] < " " and body[i] != "\t":
                raise self.error(f"a control character ({ord(body[i])}) in a string", offset + i)
            else:
                out.append(body[i])
                i += 1
        return "".join(out)

    def atoms(self, terminated: bool) -> Iterator[Fact]:
        """Atoms up to the end of input; with ``terminated`` each must end in '.'."""
        text, n = self.text, len(self.text)
        while True:
            self.skip()
            if self.pos >= n:
                return
            start = self.pos
            m = _FAST.match(text, start)
            args: tuple[str, ...] | None = None
            if m:
                args = tuple(a if a[0] not in "-0123456789" or _plain(a) else self.number(a, start)
                             for a in m.groups()[1:] if a)
                if _KEYWORDS.intersection(args):
                    args = None  # the slow path below says where
                elif terminated and text.startswith(".", m.end()):
                    self.pos = m.end() + 1  # the common case: 'p(a,b).' with nothing between
                    yield Fact(m.group(1), args, start)
                    continue
            if m and args is not None:
                self.pos = m.end()
                pred = m.group(1)
            else:
                if text[start] in "#:":
                    raise self.error("only facts are allowed here (no directives or rules)")
                pm = _IDENT.match(text, start)
                if not pm:
                    if text[start].isupper():
                        raise self.error("a fact must start with a lower-case predicate name")
                    raise self.error(f"unexpected {text[start]!r}")
                pred = pm.group()
                self.pos = pm.end()
                self.skip()
                args = tuple(self.arguments()) if self.peek() == "(" else ()
            if terminated:
                self.skip()
                if text.startswith(":-", self.pos):
                    raise self.error("only facts are allowed here (found a rule)")
                self.expect(".", f"'.' after {pred}/{len(args)}")
            yield Fact(pred, args, start)


def _plain(text: str) -> bool:
    """A small natural number written as clingo prints it (no sign, no leading zero),
    which needs no check: the common case, kept off the slow path."""
    return len(text) < 10 and text.isdigit() and (text[0] != "0" or text == "0")


def parse_facts(text: str, source: str = "<string>", *, terminated: bool = True) -> list[Fact]:
    """Parse ground facts (``p(a,1). q("x").``); raise :class:`InputError` on bad syntax.

    >>> [(f.predicate, f.args) for f in parse_facts('edge(1, c). clue(f(1,2),"s").')]
    [('edge', ('1', 'c')), ('clue', ('f(1,2)', '"s"'))]
    """
    return list(_Parser(text, source).atoms(terminated))


# --------------------------------------------------------------------------- instances
def read_instance(text: str, source: str = "<string>") -> Puzzle:
    """Read a competition instance from text; every problem names its line and column.

    >>> read_instance("edge(1,2). edge(2,1).")
    Traceback (most recent call last):
    ...
    slitherasp.errors.InputError: <string>:1:12: edge(2,1) repeats edge(1,2) in the other orientation
    """
    parser = _Parser(text, source)
    facts = _by_predicate(parser)
    vertex_index, edge_at = _edges(parser, facts["edge"])
    if not edge_at:
        raise InputError("empty instance: no edge/2 facts", source=source)
    cells = _cells(parser, facts["cell_contains"], vertex_index, edge_at)
    clues = _clues(parser, facts["clue"], cells)
    names = tuple(cells)
    return Puzzle(
        vertices=tuple(vertex_index),
        edges=tuple(edge_at),
        cells=names,
        cell_edges=tuple(tuple(cells[c]) for c in names),
        clues=tuple(clues.get(c) for c in names),
        source=source,
    )


def _by_predicate(parser: _Parser) -> dict[str, list[Fact]]:
    """Every fact of the text by predicate; unknown predicates and arities refused."""
    by_predicate: dict[str, list[Fact]] = {p: [] for p in INSTANCE_PREDICATES}
    for fact in parser.atoms(terminated=True):
        arity = INSTANCE_PREDICATES.get(fact.predicate)
        name = f"{fact.predicate}/{len(fact.args)}"
        if arity is None:
            raise parser.error(
                f"unknown predicate {name}: an instance has only edge/2, cell_contains/3 and clue/2", fact.offset
            )
        if len(fact.args) != arity:
            raise parser.error(f"{name} has the wrong arity: expected {fact.predicate}/{arity}", fact.offset)
        by_predicate[fact.predicate].append(fact)
    return by_predicate


def _edges(parser: _Parser, facts: list[Fact]) -> tuple[dict[Name, int], dict[tuple[int, int], int]]:
    """Vertex name -> index, and each edge ``(u, v)`` -> its index, in input order."""
    vertex_index: dict[Name, int] = {}
    edge_at: dict[tuple[int, int], int] = {}
    for f in facts:
        u, v = f.args
        if u == v:
            raise parser.error(f"edge({u},{v}) is a self-loop", f.offset)
        iu = vertex_index.setdefault(u, len(vertex_index))
        iv = vertex_index.setdefault(v, len(vertex_index))
        if (iu, iv) in edge_at:
            raise parser.error(f"edge({u},{v}) is given twice", f.offset)
        if (iv, iu) in edge_at:
            raise parser.error(f"edge({u},{v}) repeats edge({v},{u}) in the other orientation", f.offset)
        edge_at[(iu, iv)] = len(edge_at)
    return vertex_index, edge_at


def _cells(parser: _Parser, facts: list[Fact], vertex_index: dict[Name, int],
           edge_at: dict[tuple[int, int], int]) -> dict[Name, list[int]]:
    """Cell name -> its edges' indices, each named in its edge's own orientation."""
    cells: dict[Name, list[int]] = {}
    seen: set[tuple[Name, int]] = set()
    for f in facts:
        c, u, v = f.args
        iu, iv = vertex_index.get(u, -1), vertex_index.get(v, -1)
        e = edge_at.get((iu, iv))
        if e is None:
            if (iv, iu) in edge_at:
                raise parser.error(f"cell_contains({c},{u},{v}) names edge({v},{u}) in reverse orientation", f.offset)
            raise parser.error(f"cell_contains({c},{u},{v}) names an edge that is not in edge/2", f.offset)
        if (c, e) in seen:
            raise parser.error(f"cell_contains({c},{u},{v}) is given twice", f.offset)
        seen.add((c, e))
        cells.setdefault(c, []).append(e)
    return cells


def _clues(parser: _Parser, facts: list[Fact], cells: dict[Name, list[int]]) -> dict[Name, int]:
    """Cell name -> clue: one integer per cell, between 0 and the cell's size."""
    clues: dict[Name, int] = {}
    for f in facts:
        c, n = f.args
        try:
            k = int(n)
        except ValueError:
            raise parser.error(f"clue({c},{n}): the clue must be an integer", f.offset) from None
        if c in clues:
            raise parser.error(f"clue({c},{n}): cell {c} has a clue already", f.offset)
        if k < 0:
            raise parser.error(f"clue({c},{n}) is negative", f.offset)
        clues[c] = k
    for f in facts:
        c, k = f.args[0], clues[f.args[0]]
        if c not in cells:
            raise parser.error(f"clue({c},{k}) names a cell with no cell_contains/3 facts", f.offset)
        if k > len(cells[c]):
            raise parser.error(f"clue({c},{k}) is larger than its cell ({len(cells[c])} edges)", f.offset)
    return clues


def write_instance(puzzle: Puzzle) -> str:
    """The competition facts of a puzzle, one fact a line: edges, cells, clues."""
    name = puzzle.vertices
    out = [f"edge({name[u]},{name[v]})." for u, v in puzzle.edges]
    for c, es in zip(puzzle.cells, puzzle.cell_edges):
        out.extend(f"cell_contains({c},{name[puzzle.edges[e][0]]},{name[puzzle.edges[e][1]]})." for e in es)
    out.extend(f"clue({c},{k})." for c, k in zip(puzzle.cells, puzzle.clues) if k is not None)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- answers
def write_answer(puzzle: Puzzle, answer: Iterable[int]) -> str:
    """An answer as ``link(U,V).`` facts in input orientation, in edge order."""
    return "\n".join(f"link({u},{v})." for u, v in puzzle.links(answer))


def read_answer(text: str, source: str = "<string>") -> list[tuple[Name, Name]]:
    """The ``link/2`` pairs of an answer, in any of the forms people keep them in.

    Accepted: ``link(U,V).`` facts; clingo's text output (the atoms after the last
    ``Answer:`` line); clingo's ``--outf=2`` JSON; our own ``--json`` object. Atoms of
    other predicates are ignored. Pairs are returned as written, so that the validator
    can name links that are reversed or not edges at all.

    >>> read_answer("Answer: 1\\nlink(1,2) link(2,3)\\nSATISFIABLE\\n")
    [('1', '2'), ('2', '3')]
    """
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _answer_from_json(text, source)
    lines = text.splitlines(keepends=True)
    answer_at = [i for i, line in enumerate(lines) if re.match(r"Answer: \d+", line)]
    if answer_at:
        i = answer_at[-1] + 1
        offset = sum(len(x) for x in lines[:i])
        body = lines[i] if i < len(lines) else ""
        parser = _Parser(text, source)
        parser.text = text[: offset + len(body)]
        parser.pos = offset
        facts: Iterable[Fact] = parser.atoms(terminated=False)
    else:
        parser = _Parser(text, source)
        facts = parser.atoms(terminated=True)
    links = []
    for f in facts:
        if f.predicate == "link":
            if len(f.args) != 2:
                raise parser.error(f"link/{len(f.args)} has the wrong arity: expected link/2", f.offset)
            links.append((f.args[0], f.args[1]))
    return links


def _answer_from_json(text: str, source: str) -> list[tuple[Name, Name]]:
    with located(source):
        data = limits.load_json(text, "JSON")
    if isinstance(data, dict) and "links" in data:
        pairs = data["links"]
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs
        ):
            raise InputError('"links" must be a list of [U, V] string pairs', source=source)
        return [(u, v) for u, v in pairs]
    try:  # clingo --outf=2
        witnesses = data["Call"][-1]["Witnesses"]
        atoms = " ".join(witnesses[-1]["Value"])
    except (KeyError, IndexError, TypeError):
        raise InputError(
            'JSON answer must be our --json object ("links") or clingo --outf=2 output',
            source=source,
        ) from None
    return read_answer(f"Answer: 1\n{atoms}\n", source)


def sniff(text: str) -> bool:
    """Whether ``text`` looks like competition facts.

    >>> sniff("edge(1,2)."), sniff("3x3t0:a2b3d")
    (True, False)
    """
    return "edge(" in text
