"""The seeds' single-loop models (``--encoding``) and options (``--with``), each held
to an independent brute force (tests/loopbrute.py: every cycle by depth-first
search, no clingo): the same answers, counted once each, on puzzles with none, one
and several answers over many tilings; refusals in one line where a model or option
cannot apply; the command line.

The long run (issue 49: 10,000 puzzles or more) is opt-in:
``SLITHERASP_EQUAL_PUZZLES=10000 python -m pytest tests/test_loop_models.py -k long``.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import networkx as nx
import pytest
from loopbrute import PATCHES, SPECS, Patch, cycles, run

from slitherasp import tilings
from slitherasp.formats.lp import read_instance, write_instance
from slitherasp.kinds import encodings
from slitherasp.kinds.facts import encoding_dir, slitherlink
from slitherasp.kinds.sloop import on_tiling, read_sloop
from slitherasp.model import InputError, Puzzle
from slitherasp.model.results import SAT, UNSAT
from slitherasp.solver import engines
from slitherasp.solver.run import count, solve
from slitherasp.validate import check

MODELS = [m for m in SPECS if m != "colour"]
"""The models that need no faces (colour is reach with them)."""


def small_patches() -> list[Patch]:
    return [Patch.build(*p) for p in PATCHES if p[0] in ("square", "triangular", "penrose-p2", "snowflake")]


# --------------------------------------------------------------------------- the brute force itself
@pytest.mark.parametrize("spec", PATCHES[:9], ids=lambda p: f"{p[0]}-{p[1]}x{p[2]}")
def test_the_brute_force_finds_what_networkx_finds(spec: tuple) -> None:
    patch = Patch.build(*spec)
    graph = nx.Graph(patch.puzzle.edges)
    expected = {frozenset(frozenset(p) for p in zip(c, c[1:] + c[:1])) for c in nx.simple_cycles(graph) if len(c) >= 3}
    got = {frozenset(frozenset(patch.puzzle.edges[e]) for e in loop) for loop in patch.loops}
    assert got == expected and len(patch.loops) == len(expected)


# --------------------------------------------------------------------------- every loop, once
@pytest.mark.parametrize("model", SPECS)
def test_every_model_counts_every_loop_of_a_patch_once(model: str) -> None:
    for patch in small_patches():
        r = count(patch.puzzle, encoding=model, simplify=False)
        assert r.exhausted and r.count == len(patch.loops), (patch.name, r.count, len(patch.loops))


@pytest.mark.parametrize("option", ["cuts", "parity", "faces"])
def test_every_option_keeps_every_loop(option: str) -> None:
    for patch in small_patches():
        if option == "parity" and not patch.bipartite:
            continue
        for model in ("reach", "distance", "turns", "lazy"):
            r = solve(patch.puzzle, models=0, encoding=f"{model}+{option}", simplify=False)
            assert set(r.answers) == set(patch.loops) and r.count == len(patch.loops), (patch.name, model)


def test_the_fast_slice_agrees_with_the_brute_force() -> None:
    # every model on every fifth... puzzle of each patch, the options in turn, a fifth
    # of them reduced first as solve() does by default
    tally = run(2 * len(PATCHES), seed=7)
    assert not tally.mismatches, tally.mismatches[:5]
    counts = [n for ns in tally.puzzles.values() for n in ns]
    assert 0 in counts and 1 in counts and max(counts) > 1  # none, one and several answers
    assert tally.solves == len(counts) * len(SPECS)


@pytest.mark.skipif("SLITHERASP_EQUAL_PUZZLES" not in os.environ, reason="the long run is opt-in")
def test_long_run_every_model_agrees_with_the_brute_force() -> None:
    n = int(os.environ["SLITHERASP_EQUAL_PUZZLES"])
    tally = run(n)
    print("\n" + tally.table())
    assert not tally.mismatches, tally.mismatches[:10]


# --------------------------------------------------------------------------- graphs that are no disc
THETA = " ".join(f"edge(s,p{k}a). edge(p{k}a,p{k}b). edge(p{k}b,t)." for k in range(3))
TWO = "edge(1,2). edge(2,3). edge(3,1). edge(a,b). edge(b,c). edge(c,d). edge(d,a). edge(a,c)."
K4 = ("edge(0,1). edge(1,2). edge(2,3). edge(3,0). edge(0,2). edge(1,3). cell_contains(a,0,1). cell_contains(a,1,2). "
      "cell_contains(a,2,3). cell_contains(a,3,0).")


@pytest.mark.parametrize("text", [THETA, TWO, K4, "edge(1,2). edge(2,3). edge(3,4)."],
                         ids=["theta", "two", "k4", "path"])
@pytest.mark.parametrize("model", ["reach", "label", "automaton", "distance", "lazy"])
def test_models_on_bare_graphs_find_every_cycle(text: str, model: str) -> None:
    p = read_instance(text)
    loops = {frozenset(loop) for loop in cycles(p)}
    r = solve(p, models=0, encoding=model)
    assert set(r.answers) == loops and r.count == len(loops)
    assert r.status == (SAT if loops else UNSAT)


def test_a_clue_fixes_the_loop_on_a_bare_graph_for_every_model() -> None:
    p = read_instance(K4 + " clue(a,2).")  # two sides of 0-1-2-3: the four triangles, two other 4-cycles
    want = {frozenset(loop) for loop in cycles(p) if sum(e in loop for e in p.cell_edges[0]) == 2}
    assert len(want) == 6 and len(cycles(p)) == 7
    for model in ("reach", "label", "automaton", "distance", "lazy"):
        assert set(solve(p, models=0, encoding=f"{model}+cuts").answers) == want


# --------------------------------------------------------------------------- refusals in one line
def bare(puzzle: Puzzle) -> Puzzle:
    """The same puzzle read back from its facts: no coordinates."""
    return read_instance(write_instance(puzzle))


@pytest.mark.parametrize(("spec", "words"), [
    ("turns", "the turns encoding needs the vertices' coordinates"),
    ("colour", "the colour encoding needs the cells to be the faces of a disc-shaped patch (here: "),
    ("reach+faces", "--with faces needs the cells to be the faces of a disc-shaped patch"),
    ("reach+parity", "--with parity needs vertices of two colours"),
    ("wings", "unknown encoding 'wings'"),
    ("reach+wings", "unknown option 'wings' for --with"),
])
def test_what_cannot_apply_is_refused_in_one_line(spec: str, words: str) -> None:
    puzzle = read_instance(K4) if "faces" in spec or spec == "colour" or "parity" in spec else \
        bare(tilings.build("square", 2, 2))
    with pytest.raises(InputError) as caught:
        solve(puzzle, encoding=spec)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_the_lazy_model_is_refused_where_clingo_runs_as_text() -> None:
    p = tilings.build("square", 2, 2).with_clues([3, None, None, None])
    engines.set_runner(engines.json_run)
    try:
        with pytest.raises(InputError, match="needs clingo's Python module"):
            solve(p, encoding="lazy", simplify=False)
        # the others run as text, the same answers
        want = Patch.build("square", 2, 2, None).answers(p.clues)
        for spec in ("label", "distance+cuts", "turns+parity", "automaton+faces"):
            r = solve(p, models=0, encoding=spec, simplify=False)
            assert set(r.answers) == want and r.count == len(want) == 4, spec
    finally:
        engines.set_runner(None)


def test_the_variants_keep_their_own_encodings() -> None:
    from slitherasp.kinds.variant.puzzle import as_variant

    v = as_variant(tilings.build("square", 2, 2), "vertex")
    with pytest.raises(InputError, match="variants solve with their own encodings"):
        solve(v, encoding="distance")


# --------------------------------------------------------------------------- Sloop
@pytest.mark.parametrize(("name", "size", "black"), [("square", (4, 4), ["r2c2"]), ("honeycomb", (3, 3), []),
                                                     ("cairo", (3, 3), ["c1"]), ("square", (4, 3), [])])
def test_every_model_solves_sloop_as_the_brute_force(name: str, size: tuple[int, int], black: list[str]) -> None:
    sloop = on_tiling(name, *size, black)
    graph = sloop.graph
    want = {loop for loop in map(frozenset, cycles(graph)) if len(loop) == len(graph.vertices)}
    for model in SPECS[:1] + SPECS[2:]:
        options = ["+parity"] if encodings_bipartite(graph) else [""]
        for spec in (model, *(model + o for o in options if o)):
            r = solve(sloop, models=0, encoding=spec)
            assert set(r.answers) == want and r.count == len(want), (spec, r.count, len(want))


def encodings_bipartite(graph: Puzzle) -> bool:
    try:
        slitherlink(graph, "reach+parity", simplify=False)
    except InputError:
        return False
    return True


def test_turns_reads_a_sloop_step_as_drawn_through_its_door() -> None:
    # hats are not convex: a step from centre to centre may leave both cells, so the
    # turn parity reads centre -> door -> centre; the loops are reach's
    sloop = read_sloop("tiling hats 6x6 seed 3\n")
    r_reach, r_turns = (solve(sloop, models=0, encoding=m, time_limit=60) for m in ("reach", "turns"))
    assert r_reach.exhausted and r_turns.exhausted
    assert set(r_turns.answers) == set(r_reach.answers)


# --------------------------------------------------------------------------- the files
@pytest.mark.parametrize("name", [*encodings.MODELS, *encodings.OPTIONS])
def test_each_model_and_option_has_a_file_with_a_header(name: str) -> None:
    entry = encodings.MODELS.get(name) or encodings.OPTIONS[name]
    text = (encoding_dir() / entry.file).read_text()
    lines = text.splitlines()
    assert lines[0].startswith("% ====") and lines[1].startswith(f"%  {entry.file} -- ")
    if name in encodings.MODELS:
        assert [line for line in lines if line.strip()][-1] == "#show link/2."
    if name in ("label", "automaton", "distance", "turns", "lazy", "cuts", "parity"):
        assert "seeds/" in text and "Ground size" in text


# --------------------------------------------------------------------------- the command line
def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "slitherasp.cli", *args], capture_output=True, text=True, timeout=120)


def test_solve_count_and_batch_take_encoding_and_with(tmp_path) -> None:
    p = tilings.build("square", 3, 3).with_clues([None, None, 3, None, 3, None, 2, None, 3])
    for k, clues in enumerate([p.clues, [None] * 9]):
        (tmp_path / f"p{k}.lp").write_text(write_instance(p.with_clues(clues)))
    want = len(Patch.build("square", 3, 3, None).answers(p.clues))
    assert want == 1
    done = cli("solve", str(tmp_path / "p0.lp"), "--encoding", "distance", "--with", "cuts", "--with", "parity",
               "--models", "0", "--json")
    assert done.returncode == 0, done.stderr
    import json

    found = json.loads(done.stdout)
    assert found["models"] == want and all(check(p, [tuple(x) for x in a]).valid for a in found["answers"])
    counted = cli("count", str(tmp_path / "p1.lp"), "--encoding", "automaton", "--no-progress")
    assert counted.returncode == 0 and counted.stdout.strip() == "213"
    batch = cli("batch", str(tmp_path), "--encoding", "lazy", "--with", "faces", "--unique")
    assert batch.returncode == 1, batch.stderr  # one is not unique
    lines = sorted(line.split(" ")[0:3] for line in batch.stdout.splitlines())
    assert lines == [[f"{tmp_path / 'p0.lp'}:", "SATISFIABLE", "unique"],
                     [f"{tmp_path / 'p1.lp'}:", "SATISFIABLE", "NOT"]]


def test_the_command_line_refuses_in_one_line_with_its_exit_code(tmp_path) -> None:
    path = tmp_path / "bare.lp"
    path.write_text(write_instance(tilings.build("square", 2, 2)))
    done = cli("solve", str(path), "--encoding", "turns")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "slitherasp: error: the turns encoding needs the vertices' coordinates (a tiling, or a .geo.json beside "
        "the facts); choose another --encoding"]
    wrong = cli("count", str(path), "--with", "wings")
    assert wrong.returncode == 2 and "invalid choice: 'wings'" in wrong.stderr


def test_models_are_listed_in_the_help_of_solve() -> None:
    done = cli("solve", "--help")
    for name in itertools.chain(encodings.MODELS, encodings.OPTIONS):
        assert name in done.stdout
