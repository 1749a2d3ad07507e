"""The ASP vocabulary written for clingo, in one place: which encoding of ``asp/`` a
puzzle gets, and the facts it reads.

The encodings read the competition's ``edge/2``, ``cell_contains/3`` and ``clue/2``
and a few derived predicates: the root candidates ``root_first/1`` and
``root_next/2`` (``asp/loop.lp``), the faces ``face/1``, ``sides/4`` and ``border/3``
(``asp/colour.lp``), ``visit/1`` (``asp/sloop.lp``), and for sessions the clue
externals ``clue_value/2``. Facts go to clingo as text, which clingo's own parser
reads several times faster than the same facts built symbol by symbol through the
backend; names are canonical already, because the model was read by our parser.

This module builds text and imports no solver: :mod:`slitherasp.solver` runs what it
describes (a :class:`Program`).

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (0, 1)]], clues=[2])
>>> prog = slitherlink(p)
>>> prog.encoding, prog.path.name
('colour', 'colour.lp')
>>> print(program_facts(p))
edge(0,1).edge(1,2).edge(0,2).
cell_contains(c0,0,1).cell_contains(c0,1,2).cell_contains(c0,0,2).clue(c0,2).
root_first(0).root_next(0,1).root_next(1,2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..model import Puzzle
from ..model.errors import InputError
from . import loop_facts
from .encodings import AUTO, CHOICES, MODELS, OPTIONS, Choice
from .encodings import resolve as resolve_choice

if TYPE_CHECKING:
    from ..simplify import Reduced

FILES: dict[str, str] = {
    **{m.name: m.file for m in MODELS.values()},
    "sloop": "sloop.lp",
    "explain": "explain.lp",
    "vertex": "vertex.lp",
    "touch": "touch.lp",
    "sheep-wolf": "sheepwolf.lp",
    "full": "full.lp",
    "lither": "lither.lp",
}
"""Every encoding: name -> file in ``asp/`` (the single-loop models of
:mod:`slitherasp.kinds.encodings`, Sloop's reach, explanations, the variants)."""
ENCODINGS = tuple(MODELS)
"""The Slitherlink encodings a user may choose (:data:`slitherasp.kinds.encodings.MODELS`).
``colour`` needs the cells to be the faces of a disc (:attr:`Puzzle.is_disc`)."""
DEFAULT_ENCODING = AUTO


def encoding_dir() -> Path:
    """The folder of the ``.lp`` files: ``asp/`` beside the package, or installed."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package.parent / "asp", package / "asp"):
        if (candidate / "loop.lp").is_file():
            return candidate
    raise FileNotFoundError("cannot find the encodings (asp/*.lp)")


def encoding_path(name: str) -> Path:
    """Path of a named encoding; :class:`InputError` for an unknown name."""
    if name not in FILES:
        raise InputError(f"unknown encoding {name!r}; choose from {', '.join(CHOICES)}")
    return encoding_dir() / FILES[name]


def encoding_summary(name: str) -> str:
    """What a named encoding enforces, in the words of its file's header (the text after
    ``NAME.lp --``, continued on the lines under it up to the header's rule).

    >>> encoding_summary("sloop")
    'Sloop (simple loop): one loop through the centre of every white cell'
    """
    words: list[str] = []
    for line in encoding_path(name).read_text(encoding="utf-8").splitlines()[1:]:
        text = line.lstrip("%").strip()
        if text.startswith("="):
            break
        words.append(text.partition(" -- ")[2] if not words else text)
    return " ".join(w for w in words if w)


@cache
def encoding_text(name: str, options: tuple[str, ...] = ()) -> str:
    """A named encoding (and the files of its ``options``) as one text, its
    ``#include`` directives replaced by the files they name (each once, as clingo
    includes them): what a text run (:mod:`slitherasp.solver.engines`) gives clingo, which
    reads no files of ours. Read once per encoding and options: the page in the browser
    asks for it at every run (reading and joining the files took 2 ms of CPU each time
    there).

    >>> "#include" in encoding_text("colour"), "#show link/2." in encoding_text("colour")
    (False, True)
    >>> [name in encoding_text("reach", ("cuts",)) for name in ("reach(V)", "odd(K,I)", "in(F)")]
    [True, True, False]
    """
    seen: set[str] = set()

    def expand(file: str) -> str:
        if file in seen:
            return ""
        seen.add(file)
        out = []
        for line in (encoding_dir() / file).read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith('#include "') and stripped.endswith('".'):
                out.append(expand(stripped[len('#include "'):-2]))
            else:
                out.append(line)
        return "\n".join(out)

    return "\n".join(expand(file) for file in (encoding_path(name).name, *(OPTIONS[o].file for o in options)))


def resolve(encoding: str, puzzle: Puzzle) -> str:
    """The model ``encoding`` stands for on this puzzle (``auto`` resolved, options
    aside); an :class:`InputError` where the puzzle lacks what it needs (``colour``
    on a puzzle that is not a disc of faces). See :func:`slitherasp.kinds.encodings.resolve`."""
    return resolve_choice(encoding, puzzle).model


# --------------------------------------------------------------------------- programs
@dataclass(frozen=True, eq=False, repr=False)
class Program:
    """What the solver runs: an encoding, its facts, and the graph whose ``link/2``
    atoms are the answer (edge indices of ``graph``). ``probing``: whether root
    probing pays off when at most two answers are wanted."""

    graph: Puzzle
    encoding: str
    facts: str
    probing: bool = True
    segments: dict[str, tuple[int, ...]] | None = None
    """For a reduced program (:mod:`slitherasp.simplify`): each printed ``link(U,V)``
    atom -> the edges of ``graph`` it stands for; None when atoms are edges."""
    settled: frozenset[int] | None = None
    """The lines, when the reduction settled every edge: then no other answer can
    exist, and this one needs only the checker (the solver runs no search). Such a
    program has no facts."""
    options: tuple[str, ...] = ()
    """The options' files added to the encoding (:data:`slitherasp.kinds.encodings.OPTIONS`)."""

    @property
    def path(self) -> Path:
        """The encoding's file."""
        return encoding_path(self.encoding)

    @property
    def paths(self) -> tuple[Path, ...]:
        """The encoding's file and its options' files, loaded in this order."""
        return (self.path, *(encoding_dir() / OPTIONS[o].file for o in self.options))

    @property
    def text(self) -> str:
        """The whole program as one text: the files (:func:`encoding_text`), the facts."""
        return encoding_text(self.encoding, self.options) + "\n" + self.facts


