"""``slitherasp batch``: many instances, with a progress bar and a summary."""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError, SlitherError
from .common import (
    Exit,
    Progress,
    command,
    err,
    format_arg,
    json_arg,
    load,
    out,
    progress_arg,
    solver_args,
    whole,
)


def add_parser(sub: Any) -> None:
    p = command(
        sub,
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
    format_arg(p, "input format of every instance (default: by extension)")
    solver_args(p)
    p.add_argument("--jobs", "-j", type=whole(1, 256), default=1, metavar="N",
                   help="instances solved at once (threads; default: 1)")
    json_arg(p, "one JSON line per instance")
    progress_arg(p)
    p.set_defaults(run=run)


def collect(paths: Sequence[str]) -> Iterator[str]:
    """Files as given; folders searched for instance extensions. In folders a
    ``.py`` file counts only when it holds a literal grid (starts with ``[``), so
    scripts such as ``instances/build.py`` are not taken for puzzles."""
    from ..formats import FORMATS

    exts = tuple(e for f in FORMATS.values() for e in f.extensions)
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


class Tally:
    """What the batch found so far, for the summary line."""

    def __init__(self) -> None:
        self.counts = {"solved": 0, "unique": 0, "not unique": 0, "unsatisfiable": 0, "timed out": 0, "errors": 0}

    def add(self, result: Any) -> None:
        if result is None:
            self.counts["errors"] += 1
            return
        status = str(result.status)
        key = {"SATISFIABLE": "solved", "UNSATISFIABLE": "unsatisfiable"}.get(status, "timed out")
        self.counts[key] += 1
        if result.unique is not None:
            self.counts["unique" if result.unique else "not unique"] += 1

    @property
    def failed(self) -> bool:
        c = self.counts
        return bool(c["errors"] or c["unsatisfiable"] or c["timed out"] or c["not unique"])

    def summary(self) -> str:
        return ", ".join(f"{v} {k}" for k, v in self.counts.items() if v or k == "solved")


def run(args: argparse.Namespace) -> int:
    from concurrent.futures import ThreadPoolExecutor

    from ..results import error_json, solve_json
    from ..sessions import Batch

    files = list(collect(args.paths))
    if not files:
        raise InputError("no instance files found", source=" ".join(args.paths))
    progress = Progress.for_args(len(files), args)
    tally = Tally()
    start = time.perf_counter()
    local = threading.local()  # one Batch per worker: a clingo session is not shared

    def solve_one(path: str) -> tuple[str, Any, str | None]:
        try:
            puzzle = load(path, args.format)
            if not hasattr(local, "batch"):
                local.batch = Batch(encoding=args.encoding)
            return path, local.batch.solve(puzzle, unique=args.unique, time_limit=args.time_limit), None
        except SlitherError as exc:
            return path, None, str(exc)
        except (Exception, RecursionError) as exc:
            return path, None, f"{path}: internal error: {type(exc).__name__}: {str(exc)[:200]}"

    interrupted = False
    pool = ThreadPoolExecutor(max_workers=max(1, args.jobs))
    try:
        for path, result, error in pool.map(solve_one, files):
            tally.add(result)
            progress.close()
            if args.json:
                out(json.dumps(solve_json(result, path) if result is not None else error_json(path, error or "")))
            elif result is None:
                err(f"slitherasp: error: {error}")
                out(f"{path}: ERROR")
            else:
                uniq = {True: " unique", False: " NOT unique", None: ""}[result.unique]
                out(f"{path}: {result.status}{uniq} {result.time_total:.3f}s")
            sys.stdout.flush()
            progress.step(Path(path).name)
    except KeyboardInterrupt:
        interrupted = True
        pool.shutdown(wait=False, cancel_futures=True)
    finally:
        pool.shutdown(wait=not interrupted, cancel_futures=True)
    progress.close()
    err(f"{progress.done}/{len(files)} instances: {tally.summary()}; {time.perf_counter() - start:.2f}s total")
    if interrupted:
        err("interrupted: the instances above are all that finished")
        return Exit.INTERRUPT
    return Exit.INVALID if tally.failed else Exit.OK
