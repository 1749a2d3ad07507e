"""The page in a real headless Chromium (selenium), played with real input: selenium's
actions press, move and release the mouse, a finger (Chromium's touch emulation) and
the wheel, and type keys; nothing is dispatched from JavaScript. Answers are judged by
the SAT checker of ``stepcheck`` and the validator, not by what the page says. One
server and one browser serve the whole module (``.ci/run`` installs Debian's
``chromium`` and ``chromium-driver``; without them these tests skip)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from urllib.parse import quote, unquote

import pytest

pytest.importorskip("starlette")
from stepcheck import answers

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.validate import check
from slitherasp.web.app import create_app

LOOPY_7x7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"


class Page:
    """The browser on the page, with what a player does and sees."""

    def __init__(self, browser, url: str) -> None:  # type: ignore[no-untyped-def]
        self.b, self.url = browser, url

    def open(self, text: str, *, fresh: bool = True) -> None:
        if fresh:
            self.b.get(self.url + "static/favicon.svg")
            self.b.execute_script("localStorage.clear()")
        self.b.get(f"{self.url}?p={quote(text)}")
        self.wait(lambda: "faces" in self.status() or "Solved" in self.status())

    def wait(self, condition, seconds: float = 30):  # type: ignore[no-untyped-def]
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.b, seconds, poll_frequency=0.02).until(lambda _: condition())

    def js(self, script: str, *args):  # type: ignore[no-untyped-def]
        return self.b.execute_script(script, *args)

    def status(self) -> str:
        return self.b.find_element("css selector", "[data-role=status]").text

    def text(self, role: str) -> str:
        return self.b.find_element("css selector", f"[data-role={role}]").text

    def states(self) -> list[str]:
        return self.js("return [...document.querySelectorAll('[data-edge]')].map(g => g.dataset.state)")

    def drawn(self, state: str = "line") -> set[int]:
        return {e for e, s in enumerate(self.states()) if s == state}

    def mark(self, cell: int) -> str | None:
        return self.js("return document.querySelector(`[data-face='${arguments[0]}']`).dataset.mark || null", cell)

    def face_width(self, cell: int) -> float:
        return self.js("return document.querySelector(`[data-face='${arguments[0]}']`)"
                       ".getBoundingClientRect().width", cell)

    def screen(self, x: float, y: float) -> tuple[int, int]:
        """Where board point (x, y) is on the screen."""
        cx, cy = self.js("const m = document.querySelector('#board svg').getScreenCTM(), [x, y] = arguments;"
                         "return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]", x, y)
        return round(cx), round(cy)

    def ends(self, e: int) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = self.js("const s = window.slitherasp.app.model.scene.edges[arguments[0]]; return [s.a, s.b]", e)
        return tuple(a), tuple(b)  # type: ignore[return-value]

    def centre(self, cell: int) -> tuple[float, float]:
        return tuple(self.js("return window.slitherasp.app.g.faces.get(arguments[0]).centre", cell))  # type: ignore[return-value]

    def stroke(self, points, *, button: int = 0, kind: str = "mouse") -> None:  # type: ignore[no-untyped-def]
        """Press at the first board point, move through the others, release (one point: a click)."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        device = PointerInput(interaction.POINTER_TOUCH if kind == "touch" else interaction.POINTER_MOUSE, kind)
        actions = ActionBuilder(self.b, mouse=device, duration=20)  # ms per move (selenium's default: 250)
        hand = actions.pointer_action
        hand.move_to_location(*self.screen(*points[0])).pointer_down(button)
        for p in points[1:]:
            hand.move_to_location(*self.screen(*p))
        hand.pointer_up(button)
        actions.perform()

    def press(self, *keys: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(self.b)
        for k in keys:
            chain.send_keys(k)
        chain.perform()

    def act(self, name: str) -> None:
        self.b.find_element("css selector", f"button[data-action={name}]").click()

    def puzzle(self):  # type: ignore[no-untyped-def]
        """The puzzle the address bar shares."""
        return read_text(unquote(self.b.current_url.split("?p=", 1)[1]))

    def errors(self) -> list[dict]:
        return [e for e in self.b.get_log("browser") if e["level"] == "SEVERE"]


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
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver), options=options)


@contextlib.contextmanager
def served_page() -> Iterator[Page]:
    """The page in a headless Chromium, on a server of the app in this process."""
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
    try:
        yield Page(browser, f"http://127.0.0.1:{port}/")
    finally:
        browser.quit()
        server.should_exit = True
        thread.join(5)


