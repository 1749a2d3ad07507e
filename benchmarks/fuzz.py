"""Fuzz every reader: mutated valid inputs, arbitrary text and arbitrary bytes, each
under a wall-clock guard, then a few hundred runs of the command line.

The promise it checks: every reader ends in a puzzle or an ``InputError``, never a
traceback or a hang, and a puzzle that comes back solves, writes in every writable
format (or refuses with an ``InputError``) and reads back to the same clues.

Inputs run in worker processes (one per core) that are killed and replaced when an
input takes longer than ``--timeout`` seconds (a hang). Every input that gave a
traceback, lost data or hung is saved to ``--out`` with its traceback, one folder per
kind of failure, for reproduction; the table counts outcomes per target.

    python benchmarks/fuzz.py                       # 50,000 inputs, 300 CLI runs (about 5 min)
    python benchmarks/fuzz.py --count 2000 --cli 50 --seed 7 --out /tmp/fuzz
    python benchmarks/fuzz.py --targets sidecar,polygons --count 5000

Exit code 1 when any traceback, data loss or hang was found, else 0.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SOLVE_EDGES = 400
"""Puzzles up to this many edges are solved (2 s limit) after they are read."""
SLOW = 2.0
"""An input that takes longer than this (seconds) is counted as slow (not a failure)."""
OUTCOMES = ("puzzle", "InputError", "traceback", "lost", "hang")
"""How an input can end: read (and survived the exercise), refused, crashed, lost
(data lost on a round trip, or a wrong answer: one the validator refuses, or loop
counts that differ between encodings), or ran past the time guard."""


# --------------------------------------------------------------------------- seeds
def _written(puzzles: list[Any], fmt: str) -> list[str]:
    from slitherasp import formats
    from slitherasp.model.errors import InputError

    out = []
    for p in puzzles:
        with contextlib.suppress(InputError):
            out.append(formats.write_text(p, fmt))
    return out


def build_seeds() -> dict[str, list[str]]:
    """Small valid inputs of every target."""
    from slitherasp import formats, tilings
    from slitherasp.formats import lp, sidecar
    from slitherasp.make.generate import planted

    square = [planted(tilings.build("square", 3, 3), seed=1)[0], planted(tilings.build("square", 4, 2), seed=2)[0],
              tilings.build("square", 1, 1).with_clues({0: 4}), tilings.build("square", 2, 2)]
    other = [planted(tilings.build(name, w, h, s), seed=3)[0] for name, w, h, s in (
        ("honeycomb", 3, 3, None), ("triangular", 3, 3, None), ("cairo", 3, 3, None), ("floret", 1, 2, None),
        ("kagome", 3, 3, None), ("penrose-p3", 4, 4, 1), ("penrose-p2", 4, 4, 1), ("spectres", 6, 6, 1),
        ("hats", 6, 6, 1))]
    seeds: dict[str, list[str]] = {name: _written(square + other, name) for name in formats.FORMATS}
    seeds["lp"] += [
        'edge("a b",f(1,2)). edge(f(1,2),(3,x)). edge((3,x),"a b"). cell_contains(c,"a b",f(1,2)). clue(c,1).',
        "% comment\nedge(1,2).%* block\ncomment *% edge(2,3). edge(3,1).\ncell_contains(t,1,2). clue(t, 0).\n",
    ]
    seeds["loopy"] += ["# a comment\n 3x3t0:a2b3d\n", "3dh:a2b3d", "3x3t1:r"]
    seeds["pzpr"] += ["http://pzv.jp/p.html?slither/4/4/dgdh2c71", "[InternetShortcut]\nURL=puzz.link/p?slither/2/2/1"]
    seeds["pzprv3"] += ["pzprv3/slither/1/3/2 . - /0 0 0 0 /0 0 0 /0 0 0 /"]
    seeds["text"] += ["2 3\n..3\n0.2\n# comment\n"]
    seeds["essence"] += ["language Essence 1.3\nletting grid be [[0, 4; int(1..2)], [1, 2]] $ c\n"]
    seeds["pylist"] += ["grid = ((None, 1), [2, None])  # note\n"]
    seeds["auto"] = [s for name in formats.FORMATS for s in seeds[name][:3]]
    if "penpa" in formats.FORMATS:
        from slitherasp.formats import penpa

        seeds["penpa-payload"] = [penpa.unpack(link.strip().split("&p=", 1)[1]) for link in seeds["penpa"]]
    seeds["sloop"] = ["3 3\n...\n.#.\n...\n", "% sloop\n2 4\n.#..\n....\n", "tiling honeycomb 3x3\nc0 c8\n",
                      "tiling cairo 3x3\nc2 c5\n", "tiling penrose-p3 4x4 seed 1\nc0\n"]
    seeds["sloop-on-tiling"] = ["c0 c8", "c1\nc2 c3 % note\n"]
    seeds["polygons"] = [
        "POLYGON((0 0,1 0,1 1,0 1,0 0))\nPOLYGON((1 0,2 0,2 1,1 1,1 0))\n",
        "MULTIPOLYGON(((0 0,2 0,2 1,0 1,0 0)),((0 1,1 1,1 2,0 2,0 1)),((1 1,2 1,2 2,1 2,1 1)))",
        "# comment\nGEOMETRYCOLLECTION(POLYGON((0 0,1 0,0 1,0 0)),POLYGON((1 0,1 1,0 1,1 0)))",
        json.dumps({"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"clue": 2},
             "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 1], [0, 0]]]}},
            {"type": "Feature", "properties": {"clue": "1"},
             "geometry": {"type": "MultiPolygon", "coordinates": [[[[1, 0], [1, 1], [0, 1], [1, 0]]]]}}]}),
    ]
    p, loop = planted(tilings.build("square", 2, 2), seed=1)
    links = p.links(loop)
    facts = lp.write_answer(p, loop)
    seeds["answer"] = [
        facts, "Answer: 1\n" + facts.replace(".\n", " ").rstrip(".") + "\nSATISFIABLE\n",
        json.dumps({"instance": "p.lp", "result": "SATISFIABLE", "links": [list(x) for x in links]}),
        json.dumps({"Call": [{"Witnesses": [{"Value": [f"link({u},{v})" for u, v in links]}]}]}),
    ]
    geo = sidecar.write_geometry(sidecar_puzzle())
    doc = json.loads(geo)
    del doc["tiling"]
    seeds["sidecar"] = [geo, json.dumps(doc, indent=1), json.dumps({"vertices": doc["vertices"]})]
    return {k: v for k, v in seeds.items() if v}


_SIDECAR: list[Any] = []


def sidecar_puzzle() -> Any:
    """The fixed puzzle whose sidecar is attacked: a planted 2x2 square grid."""
    if not _SIDECAR:
        from slitherasp import tilings
        from slitherasp.make.generate import planted

        _SIDECAR.append(planted(tilings.build("square", 2, 2), seed=4)[0])
    return _SIDECAR[0]


# --------------------------------------------------------------------------- mutation
WORDS = [
    "０", "１２", "٣", "۴", "४", "৩", "๒", "²", "³", "¹", "Ⅻ", "½", "𝟙", "𝟡", "①", "〇", "零",
    "2147483647", "2147483648", "-2147483648", "4294967296", "-0", "+1", "1e400", "-1e400", "1e309", "NaN", "nan",
    "Infinity", "-Infinity", "inf", "0x10", "1_000", "1.5", "-1", "-", "0", "4", "5", "36", "200", "201", "1000",
    '"', "'", '\\"', "\\", '"\\q"', '"\\n"', '"\\', '"a\nb"', "'''",
    "%*", "*%", "%", "#", "$", "//", "/*", "--", "%*%", "%* *%",
    "\x00", "\ufeff", "\ufffe", "\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\t", "\u00a0",
    "\u3000", "\u200b", "\x7f", "é", "ß", "İ", "ﬀ", "Σ", "ǅ", "😀", "\ud800", "\udfff", "\U0010ffff", "Ａ", "ｘ",
    ":", "_", "x", "t", "d", "#", "/", ".", "?", "=", ";", "..", ":-", "not", ",", "(", ")", "[", "]", "{", "}",
    "edge(", "clue(", "cell_contains(", "link(", "Answer: 1\n", "SATISFIABLE", "tiling ", "seed ", "letting ",
    " be ", "grid", "None", "True", "slither/", "pzprv3\n", "pzprv3/", "https://puzz.link/p?", "URL=", "POLYGON((",
    "POLYGON EMPTY", "MULTIPOLYGON", "GEOMETRYCOLLECTION(", '"type":', '"Feature"', '"coordinates":', '"clue":',
    '"tiling":', '"vertices":', '"faces":', '"number":', "null", "true", "false", "1e-300", "1e300", "m=solve&p=",
]
RUNS = ["(", ")", "[", "]", "{", "}", "f(", "[[", "((", "9", "0", "a", "z", "\n", " ", " \n", "%*", '"', ",", "[1,",
        "{\"a\":", "-", "not ", "０", "é", "1,", "GEOMETRYCOLLECTION(", "\ufeff"]
CHARSETS = [(0x20, 0x7E), (0x00, 0x1F), (0x80, 0xFF), (0x100, 0x2FF), (0x660, 0x669), (0xFF10, 0xFF5A),
            (0x2000, 0x206F), (0x4E00, 0x4E20), (0xD800, 0xDFFF), (0x1D7CE, 0x1D7FF), (0x1F600, 0x1F64F)]
NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def _char(rng: random.Random) -> str:
    lo, hi = rng.choice(CHARSETS)
    return chr(rng.randint(lo, hi))


def _number(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return str(rng.randint(0, 10))
    if kind == 1:
        return str(rng.choice([199, 200, 201, 255, 256, 1000, 2**31 - 1, 2**31, 2**32, 10**10, 10**11]))
    if kind == 2:
        return "9" * rng.choice([11, 20, 400, 4301, 5000, 20000])
    if kind == 3:
        return "-" + str(rng.randint(0, 2**31 + 1))
    if kind == 4:
        return rng.choice(["1e400", "NaN", "Infinity", "-Infinity", "1.5", "0.0000001", "1e-320", "0" * 40 + "1",
                           "0" * 5000 + "1", "1" + "0" * 400, "-1" + "0" * 400, "0x" + "F" * 5000, "1e308", "-1e308"])
    return "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 15)))


def _payload(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind <= 1:
        return rng.choice(WORDS)
    if kind == 2:
        return "".join(_char(rng) for _ in range(rng.randint(1, 8)))
    if kind == 3:
        return _number(rng)
    if kind == 4:
        return rng.choice(RUNS) * rng.choice([2, 10, 40, 100, 1000, 5000, 100000])
    return rng.choice(WORDS) * rng.randint(2, 5)


def mutate(text: str, rng: random.Random, seeds: list[str]) -> str:
    """One to five edits of ``text``: insert, delete, replace, repeat, move, splice,
    a number swapped for another, lines shuffled, duplicated or dropped."""
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 5])):
        n = len(text)
        i = rng.randint(0, n)
        j = min(n, i + rng.choice([0, 1, 1, 2, 3, 5, 10, 40]))
        op = rng.randrange(10)
        if op == 0:
            text = text[:i] + _payload(rng) + text[i:]
        elif op == 1:
            text = text[:i] + text[j:]
        elif op == 2:
            text = text[:i] + _payload(rng) + text[j:]
        elif op == 3:
            text = text[:j] + text[i:j] * rng.choice([2, 3, 100, 3000]) + text[j:]
        elif op == 4:
            text = text[:i] + text[j:] + text[i:j]
        elif op == 5:
            other = rng.choice(seeds)
            k = rng.randint(0, len(other))
            text = text[:i] + other[k: k + rng.randint(1, 60)] + text[j:]
        elif op in (6, 7):
            spots = list(NUMBER.finditer(text))
            if spots:
                m = rng.choice(spots)
                text = text[: m.start()] + _number(rng) + text[m.end():]
        elif op == 8:
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines[a], lines[b] = lines[b], lines[a]
            else:
                lines.insert(a, lines[b])
            text = "\n".join(lines)
        else:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
    return text


def lenient(data: bytes, rng: random.Random) -> str:
    codec, errors = rng.choice([("utf-8", "replace"), ("latin-1", "strict"), ("utf-8", "surrogateescape"),
                                ("utf-16-le", "replace")])
    return data.decode(codec, errors)


def make_input(target: str, seeds: dict[str, list[str]], rng: random.Random) -> tuple[str, str | bytes]:
    """One input for ``target``: (how it was made, text; bytes for the ``file:`` targets)."""
    if target.startswith("file:"):
        fmt = target.split(":", 1)[1]
        base = seeds.get(fmt) or seeds["lp"]
        roll = rng.random()
        if roll < 0.15:
            return "bytes", bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
        raw = mutate(rng.choice(base), rng, base).encode("utf-8", "surrogatepass")
        if roll < 0.3 and raw:  # cut a byte out, maybe inside a UTF-8 sequence
            k = rng.randrange(len(raw))
            raw = raw[:k] + raw[k + 1:]
        if rng.random() < 0.1:
            raw = b"\xef\xbb\xbf" + raw
        return "mutated", raw
    pool = seeds[target]
    roll = rng.random()
    if roll < 0.80:
        return "mutated", mutate(rng.choice(pool), rng, [s for v in seeds.values() for s in v[:2]])
    if roll < 0.87:
        return "text", "".join(_char(rng) for _ in range(rng.randint(0, 200)))
    if roll < 0.94:
        return "bytes", lenient(bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))), rng)
    other = rng.choice(list(seeds))
    return "other", mutate(rng.choice(seeds[other]), rng, pool)  # another format's input


# --------------------------------------------------------------------------- the worker's side
def penpa_link(payload: str) -> str:
    """A penpa-edit link of any payload text (already abbreviated): raw DEFLATE, base64."""
    import base64
    import zlib

    from slitherasp.formats import penpa

    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflater.compress(payload.encode("utf-8", "surrogatepass")) + deflater.flush()
    return f"{penpa.BASE_URL}#m=solve&p={base64.b64encode(data).decode()}"


class LostData(AssertionError):
    """A round trip that does not give back what was written."""


def read(target: str, data: str | bytes) -> Any:
    """Run the reader of ``target`` on ``data``."""
    from slitherasp import formats
    from slitherasp.formats import lp, sidecar
    from slitherasp.model import TilingRef

    if target.startswith("file:"):
        suffix = {f.name: f.extensions[0] for f in formats.FORMATS.values()}.get(target[5:], ".dat")
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"p{suffix}"
            path.write_bytes(data)  # type: ignore[arg-type]
            return formats.read_file(path)
    assert isinstance(data, str)
    if target in formats.FORMATS:
        return formats.read_text(data, f"<fuzz.{target}>", format=target)
    if target == "auto":
        return formats.read_text(data, "<fuzz>")
    if target == "penpa-payload":
        return formats.read_text(penpa_link(data), "<fuzz.penpa>", format="penpa")
    if target == "sloop":
        from slitherasp.kinds.sloop import read_sloop

        return read_sloop(data)
    if target == "sloop-on-tiling":
        from slitherasp.kinds.sloop import read_sloop

        return read_sloop(data, tiling=TilingRef("honeycomb", 3, 3))
    if target == "polygons":
        from slitherasp.tilings.polygons import from_polygons, read_polygons

        return from_polygons(read_polygons(data, "<fuzz.wkt>"))
    if target == "answer":
        return lp.read_answer(data)
    if target == "sidecar":
        return sidecar.attach_geometry(replace(sidecar_puzzle(), geometry=None, tiling=None), data, "<fuzz.geo.json>")
    raise KeyError(target)


def _shape(p: Any) -> Any:
    named = [(p.vertices[u], p.vertices[v]) for u, v in p.edges]
    return named, [(c, frozenset(named[e] for e in es)) for c, es in zip(p.cells, p.cell_edges)]


def exercise(target: str, result: Any) -> None:
    """What a reader's result must survive: solving (to an answer the validator takes;
    on a tiny geometry, to as many loops with the colour encoding as without), writing
    in every format, reading back, drawing."""
    from slitherasp import formats
    from slitherasp.kinds.sloop import Sloop, read_sloop, write_sloop
    from slitherasp.kinds.sloop import check as sloop_check
    from slitherasp.model.errors import InputError
    from slitherasp.solver.run import count, solve
    from slitherasp.validate import check

    if target == "answer":
        check(sidecar_puzzle(), result, reference=result)
        return
    if isinstance(result, Sloop):
        if len(result.graph.edges) <= SOLVE_EDGES:
            answer = solve(result, time_limit=2).answer
            if answer is not None and not sloop_check(result, result.graph.links(answer)).valid:
                raise LostData("the solver's Sloop answer breaks a rule")
        if read_sloop(write_sloop(result)).black_names != result.black_names:
            raise LostData("a Sloop written and read back has other black cells")
        return
    answer = solve(result, time_limit=2).answer if len(result.edges) <= SOLVE_EDGES else None
    if answer is not None and not check(result, result.links(answer)).valid:
        raise LostData("the solver's answer breaks a rule")
    if result.geometry is not None and len(result.edges) <= 40:
        auto, reach = (count(result, encoding=e, time_limit=2) for e in ("auto", "reach"))
        if auto.exhausted and reach.exhausted and auto.count != reach.count:
            raise LostData(f"{auto.count} loops with the auto encoding, {reach.count} with reach")
    fmt = target.removeprefix("file:")
    for name in formats.writable():
        try:
            text = formats.write_text(result, name)
        except InputError:
            continue
        if name in (fmt, "lp"):
            again = formats.read_text(text, f"<written.{name}>", format=name)
            if again.clues != result.clues:
                raise LostData(f"written as {name} and read back, the clues differ")
            if name == "lp" and _shape(again) != _shape(result):
                raise LostData("written as lp and read back, the edges or cells differ")
    if target in ("sidecar", "polygons") and len(result.edges) <= SOLVE_EDGES:
        from slitherasp import render

        render.svg(result, answer)


def described(exc: BaseException, phase: str) -> str:
    """A failure as text: where in our code it happened (the innermost frame of
    slitherasp, which a deep recursion pushes out of the last lines), then the
    traceback's last lines."""
    ours = [f for f in traceback.extract_tb(exc.__traceback__) if f"{os.sep}slitherasp{os.sep}" in f.filename]
    where = f"ours: {Path(ours[-1].filename).name}:{ours[-1].lineno}:{ours[-1].name}\n" if ours else ""
    return f"{phase}:\n{where}" + "".join(traceback.format_exception(exc, limit=-16))


