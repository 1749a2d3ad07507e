"""Speed: each of our encodings against a lazy-cut SAT baseline, side by side.

    python benchmarks/speed.py --classes [published,big,blank,compose] [--big N] [--fresh N]
    python benchmarks/speed.py [--sets puzzlekit,loopy,square,nonsquare,files] [--dir D ...]
        [--time-limit S] [--encodings a,b] [--batch] [--process] [--no-baseline]
        [--limit N] [--slowest N] [--csv FILE] [--repeat N]

``--classes`` prints one table of every class of puzzle against its peer in one run
(issue 48; see ``classes.py``). Otherwise every solve proves uniqueness, runs
single-threaded in this process and is timed in CPU
seconds (``time.process_time()``, model building included); a time-out counts as the
limit and is marked. ``--process`` runs every solve as a whole process instead, the way
a user runs it, on the instance written as ``.lp`` facts with their geometry sidecar:
ours ``python -m slitherasp.cli solve --unique --json`` (the command line
``slitherasp``), the baseline ``python benchmarks/sat_baseline.py``; CPU is the child's
user + system time (start-up, imports, reading the file included). ``--repeat N`` solves
every instance N times, the solvers in turn, and keeps each solver's median (on a shared
machine single runs of a few tenths of a second vary by 20% and more). ``--batch`` adds
the column ``batch``: the default encoding through one :class:`slitherasp.solver.Batch`
for the whole run (as ``slitherasp batch`` solves: puzzles on a graph met before reuse
its grounding). The baseline is ``benchmarks/sat_baseline.py`` (CaDiCaL through
python-sat, the ``bench`` extra). Every answer of every solver goes through
``slitherasp.validate.check``, and the solvers must agree on satisfiability, uniqueness
and the unique answer: anything else aborts the run.

Sets: ``puzzlekit`` (the 1176 puzzles of ``$SLITHERASP_SHARED/puzzlekit``, default
``../shared``; one total row and the slowest instances for us), ``loopy`` (49 big
Loopy Normal and Hard puzzles on 12 grids, 3,280-20,200 edges, bundled in
``benchmarks/data/loopy-perf.jsonl.gz``), ``square`` and
``nonsquare`` (generated hard puzzles: see :func:`square_instances`), ``files`` (every
``.lp`` under the ``--dir`` folders). The markdown table goes to stdout, progress to
stderr.
"""

from __future__ import annotations

import argparse
import csv
import gc
import gzip
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from slitherasp import formats, tilings
from slitherasp.model import Answer, Puzzle
from slitherasp.solver.run import ENCODINGS, Result, solve
from slitherasp.solver.sessions import Batch
from slitherasp.validate import check

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("SLITHERASP_SHARED", HERE.parent.parent / "shared"))
BASELINE = "baseline"
SETS = ("puzzlekit", "loopy", "square", "nonsquare", "files")
Instance = tuple[str, Puzzle]


@dataclass(frozen=True)
class Outcome:
    """One solver on one instance: CPU seconds (the limit on a time-out) and verdict."""

    seconds: float
    timed_out: bool
    status: str
    answers: tuple[Answer, ...]
    unique: bool | None


@dataclass(frozen=True)
class Row:
    set: str
    name: str
    edges: int
    runs: dict[str, Outcome]


# --------------------------------------------------------------------------- instance sets
def puzzlekit_instances(args: argparse.Namespace) -> list[Instance]:
    """The puzzlekit dataset as square-grid puzzles (clues row-major from the top)."""
    path = SHARED / "puzzlekit" / "Slitherlink_dataset.json.gz"
    if not path.is_file():
        print(f"puzzlekit: {path} not found, set skipped", file=sys.stderr)
        return []
    with gzip.open(path, "rt") as f:
        data = json.load(f)["data"]
    grids: dict[tuple[int, int], Puzzle] = {}
    out = []
    for name, item in data.items():
        lines = item["problem"].strip().splitlines()
        h, w = map(int, lines[0].split())
        tokens = [t for line in lines[1 : h + 1] for t in line.split()]
        assert len(tokens) == w * h, f"puzzlekit {name}: {len(tokens)} clues for {w}x{h}"
        if (w, h) not in grids:
            grids[w, h] = tilings.build("square", w, h)
        out.append((name, grids[w, h].with_clues([int(t) if t.isdigit() else None for t in tokens])))
    return out


