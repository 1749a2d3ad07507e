"""The page as a static site: ``slitherasp site DIR`` writes a folder that any static
host serves (GitHub Pages, ``python -m http.server``), where the page's actions run in
the browser with no server of ours.

The folder holds the page (the same files ``slitherasp serve`` sends, with a
``static/config.js`` that points it at the worker), this package's Python source and
encodings (``py/slitherasp.tar.gz``), and two runtimes taken from the npm registry at
pinned versions and checked against their published sha512: Pyodide's core (CPython
compiled to WebAssembly, with its standard library) and clingo-wasm (clingo compiled
to WebAssembly). The page's actions run in a Web Worker (``static/worker.js``): Pyodide
runs :mod:`slitherasp.web.browser`, which answers each action with the functions of
:mod:`slitherasp.web.api`, and clingo-wasm answers the programs that the rules leave
open (:mod:`slitherasp.solver.engines`). A service worker (``sw.js``) keeps every file for
offline play, and a web app manifest lets a phone add the page to its home screen.
The manual goes into ``docs/`` (:mod:`slitherasp.web.manual`), linked from the page's
help, where MkDocs is installed.

A first visit shows a board before any of Python has arrived: the build makes ready
puzzles (:mod:`.ready`, with what the page draws), and where Node.js is installed it
makes Python's start snapshot (:mod:`.snapshot`), from which the browser starts Python
in about a second behind the board (without it, the browser makes its own snapshot at
the first visit and starts from it at the next).

Nothing is loaded at run time from any host but the one serving the folder. The
runtimes are fetched once into a cache (``$XDG_CACHE_HOME/slitherasp/npm``) or taken
from ``--runtime FOLDER`` (the ``.tgz`` files ``npm pack`` writes).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import math
import os
import shutil
import struct
import tarfile
import tempfile
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from ..model.files import writable_folder
from .ready import FIRST, bundle
from .snapshot import make as make_snapshot

__all__ = ["CLINGO", "PYODIDE", "REGISTRY", "Runtime", "build"]

REGISTRY = "https://registry.npmjs.org"
"""Where the runtimes come from (``--registry`` for a mirror)."""
STATIC = Path(__file__).parent / "static"
ABOUT = '<p class="about" data-role="about" hidden></p>'
"""Where the page's help says the version and links to the manual (the site fills it in)."""
SITE_ONLY = ("sw.js",)
"""Static files that belong at the site's top (a service worker controls the folder it
is served from and below)."""


@dataclass(frozen=True)
class Runtime:
    """An npm package the site needs: its pinned version and published integrity, the
    files of it the page loads, and the site folder they go to."""

    name: str
    version: str
    integrity: str
    files: tuple[str, ...]
    folder: str

    @property
    def tarball(self) -> str:
        return f"{self.name}-{self.version}.tgz"

    def url(self, registry: str) -> str:
        return f"{registry.rstrip('/')}/{self.name}/-/{self.tarball}"


PYODIDE = Runtime("pyodide", "314.0.7",
                  "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
                  ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"),
                  "pyodide")
CLINGO = Runtime("clingo-wasm", "0.6.0",
                 "sha512-W9SeUtT726D/LMA/qwhsU/H0/f27QX7lTcUqGMgA8MSRZZYx97Y/B4D20ZS2wfgHwgvZPE8nbPgI0W8PEM6toQ==",
                 ("dist/run.js", "dist/threads.js", "dist/witnesses.js", "dist/clingo.js", "dist/clingo.wasm"),
                 "clingo")
RUNTIMES = (PYODIDE, CLINGO)


