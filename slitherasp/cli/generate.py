"""``slitherasp generate`` and ``grade``: making puzzles, and grading them (``count``
and ``census`` are :mod:`slitherasp.cli.counting`'s)."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from ..model.files import writable_folder
from ..model.levels import HUMAN_LEVELS, SOLVER_LEVELS
from ..model.stopping import StoppedError
from . import setting
from .common import (
    Exit,
    Progress,
    command,
    err,
    force_arg,
    instance_args,
    json_arg,
    load,
    out,
    progress_arg,
    read_text,
    remaining,
    score_text,
    size_arg,
    stopped,
    time_limit_arg,
    variant_arg,
    whole,
)
from .made import announce, ended, not_made_before, save_made
from .setting import add_args as setter_args
from .typed import lowered
from .watch import stoppable

DIFFICULTIES = HUMAN_LEVELS[:5]


def add_parser(sub: Any) -> None:
    _add_generate(sub)
    _add_grade(sub)


def _add_generate(sub: Any) -> None:
    p = command(
        sub,
        "generate",
        "make a new puzzle with a unique answer and a difficulty grade",
        "Grow a random loop as Loopy does (faces coloured inside and outside, curly),\n"
        "give every face its clue, then remove clues in a random order while the answer\n"
        "stays unique and the grade stays at most the one asked for; a puzzle easier\n"
        "than asked is thrown away for a new loop. Writes DIR/NAME.lp, NAME.geo.json,\n"
        "NAME.answer (the reference answer) and NAME.svg; NAME carries the grade. The\n"
        "same seed gives the same puzzle. --difficulty is the grade for a person, as\n"
        "'explain' gives it (easy, normal, tricky, hard: Loopy's levels exactly;\n"
        "fiendish: beyond Loopy's Hard), normal by default (easy on a patch too small\n"
        "for it). --solver-grade is clingo's effort: easy = propagation alone proves the\n"
        "answer unique; medium = failed-literal probing is needed; hard = search is\n"
        "needed. Ctrl-C, or the end of --time-limit, keeps the puzzle found so far\n"
        "(unique at its grade, which may be easier than the one asked for); in a\n"
        "collection (--count, --spec) Ctrl-C keeps only the finished puzzles, and the\n"
        "same command makes the rest, as an uninterrupted run would have made them.",
        "examples:\n"
        "  slitherasp generate square --size 10x10 --seed 1 -o out/\n"
        "  slitherasp generate cairo --size 8 --difficulty tricky -o out/\n"
        "  slitherasp generate square --size 20x20 --solver-grade hard --minimal -o out/\n"
        "  slitherasp generate hats --daily today --difficulty hard -o out/\n"
        "  slitherasp generate my-patch.lp --seed 3 -o out/     any tiling instance\n\n",
    )
    p.add_argument("tiling", metavar="TILING", nargs="?",
                   help="a tiling name ('slitherasp tiling list'), or an instance file with geometry")
    size_arg(p)
    p.add_argument("--seed", type=int, metavar="S",
                   help="random seed: the same seed makes the same puzzle (default: a new one, printed and in "
                        "the file name; 0 for a collection, so that the same command resumes it)")
    goal = p.add_mutually_exclusive_group()
    goal.add_argument("--difficulty", choices=DIFFICULTIES, type=lowered,
                      help="the grade for a person to reach (default: normal; both grades are reported)")
    goal.add_argument("--solver-grade", choices=SOLVER_LEVELS, type=lowered, help="the solver's grade to reach instead")
    p.add_argument("--daily", metavar="DATE",
                   help="the daily puzzle of DATE (YYYY-MM-DD or today) on TILING (default square) at "
                        "--difficulty: the one the web app's Daily button shows that day (its size and seed "
                        "come from the date)")
    p.add_argument("--minimal", action="store_true", help="test every clue alone: none can be removed at the end")
    time_limit_arg(p, "stop removing clues after S seconds and keep the puzzle so far (one puzzle only)")
    p.add_argument("--count", type=whole(1, 10_000_000), metavar="N",
                   help="make a collection of N puzzles into DIR, listed in DIR/index.jsonl (resumable)")
    p.add_argument("--jobs", "-j", type=whole(1, 256), default=1, metavar="N",
                   help="with --count: worker processes (default 1)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="with --count: a Dask scheduler (tcp://host:8786) or local:N (N local workers)")
    p.add_argument("--spec", metavar="FILE",
                   help="a campaign instead of TILING: JSON (or TOML) with a seed and runs of "
                        "tiling, size, count, difficulty")
    p.add_argument("-o", "--output", metavar="DIR", required=True, help="folder to write the puzzle into")
    variant_arg(p, "make a Slitherlink variant (vertex, touch, sheep-wolf, lither, full, touch+full, "
                "sheep-wolf+full) for the solver's grade: unique at any grade unless --solver-grade")
    force_arg(p)
    json_arg(p, "print a JSON summary")
    progress_arg(p)
    setter_args(p)
    p.set_defaults(run=run_generate)
    stoppable(p, finish=0.3)


def _add_grade(sub: Any) -> None:
    p = command(
        sub,
        "grade",
        "how hard a puzzle is: for a person, and for the solver",
        "For a person (as 'explain' grades, without the reasons): the level of the\n"
        "hardest rule the puzzle needs, easy, normal, tricky, hard (Loopy's levels),\n"
        "fiendish (a trial) or search, and a score that orders puzzles within a level.\n"
        "For the solver: easy = propagation alone proves the answer and its\n"
        "uniqueness; medium = clasp's failed-literal probing is needed; hard =\n"
        "decisions (search) are needed. Puzzles without exactly one answer get no\n"
        "grade (exit code 1 or 20).",
        "examples:\n"
        "  slitherasp grade puzzle.lp\n"
        "  slitherasp grade 7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a --json\n"
        "  slitherasp grade big.lp --time-limit 10\n\n",
    )
    instance_args(p)
    time_limit_arg(p, "stop after S seconds (exit code 124)")
    json_arg(p, "print the grade as JSON")
    progress_arg(p)
    p.set_defaults(run=run_grade)
    stoppable(p)


def patch(spec: str, size: tuple[int, int] | None, seed: int | None) -> tuple[Any, str]:
    """A clue-less patch and a file stem: a tiling name (with --size) or an instance file."""
    from .. import tilings

    if Path(spec).is_file() or spec == "-":
        puzzle = load(spec)
        puzzle = getattr(puzzle, "puzzle", puzzle)  # a variant's patch: the variant is --variant's
        return puzzle.with_clues([None] * len(puzzle.cells)), Path(spec).stem if spec != "-" else "stdin"
    t = tilings.get(spec)
    w, h = size or t.default_size
    return tilings.build(t.name, w, h, seed=seed), f"{t.name}-{w}x{h}"


def run_generate(args: argparse.Namespace) -> int:
    from .. import render
    from ..make.generate import generated_json

    if args.daily is not None:
        _daily(args)
    if (args.spec is None) == (args.tiling is None):
        raise InputError("give a TILING or a --spec campaign file (one of them)")
    if args.variant is not None:
        from .generate_variant import run

        setting.refuse_with(args, "--variant (a variant is made for the solver's grade)")
        seed = fresh_seed() if args.seed is None else args.seed
        blank, stem = patch(args.tiling, args.size, seed)
        return run(args, blank, stem, seed)
    if args.count is not None or args.spec is not None:
        if args.time_limit is not None:
            raise InputError("--time-limit goes with one puzzle: a collection (--count, --spec) is the same on "
                             "every machine, and a time limit would make it depend on the machine's speed")
        return run_collection(args)
    if args.cluster or args.jobs != 1:
        raise InputError("--jobs and --cluster go with --count (a collection)")
    seed = fresh_seed() if args.seed is None else args.seed
    blank, stem = patch(args.tiling, args.size, seed)
    plan, stem = setting.plan_of(args, blank), stem + setting.tag(args)
    if args.minimum:
        return setting.run_minimum(args, blank, stem, seed, plan)
    not_made_before(args, stem, seed)
    made = _make_one(args, blank, seed, plan)
    person = made.human.level if made.human else None
    level = (made.grade.level if args.solver_grade else person) or "ungraded"
    name = f"{stem}-{level}-s{seed}"
    path = Path(args.output) / f"{name}.lp"
    drawing = {path.with_suffix(".svg"): render.svg(made.puzzle, title=name)}
    files = [str(f) for f in save_made(made, path, args.force, drawing)]
    # the solver's grade (clingo) only where it is asked for: --solver-grade, or the JSON that holds it
    summary = generated_json(made, str(path), files, args.minimal) if args.json else {"files": files}
    solver = f", {made.grade.level or NOT_GRADED} for the solver ({made.grade.choices} choices)" \
        if args.solver_grade else ""
    announce(summary, args.json, f"{path}: seed {seed}, {made.puzzle.clue_count()} clues on {len(made.puzzle.cells)} "
             f"cells, {person or NOT_GRADED} for a person{solver}, {made.tests} tests, {made.seconds:.2f}s")
    return ended(made, "unique, perhaps not minimal nor of the grade asked for")


def _daily(args: argparse.Namespace) -> None:
    """``--daily DATE``: the tiling, size, seed and level of that day's puzzle, in ``args``."""
    from ..make.daily import daily

    clash = [name for name, given in (("--seed", args.seed), ("--size", args.size), ("--count", args.count),
                                      ("--spec", args.spec), ("--variant", args.variant),
                                      ("--solver-grade", args.solver_grade), ("--minimal", args.minimal or None))
             if given is not None]
    if clash:
        raise InputError(f"--daily makes the day's puzzle, whose size, seed and rule come from the date: "
                         f"leave out {', '.join(clash)}")
    d = daily(args.daily, args.tiling or "square", args.difficulty or "normal")
    args.tiling, args.size, args.seed, args.difficulty = d.tiling, d.size, d.seed, d.difficulty