def slitherlink(puzzle: Puzzle, encoding: str = DEFAULT_ENCODING, *, simplify: bool = True) -> Program:
    """The program of a Slitherlink puzzle under an encoding (``auto`` resolved, with
    the options of ``"model+option"``: :mod:`slitherasp.kinds.encodings`); ``simplify``: of
    the puzzle reduced first (:mod:`slitherasp.simplify`; same answers), or for a model
    or option that reads the whole puzzle, of the whole puzzle with the edges the rules
    settle as facts."""
    choice = resolve_choice(encoding, puzzle)
    chosen, options = choice.model, choice.options
    # Without a positive clue the root chain holds every vertex, and probing it costs
    # quadratic time (a clue-less 60x60: 34 s probing, 0.5 s without).
    probing = any(puzzle.clues)
    faces = choice.faces
    if simplify:
        from ..rules import propagate

        state = propagate(puzzle, faces=faces)
        if state is not None and None not in state:
            # settled whole: the one possible answer, which the solver only checks
            # (no facts: a program that must search is built again without this)
            return Program(puzzle, chosen, "", probing, settled=frozenset(e for e, s in enumerate(state) if s),
                           options=options)
        if state is not None and choice.whole:
            facts = program_facts(puzzle, faces=faces, settled=state) + extra_facts(choice, puzzle)
            return Program(puzzle, chosen, facts, probing, options=options)
        from ..simplify import reduce  # not before: a puzzle settled whole needs none of it

        reduced = None if state is None else reduce(puzzle, faces=faces, state=state)
        if reduced is not None:
            facts, segments = reduced_facts(puzzle, reduced)
            ends = [s.ends for s in reduced.segments]
            return Program(puzzle, chosen, facts + extra_facts(choice, puzzle, ends), probing, segments,
                           options=options)
    return Program(puzzle, chosen, program_facts(puzzle, faces=faces) + extra_facts(choice, puzzle), probing,
                   options=options)


