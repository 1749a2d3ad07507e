"""Generation time: our generator against Loopy's, side by side in one run.

    python benchmarks/generation.py [--seeds N] [--cases small,large,huge] [--no-person]
        [--difficulty easy|normal|tricky|hard] [--loopy PATH]
    python benchmarks/generation.py --fixed [--seeds N]

``--fixed``: the whole ``generate`` command at Loopy's preset sizes, its CPU and the part
of it that is not the generation (fixed costs), against Loopy's command.

For each case, CPU seconds per unique puzzle: ours (``generate(level="hard")``,
in this process) and Loopy's own generator (``sgt-loopy --generate 1 WxHtNdh``, the
Debian/Ubuntu package ``sgt-puzzles``, run as a child process; its CPU time is the
child's). The grades differ: Loopy's "Hard" is what Loopy's deductions can solve,
ours ``hard`` needs search even with probing and the inside/outside colouring, so
ours are the harder puzzles. Cases where Loopy is missing show ours only.
``--cases large`` runs the 60x60 square grid (minutes each), ``huge`` the 100x100,
``small,large`` both; ``--loopy-limit S`` stops a Loopy run after S CPU seconds (default
1800: its 100x100 Hard took longer), shown as ``> S``. A person's grade of the result (what ``generate``
adds unless ``person=False``) is timed in a column of its own; ``--no-person`` leaves
it out (on a hard 100x100 it ran for over 5 minutes without finishing).
``--difficulty D`` compares like with like instead: ours for a person at level ``D``
(``generate(difficulty=D)``, whose grades are calibrated against Loopy's) against
Loopy's own level ``D``; ``--difficulty all`` does that for Easy, Normal, Tricky and
Hard in one table. The markdown table goes to stdout.

``--engine NAME=COMMAND`` (repeatable) times ours in child processes instead, one
column per engine, e.g. ``--engine "pure=env SLITHERASP_PURE=1 python" --engine
compiled=python --engine "today=env PYTHONPATH=/work/main python"``: each child makes
the puzzle of the same seed, and the clue sets of every engine must agree (a column
says so), which checks on big boards that a faster engine gives the same puzzles.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from slitherasp import tilings
from slitherasp.explain import human_grade
from slitherasp.make.generate import DIFFICULTIES, generate
from slitherasp.validate import check

CASES = [("cairo", 4, 22, 22), ("compass-dodecagonal", 15, 10, 10), ("square", 0, 30, 30)]
"""(our tiling, Loopy's grid type, width, height). Loopy's Hard as measured here (CPU):
Cairo 22x22 3-5 s, Compass-Dodecagonal 10x10 1-7 s, square 30x30 2-3 s, 60x60 89-90 s,
100x100 1,680-1,765 s."""
LARGE = [("square", 0, 60, 60)]
HUGE = [("square", 0, 100, 100)]


def ours(name: str, w: int, h: int, seed: int, person: bool = True, difficulty: str | None = None
         ) -> tuple[float, float]:
    """CPU seconds to make one puzzle (solver grade ``hard``, or a person's
    ``difficulty``), and then to grade it fully for a person, with trials (nan when
    ``person`` is off or the difficulty was the goal)."""
    patch = tilings.build(name, w, h)
    start = time.process_time()
    made = generate(patch, seed=seed, level=None if difficulty else "hard", difficulty=difficulty,
                    person=difficulty is not None)  # a person's grade comes with a person's puzzle
    assert difficulty is None or (made.human is not None and made.human.level == difficulty)
    seconds = time.process_time() - start
    assert made.grade.unique and check(made.puzzle, made.puzzle.links(made.answer)).valid
    if not person or difficulty is not None:
        return seconds, math.nan
    start = time.process_time()
    human_grade(made.puzzle)
    return seconds, time.process_time() - start


def child(name: str, w: int, h: int, difficulty: str, seed: int) -> None:
    """In a child process (``--child``): make one puzzle for a person and print its CPU
    seconds, a digest of its clues and which engine ran."""
    try:
        from slitherasp.rules.compiled import compiled
    except ImportError:  # a checkout from before the compiled engine
        def compiled() -> bool:
            return False

    patch = tilings.build(name, w, h)
    start = time.process_time()
    made = generate(patch, seed=seed, difficulty=difficulty, person=False)
    seconds = time.process_time() - start
    clues = "".join("." if k is None else str(k) for k in made.puzzle.clues)
    print(f"{seconds:.3f} {hashlib.sha1(clues.encode()).hexdigest()[:12]} {int(compiled())}")


def engine(command: str, name: str, w: int, h: int, difficulty: str, seed: int) -> tuple[float, str, bool]:
    """CPU seconds of one puzzle made by ``command`` (a Python, perhaps after ``env``
    settings) in a child process, the digest of its clues, and whether it ran compiled."""
    args = [*shlex.split(command), str(Path(__file__).resolve()), "--child", name, str(w), str(h), difficulty,
            str(seed)]
    out = subprocess.run(args, capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    seconds, digest, flag = out.stdout.split()[-3:]
    return float(seconds), digest, flag == "1"


def table(args: argparse.Namespace, have_loopy: bool) -> None:
    """Engines side by side in child processes, at each level asked for, against Loopy."""
    engines = [e.split("=", 1) for e in args.engine] or [["ours", shlex.quote(sys.executable)]]
    levels = list(DIFFICULTIES[:4]) if args.difficulty in (None, "all") else [args.difficulty]
    names = " | ".join(f"{n} CPU s | {n} / Loopy" for n, _ in engines)
    print(f"| tiling | size | level | {names} | Loopy CPU s | same puzzles |")
    print("|---|---|---|" + "---:|---:|" * len(engines) + "---:|---|")
    chosen = args.cases.split(",")
    cases = [c for group, cs in (("small", CASES), ("large", LARGE), ("huge", HUGE)) if group in chosen for c in cs
             if not args.tilings or c[0] in args.tilings.split(",")]
    for name, number, w, h in cases:
        for level in levels if (name, w) != ("square", 60) else ["hard"]:
            seeds = range(1, args.seeds + 1)
            runs = {n: [engine(cmd, name, w, h, level, s) for s in seeds] for n, cmd in engines}
            theirs = [loopy(args.loopy, number, w, h, level[0], args.loopy_limit) for _ in seeds] if have_loopy \
                else [math.nan]
            t = statistics.median(theirs)
            cells = []
            for n, _ in engines:
                m = statistics.median(r[0] for r in runs[n])
                kind = "" if not runs[n] else (" (c)" if all(r[2] for r in runs[n]) else "")
                cells.append(f"{m:.2f}{kind} | {m / t:.2f}" if math.isfinite(t) and t > 0 else f"{m:.2f}{kind} | ")
            same = all(len({runs[n][i][1] for n, _ in engines}) == 1 for i in range(len(seeds)))
            print(f"{name} {w}x{h} {level}: " + "; ".join(f"{n} {[round(r[0], 2) for r in rs]}" for n, rs in
                  runs.items()) + f"; Loopy {[round(x, 2) for x in theirs]}", file=sys.stderr, flush=True)
            print(f"| {name} | {w}x{h} | {level} | {' | '.join(cells)} | {t:.2f} | {'yes' if same else 'NO'} |",
                  flush=True)
    print(f"\nmedians of {args.seeds} seeds; ours: generate(difficulty=L, person=False) in a child process per "
          "puzzle, (c): the compiled engine ran; Loopy: sgt-loopy --generate 1 WxHtNdL.")


def loopy(exe: str, number: int, w: int, h: int, level: str = "h", limit: float = math.inf) -> float:
    """CPU seconds of one ``sgt-loopy --generate``; ``inf`` when it ran past ``limit``
    CPU seconds (it is then stopped)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cmd = [exe, "--generate", "1", f"{w}x{h}t{number}d{level}"]
    if math.isfinite(limit):  # a CPU limit, not a wall-clock one: the machine is shared
        cmd = ["sh", "-c", f"ulimit -t {math.ceil(limit)} && exec \"$@\"", "sh", *cmd]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if math.isfinite(limit) and out.returncode in (-signal.SIGXCPU, -signal.SIGKILL):  # ulimit stopped it
        return math.inf
    assert out.returncode == 0 and out.stdout.strip(), "sgt-loopy printed no game ID"
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


PRESETS = [("square", 7, 7, "easy"), ("square", 7, 7, "normal"), ("square", 7, 7, "tricky"), ("square", 7, 7, "hard"),
           ("square", 10, 10, "normal"), ("triangular", 12, 10, "normal"), ("honeycomb", 7, 7, "normal"),
           ("snub-square", 7, 7, "normal"), ("cairo", 9, 9, "normal"), ("great-hexagonal", 5, 5, "normal"),
           ("octagonal", 7, 7, "normal"), ("kites", 5, 5, "normal"), ("floret", 7, 7, "normal"),
           ("dodecagonal", 5, 4, "normal"), ("great-dodecagonal", 5, 4, "normal")]
"""Loopy's own preset sizes (its Type menu), each grid at its preset level."""


TIMED = """
import sys, time
import slitherasp.make.generate as made
real, spent = made.generate, [0.0]
def timed(*args, **options):
    start = time.process_time()
    try:
        return real(*args, **options)
    finally:
        spent[0] += time.process_time() - start
made.generate = timed
from slitherasp.cli.main import main
code = main(sys.argv[1:])
print(spent[0], file=sys.stderr)
sys.exit(code)
"""
"""The command line, with the CPU seconds of the generation itself on its last line of
standard error (the module is loaded a little earlier than the command would load it)."""


def fixed(args: argparse.Namespace, have_loopy: bool) -> None:
    """``--fixed``: the command ``slitherasp generate`` at Loopy's preset sizes, a whole
    process each: its CPU, the part that is not the generation itself (start-up,
    imports, the tiling, writing the files and the drawing: the command's CPU less the
    seconds the generator reports), and Loopy's whole command."""
    import tempfile

    from startup import byte_compile

    byte_compile()  # as an installed package has it: no child compiles what it imports
    print("| tiling | size | level | ours CPU s | of which fixed | Loopy CPU s | ours / Loopy |")
    print("|---|---|---|---:|---:|---:|---:|")
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="slitherasp-fixed-") as folder:
        for name, w, h, level in PRESETS:
            runs, costs = [], []
            for seed in range(1, args.seeds + 1):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                out = subprocess.run([sys.executable, "-c", TIMED, "generate", name, "--size", f"{w}x{h}",
                                      "--seed", str(seed), "--difficulty", level, "-o", folder, "--force",
                                      "--no-progress"], capture_output=True, text=True, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                made = float(out.stderr.strip().splitlines()[-1])  # the generator's own CPU seconds
                runs.append(cpu)
                costs.append(cpu - made)
            m, cost = statistics.median(runs), statistics.median(costs)
            worst = max(worst, cost)
            t = statistics.median(loopy(args.loopy, tilings.get(name).loopy[1], w, h, level[0])
                                  for _ in range(args.seeds)) if have_loopy else math.nan
            ratio = f"{m / t:.1f}" if t > 0 else "-"
            print(f"| {name} | {w}x{h} | {level} | {m:.3f} | {cost:.3f} | {t:.3f} | {ratio} |", flush=True)
    print(f"\nmedians of {args.seeds} seeds, whole processes; fixed costs at most {worst:.3f} s (goal 0.15 s).")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fixed", action="store_true",
                    help="the generate command's fixed costs at Loopy's preset sizes, against Loopy's command")
    ap.add_argument("--seeds", type=int, default=3, help="puzzles per case and generator (default 3)")
    ap.add_argument("--cases", default="small", help="small (default), large (square 60x60) or small,large")
    ap.add_argument("--no-person", action="store_true", help="leave out timing a person's grade (slow on big boards)")
    ap.add_argument("--tilings", help="only these tilings of the cases, by name (comma-separated)")
    ap.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    ap.add_argument("--engine", action="append", default=[], metavar="NAME=COMMAND",
                    help="time ours in child processes run by COMMAND (repeatable; see the module)")
    ap.add_argument("--difficulty", choices=[*DIFFICULTIES[:4], "all"],
                    help="make ours for a person at this level and Loopy's at its own (default: solver grade hard)")
    ap.add_argument("--loopy", default=shutil.which("sgt-loopy") or "/usr/games/sgt-loopy")
    ap.add_argument("--loopy-limit", type=float, default=1800.0, metavar="S",
                    help="CPU seconds a Loopy run may take before it is stopped (default 1800)")
    args = ap.parse_args()
    if args.child:
        name, w, h, level, seed = args.child
        child(name, int(w), int(h), level, int(seed))
        return
    have_loopy = os.access(args.loopy, os.X_OK)
    if not have_loopy:
        print(f"{args.loopy} not found: Loopy's column stays empty (apt install sgt-puzzles)", file=sys.stderr)
    if args.fixed:
        fixed(args, have_loopy)
        return
    if args.engine or args.difficulty == "all":
        table(args, have_loopy)
        return
    print("| tiling | size | ours CPU s | a person's grade after, CPU s | Loopy CPU s | ours / Loopy |")
    print("|---|---|---:|---:|---:|---:|")
    chosen = args.cases.split(",")
    cases = [c for group, cs in (("small", CASES), ("large", LARGE), ("huge", HUGE)) if group in chosen for c in cs]
    for name, number, w, h in cases:
        mine = [ours(name, w, h, seed, not args.no_person, args.difficulty) for seed in range(1, args.seeds + 1)]
        print(f"{name} {w}x{h}: ours {[(round(a, 1), round(b, 1)) for a, b in mine]}", file=sys.stderr, flush=True)
        m, person = statistics.median(a for a, _ in mine), statistics.median(b for _, b in mine)
        person_s = "-" if math.isnan(person) else f"{person:.1f}"  # - : left out (--no-person)
        if have_loopy:
            level = (args.difficulty or "hard")[0]
            theirs = [loopy(args.loopy, number, w, h, level, args.loopy_limit) for _ in range(args.seeds)]
            print(f"{name} {w}x{h}: Loopy {[round(t, 1) for t in theirs]}", file=sys.stderr, flush=True)
            t = statistics.median(theirs)
            shown = f"{t:.1f}" if math.isfinite(t) else f"> {args.loopy_limit:g}"
            ratio = f"{m / t:.2f}" if math.isfinite(t) else f"< {m / args.loopy_limit:.2f}"
            print(f"| {name} | {w}x{h} | {m:.1f} | {person_s} | {shown} | {ratio} |", flush=True)
        else:
            print(f"| {name} | {w}x{h} | {m:.1f} | {person_s} | | |", flush=True)
    goal = f"difficulty={args.difficulty!r}" if args.difficulty else "level='hard'"
    how = (f"generate({goal}) (a person's grade is its goal: no grading after)" if args.difficulty
           else f"generate({goal}, person=False), then human_grade on the result")
    print(f"\nmedian of {args.seeds} puzzles each; ours: {how}; Loopy: sgt-loopy d{(args.difficulty or 'hard')[0]}.")


if __name__ == "__main__":
    main()
