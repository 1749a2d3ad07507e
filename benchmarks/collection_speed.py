"""Collections: puzzles per minute for ``generate --count`` in one process, in 2 worker
processes and on a local 2-worker Dask cluster (wall clock; each run into a fresh
folder; the puzzles of every run compared byte for byte), and CPU seconds per puzzle
by tiling and size (from ``index.jsonl``).

    python benchmarks/collection_speed.py [--count 24] [--cases square:10x10,cairo:8x8]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(case: str, count: int, extra: list[str], folder: Path) -> float:
    tiling, size = case.split(":")
    cmd = [sys.executable, "-m", "slitherasp.cli.main", "generate", tiling, "--size", size, "--count", str(count),
           "--seed", "1", "--no-progress", "-o", str(folder), *extra]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name != "index.jsonl"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--cases", default="square:10x10,cairo:8x8")
    args = ap.parse_args()
    print("| case | puzzles | how | wall s | puzzles/min | CPU s per puzzle (median) |")
    print("|---|---:|---|---:|---:|---:|")
    for case in args.cases.split(","):
        made = []
        for how in ("--jobs 1", "--jobs 2", "--cluster local:2"):
            extra = how.split()
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp)
                wall = run(case, args.count, extra, folder)
                cpu = [json.loads(x)["cpu"] for x in (folder / "index.jsonl").read_text().splitlines()]
                made.append(files(folder))
            print(f"| {case} | {args.count} | {how} | {wall:.1f} | {60 * args.count / wall:.0f} | "
                  f"{statistics.median(cpu):.2f} |")
        assert made[0] == made[1] == made[2], "the runs made different puzzles"


if __name__ == "__main__":
    main()
