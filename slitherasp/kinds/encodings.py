"""Which single-loop model a puzzle is solved with: the registry behind ``--encoding``
and ``--with``.

Every model of "the links form one simple cycle" that the seeds describe is a file of
``asp/`` with a header saying which seed it follows, what it enforces and how its
ground program grows; each adds the puzzle's own rules (``clues.lp``, ``visit.lp``)
and shows ``link/2``. An *option* is a file any model may add: constraints that every
single loop meets, which only tell clasp sooner. A choice is written as one string,
the model first and the options after ``+`` (``"distance+cuts"``): the library's
``solve(p, encoding=...)``, the command line's ``--encoding NAME --with OPTION`` and
a batch's workers all pass that string.

Adding a model is one ``asp/`` file and one :class:`Model` in :data:`MODELS`; adding an
option, one file and one :class:`Option` in :data:`OPTIONS`.

>>> parse("distance+cuts")
Choice(model='distance', options=('cuts',))
>>> str(parse("LABEL + parity+cuts"))
'label+cuts+parity'
>>> sorted(m.name for m in MODELS.values() if not m.linear)
['automaton', 'label']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.errors import InputError

if TYPE_CHECKING:
    from ..model import Puzzle


@dataclass(frozen=True)
class Model:
    """A single-loop model: its ``asp/`` file, the seed it follows, how its ground
    program grows (``linear``: at most a log factor past linear, so ``auto`` may pick
    it on any size), and what it needs of a puzzle: ``faces`` (the cells are the faces
    of a disc), ``geometry`` (the vertices' coordinates), ``propagator`` (clingo's
    Python module: no text run). ``whole``: it reads the whole puzzle, with the edges
    the rules settled as facts, never the reduced graph of joined chains (whose
    segments have no coordinates)."""

    name: str
    file: str
    follows: str
    grows: str
    linear: bool = True
    needs: tuple[str, ...] = ()
    whole: bool = False
    flags: tuple[str, ...] = ()
    """clingo options the model's file relies on (its ``#heuristic`` statements)."""


@dataclass(frozen=True)
class Option:
    """Constraints any model may add (``--with NAME``): their file, the seed, and what
    they need (``faces``; ``bipartite``: vertices of two colours, every edge joining
    the two). ``whole`` as for :class:`Model`."""

    name: str
    file: str
    follows: str
    needs: tuple[str, ...] = ()
    whole: bool = False


MODELS: dict[str, Model] = {m.name: m for m in (
    Model("reach", "slitherlink.lp", "the ASP competition 2009 (seeds/003): reachability from a root", "linear"),
    Model("colour", "colour.lp", "reach, and each face inside or outside the loop", "linear", needs=("faces",)),
    Model("label", "label.lp", "seeds/000 (Essence): a cyclic labelling of the loop's edges",
          "quadratic: a label per edge up to the number of vertices", linear=False, flags=("--heuristic=Domain",)),
    Model("automaton", "automaton.lp", "seeds/001 (SAT) method 1: a cellular automaton from the start line",
          "quadratic: a generation per edge up to half the number of vertices", linear=False),
    Model("distance", "distance.lp", "seeds/001 (SAT) method 2: each line's distance to the start line in binary",
          "E log N: log2(N) bits per edge, compared at every vertex"),
    Model("turns", "turns.lp", "seeds/002 (Z3): turn parity with one exception",
          "linear", needs=("geometry",), whole=True),
    Model("lazy", "lazy.lp", "the lazy-cut SAT solvers (seeds/001, benchmarks/sat_baseline.py): sub-loops cut "
          "by a propagator as found", "linear (the cuts are learnt while solving)", needs=("propagator",)),
)}
"""Every single-loop model, by its ``--encoding`` name."""

OPTIONS: dict[str, Option] = {o.name: o for o in (
    Option("cuts", "cuts.lp", "seeds/002: every cut is crossed an even number of times"),
    Option("parity", "evenodd.lp", "seeds/002's cell parity: the loop alternates between even and odd vertices",
           needs=("bipartite",), whole=True),
    Option("faces", "parity.lp", "each face inside or outside the loop (what colour adds to reach)",
           needs=("faces",)),
)}
"""Every option, by its ``--with`` name."""

