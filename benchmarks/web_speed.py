"""The web app's speed in a real browser (headless Chromium via selenium, the server
in this process): opening a link to a 30x30 puzzle until it is playable, a click on an
edge until the board shows it, a hint on a 20x20 Loopy Hard with every other edge
already marked right, and the
live answer while composing on a 15x15 (from the click on a face until the status
line says how many answers there are; the page waits 150 ms for more clicks first).
Wall-clock milliseconds, median of ``--rounds``; needs ``chromium`` and
``chromium-driver`` (Debian) and the ``test`` extra.

    python benchmarks/web_speed.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import quote

import uvicorn
from selenium import webdriver
from selenium.webdriver.support.ui import WebDriverWait

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.generate import generate
from slitherasp.solver import solve
from slitherasp.web.app import create_app

CLICK = """
const hit = document.querySelector('[data-hit="' + arguments[0] + '"]');
const g = document.querySelector('[data-edge="' + arguments[0] + '"]');
const before = g.dataset.state, t = performance.now();
hit.dispatchEvent(new MouseEvent('click', {bubbles: true}));
return [performance.now() - t, before !== g.dataset.state];
"""


def server() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="error"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}/"


def browser() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900"):
        options.add_argument(flag)
    return webdriver.Chrome(service=webdriver.ChromeService(shutil.which("chromedriver")), options=options)


def status(b: webdriver.Chrome) -> str:
    return b.find_element("css selector", "[data-role=status]").text


def open_ms(b: webdriver.Chrome, url: str, text: str) -> float:
    b.get(url)
    b.execute_script("localStorage.clear()")
    start = time.perf_counter()
    b.get(f"{url}?p={quote(text)}")
    WebDriverWait(b, 60, poll_frequency=0.005).until(lambda d: "edges" in status(d))
    return 1000 * (time.perf_counter() - start)


def until(b: webdriver.Chrome, action: str, words: str) -> float:
    b.execute_script("document.querySelector('[data-role=status]').textContent = ''")
    start = time.perf_counter()
    b.execute_script(action)
    WebDriverWait(b, 60, poll_frequency=0.005).until(lambda d: words in status(d))
    return 1000 * (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    url, b = server(), browser()
    rows = []
    for name in ("square", "cairo"):
        made = generate(tilings.build(name, 30, 30, seed=1), seed=1)
        text = write_text(made.puzzle, "loopy").strip()
        opened = [open_ms(b, url, text) for _ in range(args.rounds)]
        clicks = [b.execute_script(CLICK, e % len(made.puzzle.edges)) for e in range(0, 40 * args.rounds, 40)]
        assert all(changed for _, changed in clicks)
        rows.append((f"open a 30x30 {name} ({len(made.puzzle.edges)} edges) until playable", opened, 1000))
        rows.append((f"click an edge on the 30x30 {name}", [ms for ms, _ in clicks], 50))
    loopy_20 = (Path(__file__).parent / "data" / "explain-speed.txt").read_text().splitlines()[3].split()[1]
    puzzle = read_text(loopy_20, "20x20", "loopy")
    answer = solve(puzzle).answer or set()
    half = [(e, e in answer) for e in range(0, len(puzzle.edges), 2)]  # every other edge, right
    open_ms(b, url, loopy_20)
    b.execute_script("app.state = app.state.map((_, e) => 0);"
                     + "".join(f"app.state[{e}] = {1 if line else 2};" for e, line in half) + "paint();")
    hints = [until(b, "document.querySelector('[data-action=hint]').click()", "Hint") for _ in range(args.rounds)]
    rows.append((f"hint on a half-played 20x20 Loopy Hard square ({len(half)} marks)", hints, 300))
    blank = write_text(tilings.build("square", 15, 15), "pzpr").strip()
    open_ms(b, url, blank)
    b.execute_script("setMode('compose')")
    live = [until(b, f"document.querySelector('[data-face=\"{c}\"]').dispatchEvent(new MouseEvent('click'))", "clues:")
            for c in range(0, 15 * args.rounds, 15)]
    rows.append(("live answers composing on a 15x15 square (150 ms of waiting included)", live, 500))
    b.quit()
    print("| what | median ms | max ms | goal ms |")
    print("|---|---:|---:|---:|")
    for what, times, goal in rows:
        print(f"| {what} | {statistics.median(times):.0f} | {max(times):.0f} | {goal} |")


if __name__ == "__main__":
    main()
