"""The one rule engine: Loopy's levels rule for rule (a Loopy puzzle of level L is
solved by our levels up to L and not by those up to L - 1, judged on puzzles Loopy
made), derivations that survive the loss of clues (the same fixpoint as solving from
scratch), and loops that look like Loopy's."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from stepcheck import answers

from slitherasp import tilings
from slitherasp.formats import read_text
from slitherasp.make.generate import generate, planted
from slitherasp.make.loops import random_loop
from slitherasp.rules import ALL, BEYOND, EASY, LEVELS, NORMAL, TRICKY, deduce, propagate
from slitherasp.rules.derive import Derivation
from slitherasp.validate import is_solution

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data"
LOOPY = {"e": 1, "n": 2, "t": 3, "h": 4}


def calibration(per_grid: int) -> list[dict]:
    """The first puzzles of each grid and level of the calibration corpus (Loopy's own,
    each confirmed at its level by Loopy's grader)."""
    with gzip.open(DATA / "loopy-calib.jsonl.gz", "rt") as f:
        rows = [json.loads(line) for line in f]
    seen: dict[tuple[str, str], int] = {}
    out = []
    for r in rows:
        key = (r["type"], r["diff"])
        if seen.get(key, 0) < per_grid:
            seen[key] = seen.get(key, 0) + 1
            out.append(r)
    return out


@pytest.mark.parametrize("row", calibration(1), ids=lambda r: f"{r['type']}-{r['diff']}")
def test_a_loopy_puzzle_of_level_l_needs_exactly_our_level_l(row: dict) -> None:
    p = read_text(row["game_id"], "<loopy>")
    level = LOOPY[row["diff"]]
    assert deduce(p, levels=LEVELS[:level]).complete
    if level > 1:
        assert not deduce(p, levels=LEVELS[: level - 1]).complete


def test_the_rules_never_settle_an_edge_against_the_answer() -> None:
    rng = random.Random(4)
    for name in ("square", "cairo", "penrose-p3", "hats"):
        grid = tilings.build(name, 6, 6, seed=2)
        for _ in range(4):
            p, loop = planted(grid, seed=rng.randrange(1000))
            clues = [k if rng.random() < 0.5 else None for k in p.clues]
            q = p.with_clues(clues)
            truth = answers(q, limit=2)
            for levels in (LEVELS, (EASY, BEYOND), (EASY, TRICKY, BEYOND), ALL):
                state = deduce(q, levels=levels).state
                for e, s in enumerate(state):  # what every answer has, by the SAT checker
                    if s is not None:
                        assert all((e in a) == s for a in truth), (name, levels, e)


def test_the_rules_beyond_start_only_when_the_lower_levels_stall() -> None:
    """Without reasons to keep, level 5 keeps no books of faces until levels 1 and 3
    stall: on a Loopy Normal puzzle they never do; on a Hard one the board it wakes to
    ends where a board keeping the books from the start ends."""
    from slitherasp.rules import Rules
    from slitherasp.rules.why import Why

    rows = {r["diff"]: r for r in calibration(1) if r["type"] == "Squares"}
    normal = Rules(read_text(rows["n"]["game_id"], "<loopy>"), (EASY, TRICKY, BEYOND))
    normal.run()
    assert None not in normal.state and not normal.beyond
    woke = 0
    for row in (r for r in calibration(1) if r["diff"] in "th"):  # every grid's Tricky and Hard
        hard = read_text(row["game_id"], "<loopy>")
        lazy, eager = Rules(hard, (EASY, TRICKY, BEYOND)), Rules(hard, (EASY, TRICKY, BEYOND), Why())
        assert not lazy.beyond and eager.beyond
        lazy.run()
        eager.run()
        assert lazy.state == eager.state and None not in lazy.state, row["game_id"]
        woke += lazy.beyond
    assert woke >= 5


def test_simplify_uses_the_engine() -> None:
    p, loop = planted(tilings.build("square", 5, 5), seed=3)
    assert propagate(p) == [e in loop for e in range(len(p.edges))]


@pytest.mark.parametrize("level", [1, 2, 4])
def test_a_derivation_without_clues_is_what_solving_from_scratch_gives(level: int) -> None:
    """Clues taken away at random, in batches: whenever the derivation says the rules
    still solve the puzzle, a fresh run of the rules agrees edge for edge, and it says
    so exactly when a fresh run does."""
    rng = random.Random(level)
    grid = tilings.build("square", 8, 8)
    levels = LEVELS[:level]
    for seed in range(3):
        p, _ = planted(grid, seed=seed)
        d = Derivation(p, levels)
        if not d.complete:
            continue
        order = list(range(len(p.cells)))
        rng.shuffle(order)
        while order:
            group, order = order[: rng.choice([1, 1, 3, 8])], order[len(order) and 1:]
            smaller = d.without(group)
            clues = list(d.clues)
            for c in group:
                clues[c] = None
            fresh = deduce(p.with_clues(clues), levels=levels)
            assert (smaller is not None) == fresh.complete
            if smaller is not None:
                assert tuple(smaller.board.state) == fresh.state
                d = smaller


BOARD = ("state", "on_v", "unk_v", "on_c", "unk_c", "far", "cnt", "allowed", "ecls", "epar", "emembers", "clues",
         "clued_of", "clued_at", "chains", "maybe", "sat", "sm1", "n_clues", "total", "closed", "closed_lines",
         "loop_dirty", "todo", "ctodo", "queued")
DEPS = ("dep", "corner", "learned", "merges", "cls")


def everything(d: Derivation) -> dict[str, str]:
    """All that a derivation's board and its dependencies hold, as text."""
    b = d.board
    return {**{f: repr(getattr(b, f)) for f in BOARD}, **{f: repr(getattr(b.why, f)) for f in DEPS}}


@pytest.mark.parametrize("name", ["square", "cairo"])
def test_a_failed_test_leaves_the_derivation_as_it_was(name: str) -> None:
    """A test runs on the derivation's own board: when the rules fail without the
    clues, every list, count, queue and dependency is put back (and a derivation whose
    test succeeded is spent)."""
    rng = random.Random(5)
    p, _ = planted(tilings.build(name, 7, 7), seed=2)
    d = Derivation(p, LEVELS)
    assert d.complete
    order = list(range(len(p.cells)))
    rng.shuffle(order)
    failed = 0
    for i in range(0, len(order), 3):
        before = everything(d)
        smaller = d.without(order[i:i + 3])
        if smaller is None:
            failed += 1
            assert everything(d) == before
        else:
            with pytest.raises(ValueError):
                d.without([order[0]])
            d = smaller
    assert failed >= 3


@pytest.mark.parametrize("name", ["square", "cairo", "honeycomb", "snub-square", "hats", "kisrhombille"])
def test_loops_are_single_loops_through_most_vertices(name: str) -> None:
    """Loopy's loops are curly: they pass through most vertices (a loop can use at most
    one edge per vertex it passes, so on grids of many edges per vertex the share of
    edges is low however curly it is; ``benchmarks/loopy_like.py`` holds the shares
    against Loopy's own)."""
    grid = tilings.build(name, 8, 8, seed=1)
    through = []
    for seed in range(4):
        loop = random_loop(grid, seed)
        assert is_solution(grid, loop)
        through.append(len(loop) / len(grid.vertices))
    assert sum(through) / len(through) > 0.5


@pytest.mark.parametrize("difficulty", ["easy", "normal", "tricky", "hard"])
def test_generated_puzzles_have_exactly_the_level_asked_for(difficulty: str) -> None:
    made = generate(tilings.build("square", 7, 7), seed=5, difficulty=difficulty)
    level = LOOPY[difficulty[0]]
    assert answers(made.puzzle) == [made.answer]  # unique, by the SAT checker
    assert deduce(made.puzzle, levels=LEVELS[:level]).complete
    assert level == 1 or not deduce(made.puzzle, levels=LEVELS[: level - 1]).complete
    assert made.grade.human.level == difficulty


def test_the_rules_run_on_a_board_with_a_hole() -> None:
    """A board that is no disc (a hole, or a competition instance without faces) has no
    corners, which Loopy's rules speak of; the clue rules run on without them and
    settle nothing against the answer (they crashed: a person's grade of
    instances/compass-dodecagonal/compass-dodecagonal-8x8.lp was a TypeError, in the
    page an internal error)."""
    from slitherasp.model import from_faces

    squares = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
               for x in range(5) for y in range(5) if (x, y) != (2, 2)]
    grid = from_faces(squares)
    assert not grid.is_disc
    inside = {0, 1, 5, 6, 10, 11}  # a 3x2 block whose border touches the hole
    loop = {e for e, cs in enumerate(grid.edge_cells) if sum(c in inside for c in cs) == 1}
    p = grid.with_clues([sum(e in loop for e in es) if c % 2 else None for c, es in enumerate(grid.cell_edges)])
    truth = answers(p, limit=2)
    state = deduce(p, levels=LEVELS).state  # half the clues: Loopy's Normal has work to do
    assert frozenset(loop) in truth and sum(s is not None for s in state) > len(state) // 2
    for e, s in enumerate(state):
        if s is not None:
            assert all((e in a) == s for a in truth), e


