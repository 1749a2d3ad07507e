"""The README and the manual: every example runs and prints what the page shows
(``tests/docexamples.py`` has the convention), every command has a page that names each
of its options, the README stays a front door, and the manual builds strictly."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from docexamples import ROOT, Block, Command, check_page, matches, pages, session, shown

from slitherasp.cli.main import FAMILIES, build_parser

COMMANDS = [name for names in FAMILIES.values() for name in names]
README_LIMIT = 15 * 1024


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_examples_of(page: Path, tmp_path: Path) -> None:
    problems = check_page(page, tmp_path)
    assert not problems, "\n\n".join(problems)


def test_the_convention_reads_sessions_and_wildcards() -> None:
    block = Block("console", 1, "$ a \\\n  b\nout\n$ cat <<'EOF'\nx\n$ y\nEOF\n$ echo $?\n0")
    assert session(block) == [Command("a \\\n  b", ("out",), 2), Command("cat <<'EOF'\nx\n$ y\nEOF", (), 5),
                              Command("echo $?", ("0",), 9)]
    assert matches(("a ... c", "...", "z"), "a b b c\nx\ny\nz\n")
    assert matches(("...",), "") and matches((), "")
    assert not matches((), "anything\n") and not matches(("a ... c",), "a b\nc\n")
    assert not matches(("z",), "z\nmore\n")
    assert shown(Block("sh", 1, "pip install x && slitherasp solve p.lp   # solves\nslitherasp serve\n"
                                "python benchmarks/speed.py --classes\nnode benchmarks/pyodide_node.mjs s x.py")) == [
        ("slitherasp solve p.lp", 2)]


def test_a_failing_example_is_found_and_an_exit_code_may_be_shown(tmp_path: Path) -> None:
    page = ROOT / "tests" / "data" / "docs-convention.md"
    problems = check_page(page, tmp_path)
    assert len(problems) == 3, problems
    assert "exit 2" in problems[0] and "expected:\nnot what it prints" in problems[1]
    assert "exit 1" in problems[2] and "false" in problems[2]


def _subcommands() -> dict[str, object]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return dict(action.choices)  # type: ignore[attr-defined]


def test_every_command_has_a_page_that_names_every_option() -> None:
    commands = _subcommands()
    assert sorted(commands) == sorted(COMMANDS)
    for name, sub in commands.items():
        page = ROOT / "docs" / "manual" / "commands" / f"{name}.md"
        text = page.read_text(encoding="utf-8")
        for action in sub._actions:  # type: ignore[attr-defined]
            for option in action.option_strings:
                if option.startswith("--") and option != "--help":
                    assert f"`{option}" in text, f"{page.name} does not name {option}"
        examples = [b for b in _blocks(page) if b.language == "console"]
        assert any(f"$ slitherasp {name}" in b.text for b in examples), f"{page.name} runs no example of {name}"


def _blocks(page: Path) -> list[Block]:
    from docexamples import blocks

    return blocks(page.read_text(encoding="utf-8"))


def test_the_readme_is_a_front_door_with_every_command() -> None:
    readme = ROOT / "README.md"
    assert readme.stat().st_size <= README_LIMIT, f"README.md is {readme.stat().st_size} bytes"
    text = readme.read_text(encoding="utf-8")
    for name in COMMANDS:
        assert re.search(rf"^\| \[`{name}`\]\(docs/manual/commands/{name}\.md\) \|", text, re.M), name
    links = re.findall(r"\]\(((?:docs|benchmarks|instances)/[^)#]+)", text) + ["CHANGELOG.md"]
    for link in links:
        assert (ROOT / link).exists(), link


def test_the_changelog_has_this_version_first() -> None:
    import slitherasp

    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    released = re.findall(r"^## \[(\d[^\]]*)\] - (\d{4}-\d\d-\d\d)$", text, re.M)
    assert released and released[0][0] == slitherasp.__version__


def test_the_manual_builds_strictly(tmp_path: Path) -> None:
    """A broken link, a missing page, a page left out of the nav or any warning fails."""
    try:
        import material  # noqa: F401
        import mkdocs  # noqa: F401
        import mkdocstrings  # noqa: F401
    except ImportError as e:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"the manual needs the docs extra ({e.name} is missing)")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                           "-d", str(tmp_path / "site")], capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    assert (tmp_path / "site" / "manual" / "commands" / "solve.html").is_file()
    assert (tmp_path / "site" / "search" / "search_index.json").is_file()


def test_ci_runs_exactly_the_readme_s_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line for block in _blocks(ROOT / "README.md") if block.language == "sh"
                   for line in block.text.splitlines() if "pytest" in line)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == command.strip() and command in readme
    assert any(line.startswith("pip install") and '.whl)[all]"' in line for line in ci)  # the built wheel, every extra
