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
