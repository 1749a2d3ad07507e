"""Every Loopy sample puzzle, as competition facts: solved, valid, unique, Loopy's answer."""

from __future__ import annotations

import pytest
from conftest import loopy_samples, sample_facts

from slitherasp.formats.lp import read_instance
from slitherasp.solver.run import solve
from slitherasp.validate import check

SAMPLES = loopy_samples()


@pytest.mark.skipif(not SAMPLES, reason="shared Loopy sample not available")
@pytest.mark.parametrize("sample", SAMPLES, ids=[s["name"] for s in SAMPLES])
def test_loopy_sample_solves_uniquely_to_loopys_answer(sample: dict) -> None:
    p = read_instance(sample_facts(sample), sample["name"])
    r = solve(p, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True
    assert check(p, r.links()).valid
    reference = [(str(a), str(b)) for a, b in sample["solution"]]
    assert check(p, r.links(), reference=reference).valid
