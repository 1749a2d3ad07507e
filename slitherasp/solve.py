"""Solving through clingo's Python API: the only module that reads ``asp/``.

The puzzle's facts go into clingo through its backend (no text is re-parsed), the
encoding is grounded once, and the search runs asynchronously so that a time limit or
Ctrl-C stops it cleanly. An unsatisfiable puzzle, a time-out or an interrupt is a
:class:`Result` with a status, never an exception.

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 0), (2, 0), (2, 1), (1, 1)]],
...                clues=[3, None])
>>> r = solve(p, unique=True)
>>> r.status, r.unique, len(r.answers[0])
('SATISFIABLE', True, 6)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

import clingo

from .model import Answer, InputError, Name, Puzzle

SAT, UNSAT, UNKNOWN = "SATISFIABLE", "UNSATISFIABLE", "UNKNOWN"

ENCODINGS: dict[str, str] = {
    "reach": "slitherlink.lp",
    "colour": "colour.lp",
}
"""Selectable Slitherlink encodings: name -> file in ``asp/``. ``colour`` needs the
cells to be the faces of a disc (:attr:`Puzzle.is_disc`)."""
AUTO = "auto"
"""The default: ``colour`` where the cells are the faces of a disc, else ``reach``."""
DEFAULT_ENCODING = AUTO
VISIT_ALL: dict[str, str] = {
    "sloop": "sloop.lp",
}
"""Encodings whose loop passes through every vertex (Sloop on its dual graph): their
facts name every vertex with ``visit/1``, and one vertex is a complete root chain.
Not Slitherlink encodings, so kept apart from :data:`ENCODINGS`."""


def encoding_dir() -> Path:
    """The folder of the ``.lp`` files: ``asp/`` beside the package, or installed."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "asp", here / "asp"):
        if (candidate / "loop.lp").is_file():
            return candidate
    raise FileNotFoundError("cannot find the encodings (asp/*.lp)")


def encoding_path(name: str) -> Path:
    """Path of a named encoding; raises :class:`InputError` for an unknown name."""
    known = {**ENCODINGS, **VISIT_ALL}
    if name not in known:
        raise InputError(f"unknown encoding {name!r}; choose from {', '.join([AUTO, *known])}")
    return encoding_dir() / known[name]


def resolve(encoding: str, puzzle: Puzzle) -> str:
    """The encoding ``auto`` stands for on this puzzle; others unchanged. Asking
    for ``colour`` on a puzzle that is not a disc of faces is an :class:`InputError`."""
    if encoding == AUTO:
        return "colour" if puzzle.is_disc else "reach"
    if encoding == "colour" and not puzzle.is_disc:
        raise InputError("the colour encoding needs the cells to be the faces of a disc-shaped patch "
                         "(an instance with its geometry); use --encoding reach")
    return encoding


# --------------------------------------------------------------------------- facts in
def root_chain(puzzle: Puzzle, *, visit_all: bool = False) -> list[int]:
    """Vertices every answer must touch, in a fixed order: the root candidates.

    When the loop must visit every vertex (``visit_all``), the first vertex alone.
    With a positive clue, the vertices of the clued cell most likely to be on the
    loop (highest clue, then fewest edges); otherwise every vertex.
    """
    if visit_all:
        return [0] if puzzle.vertices else []
    best = None
    for c, k in enumerate(puzzle.clues):
        if k:
            key = (k / len(puzzle.cell_edges[c]), k, -len(puzzle.cell_edges[c]))
            if best is None or key > best[0]:
                best = (key, c)
    if best is None:
        return list(range(len(puzzle.vertices)))
    chain: dict[int, None] = {}
    for e in puzzle.cell_edges[best[1]]:
        chain.update(dict.fromkeys(puzzle.edges[e]))
    return list(chain)


def face_facts(puzzle: Puzzle) -> str:
    """``face/1``, ``sides/4`` and ``border/3`` for ``colour.lp`` (cells that are
    the faces of a disc, :attr:`Puzzle.is_disc`).

    >>> from slitherasp.model import from_faces
    >>> print(face_facts(from_faces([[(0, 0), (1, 0), (0, 1)]])))
    face(c0).
    border(0,1,c0).border(1,2,c0).border(0,2,c0).
    """
    name, cell = puzzle.vertices, puzzle.cells
    out = []
    for (u, v), cs in zip(puzzle.edges, puzzle.edge_cells):
        if len(cs) == 2:
            out.append(f"sides({name[u]},{name[v]},{cell[cs[0]]},{cell[cs[1]]}).")
        else:
            out.append(f"border({name[u]},{name[v]},{cell[cs[0]]}).")
    return "".join(f"face({c})." for c in cell) + "\n" + "".join(out)


