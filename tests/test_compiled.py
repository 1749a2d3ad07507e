"""The two rule engines: the plain Python modules, and the same modules compiled by
``setup.py`` (mypyc). The suite runs on the source tree, which is the plain engine;
where a compiled slitherasp is installed (``pip install .``, as CI does), the tests that
cover every rule module run again, in a child process, on the installed compiled one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from slitherasp.rules.compiled import COMPILED_MODULES, compiled

ROOT = Path(__file__).resolve().parents[1]
RULE_TESTS = ["tests/test_rules.py", "tests/test_same_puzzles.py", "tests/test_no_answer.py",
              "tests/test_loopy_sample.py", "tests/test_compiled.py"]
"""The tests run on the compiled engine: the cascade at every level (Loopy's puzzles and
hand-made boards), the removal's derivations (the same puzzles), and unsolvable boards."""


def _installed(tmp: Path, **env: str) -> str:
    """Which engine a child process run outside the source tree imports (``none``: no
    slitherasp with engines is installed there)."""
    code = "from slitherasp.rules.compiled import compiled; print('compiled' if compiled() else 'pure')"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": "", **env})
    return out.stdout.strip() if out.returncode == 0 else "none"


def test_the_engine_is_the_one_expected() -> None:
    expected = os.environ.get("SLITHERASP_EXPECT")
    if expected is None:
        pytest.skip("no engine expected (SLITHERASP_EXPECT is set for the compiled pass)")
    assert ("compiled" if compiled() else "pure") == expected


def test_pure_switch_imports_the_python_files(tmp_path: Path) -> None:
    code = ("import slitherasp.rules as r, importlib; from slitherasp.rules.compiled import compiled; "
            f"print(compiled(), all(importlib.import_module('slitherasp.rules.' + m).__file__.endswith('.py') "
            f"for m in {COMPILED_MODULES!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True,
                         env={**os.environ, "SLITHERASP_PURE": "1"})
    assert out.stdout.split() == ["False", "True"]


def test_compiled_engine_passes_the_rule_tests(tmp_path: Path) -> None:
    if os.environ.get("SLITHERASP_EXPECT"):
        pytest.skip("this is the compiled pass itself")
    if _installed(tmp_path) != "compiled":
        if os.environ.get("CI") == "true":
            pytest.fail("CI installs the compiled engine (pip install .), but the installed one is pure: "
                        "its build fell back (see pip's log)")
        pytest.skip("no compiled slitherasp installed (an editable install is pure)")
    assert _installed(tmp_path, SLITHERASP_PURE="1") == "pure"
    tests = [str(ROOT / t) for t in RULE_TESTS]
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-x", *tests],
                         cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": "", "SLITHERASP_EXPECT": "compiled"})
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout), run.stdout[-1000:]  # (tests ran: a summary line)