def attempt(target: str, data: str | bytes) -> tuple[str, str]:
    """(outcome, detail) of one input: where and the traceback's last lines for a failure."""
    from slitherasp.model.errors import InputError

    try:
        result = read(target, data)
    except InputError:
        return "InputError", ""
    except BaseException as exc:  # everything else is what we look for
        return "traceback", described(exc, "reading")
    try:
        exercise(target, result)
    except LostData:
        return "lost", traceback.format_exc(limit=-3)
    except BaseException as exc:
        return "traceback", described(exc, "after reading")
    return "puzzle", ""


def worker(conn: Connection, memory: int) -> None:
    """Read (index, target, data) from the pipe, answer (index, outcome, detail, seconds)."""
    import resource
    import signal
    import warnings

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it stops and prints the table
    warnings.simplefilter("ignore")
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    sidecar_puzzle()
    while True:
        job = conn.recv()
        if job is None:
            return
        index, target, data = job
        start = time.perf_counter()
        outcome, detail = attempt(target, data)
        conn.send((index, outcome, detail, time.perf_counter() - start))


# --------------------------------------------------------------------------- the parent's side
@dataclass
class Tally:
    counts: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    slowest: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    signatures: Counter[str] = field(default_factory=Counter)

    def add(self, target: str, outcome: str, seconds: float) -> None:
        self.counts[target][outcome] += 1
        if seconds > SLOW:
            self.counts[target]["slow"] += 1
        self.slowest[target] = max(self.slowest[target], seconds)

    @property
    def failures(self) -> int:
        return sum(c[k] for c in self.counts.values() for k in ("traceback", "lost", "hang"))

    def table(self) -> str:
        head = ["target", "inputs", *OUTCOMES, f"slow>{SLOW:g}s", "slowest"]
        rows = []
        for target in sorted(self.counts):
            c = self.counts[target]
            rows.append([target, sum(c[k] for k in OUTCOMES), *(c[k] for k in OUTCOMES), c["slow"],
                         f"{self.slowest[target]:.2f}s"])
        total = [sum(r[i] for r in rows) for i in range(1, len(OUTCOMES) + 3)]
        rows.append(["total", *total, f"{max(self.slowest.values(), default=0):.2f}s"])
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
        return "\n".join(lines)


