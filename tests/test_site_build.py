"""``slitherasp site``: what the static site holds, and how its build refuses (without a
browser; ``tests/test_site.py`` plays the built site in Chromium).
"""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

import slitherasp
from slitherasp.cli.main import main
from slitherasp.model.errors import InputError
from slitherasp.model.extras import install
from slitherasp.web import manual, site


def fake_runtime(folder: Path) -> None:
    """Tarballs of the right names with the wrong content (as a tampered download)."""
    folder.mkdir()
    for r in site.RUNTIMES:
        data = io.BytesIO()
        with tarfile.open(fileobj=data, mode="w:gz") as tar:
            for name in r.files:
                info = tarfile.TarInfo(f"package/{name}")
                info.size = 4
                tar.addfile(info, io.BytesIO(b"fake"))
        (folder / r.tarball).write_bytes(data.getvalue())


def test_a_runtime_that_is_not_the_pinned_one_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake_runtime(tmp_path / "packs")
    assert main(["site", str(tmp_path / "public"), "--runtime", str(tmp_path / "packs")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "is not pyodide 314.0.7" in err and "sha512" in err
    assert not (tmp_path / "public").exists()  # nothing written


def test_a_missing_runtime_says_what_it_needs(tmp_path: Path) -> None:
    (tmp_path / "packs").mkdir()
    with pytest.raises(InputError, match=r"has no pyodide-314\.0\.7\.tgz \(npm pack pyodide@314\.0\.7"):
        site.build(tmp_path / "public", runtime=tmp_path / "packs")


def test_a_folder_with_files_is_replaced_only_with_force(tmp_path: Path) -> None:
    public = tmp_path / "public"
    public.mkdir()
    (public / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="not empty; use --force"):
        site.build(public)
    assert (public / "notes.txt").read_text() == "mine"


def test_a_folder_that_cannot_be_written_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """It was an internal error (exit 70): the build folder beside it could not be made."""
    assert main(["site", "/proc/slitherasp-site", "--no-snapshot", "--no-manual"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write into this folder" in err and "internal error" not in err


def test_the_package_source_runs_without_the_command_line_and_with_its_encodings() -> None:
    with tarfile.open(fileobj=io.BytesIO(site.source_archive()), mode="r:gz") as tar:
        names = tar.getnames()
    assert site.source_archive() == site.source_archive()  # the same bytes for the same source
    assert "slitherasp/web/browser.py" in names and "slitherasp/asp/colour.lp" in names
    assert "slitherasp/rules/engine.py" in names and not any(n.startswith("slitherasp/cli/") for n in names)
    assert not any(n.endswith((".so", ".pyc")) for n in names)


def test_the_icons_are_pngs_of_their_size() -> None:
    for n in (192, 512):
        data = site.icon(n)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == n


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("built") / "public"
    try:
        site.build(folder, ready=["square", "hats"], manual=False)  # the manual: tests/test_site.py builds one
    except InputError as e:
        if "cannot fetch" in str(e):
            pytest.skip(f"the runtimes cannot be fetched here: {e}")
        raise
    return folder


def test_the_site_loads_nothing_from_another_host(built: Path) -> None:
    """The page, its scripts and the service worker name no other host, and the
    service worker keeps every file of the site."""
    ours = [built / "index.html", built / "sw.js", *sorted((built / "static").glob("*.js"))]
    for path in ours:
        text = path.read_text().replace("http://www.w3.org/2000/svg", "")  # a namespace's name, not an address
        assert "http://" not in text and "https://" not in text, path.name
    kept = json.loads((built / "sw.js").read_text().split("const FILES = ", 1)[1].split(";", 1)[0])
    files = {str(p.relative_to(built)) for p in built.rglob("*") if p.is_file()} - {"sw.js"}
    assert set(kept) - {"./"} == files - {"ready/hats.json"}  # another tiling's ready puzzles: when asked for
    assert "ready/square.json" in kept and 'href="ready/square.json"' in (built / "index.html").read_text()
    assert (built / "static" / "config.js").read_text().count('"worker"') == 1
    manifest = json.loads((built / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and {i["sizes"] for i in manifest["icons"]} == {"192x192", "512x512"}
    assert 'rel="manifest"' in (built / "index.html").read_text()


def test_without_mkdocs_the_site_says_so_in_one_line_and_has_no_manual(
        built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(manual, "_importable", lambda name: False)  # as where the docs extra is not installed
    assert main(["site", str(tmp_path / "public"), "--ready", "square", "--no-snapshot"]) == 0
    out, err = capsys.readouterr()
    said = [line for line in err.splitlines() if "manual" in line]  # the others: the build's progress
    assert len(said) == 1 and "the site has no manual" in said[0] and install("docs") in said[0]
    assert "wrote" in out and not (tmp_path / "public" / "docs").exists()
    page = (tmp_path / "public" / "index.html").read_text()
    assert f'data-role="about">slitherasp {slitherasp.__version__}</p>' in page and "docs/index.html" not in page


def test_the_site_says_its_version_once_the_package_s(built: Path) -> None:
    page = (built / "index.html").read_text()
    assert f'<meta name="generator" content="slitherasp {slitherasp.__version__}">' in page
    assert page.count('data-role="about"') == 1 and 'data-role="about" hidden' not in page


def test_the_manual_s_sources_are_found_where_the_package_is() -> None:
    source = manual.config()
    assert source is not None and source.name == "mkdocs.yml"
    assert (source.parent / "docs" / "manual" / "variants.md").is_file()
    assert (source.parent / "CHANGELOG.md").is_file() and (source.parent / "docs" / "hooks" / "manual.py").is_file()
