"""What the two ways of making one puzzle (:mod:`.generate`, classic; :mod:`.generate_variant`,
the variants) share: the refusal before any work, the files written, the summary said and
the exit code."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from ..model.files import writable_folder
from .common import Exit, err, out


def not_made_before(args: argparse.Namespace, stem: str, seed: int) -> None:
    """Refuse, before any work, a folder that cannot be written or (without
    ``--force``) that holds the puzzle these choices make (same seed, same puzzle)."""
    writable_folder(args.output)
    if not args.force:
        made_before = sorted(Path(args.output).glob(f"{stem}-*-s{seed}.lp"))
        if made_before:
            raise InputError("exists already: the same tiling, size and seed made it (use --force to make it "
                             "again and replace it)", source=str(made_before[0]))


def save_made(made: Any, path: Path, force: bool, drawing: dict[Path, str]) -> list[Path]:
    """The files of a puzzle made (its facts, answer and ``drawing``); where they
    cannot be written, its facts go to standard output (the work is not lost) and the
    error is raised."""
    from .. import formats

    try:
        return list(formats.save(made.puzzle, path, made.answer, force=force, extra=drawing))
    except InputError:
        sys.stdout.write(formats.write_text(made.puzzle, "lp"))
        err("slitherasp: the puzzle could not be written; its facts are on standard output")
        raise


def announce(summary: dict[str, Any], as_json: bool, line: str) -> None:
    """A puzzle made: its JSON summary, or its files on standard output and ``line``
    on standard error."""
    if as_json:
        out(json.dumps(summary))
    else:
        out(" ".join(summary["files"]))
        err(line)


def ended(made: Any, kept: str) -> int:
    """The exit code of one puzzle made, said on standard error where an interrupt or
    the time limit stopped its clue removal (``kept``: what the puzzle kept is)."""
    if made.interrupted:
        err("slitherasp: interrupted: kept the puzzle found so far (unique, perhaps not minimal)")
        return Exit.INTERRUPT
    if made.timed_out:
        err(f"slitherasp: the time limit stopped the clue removal: kept the puzzle found so far ({kept})")
        return Exit.TIMEOUT
    return Exit.OK
