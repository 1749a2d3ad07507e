"""Puzzle generation: random loops on any tiling, then clues.

A random loop is the boundary of a random region of faces grown one face at a time
while it stays a topological disc, so its boundary is always one simple cycle.

>>> from slitherasp import tilings
>>> p = tilings.build("square", 6, 6)
>>> loop = random_loop(p, seed=3)
>>> from slitherasp.validate import is_solution
>>> is_solution(p, loop)
True
"""

from __future__ import annotations

import random

from .model import Answer, InputError, Puzzle


def face_neighbours(puzzle: Puzzle) -> list[set[int]]:
    """For each cell, the cells sharing an edge with it."""
    nbrs: list[set[int]] = [set() for _ in puzzle.cells]
    for cs in puzzle.edge_cells:
        for a in cs:
            for b in cs:
                if a != b:
                    nbrs[a].add(b)
    return nbrs


def _joins_as_disc(puzzle: Puzzle, face: int, region: set[int], region_vertices: dict[int, int]) -> bool:
    """Whether adding ``face`` keeps ``region`` a disc: the face must meet the region
    in one connected run of shared edges and touch it nowhere else."""
    geo = puzzle.geometry
    assert geo is not None and geo.faces[face] is not None
    ring = geo.faces[face]
    k = len(ring)
    shared = []
    for i in range(k):
        e = puzzle.find_edge(ring[i], ring[(i + 1) % k])
        shared.append(any(c in region for c in puzzle.edge_cells[e]))  # type: ignore[index]
    if not any(shared):
        return False
    if all(shared):
        return False  # the face would fill a hole: region would not stay a disc
    # rotate so that the ring starts right after a non-shared side
    start = next(i for i in range(k) if not shared[i - 1] and shared[i])
    runs = sum(1 for i in range(k) if shared[i] and not shared[i - 1])
    if runs != 1:
        return False
    n_shared = sum(shared)
    path_vertices = {ring[(start + j) % k] for j in range(n_shared + 1)}
    touching = {v for v in ring if v in region_vertices}
    return touching == path_vertices


def random_region(puzzle: Puzzle, seed: int | None = None, fill: float = 0.5) -> set[int]:
    """A random simply connected set of faces covering about ``fill`` of the patch."""
    if puzzle.geometry is None or any(f is None for f in puzzle.geometry.faces):
        raise InputError("random loops need a puzzle whose cells are faces (a tiling)")
    rng = random.Random(seed)
    nbrs = face_neighbours(puzzle)
    start = rng.randrange(len(puzzle.cells))
    region = {start}
    region_vertices: dict[int, int] = {}

    def add_vertices(face: int) -> None:
        for v in puzzle.geometry.faces[face]:  # type: ignore[union-attr]
            region_vertices[v] = region_vertices.get(v, 0) + 1

    add_vertices(start)
    frontier = list(nbrs[start])
    in_frontier = set(frontier)
    target = max(1, round(fill * len(puzzle.cells)))
    stale = 0
    while len(region) < target and frontier and stale < 4 * len(frontier) + 8:
        i = rng.randrange(len(frontier))
        face = frontier[i]
        if _joins_as_disc(puzzle, face, region, region_vertices):
            frontier[i] = frontier[-1]
            frontier.pop()
            region.add(face)
            add_vertices(face)
            for n in nbrs[face]:
                if n not in region and n not in in_frontier:
                    in_frontier.add(n)
                    frontier.append(n)
            stale = 0
        else:
            stale += 1
    return region


def region_boundary(puzzle: Puzzle, region: set[int]) -> Answer:
    """The edges with exactly one side in ``region``: the loop around it."""
    return frozenset(
        e for e, cs in enumerate(puzzle.edge_cells) if sum(c in region for c in cs) == 1
    )


def random_loop(puzzle: Puzzle, seed: int | None = None, fill: float = 0.5) -> Answer:
    """A random simple loop on a tiling: the boundary of a random disc of faces."""
    return region_boundary(puzzle, random_region(puzzle, seed, fill))


def planted(puzzle: Puzzle, seed: int | None = None, fill: float = 0.5) -> tuple[Puzzle, Answer]:
    """The puzzle with every clue of a random loop, and that loop."""
    loop = random_loop(puzzle, seed, fill)
    return puzzle.with_clues(puzzle.signature(loop)), loop
