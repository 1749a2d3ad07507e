"""The model: clue changes share the checked structure and still check the clues."""

from __future__ import annotations

import pytest

from slitherasp import tilings
from slitherasp.model import InputError


def test_with_clues_shares_derived_structure() -> None:
    p = tilings.build("square", 3, 3)
    assert p.is_disc and p.edge_cells
    q = p.with_clues({4: 2})
    assert q.clues[4] == 2 and p.clues[4] is None  # the original is unchanged
    assert q.__dict__["edge_cells"] is p.__dict__["edge_cells"] and q.is_disc
    assert q == p.with_clues([None] * 4 + [2] + [None] * 4)


@pytest.mark.parametrize("clues, message", [([1, 2], "differ in length"), ({0: 5}, "outside 0..4"),
                                            ({0: -1}, "outside 0..4")])
def test_with_clues_rejects_bad_clues(clues, message: str) -> None:
    with pytest.raises(InputError, match=message):
        tilings.build("square", 2, 2).with_clues(clues)


def test_every_package_is_installed() -> None:
    """pyproject.toml lists the packages by hand (asp/ is mapped into the package):
    every folder of the source with an __init__.py must be among them."""
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    root = Path(__file__).resolve().parents[1]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(root).parts) for p in (root / "slitherasp").rglob("__init__.py")}
    assert found <= listed
