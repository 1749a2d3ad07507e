"""How fast bad input is refused and stops are obeyed (what tests/test_attack.py checks
for correctness only): wall seconds of whole ``slitherasp`` processes, with the goal
each should meet.

    python benchmarks/refusals.py
"""

from __future__ import annotations

import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLI = [sys.executable, "-m", "slitherasp.cli.main"]
LOOPY = ["8x1000t16:1,0,3,1,10,P_a", "1000x8t17:406207F_a", "1000x1000t11:82AAAAVBBUAB_a",
         "99999999x99999999t0:a", "201x201t13:a"]


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([*CLI, *args], capture_output=True, timeout=600)
    return time.perf_counter() - start


def ctrl_c(path: Path) -> float:
    """Seconds from SIGINT to the exit of a count of every loop, 2 s in."""
    proc = subprocess.Popen([*CLI, "count", str(path), "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(2)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=600)
    return time.perf_counter() - sent


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        blank = folder / "blank.lp"
        blank.write_text(" \n" * 40000)
        rows.append(("40,000 blank lines to sniff, refused", timed(["solve", str(blank)]), 2))
        for game_id in LOOPY:
            path = folder / "big.loopy"
            path.write_text(game_id)
            rows.append((f"Loopy ID {game_id.split(':')[0]}, refused", timed(["solve", str(path)]), 10))
        subprocess.run([*CLI, "tiling", "square", "--size", "80x80", "-o", str(folder)], check=True,
                       capture_output=True)
        grid = folder / "square-80x80.lp"
        rows.append(("solve --time-limit 3 --unique, clue-less 80x80", timed(
            ["solve", str(grid), "--time-limit", "3", "--unique", "--json"]), 6))
        rows.append(("Ctrl-C while counting the 80x80's loops: until exit", ctrl_c(grid), 2))
    print("| what | wall s | goal s |")
    print("|---|---:|---:|")
    for what, seconds, goal in rows:
        print(f"| {what} | {seconds:.2f} | {goal} |")


if __name__ == "__main__":
    main()
