"""Driving clingo: limits, interrupts, sessions and batches; nothing else.

What to run comes from the puzzle's kind (:mod:`slitherasp.kinds`) as an
:class:`~slitherasp.kinds.facts.Program`: an encoding of ``asp/`` and its facts as text.
The program is grounded once and searched asynchronously, so that a time limit or
Ctrl-C stops it cleanly. An unsatisfiable puzzle, a time-out or an interrupt is a
:class:`~slitherasp.model.results.Result` with a status, never an exception.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]],
...                clues=[3, None])
>>> r = solve(p, unique=True)
>>> str(r.status), r.unique, len(r.answers[0])
('SATISFIABLE', True, 6)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..kinds import facts as asp_facts
from ..kinds import kind_of
from ..kinds.encodings import MODELS, NEEDS, resolve
from ..kinds.facts import AUTO, DEFAULT_ENCODING, ENCODINGS
from ..model import Answer, Puzzle, limits, stopping
from ..model.errors import InputError
from ..model.results import SAT, UNKNOWN, UNSAT, Result, Status, uniqueness
from . import engines

if TYPE_CHECKING:
    import clingo

__all__ = ["AUTO", "DEFAULT_ENCODING", "ENCODINGS", "PROBING", "SAT", "UNKNOWN", "UNSAT", "Result", "Status",
           "count", "solve"]


# --------------------------------------------------------------------------- solving
PROBING = "--lookahead=atom,1"
"""clasp's failed-literal probing as every solve uses it: on atoms, one application
(to a fixpoint at the root), then plain search. The grade ``medium`` is defined by it."""


def solve(
    puzzle: Any,
    *,
    models: int = 1,
    unique: bool = False,
    time_limit: float | None = None,
    threads: int = 1,
    encoding: str = DEFAULT_ENCODING,
    statistics: bool = False,
    lookahead: bool | None = None,
    on_answer: Callable[[Answer], None] | None = None,
    keep: bool = True,
    conflicts: int | None = None,
    simplify: bool = True,
    progress: Callable[[int], None] | None = None,
) -> Result:
    """Solve a puzzle of any kind (a :class:`Puzzle`, a Sloop). ``models=0``
    enumerates all answers; ``unique`` looks for a second answer to prove the first
    unique; ``time_limit`` in seconds. ``lookahead`` (default: on when at most two
    answers are wanted and the kind's program says probing pays) turns on clasp's
    failed-literal probing. ``keep=False`` only counts the
    answers (:attr:`Result.count`), for enumerations too large to hold. ``conflicts``
    stops the search after that many conflicts (not ``exhausted`` then). ``progress``
    is told the number of answers found after each (from clasp's thread). ``simplify``
    (default on) solves the puzzle reduced by :mod:`slitherasp.simplify` (the same
    answers; statistics then describe the smaller program). A board with few clues is
    answered on a window of it first (:mod:`.sparse`)."""
    _check(models=models, threads=threads, time_limit=time_limit)
    # a model or option that cannot apply is refused before any shortcut; the seeds'
    # models, chosen by name, run on the whole board (the window is reach's and colour's)
    chosen = resolve(encoding, puzzle) if type(puzzle) is Puzzle else None
    if (models == 1 and simplify and keep and conflicts is None and lookahead is None and not statistics
            and progress is None and chosen is not None and chosen.model in ("reach", "colour")
            and not chosen.options):
        from .sparse import few_clues

        found = few_clues(puzzle, unique=unique, time_limit=time_limit, on_answer=on_answer,
                          solve=lambda part, **how: _solve(part, encoding=encoding, threads=threads, **how))
        if found is not None:
            return found
    return _solve(puzzle, models=models, unique=unique, time_limit=time_limit, threads=threads, encoding=encoding,
                  statistics=statistics, lookahead=lookahead, on_answer=on_answer, keep=keep, conflicts=conflicts,
                  simplify=simplify, progress=progress)


def _solve(puzzle: Any, *, models: int = 1, unique: bool = False, time_limit: float | None = None, threads: int = 1,
           encoding: str = DEFAULT_ENCODING, statistics: bool = False, lookahead: bool | None = None,
           on_answer: Callable[[Answer], None] | None = None, keep: bool = True, conflicts: int | None = None,
           simplify: bool = True, progress: Callable[[int], None] | None = None) -> Result:
    """:func:`solve` on the whole board."""
    start = time.perf_counter()
    program = kind_of(puzzle).program(puzzle, encoding, simplify=simplify)
    if program.settled is not None and conflicts is None:
        done = _settled(program, program.settled, start, keep=keep, unique=unique, statistics=statistics,
                        on_answer=on_answer)
        if done is not None:
            return done
    if program.settled is not None:  # a search after all: the whole puzzle's facts
        program = kind_of(puzzle).program(puzzle, encoding, simplify=False)
    wanted = max(models, 2) if unique and models != 0 else models
    if lookahead is None:
        lookahead = 0 < wanted <= 2 and program.probing
    args = _options(wanted, threads, lookahead=lookahead, statistics=statistics, conflicts=conflicts)
    args += MODELS[program.encoding].flags if program.encoding in MODELS else ()
    if not engines.in_process():
        if _propagated(program):
            raise InputError(f"the {program.encoding} encoding needs {NEEDS['propagator']}; choose another --encoding")
        return engines.solve_program(program, args, start, time_limit=time_limit, unique=unique, keep=keep,
                                     on_answer=on_answer, statistics=statistics)
    import clingo  # here, not at the top: a puzzle the rules settle whole never loads it

    ctl = clingo.Control(args, logger=lambda code, msg: None)
    if _propagated(program):
        from .subloops import SubloopCuts

        ctl.register_propagator(SubloopCuts())
    t0 = time.perf_counter()
    stop = ground(ctl, program, deadline_of(start, time_limit))
    if stop is not None:
        return Result(puzzle=program.graph, status=UNKNOWN, timed_out=stop == "time", interrupted=stop == "interrupt",
                      time_ground=time.perf_counter() - t0, time_total=time.perf_counter() - start)
    t1 = time.perf_counter()
    left = None if time_limit is None else max(0.0, time_limit - (t1 - start))
    search = run_search(ctl, decoder(program.graph, program.segments), time_limit=left, on_answer=on_answer,
                        keep=keep, progress=progress)
    uniq = uniqueness(search.answers, search.exhausted) if unique else None
    stats = _statistics(ctl) if statistics and not search.abandoned else {}
    return Result(
        puzzle=program.graph,
        status=search.status,
        answers=search.answers,
        count=search.count,
        unique=uniq,
        exhausted=search.exhausted,
        timed_out=search.timed_out,
        interrupted=search.interrupted,
        time_ground=t1 - t0,
        time_solve=search.seconds,
        time_total=time.perf_counter() - start,
        statistics=stats,
    )


def _propagated(program: asp_facts.Program) -> bool:
    """Whether the program's model needs a propagator (``lazy``: :mod:`slitherasp.solver.subloops`)."""
    model = MODELS.get(program.encoding)
    return model is not None and "propagator" in model.needs


def _options(wanted: int, threads: int, *, lookahead: bool, statistics: bool, conflicts: int | None) -> list[str]:
    """clingo's command-line options for one solve."""
    # --trans-ext=integ: clasp turns the aggregates of integrity constraints (degrees,
    # clues) into plain clauses; measured 25% less ground+solve time on puzzlekit.
    # Never together with --backprop (the crafty and handy configurations): clingo
    # 5.8.3 then called a satisfiable colour.lp instance (a Loopy 60x60) unsatisfiable.
    args = [str(wanted), f"--parallel-mode={max(1, threads)}", "--trans-ext=integ"]
    if lookahead:
        # Failed-literal probing on atoms, applied once: at the root it runs to a
        # fixpoint and settles most puzzles without a decision; after that clasp
        # searches without probing. Measured side by side (uniqueness proofs):
        # hats 20x20 0.12 s against 5.2 s with unlimited probing and 0.29 s without;
        # a Loopy "hard" 40x40 square 0.16 s against 0.19 s and 0.36 s.
        args.append(PROBING)
    if statistics:
        args.append("--stats")
    if conflicts is not None:
        args.append(f"--solve-limit={conflicts}")
    return args


def _settled(program: asp_facts.Program, lines: Answer, start: float, *, keep: bool, unique: bool,
             statistics: bool, on_answer: Callable[[Answer], None] | None) -> Result | None:
    """The result of a puzzle whose every edge the reduction settled: its one answer,
    once the independent checker passes it (None otherwise, and clingo decides)."""
    from ..validate import check_lines

    if not check_lines(program.graph, lines).valid:
        return None
    if on_answer is not None:
        on_answer(lines)
    t = time.perf_counter() - start
    return Result(puzzle=program.graph, status=SAT, answers=(lines,) if keep else (), count=1,
                  unique=True if unique else None, exhausted=True, time_total=t,
                  statistics=dict.fromkeys(("atoms", "rules", "choices", "conflicts"), 0) if statistics else {})


def ground(ctl: clingo.Control, program: asp_facts.Program, deadline: float | None) -> str | None:
    """Load, add and ground the program; ``"time"`` or ``"interrupt"`` when the deadline
    (or one of :mod:`slitherasp.model.stopping`) passed or a stop was asked meanwhile, else
    None. Grounding cannot be stopped midway, so it runs in a thread of its own that
    this one waits for: when the stop comes first it is left behind (kept alive, see
    :func:`abandoned`) instead of delaying the answer by seconds (a 200x200 grid grounds
    in about 4 s)."""

    def work() -> None:
        for path in program.paths:
            ctl.load(str(path))
        ctl.add("base", [], program.facts)
        ctl.ground([("base", [])])

    return waited(work, ctl, deadline)[0]


def waited(work: Callable[[], Any], ctl: clingo.Control, deadline: float | None) -> tuple[str | None, Any]:
    """``work()`` (a call into clingo that cannot be interrupted) in a thread, while this
    one watches the deadline, :mod:`slitherasp.model.stopping` and Ctrl-C: ``(None, value)``
    when it ended first; else ``("time" | "interrupt", None)`` and the work runs on,
    abandoned with its control. Its exception, if any, is raised here."""
    import threading

    box: list[Any] = []

    def run() -> None:
        try:
            box.append((True, work()))
        except BaseException as exc:  # handed to the waiting thread
            box.append((False, exc))

    why: str | None = None
    if deadline is not None and time.perf_counter() >= deadline:  # out of time before it began
        return "time", None
    thread = threading.Thread(target=run, name="slitherasp-clingo", daemon=True)
    try:
        thread.start()
        while thread.is_alive():
            thread.join(_step(deadline))
            if not thread.is_alive():
                break
            why = "time" if deadline is not None and time.perf_counter() >= deadline else stopping.reason()
            if why is not None:
                break
    except KeyboardInterrupt:
        why = "interrupt"
    if why is not None and thread.is_alive():
        _ABANDONED.append((ctl, thread))
        return why, None
    ok, value = box[0]
    if isinstance(value, KeyboardInterrupt):  # a Ctrl-C inside the call: it may have started a search
        _ABANDONED.append((ctl, None))
        return "interrupt", None
    if not ok:
        raise value
    return None, value


def _step(deadline: float | None) -> float:
    """How long to wait before looking again at the deadline and at stop requests."""
    return 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))


