"""What every command shares: exit codes, argument groups, input, output, progress.

Command modules import this and nothing heavy at import time: ``slitherasp --help``
builds every parser without loading clingo, networkx, numpy or shapely.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from enum import IntEnum
from pathlib import Path
from typing import Any

from ..model import Puzzle
from ..model.errors import InputError, located
from ..model.limits import MAX_MODELS
from .output import Said, err, out  # noqa: F401  (the printing of every command, here for its users)
from .typed import lowered

STARTED = time.perf_counter()
"""When the command started: time limits count from here (reading and grounding too)."""


def remaining(limit: float | None) -> float | None:
    """What is left of a time limit that started with the command."""
    return None if limit is None else max(0.0, limit - (time.perf_counter() - STARTED))


class Exit(IntEnum):
    """The exit codes, as ``slitherasp --help`` and the manual (docs/manual/errors.md) list them."""

    OK = 0
    INVALID = 1
    INPUT = 2
    UNSAT = 20
    SOFTWARE = 70
    TIMEOUT = 124
    INTERRUPT = 130


EXIT_MEANINGS = {
    Exit.OK: "success: an answer was found, the answer is valid, every instance solved",
    Exit.INVALID: "check: the answer breaks a rule or differs from --reference;\n"
                  "batch: some instance was UNSATISFIABLE, UNKNOWN or had bad input",
    Exit.INPUT: "bad input or usage (the message names file:line:col and the problem)",
    Exit.UNSAT: "UNSATISFIABLE: the puzzle has no answer",
    Exit.SOFTWARE: "an internal error (a bug in slitherasp: please report it with the input)",
    Exit.TIMEOUT: "UNKNOWN: the time limit ran out before an answer or a proof",
    Exit.INTERRUPT: "interrupted (Ctrl-C); what was found so far is still printed",
}
EXIT_CODES = "exit codes:\n" + "".join(
    f"  {int(code):<4} " + text.replace("\n", "\n       ") + "\n" for code, text in EXIT_MEANINGS.items()
)


def exit_for(result: Any) -> Exit:
    """The exit code of a solve's result: interrupted, timed out (even with answers
    found: the enumeration or the uniqueness proof asked for is cut short), else by
    its status."""
    if result.interrupted:
        return Exit.INTERRUPT
    if result.timed_out:
        return Exit.TIMEOUT
    return {"SATISFIABLE": Exit.OK, "UNSATISFIABLE": Exit.UNSAT}.get(str(result.status), Exit.TIMEOUT)


def stopped(otherwise: Exit) -> Exit:
    """For work that ended incomplete: 130 after Ctrl-C, 124 past the time limit
    (:mod:`slitherasp.model.stopping`), else ``otherwise``."""
    from ..model.stopping import reason

    return {"interrupt": Exit.INTERRUPT, "time": Exit.TIMEOUT}.get(reason() or "", otherwise)


# --------------------------------------------------------------------------- printing
def score_text(score: float) -> str:
    """A person's score to two places, cut rather than rounded: a score is its level
    plus a fraction below 1, so 1.999 (easy) must not print as 2.00 (normal's start).

    >>> score_text(1.999), score_text(3.6667), score_text(2.3), score_text(float("inf"))
    ('1.99', '3.66', '2.30', 'inf')
    """
    if not math.isfinite(score):
        return str(score)
    return f"{math.floor(score * 100 + 1e-6) / 100:.2f}"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, plural unless n is 1.

    >>> counted(1, "error"), counted(2, "error"), counted(1, "instance not unique", "instances not unique")
    ('1 error', '2 errors', '1 instance not unique')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# --------------------------------------------------------------------------- parsers
class Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=28)


_SOLVED = {0: "an answer was found", 20: "UNSATISFIABLE: the puzzle has no answer",
           124: "the time limit ran out first: UNKNOWN, or the enumeration (--models 0)\n"
                "or the uniqueness proof (--unique) cut short", 130: "interrupted (Ctrl-C); what was found is printed"}
COMMAND_CODES: dict[str, dict[int, str]] = {
    "solve": _SOLVED,
    "sloop": _SOLVED,
    "facts": {0: "the facts were printed"},
    "check": {0: "the answer is valid", 1: "the answer breaks a rule or differs from --reference"},
    "explain": {0: "explained to the end", 1: "stopped before the answer: --max-steps, or no step\n"
                "forces another edge (the puzzle has more than one answer)", 20: "the puzzle has no answer",
                124: "the time limit ran out: the steps so far are printed",
                130: "interrupted (Ctrl-C): the steps so far are printed"},
    "hint": {0: "SOLVED, a next step, or NO HINT", 1: "WRONG or CONFLICT: marks no answer has",
             20: "the puzzle has no answer", 124: "the time limit ran out (UNKNOWN)", 130: "interrupted (Ctrl-C)"},
    "batch": {0: "every instance solved", 1: "some instance was UNSATISFIABLE, UNKNOWN or had bad input",
              130: "interrupted (Ctrl-C): the instances printed are all that finished"},
    "render": {0: "the drawing was written or printed"},
    "book": {0: "the book was written", 2: "bad input or usage, or fpdf2 missing (the line says how to install it)",
             130: "interrupted (Ctrl-C): no book was written"},
    "tiling": {0: "the patch was written (or the list printed)"},
    "convert": {0: "the puzzle was converted"},
    "generate": {0: "a puzzle (or the whole collection) was made",
                 1: "no puzzle of that grade was found (a collection: some puzzle failed)",
                 124: "the time limit stopped the clue removal (the puzzle so far is written)",
                 130: "interrupted (Ctrl-C): the puzzle so far, or the puzzles done, are kept"},
    "grade": {0: "graded: the puzzle has exactly one answer", 1: "NOT UNIQUE: a second answer exists",
              20: "the puzzle has no answer", 124: "the time limit ran out (UNKNOWN)", 130: "interrupted (Ctrl-C)"},
    "count": {0: "every answer was counted", 2: EXIT_MEANINGS[Exit.INPUT] + ";\nor the frontier kept too many states "
              "(the count so far is printed)", 124: "the time limit ran out: the count is a lower bound (+)",
              130: "interrupted (Ctrl-C): the count so far is printed"},
    "census": {0: "counted", 124: "the time limit ran out (nothing counted)", 130: "interrupted (Ctrl-C)"},
    "encodings": {0: "the encodings were listed"},
    "serve": {0: "the server was stopped (Ctrl-C, SIGTERM)"}, "site": {0: "the site was written"},
}
"""The exit codes of each command (every command also has 2 and 70)."""


def exit_codes(name: str) -> str:
    """The exit-code block of one command's ``--help``."""
    codes = {2: EXIT_MEANINGS[Exit.INPUT], 70: EXIT_MEANINGS[Exit.SOFTWARE], **COMMAND_CODES.get(name, {})}
    return "exit codes:\n" + "".join(
        f"  {code:<4} " + codes[code].replace("\n", "\n       ") + "\n" for code in sorted(codes))


def command(sub: Any, name: str, help: str, description: str, epilog: str = "") -> argparse.ArgumentParser:
    """A subcommand parser with the shared formatting and its own exit codes; it
    records itself (``command_parser``) so that an argument it does not know is
    reported with its usage, not the top level's."""
    p = sub.add_parser(name, help=help, description=description, epilog=epilog + exit_codes(name),
                       formatter_class=Formatter)
    p.set_defaults(command_parser=p)
    return p


def instance_args(p: argparse.ArgumentParser) -> None:
    """The ``INSTANCE`` argument, ``--format`` and ``--variant``."""
    p.add_argument("instance", metavar="INSTANCE", help="instance file, - for standard input, or the puzzle text "
                   "itself (a Loopy game ID, a puzz.link URL)")
    format_arg(p)
    variant_arg(p)


def variant_arg(p: argparse.ArgumentParser, help: str = "read the puzzle as a Slitherlink variant, where its "
                "format cannot say it: vertex, touch, sheep-wolf, lither, full (all points), touch+full, "
                "sheep-wolf+full") -> None:
    p.add_argument("--variant", metavar="NAME", help=help)


def format_arg(p: argparse.ArgumentParser, help: str = "input format (default: by extension, then by content)") -> None:
    p.add_argument("--format", type=lowered, help=help)


def solver_args(p: argparse.ArgumentParser, *, encoding: bool = True,
                limit: str = "stop after S seconds (result UNKNOWN)") -> None:
    """``--unique``, ``--time-limit`` (``limit``: its help) and (by default)
    ``--encoding`` and ``--with`` (:func:`encoding_args`)."""
    p.add_argument("--unique", action="store_true", help="look for a second answer and say whether the first is unique")
    time_limit_arg(p, limit)
    if encoding:
        from .encoding import encoding_args

        encoding_args(p)


MAX_THREADS = 64
"""clingo's parallel mode takes at most 64 threads."""


def whole(low: int, high: int | None = None) -> Any:
    """An argparse type: an integer in ``low..high``."""

    def parse(text: str) -> int:
        try:
            value = int(text) if len(text) < 20 else None
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            span = f"{low}..{high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"expected a whole number {span}, not {text[:20]!r}")
        return value

    return parse


def seconds(text: str) -> float:
    """An argparse type: a number of seconds, finite and more than 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number of seconds more than 0, not {text[:20]!r}")
    return value


def time_limit_arg(p: argparse.ArgumentParser, help: str) -> None:
    p.add_argument("--time-limit", type=seconds, metavar="S", help=help)


def models_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--models", "-n", type=whole(0, MAX_MODELS), default=1, metavar="N",
                   help="stop after N answers; 0 = all (default: 1)")


def threads_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--threads", "-t", type=whole(1, MAX_THREADS), default=1, metavar="N",
                   help=f"solver threads, 1..{MAX_THREADS} (default: 1)")


def json_arg(p: argparse.ArgumentParser, help: str = "print one JSON object instead of text") -> None:
    p.add_argument("--json", action="store_true", help=help)


def progress_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")


def size(text: str) -> tuple[int, int]:
    """``WxH`` or ``N`` (square) as a pair of positive integers (an argparse type)."""
    parts = text.lower().split("x")
    if len(parts) in (1, 2) and all(p.strip().isdigit() for p in parts):
        w = int(parts[0])
        return w, int(parts[-1])
    raise argparse.ArgumentTypeError(f"size must look like 10x8 or 10, not {text!r}")


def size_arg(p: argparse.ArgumentParser, help: str = "patch size (default: the tiling's own)") -> None:
    p.add_argument("--size", type=size, metavar="WxH", help=help)


# --------------------------------------------------------------------------- input
def load(path: str, fmt: str | None = None, variant: str | None = None) -> Puzzle:
    """The instance in a file (``-``: standard input), in any format, read as the variant
    ``variant`` if given (``--variant``). A geometry that gives every cell a face but is no
    disc is named (the colour encoding, which needs a disc, is then not used)."""
    from .. import formats

    puzzle = formats.read_file(path, fmt)
    if variant is not None:
        from ..kinds.variant.puzzle import as_variant

        with located(path):
            puzzle = as_variant(puzzle, variant)
    base = getattr(puzzle, "puzzle", puzzle)  # a variant's graph
    geo = base.geometry
    if geo is not None and all(f is not None for f in geo.faces) and not base.is_disc:
        from ..model.topology import disc_defect

        defect = disc_defect(base)
        err(f"slitherasp: note: {path}: the geometry is not a disc of faces ({defect.kind if defect else '?'}): "
            "solving with the reach encoding")
    return puzzle


def read_text(path: str) -> str:
    """A text file (``-``: standard input); :class:`InputError` naming it otherwise."""
    from ..model.limits import read_text as read

    return read(path)


def marks_given(text: str) -> bool:
    """Whether a command-line argument that names no file is lines and crosses
    themselves (on one line or several): ``link(...)``/``nolink(...)``, clingo's output, JSON.

    >>> marks_given("link(1,2).\\nnolink(2,3)."), marks_given('{"links": []}'), marks_given("board.lp")
    (True, True, False)
    """
    return "link(" in text or text.lstrip().startswith("{")


def text_of(path: str, what: str) -> tuple[str, str]:
    """The text of a file argument and the name to report it by; the argument itself
    when no file has that name and it is marks (:func:`marks_given`), as an INSTANCE
    may be the puzzle itself."""
    from ..formats import exists

    if path != "-" and not exists(Path(path)) and marks_given(path):
        return path, f"<{what}>"
    return read_text(path), "<stdin>" if path == "-" else path


INSTANCE_FACTS = ("edge(", "cell_contains(", "clue(")


def read_links(path: str, what: str = "answer") -> list[tuple[str, str]]:
    """The links of an answer (a file, or the text itself) in any form
    :func:`~slitherasp.formats.lp.read_answer` reads; an :class:`InputError` when it
    holds none but a puzzle's facts (the instance given twice)."""
    from ..formats.lp import read_answer

    text, source = text_of(path, what)
    links = read_answer(text, source)
    if not links and any(fact in text for fact in INSTANCE_FACTS):
        raise InputError(f"holds no link/2 facts but a puzzle's (edge/2, cell_contains/3, clue/2): the {what} "
                         "is the loop, as 'slitherasp solve INSTANCE --answer-out FILE' writes it", source=source)
    return links


# --------------------------------------------------------------------------- output
def drawing_kind(out_path: str) -> str:
    """``.svg`` or ``.png`` by the file name; :class:`InputError` otherwise (commands
    call it before their work, not after)."""
    suffix = Path(out_path).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise InputError("the drawing's file name must end in .svg or .png", source=out_path)
    return suffix


def draw(puzzle: Any, answer: Any, out_path: str, *, title: str | None = None, **options: Any) -> None:
    """Write an SVG or PNG drawing, chosen by the file extension."""
    from .. import render
    from ..kinds import scene_of
    from ..model.files import write_files

    suffix = drawing_kind(out_path)
    scene = scene_of(puzzle, answer, title=title, **options)
    data = render.svg(scene, title=title) if suffix == ".svg" else render.png(scene)
    write_files({Path(out_path): data})


def force_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--force", action="store_true", help="replace an instance of the same name (and its sidecars)")


def on_terminal() -> bool:
    """Whether standard error is a terminal (where progress is drawn)."""
    return sys.stderr.isatty()


class Progress:
    """Progress on standard error while work takes time, on a terminal only, drawn by
    tqdm (imported only then): a bar when ``total`` is known, else a running count
    and its rate; ``ticking`` redraws twice a second, so the elapsed time moves even
    while nothing is counted (with neither a total nor a ``unit``: the elapsed time
    alone). Drawn once the work has taken :attr:`DELAY` seconds (quick work shows
    nothing), redrawn at most every :attr:`EVERY` seconds. Silent when standard error
    is no terminal or with ``--no-progress``.

    >>> p = Progress(10, False)          # off: nothing drawn, the count still kept
    >>> p.step("a"); p.step("b"); p.done, p.callback
    (2, None)
    >>> p.end()
    """

    DELAY, EVERY = 0.5, 0.2

    def __init__(self, total: int | None, enabled: bool, *, what: str = "", unit: str = "",
                 ticking: bool = False) -> None:
        self.total, self.done = total, 0
        self.bar: Any = None
        self._stop: Any = None
        if not enabled:
            return
        from tqdm import tqdm

        elapsed_only = total is None and not unit
        self.bar = tqdm(total=total, desc=what or None, unit=unit or "it", file=sys.stderr,
                        leave=False, dynamic_ncols=True, mininterval=self.EVERY, delay=self.DELAY,
                        bar_format="{desc}: {elapsed}" if elapsed_only else None)
        if ticking:
            import threading

            self._stop = threading.Event()
            threading.Thread(target=self._tick, args=(self.bar, self._stop, self.DELAY),
                             name="slitherasp-progress", daemon=True).start()

    @classmethod
    def for_args(cls, total: int | None, args: argparse.Namespace, **options: Any) -> Progress:
        """Shown on a terminal unless ``--no-progress``."""
        return cls(total, on_terminal() and not getattr(args, "no_progress", False), **options)

    @staticmethod
    def _tick(bar: Any, stop: Any, delay: float) -> None:
        if stop.wait(delay):
            return
        while not stop.is_set():
            bar.refresh()
            stop.wait(0.5)

    @property
    def callback(self) -> Any:
        """:meth:`count` when drawn, else None (work told of no progress costs nothing)."""
        return self.count if self.bar is not None else None

    def count(self, done: int) -> None:
        """``done`` things so far (from any thread, as often as they come)."""
        if self.bar is not None and done > self.done:
            self.bar.update(done - self.done)
        self.done = done

    def step(self, note: str = "") -> None:
        """One more done; drawn at once (after :meth:`close`, say)."""
        self.show(self.done + 1, note)
        if self.bar is not None:
            self.bar.refresh()

    def show(self, done: int, note: str) -> None:
        """``done`` so far, and a short note beside the bar."""
        if self.bar is not None:
            self.bar.set_postfix_str(note[:40], refresh=False)
            self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        """Erase the line before other output (the next step draws it again)."""
        if self.bar is not None:
            self.bar.clear()

    def end(self) -> None:
        """Erase the line for good."""
        if self._stop is not None:
            self._stop.set()
        if self.bar is not None:
            self.bar.clear()  # tqdm's close erases only what update drew, not refresh
            self.bar.close()
            self.bar = None
