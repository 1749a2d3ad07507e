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

import json
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import SlitherError
from . import api

STATIC = Path(__file__).parent / "static"
MAX_BODY = 4_000_000
"""Bytes a request may have."""


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
        result: Any = await run_in_threadpool(run, payload)
    except SlitherError as e:
        return JSONResponse({"error": str(e)}, 400)
    except RecursionError:
        return JSONResponse({"error": "<request>: nested too deeply"}, 400)
    except Exception as e:  # one line for the page, never a traceback
        return JSONResponse({"error": f"internal error: {type(e).__name__}: {e}"}, 500)
    return JSONResponse(result)


def create_app() -> Starlette:
    """The ASGI app."""
    return Starlette(routes=[
        Route("/", page),
        Route("/api/{name}", action, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