@pytest.fixture(scope="module")
def page():  # type: ignore[no-untyped-def]
    with served_page() as served:
        yield served


@pytest.fixture(autouse=True)
def no_errors_in_the_browser_log(page: Page):  # type: ignore[no-untyped-def]
    """Whatever a test does, the browser's log gets no error (a failed request, an
    exception, a missing favicon)."""
    page.errors()
    yield
    assert page.errors() == []


SCREENS = {"laptop": (1366, 657, "mouse"), "phone": (390, 844, "touch")}
"""The sizes issue 40 was seen at, and the input each is played with."""


@pytest.fixture(params=list(SCREENS))
def screen(page: Page, request):  # type: ignore[no-untyped-def]
    """The page at a laptop's size played with a mouse, and at a phone's with a finger;
    the input's kind."""
    width, height, kind = SCREENS[request.param]
    page.b.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": kind == "touch"})
    page.b.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": kind == "touch", "maxTouchPoints": 5})
    try:
        yield kind
    finally:
        page.b.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        page.b.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def cross(page: Page, point: tuple[float, float], kind: str) -> None:
    """A cross at a board point: a right-click, or with a finger a tap in Crosses mode."""
    if kind == "mouse":
        page.stroke([point], button=2)
        return
    page.act("crosses")
    page.stroke([point], kind="touch")
    page.act("crosses")


def box(page: Page, selector: str) -> dict[str, float]:
    return page.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                   "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}", selector)


def loop_through(page: Page, edges: set[int]) -> list[tuple[float, float]]:
    """The board points of a loop's vertices, in order around it, back to the first."""
    ends = {e: page.ends(e) for e in edges}
    at: dict[tuple[float, float], list[int]] = {}
    for e, (a, b) in ends.items():
        at.setdefault(a, []).append(e)
        at.setdefault(b, []).append(e)
    first = next(iter(edges))
    path, e, here = [ends[first][0]], first, ends[first][1]
    while here != path[0]:
        path.append(here)
        e = next(f for f in at[here] if f != e)
        a, b = ends[e]
        here = b if a == here else a
    return [*path, path[0]]


# -- drawing -------------------------------------------------------------------------------------
def test_the_start_page_shows_a_board(page: Page) -> None:
    page.b.get(page.url + "static/favicon.svg")
    page.js("localStorage.clear()")
    page.b.get(page.url)
    page.wait(lambda: page.js("return document.querySelectorAll('[data-face]').length") == 49)
    assert "?p=" in page.b.current_url and page.states() == ["empty"] * 112
    assert len(answers(page.puzzle())) == 1  # a real puzzle, with one answer
    made = page.b.current_url
    page.stroke([(0.5, 0.5), (1.5, 0.5)])
    page.b.get(page.url)  # the bare address again: the puzzle last played, as it was left
    page.wait(lambda: "faces" in page.status())
    assert page.b.current_url == made and len(page.drawn()) == 1


def test_a_drag_over_three_edges_draws_three_lines_and_back_takes_one_away(page: Page) -> None:
    page.open(LOOPY_7x7)
    page.stroke([(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5)])
    top = {e for e in range(112) if {p[1] for p in page.ends(e)} == {0.5} and max(p[0] for p in page.ends(e)) <= 3.5}
    assert len(top) == 3 and page.drawn() == top
    page.act("undo")
    assert not page.drawn()
    page.stroke([(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5), (2.5, 0.5), (2.5, 1.5)])  # back, then down
    assert len(page.drawn()) == 3 and len(page.drawn() & top) == 2
    page.stroke([(0.5, 0.5), (1.5, 0.5)])  # a drag that starts on a line takes lines away
    assert len(page.drawn()) == 2
    page.stroke([(4.5, 1.5), (4.5, 2.5), (4.5, 3.5)], button=2)  # right-drag: crosses
    assert len(page.drawn("cross")) == 2
    page.act("undo")
    assert not page.drawn("cross") and len(page.drawn()) == 2


