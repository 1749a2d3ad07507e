"""What brings a player back, and what a new player tripped on (issue 46, sections 3 and
4), on the page in a real headless Chromium served by the app in this process, played
with real input as tests/test_web_page.py plays it: the daily puzzle and its streak,
statistics kept, exported, imported and cleared, the next puzzle made ahead, trial
mode, a board solved by crossing out the rest, faint crosses, the n key, a replay after
the answer was shown; the level menu for a variant, the rule in sight, the buttons on
screen under a long status, Share after Solved, estimates in words that match their
numbers, and Generate pressed just after a change of the choices. Answers are judged
by the SAT checker of ``stepcheck``."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
import test_web_page
from stepcheck import answers
from test_web_page import LOOPY_7x7, Page, loop_through

from slitherasp.formats import read_text

page = test_web_page.page  # the page, served as tests/test_web_page.py serves it
no_errors_in_the_browser_log = test_web_page.no_errors_in_the_browser_log

SMALL = "3x3t0:2a3b1a3a"
"""A 3x3 puzzle (one answer)."""


def solve_by_drawing(page: Page) -> None:
    """Draw the board's answer (the judge's) in one drag, and wait for "Solved"."""
    (answer,) = answers(page.puzzle())
    page.stroke(loop_through(page, set(answer)))
    page.wait(lambda: "Solved" in page.status())


def local_date(page: Page, days_before: int = 0) -> str:
    return page.js("const d = new Date(); d.setDate(d.getDate() - arguments[0]);"
                   "return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-"
                   "${String(d.getDate()).padStart(2, '0')}`", days_before)


def command_line_daily(date: str, tmp: Path, *, tiling: str = "square", level: str = "normal"):  # type: ignore[no-untyped-def]
    out = subprocess.run([sys.executable, "-m", "slitherasp.cli", "generate", "--daily", date, tiling,
                          "--difficulty", level, "-o", str(tmp), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return read_text(Path(json.loads(out.stdout)["instance"]).read_text(), "daily.lp")


def summary(page: Page) -> str:
    """The statistics panel's first line (open or closed)."""
    return page.js("return document.querySelector('[data-role=stats-summary]').textContent")


def statuses(page: Page) -> list[str]:
    """Every status the page has shown since :func:`watch_statuses`."""
    return page.js("return window.seen")


def watch_statuses(page: Page) -> None:
    page.js("window.seen = []; new MutationObserver(() => window.seen.push("
            "document.querySelector('[data-role=status]').textContent))"
            ".observe(document.querySelector('[data-role=status]'),"
            " {childList: true, characterData: true, subtree: true})")


# -- section 3: reasons to come back -------------------------------------------------------------
def test_the_daily_puzzle_is_the_command_lines_and_solving_days_in_a_row_makes_a_streak(
        page: Page, tmp_path: Path) -> None:
    page.open(LOOPY_7x7)
    today, yesterday = local_date(page), local_date(page, 1)
    page.act("daily")
    page.wait(lambda: "Today's puzzle" in page.status())
    assert f"({today}): square, normal" in page.status()
    assert page.puzzle().clues == command_line_daily(today, tmp_path).clues  # the same for everyone that day
    solve_by_drawing(page)
    page.wait(lambda: page.text("streak") == "Daily streak: 1 day.")
    page.act("yesterday")  # still playable, and it counts for its own day
    page.wait(lambda: "Yesterday's puzzle" in page.status())
    assert page.puzzle().clues == command_line_daily(yesterday, tmp_path).clues
    solve_by_drawing(page)
    page.wait(lambda: page.text("streak") == "Daily streak: 2 days.")
    assert summary(page).startswith("2 puzzles solved; daily streak 2 days")
    page.act("daily")  # played before: as it was left (solved), not made again
    page.wait(lambda: "Today's puzzle" in page.status())
    assert page.js("return window.slitherasp.app.solved")