def deadline_of(start: float, time_limit: float | None) -> float | None:
    """The earlier of ``start + time_limit`` and the deadline of :mod:`slitherasp.model.stopping`."""
    ends = [start + time_limit] if time_limit is not None else []
    outer = stopping.left()
    if outer is not None:
        ends.append(time.perf_counter() + outer)
    return min(ends, default=None)


def _check(*, models: int = 1, threads: int = 1, time_limit: float | None = None) -> None:
    """Refuse option values clingo would choke on, as :class:`InputError`."""
    limits.models(models)
    if not isinstance(threads, int) or not 1 <= threads <= 64:
        raise InputError(f"threads must be a whole number 1..64, not {threads!r}")
    if time_limit is not None and not (math.isfinite(time_limit) and time_limit >= 0):
        raise InputError(f"the time limit must be a finite number of seconds, not {time_limit!r}")


@dataclass(frozen=True, eq=False)
class Search:
    """What one ``Control.solve`` call found, before it becomes a :class:`Result`."""

    answers: tuple[Answer, ...]
    count: int
    status: Status
    exhausted: bool
    timed_out: bool
    interrupted: bool
    seconds: float
    abandoned: bool = False
    """The search did not stop in time and runs on in the background."""


def decoder(puzzle: Puzzle, segments: dict[str, tuple[int, ...]] | None = None) -> Callable[[clingo.Model], Answer]:
    """Maps a model's shown ``link/2`` atoms back to edge indices (through the
    segments of a reduced program, when given).

    Each symbol is printed once and its edges remembered under the symbol itself:
    printing costs about 1.5 us an atom, a look-up by symbol a fifth of that, so a
    session (every model on one grounding) and the second model of a uniqueness proof
    read their links without printing (10x10: 66 us a model against 300)."""
    edges_of = asp_facts.atoms_decoder(puzzle, segments)
    seen: dict[clingo.Symbol, frozenset[int]] = {}

    def decode(m: clingo.Model) -> Answer:
        out: set[int] = set()
        for s in m.symbols(shown=True):
            edges = seen.get(s)
            if edges is None:
                edges = seen[s] = edges_of((str(s),))
            out |= edges
        return frozenset(out)

    return decode


