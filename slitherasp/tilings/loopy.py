"""Loopy's periodic grids, face for face, from one table and one loop.

Simon Tatham's Loopy (Portable Puzzle Collection) numbers its grid types 0..17;
this module reproduces the 14 periodic ones exactly: for the same ``W x H`` it
emits the same faces, in Loopy's own face order (the order of the clues in a
Loopy game ID), at Loopy's integer coordinates. Loopy's y axis points down;
ours points up, so every y is negated.

Every grid is a lattice of *cells* ``(x, y)``, visited row by row
(``for y: for x:``). Each cell carries a few *pieces*: a polygon relative to the
cell's origin and a rule saying whether the piece exists at that cell (pieces
are left out at the patch edge). A cell's origin is ``step * (x, y)``, plus a
shift on odd rows or odd columns for the staggered lattices. Some pieces come in
two mirror-image variants chosen by the parity of ``x + y`` or of ``y``. The
triangular grid makes two passes per row (``W + 1`` triangles one way up, then
``W`` the other way), hence *passes*.

Loopy trims none of these grids after generating them (only the aperiodic
ones are trimmed), so the faces are exactly the pieces laid, in order.

Loopy's integer coordinates approximate irrational ratios (``26/15`` for
sqrt(3), ``41/29`` for sqrt(2)). :func:`loopy_faces` gives the integers;
:func:`periodic` gives the registry's generators, which divide them by
:attr:`LoopyGrid.unit` (about the shortest edge) so that edges are about 1 long.

>>> g = LOOPY[2]
>>> g.name, g.min_size, len(loopy_faces(2, 5, 5))
('honeycomb', (3, 3), 25)
>>> loopy_faces(0, 1, 1)
[[(0, 0), (20, 0), (20, -20), (0, -20)]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..model import InputError
from .base import Faces

IPoint = tuple[int, int]
Polygon = tuple[IPoint, ...]


class Cell(NamedTuple):
    """A cell of a ``w x h`` pass and the facts its pieces test.

    >>> c = Cell.at(0, 3, 4, 4)
    >>> c.left, c.right, c.top, c.bottom, c.odd_row, c.odd_col, c.inner
    (True, False, False, True, True, False, True)
    """

    x: int
    y: int
    w: int
    top: bool
    bottom: bool
    left: bool
    right: bool
    odd_row: bool
    odd_col: bool

    @classmethod
    def at(cls, x: int, y: int, w: int, h: int) -> Cell:
        return cls(x, y, w, y == 0, y == h - 1, x == 0, x == w - 1, y % 2 == 1, x % 2 == 1)

    @property
    def inner(self) -> bool:
        """Not at the ragged end of a staggered row (dodecagonal family)."""
        return (not self.right or not self.odd_row) and (not self.left or self.odd_row)


def _always(c: Cell) -> bool:
    return True


@dataclass(frozen=True)
class Piece:
    """A polygon (or one per variant) placed at every cell where ``when`` holds."""

    shapes: tuple[Polygon, ...]
    when: Callable[[Cell], bool] = _always


@dataclass(frozen=True)
class Pass:
    """One sweep along a row: ``w + extra`` cells, each laying its pieces in order."""

    pieces: tuple[Piece, ...]
    extra: int = 0


@dataclass(frozen=True)
class LoopyGrid:
    """One of Loopy's periodic grid types.

    ``variant`` picks ``Piece.shapes[variant(cell)]`` for pieces with several
    shapes; ``row_shift``/``col_shift`` move the origin of odd rows/columns;
    ``skip`` drops whole cells; ``min_size`` is Loopy's (both at least, one at least).
    """

    number: int
    name: str
    unit: float
    step: IPoint
    passes: tuple[Pass, ...]
    min_size: tuple[int, int] = (3, 3)
    row_shift: IPoint = (0, 0)
    col_shift: IPoint = (0, 0)
    variant: Callable[[Cell], int] = field(default=lambda c: 0)
    skip: Callable[[Cell], bool] = field(default=lambda c: False)
    descs: tuple[str | None, ...] = (None,)
    """Grid descriptions Loopy accepts for this type (None: no description)."""


def _poly(*pts: IPoint) -> Polygon:
    return tuple(pts)


def _ring(*quarter: IPoint) -> Polygon:
    """A polygon with 4-fold symmetry from its first quarter (clockwise, y down)."""
    pts = list(quarter)
    for _ in range(3):
        pts += [(-y, x) for x, y in pts[-len(quarter):]]
    return tuple(pts)


def _neg(poly: Polygon) -> Polygon:
    """The polygon turned by a half turn."""
    return tuple((-x, -y) for x, y in poly)


def _shift(poly: Polygon, dx: int) -> Polygon:
    """The polygon moved ``dx`` to the right."""
    return tuple((x + dx, y) for x, y in poly)


def _hexagon(a: int, b: int) -> Polygon:
    return _poly((-a, -b), (a, -b), (2 * a, 0), (a, b), (-a, b), (-2 * a, 0))


# --------------------------------------------------------------------------- the table
def _grids() -> dict[int, LoopyGrid]:  # long: a table, one entry per grid type, nothing to split
    """Every periodic grid type, by Loopy's number (facts from Loopy's grid.c)."""
    grids: list[LoopyGrid] = []
    add = grids.append

    # 0 squares: side 20.
    s = 20
    square = _poly((0, 0), (s, 0), (s, s), (0, s))
    add(LoopyGrid(0, "squares", s, (s, s), (Pass((Piece((square,)),)),)))

    # 1 triangular (description "0", current): rows of W+1 then W triangles; with
    # odd H the two end triangles of the last row's first pass are left out.
    # (No description: the legacy grid, see _legacy_triangular.)
    vx, vy = 15, 26
    up, down = _poly((0, vy), (vx, 0), (2 * vx, vy)), _poly((0, 0), (vx, vy), (2 * vx, 0))
    ears = lambda c: not (c.bottom and not c.odd_row and (c.left or c.right))  # noqa: E731
    new = (
        Pass((Piece((up, down), ears),), extra=1),
        Pass((Piece((_shift(down, vx), _shift(up, vx))),)),
    )
    add(LoopyGrid(1, "triangular", 2 * vx, (2 * vx, vy), new, variant=lambda c: c.y % 2, descs=("0", None)))

    # 2 honeycomb: hexagons, odd columns half a hexagon lower.
    a, b = 15, 26
    add(LoopyGrid(2, "honeycomb", 2 * a, (3 * a, 2 * b), (Pass((Piece((_hexagon(a, b),)),)),), col_shift=(0, b)))

    # 3 snubsquare: a tilted square per cell, mirrored with the parity of x + y,
    # then a triangle to its left (x > 0) and one above it (y > 0).
    ab = a + b
    add(LoopyGrid(3, "snubsquare", 2 * a, (ab, ab), (Pass((
        Piece((_poly((b, 0), (ab, b), (a, ab), (0, a)), _poly((a, 0), (ab, a), (b, ab), (0, b)))),
        Piece((_poly((0, a), (a, ab), (-a, ab)), _poly((a, 0), (0, b), (-a, 0))), lambda c: not c.left),
        Piece((_poly((0, -a), (b, 0), (0, a)), _poly((a, 0), (ab, -a), (ab, a))), lambda c: not c.top),
    )),), variant=lambda c: (c.x + c.y) % 2))

    # 4 cairo: a "horizontal" pentagon above the cell corner (y > 0) and a
    # "vertical" one left of it (x > 0), mirrored with the parity of x + y.
    a, b = 14, 31
    add(LoopyGrid(4, "cairo", 2 * b - 2 * a, (2 * b, 2 * b), (Pass((
        Piece((_poly((0, 0), (b, -a), (2 * b, 0), (2 * b - a, b), (a, b)),
               _poly((a, -b), (2 * b - a, -b), (2 * b, 0), (b, a), (0, 0))), lambda c: not c.top),
        Piece((_poly((0, 0), (a, b), (0, 2 * b), (-b, 2 * b - a), (-b, a)),
               _poly((0, 0), (b, a), (b, 2 * b - a), (0, 2 * b), (-a, b))), lambda c: not c.left),
    )),), min_size=(3, 4), variant=lambda c: (c.x + c.y) % 2))

    # 5 greathexagonal (3.4.6.4): a hexagon, the squares below / below right /
    # below left of it and the triangles between them.
    a, b = 15, 26
    down_or_even = lambda c: not c.odd_col or not c.bottom  # noqa: E731
    add(LoopyGrid(5, "greathexagonal", 2 * a, (3 * a + b, 2 * a + 2 * b), (Pass((
        Piece((_hexagon(a, b),)),
        Piece((_poly((-a, b), (a, b), (a, 2 * a + b), (-a, 2 * a + b)),), lambda c: not c.bottom),
        Piece((_poly((2 * a, 0), (2 * a + b, a), (a + b, a + b), (a, b)),), lambda c: not c.right and down_or_even(c)),
        Piece((_poly((-2 * a, 0), (-a, b), (-a - b, a + b), (-2 * a - b, a)),),
              lambda c: not c.left and down_or_even(c)),
        Piece((_poly((a, b), (a + b, a + b), (a, 2 * a + b)),), lambda c: not c.right and not c.bottom),
        Piece((_poly((-a, b), (-a, 2 * a + b), (-a - b, a + b)),), lambda c: not c.left and not c.bottom),
    )),), col_shift=(0, a + b)))

    # 6 octagonal (4.8.8): an octagon per cell, a diamond at its top-left corner.
    a, b = 29, 41
    c8 = 2 * a + b
    add(LoopyGrid(6, "octagonal", b, (c8, c8), (Pass((
        Piece((_poly((a, 0), (a + b, 0), (c8, a), (c8, a + b), (a + b, c8), (a, c8), (0, a + b), (0, a)),)),
        Piece((_poly((0, -a), (a, 0), (0, a), (-a, 0)),), lambda c: not c.left and not c.top),
    )),)))

    # 7 kites (V3.4.6.4): six kites around each degree-6 vertex.
    a, b = 15, 26
    k1 = _poly((0, 0), (2 * b, 0), (2 * b, 2 * a), (b, 3 * a))
    k2 = _poly((0, 0), (b, 3 * a), (0, 4 * a), (-b, 3 * a))
    k3 = _poly((0, 0), (-b, 3 * a), (-2 * b, 2 * a), (-2 * b, 0))
    add(LoopyGrid(7, "kites", 2 * a, (4 * b, 6 * a),
                  (Pass(tuple(Piece((k,)) for k in (k1, k2, k3, _neg(k1), _neg(k2), _neg(k3)))),),
                  row_shift=(2 * b, 0)))

    # 8 floret (V3.3.3.3.6): six pentagons around each degree-6 vertex. With the
    # edge vectors p, q = p + r, r, the pentagon between directions u and v has
    # corners 0, 2u, 2u + v, u + 2v, 2v. Even cells of the last row are dropped.
    p, q = (75, -26), (60, 52)
    r = (q[0] - p[0], q[1] - p[1])
    dirs = [r, q, p, (-r[0], -r[1]), (-q[0], -q[1]), (-p[0], -p[1])]
    petals = tuple(
        Piece((_poly((0, 0), (2 * u[0], 2 * u[1]), (2 * u[0] + v[0], 2 * u[1] + v[1]),
                     (u[0] + 2 * v[0], u[1] + 2 * v[1]), (2 * v[0], 2 * v[1])),))
        for u, v in zip(dirs, dirs[1:] + dirs[:1])
    )
    row = 5 * q[1] - 4 * p[1]
    add(LoopyGrid(8, "floret", 79.4, ((6 * p[0] + 3 * q[0]) // 2, -row), (Pass(petals),),
                  min_size=(1, 2), col_shift=(0, row // 2),
                  skip=lambda c: not c.odd_col and not c.top and c.bottom))

    # 9-15: the dodecagonal family, all built around the same dodecagon.
    a, b = 15, 26
    dodecagon = Piece((_ring((a, -(2 * a + b)), (a + b, -(a + b)), (2 * a + b, -a)),))
    not_top_right = lambda c: not c.top and (not c.right or not c.odd_row)  # noqa: E731
    not_bottom_right = lambda c: not c.bottom and (not c.right or not c.odd_row)  # noqa: E731

    # 9 dodecagonal (3.12.12): dodecagons, triangles below and above.
    below = _poly((a, 2 * a + b), (0, 2 * a + 2 * b), (-a, 2 * a + b))
    add(LoopyGrid(9, "dodecagonal", 2 * a, (4 * a + 2 * b, 3 * a + 2 * b), (Pass((
        dodecagon,
        Piece((below,), lambda c: not c.bottom and c.inner),
        Piece((_neg(below),), lambda c: not c.top and c.inner),
    )),), min_size=(2, 2), row_shift=(2 * a + b, 0)))

    # 10 greatdodecagonal (4.6.12): dodecagons, hexagons below/above, squares
    # right, top right and top left.
    hex_below = _poly((a, 2 * a + b), (2 * a, 2 * a + 2 * b), (a, 2 * a + 3 * b),
                      (-a, 2 * a + 3 * b), (-2 * a, 2 * a + 2 * b), (-a, 2 * a + b))
    add(LoopyGrid(10, "greatdodecagonal", 2 * a, (6 * a + 2 * b, 3 * a + 3 * b), (Pass((
        dodecagon,
        Piece((hex_below,), lambda c: not c.bottom and c.inner),
        Piece((_neg(hex_below),), lambda c: not c.top and c.inner),
        Piece((_poly((2 * a + b, -a), (4 * a + b, -a), (4 * a + b, a), (2 * a + b, a)),), lambda c: not c.right),
        Piece((_poly((a, -(2 * a + b)), (2 * a, -(2 * a + 2 * b)), (2 * a + b, -(a + 2 * b)), (a + b, -(a + b))),),
              not_top_right),
        Piece((_poly((-(a + b), -(a + b)), (-(2 * a + b), -(a + 2 * b)),
                     (-2 * a, -(2 * a + 2 * b)), (-a, -(2 * a + b))),),
              lambda c: not c.top and (not c.left or c.odd_row)),
    )),), min_size=(2, 2), row_shift=(3 * a + b, 0)))

    # 13 greatgreatdodecagonal ([3.4.6.4; 4.6.12]): dodecagons ringed by
    # hexagons and squares, triangles between the hexagons.
    hex_tr = _poly((a + 2 * b, -(4 * a + b)), (a + 2 * b, -(2 * a + b)), (a + b, -(a + b)),
                   (a, -(2 * a + b)), (a, -(4 * a + b)), (a + b, -(5 * a + b)))
    hex_r = _poly((2 * a + 3 * b, -a), (2 * a + 3 * b, a), (2 * a + 2 * b, 2 * a),
                  (2 * a + b, a), (2 * a + b, -a), (2 * a + 2 * b, -2 * a))
    hex_br = _poly((a + 2 * b, 2 * a + b), (a + 2 * b, 4 * a + b), (a + b, 5 * a + b),
                   (a, 4 * a + b), (a, 2 * a + b), (a + b, a + b))
    sq_tr = _poly((a + 2 * b, -(2 * a + b)), (2 * a + 2 * b, -2 * a), (2 * a + b, -a), (a + b, -(a + b)))
    sq_br = _poly((2 * a + 2 * b, 2 * a), (a + 2 * b, 2 * a + b), (a + b, a + b), (2 * a + b, a))
    sq_below = _poly((a, 2 * a + b), (a, 4 * a + b), (-a, 4 * a + b), (-a, 2 * a + b))
    tri_up = _poly((3 * a + 2 * b, -(2 * a + b)), (2 * a + 2 * b, -2 * a), (a + 2 * b, -(2 * a + b)))
    tri_down = _poly((3 * a + 2 * b, 2 * a + b), (a + 2 * b, 2 * a + b), (2 * a + 2 * b, 2 * a))
    add(LoopyGrid(13, "greatgreatdodecagonal", 2 * a, (4 * a + 4 * b, 6 * a + 2 * b), (Pass((
        dodecagon,
        Piece((hex_tr,), not_top_right),
        Piece((hex_r,), lambda c: not c.right),
        Piece((hex_br,), not_bottom_right),
        Piece((sq_tr,), lambda c: not c.top and not c.right),
        Piece((sq_br,), lambda c: not c.bottom and not c.right),
        Piece((sq_below,), lambda c: not c.bottom and c.inner),
        Piece((_neg(sq_tr),), lambda c: not c.left and not c.bottom),
        Piece((_neg(sq_br),), lambda c: not c.left and not c.top),
        Piece((_neg(sq_below),), lambda c: not c.top and c.inner),
        Piece((tri_up,), lambda c: not c.top and not c.right),
        Piece((tri_down,), lambda c: not c.bottom and not c.right),
    )),), min_size=(2, 2), row_shift=(2 * a + 2 * b, 0)))

    # 14 kagome (3.6.3.6): hexagons, triangles to their upper and lower right,
    # and at the start of odd rows to their upper and lower left.
    tri_ar = _poly((3 * a, -b), (2 * a, 0), (a, -b))
    tri_br = _poly((3 * a, b), (a, b), (2 * a, 0))
    add(LoopyGrid(14, "kagome", 2 * a, (4 * a, 2 * b), (Pass((
        Piece((_hexagon(a, b),)),
        Piece((tri_ar,), lambda c: not c.right or (not c.odd_row and not c.top)),
        Piece((tri_br,), lambda c: not c.right or (not c.odd_row and not c.bottom)),
        Piece((_neg(tri_br),), lambda c: c.left and c.odd_row),
        Piece((_neg(tri_ar),), lambda c: c.left and c.odd_row and not c.bottom),
    )),), row_shift=(2 * a, 0)))

    # 15 compassdodecagonal ([3.12.12; 3.4.3.12]): dodecagons on a square
    # lattice; between four of them a square ringed by four triangles.
    inside = lambda c: not c.right and not c.bottom  # noqa: E731
    m, n = a + b, 3 * a + b  # the centre square spans m..n in x and y
    add(LoopyGrid(15, "compassdodecagonal", 2 * a, (4 * a + 2 * b, 4 * a + 2 * b), (Pass((
        dodecagon,
        Piece((_poly((2 * a + b, a), (n, m), (m, m)),), inside),
        Piece((_poly((3 * a + 2 * b, 2 * a + b), (n, n), (n, m)),), inside),
        Piece((_poly((n, n), (2 * a + b, 3 * a + 2 * b), (m, n)),), inside),
        Piece((_poly((m, m), (m, n), (a, 2 * a + b)),), inside),
        Piece((_poly((n, m), (n, n), (m, n), (m, m)),), inside),
    )),), min_size=(2, 2)))

    return {g.number: g for g in grids}


def _legacy_triangular() -> LoopyGrid:
    """Loopy's triangular grid for IDs without a grid description (before 2019)."""
    vx, vy = 15, 26
    even = (_poly((0, 0), (2 * vx, 0), (vx, vy)), _poly((2 * vx, 0), (3 * vx, vy), (vx, vy)))
    odd = (_poly((vx, 0), (2 * vx, vy), (0, vy)), _poly((vx, 0), (3 * vx, 0), (2 * vx, vy)))
    return LoopyGrid(1, "triangular", 2 * vx, (2 * vx, vy),
                     (Pass((Piece((even[0], odd[0])), Piece((even[1], odd[1])))),),
                     variant=lambda c: c.y % 2, descs=(None,))


