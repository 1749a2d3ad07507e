"""Game IDs against Simon Tatham's own Loopy (skipped where it is not installed).

``sgt-loopy --generate 1 ID`` validates an ID and echoes it back, and
``sgt-loopy --generate 1 'WxHtNde#SEED'`` deals a fresh puzzle. The installed build
(Debian, 2023-01) predates hats and spectres and writes Penrose IDs in the old
``G...`` form: the periodic grids are checked both ways here, and its Penrose IDs
are read.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from slitherasp import tilings
from slitherasp.formats.loopy import read, write
from slitherasp.make.generate import planted
from slitherasp.solver.run import solve
from slitherasp.tilings.loopy import LOOPY
from slitherasp.validate import check

LOOPY_BINARY = shutil.which("sgt-loopy") or next(
    (p for p in ("/usr/games/sgt-loopy",) if Path(p).is_file()), None)
pytestmark = pytest.mark.skipif(LOOPY_BINARY is None, reason="Simon Tatham's Loopy (sgt-loopy) is not installed")
BY_NUMBER = {t.loopy[1]: t.name for t in tilings.TILINGS.values() if t.loopy is not None}


def loopy(argument: str) -> tuple[int, str, str]:
    """Run ``sgt-loopy --generate 1 ARGUMENT``: exit code, first line out, error line."""
    done = subprocess.run([LOOPY_BINARY, "--generate", "1", argument], capture_output=True,
                          text=True, timeout=60, env={"PATH": "/usr/bin:/bin"})
    errors = [s for s in done.stderr.splitlines() if "error" in s]
    return done.returncode, done.stdout.strip(), errors[0] if errors else ""


@pytest.mark.parametrize("number", sorted(LOOPY))
def test_loopy_accepts_our_ids_and_echoes_them_unchanged(number: int) -> None:
    grid = LOOPY[number]
    sizes = [grid.min_size, (5, 4), (7, 9)]  # Loopy's smallest: (both at least, one at least)
    for seed, (w, h) in enumerate(sizes):
        blank = tilings.build(BY_NUMBER[number], w, h)
        puzzle, loop = planted(blank, seed=seed)
        assert check(puzzle, puzzle.links(loop)).valid
        game_id = write(puzzle).strip()
        code, echoed, error = loopy(game_id)
        assert code == 0 and echoed == game_id, error
        assert read(echoed, "<echo>").clues == puzzle.clues
    code, _, error = loopy(write(blank.with_clues({0: 3})).strip()[:-1])  # one face short
    assert code != 0 and "too short" in error  # the check can fail


@pytest.mark.parametrize("number", sorted(LOOPY))
def test_fresh_loopy_puzzles_read_solve_uniquely_and_write_back(number: int) -> None:
    w, h = max(LOOPY[number].min_size[1], 4), 4
    code, game_id, error = loopy(f"{w}x{h}t{number}de#{number + 11}")
    assert code == 0, error
    puzzle = read(game_id, "<fresh>")
    result = solve(puzzle, unique=True)
    assert result.status == "SATISFIABLE" and result.unique is True  # Loopy deals unique puzzles
    assert check(puzzle, puzzle.links(result.answer)).valid
    assert write(puzzle).strip() == game_id


@pytest.mark.parametrize("number", [11, 12])
def test_its_old_penrose_ids_read_solve_uniquely_and_write_back(number: int) -> None:
    for seed in range(3):
        code, game_id, error = loopy(f"6x6t{number}de#{seed}")
        assert code == 0 and ":G" in game_id, error
        puzzle = read(game_id, "<old penrose>")  # its clue string covers exactly the faces rebuilt
        result = solve(puzzle, unique=True)
        assert result.status == "SATISFIABLE" and result.unique is True
        assert check(puzzle, puzzle.links(result.answer)).valid
        assert write(puzzle).strip() == game_id
