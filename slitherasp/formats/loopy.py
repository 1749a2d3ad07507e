"""Loopy game IDs: Simon Tatham's descriptive form ``WxHtN:clues``.

An ID is ``params:description``. ``params`` is ``W``, ``WxH`` or ``WxHtN``
(``N`` the grid type, 0 squares if absent; a difficulty suffix ``d<letter>`` is
ignored). ``description`` may start with a *grid description* ended by ``_``:
the triangular grid (t1) writes ``0_`` for today's grid, while an ID without it
means the legacy triangular grid (ears at two corners, ``2WH`` triangles).
The rest lists every face in Loopy's face order: ``0``-``9`` and ``A``-``Z``
are clues 0..35, and ``a``-``z`` skip 1..26 faces without a clue (longer runs
chain letters: 30 blank faces are ``zd``).

The reader builds the grid with :mod:`slitherasp.tilings.loopy`, so cell ``c<i>``
is Loopy's face ``i``; ``Puzzle.tiling`` records our tiling name, the size and
Loopy's grid description (None when the ID has none). The periodic grid types
the aperiodic ones (Penrose, hats, spectres: :mod:`slitherasp.tilings.aperiodic`,
with the grid descriptions Loopy writes since 2023, and the Penrose ``G<x>,<y>,<angle>``
ones of the Loopy before) are all supported.

>>> p = read("3x3t0:a2b3d", "<doc>")
>>> p.clues, p.tiling
((None, 2, None, None, 3, None, None, None, None), TilingRef(name='square', width=3, height=3, seed=None, desc=None))
>>> write(p)
'3x3t0:a2b3d\\n'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .. import tilings
from ..model import Puzzle, TilingRef, from_faces, limits
from ..model.errors import InputError, located
from .shape import same_faces

if TYPE_CHECKING:
    from ..tilings.base import Faces

_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?(?:t([0-9]+))?(?:d[a-z])?", re.A)
_ID = re.compile(r"[0-9]+(?:x[0-9]+)?(?:t[0-9]+)?(?:d[a-z])?[:#][-0-9A-Za-z_,]+", re.A)  # "-": old Penrose grids


def _id_line(text: str) -> tuple[str, int, int]:
    """The one line holding the ID (``#`` comment and blank lines aside): ID, line, indent."""
    found = [
        (s.strip(), i, len(s) - len(s.lstrip()))
        for i, s in enumerate(text.splitlines(), 1)
        if s.strip() and not s.lstrip().startswith("#")
    ]
    if len(found) != 1:
        raise InputError(
            f"expected one Loopy game ID line such as 10x10t2:..., found {len(found)} lines",
            line=found[1][1] if found else None,
        )
    return found[0]


def _tiling_name(number: int) -> str:
    """Our registered name of Loopy's grid type ``number``."""
    for t in tilings.TILINGS.values():
        if t.loopy is not None and t.loopy[1] == number:
            return t.name
    raise InputError(f"Loopy grid type t{number} has no registered tiling")


def _aperiodic_checks(number: int, w: int, h: int, desc: str | None, column: int) -> None:
    """InputError if Loopy would refuse this aperiodic size or grid description (cheap:
    nothing is built)."""
    from ..tilings import aperiodic
    from ..tilings.loopy import APERIODIC

    if desc is None:
        raise InputError(f"a Loopy {APERIODIC[number]} game ID needs its grid description "
                         "(e.g. 7x7t11:82AAAAVBBUAB_...)", column=column)
    problem = aperiodic.size_problem(number, w, h) or (
        f"larger than {limits.MAX_APERIODIC} is not read" if max(w, h) > limits.MAX_APERIODIC else None
    )
    if problem:
        raise InputError(f"bad size {w}x{h}: {problem}", column=1)
    problem = aperiodic.desc_problem(number, desc)
    if problem:
        raise InputError(f"bad {APERIODIC[number]} grid description {desc!r}: {problem}", column=column)


def _grid(number: int, w: int, h: int, desc: str | None, column: int) -> Faces:
    """Loopy's faces (unit edges) for type ``number``, size and grid description;
    InputError (at ``column`` of the ID) if Loopy would refuse them."""
    from ..tilings import aperiodic
    from ..tilings.loopy import LOOPY, size_problem, unit_faces

    if number in aperiodic.GRIDS:
        _aperiodic_checks(number, w, h, desc, column)
        return aperiodic.unit_faces(number, w, h, desc)  # type: ignore[arg-type]
    grid = LOOPY.get(number)
    if grid is None:
        raise InputError(f"unknown Loopy grid type t{number} (Loopy's types are t0..t17)", column=1)
    problem = size_problem(grid, w, h) or (
        f"larger than {limits.MAX_PERIODIC} is not read" if max(w, h) > limits.MAX_PERIODIC else None
    )
    if problem:
        raise InputError(f"bad size {w}x{h}: {problem}", column=1)
    if desc not in grid.descs:
        allowed = " or ".join(f"'{d}_'" if d is not None else "none" for d in grid.descs)
        raise InputError(f"grid description {desc!r} is not used with Loopy's {grid.name} grid "
                         f"(t{number}): expected {allowed}", column=column)
    return unit_faces(number, w, h, desc)


def _decode(clues: str, at: int, line: int | None = None, indent: int = 0) -> list[int | None]:
    """Clues per face from Loopy's clue string; ``at`` is its position in the ID.

    >>> _decode("a3zB", 1)[:3], len(_decode("a3zB", 1))
    ([None, 3, None], 29)
    """
    out: list[int | None] = []
    for k, ch in enumerate(clues):
        if "0" <= ch <= "9":
            out.append(ord(ch) - ord("0"))
        elif "A" <= ch <= "Z":
            out.append(ord(ch) - ord("A") + 10)
        elif "a" <= ch <= "z":
            out.extend([None] * (ord(ch) - ord("a") + 1))
        else:
            raise InputError(f"bad character {ch!r} at position {at + k} of the game ID",
                             line=line, column=indent + at + k)
    return out


_NOT_CLUE = re.compile(r"[^0-9A-Za-z]")


def _covered(clues: str, at: int, line: int | None = None, indent: int = 0) -> int:
    """How many faces a clue string covers, counted without spreading it out (16 MiB of
    ``z`` cover 436 million faces: a list of them took 3.5 GB).

    >>> _covered("a3zB", 1)
    29
    """
    bad = _NOT_CLUE.search(clues)
    if bad is not None:
        k = bad.start()
        raise InputError(f"bad character {bad.group()!r} at position {at + k} of the game ID",
                         line=line, column=indent + at + k)
    return len(clues) + sum(clues.count(chr(ord("a") + n)) * n for n in range(1, 26))


CHEAP_PATCH = 900
"""Unit squares of an aperiodic patch small enough to build before the clue count is
checked (30x30: under 2 s), so that the builder names a bad grid description first."""


def _face_bounds(number: int, w: int, h: int) -> tuple[int, int]:
    """Fewest and most faces Loopy's grid of this type and size may have, known before
    it is built: periodic grids are built exactly (they are cheap), so any count goes
    here; an aperiodic patch (a 100x100 hats patch takes 16 s and 440 MB to build) has
    between (W-4)(H-4)/4 and 2WH faces (measured 0.12-0.82 faces per unit square on
    sizes 5..100 of Penrose, hats and spectres: at least 0.12 only on 5x5)."""
    from ..tilings import aperiodic

    if number not in aperiodic.GRIDS:
        return 0, 2**62
    return max(0, w - 4) * max(0, h - 4) // 4, 2 * w * h + 16


def _encode(clues: tuple[int | None, ...]) -> str:
    """Loopy's clue string: digits, capitals for 10..35, letters for runs of blanks.

    >>> _encode((None,) * 30 + (3, 11, None))
    'zd3Ba'
    """
    out: list[str] = []
    blanks = 0
    for k in (*clues, -1):
        if k is None:
            blanks += 1
            continue
        while blanks:
            run = min(blanks, 26)
            out.append(chr(ord("a") + run - 1))
            blanks -= run
        if k >= 0:
            if k > 35:
                raise InputError(f"clue {k} is too large for a Loopy game ID (at most 35)")
            out.append(str(k) if k < 10 else chr(ord("A") + k - 10))
    return "".join(out)


def read(text: str, source: str = "<loopy>") -> Puzzle:
    """A puzzle from a Loopy game ID (one line; ``#`` comment lines and blanks are ignored).

    >>> p = read("# a honeycomb\\n 3x3t2:2a1b3c ", "<doc>")
    >>> p.tiling.name, len(p.cells), p.clue_count()
    ('honeycomb', 9, 3)
    >>> read("3x3t0:a2b3e", "x.loopy")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: x.loopy:1: too many clues: the clue string covers 10 faces, ... has 9
    """
    with located(source):
        return _read(text, source)


def _read(text: str, source: str) -> Puzzle:
    from ..tilings import aperiodic
    from ..tilings.loopy import APERIODIC, LOOPY

    game_id, line, indent = _id_line(text)

    def error(message: str, position: int | None = None) -> InputError:
        column = None if position is None else indent + position
        return InputError(message, source=source, line=line, column=column)

    params, colon, body = game_id.partition(":")
    if not colon:
        if "#" in game_id:
            raise error("a Loopy random-seed ID (WxHtN#SEED) names a puzzle by the seed of Loopy's own "
                        "generator and cannot be read; use the game ID (Loopy: Game > Specific...)")
        raise error("a Loopy game ID has the form WxHtN:clues (e.g. 7x7t2:...); this one has no ':'")
    m = _PARAMS.fullmatch(params)
    if m is None:
        raise error(f"bad size/type {params!r}: expected W, WxH or WxHtN such as 10x10t2", 1)
    try:
        w = limits.integer(m.group(1), "the width", low=1)
        h = limits.integer(m.group(2), "the height", low=1) if m.group(2) else w
        number = limits.integer(m.group(3), "the grid type", low=0) if m.group(3) else 0
    except InputError as exc:
        raise error(exc.message, 1) from None
    start = len(params) + 2  # column of the first character after ':'
    desc, sep, clue_text = body.partition("_")
    if not sep:
        desc, clue_text = None, body
    at = start + len(desc) + 1 if sep else start
    covered = _covered(clue_text, at, line, indent)
    name = APERIODIC.get(number) or (LOOPY[number].name if number in LOOPY else f"t{number}")
    low, high = _face_bounds(number, w, h)
    if number in aperiodic.GRIDS and w * h > CHEAP_PATCH and not low <= covered <= high:
        try:
            _aperiodic_checks(number, w, h, desc, start)  # what is wrong with the grid is said first
        except InputError as exc:
            raise error(exc.message, exc.column) from None  # before building: a short ID of a huge grid costs nothing
        what = "too many" if covered > high else "too few"
        raise error(f"{what} clues: the clue string covers {covered} faces, Loopy's {w}x{h} {name} grid has "
                    + (f"at most {high}" if covered > high else f"at least {low}"))
    try:
        faces = _grid(number, w, h, desc, start)
    except InputError as exc:
        raise error(exc.message, None if exc.column is None else exc.column) from None
    if covered != len(faces):  # checked before the clues are spread out, one entry per face
        what = "too many" if covered > len(faces) else "too few"
        raise error(f"{what} clues: the clue string covers {covered} faces, "
                    f"Loopy's {w}x{h} {name} grid has {len(faces)}")
    clues = _decode(clue_text, at, line, indent)
    for i, (k, face) in enumerate(zip(clues, faces)):
        if k is not None and k > len(face):
            raise error(f"clue {k} of face {i} is larger than the face's {len(face)} sides")
    puzzle = from_faces(faces, clues, source=source)
    return puzzle.replaced(tiling=TilingRef(_tiling_name(number), w, h, desc=desc))


def write(puzzle: Puzzle) -> str:
    """The puzzle as a Loopy game ID (one line), if it lies on one of Loopy's grids.

    >>> write(tilings.build("triangular", 3, 3).with_clues({0: 1, 18: 2}))
    '3x3t1:0_1q2\\n'
    """
    from ..tilings import aperiodic
    from ..tilings.loopy import APERIODIC, LOOPY, size_problem

    ref = puzzle.tiling
    if ref is None:
        raise InputError("cannot write a Loopy game ID: the puzzle does not name its tiling "
                         "(make it with a Loopy grid, e.g. honeycomb, or read it from a Loopy ID)")
    tiling = tilings.get(ref.name)
    if tiling.loopy is None:
        raise InputError(f"cannot write a Loopy game ID: tiling {tiling.name!r} is not one of Loopy's grids")
    number = tiling.loopy[1]
    w, h = ref.width, ref.height
    if max(w, h) > (limits.MAX_APERIODIC if number in aperiodic.GRIDS else limits.MAX_PERIODIC):
        raise InputError(f"cannot write a Loopy game ID of size {w}x{h}: larger than Loopy's grids are read here")
    if number in aperiodic.GRIDS:
        desc = ref.desc or tiling.grid_description(w, h, ref.seed)
        if desc is None:
            raise InputError(f"cannot write a Loopy game ID: this {tiling.name} patch is not one of Loopy's "
                             "(only patches read from a Loopy ID carry Loopy's grid description)")
        candidates: tuple[str | None, ...] = (desc,)
    else:
        problem = size_problem(LOOPY[number], w, h)
        if problem:
            raise InputError(f"Loopy refuses the size {w}x{h}: {problem}")
        candidates = tuple(sorted(LOOPY[number].descs, key=lambda d: d != ref.desc))  # the recorded one first
    for desc in candidates:
        try:
            faces = _grid(number, w, h, desc, 0)
        except InputError as exc:  # positions in an ID we did not read mean nothing here
            raise InputError(f"cannot write a Loopy game ID: {exc.message}") from None
        if same_faces(puzzle, faces):
            prefix = f"{desc}_" if desc is not None else ""
            return f"{w}x{h}t{number}:{prefix}{_encode(puzzle.clues)}\n"
    name = APERIODIC.get(number) or LOOPY[number].name
    raise InputError(f"the puzzle's {len(puzzle.cells)} cells are not Loopy's {w}x{h} {name} grid")


def params_only(name: str) -> None:
    """An :class:`InputError` if ``name`` (no file has it) is Loopy's parameters alone,
    ``WxHtN`` with a difficulty maybe: they name a kind of puzzle, not a puzzle.

    >>> params_only("10x10t0dh")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: 10x10t0dh: no such file, and no puzzle: 10x10t0dh is Loopy's parameters \
(size, grid type t0, difficulty), which name no puzzle; a game ID adds the clues after a colon, \
as in 10x10t0:a2b3..., and Loopy shows it in Game > Specific...
    >>> params_only("puzzle.lp")
    """
    m = _PARAMS.fullmatch(name)
    if m is None or not (m.group(2) or m.group(3)):
        return
    shape = name[: m.end(3) if m.group(3) else m.end(2)]  # without the difficulty
    difficulty = ", difficulty" if len(shape) < len(name) else ""
    raise InputError(f"no such file, and no puzzle: {name} is Loopy's parameters (size, grid type "
                     f"t{m.group(3) or 0}{difficulty}), which name no puzzle; a game ID adds the clues after a "
                     f"colon, as in {shape}:a2b3..., and Loopy shows it in Game > Specific...", source=name)


def sniff(text: str) -> bool:
    """Whether ``text`` looks like a Loopy game ID.

    >>> sniff("# mine\\n10x10t2:a3b\\n"), sniff("edge(1,2).")
    (True, False)
    """
    lines = [s.strip() for s in text.splitlines() if s.strip() and not s.lstrip().startswith("#")]
    return len(lines) == 1 and _ID.fullmatch(lines[0]) is not None
