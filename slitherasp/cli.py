"""The ``slitherasp`` command line. Nothing imports this module.

Exit codes (also in ``slitherasp --help``):

====  =====================================================================
0     success: an answer was found / the answer is valid / all solved
1     ``check``: the answer breaks a rule or differs from the reference;
      ``batch``: some instance was not solved (UNSATISFIABLE, UNKNOWN)
2     bad input or usage: the message names the file, line and problem
20    UNSATISFIABLE: the puzzle has no answer (clingo's code)
124   UNKNOWN: the time limit ran out first (as timeout(1))
130   interrupted by Ctrl-C (partial results are still printed)
====  =====================================================================
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator, Sequence

from . import __version__, formats, render, results, validate
from .formats import lp as facts
from .errors import GenerationError
from .model import InputError, Puzzle, SlitherError
from .asp_facts import AUTO, DEFAULT_ENCODING, ENCODINGS
from .results import SAT, UNSAT, Result
from .solve import Batch, solve

EXIT_OK, EXIT_INVALID, EXIT_INPUT, EXIT_UNSAT, EXIT_TIMEOUT, EXIT_INTERRUPT = 0, 1, 2, 20, 124, 130

EXIT_CODES = """\
exit codes:
  0    success: an answer was found, the answer is valid, every instance solved
  1    check: the answer breaks a rule or differs from --reference;
       batch: some instance was UNSATISFIABLE, UNKNOWN or had bad input
  2    bad input or usage (the message names file:line:col and the problem)
  20   UNSATISFIABLE: the puzzle has no answer
  124  UNKNOWN: the time limit ran out before an answer or a proof
  130  interrupted (Ctrl-C); what was found so far is still printed
"""


class Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=28)


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


def _load(path: str, fmt: str | None = None) -> Puzzle:
    return formats.read_file(path, fmt)


def _status_code(result: Result) -> int:
    if result.interrupted:
        return EXIT_INTERRUPT
    return {SAT: EXIT_OK, UNSAT: EXIT_UNSAT}.get(result.status, EXIT_TIMEOUT)


# --------------------------------------------------------------------------- solve
def _print_clingo_style(name: str, result: Result, models: int, stats: bool, unique: bool) -> None:
    _out(f"slitherasp version {__version__}")
    _out(f"Reading from {'stdin' if name == '-' else name}")
    _out("Solving...")
    shown = result.answers if models == 0 else result.answers[: max(models, 1)]
    for i, ans in enumerate(shown, 1):
        _out(f"Answer: {i}")
        _out(" ".join(f"link({u},{v})" for u, v in result.puzzle.links(ans)))
    _out("INTERRUPTED" if result.interrupted else result.status)
    _out("")
    more = "" if result.exhausted else "+"
    _out(f"Models       : {result.count}{more}")
    if unique and result.status == SAT:
        uniq = {True: "yes", False: "no (a second answer exists)", None: "unknown"}[result.unique]
        _out(f"Unique       : {uniq}")
    _out(
        f"Time         : {result.time_total:.3f}s "
        f"(Grounding: {result.time_ground:.3f}s Solving: {result.time_solve:.3f}s)"
    )
    if stats and result.statistics:
        s = result.statistics
        _out(f"Atoms        : {s['atoms']}")
        _out(f"Rules        : {s['rules']}")
        _out(f"Choices      : {s['choices']}")
        _out(f"Conflicts    : {s['conflicts']}")


def cmd_solve(args: argparse.Namespace) -> int:
    puzzle = _load(args.instance, args.format)
    result = solve(
        puzzle,
        models=args.models,
        unique=args.unique,
        time_limit=args.time_limit,
        threads=args.threads,
        encoding=args.encoding,
        statistics=args.stats,
    )
    if args.json:
        _out(json.dumps(results.solve_json(result, args.instance)))
    else:
        _print_clingo_style(args.instance, result, args.models, args.stats, args.unique)
    if args.answer_out and result.answers:
        Path(args.answer_out).write_text(facts.write_answer(puzzle, result.answers[0]) + "\n")
    if args.draw and not args.json:
        _out(render.unicode(puzzle, result.answer))
    if args.render:
        _draw(puzzle, result.answer, args.render, shade=args.shade, title=Path(args.instance).stem)
    return _status_code(result)


def _draw(puzzle: Puzzle, answer, out: str, *, shade: bool = False, title: str | None = None) -> None:
    """Write an SVG or PNG drawing, chosen by the file extension."""
    suffix = Path(out).suffix.lower()
    if suffix == ".svg":
        Path(out).write_text(render.svg(puzzle, answer, shade=shade, title=title), encoding="utf-8")
    elif suffix == ".png":
        render.png(puzzle, answer, out, shade=shade, title=title)
    else:
        raise InputError("the drawing's file name must end in .svg or .png", source=out)


# --------------------------------------------------------------------------- check
def cmd_check(args: argparse.Namespace) -> int:
    puzzle = _load(args.instance, args.format)
    links = facts.read_answer(_read(args.answer), args.answer)
    reference = facts.read_answer(_read(args.reference), args.reference) if args.reference else None
    report = validate.check(puzzle, links, reference)
    if args.json:
        _out(json.dumps(results.check_json(report, args.instance, args.answer)))
    elif report.valid:
        _out("VALID" + (" (equal to the reference)" if reference is not None else ""))
    else:
        _out(f"INVALID: {len(report.violations)} violation{'s' * (len(report.violations) != 1)}")
        for v in report.violations:
            _out(f"  {v.kind}: {v}")
    return EXIT_OK if report.valid else EXIT_INVALID


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", source=path) from None
    except (OSError, UnicodeDecodeError):
        raise InputError("cannot read this file as UTF-8 text", source=path) from None


# --------------------------------------------------------------------------- batch
def _collect(paths: Sequence[str]) -> Iterator[str]:
    """Files as given; folders searched for instance extensions. In folders a
    ``.py`` file counts only when it holds a literal grid (starts with ``[``), so
    scripts such as ``instances/build.py`` are not taken for puzzles."""
    exts = tuple(e for f in formats.FORMATS.values() for e in f.extensions)
    for p in paths:
        path = Path(p)
        if path.is_dir():
            for f in sorted(path.rglob("*")):
                if f.is_file() and f.name.lower().endswith(exts) and (f.suffix != ".py" or _is_grid(f)):
                    yield str(f)
        else:
            yield p


def _is_grid(path: Path) -> bool:
    lines = (line.strip() for line in path.read_text(encoding="utf-8", errors="replace").splitlines())
    first = next((line for line in lines if line and not line.startswith("#")), "")
    return first.startswith("[")


class Progress:
    """A one-line progress bar on a terminal; silent otherwise."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done, self.enabled = total, 0, enabled
        self.start = time.perf_counter()

    def step(self, note: str) -> None:
        self.show(self.done + 1, note)

    def show(self, done: int, note: str) -> None:
        self.done = done
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(self.total, 1)
        elapsed = time.perf_counter() - self.start
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
            f"{elapsed:6.1f}s {note[:44]:<44}"
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 100 + "\r")
            sys.stderr.flush()