def test_a_click_near_an_edge_toggles_it_and_one_in_a_face_middle_marks_the_face(page: Page) -> None:
    page.open(LOOPY_7x7)
    cx, cy = page.centre(24)
    (ax, ay), (bx, by) = page.ends(next(e for e in range(112) if sorted(page.ends(e)) == [(3.5, 3.5), (4.5, 3.5)]))
    mx, my = (ax + bx) / 2, (ay + by) / 2
    near = (mx + 0.3 * (cx - mx), my + 0.3 * (cy - my))  # 30% of the way to the face's centre
    page.stroke([near])
    assert [frozenset(page.ends(e)) for e in page.drawn()] == [frozenset({(3.5, 3.5), (4.5, 3.5)})]
    page.stroke([near])
    assert not page.drawn()
    page.stroke([near], button=2)
    assert len(page.drawn("cross")) == 1
    assert page.mark(24) is None
    page.stroke([(cx, cy)])
    assert page.mark(24) == "inside" and len(page.drawn("cross")) == 1
    page.stroke([(cx + 0.05, cy - 0.05)])
    assert page.mark(24) == "outside"
    page.stroke([(cx, cy)])
    assert page.mark(24) is None
    page.stroke([(cx, cy), page.centre(25), page.centre(26)])  # a drag from a middle marks every face
    assert [page.mark(c) for c in (24, 25, 26)] == ["inside"] * 3


def test_touch_draws_by_dragging_and_two_fingers_zoom(page: Page) -> None:
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    page.open(LOOPY_7x7)
    page.b.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        page.stroke([(0.5, 7.5), (1.5, 7.5), (2.5, 7.5), (3.5, 7.5)], kind="touch")
        assert len(page.drawn()) == 3
        edge = next(iter(page.drawn()))
        (ax, ay), (bx, by) = page.ends(edge)
        page.stroke([((ax + bx) / 2, (ay + by) / 2 - 0.1)], kind="touch")  # a tap: line -> cross
        assert edge in page.drawn("cross")
        before = page.face_width(24)
        actions = ActionBuilder(page.b)
        fingers = [actions.add_pointer_input(interaction.POINTER_TOUCH, f"f{k}") for k in (1, 2)]
        x, y = page.screen(4, 4)
        for finger, side in zip(fingers, (-1, 1)):
            finger.create_pointer_move(x=x + 20 * side, y=y)
        for finger in fingers:
            finger.create_pointer_down()
        for k in range(1, 6):
            for finger, side in zip(fingers, (-1, 1)):
                finger.create_pointer_move(x=x + side * (20 + 15 * k), y=y, duration=30)
        for finger in fingers:
            finger.create_pointer_up(0)
        actions.perform()
        assert page.face_width(24) > 1.5 * before and len(page.drawn()) == 2  # a pinch draws nothing
    finally:
        page.b.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


# -- feedback, solved, zoom, looks ---------------------------------------------------------------
def test_drawing_the_answer_says_solved_and_stops_the_timer(page: Page) -> None:
    p = read_text(LOOPY_7x7)
    (answer,) = answers(p)
    page.open(LOOPY_7x7)
    path = loop_through(page, set(answer))
    page.stroke(path[:-2])  # all but the last edge: not solved yet
    assert "Solved" not in page.status() and page.drawn() < set(answer)
    page.stroke(path[-3:])
    page.wait(lambda: "Solved" in page.text("status"))
    assert page.drawn() == set(answer) and check(p, p.links(page.drawn())).valid
    shown = page.text("timer")
    time.sleep(1.2)
    assert page.text("timer") == shown


def test_broken_rules_show_in_red_as_they_happen(page: Page) -> None:
    page.open(LOOPY_7x7)  # face 5 (row 0, column 5) has a 1; face 29 has a 0
    page.stroke([(5.5, 0.5), (6.5, 0.5), (6.5, 1.5)])  # two sides of the 1
    assert page.js("return document.querySelector('[data-clue=\"5\"]').classList.contains('wrong')")
    page.act("undo")
    page.stroke([(5.5, 0.5), (6.5, 0.5)])
    assert page.js("return document.querySelector('[data-clue=\"5\"]').classList.contains('done')")
    page.stroke([(2.5, 2.5), (2.5, 3.5), (2.5, 4.5)])
    page.stroke([(1.5, 3.5), (2.5, 3.5), (3.5, 3.5)])  # a dot with four lines
    assert page.js("return document.querySelectorAll('.bad-vertex').length") == 1
    page.act("clear")
    page.stroke([(0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5), (0.5, 0.5)])  # a closed loop, clues unmet
    assert page.js("return document.querySelectorAll('[data-edge].wrong').length") == 4
    page.act("check")
    assert "closed loop" in page.status() and "--" not in page.status()


