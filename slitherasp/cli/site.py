"""``slitherasp site DIR``: the page as a static site, played with no server of ours."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from .common import Exit, command, err, out


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "site",
        "write the page as a static site that plays in the browser with no install",
        "Write the web app as a static site into DIR: the page, this package's Python, and the\n"
        "runtimes it runs on in the browser (Pyodide and clingo-wasm: fetched once from the npm\n"
        "registry at pinned versions and checked against their published sha512, or taken from\n"
        "--runtime), and the manual (built with MkDocs, the 'docs' extra, where it is installed).\n"
        "Serve DIR from any static host (GitHub Pages) or folder server; after the first visit\n"
        "the page plays offline, and a phone can add it to its home screen.",
        "examples:\n"
        "  slitherasp site public/\n"
        "  python -m http.server -d public 8000        # then open http://localhost:8000/\n"
        "  slitherasp site public/ --runtime packs/    # offline: the .tgz files of 'npm pack'\n\n",
    )
    p.add_argument("folder", metavar="DIR", help="the folder to write (new or empty; replaced with --force)")
    p.add_argument("--runtime", metavar="FOLDER",
                   help="take pyodide-314.0.7.tgz and clingo-wasm-0.6.0.tgz from FOLDER, not the registry")
    p.add_argument("--registry", metavar="URL", help="the npm registry to fetch them from")
    p.add_argument("--no-manual", action="store_true", help="leave the manual out of the site")
    p.add_argument("--force", action="store_true", help="replace DIR if it holds files")
    p.add_argument("--ready", metavar="TILINGS",
                   help="the tilings whose ready puzzles the site holds, comma-separated (default: all; the "
                        "square's always): a first visit's board and New before Python has started")
    p.add_argument("--no-snapshot", action="store_true",
                   help="make no start snapshot of Python with Node.js (the browser makes one at the first visit)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..web.site import REGISTRY, build

    _runtime_kept(args.runtime, args.folder)
    ready = None if args.ready is None else [n.strip() for n in args.ready.split(",") if n.strip()]
    made = build(args.folder, runtime=args.runtime, registry=args.registry or REGISTRY, force=args.force,
                 ready=ready, snapshot=not args.no_snapshot, manual=not args.no_manual,
                 progress=lambda line: err(f"slitherasp: {line}"))
    if made["manual"] is not None and not args.no_manual:
        err(f"slitherasp: note: the site has no manual: {made['manual']}")
    out(f"wrote {made['files']} files ({made['bytes'] / 2**20:.1f} MB) to {args.folder} ({made['snapshot']}); "
        f"try it: python -m http.server -d {args.folder} 8000")
    return Exit.OK


def _runtime_kept(runtime: str | None, folder: str) -> None:
    """:class:`InputError` when the packages of ``--runtime`` lie in the site's folder,
    which the new site replaces whole: they would be deleted once read."""
    if runtime is None:
        return
    site, packages = Path(folder).resolve(), Path(runtime).resolve()
    if packages == site or site in packages.parents:
        raise InputError("is inside the site's folder, which the site replaces: keep the packages elsewhere",
                         source=runtime)