def cmd_batch(args: argparse.Namespace) -> int:
    files = list(_collect(args.paths))
    if not files:
        raise InputError("no instance files found", source=" ".join(args.paths))
    progress = Progress(len(files), sys.stderr.isatty() and not args.no_progress)
    tally = {"solved": 0, "unique": 0, "not unique": 0, "unsatisfiable": 0, "timed out": 0, "errors": 0}
    start = time.perf_counter()

    local = threading.local()  # one Batch per worker: a clingo session is not shared

    def run(path: str) -> tuple[str, Result | None, str | None]:
        try:
            puzzle = _load(path, args.format)
            if not hasattr(local, "batch"):
                local.batch = Batch(encoding=args.encoding)
            return path, local.batch.solve(puzzle, unique=args.unique, time_limit=args.time_limit), None
        except SlitherError as exc:
            return path, None, str(exc)

    interrupted = False
    pool = ThreadPoolExecutor(max_workers=max(1, args.jobs))
    try:
        for path, result, error in pool.map(run, files):
            if result is None:
                tally["errors"] += 1
                line = {"instance": path, "result": "ERROR", "error": error}
                if not args.json:
                    progress.close()
                    _err(f"slitherasp: error: {error}")
            else:
                line = results.solve_json(result, path)
                if result.status == SAT:
                    tally["solved"] += 1
                elif result.status == UNSAT:
                    tally["unsatisfiable"] += 1
                else:
                    tally["timed out"] += 1
                if result.unique is True:
                    tally["unique"] += 1
                elif result.unique is False:
                    tally["not unique"] += 1
            if args.json:
                _out(json.dumps(line))
            else:
                uniq = {True: " unique", False: " NOT unique", None: ""}[result.unique] if result else ""
                status = result.status if result else "ERROR"
                t = f" {result.time_total:.3f}s" if result else ""
                progress.close()
                _out(f"{path}: {status}{uniq}{t}")
            sys.stdout.flush()
            progress.step(Path(path).name)
    except KeyboardInterrupt:
        interrupted = True
        pool.shutdown(wait=False, cancel_futures=True)
    finally:
        pool.shutdown(wait=not interrupted, cancel_futures=True)
    progress.close()
    total = time.perf_counter() - start
    summary = ", ".join(f"{v} {k}" for k, v in tally.items() if v or k in ("solved",))
    _err(f"{progress.done}/{len(files)} instances: {summary}; {total:.2f}s total")
    if interrupted:
        _err("interrupted: the instances above are all that finished")
        return EXIT_INTERRUPT
    failed = tally["errors"] or tally["unsatisfiable"] or tally["timed out"] or tally["not unique"]
    return EXIT_INVALID if failed else EXIT_OK


