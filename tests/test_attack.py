"""Attacks on the input boundary: every reader ends in a puzzle or an InputError.

The promise under test (the manual, "Bad input and exit codes"): bad input never crashes with a
traceback, never hangs and never loses data. Property tests (hypothesis) mutate small
valid inputs of every reader (character insertions, deletions and replacements drawn
from alphabets that have broken parsers before: Unicode digits, huge numbers, deep
brackets, quotes, comment markers, NUL, byte-order marks, line breaks, non-ASCII),
and feed arbitrary text and arbitrary bytes decoded leniently. A puzzle that comes
back must solve without raising and write back (in every writable format) or refuse
with an InputError; what is written must read back to the same clues.

The command-line tests replay reproducers of bugs found before, each ending in one
line ``slitherasp: error: ...`` and exit code 2 (or the documented code).

``SLITHERASP_FUZZ_EXAMPLES=5000 python -m pytest tests/test_attack.py`` runs longer
and with fresh randomness (the default run is derandomized so that CI is stable);
``benchmarks/fuzz.py`` is the long opt-in fuzzer.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import interruptible
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slitherasp import formats, tilings
from slitherasp.cli.main import main
from slitherasp.formats import lp, sidecar
from slitherasp.kinds.sloop import Sloop, read_sloop, write_sloop
from slitherasp.kinds.sloop import check as sloop_check
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle, TilingRef
from slitherasp.model.errors import InputError
from slitherasp.solver.run import count, solve
from slitherasp.tilings.polygons import from_polygons, read_polygons
from slitherasp.validate import check

EXAMPLES = int(os.environ.get("SLITHERASP_FUZZ_EXAMPLES", "120"))
"""Examples per property test; set SLITHERASP_FUZZ_EXAMPLES for a longer run."""
LONG_RUN = "SLITHERASP_FUZZ_EXAMPLES" in os.environ
CLI = [sys.executable, "-m", "slitherasp.cli"]
SOLVE_EDGES = 400
"""Puzzles up to this many edges are solved (2 s limit) after they are read."""

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not LONG_RUN,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


# --------------------------------------------------------------------------- seeds
@cache
def square_puzzles() -> tuple[Puzzle, ...]:
    """Small square grids: clue-less, planted, and one with a clue 4 (Essence refuses it)."""
    three, _ = planted(tilings.build("square", 3, 3), seed=1)
    wide, _ = planted(tilings.build("square", 4, 2), seed=2)
    single = tilings.build("square", 1, 1).with_clues({0: 4})
    return three, wide, single, tilings.build("square", 2, 2)


@cache
def loopy_puzzles() -> tuple[Puzzle, ...]:
    """One small puzzle on several of Loopy's grids, aperiodic ones included."""
    out = [*square_puzzles()[:2]]
    for name, w, h, seed in (("honeycomb", 3, 3, None), ("triangular", 3, 3, None), ("cairo", 3, 3, None),
                             ("floret", 1, 2, None), ("penrose-p3", 4, 4, 1), ("penrose-p2", 4, 4, 1),
                             ("spectres", 6, 6, 1), ("hats", 6, 6, 1)):
        out.append(planted(tilings.build(name, w, h, seed), seed=3)[0])
    return tuple(out)


def written(puzzles: tuple[Puzzle, ...], fmt: str) -> list[str]:
    out = []
    for p in puzzles:
        with contextlib.suppress(InputError):
            out.append(formats.write_text(p, fmt))
    return out


LP_EXTRA = [
    'edge("a b",f(1,2)). edge(f(1,2),(3,x)). edge((3,x),"a b"). cell_contains(c,"a b",f(1,2)). clue(c,1).',
    "% comment\nedge(1,2).%* block\ncomment *% edge(2,3). edge(3,1).\ncell_contains(t,1,2). clue(t, 0).\n",
    "edge(-1,2). edge(2,__x'). edge(__x',-1).",
]


