"""Time limits and Ctrl-C that hold for every command (``slitherasp.model.stopping``'s
deadline, the command line's watchdog): work ends with what it found, exit 124 or 130.

The subprocess tests give their child a generous time-out: it only tells a command
that ends from one that runs on (no wall-clock time is asserted)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import grid, interruptible

from slitherasp.formats.lp import write_instance
from slitherasp.model import stopping
from slitherasp.solver.run import solve
from slitherasp.validate import check

ROOT = Path(__file__).resolve().parent.parent
STUCK = "import hashlib; hashlib.pbkdf2_hmac('sha256', b'x', b'y', 10**9)"
"""A call into C that looks at no signal for minutes (as clasp preparing a huge program)."""


def _stuck_command(tmp_path: Path, *argv: str) -> subprocess.Popen:
    """``slitherasp`` with ``grade`` (the work it runs) replaced by :data:`STUCK`."""
    path = tmp_path / "p.lp"
    path.write_text(write_instance(grid(3, 3, {(0, 0): 3})))
    code = ("import sys, slitherasp.make.generate as g\n"
            f"def stuck(*a, **k):\n    print('stuck', file=sys.stderr, flush=True)\n    {STUCK}\n"
            "g.grade = stuck\n"
            "from slitherasp.cli.main import main\n"
            f"sys.exit(main(['grade', {str(path)!r}, *{list(argv)!r}]))\n")
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=interruptible)


def _finish(proc: subprocess.Popen, timeout: float = 30) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=timeout)
    finally:
        proc.kill()


def test_a_deadline_stops_the_solver_as_a_time_out() -> None:
    with stopping.deadline(0):
        r = solve(grid(12, 12), models=0)
    assert r.timed_out and not r.interrupted and not r.exhausted


def test_a_stop_request_stops_the_solver_as_an_interrupt() -> None:
    with stopping.stop_when(lambda: True):
        r = solve(grid(12, 12), models=0)
    assert r.interrupted and not r.timed_out


def test_time_limit_holds_while_the_work_is_stuck_in_c(tmp_path: Path) -> None:
    proc = _stuck_command(tmp_path, "--time-limit", "1", "--json")
    out, err = _finish(proc)
    assert proc.returncode == 124, err
    assert json.loads(out)["timed_out"] is True and "time limit" in err


def test_ctrl_c_holds_while_the_work_is_stuck_in_c(tmp_path: Path) -> None:
    proc = _stuck_command(tmp_path)
    assert proc.stderr is not None and proc.stderr.readline() == "stuck\n"  # loaded (slow on a busy machine)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = _finish(proc)
    assert proc.returncode == 130 and "interrupted" in err


def test_ctrl_c_on_explain_keeps_the_steps_found(tmp_path: Path) -> None:
    from slitherasp.formats import read_file

    path = ROOT / "instances" / "cairo" / "cairo-12x12.lp"
    proc = subprocess.Popen([sys.executable, "-m", "slitherasp.cli", "explain", str(path), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    time.sleep(3.0)
    proc.send_signal(signal.SIGINT)
    out, err = _finish(proc)
    assert proc.returncode == 130, err
    found = json.loads(out)
    assert found["interrupted"] is True and not found["complete"] and found["steps"], found.get("note")
    puzzle = read_file(str(path))
    answer = solve(puzzle, unique=True)
    assert answer.unique and check(puzzle, puzzle.links(answer.answers[0])).valid
    names = {frozenset(puzzle.edge_names(e)): e for e in range(len(puzzle.edges))}
    for step in found["steps"]:  # every step kept agrees with the one answer
        for pair in step["settles"]["links"]:
            assert names[frozenset(pair)] in answer.answers[0]
        for pair in step["settles"]["non_links"]:
            assert names[frozenset(pair)] not in answer.answers[0]


@pytest.mark.parametrize("command", ["solve", "count"])
def test_an_enumeration_cut_by_the_time_limit_exits_124(tmp_path: Path, command: str) -> None:
    path = tmp_path / "big.lp"
    path.write_text(write_instance(grid(10, 10)))
    argv = [command, str(path), "--time-limit", "0.5"] + (["--models", "0"] if command == "solve" else [])
    proc = subprocess.run([sys.executable, "-m", "slitherasp.cli", *argv], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 124, proc.stderr


@pytest.mark.parametrize("game_id, words", [
    ("3x3t0:" + "z" * 2**20, "too many clues"),           # 27 million faces from 1 MiB
    ("100x100t16:1,0,3,1,10,P_zzzz", "at least 2304"),    # 28 bytes for a 7,312-face patch
])
def test_memory_stays_proportional_to_what_a_game_id_holds(game_id: str, words: str) -> None:
    import tracemalloc

    from slitherasp.formats import read_text
    from slitherasp.model.errors import InputError

    with pytest.raises(InputError, match=words):  # once untraced: the modules it loads the first time
        read_text(game_id, "<id>")
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match=words):
            read_text(game_id, "<id>")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(game_id) + 2**20


def _alive(pid: int) -> bool:
    try:
        return "\tZ" not in Path(f"/proc/{pid}/status").read_text().split("State:")[1][:4]
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_generation_workers_die_with_their_killed_parent(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "slitherasp.cli", "generate", "square", "--size", "12x12",
                             "--count", "50", "--jobs", "2", "-o", str(tmp_path / "out"), "--no-progress"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers: list[int] = []
        end = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < end:  # until both workers run
            time.sleep(0.2)
            out = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout
            workers = [int(p) for p in out.split()]
        assert len(workers) >= 2
        proc.kill()
        proc.wait(10)
        end = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < end:
            time.sleep(0.1)
        left = [w for w in workers if _alive(w)]
    finally:
        proc.kill()
    for w in left:  # before the fix they waited on a pipe forever: leave none behind
        os.kill(w, signal.SIGKILL)
    assert not left


def test_ctrl_c_while_the_command_line_loads_is_one_line_and_130() -> None:
    """A Ctrl-C in the first third of a second (Python loading the command line) came
    before any handler: a traceback of whatever module was loading."""
    code = ("import os, signal, sys\n"
            "class Interrupt:  # Ctrl-C as the command line's modules load\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'slitherasp.cli.main':\n"
            "            os.kill(os.getpid(), signal.SIGINT)\n"
            "sys.meta_path.insert(0, Interrupt())\n"
            "from slitherasp.command import run\n"
            "sys.exit(run(['--version']))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=interruptible)
    assert proc.returncode == 130 and proc.stderr == "slitherasp: interrupted\n", proc.stderr[-500:]


def _terminated(argv: list[str], after: str | float, tmp_path: Path) -> tuple[int, str, str]:
    """``slitherasp argv`` sent SIGTERM (as ``kill`` and ``timeout`` send it), once
    ``after`` (a file under ``tmp_path``) exists or ``after`` seconds have passed: its exit
    code, standard output and standard error."""
    proc = subprocess.Popen([sys.executable, "-m", "slitherasp.cli", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=interruptible, cwd=tmp_path)
    try:
        if isinstance(after, str):
            while not (tmp_path / after).exists() and proc.poll() is None:
                time.sleep(0.01)
        else:
            time.sleep(after)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)  # a hang guard
    finally:
        proc.kill()
    return proc.returncode, out, err


def test_sigterm_ends_an_enumeration_as_ctrl_c_does(tmp_path: Path) -> None:
    """SIGTERM (``kill``, ``timeout``, a service manager) once ended every command
    silently, killed with nothing said: it is taken as Ctrl-C, so the answers so far are
    printed, with one line and exit 130."""
    (tmp_path / "big.lp").write_text(write_instance(grid(10, 10)))
    code, out, err = _terminated(["solve", "big.lp", "--models", "0", "--json"], 1.5, tmp_path)
    assert code == 130 and "Traceback" not in err, err
    found = json.loads(out)  # a busy machine may not have started the search: UNKNOWN, no models yet
    assert found["interrupted"] is True and (found.get("models", 1) > 0 or found["result"] == "UNKNOWN")


def test_sigterm_on_generate_keeps_the_puzzle_so_far_and_it_is_unique(tmp_path: Path) -> None:
    from slitherasp.formats import read_file

    for size in ("12x12", "16x16"):  # a fast machine may make the 12x12 (10 s here) before the signal
        argv = ["generate", "square", "--size", size, "--difficulty", "fiendish", "--seed", "5", "-o", size,
                "--no-progress"]
        code, out, err = _terminated(argv, 4.0, tmp_path)
        if code != 0:
            break
    assert code == 130 and "interrupted" in err and "Traceback" not in err, err
    kept = list((tmp_path / size).glob("*.lp"))
    assert len(kept) == 1 and not list((tmp_path / size).glob(".*tmp"))
    puzzle = read_file(str(kept[0]))
    answer = solve(puzzle, unique=True)
    assert answer.unique and check(puzzle, puzzle.links(answer.answers[0])).valid


def test_a_result_printed_slowly_is_neither_cut_nor_followed_by_a_second_one(tmp_path: Path) -> None:
    """CI: Ctrl-C on ``solve --models 0 --json`` printed its 13 MB result, and the
    watchdog, 0.8 s after the signal, printed an UNKNOWN object after it: two results.
    Here the standard output takes 2 s to write, past the time limit and its grace."""
    path = tmp_path / "big.lp"
    path.write_text(write_instance(grid(10, 10)))
    code = ("import sys, time\n"
            "class Slow:\n"
            "    def __init__(self, real): self.real = real\n"
            "    def write(self, s): time.sleep(2.0) if len(s) > 1 else None; return self.real.write(s)\n"
            "    def flush(self): self.real.flush()\n"
            "    def __getattr__(self, name): return getattr(self.real, name)\n"
            "sys.stdout = Slow(sys.stdout)\n"
            "from slitherasp.cli.main import main\n"
            f"sys.exit(main(['solve', {str(path)!r}, '--models', '0', '--json', '--time-limit', '1']))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=interruptible)
    assert proc.returncode == 124, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 1, proc.stdout[:300]
    found = json.loads(lines[0])
    assert found["timed_out"] is True and found["models"] > 0
