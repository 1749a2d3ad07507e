"""The geometry sidecar of an ``lp`` instance: ``NAME.geo.json`` beside ``NAME.lp``.

It holds the position of every vertex (y up) and the face of every cell, so that an
instance written as facts can be drawn and solved with the ``colour`` encoding again,
and the tiling it was cut from (so that formats such as Loopy IDs can name it).

>>> from slitherasp.model import from_faces
>>> p = from_faces([[(0, 0), (1, 0), (0, 1)]])
>>> q = attach_geometry(p.__class__(p.vertices, p.edges, p.cells, p.cell_edges, p.clues),
...                     write_geometry(p), "t.geo.json")
>>> q.geometry.faces == p.geometry.faces
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..model import Geometry, InputError, Puzzle, TilingRef, limits
from ..model.errors import located

GEOMETRY_SUFFIX = ".geo.json"


def geometry_path(instance: Path) -> Path:
    """Where the geometry of ``instance`` lives: ``name.lp`` -> ``name.geo.json``."""
    return instance.with_name(instance.name.removesuffix(".lp") + GEOMETRY_SUFFIX)


def write_geometry(puzzle: Puzzle) -> str:
    """The geometry sidecar as JSON: vertex positions and the face of each cell."""
    geo = puzzle.geometry
    if geo is None:
        raise InputError("this puzzle has no geometry to write")
    doc = {
        "format": "slitherasp-geometry/1",
        "y_axis": "up",
        "vertices": {puzzle.vertices[v]: [round(x, 9), round(y, 9)] for v, (x, y) in enumerate(geo.points)},
        "faces": {
            puzzle.cells[c]: [puzzle.vertices[v] for v in face]
            for c, face in enumerate(geo.faces)
            if face is not None
        },
    }
    if puzzle.tiling is not None:
        doc["tiling"] = {k: v for k, v in vars(puzzle.tiling).items() if v is not None}
    return json.dumps(doc, separators=(",", ":")) + "\n"


def attach_geometry(puzzle: Puzzle, text: str, source: str) -> Puzzle:
    """The puzzle with the geometry of a sidecar file. Everything is checked before it
    is trusted: the keys, the types, finite coordinates for every vertex, faces that
    are simple cycles of the cell's own edges, and the tiling's fields."""
    with located(source):
        doc = limits.load_json(text, "JSON")
    if not isinstance(doc, dict):
        raise InputError("a geometry file is a JSON object", source=source)
    unknown = sorted(set(doc) - {"format", "y_axis", "vertices", "faces", "tiling"})
    if unknown:
        raise InputError(f"unknown key {unknown[0][:40]!r} in a geometry file", source=source)
    points = _points(puzzle, doc.get("vertices"), source)
    cells = _faces(puzzle, doc.get("faces", {}), source)
    ref = _tiling(doc.get("tiling"), source)
    return puzzle.replaced(geometry=Geometry(points=points, faces=cells), tiling=ref)


def _points(puzzle: Puzzle, coords: Any, source: str) -> tuple[tuple[float, float], ...]:
    if not isinstance(coords, dict):
        raise InputError('"vertices" must be an object: vertex name -> [x, y]', source=source)
    points = []
    for v in puzzle.vertices:
        xy = coords.get(v)
        if xy is None:
            raise InputError(f"geometry does not fit the instance: no position for vertex {v[:40]}", source=source)
        if not (isinstance(xy, list) and len(xy) == 2 and all(_is_number(c) for c in xy)):
            raise InputError(f"vertex {v[:40]}: a position is [x, y], two finite numbers of at most "
                             f"{limits.MAX_COORDINATE:g}", source=source)
        points.append((float(xy[0]), float(xy[1])))
    if len(set(points)) < min(len(points), 3):
        raise InputError("the vertices' positions coincide: this geometry draws nothing", source=source)
    return tuple(points)


def _is_number(x: Any) -> bool:
    return limits.coordinate(x)


def _faces(puzzle: Puzzle, faces: Any, source: str) -> tuple[tuple[int, ...] | None, ...]:
    if not isinstance(faces, dict):
        raise InputError('"faces" must be an object: cell name -> [vertex names]', source=source)
    for c in faces:
        if c not in puzzle.cell_index:
            raise InputError(f"geometry names a cell the instance does not have: {c[:40]}", source=source)
    cells = []
    for c, name in enumerate(puzzle.cells):
        ring = faces.get(name)
        if ring is None:
            cells.append(None)
            continue
        if not (isinstance(ring, list) and all(isinstance(v, str) and v in puzzle.vertex_index for v in ring)):
            raise InputError(f"face of cell {name}: a list of the instance's vertex names", source=source)
        face = tuple(puzzle.vertex_index[v] for v in ring)
        sides = [puzzle.find_edge(a, b) for a, b in zip(face, face[1:] + face[:1])]
        if None in sides:
            raise InputError(f"face of cell {name} uses a side that is not an edge", source=source)
        if len(set(face)) != len(face) or set(sides) != set(puzzle.cell_edges[c]) or len(sides) != len(set(sides)):
            raise InputError(f"face of cell {name} does not match its edges", source=source)
        cells.append(face)
    return tuple(cells)


def _tiling(tiling: Any, source: str) -> TilingRef | None:
    if tiling is None:
        return None
    fields = {"name": str, "width": int, "height": int, "seed": int, "desc": str}
    if not isinstance(tiling, dict) or not {"name", "width", "height"} <= set(tiling):
        raise InputError('"tiling" must be an object with a name, a width and a height', source=source)
    for key, value in tiling.items():
        kind = fields.get(key)
        if kind is None:
            raise InputError(f"unknown key {key[:40]!r} in the geometry's tiling", source=source)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
            raise InputError(f"the tiling's {key} must be a {kind.__name__}", source=source)
    if not (1 <= tiling["width"] <= limits.MAX_GRID and 1 <= tiling["height"] <= limits.MAX_GRID):
        raise InputError(f"the tiling's width and height must be 1..{limits.MAX_GRID}", source=source)
    if isinstance(tiling.get("seed"), int) and tiling["seed"].bit_length() > 63:
        raise InputError("the tiling's seed is too large", source=source)
    if isinstance(tiling.get("desc"), str) and len(tiling["desc"]) > 256:
        raise InputError("the tiling's description is too long", source=source)
    return TilingRef(**tiling)
