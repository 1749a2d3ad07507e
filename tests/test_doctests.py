"""The examples in the docstrings, run on the package that is imported: the source tree
in development (``PYTHONPATH``, an editable install), the installed wheel in CI.

pytest's ``--doctest-modules`` would collect them from the files of the source tree, and
importing those puts the source tree first on ``sys.path`` for the rest of the run: the
suite would test the source tree where it means to test the wheel. Here every module is
found through the imported package instead (its compiled modules too, whose examples
the doctest finder reaches where mypyc kept them as Python functions).
"""

from __future__ import annotations

import doctest
import functools
import importlib
import inspect
import pkgutil

import pytest

import slitherasp

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

OPTIONAL = {"starlette", "uvicorn", "fpdf", "PIL", "dask", "distributed", "pysat"}
"""The optional extras' modules: a module that needs one that is absent is skipped."""


class _Finder(doctest.DocTestFinder):
    """The standard finder, which also looks into ``functools.cached_property`` (as pytest's
    does: the standard one looks into ``property`` only)."""

    def _find(self, tests, obj, name, module, source_lines, globs, seen):  # type: ignore[no-untyped-def]
        super()._find(tests, obj, name, module, source_lines, globs, seen)
        if inspect.isclass(obj) and self._recurse:  # type: ignore[attr-defined]
            for attr, value in obj.__dict__.items():
                if isinstance(value, functools.cached_property):
                    super()._find(tests, value.func, f"{name}.{attr}", module, source_lines, globs, seen)


def _modules() -> list[str]:
    names = ["slitherasp"]
    for info in pkgutil.walk_packages(slitherasp.__path__, "slitherasp."):
        if info.name.rsplit(".", 1)[-1] != "__main__":
            names.append(info.name)
    return sorted(names)


def test_every_package_of_the_house_is_walked() -> None:
    names = _modules()
    for floor in ("model", "solver", "make", "counting", "kinds", "formats", "rules", "web", "cli"):
        assert f"slitherasp.{floor}" in names
    assert len(names) > 100


@pytest.mark.parametrize("name", _modules())
def test_the_examples_of(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as e:
        if (e.name or "").split(".")[0] in OPTIONAL:
            pytest.skip(f"{name} needs {e.name}, an optional extra")
        raise
    finder = _Finder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    tests = [t for t in finder.find(module, name) if t.examples]
    failures = []
    for test in tests:
        result = runner.run(test, out=failures.append, clear_globs=True)
        assert result.attempted == len(test.examples)
    assert not failures, "".join(failures)
