"""The web app's JSON API through an in-process client (the page itself, in a real
browser: ``test_web_page``); answers are judged by the validator and the SAT checker
of ``stepcheck``, not by what the server says."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from stepcheck import answers

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.solver.grade import grade
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


def _full_4x4() -> tuple[dict, frozenset]:
    """A 4x4 square with every clue of one loop (unique), and that loop."""
    full = tilings.build("square", 4, 4)
    answer = answers(full, limit=1)[0]
    return {"puzzle": write_text(full, "pzpr").strip(), "clues": list(full.signature(answer))}, answer


def test_reduce_whose_first_solve_is_cut_short_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from slitherasp.make import redundant
    from slitherasp.model import stopping
    from slitherasp.model.results import UNKNOWN, Result
    from slitherasp.solver import sessions
    from slitherasp.web import api

    payload, answer = _full_4x4()
    assert api.reduce(payload)["timed_out"] is False
    # the time limit ends the first solve before any answer (as on a big board)
    cut = lambda self, clues, **kw: Result(puzzle=self.puzzle, status=UNKNOWN, timed_out=True)  # noqa: E731
    monkeypatch.setattr(sessions.Session, "solve", cut)
    monkeypatch.setattr(redundant, "reason", lambda: "time")
    with pytest.raises(stopping.StoppedError):  # not "only a puzzle with exactly one answer ..."
        api.reduce(payload)


def test_reduce_cut_short_keeps_one_answer_and_says_it_was_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    from slitherasp.make import redundant
    from slitherasp.web import api

    payload, answer = _full_4x4()
    asked = iter(range(10**6))
    monkeypatch.setattr(redundant, "reason", lambda: "time" if next(asked) >= 3 else None)
    r = api.reduce(payload)
    reduced = tilings.build("square", 4, 4).with_clues(r["clues"])
    assert r["timed_out"] is True and 0 < 16 - reduced.clue_count() <= 3 and answers(reduced) == [answer]


def test_generate_and_tiling(client: TestClient) -> None:
    made = client.post("/api/generate", json={"tiling": "cairo", "size": "4x4", "seed": 3,
                                              "difficulty": "normal"}).json()
    p = read_text(made["puzzle"])
    assert made["grade"] == "normal" and len(answers(p)) == 1 and made["timed_out"] is False
    assert "solver_grade" not in made  # (clingo's grade, which the page does not show, is not worked out)
    asked = client.post("/api/generate", json={"tiling": "cairo", "size": "4x4", "seed": 3, "difficulty": "normal",
                                               "solver_grade": True}).json()
    assert asked["puzzle"] == made["puzzle"] and asked["solver_grade"] == grade(p).level
    blank = read_text(client.post("/api/tiling", json={"tiling": "hats", "size": "6x6", "seed": 1}).json()["puzzle"])
    assert blank.clue_count() == 0 and len(blank.cells) > 10


@pytest.mark.parametrize("body, words", [
    ({"puzzle": "edge(1,2"}, "Expected ',' or ')'"),
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
        assert "has gone" in made["error"]
        return
    p = read_text(made["puzzle"])
    assert p.clue_count() == 144 and len(answers(p)) == 1  # the full clue set of its loop: unique


def test_generation_too_big_for_the_page(client: TestClient) -> None:
    r = client.post("/api/generate", json={"tiling": "square", "size": "50x50"})
    assert r.status_code == 400 and "up to 900 cells" in r.json()["error"]


def test_bad_requests(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    assert client.post("/api/solve", content=b"{not json", headers=as_json).status_code == 400
    assert client.post("/api/solve", content=b"[1]", headers=as_json).status_code == 400
    assert client.post("/api/nothing", json={}).status_code == 404
    assert client.post("/api/solve", content=b" " * 5_000_000, headers=as_json).status_code == 413
    assert client.get("/").status_code == 200 and 'data-role="status"' in client.get("/").text


def test_the_page_and_its_icon_are_served(client: TestClient) -> None:
    icon = client.get("/favicon.ico")  # browsers ask for it unasked
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    page = client.get("/").text
    for script in ("main.js", "board.js", "graph.js", "rules.js", "pointer.js", "keys.js", "play.js", "compose.js",
                   "config.js", "pyworker.js"):
        assert client.get(f"/static/{script}").status_code == 200
    # relative links: the same page works from a static site's folder at any path
    assert 'src="static/main.js"' in page and "https://" not in page  # nothing from the network


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


FIELDS = {"open": ("puzzle", "clues"), "solve": ("puzzle", "clues", "unique", "forced"),
          "check": ("puzzle", "clues", "links"), "hint": ("puzzle", "clues", "links", "non_links"),
          "grade": ("puzzle", "clues"),
          "generate": ("tiling", "size", "seed", "difficulty", "open", "symmetry", "mask", "picture", "values",
                       "no_zero", "needs", "puzzle"),
          "symmetries": ("puzzle",),
          "tiling": ("tiling", "size", "seed"), "convert": ("puzzle", "clues", "to"),
          "render": ("puzzle", "clues", "links", "non_links", "shade"), "print": ("puzzle", "clues", "paper"),
          "reduce": ("puzzle", "clues"), "share": ("puzzle", "clues"), "tilings": (),
          "estimate": ("tiling", "size", "difficulty"), "daily": ("date", "tiling", "difficulty", "open")}
"""The fields of each action's request (the manual's table, docs/manual/web.md)."""


def test_the_manuals_api_table_names_every_action_and_field() -> None:
    """docs/manual/web.md has a row per action naming each field of its request
    (``"clues"``, which every action on a puzzle takes, is said once above the table)."""
    import re
    from pathlib import Path

    from slitherasp.web import api

    text = (Path(__file__).resolve().parents[1] / "docs" / "manual" / "web.md").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| (.*)$", text, re.M)}
    assert set(api.ACTIONS) <= set(rows), set(api.ACTIONS) - set(rows)
    for name, fields in FIELDS.items():
        for field in fields:
            assert field == "clues" or f'"{field}"' in rows[name], (name, field)
    assert '`"clues"`' in text


ODD = ["x5", "²", "9" * 5000, "", " 7 x ", "٣x٣", "\x00", -1, 10**400, 1.5, True, None, [], {}, [[["x"]]], [None, 3]]
"""What a script or an attacker may send in any field: sizes the command line refuses,
digits Python reads but ASCII has not, numbers too long to convert, every JSON type."""


def test_every_field_of_every_action_refuses_odd_values_in_one_line() -> None:
    from slitherasp.web import api
    from slitherasp.web.workers import answer

    assert set(FIELDS) == set(api.ACTIONS)
    for name, fields in FIELDS.items():
        made = name in ("generate", "tiling", "estimate", "daily")
        base = {"tiling": "square", "size": "3x3", "difficulty": "easy"} if made else {"puzzle": "2 2\n3 .\n. .\n"}
        for field in fields:
            for value in ODD:
                status, body = answer(name, {**base, field: value}, 2.0)
                assert status in (200, 400, 504), (name, field, value, body)
                assert status == 200 or "\n" not in body["error"] and len(body["error"]) < 300, (name, field, body)


@pytest.mark.parametrize("size", ["x5", "²", "9" * 5000, "5x", "5x5x5", "٥x٥", -3, 10**400, True, 2.5],
                         ids=lambda size: repr(size)[:8])
def test_a_size_that_is_no_size_is_400_in_one_line(client: TestClient, size: object) -> None:
    for action in ("tiling", "generate"):
        r = client.post(f"/api/{action}", json={"tiling": "square", "size": size})
        assert r.status_code == 400 and r.json()["error"] == "Write the size as width x height, such as 7x7."


# What a player or a script can send that the server refuses.
REFUSED = [("open", {"puzzle": text}) for text in (
    "this is not a puzzle", "7x7t0:zzzz", "7x7t12:G-1709,0", "edge(1,2", "edge(1,2). cell(a,1).",
    "https://puzz.link/p?slither/3/3/zz", "pzprv3\nslither\n3\n", "2 2\n3 .\n", "3 3\n. . .\n9 . .\n. . .\n",
    '{"type": "Polygon", "coordinates": [[[0,0],[1,0],[0,0]]]}', "POLYGON((0 0, 1 0, 1 1))")] + [
    ("generate", {"tiling": "square", "size": "40x40"}), ("generate", {"tiling": "square", "size": "x5"}),
    ("generate", {"tiling": "nope"}), ("generate", {"tiling": "square", "size": "2x1", "difficulty": "hard"}),
    ("tiling", {"tiling": "hats", "size": "300x300"}), ("hint", {"puzzle": LOOPY_7x7}),
    ("convert", {"puzzle": LOOPY_7x7, "to": "nope"}), ("check", {"puzzle": LOOPY_7x7, "links": [[0]]})]


def test_refusals_are_said_in_words_not_in_the_command_lines() -> None:
    """The page shows the API's error as it comes (issue 40: the page translated the
    command line's words and scripts got them raw); one wording for both."""
    from slitherasp.web.workers import answer

    replies = [answer(name, payload, 0.0 if name == "hint" else 10.0) for name, payload in REFUSED]
    assert all(status in (400, 504) for status, _ in replies)
    said = [body["error"] for _, body in replies]
    for message in said:
        for words in ("--", "<", ">", "slitherasp", "WxH", "format (", "internal", "puzzle:"):
            assert words not in message, (message, words)
        assert message[0].isupper() and message[-1] in ".!?" and "\n" not in message, message
    assert said[0].startswith("This cannot be read as a puzzle. Give a Loopy game ID")
    assert said[8].startswith("Line 3: Clue 9 is larger than 4") and "Try a smaller board" in said[-3]
    assert said[-4] == "A hats board's width is 6 to 100, not 300. Change the size."