def test_three_wheel_ups_make_a_face_bigger_and_fit_undoes_it(page: Page) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

    page.open(LOOPY_7x7)
    before = page.face_width(24)
    board = page.b.find_element("id", "board")
    for _ in range(3):
        ActionChains(page.b).scroll_from_origin(ScrollOrigin.from_element(board), 0, -100).perform()
    assert page.face_width(24) > 1.5 * before
    page.act("fit")
    assert abs(page.face_width(24) - before) < 1
    where = page.screen(*page.centre(24))
    page.stroke([(0.1, 0.1), (0.6, 0.1), (1.1, 0.1), (1.6, 0.1)])  # a drag that starts off the board pans it
    moved = page.screen(*page.centre(24))
    assert moved[0] - where[0] > 0.9 * 1.5 * before and abs(moved[1] - where[1]) <= 1 and not page.drawn()


def test_the_page_is_dark_when_the_system_is(page: Page) -> None:
    def lightness(css: str) -> float:
        r, g, b = (int(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

    page.open(LOOPY_7x7)
    background = "return getComputedStyle(document.body).backgroundColor"
    face = "return getComputedStyle(document.querySelector('.face-fill')).fill"
    assert lightness(page.js(background)) > 0.8 and lightness(page.js(face)) > 0.8
    dark = [{"name": "prefers-color-scheme", "value": "dark"}]
    page.b.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": dark})
    try:
        assert lightness(page.js(background)) < 0.2 and lightness(page.js(face)) < 0.2
    finally:
        page.b.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_print_shows_the_board_alone_and_large(page: Page) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

    page.open(LOOPY_7x7)
    board = page.b.find_element("id", "board")
    for _ in range(3):
        ActionChains(page.b).scroll_from_origin(ScrollOrigin.from_element(board), 0, -100).perform()
    zoomed = page.js("return document.querySelector('#board svg').getAttribute('viewBox')")
    page.js("window.addEventListener('beforeprint', () => { window.printed = "  # after the page's own listener
            "document.querySelector('#board svg').getAttribute('viewBox'); })")
    page.b.execute_cdp_cmd("Page.printToPDF", {})  # a real print: beforeprint, the print media, afterprint
    whole = page.js("const s = window.slitherasp.app.model.scene; return [0, 0, s.width, s.height]")
    assert [float(x) for x in page.js("return window.printed").split()] == whole  # all of it, and no more
    assert page.js("return document.querySelector('#board svg').getAttribute('viewBox')") == zoomed  # back after
    page.b.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        shown = page.js("return ['header', 'aside', '#play-bar', '.status-line']"
                        ".map(s => getComputedStyle(document.querySelector(s)).display)")
        wide = page.js("return document.querySelector('#board svg').getBoundingClientRect().width"
                       " / document.body.getBoundingClientRect().width")
        assert shown == ["none"] * 4 and wide > 0.9
    finally:
        page.b.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_pause_hides_the_board_and_stops_the_timer(page: Page) -> None:
    page.open(LOOPY_7x7)
    page.press("p")
    shown = page.text("timer")
    assert not page.b.find_element("id", "board").is_displayed()
    time.sleep(1.1)
    assert page.text("timer") == shown
    page.stroke([(1.0, 0.5)])  # on the cover: the board goes on, and the press draws nothing
    assert page.b.find_element("id", "board").is_displayed() and not page.drawn()


def test_settings_are_kept_and_auto_follow_runs_a_line_on(page: Page) -> None:
    from selenium.webdriver.support.ui import Select

    page.open(LOOPY_7x7)
    page.b.find_element("css selector", "#settings summary").click()
    Select(page.b.find_element("css selector", "[data-setting=palette]")).select_by_value("colour-blind")
    page.b.find_element("css selector", "[data-setting=follow]").click()
    page.b.refresh()
    page.wait(lambda: "faces" in page.status())
    assert page.js("return document.documentElement.dataset.palette") == "colour-blind"
    page.stroke([(1.0, 0.5)])  # the top edge of the corner face: the line turns the corner by itself
    assert {frozenset(page.ends(e)) for e in page.drawn()} == {frozenset({(0.5, 0.5), (1.5, 0.5)}),
                                                               frozenset({(0.5, 0.5), (0.5, 1.5)})}
    page.b.find_element("css selector", "#settings summary").click()
    page.b.find_element("css selector", "[data-setting=follow]").click()
    Select(page.b.find_element("css selector", "[data-setting=palette]")).select_by_value("standard")


# -- keys, server work, composing, messages ------------------------------------------------------
def test_the_keyboard_plays_without_a_mouse(page: Page) -> None:
    from selenium.webdriver.common.keys import Keys

    page.open(LOOPY_7x7)
    page.b.find_element("id", "board").send_keys(Keys.ARROW_DOWN)  # focus the board; the cursor starts on a face
    place = page.js("return window.slitherasp.cursor.place")
    assert place["kind"] == "face"
    page.press("f")
    assert page.mark(place["i"]) == "inside"
    page.press(Keys.ARROW_RIGHT, Keys.ENTER)  # to the face's right side: a line
    assert len(page.drawn()) == 1
    page.press(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, "x")  # across the next face to its right side: a cross
    assert len(page.drawn("cross")) == 1
    page.press("u")
    assert not page.drawn("cross")


def test_a_status_about_the_board_follows_the_board(page: Page, screen: str) -> None:
    """Issue 40: after undoing the only wrong line the status still said "1 of your marks
    is in no answer"; after drawing part of a hint it still said "4 crosses"."""
    page.open(LOOPY_7x7)  # face 29 (x 1.5-2.5, y 4.5-5.5) has a 0: its sides are in no answer
    page.stroke([(1.5, 4.5), (2.5, 4.5), (2.5, 5.5)], kind=screen)
    page.act("hint")
    page.wait(lambda: "2 of your marks are in no answer" in page.status())
    page.stroke([(2.5, 4.5), (2.5, 5.5)], kind=screen)  # takes one of them away
    assert "1 of your marks is in no answer" in page.status()
    assert page.js("return document.querySelectorAll('.wrong-ghost').length") == 1
    page.act("undo")
    assert "2 of your marks" in page.status()
    page.act("undo")
    assert not page.drawn() and page.status() == ""
    assert page.js("return document.querySelectorAll('.wrong-ghost').length") == 0
    page.act("hint")  # the first step: the four crosses round the 0
    page.wait(lambda: "Hint" in page.status())
    assert "4 crosses, shown in green" in page.status() and "Why:" in page.text("reason")
    page.stroke([(4.5, 0.5), (5.5, 0.5)], kind=screen)  # a line elsewhere: the step still holds
    assert "4 crosses, shown in green" in page.status()
    cross(page, (2.0, 4.5), screen)  # one of its crosses
    assert "3 crosses left, shown in green" in page.status() and "Why:" in page.text("reason")
    assert page.js("return document.querySelectorAll('.hint-cross').length") == 3
    for point in ((1.5, 5.0), (2.5, 5.0), (2.0, 5.5)):
        cross(page, point, screen)
    assert page.status() == "" and page.text("reason") == ""
    assert page.js("return document.querySelectorAll('.hint-cross, .hint-line').length") == 0


def test_a_hints_reason_shows_under_the_status_on_screen(page: Page, screen: str) -> None:
    """Issue 40: at 1366x657 "Why: ..." sat under the buttons, off the screen (y=665)."""
    page.open(LOOPY_7x7)
    board = box(page, "#board")
    page.act("hint")
    page.wait(lambda: "Why:" in page.text("reason"))
    height = page.js("return innerHeight")
    reason, status, bar = box(page, "[data-role=reason]"), box(page, "[data-role=status]"), box(page, "#play-bar")
    assert status["bottom"] <= reason["top"] + 1 and reason["bottom"] <= box(page, "#board")["top"]
    assert reason["bottom"] <= height and bar["bottom"] <= height  # seen, and the buttons too
    assert box(page, "#board") == board  # it came without moving the board


def test_how_to_play_is_open_and_plain_on_a_first_visit(page: Page, screen: str) -> None:
    page.open(LOOPY_7x7)
    help_ = "details.help"
    assert page.js(f"return document.querySelector('{help_}').open")
    style = "const s = getComputedStyle(document.querySelector(arguments[0])); return [s.fontSize, s.color]"
    assert page.js(style, f"{help_} li") == page.js(style, "#settings label")  # not smaller, not grey
    page.b.find_element("css selector", f"{help_} summary").click()  # closed once: closed from then on
    # (the details' toggle event, which keeps it, comes after the click: a refresh at once raced it)
    page.wait(lambda: page.js("return localStorage.getItem('slitherasp:help')") == "closed")
    page.b.refresh()
    page.wait(lambda: "faces" in page.status())
    assert not page.js(f"return document.querySelector('{help_}').open")
    page.b.find_element("css selector", f"{help_} summary").click()


def test_the_panels_follow_the_buttons_without_a_gap(page: Page, screen: str) -> None:
    page.open(LOOPY_7x7)
    bar, aside = box(page, "#play-bar"), box(page, "aside")
    if screen == "touch":  # the panels under the board
        assert 0 <= aside["top"] - bar["bottom"] <= 20
    else:  # beside it
        assert aside["left"] >= box(page, "#board")["right"]


def test_solve_draws_the_lines_and_no_crosses_of_its_own(page: Page, screen: str) -> None:
    p = read_text(LOOPY_7x7)
    (answer,) = answers(p)
    page.open(LOOPY_7x7)
    cross(page, (2.0, 4.5), screen)  # a cross of the player's, by the 0
    page.act("solve")
    page.act("solve")
    page.wait(lambda: "only one" in page.status())
    assert page.drawn() == set(answer) and len(page.drawn("cross")) == 1
    assert page.js("return document.querySelectorAll('.clue:not(.done)').length") == 0  # the 0 too, uncrossed


def test_the_timer_times_play_alone(page: Page, screen: str) -> None:
    """Issue 40: composing for 8 s, then Play, started the new puzzle at 0:08."""
    blank = write_text(tilings.build("square", 2, 1), "pzpr").strip()
    page.open(blank)
    page.act("compose")
    clock = "return document.querySelector('[data-role=timer]').textContent"  # hidden while composing
    shown = page.js(clock)
    page.stroke([page.centre(0)], kind=screen)  # a clue: 0, then 1
    page.stroke([page.centre(0)], kind=screen)
    page.wait(lambda: "1 clue:" in page.status())
    time.sleep(3)  # composing
    assert page.js(clock) == shown and page.js("return window.slitherasp.timer.since") is None
    page.act("play")
    assert page.js("return window.slitherasp.timer.since") is not None  # timing the new puzzle
    assert int(page.text("timer").split(":")[1]) < 3


def test_the_timer_is_green_only_for_a_puzzle_the_player_solved(page: Page, screen: str) -> None:
    """Issue 40: it turned green after Solve showed the answer, and on a board without
    clues once any loop was drawn."""
    green = ("const c = (s) => getComputedStyle(document.querySelector(s)).color;"
             "return c('[data-role=timer]') !== c('[data-role=status]')")
    page.open(LOOPY_7x7)
    page.act("solve")
    page.act("solve")
    page.wait(lambda: "only one" in page.status())
    assert not page.js(green) and page.js("return window.slitherasp.timer.since") is None  # stopped, not green
    page.open(write_text(tilings.build("square", 2, 1), "pzpr").strip())
    page.stroke([(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (2.5, 1.5), (1.5, 1.5), (0.5, 1.5), (0.5, 0.5)], kind=screen)
    assert len(page.drawn()) == 6 and "Solved" not in page.status() and not page.js(green)
    assert page.js("return window.slitherasp.timer.since") is None  # nothing to time on a board without clues
    page.act("check")
    assert "no clues" in page.status()
    (answer,) = answers(read_text(LOOPY_7x7))
    page.open(LOOPY_7x7)
    page.stroke(loop_through(page, set(answer)), kind=screen)
    page.wait(lambda: "Solved" in page.status())
    assert page.js(green)


def test_hint_solve_and_progress_kept(page: Page) -> None:
    p = read_text(LOOPY_7x7)
    page.open(LOOPY_7x7)
    page.stroke([(0.5, 0.5), (1.5, 0.5)])
    page.b.refresh()
    page.wait(lambda: "faces" in page.status())
    assert len(page.drawn()) == 1  # kept in the browser
    page.act("clear")
    page.act("hint")
    page.wait(lambda: "Hint" in page.status())
    assert "Why:" in page.text("reason")
    crosses = page.js("return [...document.querySelectorAll('.hint-cross')].map(n => { const s = getComputedStyle(n);"
                      " return [s.stroke, s.markerMid]; })")
    assert f"{len(crosses)} crosses" in page.status()  # the first step on this board: crosses round its 0
    assert crosses and all(stroke == "none" and "#xh" in mark for stroke, mark in crosses)  # an X, not a line
    assert page.js("return document.querySelector('#xh path').getAttribute('d')") == "M-1,-1L1,1M-1,1L1,-1"
    page.press("s")
    assert "again" in page.status() and not page.drawn()  # asks first
    page.press("s")
    page.wait(lambda: "only one" in page.status())
    assert answers(p) == [frozenset(page.drawn())]


@pytest.mark.parametrize("text", ["6x6t16:1,0,1,6,0,P_c36850aB088a2a", "6x6t12:00CXDYXYCCCX_02b1a3b323c"],
                         ids=["hats", "penrose-p3"])
def test_other_tilings_play(page: Page, text: str) -> None:
    p = read_text(text)
    (answer,) = answers(p)
    page.open(text)
    assert len(page.states()) == len(p.edges)
    assert page.js("return document.querySelectorAll('[data-clue]').length") == p.clue_count()
    page.stroke(loop_through(page, set(answer)))
    page.wait(lambda: "Solved" in page.status())
    assert page.drawn() == set(answer)


def clued(tiling: str, size: int) -> str:
    """A patch of a tiling with the clues of a loop on it (two-digit ones on hats), to look at."""
    from slitherasp.make.generate import planted
    from slitherasp.web.api import share_text

    full, _ = planted(tilings.build(tiling, size, size, seed=1), seed=1)
    return share_text(full)


CLUES = ("return [...document.querySelectorAll('[data-clue]')].map(t => { const c = +t.dataset.clue,"
         " r = t.getBoundingClientRect(), f = window.slitherasp.app.g.faces.get(c), m = t.getScreenCTM().a;"
         " return [window.slitherasp.app.model.cell_edges[c].length, t.textContent, r.width, r.height,"
         " 2 * f.radius * m, t.hasAttribute('textLength')]; })")
"""Each clue: its face's sides, its text, its width and height on the screen, its face's inner
diameter on the screen, and whether it is squeezed to a length."""


def test_clues_are_sized_for_their_faces(page: Page, screen: str) -> None:
    """Issue 40: one clue size per board, sized for the smallest face: clues in dodecagons
    were about 10 px at 1280 px wide, and two-digit clues on hats were squeezed."""
    page.open(clued("dodecagonal", 10))
    clues = page.js(CLUES)
    big = min(h for sides, _, _, h, _, _ in clues if sides == 12)
    small = max(h for sides, _, _, h, _, _ in clues if sides == 3)
    assert big >= 2 * small and (screen == "touch" or big >= 18)  # readable on a laptop without zooming
    page.open(clued("hats", 10))
    clues = page.js(CLUES)
    assert any(len(text) == 2 for _, text, *_ in clues)
    for *_, width, _, inner, squeezed in clues:
        assert not squeezed and width <= inner  # in the face, as wide as its digits are
    one = {round(h) for _, text, _, h, _, _ in clues if len(text) == 1}
    assert len(one) == 1  # one shape, one size


def test_compose_with_number_keys_and_grade_in_words(page: Page) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    page.open(write_text(tilings.build("square", 2, 1), "pzpr").strip())
    page.act("compose")
    x, y = page.screen(*page.centre(0))
    actions = ActionChains(page.b)
    actions.w3c_actions.pointer_action.move_to_location(x, y)
    actions.perform()
    page.press("4")
    page.wait(lambda: "1 clue:" in page.status())
    page.stroke([page.centre(1)])  # a click counts up from nothing: 0
    page.stroke([page.centre(1)])
    page.wait(lambda: "2 clues: one answer" in page.status())
    page.act("grade")
    page.wait(lambda: "For a person" in page.status())
    assert "Loopy" in page.status() and "null" not in page.status()
    assert page.puzzle().clues == (4, 1) and len(answers(page.puzzle())) == 1
    page.press(Keys.BACKSPACE)  # the pointer is on the second face
    page.wait(lambda: "1 clue:" in page.status())


def test_compose_removes_spare_clues_and_draws_a_second_answer_in_words(page: Page) -> None:
    from slitherasp.make.generate import planted

    full, loop = planted(tilings.build("square", 4, 4), seed=7)  # every clue of a loop: many to spare
    page.open(write_text(full, "pzpr").strip())
    page.act("compose")
    page.act("reduce")
    page.wait(lambda: "Removed" in page.status())
    kept = page.puzzle()
    assert f"{kept.clue_count()} remain" in page.status() and kept.clue_count() < full.clue_count()
    assert answers(kept, limit=2) == answers(full, limit=2)  # still the one answer
    page.act("clear-clues")
    page.wait(lambda: "0 clues: more than one answer" in page.status())
    assert "No line is in every answer yet." in page.status()  # not "the 0 lines every answer has"
    page.act("second")
    page.wait(lambda: "…" not in page.status())  # not "Looking for a second answer… 0 s" any more
    dashed = page.js("const at = new Map([...document.querySelectorAll('[data-edge]')].map(n => [n.getAttribute('d'),"
                     " +n.dataset.edge])); return [...document.querySelectorAll('.marks .forced')]"
                     ".map(n => at.get(n.getAttribute('d')))")
    blank = full.with_clues([None] * len(full.cells))
    assert "A second answer" in page.status() and check(blank, blank.links(dashed)).valid  # a loop


def test_long_work_shows_that_it_is_working_and_cancels(page: Page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from slitherasp.web import api

    def slow(payload):  # type: ignore[no-untyped-def]
        from slitherasp.model.stopping import requested

        for _ in range(200):
            if requested():
                break
            time.sleep(0.05)
        return {"grade": None, "unique": None, "answers": 0}

    monkeypatch.setitem(api.ACTIONS, "grade", slow)
    page.open(LOOPY_7x7)
    page.act("compose")
    page.act("grade")
    page.wait(lambda: "Grading" in page.status())
    page.act("cancel")
    page.wait(lambda: page.status() == "Cancelled.")


def test_messages_speak_to_players(page: Page) -> None:
    page.open(LOOPY_7x7)
    page.b.find_element("css selector", "details:nth-of-type(2) summary").click()
    page.b.find_element("id", "paste").send_keys("this is not a puzzle")
    page.act("open")
    page.wait(lambda: "cannot be read" in page.status())
    for words in ("--", "<", "format (", "vertex 0"):
        assert words not in page.status()
    assert all("400" in e["message"] for e in page.errors())  # the refused request, nothing else


def test_the_page_says_a_refusal_in_the_words_the_api_answers(page: Page) -> None:
    from selenium.webdriver.common.keys import Keys

    from slitherasp.web.workers import answer

    page.open(LOOPY_7x7)
    page.b.find_element("css selector", "details:nth-of-type(2) summary").click()
    page.b.find_element("id", "paste").send_keys("3 3", Keys.ENTER, ". . .", Keys.ENTER, "9 . .", Keys.ENTER, ". . .")
    page.act("open")
    said = answer("open", {"puzzle": "3 3\n. . .\n9 . .\n. . .\n"}, 10.0)[1]["error"]
    page.wait(lambda: page.status() == said)
    assert said.startswith("Line 3: Clue 9 is larger than 4")
    size = page.b.find_element("id", "size")
    size.clear()
    size.send_keys("x5")  # the page refuses it itself, in the API's words
    page.act("generate")
    page.wait(lambda: page.status() == answer("generate", {"size": "x5"}, 10.0)[1]["error"])
    assert all("400" in e["message"] for e in page.errors())  # the refused request, nothing else


def test_the_new_panel_says_before_generating_what_would_run_out_of_time(page: Page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 40: a 20x20 fiendish hit the 20 s limit and came with 54% of its cells clued,
    and nothing said so before it started. The sizes are plain Python's: the server runs
    in this process, and is told that engine (the compiled one, which CI installs, takes
    half the time, and fits larger sizes)."""
    from selenium.webdriver.support.ui import Select

    from slitherasp.web import estimate

    monkeypatch.setattr(estimate, "engine", lambda: "plain")
    page.open(LOOPY_7x7)
    size = page.b.find_element("id", "size")
    size.clear()
    size.send_keys("20x20")
    Select(page.b.find_element("id", "difficulty")).select_by_visible_text("fiendish")
    note = page.b.find_element("css selector", "[data-role=estimate]")
    page.wait(lambda: "usually takes" in note.text)
    assert "on this server (plain Python)" in note.text and "time limit of 20 s" in note.text
    assert "In time: 9x9 at fiendish, or 20x20 at hard." in note.text
    before = page.b.current_url
    page.act("generate")
    page.wait(lambda: "Press Generate again" in page.status())
    time.sleep(0.5)
    assert "Making" not in page.status() and page.b.current_url == before  # nothing started
    size.clear()
    size.send_keys("6x6")
    page.wait(lambda: not note.is_displayed())


def test_generate_says_when_the_time_limit_stopped_it_and_export_writes_the_puzzle(page: Page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import Select

    from slitherasp.web import api

    page.open(LOOPY_7x7)
    page.wait(lambda: page.b.find_elements("css selector", "#tiling option"))
    size = page.b.find_element("id", "size")
    size.clear()
    size.send_keys("5x5")
    monkeypatch.setattr(api, "TIME_LIMIT", 0.0)  # the server runs in this process
    page.act("generate")
    page.wait(lambda: "Press Generate again" in page.status())  # it says first that it runs out of time
    page.act("generate")
    page.wait(lambda: "clues" in page.status() and "time limit" in page.status())
    assert "25 clues" in page.status() and len(page.states()) == 60
    page.b.find_element("css selector", "details:nth-of-type(3) summary").click()
    Select(page.b.find_element("id", "format")).select_by_value("lp")
    page.act("export")
    page.wait(lambda: "clue(" in page.b.find_element("id", "out").get_property("value"))
    exported = read_text(page.b.find_element("id", "out").get_property("value"))
    assert exported.clue_count() == 25 and len(answers(exported)) == 1
