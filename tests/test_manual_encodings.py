"""The examples of docs/manual/models.md run as written: each ``$`` line of a
``console`` block in a shell, in one folder for the page, its output (standard output and
error together) compared with the lines under it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "manual" / "models.md"


def examples(text: str) -> list[tuple[str, list[str]]]:
    """Each command of the page's console blocks and the lines it should print."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            else:
                out[-1][1].append(line)
    return out


def test_the_page_has_examples() -> None:
    found = examples(PAGE.read_text())
    assert len(found) >= 6 and any(expected for _, expected in found)


def test_every_example_prints_what_the_page_says(tmp_path: Path) -> None:
    if shutil.which("slitherasp") is None:
        pytest.skip("the slitherasp command is not installed")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    for command, expected in examples(PAGE.read_text()):
        done = subprocess.run(["bash", "-c", "{ " + command + "\n} 2>&1"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.stdout.splitlines() == expected, command