def signature(detail: str) -> str:
    """A failure's kind: the exception's type and the innermost frame of our code."""
    last = detail.strip().splitlines()[-1] if detail.strip() else "?"
    ours = re.search(r"^ours: (\S+)$", detail, re.M)
    if ours:
        return f"{last.split(':')[0][:60]} at {ours.group(1)}"
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', detail)
    where = f"{Path(frames[-1][0]).name}:{frames[-1][1]}:{frames[-1][2]}" if frames else "?"
    return f"{last.split(':')[0][:60]} at {where}"


def save(out: Path, target: str, index: int, outcome: str, data: str | bytes, detail: str,
         tally: Tally, keep: int = 20) -> None:
    """Save a failing input (at most ``keep`` per kind of failure) with its traceback."""
    if outcome == "hang" or detail.startswith("the process died"):
        kind = f"{'hang' if outcome == 'hang' else detail} in {target}"
    else:
        kind = signature(detail)
    tally.signatures[kind] += 1
    if tally.signatures[kind] > keep:
        return
    folder = out / re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{outcome}-{kind}")[:120]
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"{target.replace(':', '-')}-{index}"
    if isinstance(data, bytes):
        stem.with_suffix(".bin").write_bytes(data)
    else:
        stem.with_suffix(".txt").write_bytes(data.encode("utf-8", "surrogatepass"))
    stem.with_suffix(".trace").write_text(f"target: {target}\noutcome: {outcome}\ninput: {data[:300]!r}\n\n{detail}\n",
                                          encoding="utf-8", errors="backslashreplace")


