"""``slitherasp solve`` and ``slitherasp facts``: one instance through the solver, or
its facts for running clingo by hand."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path
from typing import Any

from ..model.errors import printable
from .common import (
    Progress,
    command,
    draw,
    drawing_kind,
    err,
    exit_for,
    instance_args,
    json_arg,
    load,
    models_arg,
    out,
    progress_arg,
    remaining,
    solver_args,
    threads_arg,
)
from .encoding import encoding_args, encoding_of
from .outputs import not_over_inputs
from .watch import stoppable


def add_parser(sub: Any) -> None:
    p = command(
        sub,
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
    models_arg(p)
    solver_args(p)
    threads_arg(p)
    json_arg(p)
    p.add_argument("--stats", action="store_true", help="print grounding and search statistics")
    p.add_argument("--no-simplify", action="store_true",
                   help="ground the whole puzzle, not the one the local rules reduced (same answers)")
    p.add_argument("--answer-out", metavar="FILE", help="also write the first answer as link/2 facts to FILE")
    p.add_argument("--render", metavar="OUT", help="draw the answer to OUT.svg or OUT.png")
    p.add_argument("--shade", action="store_true", help="with --render: shade the inside of the loop")
    p.add_argument("--draw", action="store_true", help="also draw a square grid's answer as Unicode text")
    progress_arg(p)
    p.set_defaults(run=run)
    stoppable(p)

    p = command(
        sub,
        "facts",
        "print an instance as competition facts (plus root candidates)",
        "Print the instance as edge/2, cell_contains/3 and clue/2 facts, followed by\n"
        "the root-candidate facts the encoding needs, so that clingo can be run by hand\n"
        "from any folder ('slitherasp encodings' lists the encodings' installed files):\n"
        "  slitherasp facts puzzle.lp | python -m clingo $(slitherasp encodings reach) -\n"
        "(pip's clingo has no 'clingo' command; 'python -m clingo' is the same program)",
        "examples:\n"
        "  slitherasp facts puzzle.lp > puzzle-facts.lp\n"
        "  slitherasp facts 7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a | \\\n"
        "    python -m clingo $(slitherasp encodings colour) -\n"
        "  slitherasp facts puzzle.lp --plain     the instance facts only\n\n",
    )
    instance_args(p)
    p.add_argument("--plain", action="store_true", help="only the instance facts")
    encoding_args(p)
    p.set_defaults(run=run_facts)


def run(args: argparse.Namespace) -> int:
    # One instance read and solved makes a few hundred thousand small objects that
    # live to the end; the cycle collector's passes over them cost 5-10% of a run (a
    # 100x100 square), and they hold no cycles worth collecting
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _run(args)
    finally:
        if enabled:
            gc.enable()


def _run(args: argparse.Namespace) -> int:
    from ..formats.lp import write_answer
    from ..model.files import write_files
    from ..model.results import solve_json
    from ..solver.run import solve

    if args.render:
        drawing_kind(args.render)  # a bad name is said before the work
    not_over_inputs([args.answer_out, args.render], args.instance)
    puzzle = load(args.instance, args.format, args.variant)
    progress = Progress.for_args(None, args, what="solving", ticking=True) if args.models == 1 and not args.unique \
        else Progress.for_args(None, args, what="answers", unit=" answers", ticking=True)
    try:
        result = solve(puzzle, models=args.models, unique=args.unique, time_limit=remaining(args.time_limit),
                       threads=args.threads, encoding=encoding_of(args), statistics=args.stats,
                       simplify=not args.no_simplify, progress=progress.callback)
    finally:
        progress.end()
    if args.json:
        out(json.dumps(solve_json(result, args.instance, getattr(puzzle, "name", None))))
    else:
        print_clingo_style(args.instance, result, args.models, args.stats, args.unique)
    if args.answer_out:
        if result.answers:
            write_files({Path(args.answer_out): write_answer(puzzle, result.answers[0]) + "\n"})
        else:
            err(f"slitherasp: note: no answer to write to {args.answer_out} ({result.status})")
    if args.draw and not args.json:
        from ..kinds import text_of

        out(text_of(puzzle, result.answer))
    if args.render:
        draw(puzzle, result.answer, args.render, shade=args.shade, title=Path(args.instance).stem)
    return exit_for(result)


def print_clingo_style(name: str, result: Any, models: int, stats: bool, unique: bool) -> None:
    """A result the way clingo prints one: answers, the status, models, times."""
    from .. import __version__

    out(f"slitherasp version {__version__}")
    out(f"Reading from {'stdin' if name == '-' else printable(name)}")  # one line, as clingo's
    out("Solving...")
    shown = result.answers if models == 0 else result.answers[: max(models, 1)]
    for i, ans in enumerate(shown, 1):
        out(f"Answer: {i}")
        out(" ".join(f"link({u},{v})" for u, v in result.puzzle.links(ans)))
    out("INTERRUPTED" if result.interrupted else str(result.status))
    out("")
    out(f"Models       : {result.count}{'' if result.exhausted else '+'}")
    if unique and str(result.status) == "SATISFIABLE":
        uniq = {True: "yes", False: "no (a second answer exists)", None: "unknown"}[result.unique]
        out(f"Unique       : {uniq}")
    out(f"Time         : {result.time_total:.3f}s "
        f"(Grounding: {result.time_ground:.3f}s Solving: {result.time_solve:.3f}s)")
    if stats and result.statistics:
        s = result.statistics
        for key in ("atoms", "rules", "choices", "conflicts"):
            out(f"{key.capitalize():<13}: {s[key]}")


def run_facts(args: argparse.Namespace) -> int:
    from ..formats.lp import write_instance
    from ..kinds.encodings import MODELS, OPTIONS
    from ..kinds.facts import extra_facts, facts_text, resolve_choice

    puzzle = load(args.instance, args.format, args.variant)
    if getattr(puzzle, "is_variant", False) and not args.plain:
        from ..kinds import kind_of
        from ..kinds.facts import DEFAULT_ENCODING

        program = kind_of(puzzle).program(puzzle, DEFAULT_ENCODING)
        sys.stdout.write(f"% {puzzle.title}: the facts that {program.path.name} reads "
                         f"(slitherasp encodings {program.encoding}: its file)\n{program.facts}\n")
        return 0
    sys.stdout.write(write_instance(puzzle))
    if not args.plain:
        sys.stdout.write("% root candidates for loop.lp (derived, not part of the instance)\n")
        sys.stdout.write(facts_text(puzzle))
        choice = resolve_choice(encoding_of(args), puzzle)
        files = " ".join(f"asp/{f}" for f in (MODELS[choice.model].file, *(OPTIONS[o].file for o in choice.options)))
        extra = extra_facts(choice, puzzle).strip()
        if extra:
            sys.stdout.write(f"% what {files} reads beyond these (derived)\n{extra}\n")
        flags = "".join(f" {f}" for f in MODELS[choice.model].flags)
        paths = " ".join(f"$(slitherasp encodings {name})" for name in (choice.model, *choice.options))
        sys.stdout.write(f"% run by hand, from any folder: ... | python -m clingo {paths} -{flags} 0\n")
    return 0
