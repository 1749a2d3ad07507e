"""The square-grid formats: text, Essence, Python lists, puzz.link URLs, pzprv3 files.

Every format reads what it writes (both ways), the same puzzle reads equal from all
of them, puzzlekit puzzles survive text -> URL -> solve with the dataset's answer,
and malformed input gives one located InputError line.
"""

from __future__ import annotations

import random

import pytest
from conftest import puzzlekit

from slitherasp import tilings
from slitherasp.formats import FORMATS, guess_format, read_file, read_text, write_text
from slitherasp.formats.lp import read_instance
from slitherasp.formats.pzpr import decode_body, encode_body
from slitherasp.model import InputError, Puzzle
from slitherasp.solver.run import solve

GRID_FORMATS = ("text", "essence", "pylist", "pzpr", "pzprv3")


def random_grid(width: int, height: int, density: float, seed: int) -> Puzzle:
    rng = random.Random(seed)
    clues = [rng.randrange(5) if rng.random() < density else None for _ in range(width * height)]
    return tilings.build("square", width, height).with_clues(clues)


SAMPLES = [
    random_grid(1, 1, 1.0, 1),
    random_grid(1, 1, 0.0, 1),
    random_grid(7, 1, 0.5, 2),
    random_grid(1, 6, 0.5, 3),
    random_grid(7, 5, 0.4, 4),
    random_grid(13, 9, 0.08, 5),  # long runs of blanks: more than 20 in a row
    random_grid(6, 6, 1.0, 6),
    random_grid(30, 25, 0.3, 7),
]


@pytest.mark.parametrize("fmt", GRID_FORMATS)
@pytest.mark.parametrize("puzzle", SAMPLES, ids=lambda p: f"{p.tiling.width}x{p.tiling.height}-{p.clue_count()}")
def test_every_format_reads_what_it_writes(fmt: str, puzzle: Puzzle) -> None:
    if fmt == "essence" and 4 in puzzle.clues:
        with pytest.raises(InputError, match="cannot hold the clue 4"):
            write_text(puzzle, fmt)
        puzzle = puzzle.with_clues([3 if k == 4 else k for k in puzzle.clues])
    text = write_text(puzzle, fmt)
    again = read_text(text, "<again>", fmt)
    assert again == puzzle and again.tiling == puzzle.tiling
    assert write_text(again, fmt) == text
    assert guess_format(text).name == fmt  # the sniffers tell the formats apart


# One puzzle, written by hand in every format: the 6x6 example of the Essence seed
# (seeds/000), with its 0 clues written as 4 there.
SEED_ESSENCE = """\
$ the parameter file of the Essence seed, closed with its final bracket
letting n be 6
letting m be 6
letting grid be [
[0,0,0,0,4,0,],
[3, 3, 0, 0, 1, 0, ],
[0,0,1,2,0,0,],
[0,0,2,4,0,0,],
[ 0, 1, 0, 0, 1, 1, ],
[0, 2, 0, 0, 0, 0, ],
]
"""
SEED_FORMS = {
    "essence": SEED_ESSENCE,
    "text": "6 6\n- - - - 0 -\n3 3 - - 1 -\n- - 1 2 - -\n- - 2 0 - -\n- 1 - - 1 1\n- 2 - - - -\n",
    "pylist": """# section 7 of the Z3 project: None = no clue
[[None, None, None, None, 0, None],
 [3, 3, None, None, 1, None],
 [None, None, 1, 2, None, None],
 [None, None, 2, 0, None, None],
 [None, 1, None, None, 1, 1],
 [None, 2, None, None, None, None]]
""",
    "pzpr": "https://puzz.link/p?slither/6/6/j53dbg1ch2agb16ch",
    "pzprv3": "pzprv3/slither/6/6/. . . . 0 . /3 3 . . 1 . /. . 1 2 . . /. . 2 0 . . /. 1 . . 1 1 /. 2 . . . . /",
    "loopy": "6x6t0:d0a33b1c12d20c1b11a2d",
}
SEED_VARIANTS = [
    ("text", "# compact rows, '.' blanks\n6 6\n....0.\n33..1.\n..12..\n..20..\n.1..11\n.2....\n"),
    ("pzpr", "pzv.jp/p.html?slither/6/6/j53dbg1ch2agb16ch/"),
    ("pzpr", "[InternetShortcut]\nURL=http://pzprxs.vercel.app/p?slitherlink/6/6/j53dbg1ch2agb16ch\n"),
    ("pzpr", "slither/6/6/j53dbg1ch2agb16ch"),
    ("pzprv3", "pzprv3.1\nslither\n6\n6\n. . . . 0 . \n3 3 . . 1 . \n. . 1 2 . . \n. . 2 0 . . \n"
               ". 1 . . 1 1 \n. 2 . . . . \n0 0 0 0 0 0 \n"),
    ("essence", "language Essence 1.3\nletting grid be [[0,0,0,0,4,0; int(1..6)], [3,3,0,0,1,0], [0,0,1,2,0,0],"
                " [0,0,2,4,0,0], [0,1,0,0,1,1], [0,2,0,0,0,0]; int(1..6)]"),
    ("pylist", "grid = ((None, None, None, None, 0, None), (3, 3, None, None, 1, None),\n"
               "        (None, None, 1, 2, None, None), (None, None, 2, 0, None, None),\n"
               "        (None, 1, None, None, 1, 1), (None, 2, None, None, None, None))  # tuples\n"),
]


