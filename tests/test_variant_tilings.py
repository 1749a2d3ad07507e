"""Variants on tilings other than the square, in a real headless Chromium, in both back
ends (``serve``, and the static site with Python in the browser): made with the New
panel, shared by the Share button as a short tiling ID that carries the rule and the
animals, reopened from that link in a fresh browser, drawn on their own tiling (the
drawn faces' corners and angles against the tiling's own patch, not the code path),
and played with the mouse to "Solved" (the lines judged by the variant's independent
checker). Before play the board shows nothing of the answer (issue 45)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from urllib.parse import unquote

import pytest

pytest.importorskip("starlette")
import test_site
from test_variant_page import solved_by_drawing
from test_web_page import Page, _browser, served_page

from slitherasp import tilings
from slitherasp.formats import read_text
from slitherasp.solver.run import solve

CASES = [("cairo", "5x5", "vertex"), ("hats", "6x6", "sheep-wolf"), ("honeycomb", "5x5", "touch")]
"""The issue's three: a variant on three tilings other than the square."""


def corners(points: list[tuple[float, float]]) -> tuple[int, tuple[float, ...]]:
    """A polygon's number of corners and its angles (degrees, sorted): what stays the
    same under moving, turning, mirroring and scaling it."""
    n, angles = len(points), []
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = points[i - 1], points[i], points[(i + 1) % n]
        u, v = (ax - bx, ay - by), (cx - bx, cy - by)
        angles.append(math.degrees(math.atan2(abs(u[0] * v[1] - u[1] * v[0]), u[0] * v[0] + u[1] * v[1])))
    return n, tuple(sorted(angles))


def drawn_faces(page: Page) -> list[tuple[int, tuple[float, ...]]]:
    """The faces the page's board draws, as :func:`corners`, sorted."""
    found = page.js("return [...document.querySelectorAll('polygon[data-face]')].map(p => p.getAttribute('points'))")
    return sorted(corners([tuple(map(float, xy.split(","))) for xy in text.split()]) for text in found)


def assert_on_its_tiling(page: Page, tiling: str, size: str, shared: str) -> None:
    """The board draws the faces of the ``tiling`` patch of ``size`` (its seed as the
    link says): as many, each with the corners and angles of its face there."""
    w, h = map(int, size.split("x"))
    seed = re.search(r":s(-?\d+):", shared)
    patch = tilings.build(tiling, w, h, seed=int(seed[1]) if seed else None)
    geo = patch.geometry
    assert geo is not None
    expected = sorted(corners([geo.points[v] for v in face]) for face in geo.faces if face is not None)
    drawn = drawn_faces(page)
    assert len(drawn) == len(expected) == len(patch.cells)
    for (n, angles), (m, want) in zip(drawn, expected):
        assert n == m and all(abs(a - b) < 1.0 for a, b in zip(angles, want))


def nothing_played(page: Page) -> None:
    """The board before play: no line, no cross, no clue marked wrong."""
    assert set(page.states()) == {"empty"}
    assert page.js("return document.querySelectorAll('[data-clue].wrong, .animal.wrong').length") == 0


def ready(page: Page, seconds: float) -> None:
    """Wait for a board, and for the page to be done with what it was doing."""
    page.wait(lambda: page.js("return document.querySelectorAll('[data-face]').length") > 0
              and "…" not in page.status(), seconds)


def new_variant(page: Page, tiling: str, size: str, rule: str, seconds: float) -> str:
    """Generate with the New panel's choices; the text the address bar shares."""
    from selenium.webdriver.support.ui import Select

    page.wait(lambda: page.js(f"return !!document.querySelector('#tiling option[value={tiling}]')"), seconds)
    Select(page.b.find_element("css selector", "#tiling")).select_by_value(tiling)
    box = page.b.find_element("css selector", "#size")
    box.clear()
    box.send_keys(size)
    Select(page.b.find_element("css selector", "#variant")).select_by_value(rule)
    before = page.b.current_url
    page.act("generate")
    page.wait(lambda: page.b.current_url != before and "New " in page.status(), seconds)
    return unquote(page.b.current_url.split("?p=", 1)[1])