# --------------------------------------------------------------------------- render
def cmd_render(args: argparse.Namespace) -> int:
    puzzle = _load(args.instance, args.format)
    answer = None
    if args.answer:
        links = facts.read_answer(_read(args.answer), args.answer)
        answer = validate.check(puzzle, links).edges
    if args.output is None:
        _out(render.unicode(puzzle, answer))
        return EXIT_OK
    _draw(puzzle, answer, args.output, shade=args.shade, title=args.title)
    note = render.layout(puzzle).note
    if note:
        _err(f"slitherasp: note: {note}")
    return EXIT_OK


# --------------------------------------------------------------------------- tiling
def _size(text: str) -> tuple[int, int]:
    """``WxH`` or ``N`` (square) as a pair of positive integers."""
    parts = text.lower().split("x")
    if len(parts) in (1, 2) and all(p.strip().isdigit() for p in parts):
        w = int(parts[0])
        return w, int(parts[-1])
    raise argparse.ArgumentTypeError(f"size must look like 10x8 or 10, not {text!r}")


def cmd_tiling(args: argparse.Namespace) -> int:
    from . import tilings
    from .generate import planted
    from .tilings.polygons import from_polygons, load_polygons

    if args.name == "list":
        if args.file is not None:
            raise InputError("'tiling list' takes no file")
        rows = sorted(tilings.TILINGS.values(), key=lambda t: (FAMILY_ORDER.index(t.family), t.name))
        if args.json:
            for t in rows:
                _out(json.dumps({"name": t.name, "family": t.family, "faces": t.faces, "description": t.description,
                                 "sizes": [t.min_size, t.max_size], "seeded": t.seeded,
                                 "loopy": t.loopy[1] if t.loopy else None, "aliases": list(t.aliases)}))
        else:
            for t in rows:
                _out(f"{t.name:24} {t.family:12} {t.faces}")
        return EXIT_OK
    if args.output is None:
        raise InputError("name the output folder with -o DIR")
    if args.name == "polygons":
        if args.file is None:
            raise InputError("'tiling polygons' needs a GeoJSON or WKT file")
        puzzle = from_polygons(load_polygons(args.file))
        stem = Path(args.file).stem
        answer = None
    else:
        if args.file is not None:
            raise InputError(f"unexpected argument {args.file!r}: only 'tiling polygons' takes a file")
        t = tilings.get(args.name)
        w, h = args.size or t.default_size
        puzzle = tilings.build(t.name, w, h, seed=args.seed)
        stem = f"{t.name}-{w}x{h}" + (f"-s{args.seed}" if t.seeded and args.seed is not None else "")
        answer = None
    if args.planted_clues:
        puzzle, answer = planted(puzzle, seed=args.seed)
    path = Path(args.output) / f"{stem}.lp"
    written = formats.save(puzzle, path, answer)
    _out(" ".join(str(f) for f in written))
    _err(f"{path}: {len(puzzle.vertices)} vertices, {len(puzzle.edges)} edges, {len(puzzle.cells)} cells, "
         f"{puzzle.clue_count()} clues")
    return EXIT_OK


FAMILY_ORDER = ["regular", "archimedean", "laves", "k-uniform", "aperiodic", "competition", "polygons"]


# --------------------------------------------------------------------------- facts
def cmd_facts(args: argparse.Namespace) -> int:
    from .asp_facts import facts_text

    puzzle = _load(args.instance, args.format)
    sys.stdout.write(facts.write_instance(puzzle))
    if not args.plain:
        sys.stdout.write("% root candidates for asp/loop.lp (derived, not part of the instance)\n")
        sys.stdout.write(facts_text(puzzle))
    return EXIT_OK


