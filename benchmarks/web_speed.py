"""The web app's speed in a real browser (headless Chromium via selenium, the server
in this process): opening a link until the board is playable; click-to-paint (a press
and release on an edge, dispatched as pointer events, until the next frame is painted,
which includes the rules the page checks after every change) on a 30x30 square and
Cairo, a 60x60 square and a 30x30 hats board; one wheel step of zoom until painted on
the big ones (twice as many steps, in and out, after one to warm up); a hint on a 20x20
Loopy Hard with every other edge already marked right; and the live answer while
composing on a 15x15 (from the click on a face until the status line says how many
answers there are; the page waits 150 ms for more clicks first). Wall-clock
milliseconds, median and worst of ``--rounds``; needs ``chromium`` and
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
from slitherasp.make.generate import generate
from slitherasp.solver.run import solve
from slitherasp.web.api import share_text
from slitherasp.web.app import create_app

TAP = """
const [x, y] = arguments[0], box = document.querySelector('#board'), m = box.querySelector('svg').getScreenCTM();
const at = {clientX: m.a * x + m.c * y + m.e, clientY: m.b * x + m.d * y + m.f, bubbles: true, pointerId: 1,
            pointerType: 'mouse', button: 0, isPrimary: true};
box.dispatchEvent(new PointerEvent('pointerdown', at));
box.dispatchEvent(new PointerEvent('pointerup', at));
"""
PRESS = f"""
const done = arguments[arguments.length - 1], t = performance.now();
{TAP}
requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0));
"""
CLICK_EDGE = """
const g = window.slitherasp.app.g, e = arguments[0];
const node = document.querySelector('[data-edge="' + e + '"]'), before = node.dataset.state;
return [[(g.vx[g.ea[e]] + g.vx[g.eb[e]]) / 2, (g.vy[g.ea[e]] + g.vy[g.eb[e]]) / 2], before];
"""
WHEEL = """
const done = arguments[arguments.length - 1];
const box = document.querySelector('#board'), r = box.getBoundingClientRect(), t = performance.now();
box.dispatchEvent(new WheelEvent('wheel', {deltaY: arguments[0], clientX: r.left + r.width / 2,
                                           clientY: r.top + r.height / 2, bubbles: true, cancelable: true}));
requestAnimationFrame(() => setTimeout(() => done(performance.now() - t), 0));
"""


def server(time_limit: float | None = None) -> str:
    """The app on a free local port, in threads of this process (``time_limit``: each
    action's, default the server's)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(time_limit=time_limit)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
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
    b.get(url + "static/favicon.svg")
    b.execute_script("localStorage.clear()")
    start = time.perf_counter()
    b.get(f"{url}?p={quote(text)}")
    WebDriverWait(b, 120, poll_frequency=0.005).until(lambda d: "faces" in status(d))
    return 1000 * (time.perf_counter() - start)


def clicks(b: webdriver.Chrome, rounds: int) -> list[float]:
    """Click-to-paint on edges spread over the board; each click must change its edge."""
    edges = b.execute_script("return window.slitherasp.app.g.nE")
    times = []
    for k in range(rounds):
        e = (2 * k + 1) * edges // (2 * rounds)
        at, before = b.execute_script(CLICK_EDGE, e)
        times.append(b.execute_async_script(PRESS, at))
        after = b.execute_script("return document.querySelector(arguments[0]).dataset.state", f'[data-edge="{e}"]')
        assert after != before, f"a click on edge {e} did not change it"
    return times


def until(b: webdriver.Chrome, action: str, words: str, *args: object) -> float:
    b.execute_script("document.querySelector('[data-role=status]').textContent = ''")
    start = time.perf_counter()
    b.execute_script(action, *args)
    WebDriverWait(b, 60, poll_frequency=0.005).until(lambda d: words in status(d))
    return 1000 * (time.perf_counter() - start)


def boards(b: webdriver.Chrome, url: str, rounds: int) -> list[tuple[str, list[float], int]]:
    rows = []
    for name, size, make in (("square", 30, True), ("cairo", 30, True), ("square", 60, False), ("hats", 30, False)):
        if make:  # a generated puzzle, clues and all
            text = write_text(generate(tilings.build(name, size, size, seed=1), seed=1).puzzle, "loopy").strip()
        else:  # a blank board: click-to-paint costs the same with or without clues
            text = share_text(tilings.build(name, size, size, seed=1))
        opened = [open_ms(b, url, text) for _ in range(rounds if make else 1)]
        edges = b.execute_script("return window.slitherasp.app.g.nE")
        what = f"{size}x{size} {name} ({edges} edges)"
        rows.append((f"open a {what} until playable", opened, 1000 if make else 0))
        rows.append((f"click-to-paint on the {what}", clicks(b, rounds), 50))
        if not make:
            zooms = [b.execute_async_script(WHEEL, -100 if k % 2 == 0 else 100) for k in range(2 * rounds + 1)][1:]
            rows.append((f"one wheel step of zoom on the {what}", zooms, 50))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    url, b = server(), browser()
    rows = boards(b, url, args.rounds)
    loopy_20 = (Path(__file__).parent / "data" / "explain-speed.txt").read_text().splitlines()[3].split()[1]
    puzzle = read_text(loopy_20, "20x20", "loopy")
    answer = solve(puzzle).answer or set()
    half = [(e, e in answer) for e in range(0, len(puzzle.edges), 2)]  # every other edge, right
    open_ms(b, url, loopy_20)
    b.execute_script("const app = window.slitherasp.app;"
                     + "".join(f"app.state[{e}] = {1 if line else 2};" for e, line in half)
                     + "window.slitherasp.repaint();")
    hints = [until(b, "document.querySelector('[data-action=hint]').click()", "Hint") for _ in range(args.rounds)]
    rows.append((f"hint on a half-played 20x20 Loopy Hard square ({len(half)} marks)", hints, 300))
    open_ms(b, url, write_text(tilings.build("square", 15, 15), "pzpr").strip())
    b.execute_script("document.querySelector('[data-action=compose]').click()")
    live = [until(b, TAP, "clue", [c % 15 + 1, c // 15 + 1]) for c in range(0, 16 * args.rounds, 16)]
    rows.append(("live answers composing on a 15x15 square (150 ms of waiting included)", live, 500))
    b.quit()
    print("| what | median ms | max ms | goal ms |")
    print("|---|---:|---:|---:|")
    for what, times, goal in rows:
        print(f"| {what} | {statistics.median(times):.0f} | {max(times):.0f} | {goal or '-'} |")


if __name__ == "__main__":
    main()