def shared_link(page: Page) -> str:
    """What the Share button gives (the link, under the button)."""
    page.b.find_element("css selector", "details:has(button[data-action=share]) summary").click()
    page.act("share")
    page.wait(lambda: "Link" in page.status() or "link" in page.status())
    return page.js("return document.querySelector('#out').value")


def made_shared_reopened_played(page: Page, fresh: Callable[[], Page], tiling: str, size: str, rule: str,
                                seconds: float) -> None:
    shared = new_variant(page, tiling, size, rule, seconds)
    words = rule.split("+")
    assert re.fullmatch(rf"tiling:{tiling}:{size}:(s-?\d+:)?{':'.join(words)}:[0-9A-Za-z_~]+", shared), shared
    puzzle = read_text(shared)
    assert puzzle.name == rule and puzzle.clue_count() > 0
    if rule == "sheep-wolf":
        assert ("_" in shared or "~" in shared) == bool(puzzle.sheep or puzzle.wolves)
    assert_on_its_tiling(page, tiling, size, shared)
    nothing_played(page)
    link = shared_link(page)
    assert len(link) < 200 and unquote(link.split("?p=", 1)[1]) == shared
    other = fresh()
    try:
        other.b.get(link)
        other.wait(lambda: "faces" in other.status(), seconds)
        assert other.puzzle() == puzzle if not hasattr(puzzle, "puzzle") else (
            other.puzzle().puzzle.clues, other.puzzle().name) == (puzzle.puzzle.clues, puzzle.name)
        rule_said = other.js("return document.querySelector('[data-role=rule]').textContent")
        assert rule_said.startswith(f"{puzzle.title}: ")
        assert_on_its_tiling(other, tiling, size, shared)
        nothing_played(other)
        answer = solve(puzzle).answer
        assert answer is not None
        solved_by_drawing(other, puzzle, set(answer), loop=rule != "lither")
        animals = other.js("return [...document.querySelectorAll('.animal')].map(a => +a.dataset.animal)")
        assert set(animals) == set(getattr(puzzle, "sheep", ())) | set(getattr(puzzle, "wolves", ()))
    finally:
        other.b.quit()


# -- serve -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def served() -> Iterator[Page]:
    with served_page() as page:
        yield page


@pytest.mark.parametrize(("tiling", "size", "rule"), CASES)
def test_serve_makes_shares_and_reopens_a_variant_on_its_tiling(served: Page, tiling: str, size: str,
                                                                rule: str) -> None:
    served.b.get(served.url + "static/favicon.svg")
    served.js("localStorage.clear()")
    served.b.get(served.url)
    ready(served, 60)
    made_shared_reopened_played(served, lambda: Page(_browser(), served.url), tiling, size, rule, 60)
    assert served.errors() == []


def test_serve_says_why_all_points_has_no_answer_on_a_patch(served: Page) -> None:
    served.b.get(served.url)
    ready(served, 60)
    before = served.b.current_url
    for tiling, size in (("square", "6x6"), ("cairo", "5x5")):
        from selenium.webdriver.support.ui import Select

        Select(served.b.find_element("css selector", "#tiling")).select_by_value(tiling)
        box = served.b.find_element("css selector", "#size")
        box.clear()
        box.send_keys(size)
        Select(served.b.find_element("css selector", "#variant")).select_by_value("full")
        served.act("generate")
        served.wait(lambda: "fits this patch" in served.status(), 60)
        said = served.status()
        assert "try" in said and served.b.current_url == before, said
        if tiling == "square":
            assert "49 vertices" in said and "5x5" in said
    served.errors()  # the refused requests' 400s are in the log, as any refused request's


# -- the static site -------------------------------------------------------------------------------
site = test_site.site
folder = test_site.folder  # the site's build (conftest's, once a session), which test_site.site serves


@pytest.mark.parametrize(("tiling", "size", "rule"), CASES)
def test_the_static_site_makes_shares_and_reopens_a_variant_on_its_tiling(site, tiling: str, size: str,  # type: ignore[no-untyped-def]
                                                                          rule: str) -> None:
    page, *_ = site  # the page, the static server, what the site lacks
    test_site._open(page, "3x3t0:2a3b1a3a")
    made_shared_reopened_played(page, lambda: Page(_browser(), page.url), tiling, size, rule, test_site.START)
    assert [e for e in page.errors() if "favicon" not in e["message"]] == []

