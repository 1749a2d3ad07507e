"""Any polygons in: a user's own patch (GeoJSON or WKT, or shapely objects) as a puzzle.

:func:`from_polygons` cleans the polygons up so that :func:`slitherasp.model.from_faces`
can take them: coordinates are snapped to a grid (``shapely.set_precision``), a corner
of one polygon lying on the side of another becomes a corner of that polygon too
(T-junctions), and everything that would not make a Slitherlink board is refused
with a :class:`GeometryError` naming the polygons: invalid or empty polygons, holes,
overlaps, pieces that are not connected or touch only at a point, and patches with
holes. Polygon ``i`` (in input order, multi-polygons flattened) becomes cell ``ci``.

:func:`read_polygons` reads GeoJSON (a ``clue`` property gives the cell's clue) or
WKT; :func:`load_polygons` reads a file.

>>> squares = read_polygons("POLYGON((0 0,1 0,1 1,0 1,0 0))\\nPOLYGON((1 0,2 0,2 1,1 1,1 0))")
>>> p = from_polygons(squares, clues=[3, None])
>>> len(p.vertices), len(p.edges), p.clues
(6, 7, (3, None))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

import numpy as np
import shapely
from shapely.errors import ShapelyError
from shapely.geometry import Polygon, shape
from shapely.geometry.base import BaseGeometry

from ..model import GeometryError, InputError, Puzzle, from_faces, limits
from ..model.errors import located, printable
from ..model.topology import disc_defect

RELATIVE_GRID = 1e-9
"""Default snapping grid, as a fraction of the patch's extent (rounded down to a power of 10)."""


# --------------------------------------------------------------------------- polygon lists
@dataclass(frozen=True)
class Polygons(Sequence[Polygon]):
    """Polygons read from text: a sequence of shapely polygons that also remembers
    each one's clue and where it came from (``"feature 3"``, ``"line 7"``).

    >>> ps = read_polygons('{"type": "Polygon", "coordinates": [[[0,0],[1,0],[0,1],[0,0]]]}')
    >>> len(ps), ps.clues, ps.origins
    (1, (None,), ('geojson',))
    """

    polygons: tuple[Polygon, ...]
    clues: tuple[int | None, ...]
    origins: tuple[str, ...]
    source: str = "<polygons>"

    def __len__(self) -> int:
        return len(self.polygons)

    @overload
    def __getitem__(self, i: int) -> Polygon: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Polygon]: ...
    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self.polygons[i]


def _parts(geom: BaseGeometry, origin: str, source: str, depth: int = 0) -> Iterator[tuple[Polygon, str]]:
    """The polygons of a (multi-part) geometry, each with its origin; others, empty
    ones and ones with coordinates that are not finite numbers of a sane size refused."""
    if geom.geom_type == "Polygon":
        if geom.is_empty:
            raise GeometryError(f"{origin or 'the input'} is an empty polygon", source=source)
        xy = shapely.get_coordinates(geom)
        if not (np.isfinite(xy).all() and np.abs(xy).max() <= limits.MAX_COORDINATE):
            raise GeometryError(f"{origin or 'the input'} has a coordinate that is not a finite number "
                                f"of at most {limits.MAX_COORDINATE:g}", source=source)
        yield geom, origin  # type: ignore[misc]
    elif geom.geom_type in ("MultiPolygon", "GeometryCollection"):
        if depth > limits.MAX_DEPTH:
            raise GeometryError(f"collections nested deeper than {limits.MAX_DEPTH} levels", source=source)
        for k, part in enumerate(shapely.get_parts(geom)):
            yield from _parts(part, f"{origin}, part {k}" if origin else f"part {k}", source, depth + 1)
    else:
        raise GeometryError(f"{origin or 'the input'} is a {geom.geom_type}, not a polygon", source=source)


