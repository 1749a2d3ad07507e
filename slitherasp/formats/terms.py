"""Terms and facts read as clingo reads them, with ``file:line:col`` for every problem.

Names (vertices, cells) are kept as the text clingo prints for them, so that a name
read here and the same term printed in clingo's answer are one string. The reader
follows clingo's lexer and its grammar for terms (:class:`Parser`); what clingo would
compute (arithmetic, pools, intervals) is refused, never read some other way
(``tests/test_names.py`` holds it against clingo's own parser).

>>> [(f.predicate, f.args) for f in parse_facts("p((1), f(), (a,), -(2)). q.")]
[('p', ('1', 'f', '(a,)', '-2')), ('q', ())]
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass

from .. import limits
from ..model import InputError


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
# The commonest text of all, competition facts as generators write them ('edge(1,2).',
# one after another with blanks between): the whole text in one pass, when it is only
# that. Small numbers and plain names are their own canonical spelling.
_PLAIN_ARG = r"(0|[1-9][0-9]{0,8}|[a-z][A-Za-z0-9_]{0,200})"
_WHOLE = re.compile(rf"[ \t\r\n]*([a-z][A-Za-z0-9_]*)\({_PLAIN_ARG}(?:,{_PLAIN_ARG})?(?:,{_PLAIN_ARG})?\)\.", re.A)
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


class Parser:
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
        if terminated and self.pos == 0:
            whole = _whole(text)
            if whole is not None:
                self.pos = n
                yield from whole
                return
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


def _whole(text: str) -> list[Fact] | None:
    """Every fact of ``text`` when it holds nothing but plain facts and blanks (see
    ``_WHOLE``), else None (the parser then reads it, and says where it goes wrong)."""
    facts, pos = [], 0
    for m in _WHOLE.finditer(text):
        if m.start() != pos:
            return None
        pos = m.end()
        pred, a, b, c = m.groups()
        args = (a,) if b is None else (a, b) if c is None else (a, b, c)
        if pred in _KEYWORDS or _KEYWORDS.intersection(args):
            return None
        facts.append(Fact(pred, args, m.start(1)))
    if text[pos:].strip(" \t\r\n"):
        return None
    return facts


def _plain(text: str) -> bool:
    """A small natural number written as clingo prints it (no sign, no leading zero),
    which needs no check: the common case, kept off the slow path."""
    return len(text) < 10 and text.isdigit() and (text[0] != "0" or text == "0")


def parse_facts(text: str, source: str = "<string>", *, terminated: bool = True) -> list[Fact]:
    """Parse ground facts (``p(a,1). q("x").``); raise :class:`InputError` on bad syntax.

    >>> [(f.predicate, f.args) for f in parse_facts('edge(1, c). clue(f(1,2),"s").')]
    [('edge', ('1', 'c')), ('clue', ('f(1,2)', '"s"'))]
    """
    return list(Parser(text, source).atoms(terminated))