LOOPY: dict[int, LoopyGrid] = _grids()
"""Loopy's periodic grid types by number."""

LEGACY_TRIANGULAR = _legacy_triangular()

APERIODIC: dict[int, str] = {11: "penrose_p2", 12: "penrose_p3", 16: "hats", 17: "spectres"}
"""Loopy's aperiodic grid types (not reproduced here)."""


# --------------------------------------------------------------------------- generation
_VARIANTS: dict[tuple[int, str | None], LoopyGrid] = {(1, None): LEGACY_TRIANGULAR}


def grid_for(number: int, desc: str | None = None) -> LoopyGrid:
    """The grid Loopy builds for type ``number`` and grid description ``desc``.

    >>> grid_for(1, "0") is LOOPY[1], grid_for(1) is LEGACY_TRIANGULAR
    (True, True)
    """
    grid = LOOPY.get(number)
    if grid is None:
        raise InputError(f"Loopy grid type t{number} is not a periodic grid")
    if desc not in grid.descs:
        raise InputError(f"grid description {desc!r} is not used with Loopy's {grid.name} grid")
    return _VARIANTS.get((number, desc), grid)


def size_problem(grid: LoopyGrid, width: int, height: int) -> str | None:
    """Why Loopy would refuse ``width x height`` for this grid, or None.

    >>> size_problem(LOOPY[4], 3, 3)
    'at least one of width and height must be at least 4 for cairo'
    """
    both, one = grid.min_size
    if width < both or height < both:
        return f"width and height must both be at least {both} for {grid.name}"
    if width < one and height < one:
        return f"at least one of width and height must be at least {one} for {grid.name}"
    return None


