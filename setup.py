"""What ``pyproject.toml`` cannot declare: the optional compiled rule engine, and the
manual's sources in the wheel.

The compiled rule engine: the seven modules of the rules' cascade compiled with mypyc
from the same ``.py`` files, all of them or none.

``pip install .`` compiles them when it can (CPython, a C compiler, mypy in the build
environment); anywhere else, and for an editable install (``pip install -e .``: a
compiled module would shadow the ``.py`` being edited) or with ``SLITHERASP_PURE=1``,
the package is the pure Python one. At run time ``SLITHERASP_PURE=1`` imports the
``.py`` files even where the compiled ones are installed (:mod:`slitherasp.rules.compiled`).

The manual's sources (``mkdocs.yml``, ``CHANGELOG.md`` and ``docs/`` but its picture
scripts) go into the wheel as ``slitherasp/manual/``, so that ``slitherasp site`` builds
the manual from an installed package (:mod:`slitherasp.web.manual`).
"""

from __future__ import annotations

import os
import platform
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

COMPILED = ("board", "easy", "loopy", "faces", "beyond", "engine", "derive")
"""The modules compiled (slitherasp/rules/NAME.py): the cascade and the removal's derivations."""


def _why_pure() -> str | None:
    """Why the engine stays pure here, or None when it can be compiled."""
    if os.environ.get("SLITHERASP_PURE", "") not in ("", "0"):
        return "SLITHERASP_PURE is set"
    if "editable_wheel" in sys.argv or "develop" in sys.argv:
        return "an editable install"
    if platform.python_implementation() != "CPython":
        return f"{platform.python_implementation()} is not CPython"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python.h (the python3-dev package)"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]  # CC as distutils reads it
    if not any((Path(d) / cc).is_file() for d in os.environ.get("PATH", "").split(os.pathsep)):
        return f"no C compiler ({cc})"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "no mypyc in the build environment"
    return None


def _extensions() -> list:
    if not {"bdist_wheel", "build_ext", "build", "install"} & set(sys.argv[1:]):
        return []  # metadata only (pip asks for it first): no need to compile
    why = _why_pure()
    if why is not None:
        print(f"slitherasp: the pure Python rule engine ({why})", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    print("slitherasp: compiling the rule engine with mypyc", file=sys.stderr)
    return mypycify(["--follow-imports=silent", "--ignore-missing-imports",
                     *(f"slitherasp/rules/{m}.py" for m in COMPILED)], opt_level="3")


class _OrPure(build_ext):
    """Build the compiled engine, or, when compiling fails (a compiler or mypyc that
    cannot build it), leave it out: the package is then the pure Python one, as it is
    where nothing can compile. An install never fails for want of the compiled engine."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # CompileError, LinkError, a mypyc failure: all mean "stay pure"
            print(f"slitherasp: the pure Python rule engine (compiling failed: {e})", file=sys.stderr)
            for ext in self.extensions:  # all or none: no module of a half-built engine stays
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as e:
            raise RuntimeError(f"{ext.name}: {e}") from None


MANUAL = ("mkdocs.yml", "CHANGELOG.md")
"""The manual's files beside ``docs/`` that its build reads."""


def manual_sources(root: Path) -> list[Path]:
    """The files of the manual's sources under ``root`` (the clone or the unpacked
    source distribution): its pages, pictures and build hooks, not the scripts that
    draw the pictures (``docs/*.py``) nor caches."""
    docs = root / "docs"
    files = [root / name for name in MANUAL]
    files += [p for p in sorted(docs.rglob("*")) if p.is_file() and "__pycache__" not in p.parts
              and not (p.parent == docs and p.suffix == ".py")]
    return files


class _WithManual(build_py):
    """Also copy the manual's sources into the package (``slitherasp/manual/``), where an
    installed ``slitherasp site`` finds them. An editable install has the clone's own."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "slitherasp" / "manual"
        for source in manual_sources(root):
            copy = target / source.relative_to(root)
            self.mkpath(str(copy.parent))
            self.copy_file(str(source), str(copy), preserve_mode=False)


setup(ext_modules=_extensions(), cmdclass={"build_ext": _OrPure, "build_py": _WithManual})
