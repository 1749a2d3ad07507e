"""Many solves on one grounding: a :class:`Session` per graph (clues switched by
assumptions over external atoms), and :class:`Batch`, which solves a stream of
puzzles and grounds each graph once.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..kinds import facts as asp_facts
from ..kinds.encodings import AUTO, parse
from ..kinds.facts import DEFAULT_ENCODING, atoms_decoder
from ..model import Puzzle, limits, stopping
from ..model.errors import InputError
from ..model.results import SAT, UNKNOWN, UNSAT, Result, uniqueness
from ..model.stopping import StoppedError
from ..rules import propagate
from . import engines
from .run import PROBING, Search, deadline_of, decoder, run_search, solve, waited


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

    Where clingo's module cannot be loaded (the browser), a session is a
    :class:`TextSession`: the same questions, each a run of the whole program as text.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> Session:
        if cls is Session and not engines.in_process():
            return super().__new__(TextSession)
        return super().__new__(cls)

    def __init__(
        self,
        puzzle: Puzzle,
        *,
        values: Sequence[Iterable[int]] | None = None,
        pinned: Mapping[int, int] | None = None,
        lookahead: bool = False,
        fresh: bool = False,
        forget: str | None = None,
        encoding: str = DEFAULT_ENCODING,
    ) -> None:
        """``values[c]``: the clue values cell ``c`` may be given (default: all);
        ``pinned``: clues that hold in every solve, as facts: a positive one also
        gives the encoding a short root chain (every answer touches that cell), which
        propagates far better than the chain of all vertices;
        ``fresh``: forget what was learnt between solves, so each solve behaves
        like a solve from scratch (for grading); ``forget``: what to forget between
        solves otherwise (clasp's ``--forget-on-step``, e.g. ``"lemmas"``)."""
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
        elif forget:
            args.append(f"--forget-on-step={forget}")
        encoding = asp_facts.resolve(encoding, puzzle)
        import clingo

        self._ctl = ctl = clingo.Control(args, logger=lambda code, msg: None)
        ctl.load(str(asp_facts.encoding_path(encoding)))
        ctl.add("base", [], asp_facts.session_facts(blank, values, encoding))
        ctl.add("base", [], asp_facts.CLUE_EXTERNALS)
        why, _ = waited(lambda: ctl.ground([("base", [])]), ctl, deadline_of(time.perf_counter(), None))
        if why is not None:  # a big puzzle grounds for seconds; the deadline or a stop came first
            raise StoppedError(why)
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
        self.broken = False
        """A search was left running after a time-out: no further solve is possible."""
        self._decode = decoder(puzzle)
        link = {str(a.symbol): a.literal for a in ctl.symbolic_atoms.by_signature(*asp_facts.LINK)}
        self._literal = [link.get(atom) for atom in asp_facts.link_atoms(puzzle)]

    def _edge_assumptions(self, known: Mapping[int, bool]) -> list[int] | None:
        """The literals saying that the edges of ``known`` have those states; None when
        one of them asks a line of an edge that can never be one."""
        out = []
        for e, line in known.items():
            lit = self._literal[e]
            if lit is None:
                if line:
                    return None
                continue
            out.append(lit if line else -lit)
        return out

    def core(self, clues: Mapping[int, int], known: Mapping[int, bool], *,
             conflicts: int | None = None) -> list[int] | None:
        """Edges of ``known`` that together fit no answer under ``clues`` (an
        unsatisfiable core, not necessarily minimal); None when some answer has them
        all or ``conflicts`` ran out first.

        >>> from slitherasp import tilings
        >>> s = Session(tilings.build("square", 2, 1), values=[[3], [3]])
        >>> s.core({0: 3, 1: 3}, {3: False}), s.core({}, {0: True})
        ([3], None)
        """
        edges = self._edge_assumptions(known)
        if edges is None:
            return sorted(e for e, line in known.items() if line and self._literal[e] is None)[:1]
        on = {self._external[c, k] for c, k in clues.items() if c not in self._pinned}
        assumptions = [-lit if -lit in on else lit for lit in self._off] + edges
        of = {lit if line else -lit: e for e, line in known.items() if (lit := self._literal[e]) is not None}
        ctl = self._ctl
        ctl.configuration.solve.models = "1"
        ctl.configuration.solve.solve_limit = "umax" if conflicts is None else f"{conflicts},umax"
        found: list[int] = []
        result = ctl.solve(assumptions=assumptions, on_core=found.extend)
        if not result.unsatisfiable:
            return None
        return sorted({of[lit] for lit in found if lit in of})

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
        known: Mapping[int, bool] | None = None,
    ) -> Result:
        """Answers under the clue set ``{cell index: clue}`` (at most ``models``, 0 = all).
        ``conflicts`` bounds the search deterministically (unlike a time limit): when it
        runs out, the result is not ``exhausted``. ``statistics``: report the choices
        and conflicts (clingo builds its whole statistics tree for that: a sixth of a
        10x10 session solve). ``known``: edges whose state (True: a line) every answer
        of this solve must have."""
        ctl = self._ctl
        ctl.configuration.solve.models = str(limits.models(models))
        ctl.configuration.solve.solve_limit = "umax" if conflicts is None else f"{conflicts},umax"
        on = {self._external[c, k] for c, k in clues.items() if c not in self._pinned}
        assumptions = [-lit if -lit in on else lit for lit in self._off]
        if known:
            edges = self._edge_assumptions(known)
            if edges is None:  # a line on an edge that can never be one: no answer
                return Result(puzzle=self.puzzle.with_clues(dict(clues)), status=UNSAT, exhausted=True)
            assumptions += edges
        if self.broken:
            raise InputError("this session's last search was left running after a time-out; start a new one")
        if _short(conflicts, time_limit):
            search = bounded_search(ctl, self._decode, assumptions)
        else:
            search = run_search(ctl, self._decode, time_limit=time_limit, assumptions=assumptions)
        self.broken = search.abandoned
        stats = {}
        if statistics and not search.abandoned:
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