def test_a_board_of_one_face_gets_its_one_loop() -> None:
    """(The page's Generate with the size 1x1 was an internal error.)"""
    one = tilings.build("square", 1, 1)
    assert random_loop(one, seed=1) == frozenset(range(4))
    made = generate(one, seed=1)
    assert made.puzzle.clue_count() <= 1 and answers(made.puzzle, limit=2) == [frozenset(range(4))]


def test_a_clues_runs_say_only_what_every_filling_of_its_ring_has() -> None:
    """Loopy's runs of a clue (the Normal and Tricky rules at a clue), against every
    way to fill the ring: each edge they settle has that state, and each corner they
    teach that count, in every filling that meets the clue, the edges' states and the
    corners' masks; where no filling fits they say so. Brute force on random rings of
    3 to 7 edges."""
    from itertools import product

    from slitherasp.rules.loopy import CONTRADICTION, runs

    rng = random.Random(11)
    said = 0
    for _ in range(3000):
        n = rng.randint(3, 7)
        st = tuple(rng.choice((None, None, None, True, False)) for _ in range(n))
        masks = tuple(rng.choice((7, 7, 7, 3, 6, 5)) for _ in range(n))
        k = rng.randint(0, n)
        fillings = [f for f in product((False, True), repeat=n)
                    if sum(f) == k and all(s is None or s == x for s, x in zip(st, f))
                    and all(masks[j] >> (f[j] + f[(j + 1) % n]) & 1 for j in range(n))]
        found = runs(k, st, masks)
        if found is CONTRADICTION:
            assert not fillings, (k, st, masks)
            continue
        settles, learns = found
        for j, line in settles:
            assert all(f[j] == line for f in fillings), (k, st, masks, j, line)
        for j, mask in learns:
            assert all(mask >> (f[j] + f[(j + 1) % n]) & 1 for f in fillings), (k, st, masks, j, mask)
        said += len(settles) + len(learns)
    assert said > 1000


def test_a_lean_board_stops_where_the_levels_it_holds_stop() -> None:
    """The solver's propagation lets Tricky start only when Normal stalls; it stops
    where Easy, Tricky and Beyond run side by side stop, edge for edge: on Loopy's
    puzzles of every grid and level (hard ones included: Tricky then takes over), and
    on Tricky alone without Beyond."""
    rows = calibration(1)
    assert len({r["type"] for r in rows}) >= 10
    took_over = 0
    for r in rows:
        p = read_text(r["game_id"], "<loopy>")
        for upper in ((BEYOND,), ()):
            lean = deduce(p, levels=(EASY, NORMAL, TRICKY, *upper), lean=True)
            plain = deduce(p, levels=(EASY, TRICKY, *upper))
            assert lean.state == plain.state and lean.contradiction == plain.contradiction, r["game_id"]
        took_over += not deduce(p, levels=(EASY, NORMAL)).complete
    assert took_over >= 5