class Pool:
    """Worker processes with a per-input time guard: a worker past it is killed and
    replaced, and its input counted as a hang."""

    def __init__(self, size: int, timeout: float, memory: int) -> None:
        self.ctx = mp.get_context("fork")
        self.size, self.timeout, self.memory = size, timeout, memory
        self.workers: list[dict[str, Any]] = [self._spawn() for _ in range(size)]

    def _spawn(self) -> dict[str, Any]:
        parent, child = self.ctx.Pipe()
        proc = self.ctx.Process(target=worker, args=(child, self.memory), daemon=True)
        proc.start()
        child.close()
        return {"proc": proc, "conn": parent, "job": None, "since": 0.0}

    def run(self, jobs: Any, done: Any) -> None:
        """Feed ``jobs`` (index, target, data) to the workers; call ``done(job, outcome,
        detail, seconds)`` for each."""
        jobs = iter(jobs)
        busy = 0
        exhausted = False
        while True:
            for w in self.workers:
                if w["job"] is None and not exhausted:
                    job = next(jobs, None)
                    if job is None:
                        exhausted = True
                        break
                    w["job"], w["since"] = job, time.perf_counter()
                    w["conn"].send(job)
                    busy += 1
            if busy == 0 and exhausted:
                return
            ready = wait([w["conn"] for w in self.workers if w["job"] is not None], timeout=0.5)
            now = time.perf_counter()
            for k, w in enumerate(self.workers):
                if w["job"] is None:
                    continue
                if w["conn"] in ready:
                    try:
                        _, outcome, detail, seconds = w["conn"].recv()
                    except (EOFError, OSError):  # the worker died (a segfault, the memory limit)
                        w["proc"].join(5)
                        code = w["proc"].exitcode
                        how = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
                        outcome, detail, seconds = "traceback", f"the process died ({how})", now - w["since"]
                        self.workers[k] = self._replace(w)
                    done(w["job"], outcome, detail, seconds)
                    self.workers[k]["job"] = None
                    busy -= 1
                elif now - w["since"] > self.timeout:
                    done(w["job"], "hang", f"no answer within {self.timeout:g} s", now - w["since"])
                    self.workers[k] = self._replace(w)
                    busy -= 1

    def _replace(self, w: dict[str, Any]) -> dict[str, Any]:
        w["proc"].kill()
        w["proc"].join()
        w["conn"].close()
        return self._spawn()

    def close(self) -> None:
        for w in self.workers:
            if w["job"] is None:  # idle: let it end by itself
                with contextlib.suppress(OSError):
                    w["conn"].send(None)
                w["proc"].join(timeout=5)
            w["proc"].kill()
            w["proc"].join()