def layout(grid: LoopyGrid, width: int, height: int) -> list[Polygon]:
    """The faces of ``grid`` at ``width x height`` in Loopy's order and coordinates (y down).

    >>> [len(f) for f in layout(LOOPY[6], 2, 2)]
    [8, 8, 8, 8, 4]
    """
    faces: list[Polygon] = []
    sx, sy = grid.step
    for y in range(height):
        for stage in grid.passes:
            w = width + stage.extra
            for x in range(w):
                cell = Cell.at(x, y, w, height)
                if grid.skip(cell):
                    continue
                ox = sx * x + grid.row_shift[0] * (y % 2) + grid.col_shift[0] * (x % 2)
                oy = sy * y + grid.row_shift[1] * (y % 2) + grid.col_shift[1] * (x % 2)
                for piece in stage.pieces:
                    if piece.when(cell):
                        shape = piece.shapes[grid.variant(cell) if len(piece.shapes) > 1 else 0]
                        faces.append(tuple((ox + px, oy + py) for px, py in shape))
    return faces


def loopy_faces(number: int, width: int, height: int, desc: str | None = None) -> list[list[IPoint]]:
    """Loopy's faces for type ``number`` at Loopy's integer coordinates, y negated (up).

    ``desc`` is Loopy's grid description (only the triangular grid has one:
    ``"0"`` for today's grid, None for the legacy one).

    >>> len(loopy_faces(1, 5, 5, "0")), len(loopy_faces(1, 5, 5))
    (53, 50)
    """
    return [[(x, -y) for x, y in face] for face in layout(grid_for(number, desc), width, height)]


def unit_faces(number: int, width: int, height: int, desc: str | None = None) -> Faces:
    """:func:`loopy_faces` divided by the grid's unit: edges of about 1, y up.

    >>> unit_faces(2, 1, 1)[0][:2]
    [(-0.5, 0.8666666666666667), (0.5, 0.8666666666666667)]
    """
    grid = grid_for(number, desc)
    u = grid.unit
    return [[(x / u, -y / u) for x, y in face] for face in layout(grid, width, height)]


def periodic_faces(number: int, width: int, height: int, seed: int | None = None) -> Faces:
    """The registered patch of Loopy type ``number`` (today's grid for that type).

    >>> len(periodic_faces(1, 5, 5))
    53
    """
    return unit_faces(number, width, height, LOOPY[number].descs[0])


def scaled(number: int, faces: Sequence[Sequence[tuple[float, float]]]) -> list[list[IPoint]]:
    """Registry faces of Loopy type ``number`` back at Loopy's integer coordinates (y up).

    >>> scaled(2, periodic_faces(2, 1, 1))[0] == loopy_faces(2, 1, 1)[0]
    True
    """
    u = LOOPY[number].unit
    return [[(round(x * u), round(y * u)) for x, y in face] for face in faces]
