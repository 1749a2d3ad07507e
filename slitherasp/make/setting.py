"""What a setter asks of a puzzle beyond its grade: a symmetric clue layout, clues
only on some faces (a mask), clue values from a theme, a rule the solution needs, a
loop that follows a picture.

A :class:`Setting` says what is asked; :func:`plan` checks it against a patch (one
line naming what is wrong) and gives the :class:`Plan` that generation follows: the
clues of a loop that may be given, in units that go or stay together (the orbits of
the symmetry), whether a finished puzzle uses the rule asked for, and the loop of
the picture. A plan that asks nothing gives what generation gave before.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 4, 4)
>>> pl = plan(Setting(symmetry="rot90", values=frozenset({1, 2, 3})), p)
>>> pl.orbits
((0, 3, 12, 15), (1, 7, 8, 14), (2, 4, 11, 13), (5, 6, 9, 10))
>>> pl.units([0, 1, 1, 0,  1, 2, 2, 1,  1, 2, 2, 1,  0, 1, 1, 0])   # no 0: the corners stay blank
[(1, 7, 8, 14), (2, 4, 11, 13), (5, 6, 9, 10)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..model import Answer, Puzzle
from ..model.errors import InputError, printable
from ..model.levels import HUMAN_LEVELS

__all__ = ["Plan", "Setting", "face_list", "plan", "values_of"]


@dataclass(frozen=True)
class Setting:
    """What a setter asks for (all optional): ``symmetry``, a name of
    :mod:`slitherasp.tilings.symmetry` (``rot180``, ``left-right``, ``rot90+diagonal``,
    ``full``); ``faces``, the cells that may carry a clue (a mask); ``values``, the
    clue values that may be given (a theme: ``{3}`` for all 3s); ``needs``, a family of
    rules (:data:`.rules.families.FAMILIES`) the solution must use at least once;
    ``picture``, cells the loop's inside should be, as closely as a loop allows."""

    symmetry: str | None = None
    faces: frozenset[int] | None = None
    values: frozenset[int] | None = None
    needs: str | None = None
    picture: frozenset[int] | None = None


@dataclass(frozen=True)
class Plan:
    """A :class:`Setting` checked against a patch: ``orbits``, every cell in the unit
    it goes or stays with; ``mask``, the cells that may carry a clue (None: all);
    ``values`` and ``needs`` as asked; ``most``, the level the rule is looked for at."""

    setting: Setting
    orbits: tuple[tuple[int, ...], ...]
    mask: frozenset[int] | None = None
    most: int = 4
    loop: Answer | None = field(default=None, compare=False)
    """The loop that follows the picture (found once, :mod:`slitherasp.make.picture`)."""

    def units(self, full: Sequence[int]) -> list[tuple[int, ...]]:
        """The units of a loop's clues (``full``) that may be given: the orbits whose
        every cell is in the mask and has an allowed value."""
        mask, values = self.mask, self.setting.values
        return [u for u in self.orbits
                if all((mask is None or c in mask) and (values is None or full[c] in values) for c in u)]

    def full_set(self, puzzle: Puzzle, loop: Answer) -> Puzzle:
        """``puzzle`` with every clue of ``loop`` that the plan lets be given."""
        full = puzzle.signature(loop)
        return puzzle.with_clues({c: full[c] for unit in self.units(full) for c in unit})

    def random_loop(self, puzzle: Puzzle, seed: int, *, tendrils: bool = True, rounds: int = 0) -> Answer:
        """A random loop as Loopy grows them (:func:`.loops.random_loop`); with a clue
        theme or a mask, then reshaped so that more of its clues may be given and less of
        it runs off the mask, and with a theme up to ``rounds`` times more where another
        loop fits its clues (:func:`shaped`)."""
        from .loops import random_loop

        if self.setting.values is None and self.mask is None:
            return random_loop(puzzle, seed, tendrils=tendrils)
        return shaped(puzzle, seed, self, tendrils=tendrils, rounds=rounds)

    def fits(self, puzzle: Puzzle) -> bool:
        """Whether a finished puzzle's solution uses the rule asked for (or none is)."""
        from ..rules.families import families

        needs = self.setting.needs
        return needs is None or needs.replace("-", " ").lower() in families(puzzle, self.most)


