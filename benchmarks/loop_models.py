"""The single-loop models side by side (issue 49): for each model and option, ground
atoms and rules per edge, and CPU seconds to the first answer and to a uniqueness
proof, on classes of puzzles; the lazy-cut SAT baseline (``sat_baseline.py``) and the
default pipeline (``auto``, the rules first) beside them in the same run.

    python benchmarks/loop_models.py [--cap 30] [--classes squares,loopy,...] [--quick]
    python benchmarks/loop_models.py --make [--classes ...]  # draw the missing instances (sgt-loopy, generate)

The instances are in ``benchmarks/data/loop_models.txt`` (one per line: class, name, format,
text): Loopy's hard squares 10x10 to 60x60 and its 18 grids at 20x20 (made by
``sgt-loopy --generate``; the 40x40 and 60x60 from ``loopy-perf.jsonl.gz``), the ASP
Competition 2009's families (altair, trisquares, snowflake, Penrose) at its sizes
(47-433 edges, made by ``slitherasp generate``), clue-less and low-clue boards, and
Sloop boards. Every solve runs the whole puzzle
(``simplify=False``: what the model does, not what the rules leave it) in a forked
child process under a CPU limit of ``--cap`` seconds (``RLIMIT_CPU``) and 6 GB of
memory; CPU is the child's own (``time.process_time``), grounding included, so a
loaded machine slows the wall clock, not the figures. A model whose ground program
would pass ``--ground`` atoms (the quadratic ones on big boards, estimated from edges
times vertices) is not run. Every answer is checked by the independent checker.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from slitherasp import formats, tilings  # noqa: E402
from slitherasp.kinds import check as check_of  # noqa: E402
from slitherasp.kinds.sloop import read_sloop  # noqa: E402
from slitherasp.make.loops import random_loop  # noqa: E402
from slitherasp.solver.run import solve  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "loop_models.txt"
VARIANTS = ("reach", "colour", "label", "automaton", "distance", "turns", "lazy",
            "reach+cuts", "reach+parity", "colour+cuts", "colour+parity",
            "label+faces", "automaton+faces", "distance+faces", "turns+faces", "lazy+faces")
"""Every model alone; the options on ours (cuts, parity) and on the seeds' models (faces)."""
REFERENCES = ("sat", "default")
"""The lazy-cut SAT baseline, and ``auto`` as a user gets it (the rules first)."""
CLASSES = ("squares", "loopy", "competition", "clueless", "lowclue", "sloop")
QUADRATIC = {"label": 1.0, "automaton": 0.5}
"""Atoms per edge per vertex, roughly, of the models that ground quadratically."""
MEMORY = 6 * 2**30


# --------------------------------------------------------------------------- instances
@dataclass(frozen=True)
class Instance:
    """One benchmark puzzle: its class, name, and text in a format (``loopy`` game ID,
    ``tiling`` ID, or ``sloop`` with its lines joined by ``/``)."""

    cls: str
    name: str
    format: str
    text: str

    def load(self) -> Any:
        if self.format == "sloop":
            return read_sloop(self.text.replace("/", "\n"), self.name)
        return formats.read_text(self.text, self.name, format=self.format)

    def line(self) -> str:
        return "\t".join((self.cls, self.name, self.format, self.text))


def read_instances(path: Path = DATA) -> list[Instance]:
    return [Instance(*line.split("\t")) for line in path.read_text().splitlines() if line and line[0] != "#"]