SHORT_CONFLICTS = 2_000
"""A session search of at most this many conflicts, with at least :data:`SHORT_LEFT`
seconds left, runs in the calling thread (:func:`bounded_search`). On puzzlekit's grids a
conflict costs at most about 60 us, so such a search ends within a tenth of a second; a batch's
budget is one conflict per edge and 100 more (at most 1,100). Larger budgets (the
generator's removal tests: 10,000) keep a thread, so that Ctrl-C stops them at once."""

SHORT_LEFT = 1.0
"""Seconds that must be left (time limit, outer deadline) for a short search to run so."""


def _short(conflicts: int | None, time_limit: float | None) -> bool:
    """Whether a session search is short enough to run in the calling thread."""
    if conflicts is None or conflicts > SHORT_CONFLICTS:
        return False
    ends = [t for t in (time_limit, stopping.left()) if t is not None]
    return not ends or min(ends) >= SHORT_LEFT


def bounded_search(ctl: Any, decode: Any, assumptions: Sequence[int]) -> Search:
    """The configured search in this thread, for a short one (:data:`SHORT_CONFLICTS`):
    it spares what :func:`~slitherasp.solver.run.run_search` pays to be stoppable at
    any moment, a thread and an asynchronous handle (0.4-1 ms of a 10x10 session
    solve's 2-3 ms). A Ctrl-C reaches it when it ends: an interrupted search, as there."""
    found: list[Any] = []
    start = time.perf_counter()
    try:
        res = ctl.solve(assumptions=list(assumptions), on_model=lambda m: found.append(decode(m)))
    except KeyboardInterrupt:
        return Search(tuple(found), len(found), SAT if found else UNKNOWN, False, False, True,
                      time.perf_counter() - start)
    status = SAT if found else UNSAT if res.unsatisfiable else UNKNOWN
    return Search(tuple(found), len(found), status, bool(res.exhausted), False, False, time.perf_counter() - start)


