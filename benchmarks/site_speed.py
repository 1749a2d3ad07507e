"""The static site against the local server, side by side in one run, in headless
Chromium (selenium): the page's actions answered by Python in the browser (Pyodide in a
Web Worker, ``slitherasp site``, served by ``python -m http.server``) and by
``slitherasp serve``'s app (in this process).

First, the start (issue 46, section 1), each visit in a fresh browser profile (cold:
nothing cached, no service worker) unless it is a second visit: a first visit to the
root until a playable board is on screen (the page's own clock, from the navigation
start), what it downloaded before that (gzip-compressed, as a static host serves it),
when Python was ready and each step of its start (the worker's stages); a first visit
with a shared link (a Loopy ID, a puzz.link URL, a tiling ID) until its board; Hint,
Solve and a Generate that Python must make, each pressed the moment the cold board is
on screen, until answered; a second visit's board and a hint pressed at once.

Then the page's work: a hint on a half-played 20x20 Loopy Hard; the live answer while
composing on a 15x15; generating a 10x10 hard and a 7x7 normal square; a 30x30 hard
square (with the progress lines seen and whether Cancel stops it); and the most memory
a renderer process of the browser held (the worker lives in the page's). Wall-clock
milliseconds, median and worst of ``--rounds``; the machine is shared, so the two columns
come from the same run, and the load average is printed with them.

A second table times every heavy action the page asks of its back end (:func:`heavy_cases`:
solving, grading, removing redundant clues, generating squares and variants), each
through the page's own ``call`` on the site and on a server with the site's time limit
(300 s: both finish what they start), with their ratio and whether both answered the
same (the goal: the site at most twice the server).

    python benchmarks/site_speed.py [--rounds 3] [--site DIR] [--skip-30x30] [--only start|work|heavy]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).parent))
from web_speed import TAP, browser, server, status, until

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.solver.run import solve

CALL = """
const [name, payload, done] = arguments, t = performance.now();
import('./static/server.js').then((m) => m.call(name, payload)).then(
  (r) => done([performance.now() - t, JSON.stringify(r).slice(0, 200)]),
  (e) => done([performance.now() - t, 'ERROR ' + e.message]));
"""
ANSWER = """
const [name, payload, done] = arguments, t = performance.now();
import('./static/server.js').then((m) => m.call(name, payload)).then(
  (r) => done([performance.now() - t, JSON.stringify([r.puzzle, r.clues, r.animals, r.grade, r.solver_grade,
                                                      r.timed_out, r.links])]),
  (e) => done([performance.now() - t, 'ERROR ' + e.message]));
"""
GENERATE_30 = """
const [done] = arguments, seen = [], t = performance.now();
import('./static/server.js').then((m) => m.call('generate', {tiling: 'square', size: '30x30', difficulty: 'hard'},
    {progress: (text) => seen.push(text)})).then(
  (r) => done([performance.now() - t, seen.length, seen.slice(-1)[0] || '', r.clues, r.timed_out]),
  (e) => done([performance.now() - t, seen.length, 'ERROR ' + e.message, 0, null]));
