"""``slitherasp serve``: the web app, in the browser."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import InputError
from .common import Exit, command, err


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "serve",
        "play, compose and solve puzzles in the browser (needs the 'web' extra)",
        "Start the web app and open it in the browser. It plays puzzles of every format\n"
        "and tiling (click an edge for a line, again for a cross), gives hints with\n"
        "reasons, checks and solves, composes with live uniqueness, and exports. Open\n"
        "http://HOST:PORT/?p=TEXT to load a puzzle (a Loopy ID, a puzz.link URL, ...).\n"
        "Everything is served locally; nothing needs the network. Ctrl-C stops it.",
        "examples:\n"
        "  slitherasp serve\n"
        "  slitherasp serve --port 9000 --no-open\n\n",
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--no-open", action="store_true", help="do not open a browser")
    p.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError as e:
        raise InputError(f"the web app needs its extra: pip install 'slitherasp[web]' ({e.name} is missing)") from None
    if not 0 < args.port < 65536:
        raise InputError(f"--port {args.port} is not a port (1..65535)")
    url = f"http://{args.host}:{args.port}/"
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        err(f"slitherasp: listening on {args.host}: other machines can reach the app (it reads no files, "
            "but it solves what they send)")
    err(f"slitherasp: serving {url} (Ctrl-C stops)")
    if not args.no_open:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, [url]).start()
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level="warning")
    return Exit.OK