def loopy_instances(args: argparse.Namespace) -> list[Instance]:
    """Big Loopy puzzles (Normal and Hard, made by ``sgt-loopy --generate``), bundled."""
    with gzip.open(HERE / "data" / "loopy-perf.jsonl.gz", "rt") as f:
        rows = [json.loads(line) for line in f]
    level = {"n": "Normal", "h": "Hard"}
    names = [f"{r['type']} {r['size']} {level[r['diff']]}" for r in rows]
    return [(f"{n} #{names[:i].count(n) + 1}", formats.read_text(r["game_id"], format="loopy"))
            for i, (n, r) in enumerate(zip(names, rows))]


def lp_folder(folder: Path) -> list[Instance]:
    """Every ``.lp`` instance under ``folder`` (with its geometry sidecar), sorted."""
    if not folder.is_dir():
        print(f"{folder} not found (python benchmarks/build.py makes the generated sets)", file=sys.stderr)
        return []
    return [(str(p.relative_to(folder)), formats.read_file(p)) for p in sorted(folder.rglob("*.lp"))]


def square_instances(args: argparse.Namespace) -> list[Instance]:
    """Hard square-grid puzzles from our generator (``benchmarks/build.py``)."""
    return lp_folder(HERE / "instances" / "square")


def nonsquare_instances(args: argparse.Namespace) -> list[Instance]:
    """Hard puzzles on other tilings from our generator (``benchmarks/build.py``)."""
    return lp_folder(HERE / "instances" / "nonsquare")


def file_instances(args: argparse.Namespace) -> list[Instance]:
    """Every ``.lp`` under the ``--dir`` folders, one row each."""
    return [(f"{d}/{n}", p) for d in args.dir for n, p in lp_folder(Path(d))]


LOADERS: dict[str, Callable[[argparse.Namespace], list[Instance]]] = {
    "puzzlekit": puzzlekit_instances,
    "loopy": loopy_instances,
    "square": square_instances,
    "nonsquare": nonsquare_instances,
    "files": file_instances,
}
SUMMARISED = {"puzzlekit"}
"""Sets shown as one total row plus their slowest instances, not one row per instance."""


# --------------------------------------------------------------------------- solvers
Runner = Callable[[Puzzle, "float | None", "Path | None"], Outcome]
"""A solver: puzzle, time limit, and (``--process``) the instance's file -> outcome."""


def timed(call: Callable[[Puzzle, float | None], Result]) -> Runner:
    """One of our solve calls as a timed runner."""

    def run(puzzle: Puzzle, limit: float | None, path: Path | None = None) -> Outcome:
        start = time.process_time()
        r = call(puzzle, limit)
        seconds = time.process_time() - start
        return Outcome(limit if r.timed_out and limit else seconds, r.timed_out, r.status, r.answers, r.unique)

    return run


def ours(encoding: str) -> Runner:
    return timed(lambda p, limit: solve(p, unique=True, encoding=encoding, threads=1, time_limit=limit))


def batched() -> Runner:
    batch = Batch()
    return timed(lambda p, limit: batch.solve(p, unique=True, time_limit=limit))


def baseline() -> Runner:
    import sat_baseline  # benchmarks/ is on the path when run as a script; needs python-sat

    def run(puzzle: Puzzle, limit: float | None, path: Path | None = None) -> Outcome:
        start = time.process_time()
        r = sat_baseline.solve(puzzle, unique=True, time_limit=limit)
        seconds = time.process_time() - start
        answers = () if r.answer is None else (r.answer,)
        return Outcome(limit if r.timed_out and limit else seconds, r.timed_out, r.status, answers, r.unique)

    return run


CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The environment of every child process: bytecode caches on, as an installed
package has them (pip compiles on install). Without them each child compiles every
module it imports, a cost that grows with the number of modules (about 0.07 s for
ours, less for the baseline) and that no user pays."""


def process(command: list[str]) -> Runner:
    """A whole process per solve: ``command + [file]`` (plus ``--time-limit``) must
    print one JSON object with ``result``, ``unique`` and ``links``; its CPU is the
    child's user + system time. The first run of each command warms the bytecode
    caches (:data:`CHILD_ENV`)."""
    warm = []

    def run(puzzle: Puzzle, limit: float | None, path: Path | None = None) -> Outcome:
        assert path is not None, "process runners need the instance's file"
        argv = command + [str(path)] + ([] if limit is None else ["--time-limit", str(limit)])
        if not warm:
            warm.append(subprocess.run(argv, capture_output=True, env=CHILD_ENV).returncode)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=CHILD_ENV)
        out, err = child.communicate()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        try:
            said = json.loads(out)
        except ValueError:
            sys.exit(f"{argv}: no JSON (exit {child.returncode}): {err.strip()[-400:]}")
        names = puzzle.vertices
        index = {frozenset((str(names[u]), str(names[v]))): e for e, (u, v) in enumerate(puzzle.edges)}
        answer = frozenset(index[frozenset(map(str, uv))] for uv in said["links"])
        timed_out = bool(said.get("timed_out")) or child.returncode == 124
        return Outcome(limit if timed_out and limit else seconds, timed_out, said["result"],
                       (answer,) if said["links"] else (), said.get("unique"))

    return run


def runners_for(args: argparse.Namespace, encodings: list[str]) -> dict[str, Runner]:
    """The solvers of this run, ours first, the baseline last."""
    if args.process:
        me = [sys.executable, "-m", "slitherasp.cli", "solve", "--unique", "--json", "--threads", "1"]
        runners = {e: process(me + ["--encoding", e]) for e in encodings}
        if not args.no_baseline:
            runners[BASELINE] = process([sys.executable, str(HERE / "sat_baseline.py")])
        return runners
    runners = {e: ours(e) for e in encodings}
    if args.batch:
        runners["batch"] = batched()
        encodings.append("batch")
    if not args.no_baseline:
        runners[BASELINE] = baseline()
    return runners


def verify(where: str, puzzle: Puzzle, runs: dict[str, Outcome]) -> None:
    """Abort on an invalid answer or on solvers that disagree."""
    for solver, o in runs.items():
        for a in o.answers:
            report = check(puzzle, puzzle.links(a))
            if not report.valid:
                sys.exit(f"WRONG ANSWER from {solver} on {where}: " + "; ".join(map(str, report.violations[:5])))
    done = {s: o for s, o in runs.items() if not o.timed_out}
    if len({(o.status, o.unique) for o in done.values()}) > 1:
        said = ", ".join(f"{s}: {o.status} unique={o.unique}" for s, o in done.items())
        sys.exit(f"SOLVERS DISAGREE on {where}: {said}")
    if len({o.answers[0] for o in done.values() if o.unique}) > 1:
        sys.exit(f"SOLVERS DISAGREE on {where}: different unique answers")


# --------------------------------------------------------------------------- table
def seconds(outcomes: list[Outcome]) -> str:
    timeouts = sum(o.timed_out for o in outcomes)
    return f"{sum(o.seconds for o in outcomes):.3f}" + (f" ({timeouts} t/o)" if timeouts else "")


def table_row(set_: str, name: str, edges: int, rows: list[Row], solvers: list[str], encodings: list[str]) -> str:
    cells = [set_, name, str(edges)] + [seconds([r.runs[s] for r in rows]) for s in solvers]
    if BASELINE in solvers:
        base = sum(r.runs[BASELINE].seconds for r in rows)
        cells += [f"{sum(r.runs[e].seconds for r in rows) / base:.2f}" if base else "-" for e in encodings]
    return "| " + " | ".join(cells) + " |"


def print_table(rows: list[Row], sets: list[str], solvers: list[str], encodings: list[str], slowest: int,
                whole: bool = False) -> None:
    head = ["set", "instance", "edges"] + [f"{s} CPU s" for s in solvers]
    if BASELINE in solvers:
        head += [f"{e} / {BASELINE}" for e in encodings]
    print("| " + " | ".join(head) + " |")
    print("|---|---|" + "---:|" * (len(head) - 2))
    for set_ in sets:
        mine = [r for r in rows if r.set == set_]
        if not mine:
            continue
        shown = mine
        if set_ in SUMMARISED:
            shown = sorted(mine, key=lambda r: -max(r.runs[e].seconds for e in encodings))[:slowest]
        for r in shown:
            print(table_row(set_, r.name, r.edges, [r], solvers, encodings))
        total = sum(r.edges for r in mine)
        print(table_row(f"**{set_}**", f"**total ({len(mine)})**", total, mine, solvers, encodings))
    how = "whole processes on .lp files (start-up and reading included)" if whole else "in this process"
    print(f"\nCPU seconds, single thread, {how}, uniqueness proved; t/o = time-out, counted as the limit. "
          f"{BASELINE}: lazy-cut SAT (benchmarks/sat_baseline.py).")


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> None:
    sys.path.insert(0, str(HERE))
    import classes  # beside this file (it imports this one)

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="puzzlekit", help=f"comma-separated, of {','.join(SETS)} (default puzzlekit)")
    ap.add_argument("--dir", action="append", default=[],
                    help="folder of .lp instances for the 'files' set (repeatable)")
    ap.add_argument("--time-limit", type=float, default=None, metavar="S", help="per solve, seconds")
    ap.add_argument("--encodings", default=",".join(ENCODINGS), help="ours, comma-separated (default: all)")
    ap.add_argument("--batch", action="store_true", help="also the default encoding through one Batch (column 'batch')")
    ap.add_argument("--process", action="store_true", help="every solve a whole process on an .lp file (child's CPU)")
    ap.add_argument("--no-baseline", action="store_true", help="run only our encodings")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="solve each instance N times, solvers in turn, and keep each solver's median")
    ap.add_argument("--limit", type=int, default=None, metavar="N", help="first N instances of each set")
    ap.add_argument("--slowest", type=int, default=5, metavar="N", help="instances shown for summarised sets")
    ap.add_argument("--csv", type=Path, default=None, metavar="FILE", help="also write every instance's times here")
    classes.add_arguments(ap)
    args = ap.parse_args(argv)
    if args.classes:
        classes.main(args)
        return
    sets = [s for s in args.sets.split(",") if s]
    encodings = [e for e in args.encodings.split(",") if e]
    for what, names, known in (("set", sets, SETS), ("encoding", encodings, ENCODINGS)):
        if bad := [n for n in names if n not in known]:
            ap.error(f"unknown {what} {', '.join(bad)}; choose from {', '.join(known)}")
    if "files" in sets and not args.dir:
        ap.error("the 'files' set needs --dir")
    if args.process and args.batch:
        ap.error("--batch runs in this process; leave out --process")
    try:
        runners = runners_for(args, encodings)
        if args.process and not args.no_baseline:
            import pysat  # noqa: F401  (the child needs it)
    except ImportError:
        ap.error("the baseline needs python-sat: pip install -e '.[bench]' (or use --no-baseline)")
    if args.process:
        from startup import byte_compile

        byte_compile()
    folder = Path(tempfile.mkdtemp(prefix="slitherasp-speed-"))
    rows: list[Row] = []
    for set_ in sets:
        instances = LOADERS[set_](args)[: args.limit]
        if not instances:
            print(f"{set_}: no instances", file=sys.stderr)
        for i, (name, puzzle) in enumerate(instances, 1):
            path = None
            if args.process:
                path = folder / f"{set_}-{i}.lp"
                formats.save(puzzle, path)
            rounds: dict[str, list[Outcome]] = {solver: [] for solver in runners}
            for _ in range(args.repeat):  # solvers in turn, so the machine's noise hits each alike
                for solver, run in runners.items():
                    gc.collect()
                    rounds[solver].append(run(puzzle, args.time_limit, path))
                verify(f"{set_}/{name}", puzzle, {s: outs[-1] for s, outs in rounds.items()})
            runs = {s: sorted(outs, key=lambda o: o.seconds)[len(outs) // 2] for s, outs in rounds.items()}
            rows.append(Row(set_, name, len(puzzle.edges), runs))
            times = ", ".join(f"{s} {o.seconds:.3f}s{' t/o' * o.timed_out}" for s, o in runs.items())
            print(f"[{set_} {i}/{len(instances)}] {name}: {times}", file=sys.stderr)
    if args.csv:
        with args.csv.open("w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["set", "instance", "edges"] + [f"{s}_s" for s in runners] + [f"{s}_timeout" for s in runners])
            for r in rows:
                out.writerow([r.set, r.name, r.edges] + [f"{o.seconds:.6f}" for o in r.runs.values()]
                             + [int(o.timed_out) for o in r.runs.values()])
    shutil.rmtree(folder, ignore_errors=True)
    print_table(rows, sets, list(runners), encodings, args.slowest, args.process)


if __name__ == "__main__":
    main()
