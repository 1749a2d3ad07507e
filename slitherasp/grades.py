"""The names of difficulty levels, easiest first, where every room can read them
without loading a solver."""

from __future__ import annotations

SOLVER_LEVELS = ("easy", "medium", "hard")
"""What clingo needs to prove a puzzle unique: propagation, root probing, search."""