def plan(setting: Setting, puzzle: Puzzle, difficulty: str | None = None, level: str | None = None,
         *, time_limit: float | None = None) -> Plan:
    """The plan of ``setting`` on the patch ``puzzle`` for a person's grade
    ``difficulty`` (or the solver's ``level``); :class:`InputError` in one line for
    what cannot be: a symmetry the patch lacks (naming what it has), a face that is not
    one, a clue value no face can have, a rule unknown or above the grade asked. The
    picture's loop is found here (clingo), within ``time_limit`` seconds."""
    n = len(puzzle.cells)
    orbits: list[tuple[int, ...]] = [(c,) for c in range(n)]
    if setting.symmetry:
        from ..tilings.symmetry import orbits as orbits_of
        from ..tilings.symmetry import symmetries

        orbits = orbits_of(symmetries(puzzle), setting.symmetry)
    for what, cells in (("mask", setting.faces), ("picture", setting.picture)):
        if cells is not None and (not cells or not all(0 <= c < n for c in cells)):
            raise InputError(f"the {what} must name some faces of the patch (0 to {n - 1})")
    sides = max((len(es) for es in puzzle.cell_edges), default=0)
    if setting.values is not None and (not setting.values or not all(0 <= k <= sides for k in setting.values)):
        raise InputError(f"clue values must be whole numbers from 0 to {sides} (the most sides a face has here)")
    if setting.values is not None and 0 not in setting.values and difficulty == "easy":
        raise InputError("Easy's rules have no first step without a clue 0 (nor without a clue as large as its "
                         "face, which only a loop round that one face has): ask for --difficulty normal or harder")
    most = _level_of_rule(setting.needs, difficulty, level)
    loop = None
    if setting.picture is not None:
        from .picture import closest_loop

        loop = closest_loop(puzzle, setting.picture, time_limit=time_limit).loop
    return Plan(setting, tuple(orbits), setting.faces, most, loop)


def _level_of_rule(needs: str | None, difficulty: str | None, level: str | None) -> int:
    """The level a rule asked for is looked for at (the person's grade asked)."""
    from ..rules.families import FAMILIES

    if needs is None:
        return 4
    name = needs.replace("-", " ").lower()
    if name not in FAMILIES:
        raise InputError(f"unknown rule {printable(repr(needs[:40]))}; choose from {', '.join(FAMILIES)} (as "
                         "'explain' names them)")
    if level is not None:
        raise InputError("--needs goes with a person's grade (--difficulty), not the solver's")
    asked = HUMAN_LEVELS.index(difficulty or "normal") + 1
    if FAMILIES[name] > min(asked, 4):
        rule_level = HUMAN_LEVELS[FAMILIES[name] - 1]
        raise InputError(f"the rule {name!r} is one of {rule_level}'s: ask for --difficulty {rule_level} or "
                         "harder")
    return min(asked, 4)


def values_of(text: str) -> frozenset[int]:
    """Clue values written as ``1,2,3`` (or ``3`` for all 3s); one line when not.

    >>> sorted(values_of("3, 2"))
    [2, 3]
    """
    parts = [t.strip() for t in text.split(",")]
    if not parts or not all(t.isascii() and t.isdigit() and len(t) <= 2 for t in parts):
        raise InputError(f"write clue values as numbers separated by commas, such as 1,2,3 (not "
                         f"{printable(repr(text[:40]))})")
    return frozenset(int(t) for t in parts)


def face_list(text: str, puzzle: Puzzle, source: str) -> frozenset[int]:
    """Faces written one or more a line, by name (``c12``, as the instance names its
    cells) or by number (``12``, counting from 0), separated by spaces or commas;
    ``#`` starts a comment. One line naming the file and line of a face that is none.

    >>> from slitherasp import tilings
    >>> sorted(face_list("c0 c3  # corners\\n5,6", tilings.build("square", 3, 3), "mask.txt"))
    [0, 3, 5, 6]
    """
    found: set[int] = set()
    index = puzzle.cell_index
    for number, line in enumerate(text.splitlines(), 1):
        for word in line.split("#", 1)[0].replace(",", " ").split():
            c = index.get(word)
            if c is None and word.isascii() and word.isdigit() and int(word) < len(puzzle.cells):
                c = int(word)
            if c is None:
                raise InputError(f"no face {printable(repr(word[:40]))} on this patch (faces are named "
                                 f"{puzzle.cells[0]} to {puzzle.cells[-1]}, or numbered 0 to {len(puzzle.cells) - 1})",
                                 source=source, line=number)
            found.add(c)
    if not found:
        raise InputError("names no face", source=source)
    return frozenset(found)


SHAPING = 20
"""Faces a loop's reshaping tries to switch, per face of the patch (more gained little:
square 10x10, clues 2,3: Tricky full clue sets 54% of loops unshaped, 79-84% after 10
to 500 tries a face, measured before loops kept half their inside)."""