NOT_GRADED = "not graded"
"""What a grade that was not worked out (the time limit ran out first) is called."""


def fresh_seed() -> int:
    """A seed for a puzzle asked for without one: a new puzzle every time (printed, and
    in the file name, so that ``--seed`` makes it again)."""
    import secrets

    return secrets.randbelow(2**32)


def _make_one(args: argparse.Namespace, blank: Any, seed: int, plan: Any = None) -> Any:
    """One puzzle, its progress shown; a failure within the time limit names the
    limit given (the generator counts only what was left of it)."""
    from ..make.generate import generate
    from ..model.errors import GenerationError

    progress = Progress.for_args(len(blank.cells), args, what="clues", unit=" cells", ticking=True)

    def show(removed: int, kept: int, untested: int, elapsed: float) -> None:
        progress.show(removed + kept, f"{removed} clues removed, {kept} kept, {untested} to test")

    try:
        return generate(blank, seed=seed, level=args.solver_grade, difficulty=args.difficulty,
                        minimal=args.minimal, progress=show, time_limit=remaining(args.time_limit), plan=plan)
    except GenerationError as e:
        limit = "within the time limit"
        if args.time_limit is None or limit not in str(e):
            raise
        raise GenerationError(str(e).replace(limit, f"{limit} of {args.time_limit:g} s", 1)) from None
    finally:
        progress.end()