class TextSession(Session):
    """A :class:`Session` where clingo runs on programs given as text
    (:mod:`slitherasp.solver.engines`): each question is the whole puzzle, its clues as
    facts. Every solve asks the rules first, from the edges it assumes on: they
    settle most puzzles whole, or find that no answer has the marks, and what they
    leave open goes to clingo reduced (:mod:`slitherasp.simplify`), each blocked
    answer a constraint on the segments that make it up."""

    def __init__(self, puzzle: Puzzle, *, values: Sequence[Iterable[int]] | None = None,
                 pinned: Mapping[int, int] | None = None, lookahead: bool = False, fresh: bool = False,
                 forget: str | None = None, encoding: str = DEFAULT_ENCODING) -> None:
        self.puzzle = puzzle
        self._pinned = dict(pinned or {})
        self._encoding = asp_facts.resolve(encoding, puzzle)
        self._blocked: list[frozenset[int]] = []
        self.broken = False

    def solve(self, clues: Mapping[int, int], *, models: int = 1, time_limit: float | None = None,
              conflicts: int | None = None, statistics: bool = True, known: Mapping[int, bool] | None = None
              ) -> Result:
        from ..simplify import reduce

        limits.models(models)
        puzzle = self.puzzle.with_clues({**self._pinned, **clues})
        faces = self._encoding == "colour"
        state = propagate(puzzle, faces=faces, known=(known or {}).items())
        reduced = None if state is None else reduce(puzzle, faces=faces, state=state)
        if state is None or reduced is None:
            return Result(puzzle=puzzle, status=UNSAT, exhausted=True)
        if None not in state:
            lines = frozenset(e for e, s in enumerate(state) if s)
            if lines in self._blocked:
                return Result(puzzle=puzzle, status=UNSAT, exhausted=True)
            return Result(puzzle=puzzle, status=SAT, answers=(lines,), count=1, exhausted=True)
        facts, segments = asp_facts.reduced_facts(puzzle, reduced)
        facts += "".join(blocked_segments(answer, segments, state) for answer in self._blocked)
        options = ["--trans-ext=integ", *(["--stats"] if statistics else []),
                   *([f"--solve-limit={conflicts}"] if conflicts is not None else [])]
        run = engines.run_text(asp_facts.encoding_text(self._encoding) + "\n" + facts, models, options,
                               time_limit=time_limit)
        decode = atoms_decoder(puzzle, segments)
        answers = tuple(decode(m) for m in run.models)
        status = SAT if answers else UNSAT if run.result == "UNSATISFIABLE" else UNKNOWN
        return Result(puzzle=puzzle, status=status, answers=answers, count=len(answers),
                      exhausted=run.exhausted, timed_out=run.timed_out,
                      statistics={k: run.statistics[k] for k in ("choices", "conflicts") if k in run.statistics})

    def core(self, clues: Mapping[int, int], known: Mapping[int, bool], *,
             conflicts: int | None = None) -> list[int] | None:
        """Edges of ``known`` that together fit no answer: found by dropping each in turn
        and keeping it out while the rest still fit none (a minimal core, at most
        :data:`CORE_RUNS` runs; past them the rest as it stands)."""
        if self._fits(clues, known, conflicts):
            return None
        kept = dict(known)
        for e in list(known)[:CORE_RUNS]:
            rest = {f: v for f, v in kept.items() if f != e}
            if not self._fits(clues, rest, conflicts):
                kept = rest
        return sorted(kept)

    def _fits(self, clues: Mapping[int, int], known: Mapping[int, bool], conflicts: int | None) -> bool:
        """Whether some answer has the edges of ``known`` (a budget run out counts as yes)."""
        return self.solve(clues, known=known or None, conflicts=conflicts, statistics=False).status != UNSAT

    def block(self, answer: Iterable[int]) -> None:
        self._blocked.append(frozenset(answer))


