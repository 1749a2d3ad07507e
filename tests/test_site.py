"""The static site (``slitherasp site``) in a real headless Chromium, served by a plain
static file server (``python -m http.server``: no slitherasp process), played with real
pointer input: to "Solved" by drags, a hint, a generated puzzle, a composed one with
one answer, and a reload with the server stopped (offline, from the service worker's
copy); a first visit's board before Python has started (a server that holds Python's
runtime back until told), a second visit's without Python, and the daily puzzle made in
the browser as the command line makes it. Answers are judged by the SAT checker of
``stepcheck``, not by the page.

The runtimes come from the npm registry (cached after the first build); where it
cannot be reached, or no browser is installed, these tests skip. Python's start snapshot
is made by Node.js where it is installed (else the browser makes its own).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from stepcheck import answers
from test_web_page import LOOPY_7x7, Page, _browser, loop_through

import slitherasp
from slitherasp import tilings
from slitherasp.formats import read_text, write_text

START = 240.0
"""Seconds the page may take to start Python on a busy machine (about 3 s on a quiet one)."""


def _serve(folder: Path) -> tuple[subprocess.Popen, int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(folder)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return server, port
        time.sleep(0.05)
    server.kill()
    pytest.fail("the static server did not start")


@pytest.fixture(scope="module")
def folder(built: tuple[Path, str | None]) -> Path:
    """The site's folder."""
    return built[0]


@pytest.fixture(scope="module")
def no_manual(built: tuple[Path, str | None]) -> str | None:
    """Why the site has no manual (None when it has one)."""
    return built[1]


@pytest.fixture(scope="module")
def site(folder: Path) -> Iterator[tuple[Page, subprocess.Popen]]:
    browser = _browser()
    server, port = _serve(folder)
    try:
        yield Page(browser, f"http://127.0.0.1:{port}/"), server
    finally:
        browser.quit()
        server.kill()


def _open(page: Page, text: str) -> None:
    page.b.get(f"{page.url}?p={quote(text)}")
    page.wait(lambda: "faces" in page.status() or "Solved" in page.status(), START)


def _hint(page: Page) -> None:
    """A hint on the board cleared of the player's marks, from Python in the worker."""
    page.act("clear")
    page.act("hint")
    page.wait(lambda: "Hint" in page.status(), START)


def _worker(page: Page, name: str) -> object:
    """What the page's worker module (static/pyworker.js) says in its export ``name``."""
    return page.b.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"import('./static/pyworker.js').then((m) => done(m.{name}));")


def _built(folder: Path) -> Path | None:
    """The build's snapshot of Python, where Node.js made one."""
    return next(iter(folder.glob("py/start-*.bin.gz")), None)


class _Holding(http.server.SimpleHTTPRequestHandler):
    """A static server that holds back the files under ``held`` until ``gate`` opens."""

    held: tuple[str, ...] = ()
    gate = threading.Event()

    def do_GET(self) -> None:  # the standard library's name
        if self.path.startswith(self.held):
            self.gate.wait(START)
        super().do_GET()

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def _holding(folder: Path, held: tuple[str, ...]) -> Iterator[tuple[str, threading.Event]]:
    """The site served with ``held`` held back (its address and the gate that releases them)."""
    gate = threading.Event()
    handler = type("Held", (_Holding,), {"held": held, "gate": gate})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", gate
    finally:
        gate.set()
        server.shutdown()
        server.server_close()


def test_a_first_visit_plays_before_python_has_started_and_every_action_waits_for_it(folder: Path) -> None:
    """Issue 46: the first visit waited 8.8 s for Python with "Loading…" and no sign of
    progress. Here Python's runtime is held back by the server: the board must come,
    play and check without it, New must open a ready puzzle, and a hint asked meanwhile
    must say it waits, then be answered once the runtime arrives."""
    with _holding(folder, ("/pyodide/pyodide.asm.wasm",)) as (url, gate):
        page = Page(_browser(), url)  # a fresh profile: nothing kept
        try:
            page.b.get(url)
            page.wait(lambda: "faces" in page.status() or "puzzle" in page.status(), START)
            assert page.js("return window.slitherasp.python.state") == "starting"
            assert "Python" in page.text("engine") and "…" in page.text("engine")  # what starts, for how long
            first = page.puzzle()
            assert len(answers(first, limit=2)) == 1  # a real puzzle, with one answer
            page.stroke([(0.5, 0.5), (1.5, 0.5), (2.5, 0.5)])
            assert len(page.drawn()) == 2
            page.act("check")
            assert "No rule is broken" in page.status() or "red" in page.status()
            before = page.b.current_url
            page.act("generate")  # a ready puzzle of the site, while Python is still held back
            page.wait(lambda: page.b.current_url != before and "New puzzle" in page.status())
            assert page.js("return window.slitherasp.python.state") == "starting"
            assert len(answers(page.puzzle(), limit=2)) == 1
            page.act("hint")
            page.wait(lambda: "waiting for Python" in page.status())
            time.sleep(0.5)
            assert "waiting for Python" in page.status()  # still waiting, and saying so
            gate.set()
            page.wait(lambda: "Hint" in page.status(), START)  # the click was not lost
            assert page.js("return window.slitherasp.python.state") == "ready"
            page.wait(lambda: "Python ready" in page.text("engine"))
        finally:
            page.b.quit()


