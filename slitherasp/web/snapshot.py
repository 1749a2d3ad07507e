"""Python's memory once this package is imported, made when the static site is built,
where Node.js is installed: a first visit then starts Python from it in about a second
instead of importing everything anew (about six seconds).

Node runs the site's own Pyodide, imports the package and warms it as the browser's
worker does (:func:`slitherasp.web.browser.warm`), and writes Pyodide's memory snapshot,
gzipped (the browser unpacks it with its ``DecompressionStream``; a static host serves
a ``.gz`` file as it is). The script reaches Node on standard input and its paths in the
environment, so the snapshot holds no path of the machine that built it. Without Node,
or when it fails, the site is built without a snapshot and the browser makes its own
at the first visit, as before (:mod:`.site`, ``static/worker.js``).
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["NODE_MAJOR", "make"]

NODE_MAJOR = 18
"""The oldest Node.js that runs Pyodide's module."""
TIMEOUT = 300.0
"""Seconds Node may take (about 5 on a quiet 2-core machine)."""
SCRIPT = """
const { loadPyodide } = await import(process.env.SLITHERASP_PYODIDE_MJS);
const { readFileSync, writeFileSync } = await import("node:fs");
const py = await loadPyodide({ indexURL: process.env.SLITHERASP_PYODIDE_DIR, packages: [], _makeSnapshot: true });
const source = new Uint8Array(readFileSync(process.env.SLITHERASP_SOURCE));
py.unpackArchive(source, "gztar", { extractDir: "/home/pyodide/lib" });
py.runPython("import sys; sys.path[:0] = ['/home/pyodide/lib']");
py.runPython("import slitherasp.web.browser; slitherasp.web.browser.warm()");
writeFileSync(process.env.SLITHERASP_SNAPSHOT, py.makeMemorySnapshot());
"""


def make(pyodide: dict[str, bytes], source: bytes) -> tuple[bytes | None, str]:
    """The gzipped snapshot of Pyodide (its files by name: ``pyodide.mjs``...) with
    ``source`` (the package's gzipped tar) imported, and how it went in words; ``None`` and
    why when it cannot be made here."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        return None, "no Node.js found to make Python's start snapshot"
    major = _major(node)
    if major is None or major < NODE_MAJOR:
        return None, f"Node.js {major or '?'} is older than {NODE_MAJOR}, which Pyodide needs"
    with tempfile.TemporaryDirectory(prefix="slitherasp-snapshot-") as tmp:
        work = Path(tmp)
        (work / "pyodide").mkdir()
        for name, data in pyodide.items():
            (work / "pyodide" / name).write_bytes(data)
        (work / "source.tar.gz").write_bytes(source)
        env = {"PATH": os.environ.get("PATH", ""), "SLITHERASP_PYODIDE_DIR": f"{work / 'pyodide'}/",
               "SLITHERASP_PYODIDE_MJS": (work / "pyodide" / "pyodide.mjs").as_uri(),
               "SLITHERASP_SOURCE": str(work / "source.tar.gz"), "SLITHERASP_SNAPSHOT": str(work / "start.bin")}
        try:
            run = subprocess.run([node, "--input-type=module", "-"], input=SCRIPT, text=True, env=env,
                                 capture_output=True, timeout=TIMEOUT, cwd=tmp)
        except (OSError, subprocess.TimeoutExpired) as e:
            return None, f"Node.js could not make Python's start snapshot ({type(e).__name__})"
        made = work / "start.bin"
        if run.returncode != 0 or not made.is_file():
            last = (run.stderr.strip().splitlines() or ["no message"])[-1][:200]
            return None, f"Node.js could not make Python's start snapshot: {last}"
        data = made.read_bytes()
    return gzip.compress(data, 6, mtime=0), f"Python's start snapshot made by Node.js {major}"


def _major(node: str) -> int | None:
    """Node's major version, or None when it does not say."""
    try:
        said = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout
        return int(said.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None
