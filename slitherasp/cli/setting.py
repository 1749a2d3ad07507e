"""``slitherasp generate``'s setter's options: a symmetric clue layout, a mask, a
picture, a clue theme, a rule the solution needs, and ``--minimum`` (the fewest clues,
proved least)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from .common import Exit, Progress, err, read_text, remaining

OPTIONS = ("symmetry", "mask", "picture", "clues", "no_zero", "needs", "minimum")
"""The setter's options, as argparse names them."""


def add_args(p: argparse.ArgumentParser) -> None:
    """The setter's options of ``generate``."""
    g = p.add_argument_group("a setter's workbench (see docs/manual/setting.md)")
    g.add_argument("--symmetry", metavar="NAME",
                   help="a clue layout with this symmetry of the patch: rot180, rot90, rot120, rot60, left-right, "
                        "top-bottom, diagonal, anti-diagonal, A+B for both, full ('tiling NAME --symmetries' lists "
                        "a patch's)")
    g.add_argument("--mask", metavar="FILE", help="clues only on these faces: a file of face names or numbers")
    g.add_argument("--picture", metavar="FILE",
                   help="a loop whose inside is these faces (a file of face names or numbers), as closely as a loop "
                        "allows")
    g.add_argument("--clues", metavar="LIST", help="only these clue values, such as 1,2,3 or 3 (all 3s)")
    g.add_argument("--no-zero", action="store_true", help="no clue 0")
    g.add_argument("--needs", metavar="RULE",
                   help="a solution that needs this rule (as 'explain' names it: cell, one-cross, vertex, closure, "
                        "corner, corners, alike)")
    g.add_argument("--minimum", action="store_true",
                   help="the fewest clues that keep the loop the only answer, proved least (small boards: a "
                        "square 8x8 takes a minute)")


def asked(args: argparse.Namespace) -> list[str]:
    """The setter's options given, as the command line spells them."""
    return ["--" + name.replace("_", "-") for name in OPTIONS if getattr(args, name, None)]


def plan_of(args: argparse.Namespace, blank: Any) -> Any:
    """The setter's plan for the patch ``blank`` (None when no option asks anything),
    every option checked first: one line for what cannot be."""
    from ..make.setting import plan

    found = setting_of(args, blank)
    if found is None:
        return None
    return plan(found, blank, args.difficulty, args.solver_grade, time_limit=remaining(args.time_limit))


def setting_of(args: argparse.Namespace, blank: Any) -> Any:
    """The :class:`~slitherasp.make.setting.Setting` the options ask for (its files read
    against the patch ``blank``), None when they ask nothing."""
    from ..make.setting import Setting, face_list, values_of

    if not asked(args) or asked(args) == ["--minimum"]:
        return None
    values = None if args.clues is None else values_of(args.clues)
    if args.no_zero:
        sides = max(len(es) for es in blank.cell_edges)
        values = (values if values is not None else frozenset(range(sides + 1))) - {0}
        if not values:
            raise InputError("--no-zero leaves no clue value of --clues")
    faces = {name: None if getattr(args, name) is None else face_list(read_text(getattr(args, name)), blank,
                                                                        getattr(args, name))
             for name in ("mask", "picture")}
    return Setting(args.symmetry, faces["mask"], values, args.needs, faces["picture"])


def for_collection(args: argparse.Namespace) -> Any:
    """The setting every puzzle of ``--count`` follows, checked on the first patch (one
    line for what cannot be); refused with ``--spec`` and ``--minimum``."""
    from .. import tilings
    from ..make.setting import plan

    if not asked(args):
        return None
    if args.spec is not None or args.minimum:
        raise InputError(f"{asked(args)[0]} goes with --count (one tiling and size), not with --spec" if not
                         args.minimum else "--minimum makes one puzzle at a time: it goes without --count")
    t = tilings.get(args.tiling)
    blank = tilings.build(t.name, *(args.size or t.default_size), seed=0)
    found = setting_of(args, blank)
    if found.picture is not None:
        raise InputError("--picture makes one puzzle (its loop is the picture's): it goes without --count")
    plan(found, blank, args.difficulty, args.solver_grade)
    return found


