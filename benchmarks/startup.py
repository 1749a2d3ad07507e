"""Start-up and small-solve cost, whole process, side by side: CPU seconds of
``python -c "import clingo"``, ``slitherasp --help`` and ``slitherasp solve`` on the
bundled 10x10, each run in a fresh process, medians over ``--runs`` rounds taken in
turn (so that the machine's noise hits every row alike).

    python benchmarks/startup.py --runs 21
"""

from __future__ import annotations

import argparse
import compileall
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEN = ROOT / "instances" / "square" / "square-10x10.lp"
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import clingo'": [sys.executable, "-c", "import clingo"],
    "python -c 'import slitherasp'": [sys.executable, "-c", "import slitherasp"],
    "slitherasp --help": [sys.executable, "-m", "slitherasp.cli", "--help"],
    "slitherasp solve 10x10": [sys.executable, "-m", "slitherasp.cli", "solve", str(TEN)],
    "slitherasp solve 10x10 --unique": [sys.executable, "-m", "slitherasp.cli", "solve", str(TEN), "--unique"],
}


def byte_compile() -> None:
    """Write the bytecode of the package and the benchmarks, as ``pip install`` does, so
    that no measured process compiles modules: an editable install run with
    ``PYTHONDONTWRITEBYTECODE`` set (as on these machines) would otherwise recompile
    every module it imports, every time (about 50 ms a ``solve``), and the baseline far
    fewer. The scripts run as ``__main__`` (a few lines each) are compiled every time."""
    for folder in (ROOT / "slitherasp", ROOT / "benchmarks"):
        compileall.compile_dir(folder, quiet=1)


def cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``command`` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=11, help="rounds (default 11)")
    args = ap.parse_args()
    byte_compile()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for command in COMMANDS.values():  # warm the file cache once
        cpu(command)
    for _ in range(args.runs):
        for name, command in COMMANDS.items():
            times[name].append(cpu(command))
    base = statistics.median(times["python -c 'import clingo'"])
    print(f"{'command':34} {'CPU ms':>8} {'x import clingo':>16}")
    for name, values in times.items():
        m = statistics.median(values)
        print(f"{name:34} {1000 * m:8.1f} {m / base:16.2f}")


if __name__ == "__main__":
    main()
