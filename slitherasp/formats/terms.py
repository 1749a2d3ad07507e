"""Terms and facts read as clingo reads them, with ``file:line:col`` for every problem.

Names (vertices, cells) are kept as the text clingo prints for them, so that a name
read here and the same term printed in clingo's answer are one string. The reader
follows clingo's lexer and its grammar for terms (:class:`Parser`); what clingo would
compute (arithmetic, pools, intervals) is refused, never read some other way
(``tests/test_names.py`` holds it against clingo's own parser).

Reading takes time linear in the text, whatever it holds, and never long in one step:
every regular expression here matches without backtracking (possessive repeats,
atomic alternatives), only where the reader stands (it never searches ahead), and is
given at most :data:`WINDOW` characters per call, so a long read stops for Ctrl-C or a
time limit (:mod:`slitherasp.model.stopping`) as other work does. Whole facts whose names
are spelt as clingo prints them (symbols, numbers, strings, functions and tuples of
those) are read by one expression each, the fast path; the parser reads the rest
(names nested deeper, blanks or comments inside a fact) and finds every error.

>>> [(f.predicate, f.args) for f in parse_facts("p((1), f(), (a,), -(2)). q.")]
[('p', ('1', 'f', '(a,)', '-2')), ('q', ())]
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from ..model import InputError, limits, stopping

WINDOW = 1 << 16
"""The most characters one call of a regular expression is given (64 KiB, well under a
millisecond): between calls Python may stop the read (Ctrl-C, a time limit, the
watchdog of the command line, which needs the interpreter for a moment)."""
SHOWN = 40
"""The most characters of a name an error line shows (the rest is cut in the middle)."""


@dataclass(frozen=True)
class Fact:
    """One parsed atom: predicate, arguments as canonical clingo strings, position."""

    predicate: str
    args: tuple[str, ...]
    offset: int


def _compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``pattern`` compiled. Python 3.10 has neither possessive repeats nor atomic
    groups, and those of Python 3.11 before 3.11.5 match wrongly where a repeated group
    can backtrack (CPython's gh-106052 and gh-100061; Debian 12 ships 3.11.2, where the
    fast path read ``(a)`` as ``(a)``, not ``a``): there the pattern is compiled with
    greedy repeats and plain groups, which match the same here (every repeat is followed
    by what it cannot take, alternatives start differently: ``tests/test_reading.py``),
    at the cost of a few more steps when a match fails. (No '+' follows a repeat in
    these patterns but as a quantifier.)"""
    if sys.version_info < (3, 11, 5):
        pattern = _greedy(pattern)
    return re.compile(pattern, flags)


def _greedy(pattern: str) -> str:
    """``pattern`` with its possessive repeats greedy and its atomic groups plain."""
    return re.sub(r"(?<=[*+?}])\+", "", pattern).replace("(?>", "(?:")


# The parser's tokens. Blanks are clingo's: space, tab, carriage return and newline (a
# form feed is an error there); '%' and '#!' start a comment to the end of the line, '%*'
# a block comment (read without expressions: Parser._block_comment).
_BLANKS = _compile(r"[ \t\r\n]++")
_SIGNS = _compile(r"[- \t\r\n]++")
_IDENT = _compile(r"[_']*+[a-z][A-Za-z0-9_']*+", re.A)
_VARIABLE = _compile(r"(?>[_']*+[A-Z]|_)", re.A)
_NUMBER = _compile(r"(?>0x[0-9A-Fa-f]++|0o[0-7]++|0b[01]++|0|[1-9][0-9]*+)", re.A)
_STRING = _compile(r'"((?>\\.|[^"\\\n])*+)"')
_LONG_STRING = _compile(rf'"(?>\\.|[^"\\\n]){{{limits.MAX_NAME}}}')
_CLEAN = _compile(r"[^\\\x00-\x08\n-\x1f\x7f-\x9f]*+")
"""A string's body that needs no unescaping and holds no control character."""
_KEYWORDS = frozenset({"not"})
"""Words clingo reads as keywords, never as names."""
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n"}
"""The escapes clingo knows in strings (``\\t`` is a syntax error there)."""

