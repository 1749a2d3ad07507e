"""The daily puzzle's recipe (slitherasp.make.daily): its size and seed come from the date,
the tiling and the level alone, so that the command line, the server and the page in the
browser make the same puzzle; what ``generate --daily`` and the API refuse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slitherasp import tilings
from slitherasp.cli.main import main
from slitherasp.formats import read_text
from slitherasp.make.daily import LEVELS, USUAL_SIZES, daily, day, fitting_size
from slitherasp.model.errors import InputError


def test_each_tilings_usual_size_is_the_rules() -> None:
    assert set(USUAL_SIZES) == set(tilings.TILINGS)
    assert {name: fitting_size(name)[0] for name in USUAL_SIZES} == USUAL_SIZES


def test_the_recipe_comes_from_the_date_the_tiling_and_the_level() -> None:
    d = daily("2025-06-01", "cairo", "hard")
    assert (d.date, d.tiling, d.difficulty, d.size) == ("2025-06-01", "cairo", "hard", (5, 5))
    assert d == daily("2025-6-1", "cairo", "hard")  # the same date, written otherwise
    others = {daily(date, tiling, level).seed for date in ("2025-06-01", "2025-06-02")
              for tiling in ("cairo", "square") for level in ("easy", "hard")}
    assert len(others) == 8


@pytest.mark.parametrize(("date", "level"), [("2025-02-30", "easy"), ("yesterday", "easy"), ("2025-06-01", "search"),
                                             ("２０２５-06-01", "easy"), ("2025-06-01", "Hard")])
def test_a_date_or_level_that_is_none_is_refused_in_one_line(date: str, level: str) -> None:
    with pytest.raises(InputError) as e:
        daily(date, "square", level)
    assert "\n" not in str(e.value)


def test_today_is_this_computers_date() -> None:
    import datetime

    assert day("today") == datetime.date.today().isoformat()


def test_generate_daily_makes_the_puzzle_the_web_api_makes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from slitherasp.web import api

    assert main(["generate", "--daily", "2025-06-01", "hats", "--difficulty", "tricky", "-o", str(tmp_path),
                 "--json", "--no-progress"]) == 0
    made = json.loads(capsys.readouterr().out)
    served = api.ACTIONS["daily"]({"date": "2025-06-01", "tiling": "hats", "difficulty": "tricky"})
    assert read_text(Path(made["instance"]).read_text(), "x.lp").clues == read_text(served["puzzle"]).clues
    assert served["size"] == "6x6" and made["human_grade"] == served["grade"] == "tricky"


def test_generate_daily_refuses_what_the_date_decides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--daily", "today", "--seed", "3", "-o", str(tmp_path)]) == 2
    said = capsys.readouterr().err.strip()
    assert len(said.splitlines()) == 1 and "leave out --seed" in said
    assert main(["generate", "--daily", "2025-13-01", "-o", str(tmp_path)]) == 2
    assert "is no date" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_api_says_a_bad_date_in_words() -> None:
    from slitherasp.web.workers import answer

    status, body = answer("daily", {"date": "tomorrow", "tiling": "square", "difficulty": "easy"}, 10.0)
    assert status == 400 and body["error"].startswith("Tomorrow is no date")
    assert set(LEVELS) == {"easy", "normal", "tricky", "hard", "fiendish"}