AUTO = "auto"
"""The default: ``colour`` where the cells are the faces of a disc, else ``reach``."""
CHOICES = (AUTO, *MODELS)
"""What ``--encoding`` accepts."""
NEEDS = {
    "faces": "the cells to be the faces of a disc-shaped patch",
    "geometry": "the vertices' coordinates (a tiling, or a .geo.json beside the facts)",
    "propagator": "clingo's Python module (a propagator): not clingo run as text, as in the browser",
    "bipartite": "vertices of two colours, every edge joining the two (squares, hexagons; not triangles)",
}
"""What each need means, in words."""


@dataclass(frozen=True)
class Choice:
    """A model and its options (sorted, each once): what ``--encoding`` and ``--with``
    chose, before ``auto`` is resolved. ``str()`` gives it back as one string."""

    model: str
    options: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "+".join((self.model, *self.options))

    @property
    def whole(self) -> bool:
        """Whether the model or an option reads the whole puzzle, never a reduced one."""
        return (self.model in MODELS and MODELS[self.model].whole) or any(OPTIONS[o].whole for o in self.options)

    @property
    def faces(self) -> bool:
        """Whether the program reads the faces (``face/1``, ``sides/4``, ``border/3``)."""
        return self.model == "colour" or "faces" in self.options

    @property
    def linear(self) -> bool:
        """Whether the ground program grows at most a log factor past linear."""
        return self.model not in MODELS or MODELS[self.model].linear


def parse(spec: str) -> Choice:
    """A model and options from ``"model+option+..."`` (case and spaces aside); an
    :class:`InputError` names an unknown part and lists the choices.

    >>> parse("auto"), parse("reach+faces+faces").options
    (Choice(model='auto', options=()), ('faces',))
    >>> parse("reach+wings")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: unknown option 'wings' for --with; choose from cuts, parity, faces
    """
    model, *options = (part.strip().lower() for part in str(spec).split("+"))
    if model not in CHOICES:
        raise InputError(f"unknown encoding {model!r}; choose from {', '.join(CHOICES)}")
    for o in options:
        if o not in OPTIONS:
            raise InputError(f"unknown option {o!r} for --with; choose from {', '.join(OPTIONS)}")
    return Choice(model, tuple(sorted(set(options))))


def with_options(encoding: str, options: tuple[str, ...] | list[str] | None) -> str:
    """``--encoding`` and the ``--with`` options as one string.

    >>> with_options("auto", ["parity", "cuts"]), with_options("reach", None)
    ('auto+cuts+parity', 'reach')
    """
    return str(parse("+".join((encoding, *(options or ())))))


def resolve(spec: str, puzzle: Puzzle) -> Choice:
    """The choice ``spec`` stands for on this puzzle: ``auto`` resolved (``colour``
    where the cells are the faces of a disc, else ``reach``), and an
    :class:`InputError` in one line where the puzzle lacks what the model or an option
    needs (faces, coordinates). Whether the graph is bipartite is said where its facts
    are made, and whether a propagator can run, by the solver."""
    choice = parse(spec)
    model = choice.model
    if model == AUTO:
        model = "colour" if puzzle.is_disc else "reach"
    for name, needs in ((model, MODELS[model].needs), *((o, OPTIONS[o].needs) for o in choice.options)):
        missing = _missing(needs, puzzle)
        if missing is not None:
            what = f"the {name} encoding" if name in MODELS else f"--with {name}"
            raise InputError(f"{what} needs {NEEDS[missing]}{_why(missing, puzzle)}; "
                             f"choose another --encoding{'' if name in MODELS else ' or leave out --with ' + name}")
    return Choice(model, choice.options)


def _missing(needs: tuple[str, ...], puzzle: Puzzle) -> str | None:
    """The first need of ``needs`` that ``puzzle`` cannot meet by itself, or None."""
    for need in needs:
        if need == "faces" and not puzzle.is_disc:
            return need
        if need == "geometry" and puzzle.geometry is None:
            return need
    return None


DEFECTS = {
    "faces": "a cell whose edges are not one simple cycle", "edge": "an edge in no cell or in three or more",
    "pieces": "the cells fall apart into pieces", "pinch": "the cells at a vertex are not one fan",
    "closed": "no border: a closed surface", "holes": "holes", "euler": "handles (V - E + F is not 1)",
}
"""What each :class:`slitherasp.model.topology.Defect` means, in words."""


def _why(missing: str, puzzle: Puzzle) -> str:
    """What is wrong with the puzzle, for the message, where there is more to say."""
    if missing != "faces":
        return ""
    from ..model.topology import disc_defect

    defect = disc_defect(puzzle)
    return f" (here: {DEFECTS.get(defect.kind, defect.kind) if defect else '?'})"
