"""slitherasp: Slitherlink (Loopy) on arbitrary planar tilings, solved with clingo.

Glossary (the competition's words, used everywhere in the package):

vertex
    a point where edges meet; named by any clingo constant (``17``, ``v3``, ``"a"``).
edge
    an undirected pair of vertices, kept in the orientation it was given in.
cell
    a set of edges with a name, usually a face of the drawing.
clue
    the number of a cell's edges the loop must use.
link
    an edge on the loop; an answer is a set of links forming one simple cycle.

>>> import slitherasp as sa
>>> p = sa.read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(c,1,2). clue(c,1).")
>>> r = sa.solve(p, unique=True)
>>> r.status, r.unique, sa.check(p, r.links()).valid
('SATISFIABLE', True, True)
"""

__version__ = "0.1.0"

from .formats.lp import read_answer, read_instance, write_answer, write_instance
from .formats import read_file, read_text, write_text
from .model import (
    Answer,
    Geometry,
    GeometryError,
    InputError,
    Name,
    Puzzle,
    TilingRef,
    SlitherError,
    from_faces,
)
from .solve import Batch, Result, Session, count, solve
from .validate import Report, Violation, check, is_solution

__all__ = [
    "Answer", "Batch", "Geometry", "GeometryError", "InputError", "Name", "Puzzle", "Report", "Result",
    "Session", "SlitherError", "TilingRef", "Violation", "check", "count", "from_faces", "is_solution", "read_answer",
    "read_file", "read_instance", "read_text", "solve", "write_answer", "write_instance",
    "write_text",
]
