"""The examples of the README and the manual, read and run as the tests run them.

The convention (the manual's page "Writing the manual" says it for authors):

* A ```` ```console ```` block is a shell session that the tests run: each line that
  starts with ``$ `` is a command (bash; a line ending in ``\\`` goes on, and so does a
  here-document up to its end word), the lines under it are what it prints (standard
  output and error, in order, as a terminal shows them). In what it prints, ``...`` on
  a line of its own stands for any lines (none too), and ``...`` within a line for any
  text. A command must succeed (exit 0), unless what it prints has an ``error:`` (then
  it must fail), or the next command is ``echo $?``, which shows its exit code.
* A ```` ```pycon ```` block is a Python session, run as a doctest; the sessions of a page
  share their names.
* A ```` ```sh ```` block shows commands the tests cannot run where they stand: setting
  up (``git clone``, a virtual environment, ``pip install``), servers that run until they
  are stopped (and a cluster's scheduler), the benchmarks (``python benchmarks/...``: they
  run for minutes), and the test suite itself. Every other command in it (for example the
  ``slitherasp solve`` after ``pip install ... &&``) is run and must succeed.

Each page runs in a fresh folder holding a copy of ``instances/``, its blocks in order,
so a block may use what an earlier one wrote. A block that calls a tool of the system
that is not installed (:data:`TOOLS`: ``pdftoppm``) is left out, as the tests that need
it skip. ``slitherasp`` and ``python`` are the
interpreter and the package under test (the source tree, or the installed wheel in CI).
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = "\x1e"
"""Ends each command's output in a session's output, with its exit code."""
NOT_RUN = re.compile(
    r"((sudo )?apt-get |git clone|cd slitherasp$|python3? -m venv|\. \.venv/bin/activate|source \.venv/bin/activate"
    r"|pip install|python -m pip install|slitherasp serve|slitherasp site |python -m http\.server"
    r"|dask (scheduler|worker)|(python|node) benchmarks/"
    r"|pytest|python -m pytest|ruff check|lint-imports|mkdocs (build|serve)|python -m build|twine check"
    r"|curl |slitherasp .* --cluster tcp://)")
"""The commands a ``sh`` block may show without the tests running them."""


TOOLS = ("pdftoppm",)
"""Programs that examples may call and that a machine may lack (poppler-utils)."""


@dataclass(frozen=True)
class Command:
    """One command of a session and what the page says it prints."""

    text: str
    expected: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: its language, first line number and text."""

    language: str
    line: int
    text: str