def _loopy(size: str, grid: int, wait: float = 300) -> tuple[str, str]:
    """A game ID from Loopy's own generator: Hard, or Normal where Hard takes more than
    ``wait`` seconds (the big grids under load); and which of the two. RuntimeError
    when neither comes in time."""
    for level, word in (("h", "hard"), ("n", "normal")):
        try:
            done = subprocess.run(["/usr/games/sgt-loopy", "--generate", "1", f"{size}t{grid}d{level}"],
                                  capture_output=True, text=True, timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        if done.returncode or not done.stdout.strip():  # a grid this Loopy does not know (hats, spectres)
            raise RuntimeError(f"Loopy made no {size} puzzle on grid {grid}: {done.stderr.strip()}")
        return done.stdout.strip().splitlines()[0], word
    raise RuntimeError(f"Loopy made no {size} puzzle on grid {grid} in {2 * wait:.0f} s")


def _side(name: str, edges: int = 2500) -> int:
    """The side, at most 20, of the largest square patch of a Loopy grid with at most
    ``edges`` edges: 20x20 where the faces are small, less where they are big."""
    t = tilings.get(name)
    seed = 1 if t.seeded else None
    low = max(3, t.min_size)
    return max(s for s in range(low, 21) if s == low or len(tilings.build(name, s, s, seed=seed).edges) <= edges)


def make_instances(path: Path = DATA, classes: tuple[str, ...] = CLASSES, wait: float = 300) -> None:
    """Draw the instances of ``classes`` missing from ``path`` and add each as it is made
    (an hour or more under load: Loopy makes its hard 10x10 to 20x20 squares and grids,
    waiting up to ``wait`` seconds for each level of each)."""
    from slitherasp.formats import tiling
    from slitherasp.make.generate import generate

    have = {i.name for i in read_instances(path)} if path.is_file() else set()
    if not path.is_file():
        path.write_text("# class\tname\tformat\ttext (benchmarks/loop_models.py --make)\n")

    def add(cls: str, name: str, make: Any) -> None:
        if name not in have and cls in classes:
            fmt, text = make()
            with path.open("a") as f:
                f.write(Instance(cls, name, fmt, text).line() + "\n")
            print(name, file=sys.stderr, flush=True)

    for n in (10, 20):
        for i in range(2):
            add("squares", f"square {n}x{n} hard #{i + 1}", lambda n=n: ("loopy", _loopy(f"{n}x{n}", 0)[0]))
    with gzip.open(ROOT / "benchmarks" / "data" / "loopy-perf.jsonl.gz", "rt") as lines:  # Loopy's, made before
        big = [json.loads(line) for line in lines]
    for n in (40, 60):
        ids = [b["game_id"] for b in big if b["type"] == "Squares" and b["size"] == f"{n}x{n}" and b["diff"] == "h"]
        add("squares", f"square {n}x{n} hard #1", lambda ids=ids: ("loopy", ids[0]))
    for t in tilings.TILINGS.values():
        if ("loopy" in classes and t.loopy is not None and t.name != "square"
                and not any(h.startswith(f"{t.name} ") for h in have)):
            for edges in (2500, 1500, 800):  # smaller where Loopy takes too long
                s = _side(t.name, edges)
                try:
                    game, level = _loopy(f"{s}x{s}", t.loopy[1], wait)
                except RuntimeError:
                    continue
                add("loopy", f"{t.name} {s}x{s} {level}", lambda game=game: ("loopy", game))
                break
    for name, sizes in (("altair", (1, 2)), ("trisquares", (2, 3)), ("snowflake", (2, 4)), ("penrose-p2", (8, 15)),
                        ("penrose-p3", (7, 8, 15, 17))):  # p3 7x7 and 17x17: 49 and 425 edges, the sizes' ends
        for s in sizes:
            blank = tilings.build(name, s, s, seed=1 if name.startswith("penrose") else None)
            add("competition", f"{name} {s}x{s} ({len(blank.edges)} edges)", lambda blank=blank: (
                "tiling", tiling.write(generate(blank, seed=49, difficulty="hard", person=False).puzzle).strip()))
    for n in (10, 20, 40):
        add("clueless", f"square {n}x{n}, no clue", lambda n=n: ("tiling", tiling.write(
            tilings.build("square", n, n)).strip()))
    for name, n, share in (("square", 20, 0.1), ("square", 30, 0.05), ("cairo", 15, 0.1)):
        add("lowclue", f"{name} {n}x{n}, {share:.0%} of a loop's clues",
            lambda name=name, n=n, share=share: ("tiling", _low_clue(name, n, share)))
    for n in (10, 20):
        add("sloop", f"square {n}x{n}, all white", lambda n=n: ("sloop", f"{n} {n}/" + "/".join(["." * n] * n)))
    for n, seed in ((10, 1), (20, 2)):
        add("sloop", f"square {n}x{n}, a loop's cells white", lambda n=n, seed=seed: ("sloop", _sloop_of_loop(n, seed)))
    add("sloop", "honeycomb 8x8, all white", lambda: ("sloop", "tiling honeycomb 8x8/"))


def _low_clue(name: str, n: int, share: float) -> str:
    """A tiling ID: a random loop's clues on an n x n patch, each shown with chance ``share``."""
    from slitherasp.formats import tiling

    blank = tilings.build(name, n, n)
    rng = random.Random(49)
    clues = [k if rng.random() < share else None for k in blank.signature(random_loop(blank, seed=n))]
    return tiling.write(blank.with_clues(clues)).strip()


def _sloop_of_loop(n: int, seed: int) -> str:
    """A square Sloop of n x n cells whose white cells are the vertices of a random
    loop on the (n-1) x (n-1) square patch (so that one loop at least visits them
    all). The patch's top row has y = 0 and y grows upwards."""
    patch = tilings.build("square", n - 1, n - 1)
    loop = random_loop(patch, seed=seed)
    on = {v for e in loop for v in patch.edges[e]}
    points = patch.geometry.points  # type: ignore[union-attr]
    rows = [["#"] * n for _ in range(n)]
    for v in on:
        x, y = points[v]
        rows[round(-y)][round(x)] = "."  # y grows upwards: the first row is y = 0
    return f"{n} {n}/" + "/".join("".join(r) for r in rows)


# --------------------------------------------------------------------------- measuring
def _sat_baseline() -> Any:
    spec = importlib.util.spec_from_file_location("sat_baseline", ROOT / "benchmarks" / "sat_baseline.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules["sat_baseline"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _child(instance: Instance, variant: str, unique: bool, cap: float, pipe: Any) -> None:
    """In a forked child: one solve, its CPU seconds and sizes sent through ``pipe``."""
    resource.setrlimit(resource.RLIMIT_CPU, (int(cap) + 1, int(cap) + 3))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    puzzle = instance.load()
    start = time.process_time()
    if variant == "sat":
        r = _sat_baseline().solve(puzzle, unique=unique)
        seconds = time.process_time() - start
        answer, status, done = r.answer, r.status, (r.unique is not None) if unique else r.status != "UNKNOWN"
        sizes: dict[str, int] = {}
    else:
        spec = "auto" if variant == "default" else variant
        r = solve(puzzle, unique=unique, statistics=not unique, encoding=spec, simplify=variant == "default")
        seconds = time.process_time() - start
        answer, status = r.answer, str(r.status)
        done = (r.unique is not None) if unique else status != "UNKNOWN"
        sizes = r.statistics
    if answer is not None:
        graph = getattr(puzzle, "graph", puzzle)
        assert check_of(puzzle, graph.links(answer)).valid, f"{instance.name} {variant}: a wrong answer"
    pipe.send({"seconds": seconds, "status": status, "done": done and seconds <= cap, **sizes})


def measure(instance: Instance, variant: str, unique: bool, cap: float) -> dict[str, Any]:
    """One solve in a forked child: its CPU seconds, status, and (first answers) the
    ground program's atoms and rules; ``{"killed": ...}`` when a limit ended it."""
    ctx = multiprocessing.get_context("fork")
    ours, theirs = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(instance, variant, unique, cap, theirs))
    child.start()
    theirs.close()
    child.join(cap * 40 + 60)  # wall clock: the machine may be loaded many times over
    if child.is_alive():
        os.kill(child.pid, signal.SIGKILL)  # type: ignore[arg-type]
        child.join()
    try:
        if ours.poll():
            return ours.recv()
    except EOFError:  # the child died before it sent (its CPU limit's signal)
        pass
    return {"killed": "cpu" if child.exitcode in (-signal.SIGXCPU, -signal.SIGKILL) else f"exit {child.exitcode}"}


def applies(instance: Instance, puzzle: Any, variant: str, limit: float) -> str | None:
    """Why ``variant`` is not run on ``instance`` (None: it is)."""
    from slitherasp.kinds.facts import resolve_choice

    sloop = instance.format == "sloop"
    graph = puzzle.graph if sloop else puzzle
    model, *options = variant.split("+")
    if sloop and (variant in ("sat", "default") or model == "colour" or "faces" in options):
        return "n/a"
    if variant in REFERENCES:
        return None
    try:
        resolve_choice(variant, graph)
        if "parity" in options:
            from slitherasp.kinds.loop_facts import parity_facts

            parity_facts(graph.vertices, graph.edges)
    except Exception:
        return "n/a"
    if model in QUADRATIC and QUADRATIC[model] * len(graph.edges) * len(graph.vertices) > limit:
        return "too big"
    return None


# --------------------------------------------------------------------------- the table
def run(instances: list[Instance], variants: tuple[str, ...], cap: float, limit: float,
        done: dict[tuple[str, str], tuple[dict, dict]] | None = None) -> dict:
    """Every variant on every instance: ``{(class, variant): [(instance, first, unique)]}``;
    the measurements in ``done`` (by instance name and variant) are taken, not run again."""
    found: dict[tuple[str, str], list] = {}
    done = done or {}
    beaten: set[tuple[str, str, bool]] = set()  # (class, variant, unique) past the cap on a smaller instance
    loaded = [(inst, inst.load()) for inst in instances]
    for inst, puzzle in sorted(loaded, key=lambda ip: len(getattr(ip[1], "graph", ip[1]).edges)):
        graph = getattr(puzzle, "graph", puzzle)
        for variant in variants:
            why = applies(inst, puzzle, variant, limit)
            got: list[dict] = []
            for unique in (False, True):
                if (inst.name, variant) in done:
                    got.append(done[inst.name, variant][unique])
                elif why is not None or (inst.cls, variant, unique) in beaten or (unique and not got[0].get("done")):
                    # (a uniqueness proof is the same solve asked for a second answer: past the first's cap, past its)
                    got.append({"skipped": why or "beaten"})
                    continue
                else:
                    got.append(measure(inst, variant, unique, cap))
                if "skipped" not in got[-1] and not got[-1].get("done"):
                    beaten.add((inst.cls, variant, unique))
            first, unique = got
            found.setdefault((inst.cls, variant), []).append((inst.name, len(graph.edges), first, unique))
            print(f"{inst.name} | {variant} | {json.dumps(first)} | {json.dumps(unique)}", file=sys.stderr, flush=True)
    return found


def read_log(path: Path) -> dict[tuple[str, str], tuple[dict, dict]]:
    """The measurements a run printed on standard error (``name | variant | first |
    unique``), to take up a run that was stopped."""
    done = {}
    for line in path.read_text().splitlines():
        parts = line.split(" | ")
        if len(parts) == 4 and parts[2].startswith("{"):
            done[parts[0], parts[1]] = (json.loads(parts[2]), json.loads(parts[3]))
    return done


CAP_TEXT = "the cap"


def _cpu(rows: list, which: int) -> str:
    """The CPU seconds of a class in all, or, where some solve was not run or did not
    finish within the cap, the sum of those that did and how many they are of the
    instances the variant applies to (``n/a``: to none)."""
    done = [r[which] for r in rows if "seconds" in r[which] and r[which]["done"]]
    applies = [r for r in rows if r[which].get("skipped") != "n/a"]  # "too big" and "beaten" count as not done
    skipped = {r[which].get("skipped") for r in rows} - {None, "beaten"}
    if not applies or all(r[which].get("skipped") == "too big" for r in applies):
        return "/".join(sorted(skipped))
    if not done:
        return f"over {CAP_TEXT} (0/{len(applies)})"
    total = sum(d["seconds"] for d in done)
    some = "" if len(applies) == len(rows) else f" [{len(applies)} of {len(rows)} apply]"
    return (f"{total:.2f}" if len(done) == len(applies) else f"{total:.2f} ({len(done)}/{len(applies)})") + some


def table(found: dict, variants: tuple[str, ...], cls: str) -> str:
    """One class as a markdown table: a row per variant."""
    out = ["| encoding | atoms/edge | rules/edge | CPU s, first answer | CPU s, uniqueness |",
           "|---|---:|---:|---:|---:|"]
    for variant in variants:
        rows = found.get((cls, variant))
        if not rows:
            continue
        sized = [(r[2]["atoms"] / r[1], r[2]["rules"] / r[1]) for r in rows if "atoms" in r[2]]
        atoms = f"{statistics.median(a for a, _ in sized):.1f}" if sized else "-"
        rules = f"{statistics.median(b for _, b in sized):.1f}" if sized else "-"
        out.append(f"| {variant} | {atoms} | {rules} | {_cpu(rows, 2)} | {_cpu(rows, 3)} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--make", action="store_true", help="draw the instances missing from the data file")
    ap.add_argument("--classes", default=",".join(CLASSES))
    ap.add_argument("--variants", default=",".join(VARIANTS + REFERENCES))
    ap.add_argument("--cap", type=float, default=30.0, help="CPU seconds per solve (default 30)")
    ap.add_argument("--ground", type=float, default=3e6, help="skip a quadratic model past this many atoms")
    ap.add_argument("--wait", type=float, default=300, help="--make: seconds for Loopy to make one puzzle")
    ap.add_argument("--quick", action="store_true", help="the first instance of each class only")
    ap.add_argument("--json", metavar="FILE", help="also write every measurement to FILE")
    ap.add_argument("--resume", metavar="LOG", type=Path,
                    help="take the measurements a stopped run printed on standard error from LOG")
    ap.add_argument("--logged", action="store_true",
                    help="with --resume: only the instances LOG has every variant of (the table of a stopped run)")
    args = ap.parse_args(argv)
    classes = args.classes.split(",")
    if args.make:
        make_instances(classes=tuple(classes), wait=args.wait)
    instances = [i for i in read_instances() if i.cls in classes]
    if args.quick:
        instances = [next(i for i in instances if i.cls == c) for c in classes if any(i.cls == c for i in instances)]
    variants = tuple(args.variants.split(","))
    done = read_log(args.resume) if args.resume else None
    if done is not None and args.logged:
        instances = [i for i in instances if all((i.name, v) in done for v in variants)]
    found = run(instances, variants, args.cap, args.ground, done)
    if args.json:
        Path(args.json).write_text(json.dumps({f"{c}|{v}": rows for (c, v), rows in found.items()}, indent=0))
    for cls in classes:
        names = [i.name for i in instances if i.cls == cls]
        if names:
            print(f"\n### {cls}: {'; '.join(names)}\n")
            print(table(found, variants, cls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
