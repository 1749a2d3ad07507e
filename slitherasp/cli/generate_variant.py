"""``slitherasp generate --variant NAME``: a variant puzzle at the solver's grade
(:mod:`slitherasp.variant_generate`), written as ``generate`` writes its puzzles."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..errors import InputError
from .common import Progress, err, out, remaining
from .generate import ended


def run(args: argparse.Namespace, blank: Any, stem: str) -> int:
    """Make, write and report one variant puzzle on the clue-less patch ``blank``.
    A person's grade needs a person's rules, which only classic Slitherlink has."""
    from .. import formats, render
    from ..kinds.variant import variant
    from ..results import generated_json
    from ..variant_generate import generate_variant

    if args.difficulty is not None:
        raise InputError("--difficulty is a person's grade, and a person's rules here are classic Slitherlink's: "
                         "a variant is made for the solver's grade (--solver-grade, default: unique at any grade)")
    if args.count is not None or args.spec is not None:
        raise InputError("--variant makes one puzzle at a time (no --count or --spec yet)")
    blank = variant(blank, args.variant)
    stem = f"{stem}-{blank.name.replace('+', '-')}"
    progress = Progress.for_args(len(blank.cells), args, what="clues", unit=" cells", ticking=True)

    def show(removed: int, kept: int, untested: int, elapsed: float) -> None:
        progress.show(removed + kept, f"{removed} clues removed, {kept} kept, {untested} to test")

    try:
        made = generate_variant(blank, seed=args.seed or 0, level=args.solver_grade, minimal=args.minimal,
                                progress=show, time_limit=remaining(args.time_limit))
    finally:
        progress.end()
    name = f"{stem}-{made.grade.level}-s{args.seed or 0}"
    path = Path(args.output) / f"{name}.lp"
    drawing = {path.with_suffix(".svg"): render.svg(made.puzzle, title=name)}
    try:
        written = formats.save(made.puzzle, path, made.answer, force=args.force, extra=drawing)
    except InputError:
        sys.stdout.write(formats.write_text(made.puzzle, "lp"))  # the work is not lost: the puzzle as facts
        err("slitherasp: the puzzle could not be written; its facts are on standard output")
        raise
    summary = {**generated_json(made, str(path), [str(f) for f in written], args.minimal), "variant": blank.name}
    if args.json:
        out(json.dumps(summary))
    else:
        out(" ".join(summary["files"]))
        err(f"{path}: {summary['clues']} clues on {summary['cells']} cells, a {blank.title}, "
            f"{made.grade.level} for the solver ({made.grade.choices} choices), {made.tests} tests, "
            f"{made.seconds:.2f}s")
    return ended(made, "unique")