def extra_facts(choice: Choice, graph: Puzzle, edges: Sequence[tuple[int, int]] | None = None,
                bends: Sequence[Sequence[tuple[float, float]]] | None = None) -> str:
    """The facts the model and options of ``choice`` read beyond the puzzle's
    (:mod:`slitherasp.kinds.loop_facts`), on ``graph`` or, for a reduced program, on the
    graph of its segments' ``edges`` (vertex indices of ``graph``)."""
    names, pairs = graph.vertices, graph.edges if edges is None else edges
    out = []
    if choice.model == "turns":
        assert graph.geometry is not None  # resolve() refused a puzzle without one
        out.append(loop_facts.turn_facts(names, pairs, graph.geometry.points, bends))
    if "cuts" in choice.options:
        out.append(loop_facts.cut_facts(names, pairs))
    if "parity" in choice.options:
        out.append(loop_facts.parity_facts(names, pairs))
    return "".join("\n" + text for text in out)


def reduced_facts(puzzle: Puzzle, reduced: Reduced) -> tuple[str, dict[str, tuple[int, ...]]]:
    """The facts of a reduced puzzle (a :class:`slitherasp.simplify.Reduced`) and the
    edges each ``link/2`` atom stands for. Segments are edges between their end
    vertices; settled lines are ``link/2`` facts; a clue counts a segment with its
    weight (``cell_weight/4`` where it is more than 1); faces are regions."""
    name, cells = puzzle.vertices, puzzle.cells
    ends = [f"{name[s.ends[0]]},{name[s.ends[1]]}" for s in reduced.segments]
    out = ["".join(f"edge({uv})." for uv in ends),
           "".join(f"link({uv})." for uv, s in zip(ends, reduced.segments) if s.on)]
    for c, left, weights in reduced.clues:
        out.append("".join(f"cell_contains({cells[c]},{ends[s]})." if w == 1 else
                           f"cell_weight({cells[c]},{ends[s]},{w})." for s, w in weights)
                   + f"clue({cells[c]},{left}).")
    regions = {}
    for uv, s in zip(ends, reduced.segments):
        if s.sides is not None:
            a, b = s.sides
            if a < 0 or b < 0:
                out.append(f"border({uv},{cells[max(a, b)]}).")
            else:
                out.append(f"sides({uv},{cells[a]},{cells[b]}).")
            regions.update(dict.fromkeys(r for r in s.sides if r >= 0))
    out.append("".join(f"face({cells[r]})." for r in regions))
    if reduced.root:
        out.append(root_facts([name[v] for v in reduced.root]))
    segments = {f"link({uv})": s.edges for uv, s in zip(ends, reduced.segments)}
    return "\n".join(out), segments


def visit_all(graph: Puzzle, encoding: str, bends: Sequence[Sequence[tuple[float, float]]] | None = None
              ) -> Program:
    """A program whose loop passes through every vertex of ``graph`` (Sloop on its
    dual graph): every vertex is named by ``visit/1``, and one vertex is a complete
    root chain. ``encoding``: ``sloop`` (reach), or a single-loop model and its
    options (:mod:`slitherasp.kinds.encodings`); ``bends``: each edge's drawn bends, for
    ``turns``. Probing does not pay off there: measured side by side, it made an
    all-white 30x30 Sloop 16x slower (8.4 s against 0.5 s)."""
    choice = Choice("sloop") if encoding == "sloop" else resolve_choice(encoding, graph)
    model = "sloop" if choice.model == "reach" else choice.model
    facts = program_facts(graph, visit_all=True) + extra_facts(choice, graph, bends=bends)
    return Program(graph, model, facts, probing=False, options=choice.options)


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
                  faces: bool = False, settled: Sequence[bool | None] | None = None) -> str:
    """The facts the encoding reads: edges, the cells of clues (all cells with
    ``all_cells``), clues, ``visit/1`` for every vertex (with ``visit_all``), the
    faces (with ``faces``, see :func:`face_facts`) and the root chain; with
    ``settled`` (each edge a line, a cross or None), the lines as ``link/2`` facts,
    the crosses as constraints, and the root chain a line's ends."""
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
    line = None if settled is None else next((e for e, s in enumerate(settled) if s), None)
    if settled is not None:
        out.append("".join(f"link({uv})." if s else f":- link({uv})." for uv, s in zip(ends, settled)
                           if s is not None))
    chain = [name[v] for v in (root_chain(puzzle, visit_all=visit_all) if line is None else edges[line])]
    if chain:
        out.append(root_facts(chain))
    return "\n".join(out)