@cache
def seeds(target: str) -> tuple[str, ...]:
    """Valid inputs of each target, small enough to mutate quickly."""
    if target in ("pzprv3", "pzpr", "text", "essence", "pylist"):
        extra = {
            "pzpr": ["http://pzv.jp/p.html?slither/4/4/dgdh2c71", "[InternetShortcut]\nURL=puzz.link/p?slither/2/2/1"],
            "pzprv3": ["pzprv3/slither/1/3/2 . - /0 0 0 0 /0 0 0 /0 0 0 /"],
            "text": ["2 3\n..3\n0.2\n# comment\n"],
            "essence": ["language Essence 1.3\nletting grid be [[0, 4; int(1..2)], [1, 2]] $ c\n"],
            "pylist": ["grid = ((None, 1), [2, None])  # note\n"],
        }[target]
        return tuple(written(square_puzzles(), target) + extra)
    if target == "penpa-payload":  # penpa's text inside the link, before it is packed
        from slitherasp.formats import penpa

        return tuple(penpa.unpack(link.strip().split("&p=", 1)[1]) for link in seeds("penpa"))
    if target in ("lp", "auto"):
        return tuple(written(square_puzzles()[:1] + loopy_puzzles()[2:4], "lp") + LP_EXTRA)
    if target == "loopy":
        return (*written(loopy_puzzles(), "loopy"), "# a comment\n 3x3t0:a2b3d\n", "3dh:a2b3d", "3x3t1:r")
    if target == "sloop":
        return ("3 3\n...\n.#.\n...\n", "% sloop\n2 4\n.#..\n....\n", "tiling honeycomb 3x3\nc0 c8\n",
                "tiling cairo 3x3\nc2 c5\n", "tiling penrose-p3 4x4 seed 1\nc0\n")
    if target == "polygons":
        return ("POLYGON((0 0,1 0,1 1,0 1,0 0))\nPOLYGON((1 0,2 0,2 1,1 1,1 0))\n",
                "MULTIPOLYGON(((0 0,2 0,2 1,0 1,0 0)),((0 1,1 1,1 2,0 2,0 1)),((1 1,2 1,2 2,1 2,1 1)))",
                json.dumps({"type": "FeatureCollection", "features": [
                    {"type": "Feature", "properties": {"clue": 2},
                     "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 1], [0, 0]]]}},
                    {"type": "Feature", "properties": {"clue": "1"},
                     "geometry": {"type": "Polygon", "coordinates": [[[1, 0], [1, 1], [0, 1], [1, 0]]]}}]}),
                '{"type": "Polygon", "coordinates": [[[0,0],[3,0],[3,3],[0,0]]]}')
    if target == "answer":
        p, loop = planted(tilings.build("square", 2, 2), seed=1)
        links = p.links(loop)
        facts = lp.write_answer(p, loop)
        return (facts, "Answer: 1\n" + facts.replace(".\n", " ").rstrip(".") + "\nSATISFIABLE\n",
                json.dumps({"instance": "p.lp", "result": "SATISFIABLE", "links": [list(x) for x in links]}),
                json.dumps({"Call": [{"Witnesses": [{"Value": [f"link({u},{v})" for u, v in links]}]}]}))
    if target == "sidecar":
        p = sidecar_puzzle()
        geo = sidecar.write_geometry(p)
        doc = json.loads(geo)
        del doc["tiling"]
        return geo, json.dumps(doc, indent=1), json.dumps({"vertices": doc["vertices"]})
    return tuple(written(square_puzzles() + loopy_puzzles(), target))  # a format added since


@cache
def sidecar_puzzle() -> Puzzle:
    """The fixed puzzle whose sidecar is attacked: a planted 2x2 square grid."""
    return planted(tilings.build("square", 2, 2), seed=4)[0]


def bare(p: Puzzle) -> Puzzle:
    """The puzzle without geometry and tiling, as read from facts alone."""
    return replace(p, geometry=None, tiling=None)


# --------------------------------------------------------------------------- mutations
WORDS = [
    # Unicode digits of every kind, and numbers Python reads but clingo does not
    "０", "１２", "٣", "۴", "४", "৩", "๒", "²", "³", "¹", "Ⅻ", "½", "𝟙", "𝟡", "①", "〇", "零",
    "9" * 11, "9" * 40, "9" * 5000, "2147483647", "2147483648", "-2147483648", "4294967296", "-0", "+1",
    "1e400", "-1e400", "1e309", "NaN", "nan", "Infinity", "-Infinity", "inf", "0x10", "1_000", "0" * 30 + "1",
    "1.5", "-1", "-", "--", "0", "4", "5", "36", "200", "201", "1000", "100000", "0" * 5000 + "1", "1" + "0" * 400,
    "0x" + "F" * 5000, "1e308", "-1e308", "-" * 2000, "not " * 1000, "０" * 400,
    # brackets, deep and unbalanced
    "(" * 40, ")" * 40, "[" * 40, "]" * 40, "{" * 40, "}" * 40, "(" * 3000, "[" * 3000, "{" * 3000,
    "f(" * 40, "f(" * 3000, "((", "))", "()", "[]", "{}", "[[", "]]", "(,)", "(1,)", ",", ",,",
    # quotes and escapes
    '"', "'", '\\"', "\\", '"\\q"', '"\\n"', '"\\', '"a\nb"', "'''", '"""',
    # comment markers
    "%*", "*%", "%", "#", "$", "//", "/*", "--", "%*%", "%* *%",
    # control characters, byte-order marks, line breaks, odd spaces
    "\x00", "\ufeff", "\ufffe", "\n", "\r", "\r\n", "\n\n\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c",
    "\t", "\u00a0", "\u3000", "\u200b", "\x7f", "\x1b[0m",
    # non-ASCII letters (some change length when cased), surrogates, emoji
    "é", "ß", "İ", "ﬀ", "Σ", "ǅ", "😀", "\ud800", "\udfff", "\U0010ffff", "Ａ", "ｘ", "ｔ",
    # pieces of the formats themselves
    ":", "_", "x", "t", "d", "#", "/", ".", "?", "=", ";", "..", ":-", "not", "edge(", "clue(", "cell_contains(",
    "link(", "Answer: 1\n", "SATISFIABLE", "tiling ", "seed ", "letting ", " be ", "grid", "None", "True",
    "slither/", "pzprv3\n", "pzprv3/", "https://puzz.link/p?", "URL=", "POLYGON((", "POLYGON EMPTY",
    "MULTIPOLYGON", "GEOMETRYCOLLECTION(", '"type":', '"Feature"', '"coordinates":', '"clue":', '"tiling":',
    '"vertices":', '"faces":', "null", "true", "false", "[]", "{}", "1e-300", "1e300", "-1e300", "z" * 30,
]
"""Payloads inserted or written over the seeds."""


def lenient(data: bytes, how: int) -> str:
    """Arbitrary bytes as text, the ways a careless caller might decode them."""
    return data.decode(("utf-8", "latin-1", "utf-8", "utf-16-le")[how % 4],
                       ("replace", "strict", "surrogateescape", "replace")[how % 4])


@dataclass(frozen=True)
class Edit:
    op: str
    at: float
    span: int
    payload: str
    times: int

    def apply(self, text: str) -> str:
        i = min(int(self.at * (len(text) + 1)), len(text))
        j = min(len(text), i + self.span)
        if self.op == "insert":
            return text[:i] + self.payload * self.times + text[i:]
        if self.op == "delete":
            return text[:i] + text[j:]
        if self.op == "replace":
            return text[:i] + self.payload * self.times + text[j:]
        if self.op == "repeat":  # a piece of the text itself, many times over
            return text[:j] + text[i:j] * self.times + text[j:]
        return text[:i] + text[j:] + text[i:j]  # "move": cut a piece to the end


payloads = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), st.text(max_size=6),
                     st.characters(codec="utf-8").map(str))
edits = st.builds(Edit, st.sampled_from(["insert", "delete", "replace", "repeat", "move"]),
                  st.floats(0, 1), st.integers(0, 12), payloads, st.sampled_from([1, 1, 1, 2, 3, 50, 3000]))


def mutated(texts: tuple[str, ...]) -> st.SearchStrategy[str]:
    def build(seed: str, steps: list[Edit]) -> str:
        for edit in steps:
            seed = edit.apply(seed)
        return seed

    return st.builds(build, st.sampled_from(texts), st.lists(edits, min_size=1, max_size=4))


