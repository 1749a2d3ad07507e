"""The server: the page, its static files and ``POST /api/<action>``, as one ASGI app
(Starlette). Work runs in threads, one request at a time per thread, each solve with a
time limit (:data:`.api.TIME_LIMIT`); bad input is HTTP 400 with the one line the
command line prints; an internal error is HTTP 500 with one line, never a traceback.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/solve", json={"puzzle": "1 1\\n4\\n"}).json()["result"]
'SATISFIABLE'
>>> bad = client.post("/api/solve", json={"puzzle": "edge(1,2"})
>>> bad.status_code, bad.json()["error"].startswith("<puzzle>:1:")
(400, True)
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import SlitherError
from ..stopping import stop_when
from . import api

STATIC = Path(__file__).parent / "static"
MAX_BODY = 4_000_000
"""Bytes a request may have."""
WATCH = 0.2
"""Seconds between two looks at whether the client of a running request is still there."""


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def action(request: Request) -> Response:
    name = request.path_params["name"]
    run = api.ACTIONS.get(name)
    if run is None:
        return JSONResponse({"error": f"no API action {name!r}; choose from {', '.join(api.ACTIONS)}"}, 404)
    body = await request.body()
    if len(body) > MAX_BODY:
        return JSONResponse({"error": f"<request>: larger than {MAX_BODY} bytes"}, 413)
    try:
        payload = json.loads(body or b"{}")
    except (ValueError, RecursionError):
        return JSONResponse({"error": "<request>: the body is not JSON"}, 400)
    if not isinstance(payload, dict):
        return JSONResponse({"error": "<request>: the body must be a JSON object"}, 400)
    try:
        result: Any = await _until_gone(request, run, payload)
    except SlitherError as e:
        return JSONResponse({"error": str(e)}, 400)
    except RecursionError:
        return JSONResponse({"error": "<request>: nested too deeply"}, 400)
    except Exception as e:  # one line for the page, never a traceback
        return JSONResponse({"error": f"internal error: {type(e).__name__}: {e}"}, 500)
    return JSONResponse(result)


async def _until_gone(request: Request, run: Any, payload: dict[str, Any]) -> Any:
    """``run(payload)`` in a worker thread, stopped (as Ctrl-C stops the command line,
    :mod:`slitherasp.stopping`) as soon as the client has gone: a closed tab or the
    page's Cancel button does not leave a solve running on the server to its time limit."""
    gone = threading.Event()

    def work() -> Any:
        with stop_when(gone.is_set):
            return run(payload)

    task = asyncio.ensure_future(run_in_threadpool(work))
    while not task.done():
        await asyncio.wait({task}, timeout=WATCH)
        if not task.done() and await request.is_disconnected():
            gone.set()
    return task.result()


def create_app() -> Starlette:
    """The ASGI app."""
    return Starlette(routes=[
        Route("/", page),
        Route("/api/{name}", action, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
