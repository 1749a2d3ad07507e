"""The web app: its JSON API through an in-process client, and the page in a real
headless Chromium (selenium), where one is installed (``.ci/run`` installs Debian's
``chromium`` and ``chromium-driver``); answers are judged by the validator and the SAT
checker of ``stepcheck``, not by what the page or the server say."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from stepcheck import answers

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.validate import check
from slitherasp.web.app import create_app

LOOPY_7x7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def pairs(puzzle, edges):  # type: ignore[no-untyped-def]
    return [list(puzzle.edge_names(e)) for e in sorted(edges)]


# -- the API ---------------------------------------------------------------------------------
def test_solve_returns_a_valid_unique_answer(client: TestClient) -> None:
    r = client.post("/api/solve", json={"puzzle": LOOPY_7x7, "unique": True})
    data = r.json()
    assert r.status_code == 200 and data["result"] == "SATISFIABLE" and data["unique"] is True
    p = read_text(LOOPY_7x7)
    index = {tuple(p.edge_names(e)): e for e in range(len(p.edges))}
    assert answers(p) == [frozenset(index[tuple(x)] for x in data["links"])]


def test_check_hint_convert_render_grade(client: TestClient) -> None:
    p = read_text(LOOPY_7x7)
    answer = answers(p)[0]
    ok = client.post("/api/check", json={"puzzle": LOOPY_7x7, "links": pairs(p, answer)}).json()
    assert ok["valid"] is True
    wrong = client.post("/api/check", json={"puzzle": LOOPY_7x7, "links": pairs(p, list(answer)[:-1])}).json()
    assert wrong["valid"] is False and {v["kind"] for v in wrong["violations"]} >= {"degree"}
    h = client.post("/api/hint", json={"puzzle": LOOPY_7x7, "links": [], "non_links": []}).json()
    assert h["step"]["reason"]["rules"] and h["wrong"] == {"links": [], "non_links": []}
    lp = client.post("/api/convert", json={"puzzle": LOOPY_7x7, "to": "lp"}).json()["text"]
    assert read_text(lp).clues == p.clues
    svg = client.post("/api/render", json={"puzzle": LOOPY_7x7, "links": pairs(p, answer)}).json()["svg"]
    assert svg.startswith("<svg") or "<svg" in svg[:200]
    g = client.post("/api/grade", json={"puzzle": LOOPY_7x7}).json()
    assert g["human_grade"] == "easy" and g["unique"] is True


def test_composed_clues_and_reduce_keep_one_answer(client: TestClient) -> None:
    full = tilings.build("square", 4, 4)
    text = write_text(full, "pzpr").strip()
    answer = answers(tilings.build("square", 4, 4).with_clues([None] * 16), limit=1)[0]
    clues = list(full.signature(answer))
    r = client.post("/api/reduce", json={"puzzle": text, "clues": clues}).json()
    reduced = full.with_clues(r["clues"])
    assert reduced.clue_count() < 16 and answers(reduced) == [answer]


def test_generate_and_tiling(client: TestClient) -> None:
    made = client.post("/api/generate", json={"tiling": "cairo", "size": "4x4", "seed": 3,
                                              "difficulty": "normal"}).json()
    p = read_text(made["puzzle"])
    assert made["grade"] == "normal" and len(answers(p)) == 1 and made["timed_out"] is False
    blank = read_text(client.post("/api/tiling", json={"tiling": "hats", "size": "6x6", "seed": 1}).json()["puzzle"])
    assert blank.clue_count() == 0 and len(blank.cells) > 10


@pytest.mark.parametrize("body, words", [
    ({"puzzle": "edge(1,2"}, "<puzzle>:1:"),
    ({"puzzle": ""}, "'puzzle' must be"),
    ({"puzzle": LOOPY_7x7, "links": [["x", "y"]]}, "is not an edge"),
    ({"puzzle": LOOPY_7x7, "clues": [9] * 49}, "is not a number"),
])
def test_bad_input_is_400_with_one_line(client: TestClient, body: dict, words: str) -> None:
    r = client.post("/api/check", json=body)
    assert r.status_code == 400 and words in r.json()["error"] and "\n" not in r.json()["error"]


def test_generation_stopped_by_the_time_limit_is_still_unique(client: TestClient, monkeypatch) -> None:
    from slitherasp.web import api

    monkeypatch.setattr(api, "TIME_LIMIT", 0.0)
    made = client.post("/api/generate", json={"tiling": "square", "size": "5x5", "seed": 1}).json()
    p = read_text(made["puzzle"])
    assert made["timed_out"] is True and p.clue_count() == 25 and len(answers(p)) == 1


def test_a_request_whose_client_went_away_stops(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The client hangs up right after sending: the generation stops before its first
    removal test (as Ctrl-C would), where it would otherwise remove most clues."""
    from slitherasp.web import workers

    monkeypatch.setattr(workers, "WATCH", 0.0)
    body = json.dumps({"tiling": "square", "size": "12x12", "seed": 1}).encode()
    messages = iter([{"type": "http.request", "body": body, "more_body": False}])
    sent: list[dict] = []

    async def receive() -> dict:
        return next(messages, {"type": "http.disconnect"})

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/generate", "raw_path": b"/api/generate", "query_string": b"",
             "headers": [(b"content-type", b"application/json"), (b"host", b"127.0.0.1")], "server": ("test", 80),
             "client": ("test", 1), "root_path": ""}
    asyncio.run(create_app()(scope, receive, send))
    made = json.loads(b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body"))
    if "error" in made:  # stopped while its session was still grounding: nothing to keep
        assert "client has gone" in made["error"]
        return
    p = read_text(made["puzzle"])
    assert p.clue_count() == 144 and len(answers(p)) == 1  # the full clue set of its loop: unique


def test_generation_too_big_for_the_page(client: TestClient) -> None:
    r = client.post("/api/generate", json={"tiling": "square", "size": "50x50"})
    assert r.status_code == 400 and "slitherasp generate" in r.json()["error"]


def test_bad_requests(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    assert client.post("/api/solve", content=b"{not json", headers=as_json).status_code == 400
    assert client.post("/api/solve", content=b"[1]", headers=as_json).status_code == 400
    assert client.post("/api/nothing", json={}).status_code == 404
    assert client.post("/api/solve", content=b" " * 5_000_000, headers=as_json).status_code == 413
    assert client.get("/").status_code == 200 and 'data-role="status"' in client.get("/").text


# -- the page, in a real browser -----------------------------------------------------------------
def _browser():  # type: ignore[no-untyped-def]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not (chromium and driver):
        pytest.skip("no chromium and chromedriver installed (apt install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900"):
        options.add_argument(flag)
    return webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver), options=options)


