"""Counting without listing: the frontier method's counts against OEIS and against two
enumerations (clingo's, and a SAT judge's), and the census's two methods against each
other and a brute force."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from stepcheck import answers

from slitherasp import tilings
from slitherasp.cli import main
from slitherasp.counting import frontier
from slitherasp.counting.census import census
from slitherasp.counting.sweep import state_bound, sweep
from slitherasp.make.generate import planted
from slitherasp.model import Puzzle, from_faces
from slitherasp.model.stopping import StoppedError, deadline, stop_when
from slitherasp.solver.run import count as enumerate_count

# OEIS A231829 (T(m, n): the loops of an m x n square Slitherlink board, the cycles of
# the grid graph P_(m+1) x P_(n+1)), rows 1-7 as the OEIS prints them; row 8's first
# three terms and the 8x8 term, A140517(9), are the table's too.
A231829 = [
    [1, 3, 6, 10, 15, 21, 28],
    [3, 13, 40, 108, 275, 681, 1664],
    [6, 40, 213, 1049, 5034, 23984, 114069],
    [10, 108, 1049, 9349, 80626, 692194, 5948291],
    [15, 275, 5034, 80626, 1222363, 18438929, 279285399],
    [21, 681, 23984, 692194, 18438929, 487150371, 12947640143],
    [28, 1664, 114069, 5948291, 279285399, 12947640143, 603841648931],
]
ROW_8 = {1: 36, 2: 4040, 3: 542295, 8: 2318527339461265}
QUICK = [(m, n) for m in range(1, 8) for n in range(m, 8) if m * n <= 30]


@pytest.mark.parametrize("m, n", QUICK, ids=[f"{m}x{n}" for m, n in QUICK])
def test_frontier_reproduces_a231829(m: int, n: int) -> None:
    wide, tall = frontier.count(tilings.build("square", n, m)), frontier.count(tilings.build("square", m, n))
    assert wide.exact and wide.answers == tall.answers == A231829[m - 1][n - 1]


@pytest.mark.parametrize("m", [1, 2, 3])
def test_frontier_reproduces_row_8(m: int) -> None:
    assert frontier.count(tilings.build("square", 8, m)).answers == ROW_8[m]


def test_the_sweep_of_a_square_board_runs_along_its_longer_side() -> None:
    for w, h in ((9, 3), (3, 9), (6, 6)):
        s = sweep(tilings.build("square", w, h))
        assert s.width == min(w, h) + 2  # a column of points, and the one being added
        assert sorted(s.order) == list(range(len(tilings.build("square", w, h).edges)))
    assert [state_bound(f) for f in range(8)] == [1, 2, 5, 14, 42, 132, 429, 1430]  # Catalan(f + 1)


NAMES = ["square", "honeycomb", "triangular", "cairo", "kites", "snub-square", "octagonal", "rhombille",
         "floret", "penrose-p3"]


def small_patch(rng: random.Random) -> Puzzle:
    """A small patch of a random tiling (at most 70 edges)."""
    while True:
        name = rng.choice(NAMES)
        size = rng.choice([(3, 3), (4, 3), (3, 4), (4, 4)])
        try:
            patch = tilings.build(name, *size, seed=rng.randrange(50))
        except Exception:  # a size the tiling refuses
            continue
        if len(patch.edges) <= 70:
            return patch


def random_puzzle(seed: int) -> Puzzle:
    """A random patch with some clues of a random loop, one of them sometimes changed
    (often no answer then), or random clues."""
    rng = random.Random(seed)
    patch = small_patch(rng)
    full, _ = planted(patch, seed)
    keep = rng.random()
    clues = [k if rng.random() < keep else None for k in full.clues]
    if rng.random() < 0.3:
        c = rng.randrange(len(clues))
        clues[c] = rng.randrange(len(patch.cell_edges[c]) + 1)
    if rng.random() < 0.1:
        clues = [rng.randrange(len(es) + 1) if rng.random() < 0.2 else None for es in patch.cell_edges]
    return patch.with_clues(clues)


@pytest.mark.parametrize("seed", range(60))
def test_frontier_count_equals_both_enumerations(seed: int) -> None:
    puzzle = random_puzzle(seed)
    got = frontier.count(puzzle)
    listed = enumerate_count(puzzle)
    assert got.exact and listed.exhausted
    assert got.answers == listed.count
    if got.answers <= 200:  # the SAT judge lists them one by one
        assert len(answers(puzzle, limit=201)) == got.answers


def test_frontier_counts_no_answer_and_graphs_without_geometry() -> None:
    k4 = Puzzle(vertices=("a", "b", "c", "d"), edges=((0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)),
                cells=("x",), cell_edges=((0, 1, 2, 3),), clues=(None,))
    assert frontier.count(k4).answers == 7 == enumerate_count(k4).count  # K4's cycles
    assert frontier.count(k4.with_clues([1])).answers == 0 == enumerate_count(k4.with_clues([1])).count
    triangle = from_faces([[(0, 0), (1, 0), (0, 1)]])
    assert [frontier.count(triangle.with_clues([k])).answers for k in range(4)] == [0, 0, 0, 1]
    assert frontier.count(Puzzle(vertices=(), edges=())).answers == 0


def test_frontier_stops_with_a_lower_bound() -> None:
    board = tilings.build("square", 9, 9)
    with stop_when(lambda: True):
        stopped = frontier.count(board)
    assert (stopped.exact, stopped.stopped) == (False, "interrupt")
    capped = frontier.count(board, max_states=500)
    assert (capped.exact, capped.stopped) == (False, "states") and capped.answers < 10**18
    with deadline(0):
        assert frontier.count(board).stopped == "time"


# --------------------------------------------------------------------------- census
def brute_force_census(puzzle: Puzzle) -> tuple[int, int]:
    """Loops by the SAT judge, placements by trying every clued set and every value."""
    import itertools

    loops = answers(puzzle, limit=10**6)
    sigs = [puzzle.signature(a) for a in loops]
    total = 0
    for r in range(1, len(puzzle.cells) + 1):
        for cells in itertools.combinations(range(len(puzzle.cells)), r):
            seen: dict[tuple[int, ...], int] = {}
            for s in sigs:
                key = tuple(s[c] for c in cells)
                seen[key] = seen.get(key, 0) + 1
            total += sum(1 for v in seen.values() if v == 1)
    return len(loops), total


def triangle_of_triangles(n: int) -> Puzzle:
    """A triangle of side ``n`` cut into n*n unit triangles."""
    h = 3 ** 0.5 / 2
    pt = lambda i, j: (i + j / 2, j * h)  # noqa: E731
    faces = [[pt(i, j), pt(i + 1, j), pt(i, j + 1)] for j in range(n) for i in range(n - j)]
    faces += [[pt(i + 1, j), pt(i + 1, j + 1), pt(i, j + 1)] for j in range(n - 1) for i in range(n - 1 - j)]
    return from_faces(faces)


def octagon_with_squares() -> Puzzle:
    """A unit octagon with a square on every other side: a cell of 8 edges (counts
    past 7) among four of 4."""
    import math

    corner = [(math.cos(math.pi / 8 * (2 * k + 1)), math.sin(math.pi / 8 * (2 * k + 1))) for k in range(8)]
    squares = []
    for k in range(0, 8, 2):
        (ax, ay), (bx, by) = corner[k], corner[k + 1]
        nx, ny = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(nx, ny)
        side = math.dist(corner[k], corner[k + 1])
        dx, dy = nx / norm * side, ny / norm * side
        squares.append([(ax, ay), (ax + dx, ay + dy), (bx + dx, by + dy), (bx, by)])
    return from_faces([corner, *squares])


PATCHES = {"square-2x3": tilings.build("square", 2, 3), "honeycomb-3x3": tilings.build("honeycomb", 3, 3),
           "octagon-and-squares": octagon_with_squares(), "triangles-9": triangle_of_triangles(3)}


@pytest.mark.parametrize("name", PATCHES)
def test_census_methods_agree_with_brute_force(name: str) -> None:
    patch = PATCHES[name]
    by_frontier, by_listing = census(patch), census(patch, method="enumerate")
    assert (by_frontier.method, by_listing.method) == ("frontier", "enumerate")
    assert (by_frontier.loops, by_frontier.puzzles) == (by_listing.loops, by_listing.puzzles) \
        == brute_force_census(patch)


def test_census_methods_agree_on_seed_004_and_larger_patches() -> None:
    for w, h, expected in ((3, 3, 41433), (4, 3, 1392354)):
        board = tilings.build("square", w, h)
        assert census(board).puzzles == census(board, method="enumerate").puzzles == expected
    for name in ("cairo", "octagonal"):
        patch = tilings.build(name, 3, 3)
        by_frontier, by_listing = census(patch), census(patch, method="enumerate")
        assert (by_frontier.loops, by_frontier.puzzles) == (by_listing.loops, by_listing.puzzles)


def test_census_of_one_loop_and_of_none() -> None:
    one = from_faces([[(0, 0), (1, 0), (0, 1)]])
    for method in ("frontier", "enumerate"):
        assert (census(one, method=method).loops, census(one, method=method).puzzles) == (1, 1)
    tree = Puzzle(vertices=("a", "b"), edges=((0, 1),), cells=("x",), cell_edges=((0,),), clues=(None,))
    assert census(tree).puzzles == census(tree, method="enumerate").puzzles == 0


def test_census_stops_on_request() -> None:
    with stop_when(lambda: True), pytest.raises(StoppedError):
        census(tilings.build("square", 4, 4))


# --------------------------------------------------------------------------- command line
def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()  # what came before (a fixture's files) is not this command's
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.fixture
def boards(tmp_path: Path) -> Path:
    for size in ("6x6", "40x40"):
        assert main(["tiling", "square", "--size", size, "-o", str(tmp_path)]) == 0
    return tmp_path


def test_count_says_which_method_ran(capsys: pytest.CaptureFixture, boards: Path) -> None:
    six = str(boards / "square-6x6.lp")
    code, out, err = run(capsys, "count", six)
    assert (code, out) == (0, "487150371\n") and "frontier method" in err
    code, out, _ = run(capsys, "count", six, "--json")
    got = json.loads(out)
    assert (got["answers"], got["exact"], got["method"], got["width"]) == (487150371, True, "frontier", 8)
    code, out, err = run(capsys, "count", six, "--method", "enumerate", "--time-limit", "1", "--json")
    assert code == 124 and json.loads(out)["method"] == "enumerate" and json.loads(out)["exact"] is False
    code, out, err = run(capsys, "count", str(boards / "square-40x40.lp"), "--time-limit", "1")
    assert code == 124 and out.endswith("+\n") and "enumeration" in err  # too wide for the frontier


def _some_clues(n: int, share: float, seed: int) -> Puzzle:
    """A square ``n`` x ``n`` with ``share`` of a random loop's clues."""
    full, _ = planted(tilings.build("square", n, n), seed=seed)
    rng = random.Random(seed)
    return full.with_clues([k if rng.random() < share else None for k in full.clues])


