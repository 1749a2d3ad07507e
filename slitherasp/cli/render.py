"""``slitherasp render``: an instance (and an answer) as SVG, PNG or terminal text."""

from __future__ import annotations

import argparse
from typing import Any

from ..model.errors import InputError
from .common import Exit, command, draw, err, instance_args, load, out, read_links
from .outputs import not_over_inputs


def add_parser(sub: Any) -> None:
    p = command(
        sub,
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
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .. import render
    from ..kinds import kind_of

    if args.instance == "-" and args.answer == "-":
        raise InputError("only one of INSTANCE and --answer can be read from standard input (-)")
    not_over_inputs([args.output], args.instance, args.answer)
    puzzle = load(args.instance, args.format, args.variant)
    answer = kind_of(puzzle).check(puzzle, read_links(args.answer)).edges if args.answer else None
    if args.output is None:
        out(kind_of(puzzle).text(puzzle, answer))
        return Exit.OK
    draw(puzzle, answer, args.output, shade=args.shade, title=args.title)
    note = render.layout(getattr(puzzle, "puzzle", puzzle)).note  # a variant's graph
    if note:
        err(f"slitherasp: note: {note}")
    return Exit.OK
