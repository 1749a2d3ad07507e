"""``slitherasp batch``: many instances, with a progress bar and a summary."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..model.errors import InputError, SlitherError
from .common import (
    Exit,
    Progress,
    command,
    counted,
    err,
    format_arg,
    json_arg,
    load,
    out,
    progress_arg,
    solver_args,
    variant_arg,
    whole,
)
from .encoding import encoding_of


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "batch",
        "solve many instances, with a progress bar and a summary",
        "Solve every instance among PATHs (files, or folders searched recursively),\n"
        "in this process, in --jobs worker processes or on a Dask --cluster, output in\n"
        "the order of the files. Instances on the same graph (same grid, other clues)\n"
        "are grounded once per worker and solved in one clingo session. With --json,\n"
        "one JSON line per instance (as solve --json); the summary goes to standard error.",
        "examples:\n"
        "  slitherasp batch instances/ --unique\n"
        "  slitherasp batch a.lp b.lp --json --time-limit 10 > results.jsonl\n\n",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="instance files or folders")
    format_arg(p, "input format of every instance (default: by extension)")
    variant_arg(p, "read every instance as this Slitherlink variant, where its format cannot say it (as for "
                "solve)")
    solver_args(p, limit="stop each instance's solve after S seconds (that instance UNKNOWN)")
    p.add_argument("--jobs", "-j", type=whole(1, 256), default=1, metavar="N",
                   help="instances solved at once, in worker processes (default: 1, this process)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="solve on a Dask scheduler (tcp://host:8786) or local:N (N local workers)")
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


_PLURALS = {"error": "errors"}
"""The words of the summary that change in the plural (``1 error``, ``2 errors``)."""


class Tally:
    """What the batch found so far, for the summary line."""

    def __init__(self) -> None:
        self.counts = {"solved": 0, "unique": 0, "not unique": 0, "unsatisfiable": 0, "timed out": 0, "error": 0}

    def add(self, found: dict[str, Any]) -> None:
        """Count one result of :func:`slitherasp.make.campaign.solve_item`."""
        if found["status"] == "ERROR":
            self.counts["error"] += 1
            return
        key = {"SATISFIABLE": "solved", "UNSATISFIABLE": "unsatisfiable"}.get(found["status"], "timed out")
        self.counts[key] += 1
        if found["unique"] is not None:
            self.counts["unique" if found["unique"] else "not unique"] += 1

    @property
    def failed(self) -> bool:
        c = self.counts
        return bool(c["error"] or c["unsatisfiable"] or c["timed out"] or c["not unique"])

    def summary(self) -> str:
        return ", ".join(counted(v, k, _PLURALS.get(k, k)) for k, v in self.counts.items() if v or k == "solved")


def run(args: argparse.Namespace) -> int:
    from ..make.workers import results, solve_item

    files = list(collect(args.paths))
    if not files:
        raise InputError("no instance files found", source=" ".join(args.paths))
    progress = Progress.for_args(len(files), args, what="instances", unit=" instances", ticking=True)
    tally = Tally()
    start = time.perf_counter()
    items = (_item(path, args) for path in files)
    interrupted = False
    try:
        for found in results(items, solve_item, args.jobs, args.cluster, ordered=True):
            tally.add(found)
            progress.close()
            _print(found, args.json)
            progress.step(Path(found["name"]).name)
    except KeyboardInterrupt:
        interrupted = True
    progress.end()
    err(f"{progress.done}/{len(files)} instances: {tally.summary()}; {time.perf_counter() - start:.2f}s total")
    if interrupted:
        err("interrupted: the instances above are all that finished")
        return Exit.INTERRUPT
    return Exit.INVALID if tally.failed else Exit.OK


def _item(path: str, args: argparse.Namespace) -> tuple[str, Any, bool, float | None, str]:
    """What a worker needs to solve one instance: the puzzle, read here (or the
    one-line reason it could not be read)."""
    try:
        puzzle: Any = load(path, args.format, args.variant)
    except SlitherError as exc:
        puzzle = str(exc)
    except (Exception, RecursionError) as exc:
        puzzle = f"{path}: internal error: {type(exc).__name__}: {str(exc)[:200]}"
    return path, puzzle, args.unique, args.time_limit, encoding_of(args)


def _print(found: dict[str, Any], as_json: bool) -> None:
    if as_json:
        out(json.dumps(found["json"]))
    elif found["status"] == "ERROR":
        err(f"slitherasp: error: {found['json']['error']}")
        out(f"{found['name']}: ERROR")
    else:
        uniq = {True: " unique", False: " NOT unique", None: ""}[found["unique"]]
        out(f"{found['name']}: {found['status']}{uniq} {found['time']:.3f}s")
    sys.stdout.flush()
