"""Driving clingo: limits, interrupts, sessions and batches; nothing else.

What to run comes from the puzzle's kind (:mod:`slitherasp.kinds`) as an
:class:`~slitherasp.asp_facts.Program`: an encoding of ``asp/`` and its facts as text.
The program is grounded once and searched asynchronously, so that a time limit or
Ctrl-C stops it cleanly. An unsatisfiable puzzle, a time-out or an interrupt is a
:class:`~slitherasp.results.Result` with a status, never an exception.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]],
...                clues=[3, None])
>>> r = solve(p, unique=True)
>>> str(r.status), r.unique, len(r.answers[0])
('SATISFIABLE', True, 6)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import clingo

from . import asp_facts
from .asp_facts import AUTO, DEFAULT_ENCODING, ENCODINGS
from .kinds import kind_of
from .model import Answer, Puzzle
from .results import SAT, UNKNOWN, UNSAT, Result, Status

__all__ = ["AUTO", "DEFAULT_ENCODING", "ENCODINGS", "PROBING", "SAT", "UNKNOWN", "UNSAT", "Batch", "Result",
           "Session", "Status", "count", "solve"]


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
) -> Result:
    """Solve a puzzle of any kind (a :class:`Puzzle`, a Sloop). ``models=0``
    enumerates all answers; ``unique`` looks for a second answer to prove the first
    unique; ``time_limit`` in seconds. ``lookahead`` (default: on when at most two
    answers are wanted and the kind's program says probing pays) turns on clasp's
    failed-literal probing. ``keep=False`` only counts the
    answers (:attr:`Result.count`), for enumerations too large to hold. ``conflicts``
    stops the search after that many conflicts (not ``exhausted`` then)."""
    start = time.perf_counter()
    program = kind_of(puzzle).program(puzzle, encoding)
    wanted = models
    if unique and models != 0:
        wanted = max(models, 2)
    # --trans-ext=integ: clasp turns the aggregates of integrity constraints (degrees,
    # clues) into plain clauses; measured 25% less ground+solve time on puzzlekit.
    # Never together with --backprop (the crafty and handy configurations): clingo
    # 5.8.3 then called a satisfiable colour.lp instance (a Loopy 60x60) unsatisfiable.
    args = [str(wanted), f"--parallel-mode={max(1, threads)}", "--trans-ext=integ"]
    if lookahead is None:
        lookahead = 0 < wanted <= 2 and program.probing
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
    ctl = clingo.Control(args, logger=lambda code, msg: None)
    ctl.load(str(program.path))
    ctl.add("base", [], program.facts)
    t0 = time.perf_counter()
    ctl.ground([("base", [])])
    t1 = time.perf_counter()

    search = _search(ctl, _decoder(program.graph), time_limit=time_limit, on_answer=on_answer, keep=keep)
    uniq = _uniqueness(search.answers, search.exhausted) if unique else None
    stats = _statistics(ctl) if statistics else {}
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


def _uniqueness(answers: Sequence[Answer], exhausted: bool) -> bool | None:
    """Whether the first answer is unique, from a search for two: False when a second
    was found, True when none was and the search ran to its end, else unknown."""
    if len(answers) > 1:
        return False
    return True if answers and exhausted else None


@dataclass(frozen=True)
class _Search:
    """What one ``Control.solve`` call found, before it becomes a :class:`Result`."""

    answers: tuple[Answer, ...]
    count: int
    status: Status
    exhausted: bool
    timed_out: bool
    interrupted: bool
    seconds: float


def _decoder(puzzle: Puzzle) -> Callable[[clingo.Model], Answer]:
    """Maps a model's shown ``link/2`` atoms back to edge indices."""
    edge_of = asp_facts.link_atoms(puzzle)
    return lambda m: frozenset(edge_of[str(s)] for s in m.symbols(shown=True))


def _search(
    ctl: clingo.Control,
    decode: Callable[[clingo.Model], Answer],
    *,
    time_limit: float | None = None,
    on_answer: Callable[[Answer], None] | None = None,
    keep: bool = True,
    assumptions: Sequence[int] = (),
) -> _Search:
    """Run the configured search asynchronously, so that a time limit or Ctrl-C stops it
    cleanly; an interrupt or time-out is recorded, never raised. ``keep=False``: count
    the answers without decoding or keeping them; ``assumptions``: program literals
    that hold in this search only."""
    found: list[Answer] = []
    seen = 0

    def model(m: clingo.Model) -> None:
        nonlocal seen
        seen += 1
        if not keep and on_answer is None:
            return
        ans = decode(m)
        if keep:
            found.append(ans)
        if on_answer is not None:
            on_answer(ans)

    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    timed_out = interrupted = False
    with ctl.solve(on_model=model, async_=True, assumptions=list(assumptions)) as handle:  # type: ignore[union-attr]
        try:
            while True:
                step = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.perf_counter()))
                if handle.wait(step):
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    timed_out = True
                    handle.cancel()
                    break
        except KeyboardInterrupt:
            interrupted = True
            handle.cancel()
        res = handle.get()
    stopped = timed_out or interrupted
    if seen:
        status = SAT
    elif res.unsatisfiable and not stopped:
        status = UNSAT
    else:
        status = UNKNOWN
    return _Search(
        answers=tuple(found),
        count=seen,
        status=status,
        exhausted=bool(res.exhausted) and not stopped,
        timed_out=timed_out,
        interrupted=interrupted,
        seconds=time.perf_counter() - start,
    )