def root_facts(chain: Sequence[str]) -> str:
    """The root candidates, a non-empty chain, as ``root_first/1`` and
    ``root_next/2`` facts (with no vertex at all there is no candidate, and loop.lp
    finds no loop)."""
    return f"root_first({chain[0]})." + "".join(f"root_next({a},{b})." for a, b in zip(chain, chain[1:]))


def facts_text(puzzle: Puzzle) -> str:
    """The derived facts as text, for running an encoding by hand: the root chain,
    and the faces where the cells are the faces of a disc."""
    chain = [puzzle.vertices[v] for v in root_chain(puzzle)]
    text = f"root_first({chain[0]}).\n" + "".join(f"root_next({a},{b}).\n" for a, b in zip(chain, chain[1:]))
    return text + (face_facts(puzzle) + "\n" if puzzle.is_disc else "")


# --------------------------------------------------------------------------- sessions
LINK = ("link", 2)
"""The answer's predicate and arity."""
CLUE = ("clue", 2)
"""The clue predicate and arity (facts, or externals in a session)."""
CLUE_EXTERNALS = "#external clue(C,N) : clue_value(C,N)."
"""Every clue value a cell may take is an external atom ``clue(C,N)``."""


def session_facts(puzzle: Puzzle, values: Sequence[Iterable[int]], encoding: str) -> str:
    """Facts for a session over the graph of ``puzzle``: every cell, the clue values
    each may take (``clue_value/2``, made external by :data:`CLUE_EXTERNALS`), the
    puzzle's own clues as facts, and the faces for ``colour``."""
    cells = puzzle.cells
    externals = "".join(f"clue_value({cells[c]},{k})." for c, ks in enumerate(values) for k in ks)
    return program_facts(puzzle, all_cells=True, faces=encoding == "colour") + externals


RULES = ("loop", "parity")
"""The rules explanations switch on and off (``rule(loop)``, ``rule(parity)``)."""


def explain_facts(puzzle: Puzzle) -> str:
    """Facts for ``explain.lp``: every cell, its clue as a possible value, the faces on
    a disc, and the root chain of every vertex (valid whatever clues are on)."""
    clues = [[] if k is None else [k] for k in puzzle.clues]
    return session_facts(puzzle.with_clues([None] * len(puzzle.cells)), clues,
                         "colour" if puzzle.is_disc else "reach")


def clue_of_atom(atom: str) -> tuple[str, int]:
    """``(cell, value)`` of a printed ``clue(C,N)`` atom.

    >>> clue_of_atom("clue(f(1,2),3)")
    ('f(1,2)', 3)
    """
    cell, k = atom[5:-1].rsplit(",", 1)
    return cell, int(k)


def atoms_decoder(puzzle: Puzzle, segments: dict[str, tuple[int, ...]] | None = None
                  ) -> Callable[[Iterable[str]], frozenset[int]]:
    """Maps shown ``link/2`` atoms, as clingo prints them, back to edge indices (through
    the segments of a reduced program, when given)."""
    if segments is not None:
        return lambda atoms: frozenset(e for s in atoms for e in segments[s])
    edge_of = link_atoms(puzzle)
    return lambda atoms: frozenset(edge_of[s] for s in atoms)


def link_atoms(puzzle: Puzzle) -> dict[str, int]:
    """The printed ``link(U,V)`` atom of every edge -> its index: how answers are
    read back from clingo's models (one string per link, cheaper than symbols)."""
    names = puzzle.vertices
    return {f"link({names[u]},{names[v]})": i for i, (u, v) in enumerate(puzzle.edges)}

