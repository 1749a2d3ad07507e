"""``slitherasp sloop``: solve a Sloop, one loop through every white cell."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from .common import (
    command,
    draw,
    drawing_kind,
    exit_for,
    json_arg,
    models_arg,
    out,
    read_text,
    remaining,
    size,
    time_limit_arg,
)
from .encoding import encoding_args, encoding_of
from .outputs import not_over_inputs
from .watch import stoppable


def add_parser(sub: Any) -> None:
    p = command(
        sub,
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
    p.add_argument("instance", metavar="INSTANCE", help="instance file, - for standard input, or the puzzle text "
                   "itself (a Loopy game ID, a puzz.link URL)")
    p.add_argument("--tiling", metavar="NAME",
                   help="the cells are a patch of this tiling; INSTANCE lists the black cells")
    p.add_argument("--size", type=size, metavar="WxH", help="the size of the --tiling patch")
    p.add_argument("--seed", type=int, metavar="N", help="the seed of an aperiodic --tiling patch")
    models_arg(p)
    p.add_argument("--unique", action="store_true", help="look for a second answer and say whether the first is unique")
    time_limit_arg(p, "stop after S seconds (result UNKNOWN)")
    encoding_args(p)
    json_arg(p)
    p.add_argument("--render", metavar="OUT", help="draw the puzzle and its first answer to OUT.svg or OUT.png")
    p.set_defaults(run=run)
    stoppable(p)


def run(args: argparse.Namespace) -> int:
    from ..kinds import kind_of
    from ..kinds.sloop import read_sloop
    from ..model import TilingRef
    from ..model.results import solve_json
    from ..solver.run import solve
    from .solve import print_clingo_style

    ref = None
    if args.tiling:
        if args.size is None:
            raise InputError("--tiling needs --size WxH, e.g. --size 6x6")
        ref = TilingRef(args.tiling, *args.size, args.seed)
    elif args.size or args.seed is not None:
        raise InputError("--size and --seed go with --tiling NAME")
    if args.render:
        drawing_kind(args.render)  # a bad name is said before the work
    not_over_inputs([args.render], args.instance)
    source = "<stdin>" if args.instance == "-" else args.instance
    puzzle = read_sloop(read_text(args.instance), source, ref)
    result = solve(puzzle, models=args.models, unique=args.unique, time_limit=remaining(args.time_limit),
                   encoding=encoding_of(args))
    if args.json:
        out(json.dumps(solve_json(result, args.instance)))
    else:
        print_clingo_style(args.instance, result, args.models, False, args.unique)
        if puzzle.patch.tiling is not None and puzzle.patch.tiling.name == "square":
            out("")
            out(kind_of(puzzle).text(puzzle, result.answer))
    if args.render:
        draw(puzzle, result.answer, args.render, title=Path(source).stem)
    return exit_for(result)