def program_facts(puzzle: Puzzle, *, all_cells: bool = False, visit_all: bool = False,
                  faces: bool = False) -> str:
    """The facts the encoding reads, as text for ``Control.add``: edges, the cells
    of clues (all cells with ``all_cells``), clues, ``visit/1`` for every vertex
    (with ``visit_all``, see :data:`VISIT_ALL`), the faces (with ``faces``, see
    :func:`face_facts`) and the root chain.

    Text is parsed by clingo's own C++ parser, several times faster than building
    the same facts symbol by symbol through the backend; the names are already
    canonical because the model was read by our parser.

    >>> from slitherasp.model import from_faces
    >>> print(program_facts(from_faces([[(0, 0), (1, 0), (0, 1)]], clues=[2])))
    edge(0,1).edge(1,2).edge(0,2).
    cell_contains(c0,0,1).cell_contains(c0,1,2).cell_contains(c0,0,2).clue(c0,2).
    root_first(0).root_next(0,1).root_next(1,2).
    """
    name, edges = puzzle.vertices, puzzle.edges
    ends = [f"{name[u]},{name[v]}" for u, v in edges]
    out = ["".join(f"edge({uv})." for uv in ends)]
    cells = []
    for c, (cell, es) in enumerate(zip(puzzle.cells, puzzle.cell_edges)):
        k = puzzle.clues[c]
        if k is not None or all_cells:
            cells.append("".join(f"cell_contains({cell},{ends[e]})." for e in es))
            if k is not None:
                cells.append(f"clue({cell},{k}).")
    out.append("".join(cells))
    if visit_all:
        out.append("".join(f"visit({v})." for v in name))
    if faces:
        out.append(face_facts(puzzle))
    chain = [name[v] for v in root_chain(puzzle, visit_all=visit_all)]
    if chain:  # no vertex at all: no candidate, and loop.lp finds no loop
        out.append(f"root_first({chain[0]})." + "".join(f"root_next({a},{b})." for a, b in zip(chain, chain[1:])))
    return "\n".join(out)


def facts_text(puzzle: Puzzle) -> str:
    """The derived facts as text, for running an encoding by hand: the root chain,
    and the faces where the cells are the faces of a disc."""
    chain = [puzzle.vertices[v] for v in root_chain(puzzle)]
    text = f"root_first({chain[0]}).\n" + "".join(f"root_next({a},{b}).\n" for a, b in zip(chain, chain[1:]))
    return text + (face_facts(puzzle) + "\n" if puzzle.is_disc else "")


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class Result:
    """What a solve found. ``answers`` are edge-index sets, first answer first.

    ``status`` is SATISFIABLE (an answer was found), UNSATISFIABLE (none exists) or
    UNKNOWN (stopped by the time limit or an interrupt before either was known).
    ``unique`` is True/False when the search looked for a second answer and knows,
    else None. ``exhausted``: the search space was fully explored.
    """

    puzzle: Puzzle = field(repr=False)
    status: str
    answers: tuple[Answer, ...] = ()
    count: int = 0
    """How many answers were found (also when they were not kept)."""
    unique: bool | None = None
    exhausted: bool = False
    timed_out: bool = False
    interrupted: bool = False
    time_ground: float = 0.0
    time_solve: float = 0.0
    time_total: float = 0.0
    statistics: dict = field(default_factory=dict, repr=False)

    @property
    def answer(self) -> Answer | None:
        """The first answer, or None."""
        return self.answers[0] if self.answers else None

    def links(self, i: int = 0) -> list[tuple[Name, Name]]:
        """Answer ``i`` as ``(U, V)`` name pairs in input orientation."""
        return self.puzzle.links(self.answers[i])

    def to_json(self, instance: str) -> dict:
        """The ``--json`` object of the command line."""
        return {
            "instance": instance,
            "result": self.status,
            "models": self.count,
            "unique": self.unique,
            "links": [list(p) for p in self.links()] if self.answers else [],
            "answers": [[list(p) for p in self.puzzle.links(a)] for a in self.answers],
            "time": {
                "total": round(self.time_total, 6),
                "ground": round(self.time_ground, 6),
                "solve": round(self.time_solve, 6),
            },
            **({"interrupted": True} if self.interrupted else {}),
            **({"timed_out": True} if self.timed_out else {}),
            **({"statistics": self.statistics} if self.statistics else {}),
        }


