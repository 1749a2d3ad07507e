"""Every class of puzzle against its peer, in one run: ``python benchmarks/speed.py --classes``.

Rows (issue 48), each side timed in CPU seconds, every answer through the validator and
the two sides made to agree (the run stops otherwise):

* **published**: puzzlekit's 1,176 text grids (``$SLITHERASP_SHARED/puzzlekit``), with
  uniqueness, each file read by both sides through the same reader; ours in one
  :class:`~slitherasp.solver.sessions.Batch` (as ``slitherasp batch`` solves), the peer
  the lazy-cut SAT baseline (``sat_baseline.py``). Goal: total at most 0.5x, no puzzle
  above 1.5x.
* **big, bare facts**: big Loopy puzzles as scrambled competition facts, a whole process
  per solve on each side (``competition.py``'s set, ``--big N`` of them), and
  ``--fresh N`` new ones made now by ``sgt-loopy --generate`` on random grids and seeds
  (nothing to tune on). Goal: every puzzle at most 1.0x.
* **blank and low-clue**: squares 30x30 and 60x60, honeycomb and Cairo 30x30, with 0, 5
  and 20 clues of a random loop: the first answer, and "is it unique?", in process,
  against the baseline (limited to ``--blank-limit`` s). Goal: at most 0.2 s each.
* **compose**: the page's live answer (``solve`` with the lines every answer has) on a
  square 30x30 with 0, 5, 20 and 100 clues, in process. Goal: under 0.3 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from speed import SHARED, Outcome, process, verify

from slitherasp import formats, tilings
from slitherasp.model import Puzzle
from slitherasp.validate import check_lines


@dataclass(frozen=True)
class Row:
    """One class: what was run, both sides' CPU seconds in all, the worst ratio of one
    puzzle (or the slowest puzzle of ours, where there is no peer), and the goal."""

    name: str
    count: int
    ours: float
    peer: float | None
    worst: str
    goal: str
    met: bool


def _cpu(call: Callable[..., Any], *args: Any, **options: Any) -> tuple[float, Any]:
    """CPU seconds of ``call(*args, **options)``, and its value."""
    start = time.process_time()
    value = call(*args, **options)
    return time.process_time() - start, value


# --------------------------------------------------------------------------- published
def published(limit: int | None) -> Row | None:
    """puzzlekit's text grids, read and solved by both sides in this process."""
    import sat_baseline

    from slitherasp.solver.sessions import Batch

    path = SHARED / "puzzlekit" / "Slitherlink_dataset.json.gz"
    if not path.is_file():
        print(f"published: {path} not found, row skipped", file=sys.stderr)
        return None
    with gzip.open(path, "rt") as f:
        data = list(json.load(f)["data"].items())[:limit]
    folder = Path(tempfile.mkdtemp(prefix="slitherasp-classes-"))
    files = []
    for name, item in data:
        files.append(folder / f"{name}.txt")
        files[-1].write_text(item["problem"].strip() + "\n")
    batch = Batch()
    ours = peer = 0.0
    ratios = []
    for i, file in enumerate(files):
        a, mine = _cpu(lambda path: batch.solve(formats.read_file(path), unique=True), file)
        b, theirs = _cpu(lambda path: sat_baseline.solve(formats.read_file(path), unique=True), file)
        puzzle = mine.puzzle
        verify(file.name, puzzle, {"ours": Outcome(a, False, mine.status, mine.answers, mine.unique),
                                   "peer": Outcome(b, False, theirs.status, (theirs.answer,) if theirs.answer else (),
                                                   theirs.unique)})
        ours, peer = ours + a, peer + b
        ratios.append((a / max(b, 1e-4), file.stem))
        if i % 100 == 99:
            print(f"[published {i + 1}/{len(files)}] ours {ours:.2f} s, baseline {peer:.2f} s", file=sys.stderr)
    shutil.rmtree(folder, ignore_errors=True)
    worst, where = max(ratios)
    over = sum(r > 1.5 for r, _ in ratios)
    return Row(f"published (puzzlekit, batch, reading included, {over} above 1.5x)", len(files), ours, peer,
               f"{worst:.2f}x ({where})", "total <= 0.5x, each <= 1.5x", ours <= 0.5 * peer and not over)