"""
CANCEL = """
const [done] = arguments, control = new AbortController(), t = performance.now();
import('./static/server.js').then((m) => {
  const payload = {tiling: 'square', size: '30x30', difficulty: 'hard', seed: 7};
  const work = m.call('generate', payload, {signal: control.signal});
  setTimeout(() => control.abort(), 3000);
  return work;
}).then(() => done([performance.now() - t, 'finished']), (e) => done([performance.now() - t, e.name || e.message]));
"""


def serve_folder(folder: Path) -> tuple[subprocess.Popen, str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(folder)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return proc, f"http://127.0.0.1:{port}/"


def renderer_mb(b: WebDriver) -> float:
    """The largest resident memory of a renderer process of this browser (``b``'s
    own processes: the machine may run other browsers), in MB."""
    rows = [line.split(None, 3) for line in
            subprocess.run(["ps", "-eo", "pid,ppid,rss,args"], capture_output=True, text=True).stdout.splitlines()[1:]]
    children: dict[int, list[tuple[int, int, str]]] = {}
    for pid, ppid, rss, args in (r for r in rows if len(r) == 4):
        children.setdefault(int(ppid), []).append((int(pid), int(rss), args))
    todo, sizes = [b.service.process.pid], []
    while todo:
        for pid, rss, args in children.get(todo.pop(), []):
            todo.append(pid)
            if "--type=renderer" in args:
                sizes.append(rss)
    return max(sizes, default=0) / 1024


def visit(url: str, text: str, rounds: int) -> tuple[list[float], list[float]]:
    """First visits (each in a fresh browser) and second visits (same browser), ms."""
    first, second = [], []
    for _ in range(rounds):
        b = browser()
        try:
            for out in (first, second):
                start = time.perf_counter()
                b.get(f"{url}?p={quote(text)}")
                WebDriverWait(b, 300, poll_frequency=0.01).until(lambda d: "faces" in status(d))
                out.append(1000 * (time.perf_counter() - start))
                b.get(url + "static/favicon.svg")  # leave the page: the next visit starts it anew
        finally:
            b.quit()
    return first, second


# -- the start ----------------------------------------------------------------------------------
BOARD = """
const done = arguments[arguments.length - 1];
(function wait() {
  const s = window.slitherasp;
  if (!s || !s.firstBoard || !document.querySelector('[data-face]')) return setTimeout(wait, 5);
  done(s.firstBoard.at);
})();
"""
PRESS = """
const [action, again, words, done] = arguments, said = () => document.querySelector('[data-role=status]').textContent;
const click = () => document.querySelector(`[data-action=${action}]`).click();
click();
if (again) click();
(function wait() { if (new RegExp(words).test(said())) done(performance.now()); else setTimeout(wait, 5); })();
"""
KEPT = """
const done = arguments[arguments.length - 1];
if (!document.querySelector('link[rel=manifest]')) done(0);  // the server's page keeps no offline copy
else navigator.serviceWorker.ready.then(async () => {
  for (let i = 0; i < 600; i++) {
    const names = (await caches.keys()).filter((n) => n.startsWith('slitherasp-'));
    if (names.length && (await (await caches.open(names[0])).keys()).length >= 30) return done(1);
    await new Promise((r) => setTimeout(r, 100));
  }
  done(0);
});
"""
READY = """
const done = arguments[arguments.length - 1];
(function wait() {
  const p = window.slitherasp.python;
  if (p.state === 'idle' && !document.querySelector('link[rel=manifest]')) return done();  // the server's page
  if (p.state === 'ready' || p.state === 'failed') done(); else setTimeout(wait, 20);
})();
"""
STEPS = "return [window.slitherasp.python.since, window.slitherasp.python.log]"
RESOURCES = ("const [before] = arguments; return performance.getEntriesByType('resource').concat("
             "performance.getEntriesByType('navigation')).filter((e) => e.startTime <= before).map((e) => e.name)")


def compressed(folder: Path | None, names: list[str]) -> tuple[int, int]:
    """Bytes of the files at these addresses, gzipped as a static host serves them
    (files already compressed as they are), and how many of them were found."""
    import gzip
    from urllib.parse import urlsplit

    from slitherasp.web.app import STATIC

    total = found = 0
    for name in names:
        path = urlsplit(name).path.lstrip("/") or "index.html"
        file = (folder / path) if folder is not None else STATIC / path.removeprefix("static/")
        if folder is None and path == "index.html":
            file = STATIC / "index.html"
        if not file.is_file():
            continue
        data, found = file.read_bytes(), found + 1
        total += len(data) if file.suffix in (".gz", ".zip", ".png") else len(gzip.compress(data, 6))
    return total, found


def cold(url: str, path: str, press: tuple[str, bool, str] | None = None, folder: Path | None = None,
         size: str | None = None) -> dict[str, object]:
    """One visit in a fresh browser: when the board was on screen (ms since the navigation
    began), what it downloaded before, Python's steps, and when ``press`` (an action, twice
    or not, and the words of its answer) was answered; ``size``: the New panel's first."""
    b = browser()
    b.set_script_timeout(300)
    try:
        b.get(url + path)
        board = b.execute_async_script(BOARD)
        found: dict[str, object] = {"board": board, "bytes": compressed(folder, b.execute_script(RESOURCES, board))}
        if size:
            b.execute_script("document.querySelector('#size').value = arguments[0]", size)
        if press:
            found["answered"] = b.execute_async_script(PRESS, *press)
        b.execute_async_script(READY)
        time.sleep(1)  # clingo-wasm loads after Python
        since, log = b.execute_script(STEPS)
        found["python"] = {step: since + at for step, at in log} if log else {}
        return found
    finally:
        b.quit()