def _statistics(ctl: clingo.Control) -> dict:
    s = ctl.statistics
    lp, solver = s["problem"]["lp"], s["solving"]["solvers"]
    return {
        "atoms": int(lp["atoms"]),
        "rules": int(lp["rules"]),
        "choices": int(solver["choices"]),
        "conflicts": int(solver["conflicts"]),
    }


# --------------------------------------------------------------------------- sessions
class Session:
    """One grounding of a puzzle's graph, many solves under different clues.

    Every clue value a cell may take is an external atom ``clue(C,N)``; a solve
    assumes the ones of its clue set, so changing clues never re-grounds, and what
    clingo learns in one solve speeds up the next. Answers can be blocked for good
    (the generator blocks its planted loop and asks whether another answer is left).

    >>> from slitherasp.model import from_faces
    >>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]])
    >>> s = Session(p)
    >>> len(s.solve({}, models=0).answers), len(s.solve({0: 3}, models=0).answers)
    (3, 1)
    """

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        values: Sequence[Iterable[int]] | None = None,
        pinned: Mapping[int, int] | None = None,
        lookahead: bool = False,
        fresh: bool = False,
        encoding: str = DEFAULT_ENCODING,
    ) -> None:
        """``values[c]``: the clue values cell ``c`` may be given (default: all);
        ``pinned``: clues that hold in every solve, as facts: a positive one also
        gives the encoding a short root chain (every answer touches that cell), which
        propagates far better than the chain of all vertices;
        ``fresh``: forget what was learnt between solves, so each solve behaves
        like a solve from scratch (for grading)."""
        self.puzzle = puzzle
        self._pinned = pinned = dict(pinned or {})
        blank = puzzle.with_clues(pinned)
        if values is None:
            values = [range(len(es) + 1) for es in puzzle.cell_edges]
        values = [() if c in pinned else ks for c, ks in enumerate(values)]
        args = ["1", "--trans-ext=integ"]
        if lookahead:
            args.append(PROBING)
        if fresh:
            args.append("--forget-on-step=varScores,signs,lemmaScores,lemmas")
        encoding = asp_facts.resolve(encoding, puzzle)
        self._ctl = ctl = clingo.Control(args, logger=lambda code, msg: None)
        ctl.load(str(asp_facts.encoding_path(encoding)))
        ctl.add("base", [], asp_facts.session_facts(blank, values, encoding))
        ctl.add("base", [], asp_facts.CLUE_EXTERNALS)
        ctl.ground([("base", [])])
        # Clues are switched by assumptions over every clue external, set free once:
        # one call per solve instead of one per changed clue.
        index = puzzle.cell_index
        self._external: dict[tuple[int, int], int] = {}
        for a in ctl.symbolic_atoms.by_signature(*asp_facts.CLUE):
            if a.is_external:
                cell, k = asp_facts.clue_of_atom(str(a.symbol))
                self._external[index[cell], k] = a.literal
                ctl.assign_external(a.literal, None)
        self._off = [-lit for lit in self._external.values()]
        self._decode = _decoder(puzzle)
        link = {str(a.symbol): a.literal for a in ctl.symbolic_atoms.by_signature(*asp_facts.LINK)}
        self._literal = [link.get(atom) for atom in asp_facts.link_atoms(puzzle)]

    def block(self, answer: Iterable[int]) -> None:
        """Forbid an answer in every later solve."""
        lits = [self._literal[e] for e in answer]
        if any(lit is None for lit in lits):
            return  # an edge that can never be a link: the answer is impossible anyway
        with self._ctl.backend() as backend:
            backend.add_rule([], lits)

    def solve(
        self,
        clues: Mapping[int, int],
        *,
        models: int = 1,
        time_limit: float | None = None,
        conflicts: int | None = None,
        statistics: bool = True,
    ) -> Result:
        """Answers under the clue set ``{cell index: clue}`` (at most ``models``, 0 = all).
        ``conflicts`` bounds the search deterministically (unlike a time limit): when it
        runs out, the result is not ``exhausted``. ``statistics``: report the choices
        and conflicts (clingo builds its whole statistics tree for that: a sixth of a
        10x10 session solve)."""
        ctl = self._ctl
        ctl.configuration.solve.models = str(models)
        ctl.configuration.solve.solve_limit = "umax" if conflicts is None else f"{conflicts},umax"
        on = {self._external[c, k] for c, k in clues.items() if c not in self._pinned}
        assumptions = [-lit if -lit in on else lit for lit in self._off]
        search = _search(ctl, self._decode, time_limit=time_limit, assumptions=assumptions)
        stats = {}
        if statistics:
            solver = ctl.statistics["solving"]["solvers"]
            stats = {"choices": int(solver["choices"]), "conflicts": int(solver["conflicts"])}
        return Result(
            puzzle=self.puzzle.with_clues(dict(clues)),
            status=search.status,
            answers=search.answers,
            count=search.count,
            exhausted=search.exhausted,
            timed_out=search.timed_out,
            interrupted=search.interrupted,
            time_solve=search.seconds,
            time_total=search.seconds,
            statistics=stats,
        )