# --------------------------------------------------------------------------- solving
PROBING = "--lookahead=atom,1"
"""clasp's failed-literal probing as every solve uses it: on atoms, one application
(to a fixpoint at the root), then plain search. The grade ``medium`` is defined by it."""


def solve(
    puzzle: Puzzle,
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
    """Solve a puzzle. ``models=0`` enumerates all answers; ``unique`` looks for a
    second answer to prove the first unique; ``time_limit`` in seconds.
    ``lookahead`` (default: on when at most two answers are wanted, except for
    Sloop) turns on clasp's failed-literal probing. ``keep=False`` only counts the
    answers (:attr:`Result.count`), for enumerations too large to hold. ``conflicts``
    stops the search after that many conflicts (not ``exhausted`` then)."""
    start = time.perf_counter()
    encoding = resolve(encoding, puzzle)
    wanted = models
    if unique and models != 0:
        wanted = max(models, 2)
    # --trans-ext=integ: clasp turns the aggregates of integrity constraints (degrees,
    # clues) into plain clauses; measured 25% less ground+solve time on puzzlekit.
    # Never together with --backprop (the crafty and handy configurations): clingo
    # 5.8.3 then called a satisfiable colour.lp instance (a Loopy 60x60) unsatisfiable.
    args = [str(wanted), f"--parallel-mode={max(1, threads)}", "--trans-ext=integ"]
    if lookahead is None:
        # Not for Sloop: measured side by side, probing made an all-white 30x30 grid
        # 16x slower (8.4 s against 0.5 s) and unique-answer checks of 16x16 grids 3x.
        lookahead = 0 < wanted <= 2 and encoding not in VISIT_ALL
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
    ctl.load(str(encoding_path(encoding)))
    ctl.add("base", [], program_facts(puzzle, visit_all=encoding in VISIT_ALL, faces=encoding == "colour"))
    t0 = time.perf_counter()
    ctl.ground([("base", [])])
    t1 = time.perf_counter()

    search = _search(ctl, _decoder(puzzle), time_limit=time_limit, on_answer=on_answer, keep=keep)
    uniq = _uniqueness(search.answers, search.exhausted) if unique else None
    stats = _statistics(ctl) if statistics else {}
    return Result(
        puzzle=puzzle,
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
    status: str
    exhausted: bool
    timed_out: bool
    interrupted: bool
    seconds: float


def _decoder(puzzle: Puzzle) -> Callable[[clingo.Model], Answer]:
    """Maps a model's shown ``link/2`` atoms back to edge indices (by their printed form,
    one string per link: cheaper than comparing symbols)."""
    names = puzzle.vertices
    edge_of = {f"link({names[u]},{names[v]})": i for i, (u, v) in enumerate(puzzle.edges)}
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
        encoding = resolve(encoding, puzzle)
        self._ctl = ctl = clingo.Control(args, logger=lambda code, msg: None)
        ctl.load(str(encoding_path(encoding)))
        cells = puzzle.cells
        externals = "".join(f"clue_value({cells[c]},{k})." for c, ks in enumerate(values) for k in ks)
        ctl.add("base", [], program_facts(blank, all_cells=True, faces=encoding == "colour") + externals)
        ctl.add("base", [], "#external clue(C,N) : clue_value(C,N).")
        ctl.ground([("base", [])])
        # Clues are switched by assumptions over every clue external, set free once:
        # one call per solve instead of one per changed clue.
        index = puzzle.cell_index
        self._external: dict[tuple[int, int], int] = {}
        for a in ctl.symbolic_atoms.by_signature("clue", 2):
            if a.is_external:
                cell, k = str(a.symbol)[5:-1].rsplit(",", 1)
                self._external[index[cell], int(k)] = a.literal
                ctl.assign_external(a.literal, None)
        self._off = [-lit for lit in self._external.values()]
        names = puzzle.vertices
        self._decode = _decoder(puzzle)
        link = {str(a.symbol): a.literal for a in ctl.symbolic_atoms.by_signature("link", 2)}
        self._literal = [link.get(f"link({names[u]},{names[v]})") for u, v in puzzle.edges]

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