@pytest.fixture(scope="module")
def site():  # type: ignore[no-untyped-def]
    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    browser = _browser()
    yield browser, f"http://127.0.0.1:{port}/"
    browser.quit()
    server.should_exit = True
    thread.join(5)


def wait_for(browser, condition, seconds: float = 30):  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, seconds).until(lambda b: condition(b))


def status(browser) -> str:  # type: ignore[no-untyped-def]
    return browser.find_element("css selector", "[data-role=status]").text


def states(browser) -> list[str]:  # type: ignore[no-untyped-def]
    return browser.execute_script(
        "return [...document.querySelectorAll('[data-edge]')].map(g => g.dataset.state)")


def tap(browser, selector: str) -> None:  # type: ignore[no-untyped-def]
    """A real mouse click at the middle of an element (SVG lines have no box to click)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).move_to_element(browser.find_element("css selector", selector)).click().perform()


def act(browser, name: str) -> None:  # type: ignore[no-untyped-def]
    browser.find_element("css selector", f"button[data-action={name}]").click()


def open_puzzle(browser, url: str, text: str) -> None:  # type: ignore[no-untyped-def]
    browser.get(f"{url}?p={quote(text)}")
    browser.execute_script("localStorage.clear()")
    browser.get(f"{url}?p={quote(text)}")
    wait_for(browser, lambda b: "edges" in status(b))


def choose_grid(browser, url: str, tiling: str, size: str) -> None:  # type: ignore[no-untyped-def]
    """Open the page and pick the tiling and size that Generate and Blank use."""
    from selenium.webdriver.support.ui import Select

    browser.get(url)
    wait_for(browser, lambda b: b.find_elements("css selector", "#tiling option"))
    Select(browser.find_element("id", "tiling")).select_by_value(tiling)
    field = browser.find_element("id", "size")
    field.clear()
    field.send_keys(size)


def solved_lines(browser, puzzle) -> set[int]:  # type: ignore[no-untyped-def]
    return {e for e, s in enumerate(states(browser)) if s == "line"}


def test_play_with_undo_hint_check_and_solve(site) -> None:  # type: ignore[no-untyped-def]
    browser, url = site
    p = read_text(LOOPY_7x7)
    open_puzzle(browser, url, LOOPY_7x7)
    assert len(states(browser)) == len(p.edges)
    tap(browser, "[data-hit='5']")
    assert states(browser)[5] == "line"
    tap(browser, "[data-hit='5']")
    assert states(browser)[5] == "cross"
    act(browser, "undo")
    assert states(browser)[5] == "line"
    act(browser, "redo")
    assert states(browser)[5] == "cross"
    act(browser, "clear")
    assert set(states(browser)) == {"empty"}
    act(browser, "hint")
    wait_for(browser, lambda b: "Hint" in status(b))
    assert "Why:" in browser.find_element("css selector", "[data-role=reason]").text
    assert browser.find_elements("css selector", ".settled-edge")
    tap(browser, "[data-hit='0']")
    act(browser, "check")
    wait_for(browser, lambda b: "problem" in status(b))
    act(browser, "solve")
    wait_for(browser, lambda b: "unique" in status(b))
    lines = solved_lines(browser, p)
    assert check(p, p.links(lines)).valid and answers(p) == [frozenset(lines)]
    act(browser, "check")
    wait_for(browser, lambda b: "Solved" in status(b))


def test_progress_is_kept_in_the_browser(site) -> None:  # type: ignore[no-untyped-def]
    browser, url = site
    open_puzzle(browser, url, LOOPY_7x7)
    tap(browser, "[data-hit='3']")
    browser.refresh()
    wait_for(browser, lambda b: "edges" in status(b))
    assert states(browser)[3] == "line"


@pytest.mark.parametrize("name, size", [("hats", 6), ("cairo", 4), ("penrose-p3", 6)])
def test_other_tilings_play_and_solve(site, name: str, size: int) -> None:  # type: ignore[no-untyped-def]
    from slitherasp.generate import generate

    browser, url = site
    made = generate(tilings.build(name, size, size, seed=2), seed=2, difficulty="easy")
    text = write_text(made.puzzle, "loopy").strip()
    open_puzzle(browser, url, text)
    p = read_text(text)
    assert len(states(browser)) == len(p.edges)
    act(browser, "solve")
    wait_for(browser, lambda b: "unique" in status(b))
    lines = solved_lines(browser, p)
    assert check(p, p.links(lines)).valid
    shot = os.environ.get("SLITHERASP_SCREENSHOT")
    if shot and name == "hats":  # the README's picture: python -m pytest tests/test_web.py
        browser.find_element("css selector", "[data-action=shade]").click()
        Path(shot).parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(shot)


def test_generate_button_says_when_the_time_limit_stopped_it(site, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from slitherasp.web import api

    browser, url = site
    choose_grid(browser, url, "square", "5x5")
    act(browser, "generate")
    wait_for(browser, lambda b: "New puzzle" in status(b))
    assert "time limit" not in status(browser)
    monkeypatch.setattr(api, "TIME_LIMIT", 0.0)  # the server runs in this process
    act(browser, "generate")
    wait_for(browser, lambda b: "time limit" in status(b))
    assert "25 clues" in status(browser) and len(states(browser)) == 60


def test_compose_share_and_export(site) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import Select

    browser, url = site
    choose_grid(browser, url, "square", "2x1")
    act(browser, "blank")
    wait_for(browser, lambda b: "Compose" in status(b))
    for _ in range(5):  # no clue -> 0 -> 1 -> 2 -> 3 -> 4
        tap(browser, "[data-face='0']")
    wait_for(browser, lambda b: "clues:" in status(b))
    tap(browser, "[data-face='1']")  # a 1 beside the 4: only the 4's square is a loop
    tap(browser, "[data-face='1']")
    wait_for(browser, lambda b: "unique" in status(b))
    act(browser, "share")
    wait_for(browser, lambda b: "?p=" in b.find_element("id", "out").get_property("value"))
    link = browser.find_element("id", "out").get_property("value")
    shared = read_text(link.split("?p=", 1)[1].replace("%2F", "/").replace("%3A", ":").replace("%3F", "?"))
    assert sorted(k for k in shared.clues if k is not None) == [1, 4] and len(answers(shared)) == 1
    Select(browser.find_element("id", "format")).select_by_value("lp")
    act(browser, "export")
    wait_for(browser, lambda b: "clue(" in b.find_element("id", "out").get_property("value"))
    assert read_text(browser.find_element("id", "out").get_property("value")).clue_count() == 2


def test_forced_edges_are_what_every_answer_shares(client: TestClient) -> None:
    p = tilings.build("square", 3, 2).with_clues([3, None, None, None, None, 2])
    found = answers(p, limit=1000)
    assert len(found) > 1
    r = client.post("/api/solve", json={"puzzle": write_text(p, "pzpr").strip(), "forced": True}).json()
    index = {tuple(p.edge_names(e)): e for e in range(len(p.edges))}
    every = frozenset.intersection(*found)
    some = frozenset.union(*found)
    assert every  # a 3 in a corner: its two outer sides are in every answer
    assert {index[tuple(x)] for x in r["forced"]["links"]} == every
    assert {index[tuple(x)] for x in r["forced"]["non_links"]} == set(range(len(p.edges))) - some


def test_polygons_can_be_pasted(client: TestClient) -> None:
    square = '{"type": "Feature", "properties": {"clue": 4}, "geometry": {"type": "Polygon", ' \
             '"coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]}}'
    r = client.post("/api/solve", json={"puzzle": square}).json()
    assert r["unique"] is True and len(r["links"]) == 4
    wkt = "POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))\nPOLYGON ((1 0, 2 0, 2 1, 1 1, 1 0))"
    opened = client.post("/api/open", json={"puzzle": wkt}).json()
    assert len(opened["edges"]) == 7 and len(opened["scene"]["faces"]) == 2
    bad = client.post("/api/open", json={"puzzle": "POLYGON ((0 0, 1 0"})
    assert bad.status_code == 400 and "WKT" in bad.json()["error"]