def second(url: str) -> tuple[float, float]:
    """A second visit (the same browser, the page left and opened again): its board, and
    a hint pressed at once (ms since the navigation began)."""
    b = browser()
    b.set_script_timeout(300)
    try:
        b.get(url)
        b.execute_async_script(BOARD)
        b.execute_async_script(PRESS, "hint", False, "^Hint")  # Python warm, the offline copy kept
        b.execute_async_script(KEPT)
        b.get(url + "static/favicon.svg")
        b.get(url)
        board = b.execute_async_script(BOARD)
        return board, b.execute_async_script(PRESS, "hint", False, "^Hint")
    finally:
        b.quit()


STEP_WORDS = {"fetching": "worker running (fetching Python)", "snapshot": "snapshot asked for",
              "python": "Python starting anew (no snapshot)", "package": "Python loaded (unpacking the package)",
              "importing": "importing the package", "ready": "Python ready", "solver": "clingo-wasm loaded"}
"""The worker's stages (static/worker.js), as the rows name them."""
SHARED = {"Loopy ID": "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "puzz.link URL": "https://puzz.link/p?slither/7/7/i12di0cg2ai7a661121bg88221c",
          "tiling ID": "tiling:trisquares:2x2:c1c233a12a12a1c2b2a022b2123b3c2b2c102b332a0c033b12c2"}


def start(url: str, rounds: int, folder: Path | None) -> dict[str, list[float] | str]:
    """The rows of the start for one back end."""
    out: dict[str, list[float] | str] = {}
    firsts = [cold(url, "", folder=folder) for _ in range(rounds)]
    out["cold visit: board playable"] = [f["board"] for f in firsts]  # type: ignore[misc]
    kb = [f["bytes"][0] / 1000 for f in firsts]  # type: ignore[index]
    out["cold visit: downloaded before the board (gzip)"] = f"{statistics.median(kb):.0f} kB"
    steps: dict[str, list[float]] = {}
    for f in firsts:
        for step, at in f["python"].items():  # type: ignore[attr-defined]
            steps.setdefault(step, []).append(at)
    for step, times in steps.items():
        out[f"cold visit: {STEP_WORDS.get(step, step)}"] = times
    for name, text in SHARED.items():
        out[f"cold visit, {name}: board"] = [cold(url, f"?p={quote(text)}")["board"] for _ in range(rounds)]  # type: ignore[misc]
    for what, press, size in (("Hint", ("hint", False, "^Hint"), None),
                              ("Solve", ("solve", True, "^(The|An) answer"), None),
                              ("Generate 6x6 (made by Python)", ("generate", False, "^New puzzle"), "6x6")):
        out[f"cold visit: {what} answered"] = [cold(url, "", press, size=size)["answered"] for _ in range(rounds)]  # type: ignore[misc]
    visits = [second(url) for _ in range(rounds)]
    out["second visit: board"] = [v[0] for v in visits]
    out["second visit: hint answered"] = [v[1] for v in visits]
    return out