def inputs(texts: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Mutated seeds (mostly), arbitrary text and arbitrary bytes decoded leniently."""
    arbitrary = st.text(max_size=300)
    raw = st.builds(lenient, st.binary(max_size=300), st.integers(0, 3))
    return st.one_of(mutated(texts), mutated(texts), mutated(texts), arbitrary, raw)


# --------------------------------------------------------------------------- what must hold
def exercise(puzzle: Any, fmt: str | None = None) -> None:
    """Everything a reader's result must survive: solving (to an answer the validator
    takes; on a tiny geometry, to as many loops with the colour encoding as without),
    writing in every writable format (or an InputError), and reading back what was
    written to the same clues."""
    if isinstance(puzzle, Sloop):
        if len(puzzle.graph.edges) <= SOLVE_EDGES:
            result = solve(puzzle, time_limit=2)
            if result.answer is not None:
                assert sloop_check(puzzle, puzzle.graph.links(result.answer)).valid, "the Sloop answer breaks a rule"
        back = read_sloop(write_sloop(puzzle))
        assert back.black_names == puzzle.black_names
        return
    assert isinstance(puzzle, Puzzle)
    if len(puzzle.edges) <= SOLVE_EDGES:
        result = solve(puzzle, time_limit=2)
        if result.answer is not None:
            assert check(puzzle, puzzle.links(result.answer)).valid, "the solver's answer breaks a rule"
    if puzzle.geometry is not None and len(puzzle.edges) <= 40:
        auto, reach = (count(puzzle, encoding=e, time_limit=2) for e in ("auto", "reach"))
        if auto.exhausted and reach.exhausted:
            assert auto.count == reach.count, "the encodings count different loops (a geometry taken for a disc?)"
    for name in formats.writable():
        try:
            text = formats.write_text(puzzle, name)
        except InputError:
            continue
        assert isinstance(text, str)
        if name == fmt or name == "lp":
            again = formats.read_text(text, f"<written.{name}>", format=name)
            assert again.clues == puzzle.clues, f"{name} lost clues"
            if name == "lp":
                assert shape(again) == shape(puzzle), "lp lost edges or cells"


def shape(p: Puzzle) -> tuple[list[tuple[str, str]], list[tuple[str, frozenset[tuple[str, str]]]]]:
    """A puzzle's named edges and cells, whatever order its vertices are numbered in."""
    named = [(p.vertices[u], p.vertices[v]) for u, v in p.edges]
    return named, [(c, frozenset(named[e] for e in es)) for c, es in zip(p.cells, p.cell_edges)]


def reads_or_refuses(read: Callable[[str], Any], text: str) -> Any:
    """The reader's result, or None when it refused the text with an InputError.
    Any other exception is the failure this file looks for."""
    try:
        return read(text)
    except InputError as exc:
        assert str(exc), "an InputError must say what is wrong"
        return None


def read_as(fmt: str | None) -> Callable[[str], Puzzle]:
    return lambda text: formats.read_text(text, f"<fuzz.{fmt}>", format=fmt)


# --------------------------------------------------------------------------- property tests
FORMAT_NAMES = [*formats.FORMATS, "auto"]


@pytest.mark.parametrize("fmt", FORMAT_NAMES)
@FUZZ
@given(data=st.data())
def test_format_readers_end_in_puzzle_or_input_error(fmt: str, data: st.DataObject) -> None:
    text = data.draw(inputs(seeds("auto" if fmt == "auto" else fmt)), label="text")
    puzzle = reads_or_refuses(read_as(None if fmt == "auto" else fmt), text)
    if puzzle is not None:
        exercise(puzzle, fmt=None if fmt == "auto" else fmt)


@FUZZ
@given(data=st.data())
def test_sloop_reader(data: st.DataObject) -> None:
    text = data.draw(inputs(seeds("sloop")), label="text")
    sloop = reads_or_refuses(read_sloop, text)
    if sloop is not None:
        exercise(sloop)


@FUZZ
@given(data=st.data())
def test_sloop_reader_with_a_given_tiling(data: st.DataObject) -> None:
    text = data.draw(inputs(("c0 c8", "c1\nc2 c3 % note\n")), label="text")
    sloop = reads_or_refuses(lambda t: read_sloop(t, tiling=TilingRef("honeycomb", 3, 3)), text)
    if sloop is not None:
        exercise(sloop)


@FUZZ
@given(data=st.data())
def test_polygon_reader(data: st.DataObject) -> None:
    text = data.draw(inputs(seeds("polygons")), label="text")
    if text.upper().count("COLLECTION(") > 5000:
        return  # GEOS overflows the C stack and the whole run dies: test_deeply_nested_wkt... has it
    puzzle = reads_or_refuses(lambda t: from_polygons(read_polygons(t, "<fuzz.wkt>")), text)
    if puzzle is not None:
        exercise(puzzle)


@FUZZ
@given(data=st.data())
def test_answer_reader(data: st.DataObject) -> None:
    text = data.draw(inputs(seeds("answer")), label="text")
    links = reads_or_refuses(lp.read_answer, text)
    if links is not None:
        assert all(isinstance(u, str) and isinstance(v, str) for u, v in links)
        puzzle = planted(tilings.build("square", 2, 2), seed=1)[0]
        check(puzzle, links)  # the validator takes any pairs at all
        check(puzzle, links, reference=links)


@FUZZ
@given(data=st.data())
def test_sidecar_reader(data: st.DataObject) -> None:
    text = data.draw(inputs(seeds("sidecar")), label="text")
    puzzle = reads_or_refuses(lambda t: sidecar.attach_geometry(bare(sidecar_puzzle()), t, "<fuzz.geo.json>"), text)
    if puzzle is not None:
        exercise(puzzle)
        from slitherasp import render

        render.svg(puzzle, solve(puzzle, time_limit=2).answer)


def penpa_link(payload: str) -> str:
    """A penpa-edit link of any payload text (already abbreviated): raw DEFLATE, base64."""
    import base64
    import zlib

    from slitherasp.formats import penpa

    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflater.compress(payload.encode("utf-8", "surrogatepass")) + deflater.flush()
    return f"{penpa.BASE_URL}#m=solve&p={base64.b64encode(data).decode()}"


