"""Same seeds, same puzzles: generation for a person keeps exactly the clues it kept
before the rule engine and the removal were made faster (recorded by
``benchmarks/same_puzzles.py record``), on small boards of six grids at every level.
A change that means to give other puzzles records the file anew and says why."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from same_puzzles import DATA, SMALL, clues, key

RECORDED = json.loads(DATA.read_text())


@pytest.mark.parametrize("case", SMALL, ids=key)
def test_same_seed_gives_the_recorded_clues(case: tuple[str, int, int, str, int]) -> None:
    assert clues(case) == RECORDED[key(case)]
