"""The Slitherlink variants as one puzzle kind (:mod:`slitherasp.kinds`): Vertex,
Touch, Sheep-Wolf, all points and Litherslink.

Three modules, one direction: :mod:`.puzzle` (the :class:`~.puzzle.Variant`, its names
and its program for the solver) at the bottom, :mod:`.rules` (the rules in plain Python:
the checker) on it, :mod:`.draw` (scene and terminal text) on both. This module gives
the kind's functions to :mod:`slitherasp.kinds`.

>>> from slitherasp import tilings
>>> v = variant(tilings.build("square", 2, 2).with_clues([1, None, None, None]), "vertex")
>>> check(v, []).valid
False
"""

from .draw import scene, text
from .puzzle import program, variant
from .rules import check

__all__ = ["check", "program", "scene", "text", "variant"]
