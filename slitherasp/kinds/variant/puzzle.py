"""Slitherlink variants as puzzle kinds: Vertex, Touch, Sheep-Wolf, all points (Full)
and Litherslink, on any tiling.

A :class:`Variant` is a Slitherlink :class:`~slitherasp.model.Puzzle` (its graph, cells
and clues) read under another rule:

==============  =======================================================================
``vertex``      one loop; a clue counts the corners of its cell the loop passes through
``touch``       one loop; a clue counts the separate times the loop touches its cell
                (runs of the cell's boundary on the loop: corners joined by sides)
``sheep-wolf``  classic clues; sheep cells inside the loop, wolf cells outside
``full``        classic clues, and every vertex is on the loop (``touch+full`` and
                ``sheep-wolf+full`` too: pzprjs' flag ``f``)
``lither``      the lines form two or more trees and no loop, every vertex has 1, 3 or
                more lines (never 0 or 2); a clue counts its cell's sides that are lines
==============  =======================================================================

The rules are those of pzprjs (``vslither``, ``tslither``, ``swslither``, the flag ``f``,
``lither``) said for any face: :mod:`.rules` states them in plain Python (the
checker), ``asp/`` as encodings. Touch needs its clued cells to be simple cycles;
Sheep-Wolf and Litherslink need the cells to be the faces of a disc (inside and
outside; a loop shuts faces in). A variant's program is always the whole puzzle: the
rule engine (:mod:`slitherasp.rules`) knows the classic rule only.

>>> from slitherasp import tilings
>>> v = variant(tilings.build("square", 2, 2).with_clues([4, None, None, None]), "vertex")
>>> v.name, v.kind, program(v).encoding
('vertex', 'vertex', 'vertex')
>>> variant(v.puzzle, "touch+full").name
'touch+full'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...model import Name, Puzzle, TilingRef
from ...model.errors import InputError
from .. import facts as asp_facts
from ..facts import Program

RULES = ("vertex", "touch", "sheep-wolf", "lither", "classic")
"""The clue rules: how a clue counts (``classic``: a plain Slitherlink's, only with
all points)."""
FULL_RULES = ("classic", "touch", "sheep-wolf")
"""The rules that take all points (pzprjs allows its flag ``f`` on these)."""
NAMES = ("vertex", "touch", "sheep-wolf", "lither", "full", "touch+full", "sheep-wolf+full")
"""Every variant's name, as ``--variant`` takes it."""
PZPR_TYPES = {"vertex": "vslither", "touch": "tslither", "sheep-wolf": "swslither", "lither": "lither",
              "classic": "slither"}
"""pzprjs' puzzle type of each rule."""
ALIASES = {**{t: r for r, t in PZPR_TYPES.items()}, "slitherlink": "classic", "sheepwolf": "sheep-wolf",
           "sheep_wolf": "sheep-wolf", "litherslink": "lither", "all-points": "full"}
"""Other names a rule goes by (pzprjs' types first)."""


def parse(name: str) -> tuple[str, bool]:
    """``(rule, full)`` of a variant's name: ``touch+full``, ``full``, ``tslither``...;
    :class:`InputError` naming the known ones.

    >>> parse("touch+full"), parse("full"), parse("swslither"), parse("vertex")
    (('touch', True), ('classic', True), ('sheep-wolf', False), ('vertex', False))
    """
    parts = [p.strip().lower() for p in name.replace(",", "+").split("+")]
    full = "full" in parts or "all-points" in parts
    rest = [ALIASES.get(p, p) for p in parts if p not in ("full", "all-points")]
    rule = rest[0] if len(rest) == 1 else "classic" if not rest else ""
    if rule not in RULES or (rule == "classic" and not full):
        raise InputError(f"unknown variant {name[:40]!r}; choose from {', '.join(NAMES)}")
    if full and rule not in FULL_RULES:
        raise InputError(f"all points (full) goes with classic, touch and sheep-wolf clues, not {rule}")
    return rule, full


def name_of(rule: str, full: bool) -> str:
    """The name of a rule with or without all points.

    >>> name_of("classic", True), name_of("touch", True), name_of("lither", False)
    ('full', 'touch+full', 'lither')
    """
    if rule == "classic":
        return "full"
    return f"{rule}+full" if full else rule


