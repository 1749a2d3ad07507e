"""Which rule engine runs: the cascade's modules compiled with mypyc (``setup.py``)
where they are installed, else the same modules as plain Python. ``SLITHERASP_PURE=1``
in the environment chooses the plain ones even where the compiled ones are installed
(all of them or none: a compiled class has no plain subclass). Never compiled itself.

>>> isinstance(compiled(), bool)
True
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED_MODULES", "compiled", "pure_asked"]

COMPILED_MODULES = ("board", "easy", "loopy", "faces", "beyond", "engine", "derive")
"""The modules of this package that ``setup.py`` compiles."""
PACKAGE = __name__.rpartition(".")[0]


def pure_asked() -> bool:
    """Whether ``SLITHERASP_PURE`` asks for the plain Python engine."""
    return os.environ.get("SLITHERASP_PURE", "") not in ("", "0")


class _Plain(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` files, ahead of the compiled ones."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        package, _, leaf = name.rpartition(".")
        if package != PACKAGE or leaf not in COMPILED_MODULES:
            return None
        return importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{leaf}.py"))


def compiled() -> bool:
    """Whether the compiled engine is the one imported."""
    from . import engine

    return not str(engine.__file__).endswith(".py")


if pure_asked() and not any(isinstance(f, _Plain) for f in sys.meta_path):
    sys.meta_path.insert(0, _Plain())