@pytest.mark.skipif("penpa" not in formats.FORMATS, reason="no penpa format")
@FUZZ
@given(data=st.data())
def test_penpa_payload(data: st.DataObject) -> None:
    """The penpa reader attacked inside its compressed payload, where text mutations
    of the link itself never reach."""
    text = data.draw(inputs(seeds("penpa-payload")), label="payload")
    puzzle = reads_or_refuses(read_as("penpa"), penpa_link(text))
    if puzzle is not None:
        exercise(puzzle, fmt="penpa")


SUFFIXES = [*(f.extensions[0] for f in formats.FORMATS.values()), ".dat"]


@FUZZ
@given(data=st.binary(max_size=400), suffix=st.sampled_from(SUFFIXES), prefix=st.sampled_from([b"", b"\xef\xbb\xbf"]))
def test_read_file_of_arbitrary_bytes(data: bytes, suffix: str, prefix: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"p{suffix}"
        path.write_bytes(prefix + data)
        puzzle = reads_or_refuses(formats.read_file, str(path))
    if puzzle is not None:
        exercise(puzzle)


@FUZZ
@given(data=st.data(), suffix=st.sampled_from(SUFFIXES[:-1]))
def test_read_file_of_mutated_bytes(data: st.DataObject, suffix: str) -> None:
    """Mutated seeds as bytes on disk, some cut inside a UTF-8 sequence."""
    fmt = formats.by_extension(f"p{suffix}")
    assert fmt is not None
    text = data.draw(mutated(seeds(fmt.name)), label="text")
    raw = text.encode("utf-8", "surrogatepass")
    cut = data.draw(st.integers(0, len(raw)), label="cut")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"p{suffix}"
        path.write_bytes(raw[:cut] + raw[cut + 1:] if data.draw(st.booleans(), label="drop a byte") else raw)
        puzzle = reads_or_refuses(formats.read_file, str(path))
    if puzzle is not None:
        exercise(puzzle)


def test_seeds_are_valid() -> None:
    """Every seed reads (so the mutations start from something the reader accepts)."""
    for fmt in formats.FORMATS:
        for text in seeds(fmt):
            exercise(formats.read_text(text, "<seed>", format=fmt), fmt=fmt)
    for text in seeds("sloop"):
        read_sloop(text)
    for text in seeds("polygons"):
        from_polygons(read_polygons(text))
    loop = planted(tilings.build("square", 2, 2), seed=1)[1]
    for text in seeds("answer"):
        assert len(lp.read_answer(text)) == len(loop)
    for text in seeds("sidecar"):
        sidecar.attach_geometry(bare(sidecar_puzzle()), text, "<seed>")


# --------------------------------------------------------------------------- command line
def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: bytes | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 2, **kw: Any) -> str:
    """Run the command; it must exit with ``code`` and one line ``slitherasp: error: ...``."""
    got, _, err = run(capsys, *argv, **kw)
    lines = [line for line in err.splitlines() if not line.startswith("slitherasp: note:")]
    assert got == code, err
    assert len(lines) == 1 and lines[0].startswith("slitherasp: error: "), err
    return lines[0]


def usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """argparse refuses the option: SystemExit(2) and an error line, no traceback."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    out, err = capsys.readouterr()
    assert exc.value.code == 2
    assert "Traceback" not in out + err and "error: argument" in err
    return err


TRIANGLE = "edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,1).\n"
DEEP = "f(" * 5000 + "1" + ")" * 5000


@pytest.fixture
def triangle_file(tmp_path: Path) -> Path:
    path = tmp_path / "t.lp"
    path.write_text(TRIANGLE)
    return path


@pytest.mark.parametrize(("name", "content", "expected"), [
    ("huge.txt", "2 2\n" + "9" * 5000 + " -\n- -\n", "at most 10 digits"),
    ("huge-size.txt", "9" * 5000 + " 2\n- -\n", "at most 10 digits"),
    ("range.lp", "edge(2147483648,2). edge(2,3). edge(3,2147483648).", "out of range"),
    ("fullwidth.lp", "edge(１,２). edge(２,３). edge(３,１).", "１"),
    ("deep.lp", f"edge({DEEP},2). edge(2,3). edge(3,1).", "nested deeper"),
    ("comment.lp", "edge(1,2). edge(2,3). edge(3,1). %* never closed\n", "unterminated block comment"),
    ("huge.loopy", "3x3t0:" + "9" * 5000, None),
    ("huge.url", "https://puzz.link/p?slither/" + "9" * 5000 + "/2/", "at most 10 digits"),
    ("deep.py", "[" * 5000 + "]" * 5000, None),
    ("deep.param", "letting grid be " + "[" * 5000 + "]" * 5000, None),
    ("nul.lp", "edge(1,2).\x00edge(2,3).", "binary"),
    ("unary.py", "[[" + "-" * 2000 + "1]]", None),
    ("not.py", "[[" + "not " * 2000 + "1]]", None),
    ("hex.py", "[[0x" + "F" * 5000 + "]]", None),
    ("big.py", "[[" + "9" * 5000 + "]]", None),
])
def test_bad_instances_are_one_line(capsys, tmp_path: Path, name: str, content: str, expected: str | None) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    line = refused(capsys, "solve", str(path))
    assert str(path) in line
    if expected:
        assert expected in line


@pytest.mark.parametrize(("name", "content"), [
    ("zeros.lp", "edge(" + "0" * 5000 + "1,2). edge(2,3). edge(3,1)."),
    ("zeros.txt", "0" * 5000 + "1 1\n-\n"),
    ("zeros.loopy", "0" * 5000 + "3x3t0:i"),
    ("zeros.url", "puzz.link/p?slither/" + "0" * 5000 + "1/1/"),
    ("zeros.pzprv3", "pzprv3\nslither\n" + "0" * 5000 + "1\n1\n.\n"),
    ("zeros.param", "letting grid be [[" + "0" * 5000 + "1]]"),
    ("zeros.py", "[[" + "0" * 5000 + "]]"),
    ("zeros.sloop", "tiling honeycomb 3x3 seed " + "0" * 5000 + "1\n"),
])
def test_leading_zeros(capsys, tmp_path: Path, name: str, content: str) -> None:
    """A number with thousands of leading zeros is short, but Python refuses to convert
    a string of more than 4300 digits: it is read, or refused in one line."""
    path = tmp_path / name
    path.write_text(content)
    command = "sloop" if name.endswith(".sloop") else "solve"
    code, _, err = run(capsys, command, str(path))
    assert code in (0, 2, 20), err
    if code == 2:
        assert err.startswith(f"slitherasp: error: {path}") and err.count("\n") == 1, err


def test_deep_answer_given_to_check(capsys, triangle_file: Path, tmp_path: Path) -> None:
    answer = tmp_path / "deep.answer"
    answer.write_text(f"link({DEEP},2).")
    assert "nested deeper" in refused(capsys, "check", str(triangle_file), str(answer))
    answer.write_text(f"Answer: 1\nlink({DEEP},2)\nSATISFIABLE\n")
    refused(capsys, "check", str(triangle_file), str(answer))
    answer.write_text("[" * 100000 + "]" * 100000)
    refused(capsys, "check", str(triangle_file), str(answer))
    answer.write_text('{"links": ' + "[" * 100000 + "]" * 100000 + "}")
    refused(capsys, "check", str(triangle_file), str(answer))
    answer.write_text('{"links": [["1", "2"]], "time": ' + "9" * 5000 + "}")
    refused(capsys, "check", str(triangle_file), str(answer))


@pytest.mark.parametrize("argv", [
    ["solve", "{p}", "--models", "-1"],
    ["solve", "{p}", "--threads", "65"],
    ["count", "{p}", "--threads", "100"],
    ["solve", "{p}", "--time-limit", "nan"],
    ["solve", "{p}", "--time-limit", "inf"],
    ["solve", "{p}", "--time-limit", "0"],
    ["solve", "{p}", "--time-limit", "-1"],
    ["solve", "{p}", "--threads", "0"],
    ["solve", "{p}", "--models", "9" * 5000],
    ["batch", "{p}", "--jobs", "0"],
    ["batch", "{p}", "--jobs", "-1"],
    ["sloop", "{p}", "--tiling", "square", "--size", "x"],
])
def test_bad_option_values(capsys, triangle_file: Path, argv: list[str]) -> None:
    usage_error(capsys, *(a.format(p=triangle_file) for a in argv))


PROC = Path("/proc")


@pytest.mark.skipif(not PROC.is_dir(), reason="needs /proc, a folder where nothing can be created")
@pytest.mark.parametrize("argv", [
    ["render", "{p}", "-o", "/proc/x.svg"],
    ["solve", "{p}", "--render", "/proc/x.svg"],
    ["solve", "{p}", "--answer-out", "/proc/x"],
    ["tiling", "square", "--size", "3", "-o", "/proc/x"],
    ["convert", "{p}", "--to", "lp", "-o", "/proc/x.lp"],
])
def test_outputs_that_cannot_be_written(capsys, triangle_file: Path, argv: list[str]) -> None:
    line = refused(capsys, *(a.format(p=triangle_file) for a in argv))
    assert "/proc/x" in line


@pytest.mark.parametrize("argv", [
    ["solve", "{p}", "--answer-out", "{d}"],
    ["render", "{p}", "-o", "{d}.svg"],
    ["solve", "{p}", "--render", "{d}.svg"],
    ["convert", "{p}", "--to", "lp", "-o", "{d}.lp"],
])
def test_outputs_that_are_folders(capsys, triangle_file: Path, tmp_path: Path, argv: list[str]) -> None:
    folder = tmp_path / "out"
    for d in (folder, tmp_path / "out.svg", tmp_path / "out.lp"):
        d.mkdir()
    refused(capsys, *(a.format(p=triangle_file, d=folder) for a in argv))
    assert all(d.is_dir() for d in (folder, tmp_path / "out.svg", tmp_path / "out.lp"))


TRIANGLE_GEO = {"vertices": {"1": [0, 0], "2": [1, 0], "3": [0, 1]}}


def geo(**changes: Any) -> bytes:
    """The triangle's sidecar as JSON with some keys changed."""
    return json.dumps({**TRIANGLE_GEO, **changes}).encode()


def tiling(**fields: Any) -> bytes:
    return geo(tiling={"name": "square", "width": 3, "height": 3, **fields})


def point(text: bytes) -> bytes:
    """The sidecar with the first coordinate of vertex 1 written as ``text``."""
    return b'{"vertices": {"1": [' + text + b', 0], "2": [1, 0], "3": [0, 1]}}'


@pytest.mark.parametrize("sidecar_text", [
    pytest.param(b"\x00\x01\x02binary\xff", id="binary"),
    pytest.param(b"\xff\xfe{\x00}\x00", id="utf-16"),
    pytest.param(b"{", id="cut-json"),
    pytest.param(b"[" * 100000, id="deep-json"),
    pytest.param(b"[]", id="a-list"),
    pytest.param(b'"a string"', id="a-string"),
    pytest.param(geo(colour="red"), id="unknown-key"),
    pytest.param(geo(vertices=[[0, 0], [1, 0], [0, 1]]), id="vertices-list"),
    pytest.param(geo(vertices={"1": [0, 0], "2": [1, 0], "3": ["0", 1]}), id="coordinate-string"),
    pytest.param(geo(vertices={"1": [0, 0], "2": [1, 0], "3": [True, 1]}), id="coordinate-bool"),
    pytest.param(geo(vertices={"1": [0, 0], "2": [1, 0], "3": [0, 1, 2]}), id="three-coordinates"),
    pytest.param(geo(vertices={"1": [0, 0], "2": [1, 0]}), id="vertex-missing"),
    pytest.param(geo(faces=[["1", "2", "3"]]), id="faces-list"),
    pytest.param(geo(faces={"t": "123"}), id="face-string"),
    pytest.param(geo(faces={"t": [1, 2, 3]}), id="face-numbers"),
    pytest.param(geo(faces={"t": ["1", "2", "3", "1"]}), id="face-repeats"),
    pytest.param(geo(faces={"zz": ["1", "2", "3"]}), id="face-unknown-cell"),
    pytest.param(geo(tiling="square"), id="tiling-string"),
    pytest.param(tiling(width="3"), id="tiling-width-string"),
    pytest.param(tiling(width=True), id="tiling-width-bool"),
    pytest.param(tiling(width=10**30), id="tiling-width-huge"),
    pytest.param(tiling(colour=1), id="tiling-unknown-key"),
    pytest.param(tiling(name=7), id="tiling-name-number"),
    pytest.param(point(b"NaN"), id="nan"),
    pytest.param(point(b"Infinity"), id="infinity"),
    pytest.param(point(b"-Infinity"), id="minus-infinity"),
    pytest.param(point(b"1e400"), id="1e400"),
    pytest.param(point(b"9" * 5000), id="5000-digits"),
    pytest.param(point(b"1" + b"0" * 400), id="400-digit-int"),
    pytest.param(tiling(seed=0).replace(b'"seed": 0', b'"seed": ' + b"9" * 5000), id="seed-5000-digits"),
])
def test_bad_sidecars(capsys, tmp_path: Path, sidecar_text: bytes) -> None:
    (tmp_path / "t.lp").write_text(TRIANGLE)
    (tmp_path / "t.geo.json").write_bytes(sidecar_text)
    line = refused(capsys, "solve", str(tmp_path / "t.lp"))
    assert "t.geo.json" in line


