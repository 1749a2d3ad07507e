"""The static site (``slitherasp site``) in a real headless Chromium, served by a plain
static file server (``python -m http.server``: no slitherasp process), played with real
pointer input: to "Solved" by drags, a hint, a generated puzzle, a composed one with
one answer, and a reload with the server stopped (offline, from the service worker's
copy). Answers are judged by the SAT checker of ``stepcheck``, not by the page.

The runtimes come from the npm registry (cached after the first build); where it
cannot be reached, or no browser is installed, these tests skip.
"""

from __future__ import annotations

import socket
import subprocess
import sys
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
from slitherasp.model.errors import InputError

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
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Page, subprocess.Popen, str | None]]:
    """The page of a site built with its manual (where MkDocs is installed: else the reason
    it has none), served by a static server."""
    from slitherasp.web.site import build

    folder = tmp_path_factory.mktemp("site") / "public"
    try:
        made = build(folder)
    except InputError as e:
        if "cannot fetch" in str(e):
            pytest.skip(f"the runtimes cannot be fetched here: {e}")
        raise
    browser = _browser()
    server, port = _serve(folder)
    try:
        yield Page(browser, f"http://127.0.0.1:{port}/"), server, made["manual"]
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


def test_the_site_plays_hints_generates_composes_and_works_offline(
        site: tuple[Page, subprocess.Popen, str | None]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    page, server, no_manual = site
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
    # a snapshot that does not load (here: its bytes spoilt) is dropped: Python starts
    # anew, plays, and keeps a fresh one
    spoilt = page.b.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('python-start').then(async (c) => { const [key] = await c.keys();"
        "  await c.put(key, new Response(new Uint8Array(4096).fill(7))); done(key.url); });")
    _open(page, LOOPY_7x7)
    _hint(page)
    assert _worker(page, "fromSnapshot") is False
    page.wait(lambda: page.b.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"caches.open('python-start').then((c) => c.match({spoilt!r})).then((r) => r ? r.arrayBuffer() : null)"
        ".then((b) => done(b ? b.byteLength : 0));") > 1_000_000, START)
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

