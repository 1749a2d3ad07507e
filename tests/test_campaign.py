"""Collections (``generate --count``): the same puzzles, byte for byte, in one process,
in worker processes and on a local Dask cluster; resumed runs end complete and
identical; every puzzle unique (checked by the SAT checker of ``stepcheck``)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import interruptible
from stepcheck import answers

from slitherasp import formats
from slitherasp.cli import main
from slitherasp.explain import human_grade
from slitherasp.make import campaign, workers
from slitherasp.model.extras import install

ARGS = ["generate", "square", "--size", "5x5", "--seed", "7", "--no-progress"]


def puzzles(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name != campaign.INDEX}


def index(folder: Path) -> list[dict]:
    lines = [json.loads(x) for x in (folder / campaign.INDEX).read_text().splitlines()]
    return sorted(lines, key=lambda x: x["number"])


def test_one_process_and_two_give_the_same_unique_puzzles(tmp_path: Path) -> None:
    assert main([*ARGS, "--count", "6", "-o", str(tmp_path / "a")]) == 0
    assert main([*ARGS, "--count", "6", "--jobs", "2", "-o", str(tmp_path / "b")]) == 0
    a, b = puzzles(tmp_path / "a"), puzzles(tmp_path / "b")
    assert a == b and len([n for n in a if n.endswith(".lp")]) == 6
    lines = index(tmp_path / "a")
    assert [x["number"] for x in lines] == list(range(6))
    for line in lines:
        p = formats.read_file(tmp_path / "a" / line["file"])
        assert len(answers(p)) == 1 and p.clue_count() == line["clues"] and line["solver_grade"]
        # a person's grade up to 'hard'; none where only a trial or search goes on
        assert line["grade"] == human_grade(p, most=4).level


def test_a_resumed_collection_is_complete_and_identical(tmp_path: Path) -> None:
    assert main([*ARGS, "--count", "5", "-o", str(tmp_path / "whole")]) == 0
    part = tmp_path / "part"
    assert main([*ARGS, "--count", "2", "-o", str(part)]) == 0  # as if stopped after two
    with open(part / campaign.INDEX, "a") as f:
        f.write('{"number": 4, "fi')  # a line cut short by a crash: made again
    assert main([*ARGS, "--count", "5", "-o", str(part)]) == 0
    assert puzzles(part) == puzzles(tmp_path / "whole")
    assert [x["number"] for x in index(tmp_path / "whole")] == list(range(5))
    numbers = sorted(campaign.done(part))
    assert numbers == list(range(5))


def test_an_interrupt_keeps_finished_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = campaign.make

    def third_interrupts(job: campaign.Job) -> dict:
        if job.number == 2:
            raise KeyboardInterrupt
        return made(job)

    monkeypatch.setattr(campaign, "make", third_interrupts)
    assert main([*ARGS, "--count", "4", "-o", str(tmp_path)]) == 130
    assert campaign.done(tmp_path) == {0, 1}
    monkeypatch.setattr(campaign, "make", made)
    assert main([*ARGS, "--count", "4", "-o", str(tmp_path)]) == 0
    assert campaign.done(tmp_path) == {0, 1, 2, 3}


def test_a_local_dask_cluster_makes_the_same_puzzles(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    assert main([*ARGS, "--count", "4", "-o", str(tmp_path / "a")]) == 0
    assert main([*ARGS, "--count", "4", "--cluster", "local:2", "-o", str(tmp_path / "b")]) == 0
    assert puzzles(tmp_path / "a") == puzzles(tmp_path / "b")


def test_options_that_need_a_collection(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*ARGS, "--jobs", "2", "-o", str(tmp_path)]) == 2
    assert "--count" in capsys.readouterr().err


def _lines(text: str) -> list[dict]:
    found = [json.loads(x) for x in text.splitlines()]
    for x in found:
        x.pop("time", None)
    return found


def test_batch_in_processes_and_on_a_cluster_gives_the_same_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    assert main([*ARGS, "--count", "4", "-o", str(tmp_path)]) == 0
    (tmp_path / "bad.lp").write_text("edge(1,2")
    capsys.readouterr()
    runs = []
    for extra in ([], ["--jobs", "2"], ["--cluster", "local:2"]):
        code = main(["batch", str(tmp_path), "--unique", "--json", "--no-progress", *extra])
        runs.append((code, _lines(capsys.readouterr().out)))
    assert runs[0] == runs[1] == runs[2]
    code, lines = runs[0]
    assert code == 1 and len(lines) == 5  # four unique puzzles, one bad file
    assert sum(x.get("unique") is True for x in lines) == 4 and sum(x["result"] == "ERROR" for x in lines) == 1


MAKE = campaign.make


def _die_the_first_time(chosen: bool) -> None:
    """Kill this worker process if ``chosen`` and no worker died yet (a marker file says so)."""
    import os

    marker = Path(os.environ["SLITHERASP_TEST_MARKER"])
    if chosen and not marker.exists():
        marker.write_text("died")
        os._exit(9)


def _dies_once(job: campaign.Job) -> dict:
    """Make a puzzle, but die the first time puzzle 1 is made."""
    _die_the_first_time(job.number == 1)
    return MAKE(job)


def test_a_dead_worker_costs_only_its_puzzle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLITHERASP_TEST_MARKER", str(tmp_path / "marker"))
    monkeypatch.setattr(campaign, "make", _dies_once)
    todo = campaign.jobs("square", (4, 4), 4, 7)
    out = tmp_path / "out"
    out.mkdir()
    assert campaign.run(todo, out, jobs=2) == 4
    assert (tmp_path / "marker").exists() and campaign.done(out) == {0, 1, 2, 3}


SOLVE = workers.solve_item


def _solve_dies_once(item: tuple) -> dict:
    """Solve an instance, but die the first time the chosen one is solved."""
    import os

    _die_the_first_time(item[0] == os.environ["SLITHERASP_TEST_VICTIM"])
    return SOLVE(item)


def test_a_dead_worker_in_a_batch_costs_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    made = tmp_path / "made"
    assert main([*ARGS, "--count", "4", "-o", str(made)]) == 0
    capsys.readouterr()
    batch = ["batch", str(made), "--unique", "--json", "--no-progress", "--jobs", "2"]
    assert main(batch) == 0
    alive = _lines(capsys.readouterr().out)
    monkeypatch.setenv("SLITHERASP_TEST_MARKER", str(tmp_path / "marker"))
    monkeypatch.setenv("SLITHERASP_TEST_VICTIM", alive[2]["instance"])
    monkeypatch.setattr(workers, "solve_item", _solve_dies_once)
    assert main(batch) == 0
    assert (tmp_path / "marker").exists()  # a worker did die, and every line still came, in order
    assert _lines(capsys.readouterr().out) == alive and len(alive) == 4


def test_a_campaign_file_of_several_runs(tmp_path: Path) -> None:
    spec = tmp_path / "campaign.json"
    spec.write_text(json.dumps({"seed": 7, "runs": [
        {"tiling": "square", "size": "5x5", "count": 3},
        {"tiling": "cairo", "size": "4x4", "count": 2, "difficulty": "easy"}]}))
    assert main(["generate", "--spec", str(spec), "--no-progress", "-o", str(tmp_path / "c")]) == 0
    lines = index(tmp_path / "c")
    assert [(x["tiling"], x["number"]) for x in lines] == [("square", 0), ("square", 1), ("square", 2),
                                                           ("cairo", 3), ("cairo", 4)]
    assert all(x["grade"] == "easy" for x in lines if x["tiling"] == "cairo")
    # the first run is the collection that --count makes with the same seed
    assert main([*ARGS, "--count", "3", "-o", str(tmp_path / "one")]) == 0
    made = puzzles(tmp_path / "c")
    assert all(made[name] == data for name, data in puzzles(tmp_path / "one").items())
    spec.write_text('{"seed": 7, "runs": [{"tiling": "square", "count": 0}]}')
    assert main(["generate", "--spec", str(spec), "-o", str(tmp_path / "bad")]) == 2


def test_without_dask_the_cluster_option_says_how_to_install_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    for command in ([*ARGS, "--count", "2", "--cluster", "local:2", "-o", str(tmp_path)],
                    ["batch", str(tmp_path), "--cluster", "local:2"]):
        if command[0] == "batch":
            (tmp_path / "p.lp").write_text("edge(1,2). edge(2,3). edge(3,1). cell_contains(c,1,2). clue(c,1).")
        assert main(command) == 2
        assert install("cluster") in capsys.readouterr().err  # where this slitherasp came from


# --------------------------------------------------------------------------- size
def test_a_huge_collection_holds_its_runs_not_its_jobs() -> None:
    import tracemalloc

    tracemalloc.start()
    try:
        todo = campaign.jobs("square", (5, 5), 200_000, 1, difficulty="hard")
        spec = campaign.jobs_from_spec('{"seed": 1, "runs": [{"tiling": "square", "count": 100000}, '
                                       '{"tiling": "cairo", "size": "4x4", "count": 100000}]}')
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 256_000, f"{peak} bytes for the jobs of 400,000 puzzles"
    assert len(todo) == 200_000 and len(spec) == 200_000
    assert todo[123_456] == campaign.Job(123_456, "square", 5, 5, campaign.seed_for(1, 123_456), "hard")
    assert [j.number for j in todo[-2:]] == [199_998, 199_999] and next(iter(todo)) == todo[0]
    assert spec[100_000].name == "cairo-4x4-100000" and spec[99_999].tiling == "square"
    with pytest.raises(IndexError):
        todo[200_000]


def _square(n: int) -> dict:
    return {"n": n * n}


@pytest.mark.parametrize("ordered", [False, True])
def test_worker_processes_are_handed_items_as_they_need_them(ordered: bool) -> None:
    drawn = [0]

    def items():  # type: ignore[no-untyped-def]
        for n in range(100_000):
            drawn[0] += 1
            yield n

    given = workers.results(items(), _square, jobs=2, ordered=ordered)
    got = [next(given)["n"] for _ in range(5)]
    given.close()
    assert drawn[0] <= 5 + workers.ahead(2)
    if ordered:
        assert got == [0, 1, 4, 9, 16]


# --------------------------------------------------------------------------- Ctrl-C
CLI = [sys.executable, "-m", "slitherasp.cli"]
NORMAL = [*ARGS, "--difficulty", "normal"]


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A collection of 10 puzzles that nothing interrupted."""
    folder = tmp_path_factory.mktemp("whole")
    assert main([*NORMAL, "--count", "10", "-o", str(folder)]) == 0
    return folder