def build(folder: str | Path, *, runtime: str | Path | None = None, registry: str = REGISTRY,
          force: bool = False, ready: Iterable[str] | None = None, snapshot: bool = True,
          manual: bool = True, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Write the static site into ``folder`` (see the module); the number of files and
    bytes written, what became of Python's start snapshot (``"snapshot"``, in words),
    and ``"manual"``: None when the manual is in it, else why not. ``ready``: the
    tilings whose ready puzzles it holds (default: every tiling; the first board's square
    always); ``snapshot``: make Python's start snapshot where Node.js is installed;
    ``manual=False`` leaves the manual out. The folder is written whole or not at all:
    built beside it, then moved in place. An existing non-empty folder is replaced only
    with ``force``."""
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise InputError(f"{target}: exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise InputError(f"{target}: exists and is not empty; use --force to replace it")
    writable_folder(target.parent)  # before any fetching: the site is built beside its folder
    packages = {r.name: _package(r, runtime, registry) for r in RUNTIMES}
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    umask = os.umask(0)
    os.umask(umask)
    work.chmod(0o777 & ~umask)  # as a folder made by mkdir: a static server must read it
    from .. import tilings

    names = {FIRST[0], *(tilings.TILINGS if ready is None else (tilings.get(n).name for n in ready))}
    try:
        missing = _manual(work / "docs") if manual else "left out (--no-manual)"
        files, said = _write(work, packages, sorted(names), snapshot, progress, missing is None)
        if target.exists():
            old = target.with_name(f".{target.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            target.rename(old)
            work.rename(target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            work.rename(target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return {"files": len(files), "bytes": sum(files.values()), "snapshot": said, "manual": missing}


def _manual(docs: Path) -> str | None:
    """Build the manual into ``docs``; None when built, else why not."""
    from .manual import build as build_manual

    return build_manual(docs)


def _write(work: Path, packages: dict[str, bytes], ready: list[str], snapshot: bool,
           progress: Callable[[str], None] | None, manual: bool) -> tuple[dict[str, int], str]:
    """Every file of the site into ``work`` (path -> bytes written; where ``manual``, the
    manual is in ``work/docs`` already), and what became of Python's start snapshot."""
    out: dict[str, bytes] = {}
    if manual:
        out.update({f"docs/{p.relative_to(work / 'docs').as_posix()}": p.read_bytes()
                    for p in sorted((work / "docs").rglob("*")) if p.is_file()})
    for r in RUNTIMES:
        with tarfile.open(fileobj=io.BytesIO(packages[r.name]), mode="r:gz") as tar:
            for name in r.files:
                member = tar.extractfile(f"package/{name}")
                if member is None:
                    raise InputError(f"{r.tarball}: has no {name}")
                out[f"{r.folder}/{Path(name).name}"] = member.read()
    for path in sorted(STATIC.iterdir()):
        if path.is_file() and path.name not in ("index.html", *SITE_ONLY):
            out[f"static/{path.name}"] = path.read_bytes()
    out["py/slitherasp.tar.gz"] = source_archive()
    python = _digest({k: v for k, v in out.items() if k.startswith(("pyodide/", "py/"))})
    made, said = None, "no start snapshot asked for: the browser makes its own at the first visit"
    if snapshot:
        if progress is not None:
            progress("making Python's start snapshot with Node.js")
        runtime = {k.split("/", 1)[1]: v for k, v in out.items() if k.startswith("pyodide/")}
        made, said = make_snapshot(runtime, out["py/slitherasp.tar.gz"])
    if made is not None:
        out[f"py/start-{python}.bin.gz"] = made
    out.update(bundle(ready, progress=progress))
    out["static/config.js"] = _config(python, made is not None, ready)
    out["static/icon-192.png"], out["static/icon-512.png"] = icon(192), icon(512)
    out["manifest.webmanifest"] = _manifest()
    out["index.html"] = _index(manual)
    version = _digest(out)
    first = f"ready/{FIRST[0]}.json"  # the other tilings' ready puzzles come when asked for
    cached = ["./", *sorted(k for k in out if not k.startswith("ready/") or k == first)]
    out["sw.js"] = (STATIC / "sw.js").read_text(encoding="utf-8").replace(
        "/*FILES*/[]", json.dumps(cached)).replace("/*VERSION*/\"\"", json.dumps(version)).encode()
    for name, data in out.items():
        path = work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return {k: len(v) for k, v in out.items()}, said


def _config(python: str, built: bool, ready: list[str]) -> bytes:
    """The site's ``static/config.js``: the back end, the snapshot's name and whether
    the build made it (see worker.js), and what the page knows before Python starts
    (``READY``: the tilings, their usual sizes, which have ready puzzles, the first board's)."""
    from .. import tilings
    from ..make.daily import usual_size

    names = sorted(tilings.TILINGS)
    known = {"first": list(FIRST), "tilings": names, "sizes": {n: "{}x{}".format(*usual_size(n)) for n in names},
             "files": ready}
    return (f'// written by slitherasp site (see static/config.js in the package)\n'
            f'export const BACKEND = "worker";\nexport const SNAPSHOT = "{python}";\n'
            f'export const BUILT = {"true" if built else "false"};\n'
            f'export const READY = {json.dumps(known, separators=(",", ":"))};\n').encode()


def _digest(files: dict[str, bytes]) -> str:
    """A short name for these files as they are (names in order, each file's hash)."""
    return hashlib.sha256(b"".join(hashlib.sha256(files[k]).digest() for k in sorted(files))).hexdigest()[:16]


def _index(manual: bool) -> bytes:
    """The page, with the manifest and the icon a phone's home screen shows, and in its
    help the version and, where it is built, a link to the manual."""
    from .. import __version__

    html = (STATIC / "index.html").read_text(encoding="utf-8")
    head = ('<link rel="manifest" href="manifest.webmanifest">\n'
            '<link rel="apple-touch-icon" href="static/icon-192.png">\n'
            f'<link rel="preload" href="ready/{FIRST[0]}.json" as="fetch" crossorigin="anonymous">\n'
            f'<meta name="generator" content="slitherasp {__version__}">\n')
    about = f"slitherasp {__version__}" + (
        ' &middot; <a href="docs/index.html" target="_blank">the manual</a>: the rules of every variant, '
        "the levels, every command" if manual else "")
    html = html.replace(ABOUT, ABOUT.replace(" hidden>", ">").replace("</p>", f"{about}</p>"), 1)
    return html.replace("</head>", head + "</head>", 1).encode()


def _manifest() -> bytes:
    return json.dumps({
        "name": "slitherasp: Slitherlink on any tiling", "short_name": "slitherasp", "start_url": "./",
        "scope": "./", "display": "standalone", "background_color": "#ffffff", "theme_color": "#18293d",
        "icons": [{"src": f"static/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"} for n in (192, 512)],
    }, indent=1).encode()


def source_archive() -> bytes:
    """This package's Python source and encodings (``slitherasp/asp/*.lp``) for Pyodide's
    file system, as a gzipped tar (the worker unpacks it in JavaScript, one gunzip by the
    browser, in a tenth of the time Python takes to unzip it): no command line, static
    files or compiled modules; the same bytes for the same source."""
    from ..kinds.facts import encoding_dir

    root = Path(__file__).resolve().parent.parent
    files = [(str(Path("slitherasp") / p.relative_to(root)), p) for p in sorted(root.rglob("*.py"))
             if p.relative_to(root).parts[0] not in ("cli", "manual")]  # the manual: no module
    files += [(f"slitherasp/asp/{p.name}", p) for p in sorted(encoding_dir().glob("*.lp"))]
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, path in files:
            data = path.read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(buffer.getvalue(), 9, mtime=0)


# --------------------------------------------------------------------------- runtimes
def _package(r: Runtime, runtime: str | Path | None, registry: str) -> bytes:
    """The checked tarball of ``r``: from ``runtime`` (a folder), else the cache, else
    the registry (then cached)."""
    if runtime is not None:
        path = Path(runtime) / r.tarball
        if not path.is_file():
            raise InputError(f"{runtime}: has no {r.tarball} (npm pack {r.name}@{r.version} writes it)")
        return _checked(r, path.read_bytes(), str(path))
    cached = _cache() / r.tarball
    if cached.is_file():
        try:
            return _checked(r, cached.read_bytes(), str(cached))
        except InputError:
            cached.unlink(missing_ok=True)  # a broken download: fetch it again
    url = r.url(registry)
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            data = response.read()
    except (urllib.error.URLError, OSError) as e:
        raise InputError(f"cannot fetch {url} ({getattr(e, 'reason', e)}); the site needs {r.name} {r.version} "
                         f"from the npm registry, or --runtime FOLDER holding {r.tarball}") from None
    data = _checked(r, data, url)
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(cached)
    return data


def _checked(r: Runtime, data: bytes, source: str) -> bytes:
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != r.integrity:
        raise InputError(f"{source}: is not {r.name} {r.version} (its sha512 differs from the one npm publishes)")
    return data


def _cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "slitherasp" / "npm"


# --------------------------------------------------------------------------- icon
LOOP = ((0.2, 0.2), (0.8, 0.2), (0.8, 0.6), (0.6, 0.6), (0.6, 0.8), (0.2, 0.8))
"""The icon's loop, round cells of a 3x3 grid (its corners, in units of the icon)."""


def icon(size: int) -> bytes:
    """The app's icon as a PNG: a loop drawn on a grid of dots, on white (row by row,
    as the spans each row crosses)."""
    navy, grey, white = b"\x18\x29\x3d", b"\x4d\x4d\x4d", b"\xff\xff\xff"
    half, radius = 0.028, 0.035
    rows = []
    for y in range(size):
        v = (y + 0.5) / size
        row = bytearray(white * size)
        spans: list[tuple[float, float, bytes]] = []
        for j in range(1, 5):  # the dots of the nearby row of the grid
            if abs(v - 0.2 * j) < radius:
                w = math.sqrt(radius**2 - (v - 0.2 * j) ** 2)
                spans += [(0.2 * i - w, 0.2 * i + w, grey) for i in range(1, 5)]
        for (x0, y0), (x1, y1) in zip(LOOP, LOOP[1:] + LOOP[:1]):  # sides are level or upright
            if y0 == y1 and abs(v - y0) < half:
                spans.append((min(x0, x1) - half, max(x0, x1) + half, navy))
            elif x0 == x1 and min(y0, y1) - half < v < max(y0, y1) + half:
                spans.append((x0 - half, x0 + half, navy))
        for lo, hi, colour in spans:
            a, b = max(0, round(lo * size)), min(size, round(hi * size))
            row[3 * a:3 * b] = colour * (b - a)
        rows.append(b"\x00" + bytes(row))
    return _png(size, size, b"".join(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def listing(folder: str | Path) -> Iterable[str]:
    """The site's files, relative to its folder (for a report)."""
    root = Path(folder)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
