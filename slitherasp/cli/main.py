"""The ``slitherasp`` command line: the parser of every command, dispatch, and the
one place where errors become exit codes. Nothing imports this package.

Each command family is a module with ``add_parser(subparsers)``, which sets the
function that runs the command (``run``); this module only wires them up.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings
from collections.abc import Sequence
from importlib import import_module

from .. import __version__
from ..model.errors import GenerationError, SlitherError
from ..model.stopping import StoppedError
from . import common
from .common import EXIT_CODES, Exit, Formatter, err, out
from .typed import closest, unrecognized
from .watch import watched

FAMILIES = {
    "solve": ("solve", "facts"),
    "encodings": ("encodings",),
    "check": ("check",),
    "explain": ("explain", "hint"),
    "batch": ("batch",),
    "render": ("render",),
    "book": ("book",),
    "tiling": ("tiling",),
    "sloop": ("sloop",),
    "convert": ("convert",),
    "generate": ("generate", "grade"),
    "counting": ("count", "census"),
    "serve": ("serve",),
    "site": ("site",),
}
"""The command modules and the commands each defines, in the order they appear in
``--help``. A command line naming a command imports only its module: a solve does not
pay for the parsers (and imports) of the web server, the book or batches."""


def family_of(argv: Sequence[str]) -> str | None:
    """The module of the command that ``argv`` names first, if any.

    >>> family_of(["hint", "p.lp"]), family_of(["--version"]), family_of(["nonsense"])
    ('explain', None, None)
    """
    for arg in argv:
        if not arg.startswith("-"):
            return next((f for f, names in FAMILIES.items() if arg in names), None)
    return None


def with_command(argv: list[str]) -> list[str]:
    """``argv`` with its command in the case commands are written (``Solve``: ``solve``).

    >>> with_command(["Solve", "p.lp"]), with_command(["--version"])
    (['solve', 'p.lp'], ['--version'])
    """
    names = [n for f in FAMILIES.values() for n in f]
    for i, arg in enumerate(argv):
        if not arg.startswith("-"):
            return [*argv[:i], arg.lower(), *argv[i + 1:]] if arg.lower() in names else argv
    return argv


def misspelt_command(argv: list[str]) -> str | None:
    """The error for a command that is none of ours, naming the one meant if one is
    close (``slove``: solve), or None."""
    names = [n for f in FAMILIES.values() for n in f]
    word = next((a for a in argv if not a.startswith("-")), None)
    if word is None or word in names:
        return None
    meant = closest(word, names)
    hint = f"; did you mean {meant!r}?" if meant else ""
    return f"{word!r} is not a command{hint} ('slitherasp --help' lists them)"


def build_parser(family: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of one family's commands only."""
    parser = argparse.ArgumentParser(
        prog="slitherasp",
        formatter_class=Formatter,
        description=(
            "Solve Slitherlink (Loopy) on arbitrary planar graphs with clingo.\n\n"
            "An instance is a set of facts edge(U,V). cell_contains(C,U,V). clue(C,N).\n"
            "(the ASP-competition format); an answer is a set of link(U,V). facts:\n"
            "one simple loop through the graph whose cells hold as many links as their\n"
            "clues say. Every INSTANCE may be a file, - for standard input, or, when no\n"
            "file has that name, the puzzle text itself (a Loopy game ID, a puzz.link URL)."
        ),
        epilog=(
            "examples:\n"
            "  slitherasp solve instances/square/square-6x6.lp --unique\n"
            "  slitherasp solve 7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a     a game ID or URL itself\n"
            "  slitherasp solve puzzle.lp --json | jq .links\n"
            "  slitherasp check puzzle.lp answer.lp --reference reference.lp\n"
            "  slitherasp batch instances/ --unique --jobs 2\n\n" + EXIT_CODES
        ),
    )
    parser.add_argument("--version", action="version", version=f"slitherasp {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in FAMILIES if family is None else (family,):
        import_module(f"{__package__}.{name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit code (see :class:`~slitherasp.cli.common.Exit`). Run as
    the process's own command line (``argv`` None), it ends the process at once when work
    it abandoned runs on; called with ``argv`` (a test, a script), it returns."""
    # numpy and shapely warn of overflows and NaN on strange geometry; the command
    # line reports problems in its own one line instead
    warnings.filterwarnings("ignore", category=RuntimeWarning)
    common.STARTED = time.perf_counter()  # time limits count from here (main may run many times in one process)
    own = argv is None  # the process's own command line
    argv = with_command(sys.argv[1:] if argv is None else list(argv))
    parser = build_parser(family_of(argv))
    wrong = misspelt_command(argv)
    if wrong:
        parser.error(wrong)
    args, extras = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return Exit.INPUT
    if extras:  # the command's own usage, not the top level's
        args.command_parser.error(unrecognized(args.command_parser, extras))
    with watched(args):
        code = run(args)
    solver = sys.modules.get("slitherasp.solver.run")
    if own and solver is not None and solver.abandoned():
        # A search or grounding that does not stop runs on in a thread: leave now
        # instead of waiting for it (the results are printed already).
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def run(args: argparse.Namespace) -> int:
    """Run the command; map every way it can end to an exit code and one line."""
    try:
        return int(args.run(args))
    except StoppedError as exc:
        err(f"slitherasp: {exc}")
        return Exit.TIMEOUT if exc.reason == "time" else Exit.INTERRUPT
    except GenerationError as exc:
        err(f"slitherasp: error: {exc}")
        return Exit.INVALID
    except SlitherError as exc:
        err(f"slitherasp: error: {exc}")
        return Exit.INPUT
    except KeyboardInterrupt:
        if getattr(args, "json", False) and isinstance(getattr(args, "instance", None), str):
            out(json.dumps({"instance": args.instance, "result": "UNKNOWN", "interrupted": True}))
        err("slitherasp: interrupted")
        return Exit.INTERRUPT
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return Exit.OK
    except (Exception, RecursionError) as exc:
        if os.environ.get("SLITHERASP_TRACEBACK"):
            raise
        err(f"slitherasp: internal error: {type(exc).__name__}: {str(exc)[:200]} "
            "(a bug; please report it with the input; SLITHERASP_TRACEBACK=1 shows where)")
        return Exit.SOFTWARE


if __name__ == "__main__":
    sys.exit(main())
