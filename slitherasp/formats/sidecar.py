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
from dataclasses import replace
from pathlib import Path

from ..model import Geometry, InputError, Puzzle, TilingRef

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
    """The puzzle with the geometry of a sidecar file; checks it fits the instance."""
    try:
        doc = json.loads(text)
        coords = doc["vertices"]
        faces = doc.get("faces", {})
        points = tuple((float(coords[v][0]), float(coords[v][1])) for v in puzzle.vertices)
        cells = tuple(
            tuple(puzzle.vertex_index[v] for v in faces[c]) if c in faces else None
            for c in puzzle.cells
        )
    except json.JSONDecodeError as exc:
        raise InputError(f"bad JSON: {exc.msg}", source=source, line=exc.lineno, column=exc.colno) from None
    except KeyError as exc:
        raise InputError(f"geometry does not fit the instance: no entry for {exc}", source=source) from None
    except (TypeError, ValueError, IndexError):
        raise InputError("geometry file is malformed", source=source) from None
    for c, face in enumerate(cells):
        if face is None:
            continue
        ring = set()
        for a, b in zip(face, face[1:] + face[:1]):
            e = puzzle.find_edge(a, b)
            if e is None:
                raise InputError(
                    f"face of cell {puzzle.cells[c]} uses a side that is not an edge", source=source
                )
            ring.add(e)
        if ring != set(puzzle.cell_edges[c]):
            raise InputError(f"face of cell {puzzle.cells[c]} does not match its edges", source=source)
    tiling = doc.get("tiling")
    ref = TilingRef(**tiling) if isinstance(tiling, dict) else None
    return replace(puzzle, geometry=Geometry(points=points, faces=cells), tiling=ref)
