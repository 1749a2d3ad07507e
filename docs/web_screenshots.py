"""Retake the manual's pictures of the web app: ``python docs/web_screenshots.py``
(needs ``chromium`` and ``chromium-driver`` and the ``test`` extra).

The page is played as a person plays it, with selenium's pointer actions (press, move,
release) in headless Chromium: part of the answer drawn by dragging, a cross, faces
marked, and a slip or two that the page shows in red. ``docs/web-play.png``: a Loopy 7x7
in the light theme; ``docs/web-dark.png``: a hats puzzle under a dark system theme;
``docs/web-phone.png``: the 7x7 on a phone-sized screen, played with a finger. Each is
saved in 128 colours (a third of the bytes; the page has few colours, so it looks the same).
"""

from __future__ import annotations

import io
import shutil
import socket
import threading
import time
from pathlib import Path
from urllib.parse import quote

import uvicorn
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.support.ui import WebDriverWait

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.make.generate import generate
from slitherasp.solver.run import solve
from slitherasp.web.app import create_app

HERE = Path(__file__).resolve().parent
LOOPY_7x7 = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"
SCREEN = """const m = document.querySelector('#board svg').getScreenCTM(), [x, y] = arguments;
return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]"""


def server() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="error"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}/"


def browser(size: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={size}",
                 "--hide-scrollbars"):
        options.add_argument(flag)
    return webdriver.Chrome(service=webdriver.ChromeService(shutil.which("chromedriver")), options=options)


class Player:
    def __init__(self, b: webdriver.Chrome, url: str, text: str, kind: str = "mouse") -> None:
        self.b, self.kind = b, kind
        b.get(url + "static/favicon.svg")
        b.execute_script("localStorage.clear()")
        b.get(f"{url}?p={quote(text)}")
        WebDriverWait(b, 60).until(lambda d: "faces" in d.find_element("css selector", "[data-role=status]").text)
        self.edges = b.execute_script("return window.slitherasp.app.model.scene.edges.map(e => [e.a, e.b])")

    def screen(self, p: tuple[float, float]) -> tuple[int, int]:
        x, y = self.b.execute_script(SCREEN, *p)
        return round(x), round(y)

    def stroke(self, points: list[tuple[float, float]], button: int = 0) -> None:
        kind = interaction.POINTER_TOUCH if self.kind == "touch" else interaction.POINTER_MOUSE
        actions = ActionBuilder(self.b, mouse=PointerInput(kind, self.kind), duration=20)
        hand = actions.pointer_action.move_to_location(*self.screen(points[0])).pointer_down(button)
        for p in points[1:]:
            hand.move_to_location(*self.screen(p))
        hand.pointer_up(button)
        actions.perform()

    def centre(self, cell: int) -> tuple[float, float]:
        return tuple(self.b.execute_script("return window.slitherasp.app.g.faces.get(arguments[0]).centre", cell))

    def part_of_loop(self, answer: set[int], share: float) -> list[tuple[float, float]]:
        """The first `share` of the answer's loop, as board points in order."""
        ends = {e: tuple(map(tuple, self.edges[e])) for e in answer}
        at: dict[tuple, list[int]] = {}
        for e, (a, b) in ends.items():
            at.setdefault(a, []).append(e)
            at.setdefault(b, []).append(e)
        e = min(answer)
        path, here = [ends[e][0]], ends[e][1]
        while here != path[0] and len(path) < share * len(answer):
            path.append(here)
            e = next(f for f in at[here] if f != e)
            a, b = ends[e]
            here = b if a == here else a
        return [*path, here]


def save(b: webdriver.Chrome, name: str) -> None:
    """The browser's screen as docs/NAME, in 128 colours."""
    shot = Image.open(io.BytesIO(b.get_screenshot_as_png())).convert("RGB")
    fewer = shot.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    fewer.save(HERE / name, optimize=True)


def play_square(p: Player) -> None:
    puzzle = read_text(LOOPY_7x7)
    answer = solve(puzzle).answer or set()
    p.stroke(p.part_of_loop(answer, 0.55))
    if p.kind == "touch":  # no second button on a finger: the Crosses button
        p.b.find_element("css selector", "[data-action=crosses]").click()
        p.stroke([(4.5, 5.5), (4.5, 6.5), (4.5, 7.5)])
        p.b.find_element("css selector", "[data-action=crosses]").click()
    else:
        p.stroke([(4.5, 5.5), (4.5, 6.5), (4.5, 7.5)], button=2)  # a right-drag: crosses
    p.stroke([(5.5, 0.5), (6.5, 0.5), (6.5, 1.5)])  # a slip: two lines around a 1
    for cell in (24, 31):
        p.stroke([p.centre(cell)])
    p.stroke([p.centre(48)])
    p.stroke([p.centre(48)])


def main() -> None:
    url = server()
    b = browser("1100,820")
    play_square(Player(b, url, LOOPY_7x7))
    save(b, "web-play.png")
    made = generate(tilings.build("hats", 8, 8, seed=5), seed=5, difficulty="easy")
    text = write_text(made.puzzle, "loopy").strip()
    b.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    hats = Player(b, url, text)
    hats.stroke(hats.part_of_loop(solve(made.puzzle).answer or set(), 0.6))
    for cell in range(0, len(made.puzzle.cells), 9):
        hats.stroke([hats.centre(cell)])
    save(b, "web-dark.png")
    b.quit()
    phone = browser("400,860")
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2,
                                                                 "mobile": True})
    phone.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    play_square(Player(phone, url, LOOPY_7x7, kind="touch"))
    save(phone, "web-phone.png")
    phone.quit()


if __name__ == "__main__":
    main()