def test_statistics_are_kept_exported_imported_and_cleared_only_when_asked(page: Page, tmp_path: Path) -> None:
    page.open(LOOPY_7x7)
    page.b.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    page.act("hint")
    page.wait(lambda: "Hint" in page.status())
    page.act("clear")
    solve_by_drawing(page)
    page.b.refresh()  # kept in the browser
    page.wait(lambda: "Solved" in page.status())
    page.b.find_element("css selector", "#statistics summary").click()
    assert summary(page) == "1 puzzle solved; daily streak 0 days (longest 0); hints used: 1."
    row = page.js("return [...document.querySelectorAll('#statistics tr')][1].innerText").split("\t")
    assert row[:3] == ["square", "ungraded", "1"]
    page.act("stats-export")
    page.wait(lambda: list(tmp_path.glob("slitherasp-statistics-*.json")))
    exported = next(tmp_path.glob("slitherasp-statistics-*.json"))
    page.wait(lambda: exported.stat().st_size > 0)
    assert len(json.loads(exported.read_text())["solves"]) == 1
    page.act("stats-clear")
    assert "Press Clear again" in page.status() and summary(page).startswith("1 puzzle solved")
    page.act("stats-clear")
    assert summary(page).startswith("0 puzzles solved")
    for _ in range(2):  # the same file twice: its puzzles count once
        page.b.find_element("id", "stats-file").send_keys(str(exported))
        page.wait(lambda: "Imported" in page.status())
    assert "were here already" in page.status() and summary(page).startswith("1 puzzle solved")
    assert summary(page).endswith("hints used: 1.")
    page.b.find_element("css selector", "#statistics summary").click()


def test_the_next_puzzle_is_made_ahead_and_new_opens_it_at_once(page: Page) -> None:
    page.open(LOOPY_7x7)
    size = page.b.find_element("id", "size")
    size.clear()
    size.send_keys("5x5")
    page.act("generate")
    page.wait(lambda: "New puzzle" in page.status())
    page.wait(lambda: page.js("return Boolean(window.slitherasp.ahead.made)"))
    made = page.js("return window.slitherasp.ahead.made.puzzle")
    watch_statuses(page)
    page.act("generate")
    assert "New puzzle" in page.status()
    assert not [s for s in statuses(page) if "Making" in s]  # nothing was made while the player waited
    assert page.puzzle().clues == read_text(made).clues and len(page.puzzle().cells) == 25
    page.wait(lambda: page.js("return window.slitherasp.ahead.made?.puzzle") not in (None, made))  # and the next


def test_a_trial_draws_in_its_colour_and_is_kept_or_thrown_away_in_one_click(page: Page) -> None:
    page.open(LOOPY_7x7)
    page.stroke([(0.5, 0.5), (1.5, 0.5)])
    base = page.drawn()
    page.press("t")
    assert page.text("status").startswith("Trial 1")
    page.stroke([(0.5, 2.5), (1.5, 2.5), (2.5, 2.5)])
    first = page.drawn() - base
    trial = "return [...document.querySelectorAll('[data-trial]')].map(n => [n.dataset.edge, n.dataset.trial])"
    assert len(first) == 2 and sorted(page.js(trial)) == sorted([str(e), "1"] for e in first)
    colour = "return getComputedStyle(document.querySelector(`[data-edge='${arguments[0]}']`)).stroke"
    assert page.js(colour, next(iter(first))) != page.js(colour, next(iter(base)))
    page.act("trial")  # a trial in the trial
    page.stroke([(0.5, 4.5), (1.5, 4.5)], button=2)  # crosses, in the second trial's colour
    second = page.drawn("cross")
    assert len(second) == 1 and page.js(trial).count([str(next(iter(second))), "2"]) == 1
    page.act("discard")  # everything since the second trial began
    assert not page.drawn("cross") and page.drawn() == base | first
    page.press("a")  # the first trial's lines are the board's now
    assert page.js(trial) == [] and page.drawn() == base | first
    assert page.b.find_element("css selector", ".trial-controls").is_displayed() is False
    page.press("t")
    page.stroke([(4.5, 0.5), (5.5, 0.5)])
    page.press("d")
    assert page.drawn() == base | first
    page.act("redo")  # thrown away means not to be redone
    assert page.drawn() == base | first


