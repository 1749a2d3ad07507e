"""The manual's page on the setter's workbench (docs/manual/setting.md) says what the
commands print: every ``console`` block is run, command by command, in a fresh folder
holding the page's ``text file=NAME`` blocks, and must print what the page shows
(``...`` standing for times); its Python examples run as doctests."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from slitherasp.cli import main

PAGE = Path(__file__).resolve().parents[1] / "docs" / "manual" / "setting.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.M | re.S)


def blocks(kind: str) -> list[tuple[str, str]]:
    return [(info.strip(), body) for k, info, body in BLOCK.findall(PAGE.read_text(encoding="utf-8")) if k == kind]


def sessions() -> list[tuple[str, str]]:
    """Each command of the console blocks, with what it prints."""
    found = []
    for _, body in blocks("console"):
        for chunk in body.split("$ ")[1:]:
            command, _, shown = chunk.partition("\n")
            found.append((command, shown))
    return found


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder with the page's files, as the working directory."""
    for info, body in blocks("text"):
        if info.startswith("file="):
            (tmp_path / info.removeprefix("file=")).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command, shown", sessions(), ids=[c for c, _ in sessions()])
def test_each_command_prints_what_the_page_shows(command: str, shown: str, folder: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    argv = shlex.split(command)
    assert argv[0] == "slitherasp"
    main(argv[1:])
    out, err = capsys.readouterr()
    checker = doctest.OutputChecker()
    assert checker.check_output(shown, out + err, doctest.ELLIPSIS), (shown, out + err)


def test_the_python_examples_run() -> None:
    text = "\n".join(body for _, body in blocks("python"))
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 5