def blocks(text: str) -> list[Block]:
    """Every fenced block of a Markdown text (fences may be indented, as in a list)."""
    found, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(`{3,})\s*([\w+-]*)", lines[i])
        if not m:
            i += 1
            continue
        indent, fence, language = m.groups()
        body, j = [], i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        found.append(Block(language, i + 1, "\n".join(body)))
        i = j + 1
    return found


def session(block: Block) -> list[Command]:
    """The commands of a ``console`` block and the output each is said to print."""
    commands: list[Command] = []
    lines = block.text.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"line {block.line + 1 + i}: a console block starts with a '$ ' command")
        start, text = i, lines[i][2:]
        end = re.search(r"<<-?\s*'?(\w+)'?", text)
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text += "\n" + lines[i]
        if end:
            while i + 1 < len(lines) and lines[i] != end.group(1):
                i += 1
                text += "\n" + lines[i]
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        commands.append(Command(text, tuple(expected), block.line + 1 + start))
    return commands


def shown(block: Block) -> list[tuple[str, int]]:
    """The commands of an ``sh`` block that the tests run (see :data:`NOT_RUN`; a site is
    built by ``tests/test_site_build.py``, which has the runtimes or skips)."""
    run = []
    lines = block.text.replace("\\\n", " ").splitlines()  # a command continued on the next line is one
    for n, line in enumerate(lines, block.line + 1):
        code = line.split("  #", 1)[0].strip()
        for part in filter(None, (p.strip() for p in code.split("&&"))):
            if not part.startswith("#") and not NOT_RUN.match(part):
                run.append((part, n))
    return run


def matches(expected: tuple[str, ...], actual: str) -> bool:
    """Whether ``actual`` is what ``expected`` says, with its ``...`` wildcards."""
    parts = []
    for line in expected:
        line = line.rstrip()
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split("...")) + r"[ \t]*\n")
    text = "".join(re.sub(r"[ \t]+$", "", li) + "\n" for li in actual.splitlines())
    return re.fullmatch("".join(parts), text) is not None


def workdir(page: Path, text: str, base: Path) -> Path:
    """A fresh folder for the examples of ``page``: a copy of ``instances/`` where the page
    uses it, and ``slitherasp`` and ``python`` commands of the interpreter under test."""
    folder = base / "work"
    folder.mkdir()
    if "instances/" in text:
        shutil.copytree(ROOT / "instances", folder / "instances",
                        ignore=shutil.ignore_patterns("*.py", "README.md"))
    bin_ = base / "bin"
    bin_.mkdir()
    scripts = {"slitherasp": f"#!{sys.executable}\nimport sys\nfrom slitherasp.command import run\n"
                             "if __name__ == '__main__':\n    sys.exit(run())\n",  # as pip's script (Dask spawns)
               "python": f'#!/bin/sh\nexec "{sys.executable}" "$@"\n'}
    for name, script in scripts.items():
        (bin_ / name).write_text(script)
        (bin_ / name).chmod(stat.S_IRWXU)
    return folder


def environment(base: Path) -> dict[str, str]:
    """The environment of the examples: our commands first on PATH, no terminal."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COLUMNS", "LINES"))}
    env.update(PATH=f"{base / 'bin'}{os.pathsep}{env.get('PATH', '')}", PYTHONUNBUFFERED="1",
               PYTHONSAFEPATH="1", COLUMNS="80", LC_ALL="C.UTF-8", NO_COLOR="1")
    return env


def run_session(commands: list[Command], cwd: Path, env: dict[str, str], timeout: float = 300) -> list[tuple[str, int]]:
    """Run a session in one shell: each command's output and exit code."""
    script = "".join(f"{c.text}\n__rc=$?; printf '{MARK}%d{MARK}' \"$__rc\" 1>&2; ( exit $__rc )\n"
                     for c in commands)
    done = subprocess.run(["bash", "--noprofile", "--norc", "-c", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
    pieces = done.stdout.split(MARK)
    return [(pieces[2 * i], int(pieces[2 * i + 1])) for i in range(len(pieces) // 2)]


def check_page(page: Path, base: Path) -> list[str]:
    """Run every example of one page; what went wrong, each with its line."""
    import slitherasp

    text = page.read_text(encoding="utf-8").replace("%VERSION%", slitherasp.__version__)  # as the manual's hook
    name = page.relative_to(ROOT)
    cwd = workdir(page, text, base)
    env = environment(base)
    problems: list[str] = []
    names: dict = {}  # the Python sessions of one page share their names, as one session would
    for block in blocks(text):
        if any(re.search(rf"\b{tool}\b", block.text) and shutil.which(tool) is None for tool in TOOLS):
            continue
        if block.language == "console":
            commands = session(block)
            results = run_session(commands, cwd, env)
            for k, (command, (output, code)) in enumerate(zip(commands, results)):
                shows_code = k + 1 < len(commands) and commands[k + 1].text.strip() == "echo $?"
                fails = any("error: " in line for line in command.expected)
                if not shows_code and (code != 0) != fails:
                    problems.append(f"{name}:{command.line}: exit {code}: {command.text}\n{output}")
                elif not matches(command.expected, output):
                    problems.append(f"{name}:{command.line}: {command.text}\nexpected:\n"
                                    + "\n".join(command.expected) + f"\ngot:\n{output}")
            if len(results) != len(commands):
                problems.append(f"{name}:{block.line}: the session stopped after {len(results)} commands")
        elif block.language == "sh":
            for command, line in shown(block):
                output, code = ([*run_session([Command(command, (), line)], cwd, env), ("no output", -1)])[0]
                if code != 0:
                    problems.append(f"{name}:{line}: exit {code}: {command}\n{output}")
        elif block.language == "pycon":
            problems.extend(_doctest(block, name, cwd, names))
    return problems


def _doctest(block: Block, name: Path, cwd: Path, names: dict) -> list[str]:
    test = doctest.DocTestParser().get_doctest(block.text, names, f"{name}:{block.line}", str(name), block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    here = os.getcwd()
    os.chdir(cwd)
    try:
        runner.run(test, out=failures.append, clear_globs=False)
        names.update(test.globs)  # a DocTest works on a copy
    finally:
        os.chdir(here)
    return failures


def pages() -> list[Path]:
    """The README and every page of the manual."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
