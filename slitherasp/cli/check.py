"""``slitherasp check``: an answer through the independent checker."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..model.errors import InputError
from .common import Exit, command, instance_args, json_arg, load, out, read_links


def add_parser(sub: Any) -> None:
    p = command(
        sub,
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
    json_arg(p, "print the verdict as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..kinds import kind_of
    from ..validate import check_json

    stdin = [name for name in (args.instance, args.answer, args.reference) if name == "-"]
    if len(stdin) > 1:
        raise InputError("only one of INSTANCE, ANSWER and --reference can be read from standard input (-)")
    puzzle = load(args.instance, args.format, args.variant)
    links = read_links(args.answer)
    reference = read_links(args.reference) if args.reference else None
    report = kind_of(puzzle).check(puzzle, links, reference)
    if args.json:
        out(json.dumps(check_json(report, args.instance, args.answer)))
    elif report.valid:
        out("VALID" + (" (equal to the reference)" if reference is not None else ""))
    else:
        out(f"INVALID: {len(report.violations)} violation{'s' * (len(report.violations) != 1)}")
        for v in report.violations:
            out(f"  {v.kind}: {v}")
    return Exit.OK if report.valid else Exit.INVALID
