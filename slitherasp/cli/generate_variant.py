"""``slitherasp generate --variant NAME``: a variant puzzle at the solver's grade
(:mod:`slitherasp.make.variants`), written as ``generate`` writes its puzzles."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from .common import Progress, remaining
from .made import announce, ended, not_made_before, save_made


def run(args: argparse.Namespace, blank: Any, stem: str, seed: int) -> int:
    """Make, write and report one variant puzzle on the clue-less patch ``blank``.
    A person's grade needs a person's rules, which only classic Slitherlink has."""
    from .. import render
    from ..kinds import scene_of
    from ..kinds.variant.puzzle import variant
    from ..make.generate import generated_json
    from ..make.variants import generate_variant

    if args.difficulty is not None:
        raise InputError("--difficulty is a person's grade, and a person's rules here are classic Slitherlink's: "
                         "a variant is made for the solver's grade (--solver-grade, default: unique at any grade)")
    if args.count is not None or args.spec is not None:
        raise InputError("--variant makes one puzzle at a time (no --count or --spec yet)")
    blank = variant(blank, args.variant)
    stem = f"{stem}-{blank.name.replace('+', '-')}"
    not_made_before(args, stem, seed)
    progress = Progress.for_args(len(blank.cells), args, what="clues", unit=" cells", ticking=True)

    def show(removed: int, kept: int, untested: int, elapsed: float) -> None:
        progress.show(removed + kept, f"{removed} clues removed, {kept} kept, {untested} to test")

    try:
        made = generate_variant(blank, seed=seed, level=args.solver_grade, minimal=args.minimal,
                                progress=show, time_limit=remaining(args.time_limit))
    finally:
        progress.end()
    name = f"{stem}-{made.grade.level}-s{seed}"
    path = Path(args.output) / f"{name}.lp"
    drawing = render.svg(scene_of(made.puzzle, title=name), title=name)
    written = save_made(made, path, args.force, {path.with_suffix(".svg"): drawing})
    summary = {**generated_json(made, str(path), [str(f) for f in written], args.minimal), "variant": blank.name}
    announce(summary, args.json, f"{path}: seed {seed}, {summary['clues']} clues on {summary['cells']} cells, "
             f"a {blank.title}, {made.grade.level} for the solver ({made.grade.choices} choices), "
             f"{made.tests} tests, {made.seconds:.2f}s")
    return ended(made, "unique")