def test_the_servers_own_refusals_are_said_in_words(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    replies = [client.post("/api/solve", content=b"{not json", headers=as_json),
               client.post("/api/solve", content=b"puzzle=1", headers={"Content-Type": "text/plain"}),
               client.post("/api/solve", json={}, headers={"Origin": "https://elsewhere.example"}),
               client.post("/api/nothing", json={}), client.post("/api/solve", content=b"[1]", headers=as_json)]
    for r in replies:
        message = r.json()["error"]
        assert r.status_code >= 400 and "<" not in message and message[0].isupper() and message.endswith("."), message


def test_a_generation_says_before_it_starts_whether_it_fits_the_time_limit(client: TestClient) -> None:
    """Issue 40: a 20x20 fiendish from the page ran into the 20 s limit and came with 54%
    of its cells clued; the estimate says so before, and what fits instead."""
    def estimate(size: str, difficulty: str, tiling: str = "square") -> dict:
        r = client.post("/api/estimate", json={"tiling": tiling, "size": size, "difficulty": difficulty})
        assert r.status_code == 200
        return r.json()

    late = estimate("20x20", "fiendish")
    assert not late["fits"] and late["seconds"] > late["limit"] == 20
    w, h = (int(n) for n in late["size"].split("x"))
    assert w == h < 20 and estimate(late["size"], "fiendish")["fits"]
    assert not estimate(f"{w + 1}x{h + 1}", "fiendish")["fits"]
    assert late["difficulty"] in ("easy", "normal", "tricky", "hard") and estimate("20x20", late["difficulty"])["fits"]
    assert estimate("7x7", "normal")["fits"] and estimate("10x10", "hard", "cairo")["fits"]
    assert not estimate("30x30", "hard", "hats")["fits"]  # a hat has 14 edges: the edges tell the time, not the cells
    assert client.post("/api/estimate", json={"size": "50x50"}).status_code == 400  # as generate refuses it