# The fast path: a name spelt as clingo prints it is a symbol, a number (no leading
# zero, at most 9 digits: always in range), a string (only the escapes clingo knows, no
# control character), each maybe with a minus (not a string, not 0), or a function or
# tuple of those, with no blank inside ('()', '(a,)' and '(a,b)', but not '(a)', which
# is 'a', nor 'f()', which is 'f').
_B = r"[ \t\r\n]*+"
_WORD = r"(?!not(?![A-Za-z0-9_']))[_']*+[a-z][A-Za-z0-9_']*+"
_PLAIN = r'[^"\\\x00-\x08\n-\x1f\x7f-\x9f]*+'  # in a string: all but a quote, a backslash, a control character
_SIMPLE = rf'-?+[1-9][0-9]{{0,8}}+|0|"{_PLAIN}(?:\\[\\"n]{_PLAIN})*+"'
_ATOM = rf"(?>{_SIMPLE}|-?+{_WORD})"
_NAME = (rf"(?>{_SIMPLE}|-?+(?:{_WORD}(?:\({_ATOM}(?:,{_ATOM})*+\))?+"
         rf"|\((?:{_ATOM}(?>(?:,{_ATOM})++|,))?+\)))")
_ARG = rf"{_B}({_NAME}){_B}"


@functools.cache
def _facts(terminated: bool) -> re.Pattern[str]:
    """One whole fact (an atom when not ``terminated``) of up to three arguments, each a
    name spelt as clingo prints it, blanks before it: predicate and arguments as groups.
    Compiled when first needed (a few milliseconds)."""
    end = rf"{_B}\." if terminated else ""
    return _compile(rf"{_B}({_WORD}){_B}\({_ARG}(?:,{_ARG}(?:,{_ARG})?+)?+\){end}", re.A)


def control(ch: str) -> bool:
    """Whether a name may not hold ``ch`` in a string: a control character (Unicode's
    category Cc: C0, DEL and C1), but a tab. clingo reads them all and prints them raw,
    where they would drive a terminal (U+009B is CSI, the start of an escape code) or
    break a line of its output for a reader of lines (U+0085, as U+000B to U+000D and
    U+001C to U+001E do for Python's ``str.splitlines``). Every other character (U+2028
    and U+2029 too) is read, written and printed as clingo does.

    >>> [control(ch) for ch in ("\\t", "\\x1b", "\\x7f", "\\x85", "\\x9b", "\\xa0", "\\u2028")]
    [False, True, True, True, True, False, False]
    """
    return (ch < " " and ch != "\t") or "\x7f" <= ch <= "\x9f"


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



def clip(text: str, limit: int = SHOWN) -> str:
    """``text`` as an error line shows it: at most ``limit`` characters, cut in the
    middle (both ends of a long name tell it apart).

    >>> clip("v" + "x" * 100 + "17", 20)
    'vxxxxxxx...xxxxxxx17'
    """
    if len(text) <= limit:
        return text
    head = (limit - 3) // 2
    return text[:head] + "..." + text[len(text) - (limit - 3 - head):]


