"""What a command may write: never over a file it reads, whatever the name."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def not_over_inputs(outputs: list[Any], *inputs: str | None) -> None:
    """Refuse, before the work, to write or remove any of ``outputs`` (None: an option
    not given) when it is a file the command reads: one of ``inputs`` or what is read
    with it (``NAME.geo.json``, ``NAME.answer``), under any name (:func:`~slitherasp.model.files.refuse_inputs`)."""
    from ..model.files import refuse_inputs

    read = [path for name in inputs if name and name != "-" for path in with_sidecars(name)]
    refuse_inputs([o for o in outputs if o is not None], read)


def with_sidecars(name: str) -> list[Path]:
    """The instance file ``name`` and the files of its name read or written with it
    (``NAME.geo.json``, ``NAME.answer``: :func:`~slitherasp.formats.siblings`)."""
    from ..formats import siblings

    try:
        return siblings(name)
    except ValueError:  # a path without a file name ("/"): no sidecar
        return [Path(name)]