def shaped(puzzle: Puzzle, seed: int, plan: Plan, *, tendrils: bool = True, rounds: int = 0) -> Answer:
    """A random loop (:func:`.loops.colouring`) reshaped for a clue theme or a mask:
    faces switch side, at random, where the loop stays one loop (both colours in one
    piece, as the loop's growth keeps them) and its score does not drop, or now and then
    (one try in 20) anyway. The score: the clues that may be given (cells of units whose
    every cell has an allowed value); with a mask, plus the faces of the mask the loop
    touches, less those off it (which no clue will tell about: the loop keeps to
    the mask, and runs through it rather than shrink; it never shrinks past half its
    inside). On a square 10x10 with clues 2 and 3 only, 78 of 100 such loops have a
    full clue set that Tricky's rules solve, 54 of Loopy's own; with 3s only, 1 against
    none.

    With a theme, up to ``rounds`` repairs follow: while another loop fits the clues
    the theme gives (clingo finds it), the faces the two loops' insides differ on, and
    those next to them, count :data:`REPAIR_WEIGHT` times more in the score, and the
    faces there and next to them are reshaped again (half as many tries a face) (square 10x10, all 3s, 30 loops: 4
    rounds make 13 full sets unique and 4 Tricky, against 1 and 1)."""
    import random

    from .loops import BLACK, WHITE, colouring, face_neighbours, switchable

    n = len(puzzle.cells)
    board = [*colouring(puzzle, seed, tendrils=tendrils), BLACK]
    rng = random.Random(seed)
    values, mask = plan.setting.values, plan.mask
    units = [u for u in plan.orbits if mask is None or all(c in mask for c in u)]
    unit_of = {c: i for i, u in enumerate(units) for c in u}
    neighbours = face_neighbours(puzzle)
    bonus = [0] * len(units)  # (a repair's extra weight per unit: on the faces where another loop differs)

    def value(c: int) -> int:
        return sum(board[g] != board[c] for g in neighbours[c])

    def score(faces: set[int]) -> int:
        given = sum(len(units[i]) + bonus[i] for i in {unit_of[c] for c in faces if c in unit_of}
                    if values is None or all(value(c) in values for c in units[i]))
        if mask is None:
            return given
        return given + sum(1 if c in mask else -1 for c in faces if value(c))

    inside = board.count(WHITE)
    least = inside // 2  # (a loop may not shrink past half its inside: round a face or two, it is no puzzle)

    def shape(pool: Sequence[int], tries: int) -> None:
        nonlocal inside
        for _ in range(tries * len(pool)):
            f = pool[rng.randrange(len(pool))]
            other = WHITE + BLACK - board[f]
            if (other == BLACK and inside <= least) or not switchable(puzzle, board, f):
                continue
            near = {g for c in (f, *neighbours[f]) if c < n for g in (units[unit_of[c]] if c in unit_of else (c,))}
            before = score(near)
            board[f] = other
            if score(near) < before and rng.randrange(20):
                board[f] = WHITE + BLACK - other
            else:
                inside += 1 if other == WHITE else -1

    def loop() -> Answer:
        return frozenset(e for e, cs in enumerate(puzzle.edge_cells)
                         if (board[cs[0]] == WHITE) != (len(cs) > 1 and board[cs[1]] == WHITE))

    shape(range(n), SHAPING)
    for _ in range(rounds if values is not None else 0):
        apart = _apart(puzzle, plan, loop(), [board[c] == WHITE for c in range(n)])
        if not apart:
            break
        focus = {g for c in apart for g in (c, *neighbours[c]) if g < n}
        bonus = [REPAIR_WEIGHT * len(focus.intersection(u)) for u in units]
        shape(sorted({g for c in focus for g in (c, *neighbours[c]) if g < n}), SHAPING // 2)
    return loop()


REPAIR_WEIGHT = 3
"""How much more a clue counts, in a repair, on the faces where another loop differs."""


def _apart(puzzle: Puzzle, plan: Plan, loop: Answer, inside: list[bool]) -> set[int]:
    """The faces whose side differs between ``loop`` and another loop that fits the
    clues the plan gives of it (none: its clues have one answer, or clingo did not
    tell within two seconds)."""
    from ..kinds.variant.rules import held
    from ..solver.run import solve

    given = plan.full_set(puzzle, loop)
    other = next((a for a in solve(given, models=2, time_limit=2.0).answers if a != loop), None)
    if other is None:
        return set()
    side = held(puzzle, set(other))  # the other loop's inside
    return {c for c, s in enumerate(side) if s is not None and s != inside[c]}
