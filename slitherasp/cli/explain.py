"""``slitherasp explain`` and ``slitherasp hint``: the steps with their reasons, and the
next step from a player's board."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from ..model.stopping import StoppedError
from .common import (
    Exit,
    command,
    err,
    instance_args,
    json_arg,
    load,
    out,
    remaining,
    score_text,
    stopped,
    text_of,
    time_limit_arg,
)
from .outputs import not_over_inputs
from .watch import stoppable


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "explain",
        "explain a puzzle step by step, each step with a minimal reason, and grade it",
        "Solve the puzzle as a person does, easiest rule first, and print each step: the\n"
        "edges it settles (lines and crosses) and its reason, a set of clues and earlier\n"
        "settled edges of which none can be left out and which, with the rules named\n"
        "(clue counting, vertex degree, loop closure, inside/outside parity), force it.\n"
        "The reasons are the rule engine's own record of what each deduction read, shrunk\n"
        "by the engine: no solver is asked for them. clingo is asked only whether the\n"
        "puzzle has an answer, and for a 'search' step (no bounded rule finds it). The\n"
        "grade is the level of the hardest step: easy, normal, tricky, hard (as Loopy's\n"
        "levels), fiendish (a trial is needed), search.",
        "examples:\n"
        "  slitherasp explain puzzle.lp\n"
        "  slitherasp explain puzzle.lp --json | jq '.steps[0]'\n"
        "  slitherasp explain puzzle.lp --render steps/     one SVG per step\n\n",
    )
    instance_args(p)
    json_arg(p)
    p.add_argument("--render", metavar="DIR", help="draw every step to DIR/step-NNN.svg")
    p.add_argument("--max-steps", type=int, metavar="N", help="stop after N steps")
    time_limit_arg(p, "stop explaining after S seconds (the steps so far are printed)")
    p.set_defaults(run=run_explain)
    stoppable(p)

    p = command(
        sub,
        "hint",
        "the next step from a player's board, or which of its marks are wrong",
        "STATE holds the lines and crosses drawn so far: link(U,V). and nolink(U,V).\n"
        "facts, or JSON {\"links\": [[U, V], ...], \"non_links\": [...]}. Prints SOLVED when\n"
        "the lines are an answer (the validator accepts them); else WRONG and the marks\n"
        "that no answer has (exit 1); CONFLICT and marks that fit no answer together\n"
        "(exit 1); NO ANSWER when the puzzle has none (exit 20); else the easiest next\n"
        "step and its reason.",
        "examples:\n"
        "  slitherasp hint puzzle.lp --state board.lp\n"
        "  slitherasp hint puzzle.lp --state board.json --json\n"
        "  slitherasp hint 7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a --state 'link(0,1). nolink(1,2).'\n\n",
    )
    instance_args(p)
    p.add_argument("--state", metavar="STATE", help="the player's lines and crosses: a file, - for standard "
                   "input, or the marks themselves (default: none)")
    json_arg(p)
    time_limit_arg(p, "give up after S seconds (UNKNOWN, exit 124)")
    p.set_defaults(run=run_hint, unknown=unknown_hint)
    stoppable(p)


def run_explain(args: argparse.Namespace) -> int:
    from ..explain import explain, explain_json
    from ..solver.run import solve

    _not_sloop(args.instance)
    puzzle = _classic(load(args.instance, args.format, args.variant), args.instance, "explained")
    check = solve(puzzle, unique=True, time_limit=remaining(args.time_limit))
    if str(check.status) == "UNSATISFIABLE":
        out("UNSATISFIABLE: the puzzle has no answer, so there is nothing to explain")
        return Exit.UNSAT
    shown = 0

    def show(step: Any) -> None:  # on a terminal or a pipe, each step as soon as it is found
        nonlocal shown
        shown += 1
        out(describe(puzzle, step, shown))
        sys.stdout.flush()

    e = explain(puzzle, max_steps=args.max_steps, time_limit=remaining(args.time_limit),
                on_step=None if args.json else show)
    why = None if e.complete else stopped(Exit.OK)
    if why == Exit.INTERRUPT:  # Ctrl-C: the steps found so far are printed all the same
        e = replace(e, note="interrupted")
    elif why == Exit.TIMEOUT:
        e = replace(e, note="stopped by the time limit")
    if args.json:
        found = explain_json(e, args.instance)
        if why in (Exit.INTERRUPT, Exit.TIMEOUT):
            found["interrupted" if why == Exit.INTERRUPT else "timed_out"] = True
        out(json.dumps(found))
    else:
        out(summary(e, check.unique))
    if args.render:
        draw_steps(puzzle, e, Path(args.render), args.instance)
    if e.complete:
        return Exit.OK
    return stopped(Exit.TIMEOUT if "time" in e.note else Exit.INVALID)


def _not_sloop(path: str) -> None:
    if path.lower().endswith(".sloop"):
        raise InputError("Sloop puzzles are not explained: they have no clues, and their rules (every white "
                         "cell visited, one loop) are not among the explainer's; 'slitherasp sloop' solves them",
                         source=path)


def _classic(puzzle: Any, path: str, what: str) -> Any:
    """The puzzle, unless it is a variant: a person's rules are classic Slitherlink's."""
    if getattr(puzzle, "is_variant", False):
        raise InputError(f"a {puzzle.title} is not {what}: a person's rules here are classic Slitherlink's; "
                         "'slitherasp solve' solves it", source=path)
    return puzzle


def describe(puzzle: Any, step: Any, number: int) -> str:
    """A step in words: its level and rules, its reason, what it settles."""
    def edges(es: Any) -> str:
        return " ".join("({},{})".format(*puzzle.edge_names(e)) for e in es)

    clues = ", ".join(f"{puzzle.cells[c]} ({puzzle.clues[c]})" for c in step.clues)
    reason = "; ".join(part for part in (
        f"clue{'s' * (len(step.clues) > 1)} {clues}" if step.clues else "",
        f"line{'s' * (len(step.links) > 1)} {edges(step.links)}" if step.links else "",
        f"cross{'es' * (len(step.non_links) > 1)} {edges(step.non_links)}" if step.non_links else "",
    ) if part) or "the rules alone"
    lines = [e for e, line in step.settles if line]
    crosses = [e for e, line in step.settles if not line]
    sets = "; ".join(part for part in (f"lines {edges(lines)}" if lines else "",
                                       f"crosses {edges(crosses)}" if crosses else "") if part)
    return f"step {number:3}  {step.level_name:<8} {', '.join(step.rules)}\n    from {reason}\n    sets {sets}"


def summary(e: Any, unique: bool | None) -> str:
    from ..model.levels import HUMAN_LEVELS

    if e.complete and e.grade:
        counted = ", ".join(f"{name} {n}" for name, n in zip(HUMAN_LEVELS, e.edges) if n)
        return f"GRADE: {e.grade}  score {score_text(e.score)}  ({len(e.steps)} steps; edges by level: {counted})"
    if e.complete:
        return f"COMPLETE: {len(e.steps)} steps; not graded ({e.note or 'stopped by the time limit'})"
    why = e.note or "stopped"
    if unique is False and why not in ("interrupted", "stopped by the time limit"):
        why = "the puzzle has more than one answer: no step forces another edge"
    return f"INCOMPLETE: {why} ({len(e.steps)} steps)"


def draw_steps(puzzle: Any, e: Any, folder: Path, instance: str) -> None:
    """One SVG per step: the board after it, its reason and what it settled marked
    (never over the instance, whose name may be a step's)."""
    from ..explain.draw import step_svg
    from ..model.files import write_files

    known: dict[int, bool] = {}
    files: dict[Path, str] = {}
    for i, step in enumerate(e.steps, 1):
        files[folder / f"step-{i:03}.svg"] = step_svg(
            puzzle, step, known, title=f"step {i}: {step.level_name} ({', '.join(step.rules)})")
        known.update(step.settles)
    not_over_inputs(list(files), instance)
    write_files(files)
    err(f"slitherasp: {len(files)} drawings in {folder}")


def run_hint(args: argparse.Namespace) -> int:
    from ..explain import hint, hint_json
    from ..formats.state import read_state

    if args.instance == "-" and args.state == "-":
        raise InputError("only one of INSTANCE and --state can be read from standard input (-)")
    _not_sloop(args.instance)
    try:
        puzzle = _classic(load(args.instance, args.format, args.variant), args.instance, "given hints")
        links, crosses = read_state(puzzle, *text_of(args.state, "state")) if args.state else (set(), set())
        h = hint(puzzle, links, crosses, time_limit=remaining(args.time_limit))
    except StoppedError as stop:  # work that could not look stopped first (a session's grounding)
        out(json.dumps(unknown_hint(args)) if args.json else "UNKNOWN: stopped before a verdict")
        return Exit.INTERRUPT if stop.reason == "interrupt" else Exit.TIMEOUT
    if args.json:
        out(json.dumps(hint_json(h, puzzle, args.instance)))
    elif h.verdict == "wrong":
        names = [" ".join("({},{})".format(*puzzle.edge_names(x)) for x in es)
                 for es in (h.wrong_links, h.wrong_non_links)]
        out("WRONG: " + "; ".join(f"{what} {n}" for what, n in zip(("lines", "crosses"), names) if n))
    elif h.verdict == "conflict":
        out("CONFLICT: these marks fit no answer together: "
            + " ".join("({},{})".format(*puzzle.edge_names(x)) for x in h.conflicting))
    elif h.verdict == "solved":
        out("SOLVED")
    elif h.verdict == "unsolvable":
        out("NO ANSWER: the puzzle has no answer")
    elif h.verdict == "unknown":
        out("UNKNOWN: stopped before a verdict")
    elif h.step is None:
        out("NO HINT: no step follows from this board (the puzzle has more than one answer)")
    else:
        out(describe(puzzle, h.step, 1).replace("step   1", "hint  "))
    return stopped(Exit.TIMEOUT) if h.verdict == "unknown" else HINT_EXIT[h.verdict]


def unknown_hint(args: argparse.Namespace) -> dict[str, Any]:
    """The object of ``hint --json`` when the work stopped before a verdict (the time
    limit, Ctrl-C), wherever it stopped, the puzzle read or not: verdict ``unknown``."""
    from ..explain import hint_json
    from ..explain.hint import Hint

    nothing = Hint((), (), None, False, "unknown")
    return hint_json(nothing, None, args.instance)  # type: ignore[arg-type]  # a hint naming no edge needs no puzzle


HINT_EXIT = {"solved": Exit.OK, "step": Exit.OK, "stuck": Exit.OK, "wrong": Exit.INVALID, "conflict": Exit.INVALID,
             "unsolvable": Exit.UNSAT, "unknown": Exit.TIMEOUT}
"""The exit code of each verdict of ``hint``."""
