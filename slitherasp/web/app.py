"""The server: the page, its static files and ``POST /api/<action>``, as one ASGI app
(Starlette). Each action runs under a time limit (:data:`.api.TIME_LIMIT`) in a small
pool of workers (:mod:`.workers`: 503 with ``Retry-After`` when all are busy); bad input
is HTTP 400 with one sentence in words (:mod:`.words`: what the page shows too); an
internal error is HTTP 500 with one line, never a traceback.

Only its user can drive it: it answers only the host names it was started for (a page
elsewhere cannot reach it by DNS rebinding), takes only ``application/json`` bodies (a
form or a ``text/plain`` post, which browsers send across sites without asking, is 415),
refuses a request another site's page sends (its ``Origin`` or ``Sec-Fetch-Site``: 403),
and stops reading a body at :data:`MAX_BODY` bytes (413).

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/solve", json={"puzzle": "1 1\\n4\\n"}).json()["result"]
'SATISFIABLE'
>>> bad = client.post("/api/solve", json={"puzzle": "edge(1,2"})
>>> bad.status_code, bad.json()["error"]
(400, "Expected ',' or ')', found 'end of input'.")
>>> client.post("/api/solve", json={}, headers={"Origin": "https://elsewhere.example"}).status_code
403
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import api, workers

STATIC = Path(__file__).parent / "static"
MAX_BODY = 4_000_000
"""Bytes a request may have."""
TOO_LARGE = f"That is too large: the server reads at most {MAX_BODY // 1_000_000} MB a request."
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
"""Host names the server answers by default (and a test client's ``testserver``)."""


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def _error(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status, headers=headers or None)


def refusal(request: Request) -> JSONResponse | None:
    """Why a request may not drive the server: sent by another site's page, or not JSON."""
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
        return _error(403, f"A page of {origin[:100]} may not use this server.")
    if request.headers.get("sec-fetch-site") == "cross-site":
        return _error(403, "A page of another site may not use this server.")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return _error(415, "The body must be JSON, sent as application/json.")
    return None


async def read_body(request: Request) -> bytes | JSONResponse:
    """The body, read no further than :data:`MAX_BODY` bytes (413 beyond)."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or len(declared) > 12:
        return _error(400, "The request's Content-Length is no number.")
    if int(declared) > MAX_BODY:
        return _error(413, TOO_LARGE)
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return _error(413, TOO_LARGE)
    except ClientDisconnect:
        return _error(400, "The request ended before its body did.")
    return bytes(body)


async def icon(request: Request) -> Response:
    """The page's icon where browsers look for it unasked (an SVG: every current browser draws it)."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def action(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in api.ACTIONS:
        return _error(404, f"There is no action {name[:40]!r}; choose from {', '.join(api.ACTIONS)}.")
    refused = refusal(request)
    if refused is not None:
        return refused
    body = await read_body(request)
    if isinstance(body, Response):
        return body
    try:
        payload = json.loads(body or b"{}")
    except (ValueError, RecursionError):
        return _error(400, "The body is not JSON.")
    if not isinstance(payload, dict):
        return _error(400, "The body must be a JSON object.")
    pool = request.app.state.pool
    try:
        limit = request.app.state.time_limit or api.TIME_LIMIT
        status, result = await pool.run(name, payload, limit, request.is_disconnected)
    except workers.Busy:
        return _error(503, "The server is busy with other work. Try again in a moment.",
                      **{"Retry-After": str(workers.RETRY_AFTER)})
    return JSONResponse(result, status)


def create_app(*, hosts: Sequence[str] = (*LOCAL_HOSTS, "testserver"), processes: int = 0,
               threads: int = 4, time_limit: float | None = None) -> Starlette:
    """The ASGI app, answering the host names ``hosts``; its actions run in
    ``processes`` worker processes (what ``slitherasp serve`` uses), or with 0 in at
    most ``threads`` threads of this process (tests, embedding), each within
    ``time_limit`` seconds (default :data:`.api.TIME_LIMIT`)."""
    pool: Any = workers.Processes(processes) if processes else workers.Threads(threads)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            pool.close()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/favicon.ico", icon),
            Route("/api/{name}", action, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))],
        lifespan=lifespan,
    )
    app.state.pool = pool
    app.state.time_limit = time_limit
    return app
