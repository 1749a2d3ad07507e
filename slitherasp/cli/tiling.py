"""``slitherasp tiling``: list the tilings, or write a patch of one as an instance."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..model.errors import InputError
from .common import Exit, command, err, force_arg, json_arg, out, size_arg
from .outputs import not_over_inputs, with_sidecars
from .typed import lowered

FAMILY_ORDER = ["regular", "archimedean", "laves", "k-uniform", "aperiodic", "competition", "polygons"]


def add_parser(sub: Any) -> None:
    p = command(
        sub,
        "tiling",
        "list the tilings, or write a patch of one as an instance",
        "'tiling list' prints one tiling a line: its name, family and face types.\n"
        "'tiling NAME --size WxH -o DIR' writes DIR/NAME-WxH.lp (competition facts) and\n"
        "DIR/NAME-WxH.geo.json (vertex coordinates and faces) for a patch of the tiling;\n"
        "--planted-clues adds the clues of a random loop (and its answer as .answer).\n"
        "'tiling polygons FILE -o DIR' does the same for any polygons (GeoJSON or WKT):\n"
        "corners are snapped, sides split at T-junctions, overlaps and holes refused.\n"
        "Sizes count faces or unit cells along each side (see 'tiling list --json'\n"
        "for each tiling's range); aperiodic patches are placed by --seed.",
        "examples:\n"
        "  slitherasp tiling list\n"
        "  slitherasp tiling cairo --size 8x6 -o out/\n"
        "  slitherasp tiling penrose-p3 --size 10 --seed 7 --planted-clues -o out/\n"
        "  slitherasp tiling square --size 7x7 --symmetries\n"
        "  slitherasp tiling polygons my-map.geojson -o out/\n\n",
    )
    p.add_argument("name", metavar="NAME", type=lowered, help="'list', 'polygons' or a tiling name")
    p.add_argument("file", metavar="FILE", nargs="?", help="for 'polygons': a GeoJSON or WKT file")
    size_arg(p)
    p.add_argument("--seed", type=int, metavar="S", help="random seed (aperiodic windows, planted loops)")
    p.add_argument("--planted-clues", action="store_true", help="clues of a random loop, answer beside")
    p.add_argument("--symmetries", action="store_true",
                   help="list the patch's symmetries (the names 'generate --symmetry' takes), write nothing")
    p.add_argument("-o", "--output", metavar="DIR", help="folder to write the instance into")
    force_arg(p)
    json_arg(p, "'list' as JSON lines")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.name == "list":
        if args.file is not None:
            raise InputError("'tiling list' takes no file")
        return list_tilings(args.json)
    if args.name != "polygons":
        from .. import tilings

        tilings.get(args.name)  # a wrong name is said before a missing -o
    if args.symmetries:
        return list_symmetries(args)
    if args.output is None:
        raise InputError("name the output folder with -o DIR")
    puzzle, stem = _patch(args)
    answer = None
    if args.planted_clues:
        from ..make.generate import planted

        puzzle, answer = planted(puzzle, seed=args.seed)
    from .. import formats

    path = Path(args.output) / f"{stem}.lp"
    written = formats.save(puzzle, path, answer, force=args.force)
    out(" ".join(str(f) for f in written))
    err(f"{path}: {len(puzzle.vertices)} vertices, {len(puzzle.edges)} edges, {len(puzzle.cells)} cells, "
        f"{puzzle.clue_count()} clues")
    return Exit.OK


def _patch(args: argparse.Namespace) -> tuple[Any, str]:
    """The clue-less patch to write and its file stem."""
    from .. import tilings

    if args.name == "polygons":
        if args.file is None:
            raise InputError("'tiling polygons' needs a GeoJSON or WKT file")
        from ..tilings.polygons import from_polygons, load_polygons

        stem = Path(args.file).stem
        if args.output is not None:  # (--symmetries writes nothing)
            not_over_inputs(with_sidecars(str(Path(args.output) / f"{stem}.lp")), args.file)
        return from_polygons(load_polygons(args.file)), stem
    if args.file is not None:
        raise InputError(f"unexpected argument {args.file!r}: only 'tiling polygons' takes a file")
    t = tilings.get(args.name)
    w, h = args.size or t.default_size
    stem = f"{t.name}-{w}x{h}" + (f"-s{args.seed}" if t.seeded and args.seed is not None else "")
    return tilings.build(t.name, w, h, seed=args.seed), stem


def list_symmetries(args: argparse.Namespace) -> int:
    """``tiling NAME --size WxH --symmetries``: each symmetry of the patch, in words,
    and how many orbits of faces it makes (a symmetric layout clues each all or none)."""
    from ..tilings.symmetry import describe, orbits, symmetries

    if args.output is not None or args.planted_clues:
        raise InputError("--symmetries lists the patch's symmetries and writes nothing: it takes no -o or "
                         "--planted-clues")
    puzzle, stem = _patch(args)
    found = symmetries(puzzle)
    if args.json:
        out(json.dumps({"patch": stem, "faces": len(puzzle.cells), "symmetries": [
            {"name": n, "words": describe(n), "orbits": len(orbits(found, n))} for n in found]}))
        return Exit.OK
    if not found:
        out(f"{stem}: no symmetry (no turn or mirror maps the patch onto itself)")
    for n in found:
        out(f"{n:14} {describe(n)}: {len(orbits(found, n))} orbits of {len(puzzle.cells)} faces")
    if len(found) > 1:
        out(f"{'full':14} all of them together: {len(orbits(found, 'full'))} orbits")
    return Exit.OK


def list_tilings(as_json: bool) -> int:
    from .. import tilings

    rows = sorted(tilings.TILINGS.values(), key=lambda t: (FAMILY_ORDER.index(t.family), t.name))
    for t in rows:
        if as_json:
            out(json.dumps({"name": t.name, "family": t.family, "faces": t.faces, "description": t.description,
                            "sizes": [t.min_size, t.max_size], "seeded": t.seeded,
                            "loopy": t.loopy[1] if t.loopy else None, "aliases": list(t.aliases)}))
        else:
            out(f"{t.name:24} {t.family:12} {t.faces}")
    return Exit.OK