def first(found: dict[str, bytes], count: int) -> dict[str, bytes]:
    """The files of puzzles 0 .. count-1 among ``found``."""
    return {name: data for name, data in found.items() if int(name.split(".")[0][-5:]) < count}


def without_cpu(folder: Path) -> list[dict]:
    return [{k: v for k, v in line.items() if k != "cpu"} for line in index(folder)]


def only_whole_puzzles(folder: Path, reference: Path) -> None:
    """Every file is one the uninterrupted run made, byte for byte, and every puzzle
    in the index has all its files, is unique (the SAT judge) and of the grade asked."""
    made = puzzles(folder)
    assert made.items() <= puzzles(reference).items()
    lines = index(folder) if (folder / campaign.INDEX).exists() else []
    for line in lines:
        lp = folder / line["file"]
        assert {lp.name, lp.with_suffix(".answer").name, lp.with_suffix(".geo.json").name} <= set(made)
        p = formats.read_file(lp)
        assert line["grade"] == human_grade(p).level == "normal" and len(answers(p)) == 1
    assert {p.name for p in folder.glob(".*")} == set()  # no temporary file left


def stop_at(monkeypatch: pytest.MonkeyPatch, n: int | None) -> list[int]:
    """Ctrl-C as the command line's handler reports it, at the ``n``-th look at it
    (None: never); the looks are counted in the list returned."""
    from slitherasp.cli import watch
    from slitherasp.model import stopping

    looks = [0]

    def counted(pressed):  # type: ignore[no-untyped-def]
        def ask() -> bool:
            looks[0] += 1
            return pressed() or (n is not None and looks[0] >= n)
        return stopping.stop_when(ask)

    monkeypatch.setattr(watch, "stop_when", counted)
    return looks


