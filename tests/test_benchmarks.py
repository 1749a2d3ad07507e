"""Smoke tests of the benchmark tools: the lazy-cut SAT baseline agrees with our solver
(answer, uniqueness, unsatisfiability) and ``benchmarks/speed.py`` prints its table.
Skipped where python-sat (the ``bench`` extra) is not installed."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from slitherasp import tilings
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle, from_faces
from slitherasp.solver.run import solve
from slitherasp.validate import check

pytest.importorskip("pysat")

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
_spec = importlib.util.spec_from_file_location("sat_baseline", BENCH / "sat_baseline.py")
assert _spec is not None and _spec.loader is not None
sat_baseline = sys.modules["sat_baseline"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sat_baseline)


def agree(puzzle: Puzzle):
    """Run both solvers, check the baseline's answer, and compare the verdicts."""
    ours = solve(puzzle, unique=True)
    base = sat_baseline.solve(puzzle, unique=True)
    assert (base.status, base.unique) == (ours.status, ours.unique)
    if base.answer is not None:
        assert check(puzzle, puzzle.links(base.answer)).valid
    if ours.unique:
        assert base.answer == ours.answer
    return base


def wheel(spokes: int, clues: dict[str, int]) -> Puzzle:
    """A wheel of triangles (a hub of degree ``spokes``) plus a cell 'rim' made of the
    rim edges: both are larger than the direct-clause limit of the baseline."""
    ring = [(math.cos(2 * math.pi * i / spokes), math.sin(2 * math.pi * i / spokes)) for i in range(spokes)]
    p = from_faces([[(0.0, 0.0), ring[i], ring[(i + 1) % spokes]] for i in range(spokes)])
    rim = tuple(e for e, cs in enumerate(p.edge_cells) if len(cs) == 1)
    cells = p.cells + ("rim",)
    return Puzzle(vertices=p.vertices, edges=p.edges, cells=cells, cell_edges=p.cell_edges + (rim,),
                  clues=tuple(clues.get(c) for c in cells))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_grid_with_the_clues_of_a_loop(seed):
    puzzle, loop = planted(tilings.build("square", 3, 3), seed=seed)
    result = agree(puzzle)
    assert result.status == "SATISFIABLE" and puzzle.signature(result.answer) == puzzle.signature(loop)


def test_sparse_clues_need_cycle_cuts():
    full, _ = planted(tilings.build("square", 7, 7), seed=5)
    sparse = full.with_clues([k if c % 3 == 0 else None for c, k in enumerate(full.clues)])
    agree(sparse)


@pytest.mark.parametrize("clues", [[None, 1, None], [None, None, None]])
def test_two_or_more_answers(clues):
    # a row of three squares: clue 1 in the middle allows either end square alone
    result = agree(tilings.build("square", 3, 1).with_clues(clues))
    assert result.unique is False


@pytest.mark.parametrize("w, h, clues", [(1, 1, [3]), (2, 2, [4, None, None, 4]), (2, 1, [0, 0])])
def test_unsatisfiable(w, h, clues):
    result = agree(tilings.build("square", w, h).with_clues(clues))
    assert result.status == "UNSATISFIABLE" and result.answer is None


@pytest.mark.parametrize("clues", [{"rim": 8}, {"rim": 9, "c0": 2}, {"rim": 10}, {"rim": 1}, {"c3": 3}])
def test_high_degree_vertex_and_large_cell(clues):
    agree(wheel(11, clues))


def test_speed_table(tmp_path):
    puzzle, _ = planted(tilings.build("square", 4, 4), seed=7)
    from slitherasp import formats

    formats.save(puzzle, tmp_path / "p.lp")
    out = subprocess.run([sys.executable, str(BENCH / "speed.py"), "--sets", "files", "--dir", str(tmp_path)],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONSAFEPATH": ""}).stdout  # a script imports the ones beside it
    header, _, row, total = out.splitlines()[:4]
    assert "baseline CPU s" in header and "p.lp" in row and "total (1)" in total


def test_encodings_table_runs_each_model_in_a_child_and_checks_its_answers(tmp_path):
    spec = importlib.util.spec_from_file_location("bench_encodings", BENCH / "loop_models.py")
    assert spec is not None and spec.loader is not None
    bench = sys.modules["bench_encodings"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from slitherasp.formats import tiling

    puzzle, _ = planted(tilings.build("square", 4, 4), seed=7)
    square = bench.Instance("squares", "square 4x4", "tiling", tiling.write(puzzle).strip())
    sloop = bench.Instance("sloop", "square 4x4 white", "sloop", "4 4/..../..../..../....")
    variants = ("reach", "label", "turns+cuts", "lazy", "colour", "sat")
    found = bench.run([square, sloop], variants, cap=20, limit=1e6)
    first, unique = found["squares", "lazy"][0][2:]
    assert first["done"] and first["status"] == "SATISFIABLE" and first["atoms"] > len(puzzle.edges)
    assert unique["done"] and "atoms" not in unique
    assert found["sloop", "colour"][0][2] == {"skipped": "n/a"}  # the dual graph has no faces
    assert found["sloop", "sat"][0][2] == {"skipped": "n/a"}  # the baseline is Slitherlink's
    text = bench.table(found, variants, "squares")
    assert text.count("\n") == len(variants) + 1 and "| label |" in text
    # a cap of no CPU at all: past it, the solve does not count as done
    late = bench.measure(square, "label", True, 0)
    assert late["seconds"] > 0 and not late["done"]
    # a stopped run is taken up from what it printed: nothing measured again (no CPU at all to do it)
    log = tmp_path / "log"
    log.write_text(f"square 4x4 | lazy | {json.dumps(first)} | {json.dumps(unique)}\nTraceback\n")
    again = bench.run([square], ("lazy",), cap=0, limit=1e6, done=bench.read_log(log))
    assert again["squares", "lazy"][0][2:] == (first, unique)