# --------------------------------------------------------------------------- the model
@dataclass(frozen=True)
class Variant:
    """A Slitherlink puzzle under a variant's rule. ``sheep`` and ``wolves`` are cell
    indices (Sheep-Wolf only); a cell holds at most one of a clue, a sheep, a wolf.
    Construction checks that the rule is defined on the puzzle (:class:`InputError`).

    >>> from slitherasp import tilings
    >>> v = Variant(tilings.build("square", 2, 1), "sheep-wolf", sheep=frozenset({0}))
    >>> v.name, v.animal(0), v.animal(1)
    ('sheep-wolf', 'sheep', None)
    """

    puzzle: Puzzle
    rule: str
    full: bool = False
    sheep: frozenset[int] = frozenset()
    wolves: frozenset[int] = frozenset()
    is_variant: ClassVar[bool] = True

    def __post_init__(self) -> None:
        source = self.puzzle.source
        if self.rule not in RULES or (self.rule == "classic" and not self.full):
            raise InputError(f"unknown variant rule {self.rule!r}", source=source)
        if self.full and self.rule not in FULL_RULES:
            raise InputError(f"all points (full) goes with classic, touch and sheep-wolf clues, not {self.rule}",
                             source=source)
        if (self.sheep or self.wolves) and self.rule != "sheep-wolf":
            raise InputError(f"sheep and wolves belong to Sheep-Wolf Slitherlink, not {self.name}", source=source)
        _check_animals(self.puzzle, self.sheep, self.wolves)
        if self.rule in ("sheep-wolf", "lither") and not self.puzzle.is_disc:
            what = "inside and outside" if self.rule == "sheep-wolf" else "a loop shutting faces in"
            raise InputError(f"{self.title} needs the cells to be the faces of a disc-shaped patch ({what}); "
                             "these cells are not", source=source)
        if self.rule == "touch":
            cycles = self.puzzle.face_cycles
            bad = next((c for c, k in enumerate(self.puzzle.clues) if k is not None and cycles[c] is None), None)
            if bad is not None:
                raise InputError(f"a Touch clue needs its cell to be one simple cycle of edges; "
                                 f"cell {self.puzzle.cells[bad]} is not", source=source)

    @property
    def name(self) -> str:
        """The variant's name (:data:`NAMES`)."""
        return name_of(self.rule, self.full)

    @property
    def kind(self) -> str:
        """The puzzle kind (:mod:`slitherasp.kinds`): the rule, ``full`` for classic clues."""
        return "full" if self.rule == "classic" else self.rule

    @property
    def title(self) -> str:
        """The variant's name in words, as puzz.link lists it.

        >>> from slitherasp import tilings
        >>> variant(tilings.build("square", 1, 1), "touch+full").title
        'Touch Slitherlink (all points)'
        """
        base = {"vertex": "Vertex Slitherlink", "touch": "Touch Slitherlink", "sheep-wolf": "Sheep-Wolf Slitherlink",
                "lither": "Litherslink", "classic": "Slitherlink"}[self.rule]
        return f"{base} (all points)" if self.full else base

    # -- what front ends read of the graph: its names, never its clues or cells' edges,
    # -- so that code of the classic rule (the rule engine) cannot take a variant for a
    # -- classic puzzle ----------------------------------------------------------------
    @property
    def graph(self) -> Puzzle:
        """The graph whose edges an answer is made of (the puzzle itself)."""
        return self.puzzle

    @property
    def source(self) -> str:
        return self.puzzle.source

    @property
    def tiling(self) -> TilingRef | None:
        return self.puzzle.tiling

    @property
    def vertices(self) -> tuple[Name, ...]:
        return self.puzzle.vertices

    @property
    def edges(self) -> tuple[tuple[int, int], ...]:
        return self.puzzle.edges

    @property
    def cells(self) -> tuple[Name, ...]:
        return self.puzzle.cells

    @property
    def geometry(self) -> Any:
        return self.puzzle.geometry

    def links(self, answer: Iterable[int]) -> list[tuple[Name, Name]]:
        """An answer as ``(U, V)`` name pairs (:meth:`Puzzle.links`)."""
        return self.puzzle.links(answer)

    def edge_names(self, e: int) -> tuple[Name, Name]:
        return self.puzzle.edge_names(e)

    def clue_count(self) -> int:
        """Cells that hold a clue or an animal."""
        return self.puzzle.clue_count() + len(self.sheep) + len(self.wolves)

    def animal(self, cell: int) -> str | None:
        """``sheep``, ``wolf`` or None for a cell index."""
        return "sheep" if cell in self.sheep else "wolf" if cell in self.wolves else None

    def with_clues(self, clues: Sequence[int | None] | Mapping[int, int]) -> Variant:
        """A copy with other clues (animals kept, those on a clued cell dropped)."""
        puzzle = self.puzzle.with_clues(clues)
        clued = {c for c, k in enumerate(puzzle.clues) if k is not None}
        return replace(self, puzzle=puzzle, sheep=self.sheep - clued, wolves=self.wolves - clued)

    def with_animals(self, sheep: Iterable[int], wolves: Iterable[int]) -> Variant:
        """A copy with other sheep and wolves."""
        return replace(self, sheep=frozenset(sheep), wolves=frozenset(wolves))

    def with_puzzle(self, puzzle: Puzzle) -> Variant:
        """The same variant on another puzzle of the same cells (a geometry added, say)."""
        return replace(self, puzzle=puzzle)