def run_search(
    ctl: clingo.Control,
    decode: Callable[[clingo.Model], Answer],
    *,
    time_limit: float | None = None,
    on_answer: Callable[[Answer], None] | None = None,
    keep: bool = True,
    assumptions: Sequence[int] = (),
    progress: Callable[[int], None] | None = None,
) -> Search:
    """Run the configured search asynchronously, so that a time limit or Ctrl-C stops it
    cleanly; an interrupt or time-out is recorded, never raised. ``keep=False``: count
    the answers without decoding or keeping them; ``assumptions``: program literals
    that hold in this search only."""
    found: list[Answer] = []
    seen = 0

    def model(m: clingo.Model) -> None:
        nonlocal seen
        seen += 1
        if progress is not None:
            progress(seen)
        if not keep and on_answer is None:
            return
        ans = decode(m)
        if keep:
            found.append(ans)
        if on_answer is not None:
            on_answer(ans)

    start = time.perf_counter()
    deadline = deadline_of(start, time_limit)
    timed_out = interrupted = False
    # Starting the search runs clasp's preprocessing, which no interrupt reaches
    # (measured: over 100 s on a clue-less 120x120 square, now and then): in a thread.
    why, handle = waited(lambda: ctl.solve(on_model=model, async_=True, assumptions=list(assumptions)),
                          ctl, deadline)
    try:
        while why is None and not handle.wait(_step(deadline)):
            late = deadline is not None and time.perf_counter() >= deadline
            why = "time" if late else stopping.reason()  # or the one who asked went away, or Ctrl-C
    except KeyboardInterrupt:
        why = "interrupt"
    timed_out, interrupted = why == "time", why == "interrupt"
    stopped = timed_out or interrupted
    if stopped:
        ctl.interrupt()
        # A search that does not stop (clasp does not look at interrupts everywhere:
        # root probing runs to its end), or one still being prepared: leave it running
        # in the background rather than hang here; the command line then leaves with
        # os._exit (a normal exit with a search running aborts the process:
        # measured, 'terminate called', exit 134)
        if handle is None or not _wait_briefly(handle):
            if handle is not None:
                _ABANDONED.append((ctl, handle))
            return Search(tuple(found), seen, SAT if seen else UNKNOWN, False, timed_out, interrupted,
                           time.perf_counter() - start, abandoned=True)
    res = handle.get()
    handle.__exit__(None, None, None)  # close the handle (clingo's API has only the context manager)
    if seen:
        status = SAT
    elif res.unsatisfiable and not stopped:
        status = UNSAT
    else:
        status = UNKNOWN
    return Search(tuple(found), seen, status, bool(res.exhausted) and not stopped, timed_out, interrupted,
                   time.perf_counter() - start)