# --------------------------------------------------------------------------- sloop
def cmd_sloop(args: argparse.Namespace) -> int:
    from .model import TilingRef
    from .kinds.sloop import read_sloop

    ref = None
    if args.tiling:
        if args.size is None:
            raise InputError("--tiling needs --size WxH, e.g. --size 6x6")
        ref = TilingRef(args.tiling, *args.size, args.seed)
    elif args.size or args.seed is not None:
        raise InputError("--size and --seed go with --tiling NAME")
    source = "<stdin>" if args.instance == "-" else args.instance
    puzzle = read_sloop(_read(args.instance), source, ref)
    result = solve(puzzle, models=args.models, unique=args.unique, time_limit=args.time_limit)
    if args.json:
        _out(json.dumps(results.solve_json(result, args.instance)))
    else:
        _print_clingo_style(args.instance, result, args.models, False, args.unique)
        if puzzle.patch.tiling is not None and puzzle.patch.tiling.name == "square":
            _out("")
            _out(render.unicode(puzzle, result.answer))
    if args.render:
        _draw(puzzle, result.answer, args.render, title=Path(source).stem)  # type: ignore[arg-type]
    return _status_code(result)

# --------------------------------------------------------------------------- convert
def cmd_convert(args: argparse.Namespace) -> int:
    named = formats.by_extension(args.output) if args.output else None
    fmt = args.to or (named.name if named else None)
    if fmt not in formats.writable():
        what = f"cannot write format {fmt!r}" if fmt else "name the output format with --to"
        raise InputError(f"{what}; choose from {', '.join(formats.writable())}")
    puzzle = _load(args.instance, args.format)
    text = formats.write_text(puzzle, fmt)
    if args.output is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        if fmt == "lp":  # facts keep their geometry in a sidecar, as 'tiling' writes them
            written = formats.save(puzzle, args.output)
        else:
            Path(args.output).parent.mkdir(parents=True, exist_ok=True)
            Path(args.output).write_text(text, encoding="utf-8")
            written = [Path(args.output)]
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", source=args.output) from None
    _out(" ".join(str(f) for f in written))
    return EXIT_OK


def _convert_parser(command) -> None:
    p = command(
        "convert",
        "convert an instance to another format (Loopy IDs, puzz.link URLs, text grids...)",
        "Read an instance in any format and write it in another. Formats:\n"
        + "".join(f"  {f.name:8} {' '.join(f.extensions):22} {f.description}\n" for f in formats.FORMATS.values())
        + "Square-grid formats only hold square grids, Loopy IDs only Loopy's grids:\n"
        "converting a puzzle that a format cannot hold is an error (exit code 2).",
        "examples:\n"
        "  slitherasp convert puzzle.txt --to pzpr          a puzz.link URL\n"
        "  slitherasp convert game.loopy --to lp -o p.lp    facts + p.geo.json\n"
        "  echo 'https://puzz.link/p?slither/4/4/dgdh2c7b' | slitherasp convert - --to text\n\n",
    )
    p.add_argument("instance", metavar="INSTANCE", help="instance file, or - for standard input")
    p.add_argument("--format", help="input format (default: by extension, then by content)")
    p.add_argument("--to", metavar="FORMAT",
                   help=f"output format: {', '.join(formats.writable())} (default: by -o's extension)")
    p.add_argument("-o", "--output", metavar="OUT", help="write to OUT (default: standard output)")
    p.set_defaults(func=cmd_convert)


# --------------------------------------------------------------------------- generation
def _patch(spec: str, size: tuple[int, int] | None, seed: int | None, fmt: str | None = None) -> tuple[Puzzle, str]:
    """A clue-less patch and a file stem: a tiling name (with --size) or an instance file."""
    from . import tilings

    if Path(spec).is_file() or spec == "-":
        puzzle = _load(spec, fmt)
        return puzzle.with_clues([None] * len(puzzle.cells)), Path(spec).stem if spec != "-" else "stdin"
    t = tilings.get(spec)
    w, h = size or t.default_size
    return tilings.build(t.name, w, h, seed=seed), f"{t.name}-{w}x{h}"


