"""Variants in tiling IDs (issue 45): the rule and Sheep-Wolf's animals carried in the
short text a share link holds, read back the same on every tiling, refused in one
line when malformed; the web API makes and shares a variant on any tiling as such an
ID, which the page's Python opens on its real geometry without networkx, numpy or
shapely (as in the browser)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from test_spoilers import made

from slitherasp.formats import read_text, write_text
from slitherasp.model.errors import InputError
from slitherasp.web import api

NAMES = ("vertex", "touch", "sheep-wolf", "lither", "full", "touch+full", "sheep-wolf+full")
PATCHES = (("square", 5, 5), ("honeycomb", 5, 5), ("cairo", 4, 4), ("hats", 6, 6), ("penrose-p3", 6, 6))


def same(a, b) -> bool:  # type: ignore[no-untyped-def]
    """The same variant puzzle: rule, graph, clues and animals."""
    return (a.name, a.puzzle.edges, a.puzzle.clues, a.sheep, a.wolves) == (b.name, b.puzzle.edges, b.puzzle.clues,
                                                                            b.sheep, b.wolves)


@pytest.mark.parametrize(("tiling", "w", "h"), PATCHES)
@pytest.mark.parametrize("name", NAMES)
def test_a_variant_goes_through_a_tiling_id_and_back(tiling: str, w: int, h: int, name: str) -> None:
    try:
        v = made(tiling, w, h, name)[0]
    except AssertionError:  # all points on a patch that no loop passes whole
        pytest.skip(f"no {name} answer on {tiling} {w}x{h}")
    text = write_text(v, "tiling")
    words = ":".join(name.split("+"))
    assert text.startswith(f"tiling:{tiling}:{w}x{h}:") and f":{words}:" in text and len(text) < 120
    back = read_text(text)
    assert same(back, v) and back.puzzle.geometry is not None
    assert read_text(text.replace(f":{words}:", ":" + ":".join(reversed(name.split("+"))) + ":")).name == name


@pytest.mark.parametrize(("text", "said"), [
    ("tiling:square:2x1:purple:abc", "'purple' names no variant of a tiling ID"),
    ("tiling:square:2x1:touch:_a", "belong to Sheep-Wolf"),
    ("tiling:square:2x1:lither:full:b", "all points (full) goes with"),
    ("tiling:square:2x1:sheep-wolf:_~~", "the clues cover 3 cells; the patch has 2"),
])
def test_a_malformed_variant_in_a_tiling_id_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(InputError) as e:
        read_text(text, "<id>")
    assert said in str(e.value) and str(e.value).startswith("<id>:1:") and "\n" not in str(e.value)


@pytest.mark.parametrize(("tiling", "size", "rule"), [("cairo", "5x5", "vertex"), ("hats", "6x6", "sheep-wolf"),
                                                      ("honeycomb", "5x5", "touch"), ("kagome", "4x4", "full")])
def test_the_api_makes_and_shares_a_variant_on_its_tiling(tiling: str, size: str, rule: str) -> None:
    r = api.generate({"tiling": tiling, "size": size, "seed": 3, "variant": rule})
    assert r["puzzle"].startswith(f"tiling:{tiling}:{size}:") and len(r["puzzle"]) < 200
    opened = api.open_puzzle({"puzzle": r["puzzle"]})
    assert opened["share"] == r["puzzle"] and opened["variant"]["name"] == rule
    assert opened["scene"]["note"] == ""  # its own geometry, not a drawing made up by layout
    shared = api.share({"puzzle": r["puzzle"], "variant": rule, "clues": opened["clues"],
                        "animals": opened["animals"]})
    assert shared["text"] == r["puzzle"]


BROWSER_LIKE = """
import json, sys
for name in ("networkx", "numpy", "shapely"):
    sys.modules[name] = None  # as in the page's Python: importing them fails
from slitherasp.web import api
made = api.generate({"tiling": sys.argv[1], "size": sys.argv[2], "seed": 5, "variant": sys.argv[3]})
opened = api.open_puzzle({"puzzle": made["puzzle"]})
print(json.dumps({"puzzle": made["puzzle"], "faces": [len(f["points"]) for f in opened["scene"]["faces"]]}))
"""


@pytest.mark.parametrize(("tiling", "size", "rule"), [("cairo", "5x5", "vertex"), ("hats", "6x6", "sheep-wolf")])
def test_without_networkx_numpy_and_shapely_a_variant_opens_on_its_tiling(tiling: str, size: str, rule: str) -> None:
    done = subprocess.run([sys.executable, "-c", BROWSER_LIKE, tiling, size, rule], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    puzzle = read_text(found["puzzle"])
    geo = puzzle.puzzle.geometry
    assert found["faces"] == [len(f) for f in geo.faces if f is not None]
    if tiling == "cairo":
        assert set(found["faces"]) == {5}
