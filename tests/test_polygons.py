"""User polygons in: GeoJSON and WKT, snapping, T-junctions, every refusal, a solve."""

from __future__ import annotations

import json

import numpy as np
import pytest
import shapely
from shapely.geometry import GeometryCollection, MultiPoint, MultiPolygon, Polygon, box, mapping

from slitherasp.model import GeometryError, InputError
from slitherasp.solver.run import solve
from slitherasp.tilings.polygons import from_polygons, load_polygons, read_polygons
from slitherasp.validate import check

SQUARES = [box(x, y, x + 1, y + 1) for y in (0, 1) for x in (0, 1)]


def counts(p) -> tuple[int, int, int]:
    return len(p.vertices), len(p.edges), len(p.cells)


def feature(poly: Polygon, **props) -> dict:
    return {"type": "Feature", "properties": props, "geometry": mapping(poly)}


def test_geojson_feature_collection_with_clues() -> None:
    doc = {"type": "FeatureCollection", "features": [feature(q, clue=k) for q, k in zip(SQUARES, [2, None, 0, 3])]}
    p = from_polygons(read_polygons(json.dumps(doc), "sq.geojson"))
    assert counts(p) == (9, 12, 4)
    assert p.clues == (2, None, 0, 3)
    assert p.source == "sq.geojson"


@pytest.mark.parametrize(
    "doc",
    [
        mapping(MultiPolygon(SQUARES)),
        mapping(GeometryCollection(SQUARES)),
        {"type": "Feature", "properties": None, "geometry": mapping(MultiPolygon(SQUARES))},
        {"type": "FeatureCollection", "features": [feature(q) for q in SQUARES]},
    ],
    ids=["multipolygon", "collection", "feature", "features"],
)
def test_geojson_shapes(doc: dict) -> None:
    assert counts(from_polygons(read_polygons(json.dumps(doc)))) == (9, 12, 4)


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(q.wkt for q in SQUARES),
        "# four squares\n" + MultiPolygon(SQUARES).wkt + "\n",
        GeometryCollection(SQUARES).wkt.replace("), ", "),\n"),
    ],
    ids=["per-line", "multipolygon", "collection-multiline"],
)
def test_wkt_inputs(text: str) -> None:
    ps = read_polygons(text, "sq.wkt")
    assert len(ps) == 4
    assert counts(from_polygons(ps)) == (9, 12, 4)


def test_shapely_inputs_and_clues() -> None:
    assert counts(from_polygons(MultiPolygon(SQUARES), [1, 2, 3, None])) == (9, 12, 4)
    assert from_polygons(SQUARES, [1, 2, 3, None]).clues == (1, 2, 3, None)
    with pytest.raises(InputError, match="3 clues for 4 polygons"):
        from_polygons(SQUARES, [1, 2, 3])


def test_t_junction_adds_a_corner_to_the_rectangle() -> None:
    p = from_polygons([box(0, 0, 1, 2), box(1, 0, 2, 1), box(1, 1, 2, 2)])
    assert counts(p) == (8, 10, 3)
    assert [len(es) for es in p.cell_edges] == [5, 4, 4]
    corners = {p.geometry.points[v] for v in p.geometry.faces[0]}
    assert (1.0, 1.0) in corners
    # the shared side is split into two edges, each on two cells
    assert sum(len(cs) == 2 for cs in p.edge_cells) == 3


def test_nearly_equal_coordinates_snap_together() -> None:
    eps = 1e-12
    shaky = [
        box(0, 0, 1, 1),
        Polygon([(1 + eps, 0), (2, -eps), (2, 1), (1 - eps, 1 + eps)]),
        Polygon([(0, 1 + eps), (1 + eps, 1 - eps), (1, 2), (0, 2)]),
        box(1, 1, 2, 2),
    ]
    p = from_polygons(shaky)
    assert counts(p) == (9, 12, 4)
    assert {c for xy in p.geometry.points for c in xy} == {0.0, 1.0, 2.0}


