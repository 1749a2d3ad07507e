"""``slitherasp convert``: an instance from any format to another."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..formats import FORMATS, by_extension, writable
from ..model.errors import InputError
from ..model.files import write_files
from .common import Exit, command, force_arg, instance_args, load, out
from .outputs import not_over_inputs, with_sidecars
from .typed import lowered


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "convert",
        "convert an instance to another format (Loopy IDs, puzz.link URLs, text grids...)",
        "Read an instance in any format and write it in another. Formats:\n"
        + "".join(f"  {f.name:8} {' '.join(f.extensions):22} {f.description}\n" for f in FORMATS.values())
        + "Square-grid formats only hold square grids, Loopy IDs only Loopy's grids:\n"
        "converting a puzzle that a format cannot hold is an error (exit code 2).",
        "examples:\n"
        "  slitherasp convert puzzle.txt --to pzpr          a puzz.link URL\n"
        "  slitherasp convert game.loopy --to lp -o p.lp    facts + p.geo.json\n"
        "  echo 'https://puzz.link/p?slither/4/4/dgdh2c7b' | slitherasp convert - --to text\n\n",
    )
    instance_args(p)
    p.add_argument("--to", metavar="FORMAT", type=lowered,
                   help=f"output format: {', '.join(writable())} (default: by -o's extension)")
    p.add_argument("-o", "--output", metavar="OUT", help="write to OUT (default: standard output)")
    force_arg(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .. import formats

    named = by_extension(args.output) if args.output else None
    fmt = args.to or (named.name if named else None)
    if fmt not in writable():
        what = f"cannot write format {fmt!r}" if fmt else "name the output format with --to"
        raise InputError(f"{what}; choose from {', '.join(writable())}")
    if args.output is not None:  # facts replace (or remove) the sidecar and answer of that name too
        not_over_inputs(with_sidecars(args.output) if fmt == "lp" else [args.output], args.instance)
    puzzle = load(args.instance, args.format, args.variant)
    text = formats.write_text(puzzle, fmt)
    if args.output is None:
        sys.stdout.write(text)
        return Exit.OK
    if fmt == "lp":  # facts keep their geometry in a sidecar, as 'tiling' writes them
        written = formats.save(puzzle, args.output, force=args.force)
    else:
        written = write_files({Path(args.output): text}, force=args.force)
    out(" ".join(str(f) for f in written))
    return Exit.OK