def test_a_stop_at_any_moment_keeps_whole_puzzles_and_the_same_command_completes_them(
        tmp_path: Path, whole: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*NORMAL, "--count", "4"]
    looks = stop_at(monkeypatch, None)
    assert main([*argv, "-o", str(tmp_path / "counted")]) == 0
    reference = first(puzzles(whole), 4)
    assert puzzles(tmp_path / "counted") == reference
    for trial, n in enumerate(sorted(random.Random(36).sample(range(1, looks[0]), 12))):
        folder = tmp_path / f"cut{trial}"
        stop_at(monkeypatch, n)
        capsys.readouterr()
        code = main([*argv, "-o", str(folder)])
        err = capsys.readouterr().err
        assert code == 130 and "interrupted" in err and "Traceback" not in err and "internal error" not in err
        only_whole_puzzles(folder, whole)
        stop_at(monkeypatch, None)
        assert main([*argv, "-o", str(folder)]) == 0
        assert puzzles(folder) == reference and without_cpu(folder) == without_cpu(whole)[:4]


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_at_random_moments_of_a_real_run(tmp_path: Path, whole: Path, jobs: int) -> None:
    """SIGINT as a terminal sends it (to every process of the command) after the
    first puzzle and a random delay; then the same command completes the collection.
    A run that finished before the signal came (a quiet machine makes the ten small
    puzzles in well under the delay) proves nothing: it is run again, signalled as soon
    as the first puzzle is in. So does one the signal reached in the interpreter's last
    moments, after its work was done and said (Python has then given SIGINT back to the
    system, which ends the process: -2 here, 130 in a shell, as for a stop)."""
    argv = [*NORMAL, "--count", "10", "--jobs", str(jobs)]
    delays = random.Random(jobs)
    for trial in range(2):
        for attempt in range(4):
            folder = tmp_path / f"cut{trial}-{attempt}"
            code, err = _interrupted(argv, folder, delays.uniform(0, 0.25) if attempt == 0 else 0.0)
            if not (code in (0, -signal.SIGINT) and "10 made" in err):
                break
        assert code == 130, err
        assert "Traceback" not in err and "interrupted" in err
        only_whole_puzzles(folder, whole)
        assert main([*argv, "-o", str(folder)]) == 0
        assert puzzles(folder) == puzzles(whole) and without_cpu(folder) == without_cpu(whole)


