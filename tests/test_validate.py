"""The independent validator names each class of violation."""

from __future__ import annotations

from conftest import grid

from slitherasp.formats.lp import read_instance
from slitherasp.validate import check

# 2x1 grid: vertices 0 1 2 / 3 4 5; cells c0_0 (left) and c0_1 (right)
TWO = grid(2, 1, {(0, 0): 3})
LEFT = [("0", "1"), ("1", "4"), ("3", "4"), ("0", "3")]
BOTH = [("0", "1"), ("1", "2"), ("2", "5"), ("4", "5"), ("3", "4"), ("0", "3")]


def kinds(links, puzzle=TWO, reference=None) -> list[str]:
    return [v.kind for v in check(puzzle, links, reference).violations]


def test_valid_answer() -> None:
    assert check(TWO, BOTH).valid


def test_clue_violation_names_cell_expected_found() -> None:
    (v,) = check(TWO, LEFT).violations
    assert v.kind == "clue" and v.data == {"cell": "c0_0", "expected": 3, "found": 4}


def test_not_an_edge_and_reversed() -> None:
    assert kinds(BOTH + [("0", "5")]) == ["not-an-edge"]  # left out of the graph checks
    reversed_ = [("1", "0")] + BOTH[1:]
    assert kinds(reversed_) == ["reversed"]
    assert kinds(BOTH + [("9", "10")]) == ["not-an-edge"]


def test_degree_one_and_three() -> None:
    path = [("0", "1"), ("1", "2")]
    assert kinds(path) == ["degree", "degree", "clue"]
    three = BOTH + [("1", "4")]
    assert "degree" in kinds(three)


def test_several_loops() -> None:
    p = read_instance("edge(1,2). edge(2,3). edge(3,1). edge(4,5). edge(5,6). edge(6,4).")
    links = [("1", "2"), ("2", "3"), ("3", "1"), ("4", "5"), ("5", "6"), ("6", "4")]
    (v,) = check(p, links).violations
    assert v.kind == "loops" and v.data["pieces"] == 2


def test_empty_answer() -> None:
    assert kinds([], grid(1, 1)) == ["empty"]


def test_duplicate_link() -> None:
    assert kinds(BOTH + [("0", "1")]) == ["duplicate"]


def test_reference_comparison() -> None:
    p = grid(2, 1)
    assert check(p, BOTH, reference=BOTH).valid
    (v,) = check(p, LEFT, reference=BOTH).violations
    assert v.kind == "reference" and len(v.data["missing"]) == 3 and v.data["extra"] == [["1", "4"]]


def test_check_lines_agrees_with_check_on_names() -> None:
    """The index-level check (what a settled puzzle's answer goes through) says what
    the check of the same links by name says: on loops, several loops made of cell
    rings (every vertex of degree 2, found by the walk), and random edge sets."""
    import random

    from slitherasp.validate import check_lines

    rng = random.Random(7)
    p = grid(5, 4, {(0, 0): 2, (1, 2): 3, (3, 4): 0})
    rings = [set(es) for es in p.cell_edges]
    seen_loops = 0
    for _ in range(300):
        if rng.random() < 0.5:  # symmetric differences of cell rings: loops, several or one
            lines: set[int] = set()
            for ring in rng.sample(rings, rng.randint(1, 4)):
                lines ^= ring
        else:
            lines = {e for e in range(len(p.edges)) if rng.random() < 0.3}
        by_index = check_lines(p, lines)
        by_name = check(p, p.links(lines))
        assert [str(v) for v in by_index.violations] == [str(v) for v in by_name.violations]
        assert by_index.edges == by_name.edges == frozenset(lines)
        seen_loops += any(v.kind == "loops" for v in by_index.violations)
    assert seen_loops > 10
