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

The names below load on first use: ``import slitherasp`` (or
``slitherasp.model``) loads no solver, networkx, numpy or shapely.

>>> import slitherasp as sa
>>> p = sa.read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(c,1,2). clue(c,1).")
>>> r = sa.solve(p, unique=True)
>>> r.status, r.unique, sa.check(p, r.links()).valid
('SATISFIABLE', True, True)
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "1.0.0"
"""The version, in one place: the package metadata (pyproject.toml), --version, the site and
the manual all read it from here."""

_EXPORTS = {
    "model.errors": ("GeometryError", "InputError", "SlitherError"),
    "model": ("Answer", "Geometry", "Name", "Puzzle", "TilingRef", "from_faces"),
    "formats": ("read_file", "read_text", "write_text"),
    "formats.lp": ("read_answer", "read_instance", "write_answer", "write_instance"),
    "model.results": ("Result", "Status"),
    "solver.sessions": ("Batch", "Session"),
    "solver.run": ("count", "solve"),
    "validate": ("Report", "Violation"),
    "kinds": ("check", "is_solution"),  # every kind, each by its own rules (Slitherlink's: validate.check)
}
_HOME = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'slitherasp' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def _puzzle_svg(puzzle: Any) -> str:
    from .render import svg

    return svg(puzzle)


def _result_svg(result: Any) -> str:
    from .render import svg

    return svg(result.puzzle, sorted(result.answer) if result.answer else None, title=str(result.status))


def _jupyter() -> None:
    """In IPython (Jupyter), puzzles and results display as drawings. Registered by
    class name, so nothing loads until one is shown, and neither the model nor the
    solver's results know of drawing; explanation steps draw themselves
    (``_repr_svg_``)."""
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is not None:
        formatter = shell.display_formatter.formatters["image/svg+xml"]
        formatter.for_type_by_name("slitherasp.model.puzzle", "Puzzle", _puzzle_svg)
        formatter.for_type_by_name("slitherasp.model.results", "Result", _result_svg)


_jupyter()