def test_binary_sidecar_is_named_binary(capsys, tmp_path: Path) -> None:
    (tmp_path / "t.lp").write_text(TRIANGLE)
    (tmp_path / "t.geo.json").write_bytes(b"\x00\x01\x02\x03")
    assert "binary" in refused(capsys, "solve", str(tmp_path / "t.lp"))


def square_with_sidecar(folder: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """A planted 2x2 square grid as facts, with its sidecar changed by ``change``."""
    puzzle = sidecar_puzzle()
    path = folder / "sq.lp"
    path.write_text(lp.write_instance(puzzle))
    doc = json.loads(sidecar.write_geometry(puzzle))
    change(doc)
    (folder / "sq.geo.json").write_text(json.dumps(doc))
    return path


def test_huge_finite_coordinates(capsys, tmp_path: Path) -> None:
    """Coordinates near the largest float are finite, so the sidecar takes them; then
    nothing may overflow: writing a grid format compares corners at 1e-6."""
    def scale(doc: dict[str, Any]) -> None:
        doc["vertices"] = {v: [x * 1e307, y * 1e307] for v, (x, y) in doc["vertices"].items()}

    path = square_with_sidecar(tmp_path, scale)
    for fmt in formats.writable():
        code, _, err = run(capsys, "convert", str(path), "--to", fmt)
        assert code in (0, 2), err
    assert run(capsys, "render", str(path), "-o", str(tmp_path / "sq.svg"))[0] in (0, 2)


def test_a_sidecar_naming_an_enormous_tiling_is_refused_quickly(tmp_path: Path) -> None:
    """A sidecar naming a 10000 x 10000 tiling: refused at once (writing a Loopy ID
    built Loopy's grid of that size first, for over a minute)."""
    path = square_with_sidecar(tmp_path, lambda doc: doc.__setitem__(
        "tiling", {"name": "penrose-p2", "width": 10000, "height": 10000, "seed": 1}))
    try:
        done = subprocess.run([*CLI, "convert", str(path), "--to", "loopy"], capture_output=True, text=True,
                              timeout=10)
    except subprocess.TimeoutExpired:
        pytest.fail("convert --to loopy ran for more than 10 s")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = [x for x in done.stderr.splitlines() if not x.startswith("slitherasp: note:")]
    assert line.startswith(f"slitherasp: error: {path.with_suffix('')}"), line  # the .lp or its .geo.json


def test_a_sidecar_with_a_bad_grid_description(capsys, tmp_path: Path) -> None:
    """Writing a Loopy ID from a sidecar whose tiling has a bad description is refused
    in one line; the line must not start with a bare column ('0: bad hats grid ...')."""
    path = square_with_sidecar(tmp_path, lambda doc: doc.__setitem__(
        "tiling", {"name": "hats", "width": 6, "height": 6, "desc": "x"}))
    line = refused(capsys, "convert", str(path), "--to", "loopy")
    assert not line.removeprefix("slitherasp: error: ").split(":")[0].isdigit(), line


def test_blank_lines_are_sniffed_in_linear_time(capsys, tmp_path: Path) -> None:
    """A file whose format must be sniffed (an .lp without edge/2) of 80,000 blank
    lines: Essence's sniffer took 7 s on it (its time grew with the square of the lines)."""
    path = tmp_path / "blank.lp"
    path.write_text(" \n" * 40000)
    assert "empty instance" in refused(capsys, "solve", str(path))  # its time: benchmarks/refusals.py


HEMI_CUBE = """\
edge(0,1). edge(1,2). edge(2,3). edge(3,0). edge(0,2). edge(1,3).
cell_contains(a,0,1). cell_contains(a,1,2). cell_contains(a,2,3). cell_contains(a,3,0).
cell_contains(b,0,2). cell_contains(b,1,2). cell_contains(b,1,3). cell_contains(b,3,0).
cell_contains(c,0,2). cell_contains(c,2,3). cell_contains(c,1,3). cell_contains(c,0,1).
"""
HEMI_GEO = {"vertices": {"0": [0, 0], "1": [1, 0], "2": [1, 1], "3": [0, 1]},
            "faces": {"a": ["0", "1", "2", "3"], "b": ["0", "2", "1", "3"], "c": ["0", "2", "3", "1"]}}


def test_hemi_cube_is_no_disc(capsys, tmp_path: Path) -> None:
    """K4 with three four-sided faces (a projective plane) has 7 loops; taken for a
    disc, the colour encoding would count 6."""
    (tmp_path / "hemi.lp").write_text(HEMI_CUBE)
    assert run(capsys, "count", str(tmp_path / "hemi.lp"))[:2] == (0, "7\n")
    (tmp_path / "hemi.geo.json").write_text(json.dumps(HEMI_GEO))
    code, out, err = run(capsys, "count", str(tmp_path / "hemi.lp"))
    assert (code, out) == (0, "7\n")
    code, out, _ = run(capsys, "count", str(tmp_path / "hemi.lp"), "--json")
    assert code == 0 and json.loads(out)["answers"] == 7
    code, out, _ = run(capsys, "solve", str(tmp_path / "hemi.lp"), "--models", "0", "--encoding", "colour", "--json")
    assert code != 0 or json.loads(out)["models"] == 7  # refused, or right


@pytest.mark.parametrize(("name", "content", "expected"), [
    ("empty.wkt", "POLYGON EMPTY", "empty"),
    ("inf.wkt", "POLYGON((0 0, inf 0, 1 1, 0 0))", "finite"),
    ("nan.wkt", "POLYGON((0 0, nan 0, 1 1, 0 0))", "finite"),
    ("inf.geojson", '{"type": "Polygon", "coordinates": [[[0, 0], [1e400, 0], [1, 1], [0, 0]]]}', "finite"),
    ("topology.geojson", '{"type": "Topology", "objects": {}}', None),
    ("feature.geojson", '{"type": "Feature", "geometry": {"type": "Banana"}, "properties": {}}', None),
    ("number.geojson", '{"type": 5}', None),
    ("list.geojson", '{"type": ["Polygon"], "coordinates": []}', None),
    ("nested.geojson", '{"type": "FeatureCollection", "features": [{"type": "FeatureCollection"}]}', None),
    ("point.geojson", '{"type": "Point", "coordinates": [1, 2]}', "not a polygon"),
    ("deep.geojson", '{"type": "Polygon", "coordinates": ' + "[" * 100000 + "]" * 100000 + "}", None),
    ("clue.geojson", '{"type": "Feature", "properties": {"clue": "' + "9" * 5000 + '"}, "geometry": '
                     '{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 1], [0, 0]]]}}', None),
    ("unbalanced.wkt", "POLYGON((0 0, 1 0, 0 1, 0 0)))))", None),
    ("deep.wkt", "GEOMETRYCOLLECTION(" * 3000 + ")" * 3000, None),
    ("collections.wkt", "GEOMETRYCOLLECTION(" * 2000 + "POLYGON((0 0,1 0,0 1,0 0))" + ")" * 2000, None),
    ("fullwidth.wkt", "０" * 400, None),
    ("fullwidth2.wkt", "POLYGON((" + "０" * 400 + " 0, 1 0, 0 1, 0 0))", None),
    ("huge.wkt", "POLYGON((-1e308 0, 1e308 0, 0 1e308, -1e308 0))", None),
    ("hugeint.geojson", '{"type": "Polygon", "coordinates": [[[1' + "0" * 400 + ", 0], [1, 0], [0, 1], [0, 0]]]}",
     None),
    ("bigint.geojson", '{"type": "Polygon", "coordinates": [[[' + "9" * 5000 + ", 0], [1, 0], [0, 1], [0, 0]]]}", None),
])
def test_bad_polygons(capsys, tmp_path: Path, name: str, content: str, expected: str | None) -> None:
    path = tmp_path / name
    path.write_text(content)
    line = refused(capsys, "tiling", "polygons", str(path), "-o", str(tmp_path / "out"))
    if expected:
        assert expected in line
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_deeply_nested_wkt_does_not_crash_the_process(tmp_path: Path) -> None:
    """GEOS's WKT reader recurses once per GEOMETRYCOLLECTION: 30,000 of them (570 KB)
    overflowed the C stack and killed the process with SIGSEGV (exit 139, no message).
    Run in a subprocess, so that a crash fails this test and not the whole run."""
    path = tmp_path / "deep.wkt"
    path.write_text("GEOMETRYCOLLECTION(" * 30000 + "POLYGON((0 0,1 0,0 1,0 0))" + ")" * 30000)
    done = subprocess.run([*CLI, "tiling", "polygons", str(path), "-o", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, f"exit code {done.returncode}: {done.stderr[-500:]}"
    assert done.stderr.startswith(f"slitherasp: error: {path}") and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize("game_id", [
    "8x1000t16:1,0,3,1,10,P_a",
    "1000x8t17:406207F_a",
    "1000x1000t11:82AAAAVBBUAB_a",
    "99999999x99999999t0:a",
    "201x201t13:a",
])
def test_enormous_loopy_sizes_are_refused_by_their_size(capsys, tmp_path: Path, game_id: str) -> None:
    """Refused by the size cap, before any grid is built (its time: benchmarks/refusals.py)."""
    path = tmp_path / "big.loopy"
    path.write_text(game_id)
    line = refused(capsys, "solve", str(path))
    assert f"bad size {game_id.split('t')[0]}: larger than" in line and "is not read" in line


def test_a_hats_description_of_a_thousand_levels(tmp_path: Path) -> None:
    """Each level of a hats grid description cost 30 ms, and past ~775 levels a float
    overflowed (OverflowError): a 2 KB game ID must be refused quickly, in one line."""
    path = tmp_path / "deep.loopy"
    path.write_text("6x6t16:" + "1," * 1000 + "P_q\n")
    try:
        done = subprocess.run([*CLI, "solve", str(path)], capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        pytest.fail("a hats ID of 1000 levels ran for more than 10 s")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"slitherasp: error: {path}")


def test_loopy_seed_ids_cannot_be_read(capsys, tmp_path: Path) -> None:
    path = tmp_path / "seed.loopy"
    path.write_text("10x10t0dh#529845834\n")
    assert "seed" in refused(capsys, "solve", str(path))


def test_batch_goes_on_past_a_broken_file(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "a.lp").write_text(TRIANGLE)
    (folder / "b.lp").write_text("edge(１,２).")
    (folder / "c.loopy").write_text("3x3t0:a2b3d\n")
    (folder / "d.txt").write_bytes(b"\x00\x01")
    code, out, err = run(capsys, "batch", str(folder))
    assert code == 1
    lines = dict(line.rsplit(": ", 1)[0:2] if ": " in line else (line, "") for line in out.splitlines())
    assert lines[str(folder / "b.lp")] == "ERROR" and lines[str(folder / "d.txt")] == "ERROR"
    assert lines[str(folder / "a.lp")].startswith("SATISFIABLE")
    assert lines[str(folder / "c.loopy")].startswith("SATISFIABLE")
    assert "4/4 instances" in err and "2 errors" in err
    code, out, err = run(capsys, "batch", str(folder), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [r["result"] for r in rows] == ["SATISFIABLE", "ERROR", "SATISFIABLE", "ERROR"]


def test_tiling_refuses_to_overwrite_and_force_removes_a_stale_answer(capsys, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run(capsys, "tiling", "square", "--size", "3", "--planted-clues", "--seed", "1", "-o", str(out))[0] == 0
    answer = out / "square-3x3.answer"
    assert answer.is_file()
    before = (out / "square-3x3.lp").read_text()
    assert "exists already" in refused(capsys, "tiling", "square", "--size", "3", "-o", str(out))
    assert (out / "square-3x3.lp").read_text() == before and answer.is_file()
    assert run(capsys, "tiling", "square", "--size", "3", "-o", str(out), "--force")[0] == 0
    assert not answer.exists()
    assert "clue(" not in (out / "square-3x3.lp").read_text()


def test_answer_out_of_an_unsatisfiable_puzzle(capsys, tmp_path: Path) -> None:
    path = tmp_path / "unsat.lp"
    path.write_text("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,0).")
    code, _, err = run(capsys, "solve", str(path), "--answer-out", str(tmp_path / "a.answer"))
    assert code == 20
    assert "UNSATISFIABLE" in err and "a.answer" in err
    assert not (tmp_path / "a.answer").exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads files whatever their mode")
def test_permission_denied(capsys, triangle_file: Path) -> None:
    triangle_file.chmod(0)
    try:
        assert "permission denied" in refused(capsys, "solve", str(triangle_file))
    finally:
        triangle_file.chmod(0o644)


def test_permission_denied_whoever_runs_it(capsys, monkeypatch: pytest.MonkeyPatch, triangle_file: Path) -> None:
    """The same message where chmod cannot block the reader (root): open() refuses."""
    from slitherasp.model import limits

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(limits, "open", refuse, raising=False)
    assert "permission denied" in refused(capsys, "solve", str(triangle_file))


@pytest.mark.parametrize("data", [b"\x00\x01\x02\x03", b"\x7fELF\x02\x01\x01\x00\x00", b"\x89PNG\r\n\x1a\n\x00\x00"])
def test_binary_files_are_named_binary(capsys, tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "p.lp"
    path.write_bytes(data)
    line = refused(capsys, "solve", str(path))
    assert "binary" in line and "character" not in line


@pytest.mark.parametrize(("name", "fmt"), [*((f"p{f.extensions[0]}", f.name) for f in formats.FORMATS.values()),
                                          ("p.dat", "lp")])
def test_byte_order_mark_is_accepted(capsys, tmp_path: Path, name: str, fmt: str) -> None:
    path = tmp_path / name
    path.write_bytes(b"\xef\xbb\xbf" + seeds(fmt)[0].encode())
    code, out, err = run(capsys, "solve", str(path))
    assert code in (0, 20), err


def test_byte_order_mark_on_standard_input(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(capsys, "solve", "-", stdin=b"\xef\xbb\xbf" + TRIANGLE.encode(), monkeypatch=monkeypatch)
    assert code == 0, err


def test_binary_standard_input(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "binary" in refused(capsys, "solve", "-", stdin=b"\x00\x01\x02", monkeypatch=monkeypatch)


def test_check_reads_standard_input_once(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "standard input" in refused(capsys, "check", "-", "-", stdin=TRIANGLE.encode(), monkeypatch=monkeypatch)


# --------------------------------------------------------------------------- time limits and Ctrl-C


@pytest.fixture(scope="module")
def big_grid(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    done = subprocess.run([*CLI, "tiling", "square", "--size", "80x80", "-o", str(folder)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return folder / "square-80x80.lp"


def test_time_limit_on_a_big_clueless_grid(big_grid: Path) -> None:
    # The subprocess timeout only guards against a hang; how soon the limit stops the
    # solve is measured by benchmarks/refusals.py, not asserted here.
    done = subprocess.run([*CLI, "solve", str(big_grid), "--time-limit", "3", "--unique", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode in (0, 124), done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stdout.splitlines()
    found = json.loads(line)
    assert found["result"] in ("SATISFIABLE", "UNKNOWN")
    assert (done.returncode == 124) == bool(found.get("timed_out")) == (found["unique"] is None)


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_ctrl_c_while_counting(big_grid: Path) -> None:
    proc = subprocess.Popen([*CLI, "count", str(big_grid), "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    time.sleep(2)
    assert proc.poll() is None, "counting every loop of an 80x80 grid ended within 2 s"
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=30)  # a hang guard; the delay is in benchmarks/refusals.py
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    [line] = out.splitlines()
    obj = json.loads(line)
    assert obj["instance"] == str(big_grid)
    if "answers" in obj:  # interrupted while counting (before it: solve's {"result": "UNKNOWN", ...})
        assert obj["exact"] is False and isinstance(obj["answers"], int) and math.isfinite(obj["time"])
    else:
        assert obj["interrupted"] is True


def test_ctrl_c_inside_control_solve_leaves_the_search_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C can come while clingo's solve call is starting the search, before it
    hands back the handle: the search is told to stop and left behind (the command
    line then leaves with os._exit), never propagated with the search running on."""
    import clingo

    from slitherasp import tilings
    from slitherasp.kinds import facts as asp_facts
    from slitherasp.solver import run as solver

    grid = tilings.build("square", 6, 6)  # no clues: very many loops to enumerate
    program = asp_facts.slitherlink(grid, "colour", simplify=False)
    ctl = clingo.Control(["0"], logger=lambda code, msg: None)
    ctl.load(str(program.path))
    ctl.add("base", [], program.facts)
    ctl.ground([("base", [])])
    handles = []

    class Starting:  # a Control whose solve call is interrupted after the search started
        def solve(self, **options):
            handles.append(ctl.solve(**options))
            raise KeyboardInterrupt

        def interrupt(self) -> None:
            ctl.interrupt()

    monkeypatch.setattr(solver, "_ABANDONED", [])
    search = solver.run_search(Starting(), solver.decoder(grid))  # type: ignore[arg-type]
    assert search.interrupted and search.abandoned and solver.abandoned()
    assert handles[0].wait(10)  # told to stop, it stops
    handles[0].get()
