"""The page's Python as the browser runs it, without a browser: a child process where
clingo, numpy, shapely, networkx, Pillow, fpdf2 and starlette cannot be imported and no
thread can start (as under Pyodide), answering each action through
:func:`slitherasp.web.browser.call`. The actions that need none of them answer as
the server does; those that need clingo answer through a text runner (here clingo's
JSON from a second child process, standing for clingo-wasm); none answers with a bug.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from slitherasp import tilings
from slitherasp.formats import write_text
from slitherasp.make.generate import planted

WASM = textwrap.dedent('''
    import json, subprocess, sys

    def wasm(program, models, options):  # clingo in another process, as clingo-wasm is another module
        code = "import sys, json; from slitherasp.solver.engines import json_run; " \\
               "a = json.load(sys.stdin); print(json_run(a[0], a[1], a[2]))"
        return subprocess.run([sys.executable, "-c", code], input=json.dumps([program, models, list(options)]),
                              capture_output=True, text=True, check=True).stdout
''')
"""clingo-wasm's stand-in in a child: clingo in another process, given the program as text."""

CHILD = WASM + textwrap.dedent('''
    import importlib.abc, threading
    BLOCKED = {"clingo", "numpy", "shapely", "networkx", "PIL", "fpdf", "starlette", "uvicorn", "tqdm"}
    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"no module named {name!r} here")
    sys.meta_path.insert(0, Block())
    def no_thread(self, *a, **k):
        raise RuntimeError("can't start new thread")
    threading.Thread.start = no_thread

    from slitherasp.solver import engines
    from slitherasp.web import api, browser

    if sys.argv[1] == "text":
        engines.set_runner(wasm)
    out = []
    for name, payload, _ in json.loads(sys.stdin.read()):
        reply = json.loads(browser.call(name, json.dumps(payload)))
        out.append([reply["status"], str(reply["body"])[:300]])
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    print(json.dumps({"replies": out, "loaded": loaded}))
''')

LOOPY = "7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a"
ALTAIR = write_text(planted(tilings.build("altair", 2, 2), seed=1)[0], "tiling").strip()
OPEN_ENDED = "https://puzz.link/p?slither/4/4/h3c1b"  # few clues: the rules leave it open
CASES = [  # (action, payload, what it needs: "" nothing missing, "clingo", or "refused")
    ("open", {"puzzle": LOOPY}, ""), ("open", {"puzzle": ALTAIR}, ""), ("check", {"puzzle": LOOPY, "links": []}, ""),
    ("hint", {"puzzle": LOOPY}, ""), ("tiling", {"tiling": "hats", "size": "6x6"}, ""),
    ("generate", {"tiling": "square", "size": "5x5", "difficulty": "normal", "seed": 3}, ""),  # rules alone
    ("generate", {"tiling": "square", "size": "5x5", "difficulty": "normal", "seed": 3, "solver_grade": True},
     "clingo"),
    ("convert", {"puzzle": LOOPY, "to": "penpa"}, ""), ("render", {"puzzle": LOOPY}, ""),
    ("share", {"puzzle": LOOPY}, ""), ("solve", {"puzzle": LOOPY}, ""),
    ("solve", {"puzzle": "https://puzz.link/p?slither/4/4/h3c1b", "forced": True}, "clingo"),
    ("grade", {"puzzle": LOOPY}, "clingo"), ("reduce", {"puzzle": LOOPY}, "clingo"), ("tilings", {}, ""),
    ("open", {"puzzle": "edge(1,2). edge(2,3). edge(3,1). cell_contains(a,1,2). cell_contains(a,2,3). "
                        "cell_contains(a,3,1). clue(a,3)."}, "refused"),  # no coordinates: no planar drawing
    ("open", {"puzzle": "POLYGON ((0 0, 1 0, 1 1, 0 1, 0 0))"}, "refused"),  # shapely
    ("print", {"puzzle": LOOPY}, "refused"),  # fpdf2
    ("generate", {"tiling": "square", "size": "4x4", "seed": 1, "minimum": True}, "refused"),  # clingo's backend
]


def run_child(mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, mode], input=json.dumps(CASES), capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("mode", ["none", "text"])
def test_every_action_answers_without_the_libraries_the_browser_lacks(mode: str) -> None:
    found = run_child(mode)
    assert found["loaded"] == []
    for (name, _, needs), (status, body) in zip(CASES, found["replies"]):
        assert status != 500, (name, body)  # never a bug
        if needs == "refused":
            assert status == 400 and ("the page in the browser lacks" in body or "fpdf2" in body), (name, body)
        elif mode == "text" or needs == "":
            assert status == 200, (name, body)
        else:
            assert status == 400 and "clingo" in body, (name, body)


WARMED = WASM + textwrap.dedent('''
    from slitherasp.solver import engines
    from slitherasp.web import browser

    browser.warm()
    engines.set_runner(wasm)
    before = set(sys.modules)
    out = {}
    for name, payload in json.loads(sys.stdin.read()):
        reply = json.loads(browser.call(name, json.dumps(payload)))
        out[name] = [reply["status"], sorted(m for m in set(sys.modules) - before if m.startswith("slitherasp"))]
        before = set(sys.modules)
    print(json.dumps(out))
''')


def test_the_snapshot_holds_the_modules_of_the_first_actions() -> None:
    """Pyodide compiles a module at its first import: the first Solve of a 20x20 on the
    site took 1.1 s against 0.2 s for the next. ``browser.warm`` (run before the snapshot
    is taken) must import what Solve, Hint, grade and Generate need."""
    asked = [["solve", {"puzzle": LOOPY}], ["hint", {"puzzle": LOOPY}], ["grade", {"puzzle": LOOPY}],
             ["generate", {"tiling": "square", "size": "5x5", "difficulty": "normal", "seed": 3}]]
    done = subprocess.run([sys.executable, "-c", WARMED], input=json.dumps(asked), capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parent.parent, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert {name: status for name, (status, _) in got.items()} == dict.fromkeys(got, 200)
    assert {name: new for name, (_, new) in got.items() if new} == {}
