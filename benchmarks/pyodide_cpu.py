"""The page's heavy actions in CPython (``slitherasp serve``'s path: clingo's module,
one session a puzzle) and in Pyodide with clingo-wasm (the static site's worker, run
by Node through ``pyodide_node.mjs``), side by side: CPU milliseconds of each (a
shared machine's load changes wall times far more than CPU times; both warmed up by
a few solves first), their ratio, the
clingo-wasm runs the site needed and whether both answered the same. The actions
are those of ``site_speed.py``'s second table, through :func:`slitherasp.web.browser.call`
(the worker's entry) in both. Needs Node and a built site (default: built into a
temporary folder); the package is zipped from this tree.

    python benchmarks/pyodide_cpu.py [--site DIR] [--only WORD]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def cases() -> dict[str, tuple[str, dict]]:
    """Row -> (action, payload)."""
    from slitherasp import tilings
    from slitherasp.formats import write_text
    from slitherasp.make.generate import planted

    loopy_20 = (HERE / "data" / "explain-speed.txt").read_text().splitlines()[3].split()[1]
    every = write_text(planted(tilings.build("square", 20, 20), seed=1)[0], "pzpr").strip()
    rows = {"solve a 20x20 Loopy Hard": ("solve", {"puzzle": loopy_20}),
            "hint on a 20x20 Loopy Hard": ("hint", {"puzzle": loopy_20}),
            "grade a 20x20 Loopy Hard": ("grade", {"puzzle": loopy_20}),
            "remove redundant clues: 20x20 Loopy Hard": ("reduce", {"puzzle": loopy_20}),
            "remove redundant clues: 20x20, every clue": ("reduce", {"puzzle": every})}
    for size, level in (("7x7", "normal"), ("10x10", "hard"), ("20x20", "hard"), ("30x30", "hard")):
        rows[f"generate {size} {level}"] = ("generate", {"tiling": "square", "size": size, "difficulty": level,
                                                         "seed": 7})
    for variant in ("touch", "sheep-wolf", "vertex", "lither", "full"):
        rows[f"generate 7x7 {variant}"] = ("generate", {"tiling": "square", "size": "7x7", "difficulty": "normal",
                                                        "seed": 1, "variant": variant})
    return rows


def measure(only: str) -> dict[str, list]:
    """Each action, here: row -> [CPU ms, clingo-wasm runs, the answer]."""
    from slitherasp.web import api, browser

    try:
        import slitherasp_js  # type: ignore[import-not-found]  # in Pyodide: the harness's

        cpu, runs = slitherasp_js.cpu, lambda: json.loads(slitherasp_js.runs())["runs"]
    except ImportError:
        cpu, runs = time.process_time, lambda: 0
    api.TIME_LIMIT = 300.0  # the browser's: the server's 20 s would stop the biggest
    # warm: clingo-wasm's first runs after a start cost 0.5-0.7 s of CPU more (V8 compiles
    # its functions on first call, and optimises the hot ones later)
    for _ in range(3):
        browser.call("solve", json.dumps({"puzzle": "https://puzz.link/p?slither/4/4/h3c1b"}))
    out = {}
    for row, (action, payload) in cases().items():
        if only and only not in row:
            continue
        before, ran = cpu(), runs()
        reply = json.loads(browser.call(action, json.dumps(payload)))
        body = reply["body"]
        answer = [body.get(k) for k in ("puzzle", "clues", "animals", "grade", "solver_grade", "timed_out", "error")]
        out[row] = [1000 * (cpu() - before), runs() - ran, answer]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", help="a site folder already built (default: built into a temporary folder)")
    ap.add_argument("--only", default="", help="only the rows whose name holds this")
    args = ap.parse_args()
    from slitherasp.web.site import build, source_zip

    folder = Path(args.site) if args.site else Path(tempfile.mkdtemp()) / "site"
    if not args.site:
        build(folder)
    work = Path(tempfile.mkdtemp())
    (work / "slitherasp.zip").write_bytes(source_zip())
    (work / "run.py").write_text(f"import sys, json\nsys.path.insert(0, {str(HERE)!r})\n"
                                 "from pyodide_cpu import measure\n"
                                 f"print('ROWS' + json.dumps(measure({args.only!r})))\n")
    done = subprocess.run(["node", str(HERE / "pyodide_node.mjs"), str(folder), str(work / "run.py"),
                           str(work / "slitherasp.zip"), str(HERE)], capture_output=True, text=True, check=False)
    line = next((x for x in done.stdout.splitlines() if x.startswith("ROWS")), None)
    if line is None:
        sys.exit(f"pyodide_node.mjs failed: {done.stderr[-2000:]}")
    site = json.loads(line[len("ROWS"):])
    here = measure(args.only)
    print("| action | CPython CPU ms | Pyodide CPU ms | Pyodide / CPython | clingo-wasm runs | same answer |")
    print("|---|---:|---:|---:|---:|---|")
    for row, (ms, _, answer) in here.items():
        theirs, ran, their_answer = site[row]
        print(f"| {row} | {ms:.0f} | {theirs:.0f} | {theirs / max(ms, 1e-9):.2f} | {ran} | "
              f"{'yes' if answer == their_answer else 'no'} |")


if __name__ == "__main__":
    main()