def _check_animals(puzzle: Puzzle, sheep: frozenset[int], wolves: frozenset[int]) -> None:
    """Animals on cells that exist, one thing to a cell."""
    cells, source = puzzle.cells, puzzle.source
    for c in sorted(sheep | wolves):
        if not 0 <= c < len(cells):
            raise InputError(f"an animal on cell index {c}, which is no cell", source=source)
    both = sorted(sheep & wolves)
    if both:
        raise InputError(f"cell {cells[both[0]]} holds a sheep and a wolf", source=source)
    clued = sorted(c for c in sheep | wolves if puzzle.clues[c] is not None)
    if clued:
        c = clued[0]
        raise InputError(f"cell {cells[c]} holds a clue and a {'sheep' if c in sheep else 'wolf'}: "
                         "a cell holds one of them", source=source)


def variant(puzzle: Puzzle | Variant, name: str, *, sheep: Iterable[int] = (),
            wolves: Iterable[int] = ()) -> Variant:
    """``puzzle`` under the variant ``name`` (:func:`parse`). A puzzle that is a
    variant already keeps its animals when ``name`` is its own variant.

    >>> from slitherasp import tilings
    >>> variant(tilings.build("honeycomb", 3, 3), "lither").title
    'Litherslink'
    """
    rule, full = parse(name)
    if isinstance(puzzle, Variant):
        if (rule, full) != (puzzle.rule, puzzle.full):
            raise InputError(f"the puzzle is {puzzle.title} already, not {name}", source=puzzle.source)
        return puzzle.with_animals(puzzle.sheep | set(sheep), puzzle.wolves | set(wolves))
    return Variant(puzzle, rule, full, frozenset(sheep), frozenset(wolves))


def base_of(puzzle: Any) -> Any:
    """The Slitherlink puzzle a variant is made of; any other puzzle itself.

    >>> from slitherasp import tilings
    >>> p = tilings.build("square", 1, 1)
    >>> base_of(variant(p, "vertex")) is p, base_of(p) is p
    (True, True)
    """
    return puzzle.puzzle if is_variant(puzzle) else puzzle


def as_variant(puzzle: Any, name: str | None) -> Any:
    """``puzzle`` read as the variant ``name`` (``--variant``): a puzzle whose
    format named no variant becomes one; a variant stays itself when ``name`` is its
    own and is refused otherwise; ``None`` leaves the puzzle as it is.

    >>> from slitherasp import tilings
    >>> as_variant(tilings.build("square", 1, 1), "lither").name
    'lither'
    """
    if name is None:
        return puzzle
    if is_variant(puzzle):
        if parse(name) != (puzzle.rule, puzzle.full):
            raise InputError(f"the puzzle says it is a {puzzle.title}, and --variant {name} says otherwise",
                             source=puzzle.source)
        return puzzle
    return variant(puzzle, name)


def is_variant(puzzle: Any) -> bool:
    """Whether ``puzzle`` is a :class:`Variant` (without importing this module: any
    object with a true ``is_variant``).

    >>> from slitherasp import tilings
    >>> is_variant(tilings.build("square", 1, 1))
    False
    """
    return bool(getattr(puzzle, "is_variant", False))


# --------------------------------------------------------------------------- programs
ENCODINGS = {"vertex": "vertex", "touch": "touch", "sheep-wolf": "sheep-wolf", "lither": "lither",
             "classic": "full"}
"""The encoding (``asp_facts.FILES``) of each rule."""


def program(v: Variant, encoding: str = asp_facts.DEFAULT_ENCODING, *, simplify: bool = True) -> Program:
    """What the solver runs: the variant's encoding and the whole puzzle's facts.
    ``encoding`` says whether faces are given (``colour``, the default where the cells
    are the faces of a disc) or not (``reach``); Sheep-Wolf and Litherslink always
    get them. ``simplify`` is ignored: the rule engine's reductions are the classic
    rule's, proved sound for it alone.

    >>> from slitherasp import tilings
    >>> p = program(variant(tilings.build("square", 1, 1).with_clues([2]), "touch"))
    >>> "side_before(c0,0,0,3)." in p.facts, p.encoding
    (True, 'touch')
    """
    chosen = asp_facts.resolve(encoding, v.puzzle)
    if chosen not in ("reach", "colour") or "+" in encoding:
        raise InputError(f"the variants solve with their own encodings (reach, colour or auto), not {encoding!r}")
    faces = v.rule in ("sheep-wolf", "lither") or chosen == "colour"
    # Probing at the root pays for a short root chain, which a positive clue or all
    # points give; the chain of every vertex makes it quadratic (asp_facts.slitherlink).
    probing = v.full or v.rule == "lither" or any(v.puzzle.clues)
    return Program(v.puzzle, ENCODINGS[v.rule], facts(v, faces=faces), probing)