GRACE = 0.5
"""Seconds a stopped search may take to notice the stop before it is left behind."""
_ABANDONED: list[tuple[clingo.Control, Any]] = []
"""Searches left running after a time-out or Ctrl-C (kept alive: a Control freed while
its search runs would crash). The command line exits without waiting for them."""


def _wait_briefly(handle: clingo.SolveHandle) -> bool:
    """Wait up to :data:`GRACE` for a search to end, even through a second Ctrl-C."""
    end = time.perf_counter() + GRACE
    while True:
        try:
            return bool(handle.wait(max(0.0, end - time.perf_counter())))
        except KeyboardInterrupt:
            continue


def abandoned() -> bool:
    """Whether a search or grounding left behind still runs (then exit with ``os._exit``,
    not normally); those that ended since are forgotten."""
    _ABANDONED[:] = [(ctl, h) for ctl, h in _ABANDONED if _running(h)]
    return bool(_ABANDONED)


def _running(work: Any) -> bool:
    """Whether an abandoned thread or search handle (None: unknown) still runs."""
    if work is None:
        return True
    if hasattr(work, "is_alive"):
        return bool(work.is_alive())
    try:
        return not work.wait(0)
    except RuntimeError:
        return True


def _statistics(ctl: clingo.Control) -> dict:
    s = ctl.statistics
    lp, solver = s["problem"]["lp"], s["solving"]["solvers"]
    return {
        "atoms": int(lp["atoms"]),
        "rules": int(lp["rules"]),
        "choices": int(solver["choices"]),
        "conflicts": int(solver["conflicts"]),
    }


def count(puzzle: Puzzle, **kwargs) -> Result:
    """Count all answers (all loops of a clue-less puzzle) without keeping them:
    :attr:`Result.count`, exact when :attr:`Result.exhausted`; see :func:`solve`.

    >>> from slitherasp.model import from_faces
    >>> count(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]])).count
    3
    """
    return solve(puzzle, models=0, keep=False, **kwargs)
