"""Puzzle books: wall and CPU seconds and peak memory of a book of 100, 300 and 1,000
generated 10x10 squares, without and with answers, and of a few walkthroughs. Each
book is made in a fresh process (``slitherasp.book.write`` on the collection's first
N puzzles); memory is that process's peak resident size, and its size after the
imports, before the first page.

The 1,000 puzzles are made once with ``slitherasp generate --count 1000`` into a
cache folder (default under /tmp; resumable), never into the repository.

    python benchmarks/book_speed.py [--cache /tmp/slitherasp-book-bench] [--counts 100,300,1000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import json, resource, sys, time
from pathlib import Path
from slitherasp import book
from slitherasp.book.sources import collection
import fpdf, numpy, shapely, slitherasp.render.scene, slitherasp.formats.lp, slitherasp.explain  # the imports first
folder, count, out, options = sys.argv[1], int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start, cpu = time.perf_counter(), time.process_time()
book.write(collection(folder)[:count], out, **options)
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
size = Path(out).stat().st_size
print(json.dumps({"wall": wall, "cpu": cpu, "base": before / 1024, "peak": peak / 1024, "bytes": size}))
"""


def collection(cache: Path, count: int) -> Path:
    """The cached collection of ``count`` 10x10 squares (made or completed if needed)."""
    folder = cache / "square-10x10"
    index = folder / "index.jsonl"
    have = len(index.read_text().splitlines()) if index.is_file() else 0
    if have < count:
        print(f"making {count - have} puzzles into {folder} (once) ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "slitherasp.cli", "generate", "square", "--size", "10x10",
                        "--count", str(count), "--seed", "1", "--jobs", "2", "--no-progress", "-o", str(folder)],
                       check=True)
    return folder


def measure(folder: Path, count: int, options: dict) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "book.pdf"
        done = subprocess.run([sys.executable, "-c", CHILD, str(folder), str(count), str(out), json.dumps(options)],
                              check=True, capture_output=True, text=True)
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "slitherasp-book-bench")
    ap.add_argument("--counts", default="100,300,1000")
    ap.add_argument("--explain", type=int, default=20, help="puzzles in the book with walkthroughs (0: none)")
    args = ap.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    folder = collection(args.cache, max(counts))
    cases = [(n, "4 to a page", {}) for n in counts]
    cases += [(max(counts), "4 to a page, --solutions", {"solutions": True})]
    if args.explain:
        cases += [(args.explain, "4 to a page, --explain", {"explain": True})]
    print("| puzzles | book | wall s | CPU s | ms CPU per puzzle | memory after imports MB | peak MB | "
          "growth KB per puzzle | PDF KB |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for n, what, options in cases:
        m = measure(folder, n, options)
        print(f"| {n} | {what} | {m['wall']:.1f} | {m['cpu']:.1f} | {1000 * m['cpu'] / n:.0f} | {m['base']:.0f} | "
              f"{m['peak']:.0f} | {1024 * (m['peak'] - m['base']) / n:.0f} | {m['bytes'] / 1024:.0f} |", flush=True)


if __name__ == "__main__":
    main()