# -- the page's work -----------------------------------------------------------------------------
def actions(url: str, rounds: int, big: bool) -> dict[str, list[float] | str]:
    """The page's work on one back end: name -> times in ms (or a note)."""
    b = browser()
    b.set_script_timeout(900)
    out: dict[str, list[float] | str] = {}
    try:
        loopy_20 = (Path(__file__).parent / "data" / "explain-speed.txt").read_text().splitlines()[3].split()[1]
        puzzle = read_text(loopy_20, "20x20", "loopy")
        answer = solve(puzzle).answer or set()
        half = [(e, e in answer) for e in range(0, len(puzzle.edges), 2)]
        b.get(f"{url}?p={quote(loopy_20)}")
        WebDriverWait(b, 300).until(lambda d: "faces" in status(d))
        b.execute_script("const app = window.slitherasp.app;"
                         + "".join(f"app.state[{e}] = {1 if line else 2};" for e, line in half)
                         + "window.slitherasp.repaint();")
        out["hint"] = [until(b, "document.querySelector('[data-action=hint]').click()", "Hint")
                       for _ in range(rounds)]
        b.get(f"{url}?p={quote(write_text(tilings.build('square', 15, 15), 'pzpr').strip())}")
        WebDriverWait(b, 300).until(lambda d: "faces" in status(d))
        b.execute_script("document.querySelector('[data-action=compose]').click()")
        out["live"] = [until(b, TAP, "clue", [c % 15 + 1, c // 15 + 1]) for c in range(0, 16 * rounds, 16)]
        for size, level in (("10x10", "hard"), ("7x7", "normal")):
            times = []
            for seed in range(1, rounds + 1):
                payload = {"tiling": "square", "size": size, "difficulty": level, "seed": seed}
                ms, reply = b.execute_async_script(CALL, "generate", payload)
                assert not reply.startswith("ERROR"), reply
                times.append(ms)
            out[f"generate {size} {level}"] = times
        if big:
            ms, seen, last, clues, timed_out = b.execute_async_script(GENERATE_30)
            out["generate 30x30 hard"] = [ms]
            out["30x30 progress"] = f"{seen} progress lines (last: {last!r}); {clues} clues; timed out: {timed_out}"
            out["memory"] = [renderer_mb(b)]
            ms, how = b.execute_async_script(CANCEL)
            out["cancel"] = f"{how} after {ms / 1000:.1f} s (aborted at 3 s)"
        else:
            out["memory"] = [renderer_mb(b)]
    finally:
        b.quit()
    return out


def heavy_cases() -> list[tuple[str, str, dict, int]]:
    """``(row, action, payload, rounds)`` of every heavy action (rounds 0: ``--rounds``)."""
    loopy_20 = (Path(__file__).parent / "data" / "explain-speed.txt").read_text().splitlines()[3].split()[1]
    from slitherasp.make.generate import planted

    every = write_text(planted(tilings.build("square", 20, 20), seed=1)[0], "pzpr").strip()
    rows = [("solve a 20x20 Loopy Hard", "solve", {"puzzle": loopy_20}, 0),
            ("grade a 20x20 Loopy Hard", "grade", {"puzzle": loopy_20}, 0),
            ("remove redundant clues: 20x20 Loopy Hard", "reduce", {"puzzle": loopy_20}, 0),
            ("remove redundant clues: 20x20, every clue", "reduce", {"puzzle": every}, 1),
            ("generate 20x20 hard", "generate", {"tiling": "square", "size": "20x20", "difficulty": "hard"}, 0)]
    for variant in ("touch", "sheep-wolf", "vertex", "lither", "full"):
        rows.append((f"generate 7x7 {variant}", "generate",
                     {"tiling": "square", "size": "7x7", "difficulty": "normal", "variant": variant}, 0))
    rows.append(("generate 10x10 sheep-wolf", "generate",
                 {"tiling": "square", "size": "10x10", "difficulty": "normal", "variant": "sheep-wolf"}, 0))
    return rows


def heavy(url: str, rounds: int) -> dict[str, tuple[list[float], list[str]]]:
    """Every heavy action on one back end: row -> (times in ms, answers)."""
    b = browser()
    b.set_script_timeout(900)
    out = {}
    try:
        b.get(f"{url}?p={quote('7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a')}")
        WebDriverWait(b, 300).until(lambda d: "faces" in status(d))
        b.execute_async_script(CALL, "share", {"puzzle": "1 1\n4\n"})  # Python started (the site)
        for row, action, payload, times in heavy_cases():
            runs = []
            for seed in range(1, (times or rounds) + 1):
                asked = {**payload, "seed": seed} if action == "generate" else payload
                runs.append(b.execute_async_script(ANSWER, action, asked))
            out[row] = ([ms for ms, _ in runs], [answer for _, answer in runs])
    finally:
        b.quit()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--site", help="a site folder already built (default: built into a temporary folder)")
    ap.add_argument("--skip-30x30", action="store_true", help="leave out the 30x30 hard generation and Cancel")
    ap.add_argument("--only", choices=("start", "work", "heavy"),
                    help="the start alone, the page's work alone, or the heavy actions' table alone")
    args = ap.parse_args()
    from slitherasp.web.site import build

    folder = Path(args.site) if args.site else Path(tempfile.mkdtemp()) / "site"
    if not args.site:
        build(folder)
    proc, site_url = serve_folder(folder)
    local_url = server()
    loopy_7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    try:
        rows: dict[str, dict[str, list[float] | str]] = {"site": {}, "server": {}}
        for name, url in (("site", site_url), ("server", local_url)):
            if args.only in (None, "start"):
                rows[name].update(start(url, args.rounds, folder if name == "site" else None))
            if args.only in (None, "work"):
                first, again = visit(url, loopy_7, args.rounds)
                rows[name].update({"first visit: board on screen": first, "second visit (cached)": again,
                                   **actions(url, args.rounds, not args.skip_30x30)})
        work = {}
        if args.only in (None, "heavy"):
            # the server with the browser's time limit, so that both may finish what they start
            from slitherasp.web import api
            from slitherasp.web.browser import TIME_LIMIT

            api.TIME_LIMIT, patient = TIME_LIMIT, server(TIME_LIMIT)
            work = {name: heavy(url, args.rounds) for name, url in (("site", site_url), ("server", patient))}
    finally:
        proc.kill()
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}\n")
    if rows["site"]:
        first_table(rows)
    if work:
        heavy_table(work)


def heavy_table(work: dict[str, dict]) -> None:
    print()
    print("| heavy action | static site: median (max) ms | local server: median (max) ms | site / server "
          "| same answer |")
    print("|---|---:|---:|---:|---|")
    for row, (times, answers) in work["site"].items():
        other, theirs = work["server"][row]
        ratio = statistics.median(times) / max(statistics.median(other), 1e-9)
        print(f"| {row} | {statistics.median(times):.0f} ({max(times):.0f}) | {statistics.median(other):.0f} "
              f"({max(other):.0f}) | {ratio:.2f} | {'yes' if answers == theirs else 'no'} |")


def first_table(rows: dict[str, dict]) -> None:
    goals = {"cold visit: board playable": "1500", "cold visit: downloaded before the board (gzip)": "8 MB",
             **{f"cold visit, {name}: board": "3000" for name in SHARED},
             **{f"cold visit: {what} answered": "5000" for what in ("Hint", "Solve", "Generate 6x6 (made by Python)")},
             "second visit: board": "500", "second visit: hint answered": "1500",
             "first visit: board on screen": "1500", "second visit (cached)": "500", "hint": "500", "live": "1000",
             "generate 10x10 hard": "3000", "generate 7x7 normal": "1000", "generate 30x30 hard": "60000",
             "memory": "300 MB"}
    print("| what | static site: median (max) | local server: median (max) | goal |")
    print("|---|---:|---:|---:|")
    for what in rows["site"]:
        cells = []
        for side in ("site", "server"):
            v = rows[side].get(what, "")
            if isinstance(v, list):
                unit = " MB" if what == "memory" else " ms"
                cells.append(f"{statistics.median(v):.0f}{unit} ({max(v):.0f})")
            else:
                cells.append(str(v))
        print(f"| {what} | {cells[0]} | {cells[1]} | {goals.get(what, '-')} |")


if __name__ == "__main__":
    main()
