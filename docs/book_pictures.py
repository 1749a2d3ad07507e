"""Rebuild the manual's pictures of a book: ``python docs/book_pictures.py`` (needs the
``print`` extra and poppler-utils' ``pdftoppm``).

Makes a small collection on three tilings with ``slitherasp generate --spec``, prints
it with ``slitherasp book --solutions --explain --sort grade`` as the manual shows,
and saves its first page of puzzles and its first walkthrough page as
``docs/book-puzzles.png`` and ``docs/book-walkthrough.png``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SPEC = {"seed": 3, "runs": [{"tiling": "square", "size": "7x7", "count": 2, "difficulty": "tricky"},
                            {"tiling": "cairo", "size": "5x5", "count": 1},
                            {"tiling": "hats", "size": "8x8", "count": 1}]}
DPI = 60


def slitherasp(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "slitherasp.cli", *args], check=True)


def page(pdf: Path, number: int, out: Path) -> None:
    stem = out.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", "-f", str(number), "-l", str(number),
                    str(pdf), str(stem)], check=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "spec.json").write_text(json.dumps(SPEC))
        slitherasp("generate", "--spec", str(folder / "spec.json"), "-o", str(folder / "mixed"), "--no-progress")
        book = folder / "mixed.pdf"
        slitherasp("book", str(folder / "mixed"), "-o", str(book), "--title", "Four tilings", "--author",
                   "slitherasp", "--solutions", "--explain", "--sort", "grade", "--no-progress")
        page(book, 2, HERE / "book-puzzles.png")
        page(book, 6, HERE / "book-walkthrough.png")


if __name__ == "__main__":
    main()