# --------------------------------------------------------------------------- big, bare
def big(count: int, fresh: int, loopy: str) -> Row | None:
    """Big Loopy puzzles as scrambled competition facts, whole processes each side."""
    from competition import BASELINE, OURS, loopy_rows, scramble

    rows = loopy_rows()
    rng = random.Random()
    picked = rng.sample(rows, min(count, len(rows))) if count < len(rows) else rows
    games = [(f"{r['type']} {r['size']}", r["game_id"]) for r in picked]
    games += _fresh(fresh, loopy, rng)
    if not games:
        return None
    runners = {"ours": process(OURS), "peer": process(BASELINE)}
    folder = Path(tempfile.mkdtemp(prefix="slitherasp-classes-"))
    ours = peer = 0.0
    ratios = []
    for i, (name, game) in enumerate(games):
        text, _ = scramble(formats.read_text(game, format="loopy"), seed=i)
        path = folder / f"p{i}.lp"
        path.write_text(text)
        bare = formats.read_file(path)
        runs = {side: run(bare, None, path) for side, run in runners.items()}
        verify(name, bare, runs)
        ours, peer = ours + runs["ours"].seconds, peer + runs["peer"].seconds
        ratios.append((runs["ours"].seconds / runs["peer"].seconds, name))
        print(f"[big {i + 1}/{len(games)}] {name}: {ratios[-1][0]:.2f}", file=sys.stderr)
    shutil.rmtree(folder, ignore_errors=True)
    worst, where = max(ratios)
    over = sum(r > 1.0 for r, _ in ratios)
    return Row(f"big, bare facts (whole processes, {len(games) - fresh} bundled, {fresh} fresh; {over} above 1.0x)",
               len(games), ours, peer, f"{worst:.2f}x ({where})", "each <= 1.0x", not over)


FRESH = ("40x40t0dn", "25x25t1dn", "30x30t2dn", "22x22t3dn", "25x25t4dn", "18x18t5dn", "24x24t6dn", "16x16t7dn",
         "20x20t8dn", "16x16t9dn", "12x12t10dn", "10x10t11dn")
"""Loopy's grids and sizes for fresh puzzles (Normal, about 2,000-3,500 edges: Loopy
makes each in seconds); which grids and seeds are drawn at random at each run. Left
out: Compass-Dodecagonal (Loopy takes hours) and Penrose (Debian's Loopy writes the
old descriptions, which the reader refuses)."""


def _fresh(count: int, loopy: str, rng: random.Random) -> list[tuple[str, str]]:
    out = []
    for params in rng.sample(FRESH, min(count, len(FRESH))):
        seed = rng.randrange(10**9)
        try:
            made = subprocess.run([loopy, "--generate", "1", f"{params}#{seed}"], capture_output=True, text=True,
                                  check=True, timeout=600)
        except (OSError, subprocess.SubprocessError) as exc:
            print(f"fresh {params}: Loopy failed ({exc}), left out", file=sys.stderr)
            continue
        out.append((f"fresh {params}#{seed}", made.stdout.strip()))
    return out


# --------------------------------------------------------------------------- blank, compose
BOARDS = (("square", 30), ("square", 60), ("honeycomb", 30), ("cairo", 30))
CLUES = (0, 5, 20)


def _board(name: str, size: int, clues: int, seed: int) -> Puzzle:
    """A board of ``clues`` clues of a random loop (from Loopy's loop maker)."""
    from slitherasp.make.loops import random_loop

    board = tilings.build(name, size, size)
    counts = board.signature(random_loop(board, seed))
    cells = random.Random(seed).sample(range(len(board.cells)), clues)
    return board.with_clues({c: counts[c] for c in cells})


