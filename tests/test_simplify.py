"""The reduction before grounding (slitherasp.simplify) changes no answer.

Every check compares against an independent judge: pysat's MiniSat with the rules
written from the statement (tests/stepcheck.py), and the validator.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import clingo
import pytest
from stepcheck import answers as sat_answers

from slitherasp import formats, tilings
from slitherasp.kinds.facts import encoding_path, slitherlink
from slitherasp.make.generate import random_loop
from slitherasp.simplify import propagate, reduce
from slitherasp.solver.run import solve
from slitherasp.validate import check

SMALL = {"hats": 6, "spectres": 6, "penrose-p2": 5, "penrose-p3": 5}
"""Tilings whose smallest patch is larger than 3x3."""
CALIB = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "loopy-calib.jsonl.gz"


def small(name: str) -> object:
    size = SMALL.get(name, 3)
    return tilings.build(name, size, size)


def clued(grid, seed: int, keep: float):  # type: ignore[no-untyped-def]
    """Clues of a random loop, each kept with probability ``keep``."""
    rng = random.Random(seed)
    loop = random_loop(grid, seed=seed)
    return grid.with_clues([k if rng.random() < keep else None for k in grid.signature(loop)])


@pytest.mark.parametrize("name", sorted(tilings.TILINGS))
def test_reduced_puzzles_have_the_same_answers(name: str) -> None:
    grid = small(name)
    for seed, keep in ((1, 0.95), (2, 0.8), (3, 0.65)):
        p = clued(grid, seed, keep)
        for encoding in ("auto", "reach"):
            plain = solve(p, models=0, encoding=encoding, simplify=False, time_limit=60)
            reduced = solve(p, models=0, encoding=encoding, time_limit=60)
            assert plain.exhausted and reduced.exhausted
            assert set(reduced.answers) == set(plain.answers), (name, seed, encoding)
            assert reduced.count == plain.count
        if plain.count <= 20:
            assert set(sat_answers(p, limit=plain.count + 1)) == set(reduced.answers)
        for a in reduced.answers:
            assert check(p, p.links(a)).valid


def test_many_random_puzzles_keep_their_answers() -> None:
    """Puzzles with several answers, on every tiling in turn: each rule must hold in all
    of them (a first rule about faces that cannot be loops of their own crossed the
    open edges of a face whose other edges were crosses, which lost one answer of two
    on a spectres patch, seed 78)."""
    names = sorted(tilings.TILINGS)
    for seed in range(84):
        name = names[seed % len(names)]
        size = SMALL.get(name, 4)
        grid = tilings.build(name, size, size)
        rng = random.Random(seed)
        loop = random_loop(grid, seed=seed)
        keep = rng.choice([0.6, 0.75, 0.9])
        p = grid.with_clues([k if rng.random() < keep else None for k in grid.signature(loop)])
        plain = solve(p, models=0, simplify=False, time_limit=20)
        reduced = solve(p, models=0, time_limit=20)
        if plain.exhausted and reduced.exhausted:
            assert set(reduced.answers) == set(plain.answers), (name, seed)


@pytest.mark.parametrize("name", ["square", "cairo", "hats", "penrose-p3", "triangular", "snub-square"])
def test_random_clues_unsatisfiable_or_not_agree(name: str) -> None:
    grid = small(name)
    rng = random.Random(name)
    for _ in range(12):
        clues = [rng.randrange(len(es) + 1) if rng.random() < 0.25 else None for es in grid.cell_edges]
        p = grid.with_clues(clues)
        plain = solve(p, models=3, simplify=False)
        reduced = solve(p, models=3)
        assert str(plain.status) == str(reduced.status)
        assert len(plain.answers) == len(reduced.answers)
        if plain.exhausted:
            assert set(plain.answers) == set(reduced.answers)


def loopy_calibration(levels: str, per_grid: int) -> list[dict]:
    with gzip.open(CALIB, "rt") as f:
        rows = [json.loads(line) for line in f]
    out, seen = [], {}
    for r in rows:
        key = (r["t"], r["diff"])
        if r["diff"] in levels and seen.get(key, 0) < per_grid:
            seen[key] = seen.get(key, 0) + 1
            out.append(r)
    return out


def test_settled_edges_hold_in_the_answer_on_loopy_puzzles() -> None:
    """On Loopy's puzzles (18 grids, Easy to Hard) every edge the rules settle has that
    state in the one answer the SAT judge finds; Loopy's own solver settles its
    puzzles without guessing, at every level, and so do the rules."""
    open_ = []
    for r in loopy_calibration("enth", 1):
        p = formats.read_text(r["game_id"], format="loopy")
        state = propagate(p, faces=p.is_disc)
        assert state is not None
        (answer,) = sat_answers(p, limit=2)
        wrong = [e for e, s in enumerate(state) if s is not None and s != (e in answer)]
        assert not wrong, (r["type"], r["diff"], wrong[:5])
        if None in state:
            open_.append((r["type"], r["diff"]))
    assert open_ == []


def test_segments_partition_the_edges_left() -> None:
    p = formats.read_text(loopy_calibration("h", 1)[16]["game_id"], format="loopy")  # hats
    r = reduce(p, faces=True)
    state = propagate(p, faces=True)
    left = [e for e, s in enumerate(state) if s is not False]
    joined = [e for s in r.segments for e in s.edges]
    assert sorted(joined) == left
    ends = [frozenset(s.ends) for s in r.segments]
    assert all(len(e) == 2 for e in ends) and len(set(ends)) == len(ends)
    degree: dict[int, int] = {}
    for e in left:
        for v in p.edges[e]:
            degree[v] = degree.get(v, 0) + 1
    for s in r.segments:  # a segment passes only through vertices where it is all there is
        inner = {v for e in s.edges for v in p.edges[e]} - set(s.ends)
        assert all(degree[v] == 2 for v in inner)
    assert len(r.segments) < len(p.edges) / 2


def test_a_contradiction_is_left_to_clingo() -> None:
    p = tilings.build("square", 2, 1).with_clues([3, 0])  # a 3 beside a 0
    assert propagate(p, faces=True) is None and reduce(p, faces=True) is None
    assert str(solve(p).status) == "UNSATISFIABLE"
    assert slitherlink(p).segments is None


def test_a_puzzle_settled_whole_needs_no_search() -> None:
    """Loopy Normal puzzles the rules settle whole: the answer comes without clingo,
    passes the checker and is the answer of the whole program; an all-cross board
    (0s everywhere) is no answer: the rules say so (nothing is settled), and clingo
    proves it from the whole program."""
    whole = 0
    for r in loopy_calibration("n", 1):
        p = formats.read_text(r["game_id"], format="loopy")
        program = slitherlink(p)
        if program.settled is None:
            continue
        whole += 1
        fast = solve(p, unique=True, statistics=True)
        assert fast.unique and fast.statistics["choices"] == 0 and fast.time_ground == 0
        assert check(p, p.links(fast.answer)).valid
        assert solve(p, unique=True, simplify=False).answers == fast.answers
        # a conflict budget means a search: the settled program has no facts, so the
        # solver searches the whole puzzle's
        assert program.facts == "" and solve(p, unique=True, conflicts=10**6).answers == fast.answers
    assert whole >= 3
    zeros = tilings.build("square", 2, 2).with_clues([0, 0, 0, 0])
    assert slitherlink(zeros).settled is None
    assert str(solve(zeros).status) == "UNSATISFIABLE"


def test_a_weighted_clue_counts_its_chain() -> None:
    """Encoding: a segment standing for two edges of a cell counts twice."""
    base = ("edge(a,b). edge(b,c). edge(a,c). cell_weight(f,a,b,2). cell_contains(f,b,c). "
            "cell_contains(f,a,c). root_first(a).")
    for clue, expected in ((4, 1), (3, 0), (2, 0)):
        ctl = clingo.Control(["0"])
        ctl.load(str(encoding_path("reach")))
        ctl.add("base", [], base + f"clue(f,{clue}).")
        ctl.ground([("base", [])])
        with ctl.solve(yield_=True) as handle:
            assert sum(1 for _ in handle) == expected


def test_grades_are_measured_on_the_whole_puzzle() -> None:
    """Statistics of a reduced solve describe the smaller program; the unreduced one
    (what the solver grades read) keeps every edge."""
    p = formats.read_text(loopy_calibration("n", 1)[0]["game_id"], format="loopy")
    whole = solve(p, models=2, statistics=True, simplify=False)
    small_ = solve(p, models=2, statistics=True)
    assert whole.answers == small_.answers
    assert small_.statistics["atoms"] < whole.statistics["atoms"]


def test_the_command_line_can_ground_the_whole_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from slitherasp.cli import main

    p = formats.read_text(loopy_calibration("n", 1)[0]["game_id"], format="loopy")
    path = tmp_path / "p.lp"
    formats.save(p, path)
    atoms = {}
    for flag in ([], ["--no-simplify"]):
        assert main(["solve", "--unique", "--stats", str(path), *flag]) == 0
        text = capsys.readouterr().out
        assert "Unique       : yes" in text
        atoms[bool(flag)] = int(text.split("Atoms        :")[1].split()[0])
    assert atoms[False] < atoms[True]


def test_threads_share_the_cache_of_graph_shapes() -> None:
    """The web app reduces puzzles in several threads; 12 graphs also overflow the
    cache of 8 shapes while the threads read it."""
    import threading

    from slitherasp.make.generate import planted

    puzzles = [planted(tilings.build("square", w, w), seed=w)[0] for w in range(4, 16)]
    alone = [propagate(p, faces=True) for p in puzzles]
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            for r in range(24):
                i = (k + r) % len(puzzles)
                assert propagate(puzzles[i], faces=True) == alone[i]
        except BaseException as e:  # reported below, in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(s is not None and None not in s for s in alone)  # a planted loop's clues settle whole
