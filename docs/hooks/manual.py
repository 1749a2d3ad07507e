"""MkDocs hooks of the manual (``mkdocs.yml``: ``hooks``): the version of the package
beside the manual, in the footer and where a page writes ``%VERSION%``, and the
changelog, ``CHANGELOG.md`` beside ``mkdocs.yml``, as a page of the manual."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files


def version(config_dir: Path) -> str:
    """``__version__`` of the package the manual is built with: the source tree beside
    ``mkdocs.yml`` (a clone), or the installed package around it (``slitherasp/manual``)."""
    for init in (config_dir / "slitherasp" / "__init__.py", config_dir.parent / "__init__.py"):
        if init.is_file():
            found = re.search(r'^__version__ = "([^"]+)"', init.read_text(encoding="utf-8"), re.M)
            if found:
                return found.group(1)
    raise ValueError(f"no slitherasp/__init__.py with a __version__ beside {config_dir}")


def on_config(config: Any) -> Any:
    number = version(Path(config.config_file_path).parent)
    config.extra["version"] = number
    config.copyright = f"slitherasp {number}"
    return config


def on_files(files: Files, config: Any) -> Files:
    changelog = Path(config.config_file_path).parent / "CHANGELOG.md"
    files.append(File.generated(config, "changelog.md", content=changelog.read_text(encoding="utf-8")))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    return markdown.replace("%VERSION%", config.extra["version"])