class Batch:
    """Solves many puzzles one after another, grounding each graph once.

    The first puzzle on a graph gets a fresh :func:`solve` (with root probing). From
    the second on, puzzles on the same graph (same vertices, edges and cells; clues
    may differ) go to one :class:`Session` for that graph: no parsing or grounding,
    and what clingo learnt on earlier puzzles carries over. A session cannot probe
    at the root, so a session solve gets a conflict budget of about one conflict
    per edge (puzzlekit's densely clued puzzles need a quarter of that, 99% need
    at most 1.2); past it the puzzle is solved afresh, so a hard puzzle costs at
    most that budget more than alone. The answers are those of :func:`solve`.

    >>> from slitherasp import tilings
    >>> grid = tilings.build("square", 2, 1)
    >>> b = Batch()
    >>> [b.solve(grid.with_clues(k), unique=True).unique for k in ([3, 3], [4, 1], [None, None])]
    [True, True, False]
    """

    def __init__(self, *, encoding: str = DEFAULT_ENCODING, max_edges: int = 20_000, budget: float = 1.0) -> None:
        """``max_edges``: the graphs remembered hold at most this many edges in all
        (a session holds about 17 KB per edge); the least recently used go first.
        ``budget``: a session solve may take ``budget * (edges + 100)`` conflicts."""
        self.encoding = encoding
        self.max_edges = max_edges
        self.budget = budget
        self._sessions: dict[tuple, Session | None] = {}  # None: graph seen once
        self._edges = 0

    def solve(self, puzzle: Puzzle, *, unique: bool = False, time_limit: float | None = None) -> Result:
        """Like :func:`solve` with ``models=1``: one answer, and with ``unique`` a
        search for a second."""
        geometry = puzzle.geometry
        # the graph, and the faces that decide the encoding (cheaper than is_disc)
        key = (puzzle.vertices, puzzle.edges, puzzle.cells, puzzle.cell_edges,
               None if geometry is None else geometry.faces)
        if key not in self._sessions:
            self._remember(key, None)
            return solve(puzzle, unique=unique, time_limit=time_limit, encoding=self.encoding)
        start = time.perf_counter()
        session = self._sessions.pop(key) or Session(puzzle, encoding=self.encoding)
        self._edges -= len(puzzle.edges)
        self._remember(key, session)
        wanted = 2 if unique else 1
        r = session.solve({c: k for c, k in enumerate(puzzle.clues) if k is not None}, models=wanted,
                          time_limit=time_limit, conflicts=round(self.budget * (len(puzzle.edges) + 100)),
                          statistics=False)
        if not (r.exhausted or r.timed_out or r.interrupted) and r.count < wanted:
            # over the budget: a fresh solve with probing, in the time that is left
            left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
            return solve(puzzle, unique=unique, time_limit=left, encoding=self.encoding)
        uniq = _uniqueness(r.answers, r.exhausted) if unique else None
        return Result(puzzle=puzzle, status=r.status, answers=r.answers, count=r.count, unique=uniq,
                      exhausted=r.exhausted, timed_out=r.timed_out, interrupted=r.interrupted,
                      time_solve=r.time_solve, time_total=time.perf_counter() - start)

    def _remember(self, key: tuple, session: Session | None) -> None:
        """Most recently used last; forget the least recently used graphs while
        those remembered hold more than ``max_edges`` edges."""
        self._sessions[key] = session
        self._edges += len(key[1])
        while self._edges > self.max_edges and len(self._sessions) > 1:
            old = next(iter(self._sessions))
            del self._sessions[old]
            self._edges -= len(old[1])


def count(puzzle: Puzzle, **kwargs) -> Result:
    """Count all answers (all loops of a clue-less puzzle) without keeping them:
    :attr:`Result.count`, exact when :attr:`Result.exhausted`; see :func:`solve`.

    >>> from slitherasp.model import from_faces
    >>> count(from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]])).count
    3
    """
    return solve(puzzle, models=0, keep=False, **kwargs)

