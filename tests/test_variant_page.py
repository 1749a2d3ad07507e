"""The variants on the page in a real headless Chromium (as tests/test_web_page.py
plays Slitherlink): drawn with real input, checked as they are drawn, "Solved" when
the checker says so; composed with a rule chosen in the New panel and sheep and wolves
placed by clicks, with the answers counted live; opened and shared by their links."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
import test_web_page
from test_variant_formats import PZPRJS
from test_web_page import Page, loop_through

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.formats.pzpr import read_pzprv3_answer
from slitherasp.kinds import kind_of
from slitherasp.kinds.variant.puzzle import variant
from slitherasp.solver.run import solve

page = test_web_page.page  # the page, served as tests/test_web_page.py serves it
no_errors_in_the_browser_log = test_web_page.no_errors_in_the_browser_log


def solved_by_drawing(page: Page, puzzle, lines: set[int], loop: bool) -> None:  # type: ignore[no-untyped-def]
    """Draw ``lines`` with the mouse (a loop in one drag, else an edge at a time) and
    wait for the page to say Solved; the lines drawn are what the checker accepts."""
    if loop:
        path = loop_through(page, lines)
        page.stroke(path[:-2])
        assert "Solved" not in page.status()
        page.stroke(path[-3:])
    else:
        for e in sorted(lines):
            page.stroke(list(page.ends(e)))
    page.wait(lambda: "Solved" in page.text("status"))
    assert page.drawn() == lines and kind_of(puzzle).check(puzzle, puzzle.links(lines)).valid


@pytest.mark.parametrize("genre", ["swslither", "tslither", "lither"])
def test_pzprjs_puzzles_play_to_solved(page: Page, genre: str) -> None:
    url, saved = PZPRJS[genre]
    link = f"https://puzz.link/p?{genre}/{url}"
    puzzle = read_text(link)
    page.open(link)
    rule = page.js("return document.querySelector('[data-role=rule]').textContent")
    assert rule.startswith(f"{puzzle.title}: ") and ("tree" in rule) == (genre == "lither")
    solved_by_drawing(page, puzzle, set(read_pzprv3_answer(saved)), loop=genre != "lither")
    if genre == "swslither":
        assert page.js("return document.querySelectorAll('.animal.sheep').length") == 2
        assert "sheep inside" in page.status()
    if genre == "lither":
        assert "trees" in page.status()


def test_a_variant_on_hats_plays_and_a_broken_clue_turns_red(page: Page) -> None:
    blank = variant(tilings.build("hats", 6, 6, 1), "vertex")
    loop = solve(blank).answer
    from slitherasp.kinds.variant.rules import count

    v = blank.with_clues({c: count(blank, c, set(loop)) for c in range(len(blank.cells))})
    page.open(write_text(v, "lp"))
    assert page.puzzle().name == "vertex"  # the address bar shares the rule
    solved_by_drawing(page, v, set(solve(v).answer), loop=True)
    page.open("3x3t0:2a3b1a3a")  # a classic puzzle next: How to play says the classic rule again
    assert page.js("return document.querySelector('[data-role=rule]').textContent").startswith("Draw one loop")


def test_compose_a_sheep_wolf_with_clicks_and_share_it(page: Page) -> None:
    from selenium.webdriver.support.ui import Select

    page.open(write_text(tilings.build("square", 3, 2), "pzpr").strip())
    page.act("compose")
    Select(page.b.find_element("css selector", "#variant")).select_by_value("sheep-wolf")
    page.stroke([page.centre(0)], button=2)  # back from nothing: a wolf
    page.stroke([page.centre(0)], button=2)  # then a sheep
    page.stroke([page.centre(5)], button=2)  # a wolf
    page.wait(lambda: "2 clues:" in page.status() and "answer" in page.status())
    assert page.js("return document.querySelectorAll('.animal.sheep').length") == 1
    assert page.js("return document.querySelectorAll('.animal.wolf').length") == 1
    page.wait(lambda: "swslither" in page.b.current_url and page.puzzle().wolves)
    shared = page.puzzle()
    assert (shared.name, sorted(shared.sheep), sorted(shared.wolves)) == ("sheep-wolf", [0], [5])
    every = solve(shared, models=0).answers
    assert len(every) > 1 and "more than one answer" in page.status()
    common = frozenset.intersection(*every)  # what the page dashes: the lines every answer has
    assert f"the {len(common)} lines every answer has" in page.status()
    page.act("play")
    page.act("hint")  # hints are classic Slitherlink's: said in words, no error
    page.wait(lambda: "person's rules" in page.status())
