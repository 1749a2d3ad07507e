"""The rules that keep the house in shape: small modules and functions, a light
package root, a command line whose help loads no solver."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "slitherasp"
HEAVY = ("clingo", "networkx", "numpy", "shapely", "tqdm")
MODULE_LINES, FUNCTION_LINES = 450, 80


def loaded_after(code: str, modules: tuple[str, ...] = HEAVY) -> list[str]:
    """Which of ``modules`` (the heavy libraries) a fresh interpreter has loaded after
    running ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {modules!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent)
    return out.stdout.split()


@pytest.mark.parametrize("code", [
    "import slitherasp",
    "import slitherasp.model",
    "import slitherasp.model; slitherasp.model.from_faces([[(0, 0), (1, 0), (0, 1)]]).is_disc",
    "from slitherasp.cli.main import build_parser; build_parser().format_help()",
    "import slitherasp; slitherasp.read_instance('edge(1,2).'); slitherasp.Puzzle",
])
def test_light_imports(code: str) -> None:
    assert loaded_after(code) == []


def test_the_solver_loads_on_first_use() -> None:
    assert loaded_after("import slitherasp; slitherasp.solve") == []
    grid = "from slitherasp import solve, tilings; g = tilings.build('square', 2, 1)"
    # the local rules settle a 3 beside a 3 whole: no search, so no clingo, and nothing
    # of the reduction that builds a smaller program for it
    settled = f"{grid}; assert solve(g.with_clues([3, 3]), unique=True).unique"
    assert loaded_after(settled, (*HEAVY, "slitherasp.simplify")) == []
    # without clues the rules settle nothing (three loops): clingo searches
    assert loaded_after(f"{grid}; assert solve(g, models=0).count == 3") == ["clingo"]


def test_modules_and_functions_are_small() -> None:
    """At most 450 lines a module and 80 a function, unless the function's first
    line says why (``# long: ...``)."""
    too_long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        if len(lines) > MODULE_LINES:
            too_long.append(f"{path.name}: {len(lines)} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if size > FUNCTION_LINES and "# long:" not in lines[node.lineno - 1]:
                    too_long.append(f"{path.name}:{node.lineno} {node.name}: {size} lines")
    assert too_long == []


def test_no_script_shadows_the_standard_library() -> None:
    # a script's folder comes first on sys.path: benchmarks/collections.py once broke speed.py
    scripts = [p for folder in ("benchmarks", "docs", "instances") for p in (PACKAGE.parent / folder).glob("*.py")]
    assert scripts and not [p.name for p in scripts if p.stem in sys.stdlib_module_names]


def test_each_command_line_builds_only_its_own_command_family() -> None:
    from slitherasp.cli.main import FAMILIES, build_parser

    def commands(parser) -> set[str]:  # type: ignore[no-untyped-def]
        return set(next(a for a in parser._actions if a.dest == "command").choices)

    for family, names in FAMILIES.items():
        assert commands(build_parser(family)) == set(names), family
    assert commands(build_parser()) == {n for names in FAMILIES.values() for n in names}
    # a solve loads neither the web server's, the book's nor the batches' command modules
    probe = ("from slitherasp.cli import main; import contextlib, io\n"
             "with contextlib.redirect_stdout(io.StringIO()): main(['solve', 'instances/square/wikipedia-6x6.lp'])")
    assert set(loaded_after(probe, ("slitherasp.cli.serve", "slitherasp.cli.book", "slitherasp.cli.batch",
                                    "slitherasp.formats.loopy", "slitherasp.tilings"))) == set()


def js_imports(folder: Path) -> dict[str, set[str]]:
    """Each ES module of ``folder`` and the modules of the same folder it imports
    (``import ... from "./x.js"``, ``export ... from "./x.js"``, ``import("./x.js")``)."""
    found = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']\./([\w.-]+\.js)["']""")
    return {p.name: set(found.findall(p.read_text(encoding="utf-8"))) for p in sorted(folder.glob("*.js"))}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of more than one
    module, and modules that import themselves (Tarjan's algorithm).

    >>> circles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in graph.get(v, ()):
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_pages_modules_import_in_one_direction() -> None:
    """No circle among the page's ES modules (as import-linter forbids them in Python)."""
    graph = js_imports(PACKAGE / "web" / "static")
    assert graph and any(graph.values())
    assert circles(graph) == []
    assert circles({"a.js": {"b.js"}, "b.js": {"a.js"}}) == [["a.js", "b.js"]]  # the check can fail


def test_no_private_name_is_imported_from_another_module() -> None:
    """A name that starts with ``_`` belongs to its module: another module that needs
    it needs a public name."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                found += [f"{path.relative_to(PACKAGE)}: {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []


def test_the_top_level_holds_rooms_not_modules() -> None:
    """Every module lives in a package named for what it does; at the top only the
    lazy public API, the command's entry point and the independent checker."""
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == ["__init__.py", "command.py", "validate.py"]
