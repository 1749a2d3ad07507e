"""The manual inside the static site: ``slitherasp site`` builds it with MkDocs (the
``docs`` extra) into the site's ``docs/`` folder, from the manual's sources.

The sources are ``mkdocs.yml`` and ``docs/`` of a clone, which an installed package
carries as ``slitherasp/manual/`` (``setup.py`` copies them into the wheel). Building at
site time, rather than shipping the manual built, keeps the package small (the sources
are a tenth of the built manual) and the manual that of the code that runs, its API
reference included. Where MkDocs is missing, the site is written without the manual and
one line says why.

>>> config().name  # the clone's, or the installed package's copy
'mkdocs.yml'
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from ..model.extras import needs

__all__ = ["build", "config"]

MODULES = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")
"""What the build imports: MkDocs, its Material theme and mkdocstrings' Python handler."""


def config() -> Path | None:
    """The manual's ``mkdocs.yml``: the installed package's copy, else the clone's
    beside the package, or None where neither is here."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package / "manual" / "mkdocs.yml", package.parent / "mkdocs.yml"):
        if candidate.is_file() and (candidate.parent / "docs" / "index.md").is_file():
            return candidate
    return None


def build(into: Path) -> str | None:
    """Build the manual into the folder ``into``; None when it is built, else the reason
    it is not, in one line."""
    if not all(_importable(name) for name in MODULES):
        return needs("docs", "the manual")
    source = config()
    if source is None:
        return "the manual's sources are not installed with this package (a clone has them: docs/)"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--quiet", "--config-file", str(source), "--site-dir", str(into)],
        capture_output=True, text=True, timeout=900, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if done.returncode != 0 or not (into / "index.html").is_file():
        said = (done.stderr.strip().splitlines() or ["no index.html"])[-1]
        return f"building it failed: {said[:200]}"
    return None


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # a parent package that is missing
        return False