def _line_end(text: str, pos: int) -> int:
    """Where the line holding ``pos`` ends (its newline, or the end of the text)."""
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _run_end(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a run of ``pattern`` (a possessive repeat of single characters) that
    starts at ``pos`` ends, read :data:`WINDOW` characters at a time."""
    while (m := pattern.match(text, pos, pos + WINDOW)) is not None and m.end() == pos + WINDOW:
        pos = m.end()
    return pos if m is None else m.end()


class Parser:
    """Terms and facts read as clingo reads them (its lexer and its grammar for terms
    without arithmetic): a parenthesised single term is that term, ``(a,)`` a tuple of
    one, ``()`` and ``(,)`` the empty tuple, ``f()`` the constant ``f``, ``-`` negates
    numbers and flips the sign of functions and tuples; numbers decimal (no leading
    zero), ``0x``, ``0o`` or ``0b``; comments nest. What clingo computes (arithmetic,
    pools, intervals, ``#inf``, numbers beyond its 32 bits, which it wraps around) and
    control characters in strings (:func:`control`) are refused, never read some other way."""

    fast = True
    """Whether whole facts are read by the fast path where they can be (False: the
    parser reads every fact; the judge of the fast path in tests and benchmarks)."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.pos = 0
        self._next_check = WINDOW  # a text shorter than a window is read without asking

    # position helpers --------------------------------------------------------------
    def where(self, offset: int) -> tuple[int, int]:
        """Line and column (from 1) of ``offset`` in the text."""
        line_start = self.text.rfind("\n", 0, offset) + 1
        return self.text.count("\n", 0, offset) + 1, offset - line_start + 1

    def error(self, message: str, offset: int | None = None) -> InputError:
        line, col = self.where(self.pos if offset is None else offset)
        return InputError(message, source=self.source, line=line, column=col)

    def _tick(self, pos: int) -> None:
        """Once a window of text is read (``pos``: how far), stop if asked to
        (:func:`slitherasp.model.stopping.check`: Ctrl-C, a time limit, a page gone)."""
        if pos >= self._next_check:
            self._next_check = pos + WINDOW
            stopping.check()

    def skip(self) -> None:
        """Past blanks and comments."""
        text, pos, n = self.text, self.pos, len(self.text)
        while pos < n:
            ch = text[pos]
            if ch in " \t\r\n":
                pos = _run_end(_BLANKS, text, pos)
            elif text.startswith("%*", pos):
                pos = self._block_comment(pos)
            elif ch == "%" or text.startswith("#!", pos):
                pos = _line_end(text, pos)
            else:
                break
        self.pos = pos

    def _block_comment(self, start: int) -> int:
        """The end of the block comment at ``start``: '*%' closes, '%*' opens a nested
        one, '%' hides the rest of its line (a '*%' there too). Every one of them
        holds a '%', found by ``str.find``."""
        text, pos, depth = self.text, start, 0
        while (i := text.find("%", pos)) >= 0:
            self._tick(i)
            if i > pos and text[i - 1] == "*":
                depth, pos = depth - 1, i + 1
                if depth == 0:
                    return pos
            elif text.startswith("*", i + 1):
                depth, pos = depth + 1, i + 2
            else:
                pos = _line_end(text, i)
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
        text, start, signs = self.text, self.pos, 0
        while self.peek() == "-":
            end = _run_end(_SIGNS, text, self.pos)
            signs += text.count("-", self.pos, end)
            self.pos = end
            self.skip()
        name = self.primary(depth)
        if signs:
            negated = negate(name)
            if negated is None:
                raise self.error("a minus before a string: clingo leaves it undefined and drops the fact", start)
            name = negated if signs % 2 else name
        return self.name(name, start)

    def primary(self, depth: int) -> str:
        text, start = self.text, self.pos
        if depth > limits.MAX_DEPTH:
            raise self.error(f"terms nested deeper than {limits.MAX_DEPTH} levels", start)
        if m := _NUMBER.match(text, start, start + WINDOW):
            self.pos = m.end()
            if m.group() == "0" and self.peek().isdigit():
                raise self.error("a number with a leading zero (a syntax error for clingo)", start)
            if len(m.group()) > 40:
                raise self.error(f"the number {m.group()[:20]}... is out of range", start)
            return self.number(str(int(m.group(), 0)), start)
        ch = self.peek()
        if ch == '"':
            return self.string()
        if m := _IDENT.match(text, start, start + WINDOW):
            word = self.word(m)
            self.skip()
            if self.peek() == "(":
                args = self.arguments(depth=depth + 1)
                return self.name(word + ("(" + ",".join(args) + ")" if args else ""), start)
            return word
        if ch == "(":
            return self.name(self.tuple(depth + 1), start)
        if _VARIABLE.match(text, start, start + WINDOW):
            raise self.error("variables are not allowed in facts", start)
        raise self.error(f"expected a term, found {ch or 'end of input'!r}", start)

    def word(self, m: re.Match[str]) -> str:
        """The identifier ``m`` matched (a predicate or a name), the parser past it;
        refused if a keyword or longer than a name may be."""
        word = m.group()
        if word in _KEYWORDS:
            raise self.error(f"{word!r} is a keyword of clingo, not a name", m.start())
        self.pos = m.end()
        return self.name(word, m.start())

    def string(self) -> str:
        """A string constant, as clingo prints it."""
        text, start = self.text, self.pos
        if m := _STRING.match(text, start, start + WINDOW):
            self.pos = m.end()
            return self.name(quote(self._unescape(m.group(1), start + 1)), start)
        if _LONG_STRING.match(text, start, start + WINDOW):
            raise self.error(f"a name longer than {limits.MAX_NAME} characters", start)
        raise self.error("unterminated string", start)

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
        if _CLEAN.fullmatch(body):
            return body
        out, i = [], 0
        while i < len(body):
            if body[i] == "\\":
                esc = _ESCAPES.get(body[i + 1 : i + 2])
                if esc is None:
                    raise self.error(f"unknown escape sequence \\{body[i+1:i+2]} (clingo knows \\\\, \\\" and \\n)",
                                     offset + i)
                out.append(esc)
                i += 2
            elif control(body[i]):
                raise self.error(f"a control character ({ord(body[i])}) in a string", offset + i)
            else:
                out.append(body[i])
                i += 1
        return "".join(out)

    # facts -------------------------------------------------------------------------
    def atoms(self, terminated: bool) -> Iterator[Fact]:
        """Atoms up to the end of input; with ``terminated`` each must end in '.'.
        The fast path reads as many whole facts as it can; where it cannot, the
        parser reads one fact (past any comment before it, it tries again)."""
        n = len(self.text)
        while True:
            if self.fast:
                yield from self._fast(_facts(terminated))
            before = self.pos
            self.skip()
            if self.pos >= n:
                return
            if self.fast and self.pos > before:
                continue
            self._tick(self.pos)
            yield self.fact(terminated)

    def _fast(self, pattern: re.Pattern[str]) -> Iterator[Fact]:
        """The facts from here on that ``pattern`` reads whole, a window of text at a
        time; the parser stands after the last of them."""
        text, n, pos = self.text, len(self.text), self.pos
        while True:
            self._tick(pos)
            begin = pos
            for m in iter(pattern.scanner(text, pos, pos + WINDOW).match, None):
                g = m.groups()
                start = m.start(1)
                if m.end() - start > limits.MAX_NAME and max(map(len, filter(None, g))) > limits.MAX_NAME:
                    return  # a name too long: the parser says so
                yield Fact(g[0], g[1:2] if g[2] is None else g[1:3] if g[3] is None else g[1:], start)
                self.pos = pos = m.end()
            if pos == begin or begin + WINDOW >= n:
                return

    def fact(self, terminated: bool) -> Fact:
        """One fact (an atom, and with ``terminated`` its '.') read by the parser."""
        text, start = self.text, self.pos
        if text[start] in "#:":
            raise self.error("only facts are allowed here (no directives or rules)")
        m = _IDENT.match(text, start, start + WINDOW)
        if not m:
            if text[start].isupper():
                raise self.error("a fact must start with a lower-case predicate name")
            raise self.error(f"unexpected {text[start]!r}")
        predicate = self.word(m)
        self.skip()
        args = tuple(self.arguments()) if self.peek() == "(" else ()
        if terminated:
            self.skip()
            if text.startswith(":-", self.pos):
                raise self.error("only facts are allowed here (found a rule)")
            self.expect(".", f"'.' after {clip(predicate)}/{len(args)}")
        return Fact(predicate, args, start)


def parse_facts(text: str, source: str = "<string>", *, terminated: bool = True) -> list[Fact]:
    """Parse ground facts (``p(a,1). q("x").``); raise :class:`InputError` on bad syntax.

    >>> [(f.predicate, f.args) for f in parse_facts('edge(1, c). clue(f(1,2),"s").')]
    [('edge', ('1', 'c')), ('clue', ('f(1,2)', '"s"'))]
    """
    return list(Parser(text, source).atoms(terminated))
