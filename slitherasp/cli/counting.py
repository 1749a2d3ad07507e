"""``slitherasp count`` and ``census``: how many answers a puzzle has, and how many
uniquely solvable clue placements a small patch has."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..model.errors import InputError
from .common import (
    Exit,
    Progress,
    command,
    err,
    instance_args,
    json_arg,
    load,
    out,
    progress_arg,
    remaining,
    size_arg,
    threads_arg,
    time_limit_arg,
)
from .encoding import encoding_args, encoding_of
from .generate import patch
from .watch import stoppable

METHODS = ("auto", "frontier", "enumerate")


def add_parser(sub: Any) -> None:
    _add_count(sub)
    _add_census(sub)


def _add_count(sub: Any) -> None:
    p = command(
        sub,
        "count",
        "count the answers of an instance (all loops, when it has no clues)",
        "Count every answer without keeping them; prints the count (with a '+' when\n"
        "the time limit stopped it: a lower bound), and on standard error which method\n"
        "ran. 'frontier' sweeps the edges once, keeping the states of the frontier\n"
        "(Knuth's and Jensen's method): seconds for a clue-less 8x8 square, 2.3e15\n"
        "loops; its cost grows with the frontier's width, not the answers. 'enumerate'\n"
        "has the solver list the answers one by one: fast when they are few. 'auto'\n"
        "(the default) picks the frontier when its width is small enough; where only\n"
        "the clues make the bound high, the solver lists the answers for 2 s first.",
        "examples:\n"
        "  slitherasp count grid.lp\n"
        "  slitherasp count puzzle.lp --ignore-clues     all loops of its graph\n"
        "  slitherasp count 8x8t0:zzl --method frontier --json   a clue-less 8x8 (Loopy ID)\n\n",
    )
    instance_args(p)
    p.add_argument("--ignore-clues", action="store_true", help="count the loops of the graph, clues aside")
    p.add_argument("--method", choices=METHODS, default="auto", type=str.lower,
                   help="frontier (a sweep), enumerate (the solver lists the answers) or auto (default)")
    time_limit_arg(p, "stop after S seconds (a lower bound)")
    encoding_args(p)
    threads_arg(p)
    json_arg(p, "print a JSON object")
    progress_arg(p)
    p.set_defaults(run=run_count)
    stoppable(p)


def _add_census(sub: Any) -> None:
    p = command(
        sub,
        "census",
        "count the loops of a small patch and its uniquely solvable clue placements",
        "A clue placement gives clues to a non-empty set of cells, each the number of\n"
        "its edges some loop uses; it is counted when exactly one loop fits it. On the\n"
        "4x4-point square grid (census square --size 3x3): 213 loops, 41433 placements.\n"
        "'frontier' (the default) sweeps the edges once, carrying sets of frontier\n"
        "states, and never lists a loop; 'enumerate' lists the loops with the solver and\n"
        "splits them by their clues, cell by cell (at most 30 cells). They share no\n"
        "code, and agree. Time grows fast with the cells: a 4x4 square takes seconds,\n"
        "a 5x4 two minutes of CPU and 1.8 GB (frontier), a 5x5 is out of reach of both\n"
        "(see the manual's counting page).",
        "examples:\n"
        "  slitherasp census square --size 3x3\n"
        "  slitherasp census honeycomb --size 3x3 --json\n"
        "  slitherasp census square --size 4x4 --method enumerate\n\n",
    )
    p.add_argument("tiling", metavar="TILING", help="a tiling name, or an instance file")
    size_arg(p)
    p.add_argument("--seed", type=int, metavar="S", help="seed of an aperiodic patch")
    p.add_argument("--method", choices=("frontier", "enumerate"), default="frontier", type=str.lower,
                   help="frontier (a sweep, the default) or enumerate (the solver lists the loops)")
    time_limit_arg(p, "stop after S seconds (nothing is counted: exit code 124)")
    json_arg(p, "print a JSON object")
    progress_arg(p)
    p.set_defaults(run=run_census)
    stoppable(p)


def run_count(args: argparse.Namespace) -> int:
    from ..kinds import kind_of

    puzzle = load(args.instance, args.format, args.variant)
    if args.ignore_clues:
        puzzle = puzzle.with_clues([None] * len(puzzle.cells))
        if getattr(puzzle, "is_variant", False):  # sheep and wolves are clues too
            puzzle = puzzle.with_animals((), ())
    kind = kind_of(puzzle).name
    if args.method == "frontier" and kind != "slitherlink":
        raise InputError(f"the frontier method counts Slitherlink's loops, not a {kind} puzzle's answers "
                         "(--method enumerate)")
    chosen = encoding_of(args)
    if args.method == "frontier" and chosen != "auto":
        raise InputError("--encoding and --with choose the solver's model: it counts with --method enumerate, "
                         "not frontier")
    asked = "enumerate" if chosen != "auto" else args.method  # a model named: the solver lists with it
    if asked != "enumerate" and kind == "slitherlink":
        from ..counting.frontier import choose
        from ..counting.sweep import sweep
        from ..model.stopping import StoppedError

        try:
            how, plan = choose(puzzle) if asked == "auto" else ("frontier", sweep(puzzle))
        except StoppedError as stop:  # still choosing an order: nothing counted, 0 a lower bound as ever
            if args.json:
                out(json.dumps({"instance": args.instance, "result": "UNKNOWN",
                                ("timed_out" if stop.reason == "time" else "interrupted"): True}))
            else:
                out("0+")
                err("slitherasp: stopped while choosing the frontier method's order of the edges: nothing counted")
            raise
        if how == "enumerate first":
            listed = _count_by_enumeration(args, puzzle, chosen, FIRST)
            if listed is None:
                return _count_by_frontier(args, puzzle, sweep(puzzle),
                                          f" (the solver had not listed them all in {FIRST:g} s)")
            return listed
        if plan is not None:
            return _count_by_frontier(args, puzzle, plan)
    code = _count_by_enumeration(args, puzzle, chosen)
    assert code is not None
    return code


FIRST = 2.0
"""Seconds ``auto`` lets the solver list a puzzle's answers before it sweeps instead,
where only the clues' counters make the frontier's bound high
(:func:`slitherasp.counting.frontier.choose`)."""


def _count_by_enumeration(args: argparse.Namespace, puzzle: Any, encoding: str,
                          budget: float | None = None) -> int | None:
    """Count by listing; None when ``budget`` seconds passed first (nothing printed)."""
    from ..model.results import count_json
    from ..solver.run import count

    limit = remaining(args.time_limit)
    if budget is not None:
        limit = budget if limit is None else min(limit, budget)
    progress = Progress.for_args(None, args, what="counting", unit=" answers", ticking=True)
    try:
        r = count(puzzle, time_limit=limit, threads=args.threads, progress=progress.callback, encoding=encoding)
    finally:
        progress.end()
    if budget is not None and r.timed_out and (limit or 0.0) >= budget:
        return None
    if args.json:
        out(json.dumps({**count_json(r, args.instance), "method": "enumerate"}))
    else:
        out(f"{r.count}{'' if r.exhausted else '+'}")
        err(f"slitherasp: counted by enumeration (the solver listed the answers) in {r.time_total:.2f} s")
    return Exit.INTERRUPT if r.interrupted else Exit.TIMEOUT if r.timed_out else Exit.OK


def _count_by_frontier(args: argparse.Namespace, puzzle: Any, plan: Any, after: str = "") -> int:
    from ..counting.frontier import count

    progress = Progress.for_args(len(plan.steps), args, what="counting", unit=" edges", ticking=True)
    try:
        c = count(puzzle, plan, progress=lambda done, total: progress.count(done))
    finally:
        progress.end()
    if args.json:
        out(json.dumps({"instance": args.instance, "answers": c.answers, "exact": c.exact, "time": round(c.seconds, 6),
                        "method": "frontier", "width": plan.width, "states": c.states,
                        **({"stopped": c.stopped} if c.stopped else {})}))
    else:
        out(f"{c.answers}{'' if c.exact else '+'}")
        err(f"slitherasp: counted by the frontier method (a sweep of {len(plan.steps)} edges, width {plan.width}, "
            f"at most {c.states} states) in {c.seconds:.2f} s{after}")
    if c.stopped == "states":
        raise InputError(f"the frontier method stopped at {c.states} states (width {plan.width}): the count is a "
                         "lower bound; --method enumerate lists the answers instead")
    return Exit.OK if c.exact else Exit.INTERRUPT if c.stopped == "interrupt" else Exit.TIMEOUT


def run_census(args: argparse.Namespace) -> int:
    from ..counting.census import census, census_json
    from ..model.stopping import StoppedError

    blank, _ = patch(args.tiling, args.size, args.seed)
    if args.method == "frontier":
        bars = [Progress.for_args(len(blank.edges), args, what="edges", unit=" edges", ticking=True)]
    else:
        bars = [Progress.for_args(None, args, what="loops", unit=" loops", ticking=True)]

    def told(stage: str, done: int) -> None:
        if stage == "placements" and len(bars) == 1:  # the loops are all found
            bars[0].end()
            bars.append(Progress.for_args((1 << len(blank.cells)) - 1, args, what="clue placements", unit=" sets"))
        bars[-1].count(done)

    try:
        c = census(blank, method=args.method, progress=told if bars[0].callback else None)
    except StoppedError as stop:
        err(f"slitherasp: {'the time limit ran out' if stop.reason == 'time' else 'interrupted'}: "
            "a census has no partial count")
        return Exit.TIMEOUT if stop.reason == "time" else Exit.INTERRUPT
    finally:
        bars[-1].end()
    if args.json:
        out(json.dumps(census_json(c, args.tiling)))
    else:
        out(f"loops                 {c.loops}")
        out(f"uniquely solvable     {c.puzzles}   (clue placements on {c.cells} cells with exactly one answer)")
        err(f"slitherasp: counted by the {c.method} method in {c.seconds:.2f} s")
    return Exit.OK