CORE_RUNS = 60
"""Runs a :class:`TextSession` spends at most on making a core minimal."""


def blocked_segments(answer: frozenset[int], segments: Mapping[str, Sequence[int]],
                     state: Sequence[bool | None]) -> str:
    """The constraint forbidding the loop ``answer`` in a reduced program whose
    ``link/2`` atoms stand for ``segments`` (edges), after the rules left ``state``:
    the atoms of its segments may not all be links. Each segment is all lines or
    all crosses in every answer, and no loop holds another, so this forbids that
    loop alone. Empty where the loop is no answer anyway (the rules cross one of
    its edges, or it takes part of a segment).

    >>> blocked_segments(frozenset({0, 1}), {"link(1,2)": (0, 1), "link(2,3)": (2,)}, [None, None, None])
    ':- link(1,2).'
    >>> blocked_segments(frozenset({0, 2}), {"link(1,2)": (0, 1), "link(2,3)": (2,)}, [None, None, None])
    ''
    """
    if any(state[e] is False for e in answer):
        return ""
    atoms = sorted(atom for atom, edges in segments.items() if not answer.isdisjoint(edges))
    if any(not answer.issuperset(segments[atom]) for atom in atoms):
        return ""
    return f":- {', '.join(atoms)}."


FORGET: str | None = "lemmas"
"""What a batch's sessions forget between puzzles (clasp's ``--forget-on-step``): the
learnt constraints. Kept, they pile up: on 3,000 puzzles of one 10x10 grid the last
third took 1.65x the time per puzzle of the first; forgotten, 1.0x and less time in all
(``benchmarks/batch_drift.py``)."""


SESSION_EDGES = 1000
"""Graphs with more edges than this never get a session in a :class:`Batch`: a fresh
solve reduces the puzzle first (:mod:`slitherasp.simplify`), which a session, grounded
for every clue, cannot. On puzzlekit's 1,176 puzzles, two rounds side by side: 26.2 and
26.7 s with 1,000, 28.6 and 28.8 with 2,000, 28.5 and 31.5 with 500, 30.2 and 30.5
without a cap."""


SESSION_AFTER = 8
"""The puzzle on a graph from which a :class:`Batch` solves it in a session: grounding
a session (every clue value an external) costs several fresh solves of a reduced
puzzle, so a few puzzles on a grid are solved afresh. Measured on 10x10 grids (groups
of puzzles, each through a new batch, against one solve per puzzle): with a session
from the second puzzle, groups of 2 took 2.47x and of 3 1.51x the time of solving
each alone. From the 5th puzzle on: groups of 5 took 1.47x, of 10 1.04x; from the 8th:
groups of 2, 3 and 5 1.0-1.1x, of 10 1.2x, of 30 0.56x, of 100 0.35x (one run, noisy to
about 0.1); ``benchmarks/batch_drift.py`` prints the table. Only puzzles that needed
clingo count: on puzzlekit's graphs whose every puzzle the rules settle whole (643 and
612 edges) a session cost 0.57-0.59 and 0.25 s against 0.32-0.37 and 0.13-0.15 without
(best of three, side by side)."""