def tag(args: argparse.Namespace) -> str:
    """What the file name says of the setter's options (the same seed makes other
    puzzles with other options): ``-rot90``, ``-clues3``, ``-needs-closure`` ...

    >>> tag(argparse.Namespace(symmetry="rot90+diagonal", mask=None, picture="p.txt", clues="1,2",
    ...                        no_zero=True, needs="one cross", minimum=False))
    '-rot90-diagonal-picture-clues12-nozero-needs-one-cross'
    """
    parts = []
    if args.symmetry:
        parts.append(args.symmetry.lower().replace("+", "-"))
    parts += [name for name in ("mask", "picture") if getattr(args, name)]
    if args.clues:
        parts.append("clues" + "".join(sorted(set(args.clues.replace(",", "").replace(" ", "")))))
    if args.no_zero:
        parts.append("nozero")
    if args.needs:
        parts.append("needs-" + args.needs.lower().replace(" ", "-"))
    if args.minimum:
        parts.append("minimum")
    return "".join("-" + p for p in parts)


def refuse_with(args: argparse.Namespace, what: str) -> None:
    """One line when a setter's option comes with ``what`` (a variant, a collection)."""
    given = asked(args)
    if given:
        raise InputError(f"{given[0]} does not go with {what} yet")


def run_minimum(args: argparse.Namespace, blank: Any, stem: str, seed: int, plan: Any) -> int:
    """``generate --minimum``: the fewest clues for a loop (the picture's, or a random
    one from the seed), proved least, written as ``generate`` writes its puzzles."""
    from ..make.minimum import fewest_of
    from .made import not_made_before

    if args.difficulty or args.solver_grade or args.needs or args.minimal:
        raise InputError("--minimum asks for the fewest clues, whatever the grade: it goes without --difficulty, "
                         "--solver-grade, --needs and --minimal (the grade is reported)")
    not_made_before(args, stem, seed)
    progress = Progress.for_args(None, args, what="fewest clues", ticking=True)

    def told(lower: int, upper: int, cores: int) -> None:
        progress.show(cores, f"at least {lower}, at most {'?' if upper < 0 else upper} clues; {cores} other loops")

    try:
        found = fewest_of(blank, seed, plan, time_limit=remaining(args.time_limit), told=told)
    finally:
        progress.end()
    return _written(args, blank, stem, seed, found)


def _written(args: argparse.Namespace, blank: Any, stem: str, seed: int, found: Any) -> int:
    """Write and report what ``--minimum`` found (the best so far when stopped)."""
    from .. import render
    from ..make.generate import Generated, SolverGradeLater, generated_json, person_grade
    from .made import announce, save_made

    if found.puzzle is None:
        err(f"slitherasp: stopped before any unique clue set was found (at least {found.lower} clues); "
            "nothing written")
        return Exit.INTERRUPT if found.stopped == "interrupt" else Exit.TIMEOUT
    made = Generated(found.puzzle, found.answer, SolverGradeLater(found.puzzle, person_grade(found.puzzle, None)),
                     seed, 1, found.cores, found.seconds, found.stopped == "interrupt", found.stopped == "time")
    person = made.human.level if made.human else None
    name = f"{stem}-{person or 'ungraded'}-s{seed}"
    path = Path(args.output) / f"{name}.lp"
    files = save_made(made, path, args.force, {path.with_suffix(".svg"): render.svg(made.puzzle, title=name)})
    summary = {**generated_json(made, str(path), [str(f) for f in files], False),
               "minimum": {"proved": found.proved, "lower": found.lower, "other_loops": found.cores,
                           "seconds": round(found.seconds, 3)}}
    proof = (f"proved least in {found.seconds:.2f}s ({found.cores} other loops)" if found.proved else
             f"not proved least: at least {found.lower}")
    announce(summary, args.json, f"{path}: seed {seed}, {found.clues} clues on {len(blank.cells)} cells, {proof}, "
             f"{person or 'not graded'} for a person")
    if found.stopped is not None:
        err(f"slitherasp: {'interrupted' if found.stopped == 'interrupt' else 'the time limit stopped the proof'}: "
            f"kept the fewest clues found so far ({found.clues}, unique; the least is at least {found.lower})")
        return Exit.INTERRUPT if found.stopped == "interrupt" else Exit.TIMEOUT
    return Exit.OK