def test_auto_lists_briefly_then_sweeps_where_only_the_clues_make_the_bound_high(
        capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """A square 10x10 with 30% of a loop's clues has 82,206,293,954 answers: the clues'
    counters put the frontier's bound at 2^24.7, so ``auto`` listed them one by one and
    never ended, where the sweep (the loops' own bound is 2^19.5) takes a second or two.
    Here the same choice on a 5x5 (the bounds scaled down), judged by two enumerations."""
    from slitherasp.cli import counting as cli_counting
    from slitherasp.formats import write_text

    puzzle = _some_clues(5, 0.4, 3)  # bounds: 2^13.1 with the clues' counters, 2^10.5 without
    monkeypatch.setattr(frontier, "FRONTIER_COST", 12.0)
    assert frontier.choose(puzzle)[0] == "enumerate first"
    loopy_id = write_text(puzzle, "loopy")
    code, out, err = run(capsys, "count", loopy_id)  # few answers: the solver lists them at once
    listed = enumerate_count(puzzle)
    assert (code, out) == (0, f"{listed.count}\n") and "enumeration" in err
    assert len(answers(puzzle, limit=listed.count + 1)) == listed.count  # the SAT judge agrees
    monkeypatch.setattr(cli_counting, "FIRST", 0.0)  # as if the solver were slow: the sweep
    code, out, err = run(capsys, "count", loopy_id)
    assert (code, out) == (0, f"{listed.count}\n") and "frontier method" in err and "had not listed them all" in err


def test_count_by_frontier_on_a_wide_board_stops_as_asked(capsys: pytest.CaptureFixture, boards: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    wide = str(boards / "square-40x40.lp")
    code, out, err = run(capsys, "count", wide, "--method", "frontier", "--time-limit", "1")
    assert code == 124 and out.endswith("+\n") and "frontier" in err
    monkeypatch.setattr(frontier, "MAX_STATES", 300)
    code, out, err = run(capsys, "count", wide, "--method", "frontier", "--json")
    got = json.loads(out)
    assert code == 2 and got["exact"] is False and got["stopped"] == "states" and "lower bound" in err


def test_count_by_frontier_refuses_a_solver_s_model(capsys: pytest.CaptureFixture, boards: Path) -> None:
    for choice in (["--encoding", "label"], ["--with", "cuts"]):
        code, out, err = run(capsys, "count", str(boards / "square-6x6.lp"), "--method", "frontier", *choice)
        assert (code, out) == (2, "") and "--method enumerate" in err and err.count("\n") == 1
    code, out, err = run(capsys, "count", str(boards / "square-6x6.lp"), "--encoding", "distance", "--time-limit", "2")
    assert code in (0, 124) and "enumeration" in err  # a model named: the solver lists, with it


def test_count_refuses_the_frontier_for_other_kinds(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    path = tmp_path / "t.lp"
    path.write_text("edge(1,2). edge(2,3). edge(3,1). cell_contains(c,1,2). cell_contains(c,2,3). "
                    "cell_contains(c,3,1).\n")
    code, out, err = run(capsys, "count", str(path), "--variant", "vertex", "--method", "frontier")
    assert code == 2 and "frontier method counts Slitherlink" in err
    code, out, _ = run(capsys, "count", str(path), "--variant", "vertex", "--json")
    assert code == 0 and json.loads(out)["method"] == "enumerate"


def test_census_command_methods_and_time_limit(capsys: pytest.CaptureFixture) -> None:
    code, out, err = run(capsys, "census", "square", "--size", "3x3", "--json")
    got = json.loads(out)
    assert (code, got["loops"], got["puzzles"], got["method"]) == (0, 213, 41433, "frontier")
    code, out, _ = run(capsys, "census", "square", "--size", "3x3", "--method", "enumerate", "--json")
    assert (json.loads(out)["puzzles"], json.loads(out)["method"]) == (41433, "enumerate")
    done = subprocess.run([sys.executable, "-m", "slitherasp.cli", "census", "square", "--size", "5x5",
                           "--time-limit", "1"], capture_output=True, text=True, timeout=60)
    # census stops itself ("no partial count"), or, on a loaded machine, the limit may fall
    # inside one numpy step that cannot stop, and the command leaves it: one line either way
    assert done.returncode == 124 and "time limit" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_the_counting_page_examples_run() -> None:
    """docs/manual/counting.md's examples, run as doctests."""
    import doctest

    page = Path(__file__).resolve().parents[1] / "docs" / "manual" / "counting.md"
    failed, tried = doctest.testfile(str(page), module_relative=False)
    assert tried > 0 and failed == 0