def cmd_generate(args: argparse.Namespace) -> int:
    from .generate import generate

    patch, stem = _patch(args.tiling, args.size, args.seed)
    progress = Progress(len(patch.cells), sys.stderr.isatty() and not args.no_progress)

    def show(removed: int, kept: int, untested: int, elapsed: float) -> None:
        progress.show(removed + kept, f"{removed} clues removed, {kept} kept, {untested} to test")

    try:
        made = generate(patch, seed=args.seed or 0, level=args.difficulty, minimal=args.minimal, progress=show)
    finally:
        progress.close()
    level = made.grade.level or "ungraded"
    name = f"{stem}-{level}-s{args.seed or 0}"
    path = Path(args.output) / f"{name}.lp"
    written = formats.save(made.puzzle, path, made.answer)
    svg = path.with_suffix(".svg")
    svg.write_text(render.svg(made.puzzle, title=name), encoding="utf-8")
    written.append(svg)
    summary = {
        "instance": str(path), "files": [str(f) for f in written], "clues": made.puzzle.clue_count(),
        "cells": len(made.puzzle.cells), **results.grade_json(made.grade), "minimal": args.minimal and not made.interrupted,
        "seed": made.seed, "attempts": made.attempts, "tests": made.tests, "time": round(made.seconds, 3),
        **({"interrupted": True} if made.interrupted else {}),
    }
    if args.json:
        _out(json.dumps(summary))
    else:
        _out(" ".join(summary["files"]))
        _err(f"{path}: {summary['clues']} clues on {summary['cells']} cells, grade {level} "
             f"({made.grade.choices} choices), {made.tests} tests, {made.seconds:.2f}s")
    if made.interrupted:
        _err("slitherasp: interrupted: kept the puzzle found so far (unique, perhaps not minimal)")
        return EXIT_INTERRUPT
    return EXIT_OK


def cmd_grade(args: argparse.Namespace) -> int:
    from .generate import grade

    puzzle = _load(args.instance, args.format)
    g = grade(puzzle, time_limit=args.time_limit)
    if args.json:
        _out(json.dumps(results.grade_json(g, args.instance)))
    elif g.level:
        _out(f"{g.level.upper()}: unique; proof took {g.choices} choices and {g.conflicts} conflicts")
    elif g.unique is None:
        _out("UNKNOWN: the time limit ran out")
    else:
        _out("UNSATISFIABLE: no answer" if g.answers == 0 else "NOT UNIQUE: a second answer exists")
    if g.level:
        return EXIT_OK
    return EXIT_TIMEOUT if g.unique is None else EXIT_UNSAT if g.answers == 0 else EXIT_INVALID


def cmd_count(args: argparse.Namespace) -> int:
    from .solve import count

    puzzle = _load(args.instance, args.format)
    if args.ignore_clues:
        puzzle = puzzle.with_clues([None] * len(puzzle.cells))
    r = count(puzzle, time_limit=args.time_limit, threads=args.threads)
    if args.json:
        _out(json.dumps({"instance": args.instance, "answers": r.count, "exact": r.exhausted,
                         "time": round(r.time_total, 6)}))
    else:
        _out(f"{r.count}{'' if r.exhausted else '+'}")
    return EXIT_INTERRUPT if r.interrupted else EXIT_TIMEOUT if r.timed_out else EXIT_OK


def cmd_census(args: argparse.Namespace) -> int:
    from .generate import census

    patch, _ = _patch(args.tiling, args.size, args.seed)
    c = census(patch)
    if args.json:
        _out(json.dumps(results.census_json(c, args.tiling)))
    else:
        _out(f"loops                 {c.loops}")
        _out(f"uniquely solvable     {c.puzzles}   (clue placements on {c.cells} cells with exactly one answer)")
    return EXIT_OK


