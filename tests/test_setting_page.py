"""The setter's workbench on the compose page in a real headless Chromium (as
tests/test_web_page.py plays): a symmetry chosen from the board's own list shows the
orbit of the face under the pointer as ghosts and puts a typed or clicked clue on the
whole orbit; a mask and a picture painted with clicks; Make puzzle generates on the
board with them. What the page made is judged here: the orbits and the inside of the
loop worked out from the geometry, the answers counted by the SAT checker of
``stepcheck``, the grade by a person's rules."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("starlette")
import test_web_page
from exhaustive import all_loops, fewest_clues
from stepcheck import answers, inside
from test_web_page import Page

from slitherasp import tilings
from slitherasp.formats import write_text
from slitherasp.model import Puzzle
from slitherasp.rules.grade import human_grade

page = test_web_page.page  # the page, served as tests/test_web_page.py serves it
no_errors_in_the_browser_log = test_web_page.no_errors_in_the_browser_log


def centres(puzzle) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    g = puzzle.geometry
    return [(sum(g.points[v][0] for v in f) / len(f), sum(g.points[v][1] for v in f) / len(f)) for f in g.faces]


def turned(puzzle, cell: int, degrees: float) -> int:  # type: ignore[no-untyped-def]
    """The face whose centre the turn by ``degrees`` about the patch's middle puts the
    centre of ``cell`` on (worked out here from the coordinates)."""
    cs = centres(puzzle)
    mx = sum(x for x, _ in cs) / len(cs)
    my = sum(y for _, y in cs) / len(cs)
    a = math.radians(degrees)
    x, y = cs[cell][0] - mx, cs[cell][1] - my
    p = (mx + x * math.cos(a) - y * math.sin(a), my + x * math.sin(a) + y * math.cos(a))
    return min(range(len(cs)), key=lambda c: math.dist(cs[c], p))


def choose(page: Page, select: str, value: str) -> None:
    """Pick an option of a list as a person does: a click on the list, then on the option
    (by its value, or its words where it has no value of its own)."""
    page.b.find_element("css selector", select).click()
    options = page.b.find_elements("css selector", f"{select} option")
    own = [(o.get_dom_attribute("value"), o) for o in options]
    next(o for v, o in own if (o.text if v is None else v) == value).click()


def hover(page: Page, point: tuple[float, float]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    actions = ActionChains(page.b)
    actions.w3c_actions.pointer_action.move_to_location(*page.screen(*point))
    actions.perform()


def composing_with(page: Page, symmetry: str) -> Puzzle:
    """A blank square 5x5 open in compose with ``symmetry`` chosen, the pointer over face 1."""
    blank = tilings.build("square", 5, 5)
    page.open(write_text(blank, "pzpr").strip())
    page.act("compose")
    page.wait(lambda: len(page.b.find_elements("css selector", "#symmetry option")) > 1)
    choose(page, "#symmetry", symmetry)
    hover(page, page.centre(1))
    return blank


def ghosts(page: Page) -> set[int]:
    """The faces the page shows as ghosts of the one under the pointer."""
    return {int(x) for x in page.js(
        "return [...document.querySelectorAll('[data-ghost]')].map(n => n.dataset.ghost)")}


def test_a_symmetry_shows_the_orbit_and_places_a_clue_on_all_of_it(page: Page) -> None:
    blank = composing_with(page, "rot90")
    orbit = {turned(blank, 1, a) for a in (0, 90, 180, 270)}
    assert len(orbit) == 4
    page.wait(lambda: ghosts(page) == orbit - {1})
    page.press("3")
    page.wait(lambda: "4 clues" in page.status())
    assert {c for c, k in enumerate(page.puzzle().clues) if k == 3} == orbit
    page.stroke([page.centre(12)])  # the middle face: its own orbit, a click counts up from nothing to 0
    page.wait(lambda: "5 clues" in page.status())
    assert page.puzzle().clues[12] == 0
    choose(page, "#symmetry", "")
    hover(page, page.centre(6))
    page.press("2")
    page.wait(lambda: "6 clues" in page.status())
    assert [c for c, k in enumerate(page.puzzle().clues) if k == 2] == [6]


def mirrored(puzzle, cell: int) -> int:  # type: ignore[no-untyped-def]
    """The face whose centre the mirror in the vertical line through the patch's middle
    puts the centre of ``cell`` on (worked out here from the coordinates)."""
    cs = centres(puzzle)
    mx = sum(x for x, _ in cs) / len(cs)
    p = (2 * mx - cs[cell][0], cs[cell][1])
    return min(range(len(cs)), key=lambda c: math.dist(cs[c], p))


def test_all_the_symmetries_together_place_a_clue_on_eight_faces_and_make_a_puzzle(page: Page) -> None:
    blank = composing_with(page, "full")
    orbit = {turned(blank, f, a) for f in (1, mirrored(blank, 1)) for a in (0, 90, 180, 270)}
    assert len(orbit) == 8
    page.wait(lambda: ghosts(page) == orbit - {1})
    page.press("2")
    page.wait(lambda: "8 clues" in page.status())
    page.wait(lambda: {c for c, k in enumerate(page.puzzle().clues) if k == 2} == orbit)
    choose(page, "#difficulty", "easy")
    page.b.find_element("css selector", "[data-setter=make]").click()
    page.wait(lambda: "New puzzle on this board" in page.status(), 60)
    made = page.puzzle()
    clued = [k is not None for k in made.clues]
    assert any(clued) and not all(clued)
    assert all(clued[c] == clued[turned(blank, c, 90)] == clued[mirrored(blank, c)] for c in range(25))
    assert len(answers(made, limit=2)) == 1 and human_grade(made).level == "easy"


def test_make_puzzle_keeps_the_symmetry_and_the_mask(page: Page) -> None:
    blank = tilings.build("square", 5, 5)
    page.open(write_text(blank, "pzpr").strip())
    page.act("compose")
    page.wait(lambda: len(page.b.find_elements("css selector", "#symmetry option")) > 1)
    choose(page, "#symmetry", "rot180")
    choose(page, "#paint", "mask")
    for c in range(12):  # each click paints a face and its twin: every face but the middle one
        page.stroke([page.centre(c)])
    page.wait(lambda: "24 faces in the mask" in page.status())
    choose(page, "#difficulty", "easy")
    page.b.find_element("css selector", "[data-setter=make]").click()
    page.wait(lambda: "New puzzle on this board" in page.status(), 60)
    made = page.puzzle()
    clued = [k is not None for k in made.clues]
    assert not clued[12] and any(clued)
    assert all(clued[c] == clued[turned(blank, c, 180)] for c in range(25))
    assert len(answers(made, limit=2)) == 1 and human_grade(made).level == "easy"


def test_make_puzzle_with_the_fewest_clues_of_a_symmetric_layout(page: Page) -> None:
    blank = tilings.build("square", 4, 4)
    page.open(write_text(blank, "pzpr").strip())
    page.act("compose")
    page.wait(lambda: len(page.b.find_elements("css selector", "#symmetry option")) > 1)
    choose(page, "#symmetry", "rot180")
    page.b.find_element("css selector", "#fewest").click()
    page.b.find_element("css selector", "[data-setter=make]").click()
    page.wait(lambda: "New puzzle on this board" in page.status(), 60)
    assert "the fewest (proved in" in page.status()
    made = page.puzzle()
    clued = [k is not None for k in made.clues]
    assert all(clued[c] == clued[turned(blank, c, 180)] for c in range(16))
    (loop,) = answers(made, limit=2)
    orbits = sorted({tuple(sorted({c, turned(blank, c, 180)})) for c in range(16)})
    assert sum(clued) == fewest_clues(blank, frozenset(loop), all_loops(blank), orbits)  # no layout has fewer




def test_make_puzzle_draws_its_loop_round_the_picture(page: Page) -> None:
    blank = tilings.build("square", 5, 5)
    page.open(write_text(blank, "pzpr").strip())
    page.act("compose")
    choose(page, "#paint", "picture")
    plus = {7, 11, 12, 13, 17}
    for c in sorted(plus):
        page.stroke([page.centre(c)])
    page.wait(lambda: "5 in the picture" in page.status())
    choose(page, "#difficulty", "easy")
    page.b.find_element("css selector", "[data-setter=make]").click()
    page.wait(lambda: "New puzzle on this board" in page.status(), 60)
    made = page.puzzle()
    found = answers(made, limit=2)
    assert len(found) == 1
    assert inside(made, set(found[0])) == plus
