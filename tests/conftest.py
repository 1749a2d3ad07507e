"""Shared fixtures: tiny canonical puzzles and the ../shared data (skipped if absent)."""

from __future__ import annotations

import gzip
import json
import os
import signal
from pathlib import Path

import pytest

from slitherasp.formats.lp import read_instance
from slitherasp.model import Puzzle

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SLITHERASP_SHARED", ROOT.parent / "shared"))

# The child processes the tests start (`python -m slitherasp.cli`, `python -c`) import the
# slitherasp this run tests, whatever their folder: not a source tree that happens to be
# their current folder (Python 3.11+; where PYTHONPATH names the tree, it is the one tested)
os.environ.setdefault("PYTHONSAFEPATH", "1")


def shared_file(*parts: str) -> Path:
    """A file under ../shared, or skip the test where the data is absent."""
    path = SHARED.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"shared data not available: {path}")
    return path


def or_absent(cases: list, what: str = "the shared Loopy samples") -> list:
    """``cases`` for a parametrize, or one case that skips saying which data is absent
    (pytest's own word for an empty list is only "got empty parameter set")."""
    if cases:
        return cases
    return [pytest.param(None, marks=pytest.mark.skip(reason=f"{what} are not in {SHARED}"), id="absent")]


def loopy_samples() -> list[dict]:
    path = SHARED / "loopy" / "sample.jsonl.gz"
    if not path.is_file():
        return []
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f]


def puzzlekit() -> dict[str, dict]:
    path = SHARED / "puzzlekit" / "Slitherlink_dataset.json.gz"
    if not path.is_file():
        return {}
    with gzip.open(path, "rt") as f:
        return json.load(f)["data"]


def sample_facts(sample: dict) -> str:
    """A Loopy sample as competition facts: vertices by index, cells f<i> in face order."""
    edges: dict[frozenset[int], tuple[int, int]] = {}
    lines = []
    cells = []
    for i, face in enumerate(sample["faces"]):
        for a, b in zip(face, face[1:] + face[:1]):
            key = frozenset((a, b))
            if key not in edges:
                edges[key] = (a, b)
                lines.append(f"edge({a},{b}).")
            u, v = edges[key]
            cells.append(f"cell_contains(f{i},{u},{v}).")
    clues = [f"clue(f{i},{k})." for i, k in enumerate(sample["clues"]) if k is not None]
    return "\n".join(lines + cells + clues) + "\n"


def grid_facts(width: int, height: int, clues: dict[tuple[int, int], int] | None = None) -> str:
    """A square grid of width x height cells as facts; vertex (r,c) is named r*(width+1)+c."""
    def v(r: int, c: int) -> int:
        return r * (width + 1) + c

    out = []
    for r in range(height + 1):
        for c in range(width + 1):
            if c < width:
                out.append(f"edge({v(r, c)},{v(r, c + 1)}).")
            if r < height:
                out.append(f"edge({v(r, c)},{v(r + 1, c)}).")
    for r in range(height):
        for c in range(width):
            cell = f"c{r}_{c}"
            out += [
                f"cell_contains({cell},{v(r, c)},{v(r, c + 1)}).",
                f"cell_contains({cell},{v(r + 1, c)},{v(r + 1, c + 1)}).",
                f"cell_contains({cell},{v(r, c)},{v(r + 1, c)}).",
                f"cell_contains({cell},{v(r, c + 1)},{v(r + 1, c + 1)}).",
            ]
    for (r, c), k in (clues or {}).items():
        out.append(f"clue(c{r}_{c},{k}).")
    return "\n".join(out) + "\n"


def odd_hamiltonian_facts(n: int) -> str:
    """An n x n-point grid (n odd) where every vertex is a cell with clue 2: the loop
    must be a Hamiltonian cycle of an odd bipartite graph, so there is none, and CDCL
    solvers take exponential time to prove it (a reliable way to hit a time limit)."""
    w = n - 1
    out = [grid_facts(w, w)]
    for r in range(n):
        for c in range(n):
            v = r * n + c
            nbrs = [(v, v + 1) if c < w else None, (v - 1, v) if c else None,
                    (v, v + n) if r < w else None, (v - n, v) if r else None]
            out += [f"cell_contains(v{v},{a},{b})." for a, b in filter(None, nbrs)]
            out.append(f"clue(v{v},2).")
    return "\n".join(out) + "\n"


def grid(width: int, height: int, clues: dict[tuple[int, int], int] | None = None) -> Puzzle:
    return read_instance(grid_facts(width, height, clues), f"<grid {width}x{height}>")


def puzzlekit_clues(problem: str) -> tuple[int, int, dict[tuple[int, int], int]]:
    lines = problem.strip().splitlines()
    h, w = map(int, lines[0].split())
    clues = {
        (r, c): int(tok)
        for r, line in enumerate(lines[1 : h + 1])
        for c, tok in enumerate(line.split())
        if tok.isdigit()
    }
    return w, h, clues


@pytest.fixture
def triangle() -> Puzzle:
    return read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,1).", "<triangle>")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str | None]:
    """The static site (ready puzzles of two tilings, and the manual where MkDocs is
    installed), built once for the whole run: under pytest-xdist the first process that
    needs it builds it under a lock in the run's shared folder and the other one reads it
    (tests/test_site.py and tests/test_variant_tilings.py play it); and why it has no
    manual (None when it has one)."""
    import fcntl

    from slitherasp.model.errors import InputError
    from slitherasp.web.site import build

    root = tmp_path_factory.getbasetemp()
    root = root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root  # shared by the run's processes
    public, record = root / "site" / "public", root / "site.json"
    with open(root / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not record.exists():
            try:
                made = build(public, ready=["square", "cairo"])
                record.write_text(json.dumps({"snapshot": "snapshot" in made, "manual": made["manual"]}))
            except InputError as e:
                if "cannot fetch" not in str(e):
                    raise
                record.write_text(json.dumps({"skip": f"the runtimes cannot be fetched here: {e}"}))
        found = json.loads(record.read_text())
    if "skip" in found:
        pytest.skip(found["skip"])
    assert found["snapshot"]
    return public, found["manual"]


def interruptible() -> None:
    """In the child: Ctrl-C back to Python's default, even when the tests were started
    from a shell that ignores it (a background job: children inherit that)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "xdist_group(name): tests that pytest-xdist runs in one process")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups into the test ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (``-n 2 --dist loadgroup``, the README's test command), the tests
    of a module that share a module-wide fixture (a browser, a served page) are marked as
    one group, which asks pytest-xdist to run them in one process, so that it is made
    once. (pytest-xdist 3.8 does not always keep a group together: the static site, the
    costliest, is shared through a lock instead; see :func:`built`.)"""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = {} if info is None else info.name2fixturedefs
        if any(d and d[-1].scope == "module" for d in defs.values()) and getattr(item, "module", None):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