def _flatten(polygons: Any, source: str) -> tuple[list[Polygon], list[str]]:
    if isinstance(polygons, Polygons):
        return list(polygons.polygons), list(polygons.origins)
    if isinstance(polygons, BaseGeometry):
        pairs = list(_parts(polygons, "", source))
    else:
        pairs = []
        items = list(polygons)
        for i, g in enumerate(items):
            if not isinstance(g, BaseGeometry):
                raise GeometryError(f"item {i} is a {type(g).__name__}, not a shapely polygon", source=source)
            label = "" if g.geom_type == "Polygon" else f"geometry {i}"
            pairs.extend(_parts(g, label, source))
    return [p for p, _ in pairs], [o for _, o in pairs]


# --------------------------------------------------------------------------- reading
def _clue(value: Any, where: str, source: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = limits.integer(value, f"{where}: the clue", low=0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"{where}: clue {value!r} is not a whole number >= 0", source=source)
    return value


def _read_geojson(text: str, source: str) -> Polygons:
    with located(source):
        doc = limits.load_json(text, "JSON")
    if not isinstance(doc, dict):
        raise InputError("GeoJSON must be an object with a 'type'", source=source)
    if doc.get("type") == "FeatureCollection":
        features = doc.get("features")
        if not isinstance(features, list):
            raise InputError("FeatureCollection without a 'features' list", source=source)
        entries = [(f, f"feature {i}") for i, f in enumerate(features)]
    else:
        entries = [(doc, "feature" if doc.get("type") == "Feature" else "geojson")]
    polys: list[Polygon] = []
    clues: list[int | None] = []
    origins: list[str] = []
    for obj, where in entries:
        props: dict = {}
        geom = obj
        if isinstance(obj, dict) and obj.get("type") == "Feature":
            props = obj.get("properties") or {}
            geom = obj.get("geometry")
        if not isinstance(geom, dict) or not isinstance(props, dict):
            raise InputError(f"{where} has no geometry object", source=source)
        try:
            shp = shape(geom)
        except (ShapelyError, TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError,
                OverflowError) as exc:
            kind = geom.get("type") if isinstance(geom.get("type"), str) else "geometry"
            raise InputError(printable(f"{where}: malformed {kind[:40]} ({str(exc)[:80]})"), source=source) from None
        parts = list(_parts(shp, where, source))
        clue = _clue(props.get("clue"), where, source)
        if clue is not None and len(parts) != 1:
            raise InputError(f"{where} has a clue but {len(parts)} polygons", source=source)
        for poly, origin in parts:
            polys.append(poly)
            clues.append(clue)
            origins.append(origin)
    return Polygons(tuple(polys), tuple(clues), tuple(origins), source)


def _wkt_chunks(text: str) -> Iterator[tuple[int, str]]:
    """Split WKT text into top-level geometries by bracket depth: ``(line, text)``.

    >>> list(_wkt_chunks("POLYGON((0 0,1 0,0 1,0 0))\\n# note\\nMULTIPOLYGON(((0 0,\\n1 0,0 1,0 0)))"))
    [(1, 'POLYGON((0 0,1 0,0 1,0 0))'), (3, 'MULTIPOLYGON(((0 0,\\n1 0,0 1,0 0)))')]
    """
    text = "\n".join("" if row.lstrip().startswith("#") else row for row in text.split("\n"))
    depth, start, line, start_line = 0, None, 1, 1
    for i, ch in enumerate(text):
        if start is None and not ch.isspace():
            start, start_line = i, line
        if ch == "\n":
            line += 1
        elif ch == "(":
            depth += 1
            if depth > limits.MAX_DEPTH + 3:  # a polygon needs 2, a collection of them 3
                raise InputError(f"WKT nested deeper than {limits.MAX_DEPTH} levels", line=line)
        elif ch == ")":
            depth -= 1
            if depth == 0 and start is not None:
                yield start_line, text[start : i + 1]
                start = None
    if start is not None and text[start:].strip():
        yield start_line, text[start:].strip()


def _read_wkt(text: str, source: str) -> Polygons:
    polys: list[Polygon] = []
    origins: list[str] = []
    for line, chunk in _wkt_chunks(text):
        try:
            with np.errstate(over="ignore"):  # no numpy warning on 1e999: the coordinate is refused below
                geom = shapely.from_wkt(chunk)
        except ShapelyError as exc:
            reason = printable(str(exc).removeprefix("ParseException: ")[:100])
            raise InputError(f"bad WKT: {reason}", source=source, line=line) from None
        except (UnicodeDecodeError, ValueError):  # GEOS cut its message inside a character
            raise InputError("bad WKT: not a geometry", source=source, line=line) from None
        except NotImplementedError:  # shapely's word for CURVEPOLYGON, CIRCULARSTRING, ...
            raise InputError("bad WKT: curves are not read", source=source, line=line) from None
        for poly, origin in _parts(geom, f"line {line}", source):
            polys.append(poly)
            origins.append(origin)
    if not polys:
        raise InputError("no polygons found (expected GeoJSON or WKT)", source=source)
    return Polygons(tuple(polys), (None,) * len(polys), tuple(origins), source)


def read_polygons(text: str, source: str = "<polygons>") -> Polygons:
    """Polygons from GeoJSON (text starting with ``{``) or WKT (one geometry per line,
    or one ``MULTIPOLYGON``/``GEOMETRYCOLLECTION``; ``#`` starts a comment line).

    GeoJSON may be a FeatureCollection, a Feature or a bare geometry; a feature's
    ``clue`` property (an integer) is the clue of its cell.

    >>> ps = read_polygons('{"type": "FeatureCollection", "features": [{"type": "Feature",'
    ...     ' "properties": {"clue": 2}, "geometry": {"type": "Polygon",'
    ...     ' "coordinates": [[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}]}')
    >>> ps.clues, ps.origins
    ((2,), ('feature 0',))
    >>> read_polygons("POLYGON((0 0, 1 0", "x.wkt")
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.InputError: x.wkt:1: bad WKT: Expected word but encountered end of stream
    """
    with located(source):
        if text.lstrip().startswith("{"):
            return _read_geojson(text, source)
        return _read_wkt(text, source)


def load_polygons(path: str | Path) -> Polygons:
    """:func:`read_polygons` on a file; :class:`InputError` if it cannot be read."""
    return read_polygons(limits.read_text(path), str(path))


# --------------------------------------------------------------------------- cleaning
class _Names:
    """How polygons are named in messages: ``polygon 3 (line 4)``."""

    def __init__(self, origins: Sequence[str]) -> None:
        self.origins = origins

    def one(self, i: int) -> str:
        return f"polygon {i}" + (f" ({self.origins[i]})" if self.origins[i] else "")

    def many(self, idx: Iterable[int], limit: int = 6) -> str:
        idx = sorted({int(i) for i in idx})
        words = [self.one(i).removeprefix("polygon ") for i in idx[:limit]]
        more = f" and {len(idx) - limit} more" if len(idx) > limit else ""
        return ("polygons " if len(idx) > 1 else "polygon ") + ", ".join(words) + more


def _fmt(p: Sequence[float]) -> str:
    return "(" + ", ".join(f"{c:.6g}" for c in p) + ")"


def default_grid(extent: float) -> float:
    """The snapping grid for a patch of this extent: 1e-9 of it, down to a power of 10.

    >>> default_grid(20.0)
    1e-08
    """
    return 10.0 ** math.floor(math.log10(max(RELATIVE_GRID * extent, 1e-300)))


def _check_each(polys: np.ndarray, names: _Names, tol: float, source: str) -> None:
    for i, p in enumerate(polys):
        if p.is_empty:
            raise GeometryError(f"{names.one(i)} is empty", source=source)
        if len(p.interiors):
            raise GeometryError(
                f"{names.one(i)} has {len(p.interiors)} hole(s); give each cell as a polygon without holes",
                source=source,
            )
        if p.convex_hull.area <= tol * p.length:
            raise GeometryError(f"{names.one(i)} has zero area", source=source)
    for i in np.flatnonzero(~shapely.is_valid(polys)):
        reason = shapely.is_valid_reason(polys[i])
        raise GeometryError(f"{names.one(i)} is not a valid polygon: {reason}", source=source)


def _snap(polys: np.ndarray, grid: float, names: _Names, source: str) -> np.ndarray:
    snapped = shapely.set_precision(polys, grid)
    ok = (
        (shapely.get_type_id(snapped) == 3)
        & ~shapely.is_empty(snapped)
        & shapely.is_valid(snapped)
        & (shapely.get_num_interior_rings(snapped) == 0)
    )
    for i in np.flatnonzero(~ok):
        raise GeometryError(
            f"{names.one(i)} collapses when snapped to the grid {grid:g}; pass a smaller grid size",
            source=source,
        )
    return snapped


def _check_overlaps(polys: np.ndarray, tol: float, names: _Names, source: str) -> None:
    i, j = _pairs(polys)
    touching = shapely.relate_pattern(polys[i], polys[j], "T********")
    i, j = i[touching], j[touching]
    if not len(i):
        return
    common = shapely.intersection(polys[i], polys[j])
    perimeter = shapely.length(polys)
    bad = np.flatnonzero(shapely.area(common) > tol * np.minimum(perimeter[i], perimeter[j]))
    if len(bad):
        k = bad[0]
        more = f" ({len(bad) - 1} more overlapping pairs)" if len(bad) > 1 else ""
        where = common[k].representative_point()
        raise GeometryError(
            f"{names.one(i[k])} and {names.one(j[k])} overlap: they share the area "
            f"{shapely.area(common[k]):.6g} around {_fmt((where.x, where.y))}{more}",
            source=source,
        )


def _pairs(polys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs ``i < j`` of geometries whose envelopes and shapes intersect."""
    i, j = shapely.STRtree(polys).query(polys, predicate="intersects")
    keep = i < j
    return i[keep], j[keep]


def split_t_junctions(rings: Sequence[np.ndarray], tol: float) -> list[list[tuple[float, float]]]:
    """Rings (``(n, 2)`` arrays, not closed) with every corner of another ring that
    lies within ``tol`` of a side inserted into that side, in order along it.

    >>> big = np.array([[0, 0], [2, 0], [2, 1], [0, 1]], float)
    >>> small = np.array([[0, 1], [1, 1], [1, 2], [0, 2]], float)
    >>> split_t_junctions([big, small], 1e-9)[0]
    [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0), (0.0, 1.0)]
    """
    starts = np.vstack(rings)
    ends = np.vstack([np.roll(r, -1, axis=0) for r in rings])
    corners = np.unique(starts, axis=0)
    sides = shapely.linestrings(np.stack([starts, ends], axis=1))
    side, corner = shapely.STRtree(shapely.points(corners)).query(sides, predicate="dwithin", distance=tol)
    a, b, p = starts[side], ends[side], corners[corner]
    ab = b - a
    t = np.einsum("ij,ij->i", p - a, ab) / np.einsum("ij,ij->i", ab, ab)
    inside = (np.linalg.norm(p - a, axis=1) > tol) & (np.linalg.norm(p - b, axis=1) > tol) & (t > 0) & (t < 1)
    extra: dict[int, list[tuple[float, tuple[float, float]]]] = {}
    for s, tt, q in zip(side[inside], t[inside], p[inside]):
        extra.setdefault(int(s), []).append((float(tt), (float(q[0]), float(q[1]))))
    out: list[list[tuple[float, float]]] = []
    k = 0
    for r in rings:
        ring: list[tuple[float, float]] = []
        for x, y in r:
            ring.append((float(x), float(y)))
            ring.extend(q for _, q in sorted(extra.get(k, ())))
            k += 1
        out.append(ring)
    return out


def _check_topology(puzzle: Puzzle, names: _Names, source: str) -> None:
    """Refuse patches that are not one disc: separate pieces, pinches, holes."""
    defect = disc_defect(puzzle)
    if defect is None:
        return
    geo = puzzle.geometry
    assert geo is not None
    at_vertex: dict[int, set[int]] = {}
    for c, face in enumerate(geo.faces):
        for v in face or ():
            at_vertex.setdefault(v, set()).add(c)
    if defect.kind == "pieces":
        piece = {c: k for k, cs in enumerate(defect.groups) for c in cs}
        for v, cs in sorted(at_vertex.items()):
            if len({piece[c] for c in cs}) > 1:
                raise GeometryError(
                    f"{names.many(cs)} touch only at the point {_fmt(geo.points[v])}: "
                    "cells must be joined along sides",
                    source=source,
                )
        listing = "; ".join(names.many(sorted(p), 3) for p in sorted(defect.groups, key=min)[:4])
        raise GeometryError(
            f"the polygons form {len(defect.groups)} separate pieces, not one patch: {listing}", source=source
        )
    if defect.kind == "pinch":
        v = defect.where
        raise GeometryError(
            f"the patch pinches at {_fmt(geo.points[v])}: {names.many(at_vertex[v])} meet there "
            "and the outline passes through it twice",
            source=source,
        )
    if defect.kind == "holes":
        holes = defect.groups[1:]
        hole = min(holes, key=lambda loop: min(geo.points[v] for v in loop))
        around = {c for v in hole for c in at_vertex[v]}
        where = np.mean([geo.points[v] for v in hole], axis=0)
        raise GeometryError(
            f"the patch has {len(holes)} hole(s); one near {_fmt(where)} is surrounded by "
            f"{names.many(around)}",
            source=source,
        )
    raise GeometryError(f"the polygons do not form a disc-shaped patch ({defect.kind})", source=source)


# --------------------------------------------------------------------------- building
def from_polygons(
    polygons: Any,
    clues: Sequence[int | None] | None = None,
    *,
    grid_size: float | None = None,
    source: str = "<polygons>",
) -> Puzzle:
    """A clue-less (or clued) puzzle whose cells are the given polygons.

    ``polygons``: shapely polygons, a MultiPolygon / GeometryCollection, or what
    :func:`read_polygons` returns (its clues and source are used unless given).
    ``grid_size``: the snapping grid (default 1e-9 of the extent, a power of 10).

    A corner lying on another polygon's side becomes a corner of that polygon:

    >>> from shapely.geometry import box
    >>> p = from_polygons([box(0, 0, 2, 1), box(0, 1, 1, 2), box(1, 1, 2, 2)])
    >>> len(p.cell_edges[0]), len(p.vertices), len(p.edges)
    (5, 8, 10)
    >>> from_polygons([box(0, 0, 1, 1), box(0.5, 0.5, 2, 2)])
    Traceback (most recent call last):
    ...
    slitherasp.model.errors.GeometryError: <polygons>: polygon 0 and polygon 1 overlap: they share the area 0.25 ...
    """
    if isinstance(polygons, Polygons):
        if clues is None:
            clues = polygons.clues
        if source == "<polygons>":
            source = polygons.source
    items, origins = _flatten(polygons, source)
    if not items:
        raise GeometryError("no polygons given", source=source)
    if len(items) > limits.MAX_POLYGONS:
        raise GeometryError(f"{len(items)} polygons: at most {limits.MAX_POLYGONS} are read", source=source)
    if clues is not None and len(clues) != len(items):
        raise InputError(f"{len(clues)} clues for {len(items)} polygons", source=source)
    names = _Names(origins)
    polys = np.array(items, dtype=object)
    xmin, ymin, xmax, ymax = shapely.total_bounds(polys)
    extent = max(xmax - xmin, ymax - ymin)
    if grid_size is not None and not grid_size > 0:
        raise InputError(f"grid size must be positive, not {grid_size}", source=source)
    grid = grid_size if grid_size is not None else default_grid(extent)
    tol = 2.0 * grid
    _check_each(polys, names, tol, source)
    polys = _snap(polys, grid, names, source)
    _check_overlaps(polys, tol, names, source)
    rings = [shapely.get_coordinates(shapely.get_exterior_ring(p))[:-1] for p in polys]
    puzzle = from_faces(split_t_junctions(rings, tol), clues, tolerance=tol, source=source)
    _check_topology(puzzle, names, source)
    return puzzle