def test_a_second_visit_shows_the_board_it_left_without_waiting_for_python(site: tuple[Page, subprocess.Popen]) -> None:
    page, _ = site
    _open(page, LOOPY_7x7)
    page.act("clear")
    page.stroke([(0.5, 0.5), (1.5, 0.5)])
    page.b.get(page.url)  # the bare address: the puzzle last played
    page.wait(lambda: "faces" in page.status())
    assert len(page.drawn()) == 1
    assert page.js("return window.slitherasp.firstBoard.python") == "starting"  # drawn before Python answered
    page.act("hint")
    page.wait(lambda: "Hint" in page.status(), START)


def test_the_next_puzzle_is_made_ahead_in_the_browser_and_new_opens_it(site: tuple[Page, subprocess.Popen]) -> None:
    page, _ = site
    _open(page, LOOPY_7x7)
    page.wait(lambda: page.js("return Boolean(window.slitherasp.ahead.made)"), START)  # 7x7 Normal, made ahead
    made = page.js("return window.slitherasp.ahead.made.puzzle")
    spawns = _worker(page, "spawns")
    page.js("window.seen = []; new MutationObserver(() => window.seen.push("
            "document.querySelector('[data-role=status]').textContent))"
            ".observe(document.querySelector('[data-role=status]'),"
            " {childList: true, characterData: true, subtree: true})")
    page.act("generate")
    assert "New puzzle" in page.status() and not [s for s in page.js("return window.seen") if "Making" in s]
    assert page.puzzle().clues == read_text(made).clues and len(answers(page.puzzle(), limit=2)) == 1
    assert _worker(page, "spawns") == spawns  # made beside the player's Python, which went on


