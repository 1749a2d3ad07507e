"""A missing extra is said in one line whose ``pip install`` works where the user is:
``'.[web]'`` in the clone's folder, the clone's path elsewhere, ``'slitherasp[web]'`` only
for a package that came from an index (which serves no slitherasp today)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import slitherasp
from slitherasp.cli.main import main
from slitherasp.model import extras

ROOT = Path(__file__).resolve().parents[1]
FROM_TREE = Path(slitherasp.__file__).resolve().parent == ROOT / "slitherasp"
"""Whether the suite runs on the source tree (else on an installed wheel, as in CI)."""


def _advice(cwd: Path) -> str:
    code = "from slitherasp.model.extras import install; print(install('web'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return done.stdout.strip()


@pytest.mark.skipif(not FROM_TREE, reason="the suite runs on an installed package, not on a clone's tree")
def test_in_a_clone_the_advice_names_its_folder(tmp_path: Path) -> None:
    assert _advice(ROOT) == "pip install '.[web]'"
    assert _advice(tmp_path) == f"pip install '{ROOT}[web]'"


class _Installed:
    """An installed distribution whose ``direct_url.json`` is ``recorded``."""

    def __init__(self, recorded: dict | None) -> None:
        self.recorded = recorded

    def read_text(self, name: str) -> str | None:
        return json.dumps(self.recorded) if name == "direct_url.json" and self.recorded is not None else None


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Make this slitherasp look installed (not a source tree), as recorded by pip."""
    monkeypatch.setattr(extras, "_is_project", lambda folder: False)

    def record(recorded: dict | None) -> None:
        if recorded is None:
            def missing(name: str) -> None:
                raise metadata.PackageNotFoundError(name)
            monkeypatch.setattr(metadata, "distribution", missing)
        else:
            monkeypatch.setattr(metadata, "distribution", lambda name: _Installed(recorded))
    return record


def test_installed_from_a_clone_s_folder_the_advice_names_that_folder(
        installed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    clone = tmp_path / "my clone"
    clone.mkdir()
    installed({"url": clone.as_uri(), "dir_info": {}})
    assert extras.install("png") == f"pip install '{clone}[png]'"
    monkeypatch.chdir(clone)
    assert extras.install("png") == "pip install '.[png]'"


def test_a_package_from_an_index_or_a_wheel_is_named_by_its_name(installed) -> None:  # type: ignore[no-untyped-def]
    for recorded in (None, {}, {"url": "file:///tmp/dist/slitherasp-1.0.0-py3-none-any.whl", "archive_info": {}}):
        installed(recorded)
        assert extras.install("cluster") == "pip install 'slitherasp[cluster]'"


def test_each_message_is_one_line_with_the_libraries_alone(installed) -> None:  # type: ignore[no-untyped-def]
    installed(None)
    assert extras.needs("cluster", "--cluster") == ("--cluster needs Dask: pip install 'slitherasp[cluster]' "
                                                    "(or only the library: pip install 'dask[distributed]')")
    for name in extras.EXTRAS:
        assert "\n" not in extras.needs(name, "this")


def test_every_extra_named_is_one_of_the_package_s(tmp_path: Path) -> None:
    text = (ROOT / "pyproject.toml").read_text()
    for name, extra in extras.EXTRAS.items():
        line = next(li for li in text.splitlines() if li.startswith(f"{name} = ["))
        for requirement in extra.requirements:
            assert f'"{requirement}>=' in line, (name, requirement)


def test_the_web_app_without_its_extra_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve", "--no-open", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and extras.install("web") in err and "uvicorn is missing" in err