def test_grid_size_is_the_users_choice() -> None:
    apart = [box(0, 0, 1, 1), box(1.0004, 0, 2, 1)]
    with pytest.raises(GeometryError, match="separate pieces"):
        from_polygons(apart)
    assert counts(from_polygons(apart, grid_size=1e-3)) == (6, 7, 2)
    with pytest.raises(InputError, match="grid size must be positive"):
        from_polygons(apart, grid_size=0)


RING = [box(x, y, x + 1, y + 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
SPIRAL = [box(*xy, xy[0] + 1, xy[1] + 1)
          for xy in [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (-1, 2), (-1, 1)]]


@pytest.mark.parametrize(
    "polys, pattern",
    [
        ([box(0, 0, 1, 1), Polygon([(0, 0), (1, 1), (1, 0), (0, 1)])],
         r"polygon 1 is not a valid polygon: Self-intersection"),
        ([box(0, 0, 1, 1), Polygon([(1, 0), (2, 0), (3, 0)])], r"polygon 1 has zero area"),
        ([Polygon(box(0, 0, 3, 3).exterior, [box(1, 1, 2, 2).exterior.coords])], r"polygon 0 has 1 hole"),
        ([box(0, 0, 2, 2), box(1, 1, 3, 3)], r"polygon 0 and polygon 1 overlap: they share the area 1 "),
        ([box(0, 0, 3, 3), box(1, 1, 2, 2)], r"polygon 0 and polygon 1 overlap"),
        ([box(0, 0, 1, 1), box(0, 0, 1, 1)], r"overlap"),
        ([box(0, 0, 1, 1), box(3, 0, 4, 1)], r"2 separate pieces.*polygon 0; polygon 1"),
        ([box(0, 0, 1, 1), box(1, 1, 2, 2)], r"polygons 0, 1 touch only at the point \(1, 1\)"),
        (RING, r"the patch has 1 hole\(s\); one near \(1.5, 1.5\)"),
        (SPIRAL, r"the patch pinches at \(0, 1\): polygons 0, 8 meet there"),
        ([box(0, 0, 1, 1), box(0, 0, 1, 1).exterior], r"geometry 1 is a LinearRing, not a polygon"),
        ([], r"no polygons given"),
    ],
    ids=["invalid", "zero-area", "hole", "overlap", "contained", "duplicate", "disconnected",
         "point-touch", "holed-patch", "pinch", "not-a-polygon", "empty"],
)
def test_refusals_name_the_problem(polys: list, pattern: str) -> None:
    with pytest.raises(GeometryError, match=pattern):
        from_polygons(polys)


def test_refusals_name_features_and_lines() -> None:
    doc = {"type": "FeatureCollection", "features": [feature(box(0, 0, 1, 1)), feature(box(0.5, 0, 1.5, 1))]}
    with pytest.raises(GeometryError, match=r"^x.json: polygon 0 \(feature 0\) and polygon 1 \(feature 1\) overlap"):
        from_polygons(read_polygons(json.dumps(doc), "x.json"))
    text = f"{box(0, 0, 1, 1).wkt}\n\n{Polygon([(0, 0), (1, 1), (1, 0), (0, 1)]).wkt}\n"
    with pytest.raises(GeometryError, match=r"polygon 1 \(line 3\) is not a valid polygon"):
        from_polygons(read_polygons(text, "y.wkt"))


@pytest.mark.parametrize(
    "text, pattern",
    [
        ('{"type": "FeatureCollection", "features": [}', r"^f:1:44: bad JSON"),
        ('{"type": "Feature", "properties": {"clue": "x"}, "geometry": ' + json.dumps(mapping(box(0, 0, 1, 1))) + "}",
         r"clue 'x' is not a whole number"),
        ('{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0, 0]}}',
         r"feature is a Point, not a polygon"),
        ('{"type": "Feature", "properties": {"clue": 1}, "geometry": '
         + json.dumps(mapping(MultiPolygon(SQUARES))) + "}",
         r"feature has a clue but 4 polygons"),
        ("POLYGON((0 0, 1 0, 1 1, 0 0))\nPOLYGON((0 0, 1 0", r"^f:2: bad WKT"),
        ("   \n", r"no polygons found"),
    ],
    ids=["json", "clue", "point", "multi-clue", "wkt", "blank"],
)
def test_read_errors(text: str, pattern: str) -> None:
    with pytest.raises(InputError, match=pattern):
        read_polygons(text, "f")


@pytest.mark.parametrize("text", [
    "POLYGON ((0 0, 1 0, 1 1, 0 0)) a\u2028b",  # GEOS echoes the word it could not read, line breaks and all
    "POLYGON ((0 0, 1 0, 1 1, 0 0)) a\x85b",
    "POLYGON ((0 0, 1 0, 1 1, 0 0)) a\x0bb",
    "POLYGON ((0 0, 1 0, 1 1, 0 0)) a\x1cb",
    "POLYGON ((0 0, 1 0, 1 1, 0 0)) a\x1b[31mb",
    "POLYGON ((0\u2028 0, 1 0, 1 1, 0 0))",
    '{"type": "Poly\\u2028gon", "coordinates": []}',
    "CURVEPOLYGON (CIRCULARSTRING (0 0, 1 1, 2 0, 1 -1, 0 0))",  # was an internal error (NotImplementedError)
], ids=["u2028", "x85", "vt", "x1c", "escape", "in-a-number", "geojson", "curve"])
def test_a_bad_input_is_one_printable_line(text: str, tmp_path, capsys) -> None:
    from slitherasp.cli.main import main

    with pytest.raises(InputError) as refused:
        read_polygons(text, "f")
    assert len(str(refused.value).splitlines()) == 1 and str(refused.value).isprintable()
    (tmp_path / "p.wkt").write_text(text, encoding="utf-8", newline="")
    assert main(["tiling", "polygons", str(tmp_path / "p.wkt"), "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("slitherasp: error: ") and err[:-1].isprintable()


def test_an_overflowing_coordinate_is_refused_without_a_warning(recwarn) -> None:
    with pytest.raises(GeometryError, match="not a finite number"):
        read_polygons("POLYGON ((1e999 0, 1 0, 1 1, 1e999 0))", "f")
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


def test_load_polygons(tmp_path) -> None:
    path = tmp_path / "two.wkt"
    path.write_text(f"{box(0, 0, 1, 1).wkt}\n{box(1, 0, 2, 1).wkt}\n")
    p = from_polygons(load_polygons(path))
    assert counts(p) == (6, 7, 2) and p.source == str(path)
    with pytest.raises(InputError, match="no such file"):
        load_polygons(tmp_path / "missing.wkt")


def test_planted_puzzle_on_voronoi_cells_solves() -> None:
    rng = np.random.default_rng(7)
    frame = box(0, 0, 6, 6)
    sites = MultiPoint(rng.uniform(0, 6, size=(40, 2)))
    cells = [c.intersection(frame) for c in shapely.get_parts(shapely.voronoi_polygons(sites, extend_to=frame))]
    p = from_polygons(cells)
    assert len(p.cells) == 40
    assert len(p.vertices) - len(p.edges) + len(p.cells) == 1
    inside = {c for c, q in enumerate(cells) if q.centroid.distance(shapely.Point(3, 3)) < 2}
    union = shapely.union_all([cells[c] for c in inside])
    assert union.geom_type == "Polygon" and not union.interiors
    loop = frozenset(e for e, cs in enumerate(p.edge_cells) if sum(c in inside for c in cs) == 1)
    puzzle = p.with_clues(p.signature(loop))
    result = solve(puzzle, unique=True)
    assert result.status == "SATISFIABLE"
    assert check(puzzle, puzzle.links(result.answer)).valid
    assert result.unique is False or result.answer == loop