# --------------------------------------------------------------------------- command line runs
CLI = [sys.executable, "-m", "slitherasp.cli"]
CLI_EXIT = {0, 1, 2, 20, 124}
"""Exit codes the manual documents for these commands (130 needs a Ctrl-C)."""


def cli_case(seeds: dict[str, list[str]], rng: random.Random, folder: Path,
             index: int) -> tuple[list[str], bytes | None]:
    """A command line and standard input for one CLI run, its files written into ``folder``."""
    from slitherasp import formats

    fmt = rng.choice(list(formats.FORMATS))
    suffix = formats.FORMATS[fmt].extensions[0] if rng.random() < 0.8 else rng.choice([".dat", ".lp", ".txt", ""])
    text = mutate(rng.choice(seeds[fmt]), rng, seeds[fmt]) if rng.random() < 0.85 else seeds[fmt][0]
    data = text.encode("utf-8", "surrogatepass")
    path = folder / f"p{index}{suffix}"
    path.write_bytes(data)
    if fmt == "lp" and rng.random() < 0.3:  # a sidecar beside it
        sidecar = path.with_name(path.name.removesuffix(".lp") + ".geo.json")
        sidecar.write_bytes(mutate(seeds["sidecar"][0], rng, seeds["sidecar"]).encode("utf-8", "surrogatepass"))
    command = rng.choice(["solve", "solve", "solve-stdin", "convert", "render", "check", "count", "facts", "grade",
                          "sloop", "polygons", "batch"])
    p = str(path)
    if command == "solve":
        return ["solve", p, "--time-limit", "2", rng.choice(["--json", "--unique", "--draw", "--stats"])], None
    if command == "solve-stdin":
        return ["solve", "-", "--time-limit", "2", "--json"], data
    if command == "convert":
        return ["convert", p, "--to", rng.choice(formats.writable())], None
    if command == "render":
        return ["render", p, "-o", str(folder / f"r{index}.svg")], None
    if command == "check":
        answer = folder / f"a{index}.answer"
        answer.write_bytes(mutate(rng.choice(seeds["answer"]), rng, seeds["answer"]).encode("utf-8", "surrogatepass"))
        return ["check", p, str(answer)], None
    if command == "count":
        return ["count", p, "--time-limit", "2"], None
    if command == "facts":
        return ["facts", p], None
    if command == "grade":
        return ["grade", p, "--time-limit", "2"], None
    if command == "sloop":
        path.with_suffix(".sloop").write_bytes(
            mutate(rng.choice(seeds["sloop"]), rng, seeds["sloop"]).encode("utf-8", "surrogatepass"))
        return ["sloop", str(path.with_suffix(".sloop")), "--time-limit", "2"], None
    if command == "polygons":
        poly = folder / f"g{index}.{rng.choice(['wkt', 'geojson'])}"
        poly.write_bytes(mutate(rng.choice(seeds["polygons"]), rng, seeds["polygons"]).encode("utf-8", "surrogatepass"))
        return ["tiling", "polygons", str(poly), "-o", str(folder / f"out{index}")], None
    return ["batch", p, str(folder), "--time-limit", "2", "--no-progress"], None


