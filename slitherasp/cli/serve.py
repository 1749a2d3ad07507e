"""``slitherasp serve``: the web app, in the browser."""

from __future__ import annotations

import argparse
import contextlib
import errno
import ipaddress
import socket
from typing import Any

from ..model.errors import InputError
from ..model.extras import needs
from .common import Exit, command, err, time_limit_arg, whole


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "serve",
        "play, compose and solve puzzles in the browser (needs the 'web' extra)",
        "Start the web app and open it in the browser. It plays puzzles of every format\n"
        "and tiling (drag along the edges to draw, by mouse, pen or touch; it says when\n"
        "the loop is solved), gives hints with reasons, solves, composes with live\n"
        "uniqueness, and exports. Open http://HOST:PORT/?p=TEXT to load a puzzle (a\n"
        "Loopy ID, a puzz.link URL, ...).\n"
        "Everything is served locally; nothing needs the network. Ctrl-C stops it.",
        "examples:\n"
        "  slitherasp serve\n"
        "  slitherasp serve --port 9000 --no-open\n\n",
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--workers", type=whole(1, 64), default=2, metavar="N",
                   help="worker processes, the most requests worked on at once (default 2; "
                        "beyond them a request is answered 503, try again)")
    time_limit_arg(p, "seconds each request may take (default 20); a generation may take 3 s more to grade "
                      "its puzzle so far")
    p.add_argument("--no-open", action="store_true", help="do not open a browser")
    p.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import LOCAL_HOSTS, create_app
    except ImportError as e:
        raise InputError(f"{needs('web', 'the web app')}; {e.name} is missing") from None
    if not 0 < args.port < 65536:
        raise InputError(f"--port {args.port} is not a port (1..65535)")
    listener = _listen(args.host, args.port)  # a busy port is said before anything else
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{args.port}/"
    if not loopback(args.host):
        err(f"slitherasp: listening on {args.host}: other machines can reach the app (it reads no files, "
            "but it solves what they send)")
    err(f"slitherasp: serving {url} (Ctrl-C stops)")
    if args.no_open:
        err("slitherasp: not opening a browser (--no-open): open the address above")
    else:
        import threading
        import webbrowser

        def show() -> None:
            if not webbrowser.open(url):
                err(f"slitherasp: no browser could be opened: open {url} by hand")

        threading.Timer(1.0, show).start()
    app = create_app(hosts=(*LOCAL_HOSTS, args.host), processes=args.workers, time_limit=args.time_limit)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=GRACE,
                            http=deadline_protocol(REQUEST_TIME))
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn stops on Ctrl-C and SIGTERM, then raises it again
        uvicorn.Server(config).run(sockets=[listener])
    err("slitherasp: the server stopped")
    return Exit.OK


GRACE = 0.3
"""Seconds the server waits for requests under way when it is stopped (Ctrl-C, SIGTERM)
before it ends them and their worker processes."""


REQUEST_TIME = 10.0
"""Seconds a client has to send a whole request, its headers and body, from when its
connection opens (or its last answer was sent): a slower client (a body half sent, a
connection that says nothing) is cut off, so that such sockets cannot pile up."""


def loopback(host: str) -> bool:
    """Whether only this machine can reach a server listening on ``host``: ``localhost``
    or a loopback address (all of 127.0.0.0/8, ``::1``, and IPv4 loopback mapped to
    IPv6).

    >>> [loopback(h) for h in ("127.0.0.2", "::1", "::ffff:127.0.0.1", "localhost", "0.0.0.0", "10.0.0.1")]
    [True, True, True, True, False, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def deadline_protocol(seconds: float) -> type:
    """uvicorn's HTTP/1.1 protocol (h11) with a deadline for each request to arrive
    whole (:data:`REQUEST_TIME`): uvicorn bounds only the idle time between requests, and
    an app awaiting a body that never comes held its socket for as long as the client
    liked. A request received whole is never cut off, however long its work takes."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Deadline(H11Protocol):  # type: ignore[misc]
        timer: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()  # the next request on this connection has as long again

        def connection_lost(self, exc: Exception | None) -> None:
            if self.timer is not None:
                self.timer.cancel()
            super().connection_lost(exc)

        def _arm(self) -> None:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = self.loop.call_later(seconds, self._late)

        def _late(self) -> None:
            """Close a connection whose request has not arrived whole (its headers or
            its body still awaited); the app then sees the client gone."""
            self.timer = None
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
                self.transport.close()

    return Deadline


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; InputError naming a busy port or a bad address."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        why = "is in use (another server runs there: stop it or choose --port)" if exc.errno == errno.EADDRINUSE \
            else f"cannot be listened on: {exc.strerror or exc}"
        raise InputError(f"{host}:{port} {why}") from None
    return sock
