"""The page's back end in the browser: the actions of ``slitherasp serve``, answered by
the same functions (:mod:`.api`, through :func:`.words.answer`), in Pyodide in a Web
Worker of the static site (:mod:`.site`).

The worker gives Python a module ``slitherasp_js`` with ``clingo(program, models,
options)`` (clingo-wasm's synchronous run, clingo's JSON out) and ``progress(text)``
(posted to the page). :func:`start` makes the first the text runner of every solve
(:mod:`slitherasp.solver.engines`); :func:`call` answers one action, as the server would: a
status and a JSON object, an error in one line. :func:`warm` imports what the actions
use before the worker keeps a memory snapshot of Python (the next visit starts from
it). No thread is started and no module outside the standard library and this
package is loaded.

>>> reply = json.loads(call("share", json.dumps({"puzzle": "1 1\\n4\\n"})))
>>> reply["status"], reply["body"]["text"]
(200, 'https://puzz.link/p?slither/1/1/e')
"""

from __future__ import annotations

import json
from typing import Any

from ..solver import engines
from . import api, estimate, words

TIME_LIMIT = 300.0
"""Seconds an action may take in the browser: there no server is shared, and the
page's Cancel button ends the work at once (it ends the worker)."""
SLOWER = 2.0
"""Pure Python in Pyodide takes about twice the CPU of CPython on the machine where the
estimates of generation times were measured (1.25-2.8x, median 2)."""


WARM_PUZZLE = "3x3t0:2a3b1a3a"
"""A Loopy ID :func:`warm` opens (Python's first open compiles the readers and the scene)."""
WARM_MODULES = ("solver.run", "solver.sparse", "solver.sessions", "solver.grade", "rules.engine", "rules.loopy",
                "rules.beyond", "rules.why", "rules.grade", "rules.derive", "simplify", "explain.hint", "make.generate")
"""The modules the page's first Solve, Hint, grade and Generate import: Pyodide compiles a
module's source at its first import (a tenth of a second or more each; the first Solve of
a 20x20 took 1.1 s against 0.2 s for the next), so :func:`warm` imports them before the
snapshot is taken."""


def warm() -> None:
    """Import and run once, in pure Python, what the page's actions use: the worker
    calls it before it snapshots Python's memory, where no JavaScript may be held yet
    (so before :func:`start`)."""
    import importlib

    for name in WARM_MODULES:  # compiled once, here, rather than at the player's first action
        importlib.import_module(f"slitherasp.{name}")
    api.open_puzzle({"puzzle": WARM_PUZZLE})
    api.share({"puzzle": WARM_PUZZLE})


def start() -> None:
    """Use the worker's clingo-wasm for every solve, and the browser's time limit."""
    import slitherasp_js  # type: ignore[import-not-found]  # given by the worker

    def run(program: str, models: int, options: Any) -> str:
        return str(slitherasp_js.clingo(program, models, json.dumps(list(options))))

    engines.set_runner(run)
    api.TIME_LIMIT, estimate.BROWSER = TIME_LIMIT, SLOWER
    api.PROGRESS.set(lambda text: slitherasp_js.progress(text))


def call(name: str, payload: str) -> str:
    """One action on a JSON payload: ``{"status": HTTP status, "body": JSON object}``."""
    if name not in api.ACTIONS:
        return _reply(404, {"error": f"no API action {name!r}; choose from {', '.join(api.ACTIONS)}"})
    try:
        data = json.loads(payload or "{}")
    except (ValueError, RecursionError):
        return _reply(400, {"error": "<request>: the body is not JSON"})
    if not isinstance(data, dict):
        return _reply(400, {"error": "<request>: the body must be a JSON object"})
    status, body = words.answer(name, data, api.TIME_LIMIT)
    return _reply(status, body)


def _reply(status: int, body: dict[str, Any]) -> str:
    return json.dumps({"status": status, "body": body})
