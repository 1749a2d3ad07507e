"""The optional extras (``png``, ``print``, ``web``, ``cluster``, ``docs``) and the one line
that says how to install a missing one, in words that work where the user is.

No package index serves slitherasp yet, so ``pip install 'slitherasp[web]'`` is right
only for a package that came from one. Run from a clone (its source tree, or an
editable install of it), the line names the clone: ``pip install '.[web]'`` in its
folder, its path elsewhere; installed from a clone's folder (``pip install .``), the
folder pip recorded (``direct_url.json``). Each line also names the libraries alone,
which install without rebuilding slitherasp.

>>> line = needs("web", "the web app")
>>> line.startswith("the web app needs Starlette and Uvicorn: pip install ") and "[web]'" in line
True
>>> line.endswith("(or only the libraries: pip install starlette uvicorn)")
True
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

__all__ = ["EXTRAS", "Extra", "install", "needs"]


@dataclass(frozen=True)
class Extra:
    """An optional extra: the libraries it brings, by name and as pip spells them."""

    name: str
    libraries: str
    requirements: tuple[str, ...]


EXTRAS = {e.name: e for e in (
    Extra("png", "Pillow", ("pillow",)),
    Extra("print", "fpdf2", ("fpdf2",)),
    Extra("web", "Starlette and Uvicorn", ("starlette", "uvicorn")),
    Extra("cluster", "Dask", ("dask[distributed]",)),
    Extra("docs", "MkDocs", ("mkdocs", "mkdocs-material", "mkdocstrings[python]")),
)}
"""Every optional extra of ``pyproject.toml`` that a command may need (not ``test``)."""


def needs(extra: str, what: str) -> str:
    """The one line that says ``what`` needs ``extra`` and how to install it here.

    >>> needs("png", "PNG output").endswith("[png]' (or only the library: pip install pillow)")
    True
    """
    e = EXTRAS[extra]
    alone = " ".join(shlex.quote(r) for r in e.requirements)
    noun = "library" if len(e.requirements) == 1 else "libraries"
    return f"{what} needs {e.libraries}: {install(extra)} (or only the {noun}: pip install {alone})"


def install(extra: str) -> str:
    """The pip command that installs slitherasp with ``extra``, from where it came.

    >>> install("print").startswith("pip install '") and install("print").endswith("[print]'")
    True
    """
    source = _clone()
    if source is None:
        return f"pip install {shlex.quote(f'slitherasp[{extra}]')}"
    place = "." if source == Path.cwd().resolve() else str(source)
    return f"pip install {shlex.quote(f'{place}[{extra}]')}"


def _clone() -> Path | None:
    """The folder of the clone this slitherasp comes from, or None (from an index)."""
    tree = Path(__file__).resolve().parents[2]
    if _is_project(tree):  # the source tree itself: PYTHONPATH, an editable install
        return tree
    try:
        recorded = metadata.distribution("slitherasp").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None
    try:
        url = json.loads(recorded or "{}")
    except ValueError:
        return None
    if not isinstance(url, dict) or "dir_info" not in url or not str(url.get("url", "")).startswith("file:"):
        return None  # a wheel or an archive: whatever it was, its folder is not a clone
    return Path(unquote(urlparse(url["url"]).path)).resolve()


def _is_project(folder: Path) -> bool:
    """Whether ``folder`` holds slitherasp's own ``pyproject.toml``."""
    try:
        text = (folder / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    return 'name = "slitherasp"' in text
