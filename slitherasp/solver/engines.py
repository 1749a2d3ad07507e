"""Where clingo runs: in this process through its Python module, or, where that module
cannot be loaded (the page in the browser, under Pyodide), on a whole program given as
text to a *runner* that answers with clingo's JSON output (``--outf=2``): clingo-wasm,
the same clingo compiled to WebAssembly.

The solver (:mod:`slitherasp.solver`) and sessions (:mod:`slitherasp.solver.sessions`) use
clingo's module when it loads, else :func:`run_text`. One encoding and one set of
facts (:mod:`slitherasp.kinds.facts`) either way; only how they reach clingo differs: a
text run grounds the whole program afresh, has no assumptions or externals (a session
writes its clues and marks as facts and constraints) and cannot be interrupted (its
time limit is clingo's own ``--time-limit``).

:data:`RUNNER` is set by whoever provides clingo as text: the browser's worker sets
clingo-wasm's; the tests set :func:`json_run`, clingo's module behind the same
interface, so that the text path is tested where no browser is.

>>> set_runner(json_run)
>>> run = run_text("{a; b}. :- a, b. #show a/0. #show b/0.", 0, [])
>>> sorted(run.models), run.result, run.exhausted
([(), ('a',), ('b',)], 'SATISFIABLE', True)
>>> set_runner(None)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..kinds.facts import Program
    from ..model import Answer
    from ..model.results import Result

__all__ = ["RUNNER", "Run", "in_process", "json_run", "run_text", "set_runner", "solve_program"]

Runner = Callable[[str, int, Sequence[str]], str]
"""``runner(program, models, options)`` -> clingo's JSON output (``--outf=2``), as text."""
RUNNER: Runner | None = None
"""The text runner, when clingo's module is not to be used (see the module)."""


def set_runner(runner: Runner | None) -> None:
    """Use ``runner`` for every later solve instead of clingo's module (None: the module)."""
    global RUNNER
    RUNNER = runner


@cache
def _loadable() -> bool:
    try:
        import clingo  # noqa: F401
    except ImportError:
        return False
    return True


def in_process() -> bool:
    """Whether solves run through clingo's module (no runner set, and it loads)."""
    return RUNNER is None and _loadable()


@dataclass(frozen=True)
class Run:
    """What one text run found: the shown atoms of each model (as clingo prints
    them), clingo's result word (``OPTIMUM FOUND`` when an optimisation proved its last
    model best), whether the search space was exhausted, its statistics (``choices``,
    ``conflicts``, ``atoms``, ``rules``) when asked for, and the last model's costs (a
    program with weak constraints)."""

    models: tuple[tuple[str, ...], ...]
    result: str
    exhausted: bool
    statistics: dict[str, int] = field(default_factory=dict)
    costs: tuple[int, ...] = ()
    late: bool = False
    """Whether the run's time limit had passed when it ended."""

    @property
    def timed_out(self) -> bool:
        """Stopped by its time limit (``UNKNOWN`` past it; a conflict budget,
        ``--solve-limit``, ends with ``UNKNOWN`` too, and is no time-out)."""
        return self.result == "UNKNOWN" and self.late


def run_text(program: str, models: int, options: Sequence[str], *, time_limit: float | None = None) -> Run:
    """Run ``program`` (encoding and facts, as text) for up to ``models`` models (0:
    all) with clingo's command-line ``options``; ``time_limit`` in seconds (rounded up:
    clingo counts whole seconds)."""
    from ..model.errors import SlitherError

    runner = RUNNER
    if runner is None:
        if not _loadable():
            raise SlitherError("this needs clingo, which is not available here")
        runner = json_run
    wanted = list(options)
    if time_limit is not None:
        wanted.append(f"--time-limit={max(1, math.ceil(time_limit))}")
    start = time.perf_counter()
    raw = json.loads(runner(program, models, wanted))
    late = time_limit is not None and time.perf_counter() - start >= time_limit
    if raw.get("Result") == "ERROR":
        raise SlitherError(f"clingo failed: {str(raw.get('Error', '')).strip()[:200]}")
    calls = raw.get("Call") or [{}]
    witnesses = calls[-1].get("Witnesses", ())
    found = tuple(tuple(w.get("Value", ())) for w in witnesses)
    result = str(raw.get("Result", "UNKNOWN"))
    exhausted = result != "UNKNOWN" and (raw.get("Models") or {}).get("More") == "no"
    costs = tuple(int(c) for c in witnesses[-1].get("Costs", ())) if witnesses else ()
    return Run(found, result, exhausted, _statistics(raw.get("Stats")), costs, late)