def test_the_same_puzzle_reads_equal_from_every_format() -> None:
    reference = read_text(SEED_FORMS["essence"], "<seed>", "essence")
    assert reference.clue_count() == 12 and reference.clues[4] == 0 and reference.clues[6] == 3
    for fmt, text in SEED_FORMS.items():
        p = read_text(text, f"<{fmt}>")  # by content alone
        assert p == reference, fmt
        if fmt != "loopy":
            assert write_text(p, fmt).strip() == write_text(reference, fmt).strip()
    assert write_text(reference, "pzpr").strip() == SEED_FORMS["pzpr"]
    assert write_text(reference, "text") == SEED_FORMS["text"]


@pytest.mark.parametrize("fmt, text", SEED_VARIANTS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(SEED_VARIANTS)])
def test_variant_spellings_read_the_same_puzzle(fmt: str, text: str) -> None:
    assert read_text(text, "<v>", fmt) == read_text(SEED_ESSENCE, "<seed>", "essence")


def test_seed_essence_example_solves_uniquely() -> None:
    p = read_text(SEED_ESSENCE, "seed.param")
    r = solve(p, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True
    assert p.signature(r.answer)[4] == 0 and p.signature(r.answer)[6] == 3


def test_url_body_follows_pzprjs() -> None:
    # The pzv.jp example and a third-party encoder's form of the same grid both read;
    # pzprjs (and we) fold the cells past the end into the last clue ('b' = 1 + 2 skips).
    grid = [3, None, None, None, 3, None, None, None, None, 2, 2, None, None, 2, None, 1]
    assert decode_body("dgdh2c7b", 16) == decode_body("dgdh2c71", 16) == grid
    assert encode_body(grid) == "dgdh2c7b"
    assert decode_body("z", 25) == [None] * 25 and decode_body("", 3) == [None] * 3
    assert decode_body(".0", 2) == [None, 0]  # '?' cells carry no clue
    assert encode_body([None] * 41 + [4]) == "zzge" and decode_body("zzge", 42)[-1] == 4
    # By hand: '9' = clue 4 then 1 blank, '.' = a '?' cell, 'e' = clue 4 then 2 blanks,
    # 'j' = 4 blanks; pzprjs writes no '?' here, and folds 2 blanks into each 4 ('e').
    assert decode_body("9.ej", 10) == [4, None, None, 4] + [None] * 6
    assert encode_body([4, None, None, 4] + [None] * 6) == "eej"
    assert encode_body([0, 1, None, 2, None, None, None]) == "06cg"  # '6' = 1 + 1 blank, 'g' = 1 blank
    assert encode_body([None] * 20) == "z" and encode_body([None] * 21) == "zg"
    rng = random.Random(11)
    for _ in range(200):
        n = rng.randrange(1, 60)
        clues = [rng.choice([None, None, None, 0, 1, 2, 3, 4]) for _ in range(n)]
        assert decode_body(encode_body(clues), n) == clues


def inside_loop(puzzle: Puzzle, solution: str) -> frozenset[int]:
    """The loop of a puzzlekit solution: edges between an inside and an outside cell."""
    marks = "".join(solution.split("\n", 1)[1].split())
    inside = [ch == "x" for ch in marks]
    assert len(inside) == len(puzzle.cells)
    return frozenset(
        e for e, cells in enumerate(puzzle.edge_cells)
        if len({inside[c] for c in cells} | ({False} if len(cells) == 1 else set())) == 2
    )


KIT_SOLVED = ["1_4x4", "11_5x5", "37_7x7", "46_8x8", "103_10x10"]


@pytest.mark.parametrize("name", KIT_SOLVED)
def test_puzzlekit_text_to_url_solves_to_the_datasets_answer(name: str) -> None:
    data = puzzlekit().get(name)
    if data is None:
        pytest.skip("shared puzzlekit data not available")
    p = read_text(data["problem"], name, "text")
    url = write_text(p, "pzpr")
    assert url.startswith("https://puzz.link/p?slither/")
    q = read_text(url, "<url>")
    assert q == p
    r = solve(q, unique=True)
    assert r.status == "SATISFIABLE" and r.unique is True
    assert r.answer == inside_loop(q, data["solution"])


def test_all_puzzlekit_problems_survive_every_format() -> None:
    data = puzzlekit()
    if not data:
        pytest.skip("shared puzzlekit data not available")
    for name, item in data.items():  # text -> puzz.link URL -> text on every grid
        tokens = item["problem"].split()[2:]
        clues = [int(t) if t.isdigit() else None for t in tokens]
        p = read_text(item["problem"], name, "text")
        url = write_text(p, "pzpr")
        assert url.rstrip().rsplit("/", 1)[1] == encode_body(clues)
        q = read_text(url, name)
        assert q == p and list(q.clues) == clues and q.tiling == p.tiling, name
    some = [n for i, n in enumerate(sorted(data)) if i % 100 == 0 or "." in data[n]["problem"]]
    for name in some + ["1165_10x10", "random_15x15"]:
        p = read_text(data[name]["problem"], name, "text")
        assert p.clue_count() == sum(t.isdigit() for t in data[name]["problem"].split()[2:])
        for fmt in GRID_FORMATS:
            assert read_text(write_text(p, fmt), name, fmt) == p, (name, fmt)


MALFORMED = [
    ("text", "", r"empty grid"),
    ("text", "2 x\n- -\n", r":1: the first line must be 'H W'"),
    ("text", "2 2\n- -\n- - -\n", r":3: row has 3 cells, expected 2"),
    ("text", "2 2\n- -\n", r"too few rows: the header says 2, found 1"),
    ("text", "1 2\n- -\n1 1\n", r":3: too many rows"),
    ("text", "1 3\n- x -\n", r":2:3: bad cell 'x'"),
    ("text", "1 2\n- 5\n", r":2:3: clue 5 is larger than 4"),
    ("text", "1 2\n-1 -\n", r":2:1: clue -1 is negative"),
    ("text", "0 3\n", r":1: bad size 0 3: width and height must be 1\.\.200"),
    ("text", "pzprv3\nslither\n", r"looks like a pzprv3 file"),
    ("essence", "letting n be 2\nletting grid be [[0,1]]", r":1:14: n is 2 but the grid has 1 rows"),
    ("essence", "letting m be 3\nletting grid be [[0,1]]", r":1:14: m is 3 but the grid has 2 columns"),
    ("essence", "letting grid be [[0,1],\n [2]]", r":2:2: grid row 2 has 1 entries, the first row has 2"),
    ("essence", "letting grid be [[0,5]]", r":1:21: grid entry 5 is not 0\.\.4"),
    ("essence", "letting grid be [[0,-1]]", r":1:21: grid entry -1 is not 0\.\.4"),
    ("essence", "letting grid be [[0,1]", r"the file ends where ',' or '\]' was expected"),
    ("essence", "letting grid be [[0 1]]", r":1:21: expected ',' or '\]', found '1'"),
    ("essence", "letting grid be [[0,#]]", r":1:21: unexpected character '#'"),
    ("essence", "letting k be 3", r":1:9: unknown parameter 'k'"),
    ("essence", "letting n be 1", r"no 'letting grid be"),
    ("essence", "letting grid be [[0]]\nletting grid be [[1]]", r":2:9: 'grid' is given twice"),
    ("essence", "letting grid be []", r"grid must be a non-empty matrix"),
    ("pylist", "[[None, 1], [2]]", r":1:13: row 2 has 1 entries, row 1 has 2"),
    ("pylist", "[[None, 7]]", r":1:9: clue 7 is larger than 4"),
    ("pylist", "[[None, -2]]", r":1:9: clue -2 is negative"),
    ("pylist", "[[None, 'a']]", r":1:9: bad entry 'a'"),
    ("pylist", "[[None, True]]", r":1:9: bad entry True"),
    ("pylist", "[[None, __import__('os')]]", r":1:9: bad entry"),
    ("pylist", "[[None, 1]", r":1:\d+: not a Python literal"),
    ("pylist", "[]", r"expected a non-empty list of rows"),
    ("pylist", "[1, 2]", r":1:2: row 1 is not a non-empty list"),
    ("pylist", "[[1]]\n[[2]]", r":2: expected one list of rows, found 2 statements"),
    ("pzpr", "https://puzz.link/p?slither/3/3/f", r":1:33: bad character 'f' in the URL body"),
    ("pzpr", "https://puzz.link/p?slither/2/2/0000z", r":1:37: the URL body goes on after the last cell"),
    ("pzpr", "https://puzz.link/p?slither/0/5/", r":1:29: bad size 0x5: width and height must be 1\.\.200"),
    ("pzpr", "https://puzz.link/p?slither/201/5/", r"bad size 201x5"),
    ("pzpr", "https://puzz.link/p?slither/5/", r":1:29: expected the size as '/W/H/'"),
    ("pzpr", "https://puzz.link/p?nurikabe/5/5/", r":1:21: not a Slitherlink URL: the puzzle type is 'nurikabe'"),
    ("pzpr", "https://example.com/slither", r":1:1: not a puzz.link URL"),
    ("pzpr", "https://puzz.link/p?swslither/2/1/7", r":1:35: bad character '7' in the URL body: a Sheep-Wolf body"),
    ("pzpr", "https://puzz.link/p?vslither/f/2/1/050", r":1:38: the URL body goes on after the last cell"),
    ("pzpr", "slither/1/1/\nslither/1/1/", r":2: expected one puzz.link URL line .* found 2"),
    ("pzprv3", "pzprv3\nslither\n2\n2\n. .\n", r":5: the file ends after 1 of its 2 clue rows"),
    ("pzprv3", "pzprv3\nslither\n1\n2\n. 9\n", r":5:3: clue 9 is larger than 4"),
    ("pzprv3", "pzprv3\nslither\n1\n2\n. x\n", r":5:3: bad cell 'x'"),
    ("pzprv3", "pzprv3\nslither\n1\n2\n. . .\n", r":5: clue row has 3 cells, expected 2"),
    ("pzprv3", "pzprv3\nnurikabe\n1\n1\n.\n", r":2: this pzprv3 file holds a 'nurikabe' puzzle"),
    ("pzprv3", "pzprv3/slither/1/x/./", r":4: bad width 'x'"),
    ("pzprv3", "pzprv3/slither/0/1/./", r":3: bad size 1x0"),
    ("pzprv3", "pzprv3.1/slither/1/1/f/5/", r":6:1: clue 5 is larger than 4"),
    ("pzprv3", "pzprv3/tslither/1/2/. 9/", r":5:3: clue 9 is larger than 4"),
    ("pzprv3", "slither\n1\n1\n", r":1: a pzprv3 file starts with the lines pzprv3"),
]


@pytest.mark.parametrize("fmt, text, message", MALFORMED, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(MALFORMED)])
def test_malformed_input_is_one_located_error(fmt: str, text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        read_text(text, "bad.in", fmt)
    assert str(err.value).startswith("bad.in") and "\n" not in str(err.value)


@pytest.mark.parametrize("fmt", GRID_FORMATS)
def test_writers_hold_only_square_grids(fmt: str) -> None:
    with pytest.raises(InputError, match=f"the {fmt} format only holds square grids; this puzzle is on the honeycomb"):
        write_text(tilings.build("honeycomb", 3, 3), fmt)
    facts = read_instance("edge(1,2). edge(2,3). edge(3,1). cell_contains(t,1,2). clue(t,1).")
    with pytest.raises(InputError, match="only holds square grids; this puzzle names no tiling"):
        write_text(facts, fmt)
    p = tilings.build("square", 3, 2)
    wrong = Puzzle(p.vertices, p.edges, p.cells, p.cell_edges, p.clues, tiling=tilings.build("square", 2, 3).tiling)
    with pytest.raises(InputError, match="6 cells are not the 2x3 square grid"):
        write_text(wrong, fmt)


def test_files_are_recognised_by_extension_and_content(tmp_path) -> None:
    p = random_grid(5, 4, 0.5, 9)
    p = p.with_clues([3 if k == 4 else k for k in p.clues])  # Essence has no clue 4
    for fmt in GRID_FORMATS:
        ext = FORMATS[fmt].extensions[0]
        named = tmp_path / f"grid{ext}"
        named.write_text(write_text(p, fmt))
        assert read_file(named) == p, fmt
        anonymous = tmp_path / f"{fmt}.dat"
        anonymous.write_text(write_text(p, fmt))
        assert read_file(anonymous) == p, fmt