def test_crossing_out_everything_but_the_loop_solves_it_and_l_draws_the_loop(page: Page) -> None:
    page.open(SMALL)
    (answer,) = answers(read_text(SMALL))
    page.press("l")  # nothing crossed yet: no loop left by the crosses
    assert "Cross out the rest" in page.status() and not page.drawn()
    rest = [e for e in range(len(page.states())) if e not in answer]
    for e in rest:
        (ax, ay), (bx, by) = page.ends(e)
        page.stroke([((ax + bx) / 2, (ay + by) / 2)], button=2)
    page.wait(lambda: "Solved" in page.status())
    assert "crosses leave exactly the loop" in page.status() and not page.drawn()
    page.press("l")
    assert page.drawn() == set(answer) and "Solved" in page.status()


def test_crosses_drawn_faintly_as_a_setting(page: Page) -> None:
    page.open(LOOPY_7x7)
    page.stroke([(1.0, 0.5)], button=2)
    (crossed,) = page.drawn("cross")
    look = ("const s = getComputedStyle(document.querySelector(`[data-edge='${arguments[0]}']`));"
            "return [s.markerMid, s.stroke]")
    assert "#x" in page.js(look, crossed)[0]
    page.b.find_element("css selector", "#settings summary").click()
    page.b.find_element("css selector", "[data-setting=faint]").click()
    marker, stroke = page.js(look, crossed)
    grid = page.js("return getComputedStyle(document.querySelector('.grid')).stroke")
    assert marker == "none" and stroke not in ("none", grid)
    page.b.find_element("css selector", "[data-setting=faint]").click()
    assert "#x" in page.js(look, crossed)[0]
    page.b.find_element("css selector", "#settings summary").click()


def test_n_makes_a_new_puzzle(page: Page) -> None:
    page.open(LOOPY_7x7)
    before = page.b.current_url
    page.press("n")
    page.wait(lambda: page.b.current_url != before and "New puzzle" in page.status())
    assert len(answers(page.puzzle(), limit=2)) == 1


def test_a_board_replayed_after_the_answer_was_shown_says_the_loop_is_complete(page: Page) -> None:
    page.open(LOOPY_7x7)
    page.act("solve")
    page.act("solve")
    page.wait(lambda: "only one" in page.status())
    page.act("clear")
    (answer,) = answers(page.puzzle())
    page.stroke(loop_through(page, set(answer)))
    page.wait(lambda: "loop is complete" in page.status())
    assert "no record" in page.status() and "Clear to play it again" not in page.status()
    assert page.js("return window.slitherasp.timer.since") is None  # untimed
    page.b.refresh()
    page.wait(lambda: "loop is complete" in page.status())
    assert summary(page).startswith("0 puzzles solved")


# -- section 4: what a new player tripped on -----------------------------------------------------
def test_a_variant_greys_out_the_level_and_its_rule_is_said_on_the_board_and_by_generate(page: Page) -> None:
    from selenium.webdriver.support.ui import Select

    page.open(LOOPY_7x7)
    level, rule = page.b.find_element("id", "difficulty"), Select(page.b.find_element("id", "variant"))
    assert level.is_enabled() and page.b.find_element("css selector", "[data-action=generate]").text == "Generate"
    rule.select_by_value("lither")
    assert not level.is_enabled()
    assert page.b.find_element("css selector", "[data-action=generate]").text == "Generate Litherslink"
    size = page.b.find_element("id", "size")
    size.clear()
    size.send_keys("4x4")
    page.act("generate")
    page.wait(lambda: "New Litherslink" in page.status(), 60)
    assert page.text("board-rule") == "Litherslink"
    assert "Litherslink: Litherslink" not in page.text("rule")
    page.b.refresh()  # a returning player: the rule is in sight, on the board and on the button
    page.wait(lambda: "faces" in page.status() or "Litherslink" in page.status())
    assert "Litherslink. Litherslink" not in page.status() and "Litherslink: Litherslink" not in page.status()
    assert page.text("board-rule") == "Litherslink"
    assert page.b.find_element("css selector", "[data-action=generate]").text == "Generate Litherslink"
    page.open(LOOPY_7x7)
    assert page.text("board-rule") == "" and page.b.find_element("id", "difficulty").is_enabled()


