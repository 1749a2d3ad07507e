"""Faces from the facts alone: a bare competition instance (no geometry, names and
orientations scrambled) whose cells are the faces of a disc is solved exactly as the
same puzzle with its geometry (the same encoding, the rules of faces, the same
answers); anything else keeps the ``reach`` encoding, and its loops are counted right
(judged by the SAT checker of ``stepcheck``, not by our solver)."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest
from stepcheck import answers

from slitherasp import tilings
from slitherasp.formats.lp import read_instance, write_instance
from slitherasp.kinds.facts import slitherlink
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle
from slitherasp.model.errors import InputError
from slitherasp.rules import propagate
from slitherasp.solver.run import solve

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
_spec = importlib.util.spec_from_file_location("competition", ROOT / "benchmarks" / "competition.py")
assert _spec is not None and _spec.loader is not None
competition = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(competition)
sys.path.remove(str(ROOT / "benchmarks"))


def bare_twin(puzzle: Puzzle, seed: int) -> tuple[Puzzle, list[int]]:
    """The puzzle as scrambled bare facts (names of every kind), and for each of the
    bare instance's edges the original edge."""
    text, names = competition.scramble(puzzle, seed, kinds="any")
    bare = read_instance(text)
    original = {frozenset((names[u], names[v])): e for e, (u, v) in enumerate(puzzle.edges)}
    return bare, [original[frozenset(bare.edge_names(e))] for e in range(len(bare.edges))]


def some_clues(puzzle: Puzzle, seed: int) -> Puzzle:
    """A planted loop's clues, two in three kept: puzzles with a few answers."""
    full, _ = planted(puzzle, seed=seed)
    rng = random.Random(seed)
    return full.with_clues([k if rng.random() < 0.67 else None for k in full.clues])


@pytest.mark.parametrize("name", sorted(tilings.TILINGS))
def test_a_bare_tiling_is_solved_as_with_its_geometry(name: str) -> None:
    t = tilings.get(name)
    size = max(t.min_size, 3)
    puzzle = some_clues(tilings.build(name, size, size, seed=1), seed=len(name))
    bare, to = bare_twin(puzzle, seed=7)
    assert bare.geometry is None and bare.is_disc and puzzle.is_disc
    assert slitherlink(bare).encoding == slitherlink(puzzle).encoding == "colour"
    # the rules of faces work on the bare instance: they settle the same edges
    ours, theirs = propagate(bare), propagate(puzzle)
    assert ours is not None and theirs is not None
    assert {to[e]: s for e, s in enumerate(ours)} == dict(enumerate(theirs))
    a, b = solve(puzzle, models=50), solve(bare, models=50)
    assert a.exhausted and b.exhausted and len(a.answers) == len(b.answers) > 0
    assert {frozenset(to[e] for e in ans) for ans in b.answers} == set(a.answers)


def faces(*cycles: str) -> str:
    """Competition facts of cells given as cycles of one-letter vertices ("abc": the
    triangle a-b-c), each edge declared once."""
    edges: dict[frozenset[str], tuple[str, str]] = {}
    out = []
    for i, cyc in enumerate(cycles):
        for u, v in zip(cyc, cyc[1:] + cyc[0]):
            uv = edges.setdefault(frozenset((u, v)), (u, v))
            out.append(f"cell_contains(c{i},{uv[0]},{uv[1]}).")
    return "".join(f"edge({u},{v})." for u, v in edges.values()) + "".join(out)


TRAPS = {
    # K4 with three four-sided faces: the projective plane, V - E + F = 1 but closed
    "hemi-cube": faces("abcd", "acbd", "acdb"),
    # three squares in a strip glued end to end with a twist: a border, V - E + F = 0
    "moebius": faces("abed", "bcfe", "cdaf"),
    # eight squares around a hole: two borders
    "annulus": faces("abfe", "bcgf", "cdhg", "efji", "ghlk", "ijnm", "jkon", "klpo"),
    # a 3 x 3 grid of squares on a torus: no border, V - E + F = 0
    "torus": faces("abed", "bcfe", "cadf", "dehg", "efih", "fdgi", "ghba", "hicb", "igac"),
    # two squares and the outline of both as a third cell: a sphere
    "sphere": faces("abed", "bcfe", "abcfed"),
    # two triangles meeting at a corner, joined the long way round by a hexagon: a pinch
    "pinch": faces("abc", "ade", "bcxdey"),
    # three triangles on one edge: a book
    "book": faces("abc", "abd", "abe"),
    # a cell of two triangles that share a corner: not one cycle
    "figure-eight": faces("abc", "ade").replace("c1,", "c0,"),
}


@pytest.mark.parametrize("trap", sorted(TRAPS))
def test_what_is_no_disc_keeps_reach_and_counts_right(trap: str) -> None:
    p = read_instance(TRAPS[trap])
    assert not p.is_disc
    assert slitherlink(p).encoding == "reach"
    with pytest.raises(InputError, match="colour encoding"):
        solve(p, encoding="colour")
    r = solve(p, models=0)
    assert r.exhausted and len(r.answers) == len(answers(p, limit=10_000))


def test_a_grid_with_a_stray_cell_is_no_disc() -> None:
    """A square grid as facts, plus a cell made of three edges from all over it."""
    base = tilings.build("square", 3, 3)
    extra = "".join(f"cell_contains(odd,{u},{v})." for u, v in map(base.edge_names, (0, 7, 13)))
    p = read_instance(write_instance(base) + extra)
    assert not p.is_disc and slitherlink(p).encoding == "reach"


def test_clingo_stays_unloaded_when_the_rules_settle_a_bare_puzzle(tmp_path: Path) -> None:
    """A Loopy puzzle the rules settle whole, given as bare facts: solving it and
    proving it unique never imports clingo. The rules of faces are needed for it (the
    easy rules leave 91 of its 112 edges open): before faces were recognised from the
    facts, clingo searched."""
    from slitherasp.formats import read_text

    puzzle = read_text("7x7t0:123a3a3a21a3a3a3a21a2a0h32212b20a2a3a2c", format="loopy")
    assert None in propagate(puzzle, faces=False) and None not in propagate(puzzle)
    text, _ = competition.scramble(puzzle, seed=3)
    path = tmp_path / "bare.lp"
    path.write_text(text)
    probe = ("import sys\nfrom slitherasp.cli.main import main\n"
             f"code = main(['solve', {str(path)!r}, '--unique', '--json'])\n"
             "print(code, 'clingo' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines()[-1] == "0 False", out.stdout + out.stderr
    assert '"unique": true' in out.stdout
