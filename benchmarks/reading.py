"""How fast competition facts are read: our reader (a fast path for whole facts, the
full parser for the rest) against the full parser alone and clingo's own parser, on
the same text in one run, CPU milliseconds (best of ``--repeat``).

    python benchmarks/reading.py [--repeat 5] [--letters 1000000] [--process]

Rows: a hats 36x36 patch (about 19,800 facts) with its names written plain (``12``,
``c0``), quoted (``"p 12"``, as other tools write them), as functions and tuples
(``p(12,-3)``, ``(c,0)``) and as negative numbers; about 1 MB of a square grid whose
names are 381 characters long; and ``edge(1,2).`` followed by a run of ``--letters``
letters (an error: the time to refuse it). "ours / full" is the fast path's gain;
"ours / clingo" compares with clingo's parser (``Control.add``, no grounding), which
refuses the letters only at their end.

``--process`` adds whole ``slitherasp solve`` processes on files near the 64 MiB limit
(wall seconds): the run of letters refused, 381-character names under
``--time-limit 2``, and Ctrl-C 3 s into reading facts the parser reads (blanks inside
names), until the process ends.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import clingo

from slitherasp import tilings
from slitherasp.formats import terms
from slitherasp.model import Puzzle
from slitherasp.model.errors import InputError


def facts(puzzle: Puzzle, vertex: Callable[[int], str], cell: Callable[[int], str]) -> str:
    """The puzzle's facts with every vertex and cell renamed, one fact a line."""
    out = [f"edge({vertex(u)},{vertex(v)})." for u, v in puzzle.edges]
    for c, es in enumerate(puzzle.cell_edges):
        out.extend(f"cell_contains({cell(c)},{vertex(puzzle.edges[e][0])},{vertex(puzzle.edges[e][1])})." for e in es)
    return "\n".join(out) + "\n"


def inputs(letters: int) -> list[tuple[str, str]]:
    """(row name, text) of every row of the table."""
    hats = tilings.build("hats", 36, 36)
    square = tilings.build("square", 13, 13)
    long = "v" + "x" * 372 + "{:08d}"  # 381 characters
    return [
        ("hats 36x36, plain names", facts(hats, str, lambda c: f"c{c}")),
        ('hats 36x36, quoted names ("p 12")', facts(hats, lambda v: f'"p {v}"', lambda c: f'"c {c}"')),
        ("hats 36x36, functions and tuples", facts(hats, lambda v: f"p({v},-3)", lambda c: f"(c,{c})")),
        ("hats 36x36, negative numbers", facts(hats, lambda v: str(-v - 1), lambda c: str(-100000 - c))),
        ("square 13x13, 381-character names", facts(square, long.format, lambda c: long.format(10**7 + c))),
        (f"edge(1,2). and {letters:,} letters (refused)", "edge(1,2). " + "a" * letters),
    ]


def cpu(read: Callable[[], object], repeat: int) -> float:
    """Best CPU seconds of ``repeat`` runs of ``read``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        read()
        best = min(best, time.process_time() - start)
    return best


def ours(text: str, fast: bool) -> Callable[[], object]:
    """Our reader (``fast``) or the full parser alone; a refusal is its result."""
    def read() -> object:
        saved, terms.Parser.fast = terms.Parser.fast, fast
        try:
            return terms.parse_facts(text)
        except InputError as exc:
            return exc
        finally:
            terms.Parser.fast = saved
    return read


def theirs(text: str) -> Callable[[], object]:
    """clingo's parser on the same text (no grounding)."""
    def read() -> object:
        ctl = clingo.Control(["--warn=none"], logger=lambda code, message: None)
        try:
            ctl.add("base", [], text)
        except RuntimeError as exc:
            return exc
        return ctl
    return read


def process_rows(folder: Path) -> list[tuple[str, float, str]]:
    """(what, wall seconds, how it ended) of whole processes on big files."""
    long = "v" + "x" * 372 + "{:08d}"
    letters, names, parsed = folder / "letters.lp", folder / "names.lp", folder / "parsed.lp"
    letters.write_text("edge(1,2). " + "a" * 60 * 2**20)
    names.write_text("".join(f"edge({long.format(i)},{long.format(i + 1)}).\n" for i in range(80_000)))
    parsed.write_text("".join(f"edge( f( {i} ) , f( {i + 1} ) ).\n" for i in range(1_000_000)))
    rows = []
    for what, args, interrupt in [
        ("60 MiB: edge(1,2). and letters, refused", ["solve", str(letters)], None),
        ("60 MiB of 381-character names, --time-limit 2", ["solve", str(names), "--time-limit", "2"], None),
        ("34 MB read by the parser, Ctrl-C at 3 s: until exit", ["solve", str(parsed)], 3.0),
    ]:
        proc = subprocess.Popen([sys.executable, "-m", "slitherasp.cli", *args], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        start = time.perf_counter()
        if interrupt is not None:
            time.sleep(interrupt)
            start = time.perf_counter()
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
        said = err.strip().replace(f"{folder}/", "")
        rows.append((what, time.perf_counter() - start, f"exit {proc.returncode}: {said[:90]}"))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per cell; the best is shown (default 5)")
    ap.add_argument("--letters", type=int, default=1_000_000, help="length of the run of letters (default 1,000,000)")
    ap.add_argument("--process", action="store_true", help="also whole processes on files near 64 MiB")
    args = ap.parse_args()
    print("| input | MB | facts | ours ms | full parser ms | clingo ms | ours / full | ours / clingo |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, text in inputs(args.letters):
        result = ours(text, True)()
        count = len(result) if isinstance(result, list) else "error"
        fast, full = cpu(ours(text, True), args.repeat), cpu(ours(text, False), args.repeat)
        clingo_s = cpu(theirs(text), args.repeat)
        ms = " | ".join(f"{s * 1e3:.1f}" for s in (fast, full, clingo_s))
        print(f"| {name} | {len(text) / 1e6:.2f} | {count} | {ms} | {fast / full:.2f} | {fast / clingo_s:.2f} |")
    if args.process:
        with tempfile.TemporaryDirectory() as tmp:
            rows = process_rows(Path(tmp))
        print("\n| whole process | wall s | ended |")
        print("|---|---:|---|")
        for what, seconds, ended in rows:
            print(f"| {what} | {seconds:.2f} | {ended} |")


if __name__ == "__main__":
    main()
