"""``slitherasp encodings``: where the encodings are installed and what each enforces, so
that ``slitherasp facts P | python -m clingo ENCODING -`` works from any folder."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..model.errors import InputError
from .common import Exit, command, json_arg, out
from .typed import lowered


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "encodings",
        "list the ASP encodings: name, installed file, what each enforces",
        "List the encodings clingo runs (the files of asp/, installed with the package):\n"
        "each one's name, its file and what it enforces. With NAME, print that file's\n"
        "path alone, to give clingo the facts of 'slitherasp facts' from any folder.",
        "examples:\n"
        "  slitherasp encodings\n"
        "  slitherasp facts puzzle.lp | python -m clingo $(slitherasp encodings reach) -\n"
        "  slitherasp facts puzzle.lp | python -m clingo $(slitherasp encodings colour) - 0\n\n",
    )
    p.add_argument("name", metavar="NAME", nargs="?", type=lowered, help="print the file of this encoding alone")
    json_arg(p, "print the list as JSON lines")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..kinds.facts import FILES, encoding_path, encoding_summary

    if args.name is not None:
        if args.name not in FILES:
            raise InputError(f"no encoding is called {args.name!r}; choose from {', '.join(FILES)}")
        out(str(encoding_path(args.name)))
        return Exit.OK
    rows = [(name, str(encoding_path(name)), encoding_summary(name)) for name in FILES]
    if args.json:
        for name, path, summary in rows:
            out(json.dumps({"name": name, "file": path, "enforces": summary}))
        return Exit.OK
    width = max(len(name) for name, _, _ in rows)
    for name, path, summary in rows:
        out(f"{name:<{width}}  {path}\n{'':<{width}}  {summary}")
    return Exit.OK