def _generation_parsers(command) -> None:
    from .generate import LEVELS

    p = command(
        "generate",
        "make a new puzzle with a unique answer and a difficulty grade",
        "Grow a random loop (the boundary of a random disc of faces), give every face\n"
        "its clue, then remove clues in a random order while the answer stays unique\n"
        "and the grade stays at most DIFFICULTY. Writes DIR/NAME.lp, NAME.geo.json,\n"
        "NAME.answer (the reference answer) and NAME.svg. The same seed gives the same\n"
        "puzzle. Grades: easy = propagation alone proves the answer unique; medium =\n"
        "failed-literal probing is needed; hard = search is needed. Ctrl-C keeps the\n"
        "puzzle found so far (unique at its grade).",
        "examples:\n"
        "  slitherasp generate square --size 10x10 --seed 1 -o out/\n"
        "  slitherasp generate cairo --size 8 --difficulty hard --minimal -o out/\n"
        "  slitherasp generate my-patch.lp --seed 3 -o out/     any tiling instance\n\n"
        "exit codes of generate: 1 when no puzzle of that grade was found\n",
    )
    p.add_argument("tiling", metavar="TILING", help="a tiling name ('slitherasp tiling list'), or an instance file with geometry")
    p.add_argument("--size", type=_size, metavar="WxH", help="patch size (default: the tiling's own)")
    p.add_argument("--seed", type=int, metavar="S", help="random seed (default 0)")
    p.add_argument("--difficulty", choices=LEVELS, help="the grade to reach (default: any; the grade is reported)")
    p.add_argument("--minimal", action="store_true", help="test every clue alone: none can be removed at the end")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder to write the puzzle into")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    p.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    p.set_defaults(func=cmd_generate)

    p = command(
        "grade",
        "how hard a puzzle is for the solver: easy, medium or hard",
        "easy: propagation alone proves the answer and its uniqueness; medium: clasp's\n"
        "failed-literal probing is needed; hard: decisions (search) are needed.\n"
        "Puzzles without exactly one answer get no grade (exit code 1 or 20).",
    )
    p.add_argument("instance", metavar="INSTANCE", help="instance file, or - for standard input")
    p.add_argument("--format", help="input format (default: by extension, then by content)")
    p.add_argument("--time-limit", type=float, metavar="S", help="stop after S seconds (exit code 124)")
    p.add_argument("--json", action="store_true", help="print the grade as JSON")
    p.set_defaults(func=cmd_grade)

    p = command(
        "count",
        "count the answers of an instance (all loops, when it has no clues)",
        "Enumerate every answer without keeping them; prints the count (with a '+' when\n"
        "the time limit stopped the enumeration).",
        "examples:\n"
        "  slitherasp count grid.lp\n"
        "  slitherasp count puzzle.lp --ignore-clues     all loops of its graph\n\n",
    )
    p.add_argument("instance", metavar="INSTANCE", help="instance file, or - for standard input")
    p.add_argument("--format", help="input format (default: by extension, then by content)")
    p.add_argument("--ignore-clues", action="store_true", help="count the loops of the graph, clues aside")
    p.add_argument("--time-limit", type=float, metavar="S", help="stop after S seconds (a lower bound)")
    p.add_argument("--threads", "-t", type=int, default=1, metavar="N", help="solver threads (default: 1)")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(func=cmd_count)

    p = command(
        "census",
        "count the loops of a small patch and its uniquely solvable clue placements",
        "A clue placement gives clues to a non-empty set of cells, each the number of\n"
        "its edges some loop uses; it is counted when exactly one loop fits it. On the\n"
        "4x4-point square grid (census square --size 3x3): 213 loops, 41433 placements.\n"
        "Up to 30 cells; time grows fast with cells and loops (16 triangles:\n"
        "45 s; the 19 faces of 'triangular --size 3x3': more than an hour).",
        "examples:\n"
        "  slitherasp census square --size 3x3\n"
        "  slitherasp census honeycomb --size 3x3 --json\n\n",
    )
    p.add_argument("tiling", metavar="TILING", help="a tiling name, or an instance file")
    p.add_argument("--size", type=_size, metavar="WxH", help="patch size (default: the tiling's own)")
    p.add_argument("--seed", type=int, metavar="S", help="seed of an aperiodic patch")
    p.add_argument("--json", action="store_true", help="print a JSON object")
    p.set_defaults(func=cmd_census)