def cli_verdict(code: int | None, out: str, err: str) -> tuple[str, str]:
    if code is None:
        return "hang", "no exit within the time guard"
    if "Traceback" in out + err or code == 70:
        return "traceback", err[-2000:]
    if code not in CLI_EXIT:
        return "traceback", f"exit code {code}\n{err[-2000:]}"
    lines = [x for x in err.splitlines() if not x.startswith("slitherasp: note:")]
    if code == 2 and not any(x.startswith(("slitherasp: error:", "usage:")) for x in lines):
        return "traceback", f"exit code 2 without 'slitherasp: error:'\n{err[-2000:]}"
    return ("InputError" if code == 2 else "puzzle"), ""


def run_cli(count: int, seeds: dict[str, list[str]], rng: random.Random, timeout: float, out: Path,
            tally: Tally, jobs: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="slitherasp-fuzz-cli-"))
    cases = []
    for i in range(count):
        folder = work / str(i)
        folder.mkdir()
        cases.append((i, folder, *cli_case(seeds, rng, folder, i)))

    def one(case: tuple[int, Path, list[str], bytes | None]) -> tuple[int, list[str], str, str, float]:
        i, folder, argv, stdin = case
        start = time.perf_counter()
        try:
            done = subprocess.run([*CLI, *argv], input=stdin or b"", capture_output=True, timeout=timeout,
                                  cwd=folder, env={**os.environ, "SLITHERASP_TRACEBACK": ""})
            outcome, detail = cli_verdict(done.returncode, done.stdout.decode(errors="replace"),
                                          done.stderr.decode(errors="replace"))
        except subprocess.TimeoutExpired:
            outcome, detail = cli_verdict(None, "", "")
        return i, argv, outcome, detail, time.perf_counter() - start

    try:
        with ThreadPoolExecutor(jobs) as pool:
            for i, argv, outcome, detail, seconds in pool.map(one, cases):
                target = f"cli {argv[0] if argv[0] != 'tiling' else 'polygons'}"
                tally.add(target, outcome, seconds)
                if outcome in ("traceback", "hang"):
                    folder = out / f"cli-{outcome}" / str(i)
                    shutil.copytree(work / str(i), folder, dirs_exist_ok=True)
                    (folder / "command.txt").write_text(" ".join(["slitherasp", *argv]) + "\n\n" + detail)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --------------------------------------------------------------------------- main
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=50_000, help="in-process inputs (default 50000)")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--cli", type=int, default=300, help="command-line runs through a subprocess (default 300)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "fuzz"),
                    help="folder for failing inputs (default benchmarks/results/fuzz, which git ignores)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="worker processes (default: cores)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds before an input counts as a hang")
    ap.add_argument("--memory", type=int, default=6, help="GiB of address space per worker (0: no limit)")
    ap.add_argument("--targets", help="comma-separated targets (default: all)")
    args = ap.parse_args()

    from slitherasp import formats

    out = Path(args.out)
    rng = random.Random(args.seed)
    seeds = build_seeds()
    targets = [*seeds, *(f"file:{name}" for name in formats.FORMATS), "file:bytes"]
    if args.targets:
        targets = [t for t in targets if t in args.targets.split(",")]
    tally = Tally()
    inputs: dict[int, tuple[str, str | bytes]] = {}
    start = time.perf_counter()

    def jobs() -> Any:
        for i in range(args.count):
            target = targets[i % len(targets)]
            _, data = make_input(target, seeds, rng)
            inputs[i] = (target, data)
            yield i, target, data

    def done(job: tuple[int, str, Any], outcome: str, detail: str, seconds: float) -> None:
        index, target, data = job
        inputs.pop(index, None)
        tally.add(target, outcome, seconds)
        if outcome in ("traceback", "lost", "hang"):
            save(out, target, index, outcome, data, detail, tally)
        finished = sum(sum(c.values()) - c["slow"] for c in tally.counts.values())
        if finished % 5000 == 0:
            print(f"{finished}/{args.count} inputs, {tally.failures} failures, "
                  f"{time.perf_counter() - start:.0f}s", file=sys.stderr, flush=True)

    pool = Pool(max(1, args.jobs), args.timeout, args.memory * 2**30)
    interrupted = False
    try:
        pool.run(jobs(), done)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        pool.close()
    in_process = time.perf_counter() - start
    if args.cli and not interrupted:
        run_cli(args.cli, seeds, rng, max(30.0, 3 * args.timeout), out, tally, max(1, args.jobs))
    done_count = sum(sum(c[k] for k in OUTCOMES) for t, c in tally.counts.items() if not t.startswith("cli "))
    cli_count = sum(sum(c[k] for k in OUTCOMES) for t, c in tally.counts.items() if t.startswith("cli "))
    print(f"{done_count} inputs in process in {in_process:.0f}s, {cli_count} command-line runs, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f}s in all{' (interrupted)' if interrupted else ''}\n")
    print(tally.table())
    if tally.signatures:
        print("\nfailures by kind (saved under " + str(out) + "):")
        for kind, n in tally.signatures.most_common():
            print(f"  {n:6}  {kind}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
