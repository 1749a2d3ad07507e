"""The bottom floor: the data every other part of slitherasp speaks, importing nothing
else of ours (nor clingo, networkx, numpy or shapely).

* :mod:`~slitherasp.model.puzzle`: the immutable :class:`Puzzle` (+ :class:`Geometry`,
  :class:`TilingRef`) and :func:`from_faces`, which derives edges and incidences once;
* :mod:`~slitherasp.model.topology`: components, face neighbours, the exact disc test;
* :mod:`~slitherasp.model.results`: :class:`~slitherasp.model.results.Result` and its
  :class:`~slitherasp.model.results.Status`, what every solve returns;
* :mod:`~slitherasp.model.levels`: the names of the difficulty levels;
* :mod:`~slitherasp.model.errors`: the exception family;
* :mod:`~slitherasp.model.files`, :mod:`~slitherasp.model.limits`,
  :mod:`~slitherasp.model.stopping`: writing files atomically, the sizes we refuse,
  stopping long work from outside.

The names of :mod:`~slitherasp.model.puzzle` are importable from here.

>>> from slitherasp.model import from_faces
>>> from_faces([[(0, 0), (1, 0), (0, 1)]]).cell_edges
((0, 1, 2),)
"""

from .puzzle import (
    Answer,
    Geometry,
    GeometryError,
    InputError,
    Name,
    Point,
    Puzzle,
    SlitherError,
    TilingRef,
    from_faces,
    incidence_of,
    median,
    median_length,
    signed_area,
)

__all__ = ["Answer", "Geometry", "GeometryError", "InputError", "Name", "Point", "Puzzle",
           "SlitherError", "TilingRef", "from_faces", "incidence_of", "median", "median_length", "signed_area"]
