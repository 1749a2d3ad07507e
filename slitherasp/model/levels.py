"""The names of difficulty levels, easiest first, where every room can read them
without loading a solver."""

from __future__ import annotations

SOLVER_LEVELS = ("easy", "medium", "hard")
"""What clingo needs to prove a puzzle unique: propagation, root probing, search."""
HUMAN_LEVELS = ("easy", "normal", "tricky", "hard", "fiendish", "search")
"""How hard a puzzle is for a person (:mod:`slitherasp.explain`): the first four as
Loopy's levels, then puzzles that need a trial, then puzzles no bounded rule settles."""
