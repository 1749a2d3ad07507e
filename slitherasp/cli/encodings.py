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
        "each one's name, its file and what it enforces, then the options any model may\n"
        "add (--with cuts, parity, faces). With NAME, print that file's path alone, to\n"
        "give clingo the facts of 'slitherasp facts' from any folder.",
        "examples:\n"
        "  slitherasp encodings\n"
        "  slitherasp facts puzzle.lp | python -m clingo $(slitherasp encodings reach) -\n"
        "  slitherasp facts puzzle.lp | python -m clingo $(slitherasp encodings colour) - 0\n\n",
    )
    p.add_argument("name", metavar="NAME", nargs="?", type=lowered,
                   help="print the file of this encoding (or option) alone")
    json_arg(p, "print the list as JSON lines")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..kinds.encodings import OPTIONS
    from ..kinds.facts import FILES, encoding_dir, encoding_path, encoding_summary

    rows = [(name, str(encoding_path(name)), encoding_summary(name)) for name in FILES]
    rows += [(name, str(encoding_dir() / o.file), f"an option (--with {name}): {o.follows}")
             for name, o in OPTIONS.items()]
    if args.name is not None:
        path = next((path for name, path, _ in rows if name == args.name), None)
        if path is None:
            raise InputError(f"no encoding is called {args.name!r}; choose from {', '.join(n for n, _, _ in rows)}")
        out(path)
        return Exit.OK
    if args.json:
        for name, path, summary in rows:
            out(json.dumps({"name": name, "file": path, "enforces": summary, "option": name in OPTIONS}))
        return Exit.OK
    width = max(len(name) for name, _, _ in rows)
    for name, path, summary in rows:
        out(f"{name:<{width}}  {path}\n{'':<{width}}  {summary}")
    return Exit.OK
