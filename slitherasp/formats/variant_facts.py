"""A variant's facts in the ``lp`` format: ``variant/1``, ``sheep/1``, ``wolf/1``.

A Slitherlink instance (``edge/2``, ``cell_contains/3``, ``clue/2``) becomes a
variant (:class:`~slitherasp.kinds.variant.Variant`) with one or two facts
``variant(NAME).``, NAME one of ``vertex``, ``touch``, ``sheep_wolf``, ``lither`` and
``full`` (all points, alone or with ``touch`` or ``sheep_wolf``), and Sheep-Wolf's
animals as ``sheep(CELL).`` and ``wolf(CELL).``:

>>> from slitherasp.formats.lp import read_instance
>>> v = read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). "
...                   "cell_contains(t,2,3). cell_contains(t,3,1). variant(sheep_wolf). sheep(t).")
>>> v.name, sorted(v.sheep)
('sheep-wolf', [0])
>>> print(write(v), end="")
variant(sheep_wolf).
sheep(t).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError
from .terms import Fact, Parser

PREDICATES = {"variant": 1, "sheep": 1, "wolf": 1}
"""The predicates of a variant, with their arities."""
WORDS = {"vertex": "vertex", "touch": "touch", "sheep_wolf": "sheep-wolf", "lither": "lither", "full": "full"}
"""``variant/1``'s argument -> the part of a variant's name it stands for."""


def read(puzzle: Puzzle, facts: Mapping[str, Sequence[Fact]], parser: Parser) -> Any:
    """The variant the facts make of ``puzzle`` (the puzzle itself without any);
    every problem names the fact it is found at."""
    from ..kinds.variant.puzzle import Variant, parse

    named = facts.get("variant", ())
    animals = [*facts.get("sheep", ()), *facts.get("wolf", ())]
    if not named and not animals:
        return puzzle
    if not named:
        raise parser.error(f"{animals[0].predicate}/1 belongs to Sheep-Wolf: add variant(sheep_wolf).",
                           animals[0].offset)
    for f in named:
        if f.args[0] not in WORDS:
            raise parser.error(f"variant({f.args[0]}): unknown variant; choose from {', '.join(WORDS)}", f.offset)
    try:
        rule, full = parse("+".join(WORDS[f.args[0]] for f in named))
    except InputError as exc:
        raise parser.error(exc.message, named[0].offset) from None
    cells: dict[str, set[int]] = {"sheep": set(), "wolf": set()}
    for f in animals:
        c = puzzle.cell_index.get(f.args[0])
        if c is None:
            raise parser.error(f"{f.predicate}({f.args[0]}) names a cell with no cell_contains/3 facts", f.offset)
        cells[f.predicate].add(c)
    try:
        return Variant(puzzle, rule, full, frozenset(cells["sheep"]), frozenset(cells["wolf"]))
    except InputError as exc:
        raise parser.error(exc.message, (animals or named)[0].offset) from None


def write(v: Any) -> str:
    """The facts of a variant, one a line."""
    names = {value: key for key, value in WORDS.items()}
    parts = [] if v.rule == "classic" else [names[v.rule]]
    out = [f"variant({word})." for word in parts + ["full"] * v.full]
    cells = v.puzzle.cells
    out += [f"sheep({cells[c]})." for c in sorted(v.sheep)] + [f"wolf({cells[c]})." for c in sorted(v.wolves)]
    return "\n".join(out) + "\n"