def blank(limit: float) -> Row:
    """First answer and uniqueness on blank and low-clue boards, ours against the baseline."""
    import sat_baseline

    from slitherasp.solver.run import solve

    ours = peer = 0.0
    slowest = (0.0, "")
    worst = (0.0, "")
    for name, size in BOARDS:
        for clues in CLUES:
            board = _board(name, size, clues, seed=size + clues)
            where = f"{name} {size}x{size}, {clues} clues"
            for unique in (False, True):
                a, mine = _cpu(solve, board, unique=unique)
                b, theirs = _cpu(sat_baseline.solve, board, unique=unique, time_limit=limit)
                assert all(check_lines(board, x).valid for x in mine.answers), where
                if theirs.status != "UNKNOWN":
                    assert theirs.status == mine.status and (not unique or theirs.unique == mine.unique), where
                ours, peer = ours + a, peer + b
                slowest = max(slowest, (a, f"{where}, {'unique?' if unique else 'first'}"))
                worst = max(worst, (a / max(b, 1e-4), f"{where}, {'unique?' if unique else 'first'}"))
                print(f"[blank] {where} {'unique' if unique else 'first'}: ours {a:.3f} s, baseline {b:.3f} s",
                      file=sys.stderr)
    n = len(BOARDS) * len(CLUES) * 2
    return Row(f"blank and low-clue (first answer and unique?; slowest ours {slowest[0]:.3f} s, {slowest[1]})", n,
               ours, peer, f"{worst[0]:.2f}x ({worst[1]})", "each <= 0.2 s", slowest[0] <= 0.2)


def compose() -> Row:
    """The compose page's live answer on a square 30x30, in process."""
    from slitherasp.formats.text import write
    from slitherasp.web import api

    board = tilings.build("square", 30, 30)
    text = write(board)
    total, slowest = 0.0, (0.0, "")
    cases = (0, 5, 20, 100)
    for clues in cases:
        clued = _board("square", 30, clues, seed=clues + 1)
        payload = {"puzzle": text, "clues": list(clued.clues), "unique": True, "forced": "links"}
        a, said = _cpu(api.solve, payload)
        assert said["result"] == "SATISFIABLE" and said["unique"] is False
        total += a
        slowest = max(slowest, (a, f"{clues} clues"))
        print(f"[compose] 30x30, {clues} clues: {a:.3f} s", file=sys.stderr)
    return Row(f"compose: live answer on a square 30x30 (slowest: {slowest[1]})", len(cases), total, None,
               f"{slowest[0]:.3f} s", "each < 0.3 s", slowest[0] < 0.3)


# --------------------------------------------------------------------------- table
def main(args: argparse.Namespace) -> None:
    """Run the classes asked for and print one table."""
    rows = []
    wanted = set(args.classes.split(","))
    if "published" in wanted:
        rows.append(published(args.limit))
    if "big" in wanted:
        from startup import byte_compile

        byte_compile()  # as an installed package has it: no child compiles what it imports
        rows.append(big(args.big, args.fresh, args.loopy))
    if "blank" in wanted:
        rows.append(blank(args.blank_limit))
    if "compose" in wanted:
        rows.append(compose())
    print("| class | puzzles | ours CPU s | peer CPU s | ours / peer | worst | goal | met |")
    print("|---|---:|---:|---:|---:|---|---|---|")
    for r in rows:
        if r is None:
            continue
        ratio = f"{r.ours / r.peer:.2f}" if r.peer else "-"
        peer = f"{r.peer:.3f}" if r.peer is not None else "-"
        print(f"| {r.name} | {r.count} | {r.ours:.3f} | {peer} | {ratio} | {r.worst} | {r.goal} | "
              f"{'yes' if r.met else 'no'} |")
    print("\nPeer: the lazy-cut SAT baseline (benchmarks/sat_baseline.py, CaDiCaL through python-sat); "
          "CPU seconds, uniqueness proved where asked; every answer checked, both sides agreeing.")


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--classes", nargs="?", const="published,big,blank,compose", default=None,
                    metavar="LIST", help="one table of every class against its peer (issue 48): "
                    "published,big,blank,compose (default all)")
    ap.add_argument("--big", type=int, default=12, metavar="N", help="--classes: bundled big puzzles, at random")
    ap.add_argument("--fresh", type=int, default=4, metavar="N", help="--classes: new big Loopy puzzles")
    ap.add_argument("--blank-limit", type=float, default=10.0, metavar="S", help="--classes: the baseline's "
                    "limit on a blank board")
    ap.add_argument("--loopy", default=shutil.which("sgt-loopy") or "/usr/games/sgt-loopy")