def run_collection(args: argparse.Namespace) -> int:
    """``generate --count N``: a resumable collection (see :mod:`slitherasp.make.campaign`)."""
    from .. import tilings
    from ..make import campaign

    if args.spec is not None:
        setting.for_collection(args)  # (refused with a campaign file)
        todo = campaign.jobs_from_spec(read_text(args.spec), args.spec)
    else:
        t = tilings.get(args.tiling)
        size = args.size or t.default_size
        todo = campaign.jobs(t.name, size, args.count, args.seed or 0, difficulty=args.difficulty,
                             solver_grade=args.solver_grade, minimal=args.minimal, setting=setting.for_collection(args))
    for kind in todo.kinds():
        tilings.build(kind[0], kind[1], kind[2], seed=0)  # a size a tiling refuses fails now, not N times
    folder = writable_folder(args.output)
    before = sum(n < len(todo) for n in campaign.done(folder))
    progress = Progress.for_args(len(todo) - before, args, what="puzzles", unit=" puzzles", ticking=True)
    failed = 0

    def show(line: dict[str, Any]) -> None:
        nonlocal failed
        failed += "failed" in line
        progress.step(f"{failed} failed; {line['file']}")

    try:
        made = campaign.run(todo, folder, jobs=args.jobs, cluster=args.cluster, progress=show)
    except (KeyboardInterrupt, StoppedError):  # the puzzles under way are dropped, none is kept half made
        progress.end()
        err(f"slitherasp: interrupted: {len(campaign.done(folder))} puzzles are done in {folder}; "
            "the same command makes the rest")
        return Exit.INTERRUPT
    progress.end()
    err(f"slitherasp: {made} made ({failed} failed), {before} done before, in {folder / campaign.INDEX}")
    return Exit.OK if failed == 0 else Exit.INVALID


def run_grade(args: argparse.Namespace) -> int:
    from ..make.generate import grade
    from ..solver.grade import grade_json

    puzzle = load(args.instance, args.format, args.variant)
    progress = Progress.for_args(None, args, what="grading", ticking=True)
    try:
        g = grade(puzzle, time_limit=remaining(args.time_limit), human=True)
    finally:
        progress.end()
    if g.human is not None and g.human.level is None:  # a person's rules were stopped
        g = replace(g, level=None, unique=None, human=None)
    if args.json:
        out(json.dumps(grade_json(g, args.instance)))
    elif g.level and g.human:
        out(f"{g.human.level.upper()} for a person (score {score_text(g.human.score)}), {g.level.upper()} for the "
            f"solver: unique; proof took {g.choices} choices and {g.conflicts} conflicts")
    elif g.level and getattr(puzzle, "is_variant", False):  # a person's rules are classic Slitherlink's
        out(f"{g.level.upper()} for the solver: unique; proof took {g.choices} choices and {g.conflicts} "
            f"conflicts (a {puzzle.title} has no person's grade)")
    elif g.unique is None:
        out("UNKNOWN: " + ("interrupted" if stopped(Exit.TIMEOUT) == Exit.INTERRUPT else "the time limit ran out"))
    else:
        out("UNSATISFIABLE: no answer" if g.answers == 0 else "NOT UNIQUE: a second answer exists")
    if g.level:
        return Exit.OK
    return stopped(Exit.TIMEOUT) if g.unique is None else Exit.UNSAT if g.answers == 0 else Exit.INVALID