# --------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="slitherasp",
        formatter_class=Formatter,
        description=(
            "Solve Slitherlink (Loopy) on arbitrary planar graphs with clingo.\n\n"
            "An instance is a set of facts edge(U,V). cell_contains(C,U,V). clue(C,N).\n"
            "(the ASP-competition format); an answer is a set of link(U,V). facts:\n"
            "one simple loop through the graph whose cells hold as many links as their\n"
            "clues say. Every INSTANCE may be a file or - for standard input."
        ),
        epilog=(
            "examples:\n"
            "  slitherasp solve instances/square/5x5.lp --unique\n"
            "  slitherasp solve puzzle.lp --json | jq .links\n"
            "  slitherasp check puzzle.lp answer.lp --reference reference.lp\n"
            "  slitherasp batch instances/ --unique --jobs 2\n\n" + EXIT_CODES
        ),
    )
    parser.add_argument("--version", action="version", version=f"slitherasp {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, help: str, description: str, epilog: str = "") -> argparse.ArgumentParser:
        return sub.add_parser(
            name, help=help, description=description, epilog=epilog + EXIT_CODES, formatter_class=Formatter
        )

    def instance_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("instance", metavar="INSTANCE", help="instance file, or - for standard input")
        p.add_argument("--format", help="input format (default: by extension, then by content)")

    def solver_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--unique", action="store_true", help="look for a second answer and say whether the first is unique")
        p.add_argument("--time-limit", type=float, metavar="S", help="stop after S seconds (result UNKNOWN)")
        p.add_argument("--encoding", default=DEFAULT_ENCODING, choices=[AUTO, *sorted(ENCODINGS)],
                       help="reach, colour (faces of a disc only) or auto: colour where it applies, "
                       "else reach (default: %(default)s)")

    p = command(
        "solve",
        "solve one instance",
        "Solve one instance and print the answer in clingo's style:\n"
        "'Answer: 1', the link/2 atoms, then SATISFIABLE or UNSATISFIABLE.",
        "examples:\n"
        "  slitherasp solve puzzle.lp                 first answer\n"
        "  slitherasp solve puzzle.lp --unique        ...and prove it is the only one\n"
        "  slitherasp solve grid.lp --models 0        every loop\n"
        "  cat puzzle.lp | slitherasp solve - --json  one JSON object:\n"
        '    {"instance", "result", "models", "unique", "links", "answers", "time"}\n\n',
    )
    instance_args(p)
    p.add_argument("--models", "-n", type=int, default=1, metavar="N", help="stop after N answers; 0 = all (default: 1)")
    solver_args(p)
    p.add_argument("--threads", "-t", type=int, default=1, metavar="N", help="solver threads (default: 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.add_argument("--stats", action="store_true", help="print grounding and search statistics")
    p.add_argument("--answer-out", metavar="FILE", help="also write the first answer as link/2 facts to FILE")
    p.add_argument("--render", metavar="OUT", help="draw the answer to OUT.svg or OUT.png")
    p.add_argument("--shade", action="store_true", help="with --render: shade the inside of the loop")
    p.add_argument("--draw", action="store_true", help="also draw a square grid's answer as Unicode text")
    p.set_defaults(func=cmd_solve)

    p = command(
        "check",
        "validate an answer (independent of the solver)",
        "Check an answer against the rules with a validator that does no search:\n"
        "every link must be an edge in its input orientation, every vertex must have\n"
        "0 or 2 links, the links must form one loop, and every clue must be met.\n"
        "ANSWER may be link/2 facts, clingo's output, or JSON from --json.",
        "examples:\n"
        "  slitherasp check puzzle.lp answer.lp\n"
        "  slitherasp solve puzzle.lp | slitherasp check puzzle.lp -\n\n",
    )
    instance_args(p)
    p.add_argument("answer", metavar="ANSWER", help="answer file, or - for standard input")
    p.add_argument("--reference", metavar="REF", help="also compare with this reference answer")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.set_defaults(func=cmd_check)

    p = command(
        "batch",
        "solve many instances, with a progress bar and a summary",
        "Solve every instance among PATHs (files, or folders searched recursively)\n"
        "in one process. Instances on the same graph (same grid, other clues) are\n"
        "grounded once and solved in one clingo session. With --json, one JSON line\n"
        "per instance (as solve --json); the summary goes to standard error.",
        "examples:\n"
        "  slitherasp batch instances/ --unique\n"
        "  slitherasp batch a.lp b.lp --json --time-limit 10 > results.jsonl\n\n",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="instance files or folders")
    p.add_argument("--format", help="input format of every instance (default: by extension)")
    solver_args(p)
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="instances solved at once (threads; default: 1)")
    p.add_argument("--json", action="store_true", help="one JSON line per instance")
    p.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    p.set_defaults(func=cmd_batch)

    p = command(
        "facts",
        "print an instance as competition facts (plus root candidates)",
        "Print the instance as edge/2, cell_contains/3 and clue/2 facts, followed by\n"
        "the root-candidate facts the encoding needs, so that clingo can be run by hand:\n"
        "  slitherasp facts puzzle.lp | clingo asp/slitherlink.lp -",
    )
    instance_args(p)
    p.add_argument("--plain", action="store_true", help="only the instance facts")
    p.set_defaults(func=cmd_facts)

    p = command(
        "render",
        "draw an instance (and an answer) as SVG, PNG or Unicode text",
        "Draw the faces, the clues (each at its face's pole of inaccessibility) and,\n"
        "with --answer, the loop. Instances with a geometry file (NAME.geo.json beside\n"
        "NAME.lp) are drawn on their real geometry; others get a planar straight-line\n"
        "drawing (Tutte's barycentric embedding). Without -o, a square grid is drawn in\n"
        "the terminal with box-drawing characters.",
        "examples:\n"
        "  slitherasp render puzzle.lp -o puzzle.svg\n"
        "  slitherasp solve puzzle.lp --answer-out a.lp && slitherasp render puzzle.lp --answer a.lp -o a.png --shade\n"
        "  slitherasp render square.lp --answer a.lp      Unicode in the terminal\n\n",
    )
    instance_args(p)
    p.add_argument("--answer", metavar="ANSWER", help="an answer to draw (link/2 facts, clingo output or --json)")
    p.add_argument("-o", "--output", metavar="OUT", help="OUT.svg or OUT.png (default: Unicode on standard output)")
    p.add_argument("--shade", action="store_true", help="shade the inside of the loop")
    p.add_argument("--title", help="a title above the drawing")
    p.set_defaults(func=cmd_render)

    p = command(
        "tiling",
        "list the tilings, or write a patch of one as an instance",
        "'tiling list' prints one tiling a line: its name, family and face types.\n"
        "'tiling NAME --size WxH -o DIR' writes DIR/NAME-WxH.lp (competition facts) and\n"
        "DIR/NAME-WxH.geo.json (vertex coordinates and faces) for a patch of the tiling;\n"
        "--planted-clues adds the clues of a random loop (and its answer as .answer).\n"
        "'tiling polygons FILE -o DIR' does the same for any polygons (GeoJSON or WKT):\n"
        "corners are snapped, sides split at T-junctions, overlaps and holes refused.\n"
        "Sizes count faces or unit cells along each side (see 'tiling list --json'\n"
        "for each tiling's range); aperiodic patches are placed by --seed.",
        "examples:\n"
        "  slitherasp tiling list\n"
        "  slitherasp tiling cairo --size 8x6 -o out/\n"
        "  slitherasp tiling penrose-p3 --size 10 --seed 7 --planted-clues -o out/\n"
        "  slitherasp tiling polygons my-map.geojson -o out/\n\n",
    )
    p.add_argument("name", metavar="NAME", help="'list', 'polygons' or a tiling name")
    p.add_argument("file", metavar="FILE", nargs="?", help="for 'polygons': a GeoJSON or WKT file")
    p.add_argument("--size", type=_size, metavar="WxH", help="patch size (default: the tiling's own)")
    p.add_argument("--seed", type=int, metavar="S", help="random seed (aperiodic windows, planted loops)")
    p.add_argument("--planted-clues", action="store_true", help="clues of a random loop, answer beside")
    p.add_argument("-o", "--output", metavar="DIR", help="folder to write the instance into")
    p.add_argument("--json", action="store_true", help="'list' as JSON lines")
    p.set_defaults(func=cmd_tiling)

    p = command(
        "sloop",
        "solve a Sloop: one loop through every white cell",
        "Sloop (simple loop): draw one loop through the centres of all white cells,\n"
        "stepping between cells that share a side and never entering a black cell.\n"
        "INSTANCE is a square grid, a line 'H W' and H rows of '#' (black) and '.'\n"
        "(white), whose cells are named r1c1 (top left) to rHcW; or a line\n"
        "'tiling NAME WxH [seed N]' and the names of the black cells (c0, c1, ...).\n"
        "With --tiling, INSTANCE holds only the black cells' names. The answer is\n"
        "printed as link(CELL,CELL) atoms, and drawn in the terminal on a square grid.",
        "examples:\n"
        "  slitherasp sloop puzzle.sloop --unique\n"
        "  slitherasp sloop black.txt --tiling honeycomb --size 5x5 --render loop.svg\n"
        "  slitherasp sloop puzzle.sloop --json   one JSON object, as solve --json:\n"
        '    {"instance", "result", "models", "unique", "links", "answers", "time"}\n\n',
    )
    p.add_argument("instance", metavar="INSTANCE", help="instance file, or - for standard input")
    p.add_argument("--tiling", metavar="NAME", help="the cells are a patch of this tiling; INSTANCE lists the black cells")
    p.add_argument("--size", type=_size, metavar="WxH", help="the size of the --tiling patch")
    p.add_argument("--seed", type=int, metavar="N", help="the seed of an aperiodic --tiling patch")
    p.add_argument("--models", "-n", type=int, default=1, metavar="N", help="stop after N answers; 0 = all (default: 1)")
    p.add_argument("--unique", action="store_true", help="look for a second answer and say whether the first is unique")
    p.add_argument("--time-limit", type=float, metavar="S", help="stop after S seconds (result UNKNOWN)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    p.add_argument("--render", metavar="OUT", help="draw the puzzle and its first answer to OUT.svg or OUT.png")
    p.set_defaults(func=cmd_sloop)

    _convert_parser(command)
    _generation_parsers(command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_INPUT
    try:
        return args.func(args)
    except GenerationError as exc:
        _err(f"slitherasp: error: {exc}")
        return EXIT_INVALID
    except SlitherError as exc:
        _err(f"slitherasp: error: {exc}")
        return EXIT_INPUT
    except KeyboardInterrupt:
        _err("slitherasp: interrupted")
        return EXIT_INTERRUPT
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