def test_the_daily_puzzle_in_the_browser_is_the_command_lines(folder: Path, site: tuple[Page, subprocess.Popen],
                                                              tmp_path: Path) -> None:
    page, _ = site
    out = subprocess.run([sys.executable, "-m", "slitherasp.cli", "generate", "--daily", "2025-06-01", "cairo",
                          "--difficulty", "hard", "-o", str(tmp_path), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    made = read_text(Path(json.loads(out.stdout)["instance"]).read_text(), "daily.lp")
    page.b.get(f"{page.url}?daily=2025-06-01&tiling=cairo&level=hard")
    page.wait(lambda: "everyone" in page.status(), START)
    assert "2025-06-01: cairo, hard" in page.status()
    shown = page.puzzle()
    assert shown.clues == made.clues and len(shown.edges) == len(made.edges)


def test_a_page_kept_for_the_back_button_lets_its_worker_go(site: tuple[Page, subprocess.Popen]) -> None:
    """Chromium keeps a page left by a link for the back button (the back-forward
    cache), workers and all: Python and clingo-wasm, 60-80 MB of the renderer. The
    page lets its worker go when it is kept, and starts a fresh one when shown again."""
    page, _ = site
    _open(page, LOOPY_7x7)
    _hint(page)
    assert _worker(page, "spawns") == 1
    page.js("window.keptForBack = true")
    _open(page, write_text(tilings.build("square", 2, 1), "pzpr").strip())
    page.b.back()
    page.wait(lambda: "faces" in page.status() or "Hint" in page.status(), START)
    if not page.js("return window.keptForBack === true"):
        pytest.skip("this browser kept no page for the back button")
    _hint(page)  # the next action: a fresh worker (the kept page's was let go)
    assert _worker(page, "spawns") == 2


def test_the_site_plays_hints_generates_composes_and_works_offline(folder: Path, site: tuple[Page, subprocess.Popen],
                                                                   no_manual: str | None) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    page, server = site
    p = read_text(LOOPY_7x7)
    (answer,) = answers(p)
    _open(page, LOOPY_7x7)
    assert page.js("return window.slitherasp !== undefined")
    # a hint, from Python in the worker (no server answers /api/ here)
    page.act("hint")
    page.wait(lambda: "Hint" in page.status(), START)
    # play to "Solved" by pointer drags (the rules run in the page)
    page.act("clear")
    page.stroke(loop_through(page, set(answer)))
    page.wait(lambda: "Solved" in page.status())
    assert page.drawn() == set(answer)
    # generate a new puzzle: unique, by the judge
    before = page.b.current_url
    page.act("generate")
    page.wait(lambda: page.b.current_url != before and "…" not in page.status(), START)
    made = page.puzzle()
    assert len(answers(made, limit=2)) == 1
    # compose: a 4 and a 1 on two squares have one answer, said live
    _open(page, write_text(tilings.build("square", 2, 1), "pzpr").strip())
    page.act("compose")
    for cell, key, said in ((0, "4", "1 clue: "), (1, "1", "2 clues: one answer")):
        x, y = page.screen(*page.centre(cell))
        actions = ActionChains(page.b)
        actions.w3c_actions.pointer_action.move_to_location(x, y)
        actions.perform()
        page.press(key)
        page.wait(lambda said=said: said in page.status(), START)
    # the second clue's live check aborts the first's, which had ended: Python goes on
    # in the same worker (an abort after the answer once restarted it, seconds each)
    assert _worker(page, "spawns") == 1
    page.wait(lambda: page.puzzle().clues == (4, 1), START)  # the address shares it once Python wrote it
    assert len(answers(page.puzzle())) == 1
    # offline: once the service worker holds every file, stop the server and reload
    page.b.set_script_timeout(START)
    kept = page.b.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then(async () => {"
        "  for (let i = 0; i < 2400; i++) {"
        "    const names = (await caches.keys()).filter((n) => n.startsWith('slitherasp-'));"
        "    if (names.length) { const c = await caches.open(names[0]); const n = (await c.keys()).length;"
        "      if (n >= 30) return done(n); }"
        "    await new Promise((r) => setTimeout(r, 100)); }"
        "  done(0); });")
    assert kept >= 30
    server.kill()
    server.wait()
    _open(page, LOOPY_7x7)  # solved before: the page kept the lines
    assert page.drawn() == set(answer)
    _hint(page)
    assert _worker(page, "fromSnapshot") is True  # this visit's Python: from the snapshot an earlier one kept
    # the build's snapshot, once it has started Python, is kept unpacked (later visits
    # start from that copy); snapshots that do not load (here: both, their bytes spoilt)
    # are dropped: Python starts anew, plays, and keeps a snapshot of its own, from which
    # the next visit starts
    kept_bytes = ("const done = arguments[arguments.length - 1];"
                  "caches.open('python-start').then(async (c) => { const [key] = await c.keys();"
                  "  const r = key && await c.match(key); done(r ? (await r.arrayBuffer()).byteLength : 0); });")
    built = _built(folder)
    if built is not None:
        page.wait(lambda: page.b.execute_async_script(kept_bytes) > 1_000_000, START)
        page.b.execute_async_script(
            "const [name, done] = arguments;"
            "caches.keys().then(async (names) => { for (const n of names.filter((n) => n.startsWith('slitherasp-'))) {"
            "  const c = await caches.open(n), spoilt = new Blob([new Uint8Array(4096).fill(7)]).stream()"
            "    .pipeThrough(new CompressionStream('gzip'));"
            "  await c.put(new URL('py/' + name, location.href).href, new Response(spoilt)); } done(); });", built.name)
    page.b.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('python-start').then(async (c) => { const [key] = await c.keys();"
        "  await c.put(key, new Response(new Uint8Array(4096).fill(7))); done(); });")
    _open(page, LOOPY_7x7)
    _hint(page)
    assert _worker(page, "fromSnapshot") is False
    page.wait(lambda: page.b.execute_async_script(kept_bytes) > 1_000_000, START)
    _open(page, LOOPY_7x7)
    _hint(page)
    assert _worker(page, "fromSnapshot") is True
    # the daily puzzle, offline: Python in the browser makes it
    page.act("daily")
    page.wait(lambda: "Today's puzzle" in page.status(), START)
    assert len(answers(page.puzzle(), limit=2)) == 1
    # the manual, offline too: linked from the help, its pages kept by the service worker
    _the_manual_is_read_offline(page, no_manual)


def _the_manual_is_read_offline(page: Page, no_manual: str | None) -> None:
    about = page.js("return document.querySelector('[data-role=about]').textContent")
    assert f"slitherasp {slitherasp.__version__}" in about
    if no_manual is not None:
        assert "manual" not in about
        pytest.skip(f"the site has no manual here: {no_manual}")
    link = page.js("return document.querySelector('[data-role=about] a').href")
    assert link == page.url + "docs/index.html"
    page.b.get(link)  # the server is stopped: the service worker's copy
    page.wait(lambda: f"manual of slitherasp {slitherasp.__version__}" in page.js("return document.body.innerText"))
    page.b.get(page.url + "docs/manual/variants.html")
    text = page.wait(lambda: page.js("return document.body.innerText"))
    assert "Litherslink" in text and "sheep" in text
    external = page.js("return [...document.querySelectorAll('link[href], script[src], img[src]')]"
                       ".map((e) => e.href || e.src).filter((u) => !u.startsWith(location.origin))")
    assert external == []