def solve_program(program: Program, args: list[str], start: float, *, time_limit: float | None,
                unique: bool, keep: bool, on_answer: Callable[[Answer], None] | None, statistics: bool) -> Result:
    """:func:`slitherasp.solver.solve` as one run of the program as text: the same
    encoding and facts, clingo's own time limit, no interrupt. ``args``: the solve's
    command-line options, the number of models first."""
    from ..kinds import facts as asp_facts
    from ..model.results import SAT, UNKNOWN, UNSAT, Result, uniqueness

    text = program.text
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
    run = run_text(text, int(args[0]), [a for a in args[1:] if not a.startswith("--parallel")], time_limit=left)
    decode = asp_facts.atoms_decoder(program.graph, program.segments)
    answers = tuple(decode(m) for m in run.models)
    for a in answers if on_answer is not None else ():
        on_answer(a)
    status = SAT if answers else UNSAT if run.result == "UNSATISFIABLE" else UNKNOWN
    t = time.perf_counter() - start
    return Result(puzzle=program.graph, status=status, answers=answers if keep else (), count=len(answers),
                  unique=uniqueness(answers, run.exhausted) if unique else None, exhausted=run.exhausted,
                  timed_out=run.timed_out, time_solve=t, time_total=t, statistics=run.statistics if statistics else {})


def _statistics(stats: dict[str, Any] | None) -> dict[str, int]:
    if not stats:
        return {}
    core, lp = stats.get("Core", {}), stats.get("LP", {})
    rules = lp.get("Rules", {})
    return {"atoms": int(lp.get("Atoms", 0)), "rules": int(rules.get("Final", rules.get("Original", 0))),
            "choices": int(core.get("Choices", 0)), "conflicts": int(core.get("Conflicts", 0))}


def json_run(program: str, models: int, options: Sequence[str]) -> str:
    """A text runner made of clingo's module: the JSON that clingo's ``--outf=2`` prints
    (the parts :func:`run_text` reads), so that the text path runs where clingo-wasm
    does not."""
    import clingo

    limit = next((o for o in options if o.startswith("--time-limit=")), None)
    args = [o for o in options if o != limit and o != "--stats"]
    ctl = clingo.Control([*args, str(models)], logger=lambda code, msg: None)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    witnesses = []
    end = math.inf if limit is None else time.perf_counter() + float(limit.split("=")[1])
    with ctl.solve(yield_=True, async_=True) as handle:
        done = True
        while True:
            handle.resume()
            if not handle.wait(max(0.0, end - time.perf_counter()) if end < math.inf else None):
                handle.cancel()
                done = False
                break
            m = handle.model()
            if m is None:
                break
            costs = {"Costs": m.cost} if m.cost else {}
            witnesses.append({"Value": [str(s) for s in m.symbols(shown=True)], **costs})
        res = handle.get()
    if not done:
        result, more = "UNKNOWN", "yes"
    else:
        result = "SATISFIABLE" if witnesses else "UNSATISFIABLE" if res.unsatisfiable else "UNKNOWN"
        if witnesses and "Costs" in witnesses[-1] and res.exhausted:  # clingo's word for a proved optimum
            result = "OPTIMUM FOUND"
        more = "no" if res.exhausted else "yes"
    out: dict[str, Any] = {"Call": [{"Witnesses": witnesses}], "Result": result,
                           "Models": {"Number": len(witnesses), "More": more}}
    if "--stats" in options:
        s = ctl.statistics
        lp, solver = s["problem"]["lp"], s["solving"]["solvers"]
        out["Stats"] = {"Core": {"Choices": solver["choices"], "Conflicts": solver["conflicts"]},
                        "LP": {"Atoms": lp["atoms"], "Rules": {"Final": lp["rules"]}}}
    return json.dumps(out)
