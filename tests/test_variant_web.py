"""The variants in the web app: the API (open, solve, check, hint, reduce, generate,
share) and the page's own rules (static/rules.js and variants.js, run by node) held
to the Python checker on every edge subset of small patches."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from test_variant_formats import PZPRJS
from test_variants import PATCHES, subsets

from slitherasp import tilings
from slitherasp.formats import read_text, write_text
from slitherasp.formats.pzpr import read_pzprv3_answer
from slitherasp.kinds import kind_of
from slitherasp.kinds.variant.puzzle import NAMES, variant
from slitherasp.kinds.variant.rules import count, is_answer
from slitherasp.model import InputError
from slitherasp.solver.run import solve
from slitherasp.web import api

STATIC = Path(__file__).resolve().parents[1] / "slitherasp" / "web" / "static"
SW_URL = "https://puzz.link/p?swslither/" + PZPRJS["swslither"][0]


def test_open_says_the_rule_the_sides_and_the_animals() -> None:
    opened = api.open_puzzle({"puzzle": SW_URL})
    assert opened["variant"] == {"name": "sheep-wolf", "title": "Sheep-Wolf Slitherlink", "rule": "sheep-wolf",
                                 "full": False}
    assert opened["animals"].count("sheep") == 2 and opened["animals"].count("wolf") == 2
    assert {f["style"] for f in opened["scene"]["figures"]} == {"sheep", "sheep-line", "wolf", "wolf-eye"}
    assert opened["share"].startswith("https://puzz.link/p?swslither/") and len(opened["sides"][0]) == 4
    assert api.open_puzzle({"puzzle": "https://puzz.link/p?slither/2/2/"})["variant"] is None


def test_a_request_names_the_rule_and_the_animals() -> None:
    blank = write_text(tilings.build("square", 2, 1), "pzpr").strip()
    payload = {"puzzle": blank, "variant": "sheep-wolf", "animals": ["sheep", "wolf"]}
    found = api.solve(payload)
    p = variant(tilings.build("square", 2, 1), "sheep-wolf", sheep=[0], wolves=[1])
    assert found["unique"] is True and kind_of(p).check(p, [tuple(x) for x in found["links"]]).valid
    assert api.share(payload)["text"] == "https://puzz.link/p?swslither/2/1/56"
    checked = api.check({**payload, "links": found["links"][:-1]})
    assert not checked["valid"] and "degree" in {v["kind"] for v in checked["violations"]}
    with pytest.raises(InputError, match="a person's rules"):
        api.hint({**payload, "links": [], "non_links": []})
    with pytest.raises(InputError, match="belong to Sheep-Wolf"):
        api.solve({"puzzle": blank, "animals": ["sheep", None]})
    assert api.solve({**payload, "variant": "classic", "animals": [None, None]})["unique"] is False


def test_reduce_and_generate_make_variants_for_the_solver() -> None:
    made = api.generate({"tiling": "square", "size": "5x5", "seed": 3, "variant": "touch"})
    v = read_text(made["puzzle"], "<share>")
    assert v.name == "touch" and made["grade"] is None and solve(v, unique=True).unique is True
    full = variant(v.puzzle, "touch")
    loop = solve(full).answer
    every = full.with_clues({c: count(full, c, set(loop)) for c in range(len(full.cells))})
    reduced = api.reduce({"puzzle": write_text(every, "pzpr").strip()})
    fewer = every.with_clues(reduced["clues"])
    assert sum(k is not None for k in reduced["clues"]) < len(full.cells) and solve(fewer, unique=True).unique


def test_a_variant_on_another_tiling_is_shared_as_facts() -> None:
    v = variant(tilings.build("cairo", 3, 3).with_clues({4: 2}), "vertex")
    text = api.share({"puzzle": write_text(v, "lp")})["text"]
    assert "variant(vertex)." in text and read_text(text, "<share>").name == "vertex"


# -- the page's rules, held to the checker ------------------------------------------------------
NODE = shutil.which("node")
SCRIPT = """
import fs from "fs";
const S = process.argv[2];
const { buildGraph } = await import(S + "/graph.js");
const { analyse } = await import(S + "/rules.js");
const { ruleOf } = await import(S + "/variants.js");
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map(({ model, boards }) => {
  const g = buildGraph(model), rule = ruleOf(model.variant && model.variant.name, model.sides, model.animals);
  return boards.map((lines) => {
    const state = new Array(model.edges.length).fill(0);
    for (const e of lines) state[e] = 1;
    return analyse(g, state, model.clues, rule).solved;
  });
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_says_solved_exactly_when_the_checker_does(tmp_path: Path) -> None:
    cases, expected = [], []
    for where in ("square", "cairo", "polygons"):
        p = PATCHES[where]()
        for name in NAMES:
            clues = {0: 1 if not name.startswith("sheep") else None, 2: 2}
            v = variant(p.with_clues({c: k for c, k in clues.items() if k is not None}), name,
                        **({"sheep": [1], "wolves": [3]} if name.startswith("sheep") else {}))
            ok = (lambda d: d not in (0, 2)) if name == "lither" else (lambda d: d in (0, 2))
            boards = [sorted(s) for s in subsets(p, ok)]
            model = api.open_puzzle({"puzzle": write_text(v, "lp")})
            cases.append({"model": model, "boards": boards})
            expected.append([is_answer(v, s) for s in boards])
    script = tmp_path / "check.mjs"
    script.write_text(SCRIPT)
    run = subprocess.run([NODE, str(script), str(STATIC)], input=json.dumps(cases), capture_output=True, text=True,
                         check=True)
    found = json.loads(run.stdout)
    assert found == expected
    assert any(any(e) for e in expected)  # some answers among the boards


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("genre", sorted(PZPRJS))
def test_the_page_says_solved_on_pzprjs_answers(genre: str, tmp_path: Path) -> None:
    url, saved = PZPRJS[genre]
    model = api.open_puzzle({"puzzle": f"https://puzz.link/p?{genre}/{url}"})
    answer = sorted(read_pzprv3_answer(saved))
    script = tmp_path / "check.mjs"
    script.write_text(SCRIPT)
    boards = [answer, answer[1:]]
    run = subprocess.run([NODE, str(script), str(STATIC)], input=json.dumps([{"model": model, "boards": boards}]),
                         capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == [[True, False]]


# -- the page's Python in the browser (Pyodide: no clingo module, a text runner) ----------------
def test_every_variant_action_answers_as_the_browser_runs_it() -> None:
    import sys

    from test_browser_path import CHILD

    cases = [("open", {"puzzle": SW_URL}, ""), ("check", {"puzzle": SW_URL, "links": []}, ""),
             ("share", {"puzzle": SW_URL}, ""), ("render", {"puzzle": SW_URL}, ""),
             ("solve", {"puzzle": SW_URL, "forced": True}, "clingo"), ("grade", {"puzzle": SW_URL}, "clingo"),
             ("reduce", {"puzzle": "https://puzz.link/p?lither/" + PZPRJS["lither"][0]}, "clingo"),
             ("generate", {"tiling": "square", "size": "4x4", "seed": 2, "variant": "vertex"}, "clingo"),
             ("generate", {"tiling": "triangular", "size": "3x3", "seed": 2, "variant": "touch+full"}, "clingo"),
             ("hint", {"puzzle": SW_URL}, "refused")]
    for mode in ("none", "text"):
        done = subprocess.run([sys.executable, "-c", CHILD, mode], input=json.dumps(cases), capture_output=True,
                              text=True, cwd=Path(__file__).resolve().parents[1], timeout=600)
        assert done.returncode == 0, done.stderr[-2000:]
        found = json.loads(done.stdout)
        assert found["loaded"] == []
        for (name, _, needs), (status, body) in zip(cases, found["replies"]):
            if needs == "refused":
                assert status == 400 and "a person's rules" in body, (name, body)
            elif mode == "text" or needs == "":
                assert status == 200, (mode, name, body)
            else:
                assert status == 400 and "clingo" in body, (mode, name, body)