EXTERNALS = ("#external clue(C,N) : clue_value(C,N).\n#external sheep(F) : may_sheep(F).\n"
             "#external wolf(F) : may_wolf(F).")
"""Clues and animals as external atoms, for many solves on one grounding."""


def facts(v: Variant, *, faces: bool = True, switched: bool = False, pinned: int | None = None) -> str:
    """The facts the variant's encoding reads: edges, the clued cells (their sides,
    corners and the side before each corner), clues, animals, ``visit/1`` for all
    points, the faces (with ``faces``) and the root chain. ``switched``: every clue
    and animal but the ``pinned`` clue is an external to switch (:data:`EXTERNALS`);
    the root chain is then the pinned cell's corners (or every vertex).

    >>> from slitherasp import tilings
    >>> v = variant(tilings.build("square", 2, 1).with_clues([1, 3]), "vertex")
    >>> text = facts(v, faces=False, switched=True, pinned=1)
    >>> "clue_value(c0,1)." in text, "clue(c1,3)." in text, "root_first(2)." in text
    (True, True, True)
    """
    puzzle = v.puzzle
    name, cells = puzzle.vertices, puzzle.cells
    ends = [f"{name[a]},{name[b]}" for a, b in puzzle.edges]
    out = ["".join(f"edge({uv})." for uv in ends)]
    clue = "clue_value" if switched else "clue"
    out.append("".join("".join(f"cell_contains({cells[c]},{ends[e]})." for e in puzzle.cell_edges[c])
                       + f"{'clue' if c == pinned else clue}({cells[c]},{k})."
                       for c, k in enumerate(puzzle.clues) if k is not None))
    if v.rule in ("vertex", "touch"):
        out.append(corner_facts(puzzle, touch=v.rule == "touch"))
    animal = "may_" if switched else ""
    out.append("".join(f"{animal}{v.animal(c)}({cells[c]})." for c in sorted(v.sheep | v.wolves)))
    if v.full:
        out.append("".join(f"visit({u})." for u in name))
    if faces or v.rule in ("sheep-wolf", "lither"):
        out.append(asp_facts.face_facts(puzzle))
    if v.rule != "lither":
        if v.full:
            chain = [0]
        elif switched:
            chain = list(range(len(name))) if pinned is None else list(corners(puzzle, pinned))
        else:
            chain = asp_facts.root_chain(puzzle)
        out.append(asp_facts.root_facts([name[u] for u in chain]) if chain else "")
    if switched:
        out.append(EXTERNALS)
    return "\n".join(x for x in out if x)


def corners(puzzle: Puzzle, cell: int) -> tuple[int, ...]:
    """The corners of a cell: its cycle's vertices, or for a cell that is no simple
    cycle the ends of its edges, in order of first appearance.

    >>> from slitherasp.model import from_faces
    >>> corners(from_faces([[(0, 0), (1, 0), (0, 1)]]), 0)
    (0, 1, 2)
    """
    cycle = puzzle.face_cycles[cell]
    if cycle is not None:
        return cycle
    return tuple(dict.fromkeys(v for e in puzzle.cell_edges[cell] for v in puzzle.edges[e]))


def corner_facts(puzzle: Puzzle, *, touch: bool = False) -> str:
    """``corner(C,V)`` for every clued cell, and with ``touch`` the side before each
    corner going round the cell: ``side_before(C,V,U,W)``."""
    name, cells = puzzle.vertices, puzzle.cells
    out = []
    for c, k in enumerate(puzzle.clues):
        if k is None:
            continue
        out.append("".join(f"corner({cells[c]},{name[v]})." for v in corners(puzzle, c)))
        if touch:
            cycle, sides = puzzle.face_cycles[c], puzzle.face_sides[c]
            assert cycle is not None and sides is not None  # Variant checks it
            for i, v in enumerate(cycle):
                a, b = puzzle.edges[sides[i - 1]]
                out.append(f"side_before({cells[c]},{name[v]},{name[a]},{name[b]}).")
    return "".join(out)