def test_the_play_buttons_stay_on_screen_whatever_the_status_says(page: Page) -> None:
    """Issue 46: after Print PDF on the site the status took three lines at 1366x768 and
    pushed Undo, Redo and Check below the window."""
    page.b.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1366, "height": 768 - 111, "deviceScaleFactor": 1, "mobile": False})
    try:
        page.open(LOOPY_7x7)
        page.b.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('./static/server.js').then((m) => {"
            "  m.status(arguments[0]); requestAnimationFrame(() => done()); });",
            "A long message. " * 40)
        time.sleep(0.3)
        height = page.js("return innerHeight")
        bar = test_web_page.box(page, "#play-bar")
        said = test_web_page.box(page, "[data-role=status]")
        assert said["bottom"] - said["top"] > 60  # three lines or more
        assert bar["bottom"] <= height and test_web_page.box(page, "#board")["bottom"] <= bar["top"]
    finally:
        page.b.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_share_keeps_the_solved_message(page: Page) -> None:
    page.open(LOOPY_7x7)
    solve_by_drawing(page)
    solved = page.status()
    page.b.find_element("css selector", "details:nth-of-type(3) summary").click()
    page.act("share")
    page.wait(lambda: "link" in page.status().lower())
    assert page.status().startswith(solved)
    page.b.find_element("css selector", "details:nth-of-type(3) summary").click()


def test_an_estimate_close_to_the_limit_says_close_not_longer(page: Page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 46: "about 16 s, longer than the time limit of 20 s". With plain Python's
    figures (the server runs in this process): a compiled engine makes 10x10 fit."""
    from selenium.webdriver.support.ui import Select

    from slitherasp.web import estimate

    monkeypatch.setattr(estimate, "engine", lambda: "plain")
    page.open(LOOPY_7x7)
    size = page.b.find_element("id", "size")
    size.clear()
    size.send_keys("10x10")
    Select(page.b.find_element("id", "difficulty")).select_by_visible_text("fiendish")
    note = page.b.find_element("css selector", "[data-role=estimate]")
    page.wait(lambda: "usually takes" in note.text)
    seconds = float(note.text.split("about ")[1].split(" s")[0])
    assert seconds < 20 and "close to the time limit of 20 s" in note.text and "longer than" not in note.text
    Select(page.b.find_element("id", "difficulty")).select_by_visible_text("normal")
    size.clear()
    size.send_keys("7x7")


def test_generate_pressed_just_after_a_change_of_the_choices_makes_a_puzzle(page: Page, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 46: Generate pressed about 0.6 s after a change of the tiling, size and rule
    did nothing, or said "Cancelled.": the New panel's estimate for the new choices,
    asked 0.25 s after the change, aborted the one Generate was waiting for."""
    from slitherasp.web import api

    real = api.ACTIONS["estimate"]

    def slow(payload):  # type: ignore[no-untyped-def]
        time.sleep(0.5)
        return real(payload)

    monkeypatch.setitem(api.ACTIONS, "estimate", slow)
    page.open(LOOPY_7x7)
    size = page.b.find_element("id", "size")
    for n in (5, 6):
        before = page.b.current_url
        watch_statuses(page)
        size.clear()
        size.send_keys(f"{n}x{n}")
        page.act("generate")  # within the 0.25 s before the panel asks its own estimate
        page.wait(lambda before=before: page.b.current_url != before and "New puzzle" in page.status(), 30)
        assert "Cancelled." not in statuses(page)
        assert len(page.puzzle().cells) == n * n
    size.clear()
    size.send_keys("7x7")


def test_estimates_follow_the_engine_that_runs(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from slitherasp.rules import compiled
    from slitherasp.web import api, estimate

    c = {"tiling": "square", "size": "30x30", "difficulty": "hard"}
    monkeypatch.setattr(compiled, "compiled", lambda: False)
    plain = api.estimate(c)
    monkeypatch.setattr(compiled, "compiled", lambda: True)
    fast = api.estimate(c)
    monkeypatch.setattr(estimate, "BROWSER", 2.0)
    browser = api.estimate(c)
    assert (plain["engine"], fast["engine"], browser["engine"]) == ("plain", "compiled", "browser")
    assert fast["seconds"] < plain["seconds"] < browser["seconds"]
    assert fast["fits"] and plain["seconds"] == pytest.approx(13.0, abs=0.1)  # 30x30 has 1,860 edges: exactly