class Batch:
    """Solves many puzzles one after another, grounding each graph once.

    The first few puzzles on a graph get a fresh :func:`solve` (reduced, with root
    probing), and so does every puzzle on a graph of more than ``session_edges``
    edges. Once ``session_after`` puzzles on the same smaller graph (same vertices,
    edges and cells; clues may differ) have needed clingo (the rules in Python did
    not settle them whole), the graph's puzzles go to one :class:`Session`: no
    parsing or grounding, and what clingo learnt on earlier puzzles carries over.
    A graph whose puzzles the rules settle gets no session. A session cannot probe
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

    def __init__(self, *, encoding: str = DEFAULT_ENCODING, max_edges: int = 20_000, budget: float = 1.0,
                 forget: str | None = FORGET, session_edges: int = SESSION_EDGES,
                 session_after: int = SESSION_AFTER) -> None:
        """``max_edges``: the graphs remembered hold at most this many edges in all
        (a session holds about 17 KB per edge); the least recently used go first.
        ``session_edges``: larger graphs are always solved afresh (see
        :data:`SESSION_EDGES`). ``session_after``: a graph gets its session at its
        puzzle number ``session_after`` that needs clingo (see :data:`SESSION_AFTER`).
        ``budget``: a session solve may take ``budget * (edges + 100)`` conflicts.
        ``forget``: what each session forgets between puzzles (see :data:`FORGET`)."""
        self.forget = forget
        self.session_edges = session_edges
        self.session_after = session_after
        self.encoding = encoding
        self.max_edges = max_edges
        self.budget = budget
        self._sessions: dict[tuple, Session | int] = {}  # int: puzzles solved afresh so far
        self._edges = 0
        choice = parse(encoding)
        self._sessions_fit = choice.model in (AUTO, "reach", "colour") and not choice.options

    def solve(self, puzzle: Puzzle, *, unique: bool = False, time_limit: float | None = None) -> Result:
        """Like :func:`solve` with ``models=1``: one answer, and with ``unique`` a
        search for a second."""
        if not isinstance(puzzle, Puzzle) or len(puzzle.edges) > self.session_edges or not self._sessions_fit:
            # a session is classic Slitherlink's, with reach or colour and no options
            return solve(puzzle, unique=unique, time_limit=time_limit, encoding=self.encoding)
        # the graph (which alone decides the encoding: Puzzle.is_disc reads no geometry)
        key = (puzzle.vertices, puzzle.edges, puzzle.cells, puzzle.cell_edges)
        start = time.perf_counter()
        known = key in self._sessions
        entry = self._sessions.pop(key, 0)
        if known:
            self._edges -= len(puzzle.edges)
        if not isinstance(entry, Session):
            if entry + 1 < self.session_after:  # not yet worth a session: solve afresh
                r = solve(puzzle, unique=unique, time_limit=time_limit, encoding=self.encoding)
                # only puzzles that needed clingo count: where the rules settle every
                # puzzle whole (nothing grounded), a session would cost more than it saves
                self._remember(key, entry + (r.time_ground > 0))
                return r
            entry = Session(puzzle, encoding=self.encoding, forget=self.forget)
        session = entry
        self._remember(key, session)
        wanted = 2 if unique else 1
        r = session.solve({c: k for c, k in enumerate(puzzle.clues) if k is not None}, models=wanted,
                          time_limit=time_limit, conflicts=round(self.budget * (len(puzzle.edges) + 100)),
                          statistics=False)
        if session.broken:  # its search runs on in the background: ground anew next time
            self._sessions[key] = self.session_after - 1
        if not (r.exhausted or r.timed_out or r.interrupted) and r.count < wanted:
            # over the budget: a fresh solve with probing, in the time that is left
            left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
            return solve(puzzle, unique=unique, time_limit=left, encoding=self.encoding)
        uniq = uniqueness(r.answers, r.exhausted) if unique else None
        return Result(puzzle=puzzle, status=r.status, answers=r.answers, count=r.count, unique=uniq,
                      exhausted=r.exhausted, timed_out=r.timed_out, interrupted=r.interrupted,
                      time_solve=r.time_solve, time_total=time.perf_counter() - start)

    def _remember(self, key: tuple, session: Session | int) -> None:
        """Most recently used last; forget the least recently used graphs while
        those remembered hold more than ``max_edges`` edges."""
        self._sessions[key] = session
        self._edges += len(key[1])
        while self._edges > self.max_edges and len(self._sessions) > 1:
            old = next(iter(self._sessions))
            del self._sessions[old]
            self._edges -= len(old[1])