def test_sigterm_to_the_command_alone_keeps_whole_puzzles(tmp_path: Path, whole: Path) -> None:
    """``kill PID`` (SIGTERM to the command, not to its worker processes) once killed it
    silently: it is taken as Ctrl-C."""
    argv = [*NORMAL, "--count", "10", "--jobs", "2"]
    for attempt in range(4):
        folder = tmp_path / f"cut{attempt}"
        code, err = _interrupted(argv, folder, 0.0, signal.SIGTERM, group=False)
        if not (code == 0 and "10 made" in err):
            break
    assert code == 130 and "Traceback" not in err and "interrupted" in err, err
    only_whole_puzzles(folder, whole)
    assert main([*argv, "-o", str(folder)]) == 0
    assert puzzles(folder) == puzzles(whole) and without_cpu(folder) == without_cpu(whole)


def _interrupted(argv: list[str], folder: Path, delay: float, sig: int = signal.SIGINT,
                 group: bool = True) -> tuple[int, str]:
    """The exit code and standard error of ``argv`` into ``folder``, sent ``sig``
    ``delay`` seconds after its first puzzle is in its index: to every process of the
    command (as a terminal sends Ctrl-C), or to the command alone."""
    proc = subprocess.Popen([*CLI, *argv, "-o", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=interruptible, start_new_session=True)
    try:
        while not (folder / campaign.INDEX).exists() and proc.poll() is None:
            time.sleep(0.005)
        time.sleep(delay)
        os.killpg(proc.pid, sig) if group else proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)  # a hang guard
    finally:
        proc.kill()
    return proc.returncode, err


def _sleepy(n: int) -> dict:
    time.sleep(30)
    return {"n": n}


def test_a_stop_ends_the_worker_processes() -> None:
    import multiprocessing

    from slitherasp.model.stopping import StoppedError, stop_when

    looks = iter(range(10**9))
    with stop_when(lambda: next(looks) >= 3), pytest.raises(StoppedError):
        list(workers.results(range(6), _sleepy, jobs=2))
    for _ in range(200):  # a hang guard, not a measure: they are told to end at once
        if not multiprocessing.active_children():
            break
        time.sleep(0.05)
    assert not multiprocessing.active_children()
