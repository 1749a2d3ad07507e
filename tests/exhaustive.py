"""An independent check of the fewest clues, for small boards: every loop of the patch
listed by a depth-first search over its vertices (no solver), and the smallest clue set
that tells the planted loop from all others found by a branch and bound over the cells
(no solver, no hitting-set program). Nothing of the package is used but the puzzle's
graph."""

from __future__ import annotations

from slitherasp.model import Puzzle


def all_loops(puzzle: Puzzle) -> list[frozenset[int]]:
    """Every simple cycle of the puzzle's graph, as a set of edges: each found from
    its smallest vertex, once per direction (kept once)."""
    at: list[list[tuple[int, int]]] = [[] for _ in puzzle.vertices]
    for e, (u, v) in enumerate(puzzle.edges):
        at[u].append((v, e))
        at[v].append((u, e))
    found: set[frozenset[int]] = set()
    for s in range(len(puzzle.vertices)):
        _walk(at, s, s, [], {s}, found)
    return sorted(found, key=sorted)


def _walk(at: list[list[tuple[int, int]]], s: int, v: int, path: list[int], on_path: set[int],
          found: set[frozenset[int]]) -> None:
    """Extend the path from ``s`` (its edges ``path``, now at ``v``) through vertices
    larger than ``s``; a step back to ``s`` closes a cycle."""
    for w, e in at[v]:
        if w == s and len(path) >= 2 and e != path[-1]:
            found.add(frozenset([*path, e]))
        elif w > s and w not in on_path:
            on_path.add(w)
            path.append(e)
            _walk(at, s, w, path, on_path, found)
            path.pop()
            on_path.discard(w)


def fewest_clues(puzzle: Puzzle, loop: frozenset[int], loops: list[frozenset[int]] | None = None,
                 units: list[tuple[int, ...]] | None = None) -> int:
    """The fewest clues (counted in cells; from ``units``, default each cell alone)
    that no other loop fits: the smallest set of units that holds, for every other
    loop, a cell where its clue differs (-1 when some other loop's clues are the same
    everywhere allowed), by a branch and bound over the units."""
    loops = all_loops(puzzle) if loops is None else loops
    full = puzzle.signature(loop)
    units = [(c,) for c in range(len(full))] if units is None else units
    cores = set()
    for other in loops:
        if other == loop:
            continue
        sig = puzzle.signature(other)
        cores.add(sum(1 << u for u, cells in enumerate(units) if any(sig[c] != full[c] for c in cells)))
    if 0 in cores:
        return -1
    minimal: list[int] = []  # the cores no other lies inside: the smallest first, each against those kept
    for core in sorted(cores, key=lambda c: bin(c).count("1")):
        if not any(m & core == m for m in minimal):
            minimal.append(core)
    return _smallest(minimal, [len(u) for u in units])


def _smallest(cores: list[int], weights: list[int]) -> int:
    """The least weight of a set of units that meets every core (bit sets of units):
    branch on the units of an unmet core with the fewest left (each branch forbids the
    units tried before it), bounded below by the unmet cores that share no unit."""
    best = [sum(weights) + 1]

    def go(chosen: int, forbidden: int, cost: int, cores: list[int]) -> None:
        unmet = [c for c in cores if not c & chosen]
        if not unmet:
            best[0] = min(best[0], cost)
            return
        left = [c & ~forbidden for c in unmet]
        if 0 in left:
            return
        bound, used = cost, 0
        for c in sorted(left, key=lambda c: bin(c).count("1")):
            if not c & used:
                used |= c
                bound += min(weights[u] for u in _bits(c))
        if bound >= best[0]:
            return
        core = min(left, key=lambda c: bin(c).count("1"))
        for u in _bits(core):
            go(chosen | 1 << u, forbidden, cost + weights[u], unmet)
            forbidden |= 1 << u

    go(0, 0, 0, cores)
    return best[0]


def _bits(mask: int) -> list[int]:
    return [u for u in range(mask.bit_length()) if mask >> u & 1]


def one_loop(puzzle: Puzzle, edges: frozenset[int]) -> bool:
    """Whether ``edges`` are one simple cycle of the puzzle's graph: every vertex they
    touch has two of them, and a walk from one edge goes through them all."""
    if not edges:
        return False
    at: dict[int, list[int]] = {}
    for e in edges:
        for v in puzzle.edges[e]:
            at.setdefault(v, []).append(e)
    if any(len(es) != 2 for es in at.values()):
        return False
    first = next(iter(edges))
    seen, e, v = {first}, first, puzzle.edges[first][1]
    while True:
        e = next(f for f in at[v] if f != e)
        if e == first:
            return len(seen) == len(edges)
        seen.add(e)
        a, b = puzzle.edges[e]
        v = b if a == v else a


def certified_least(puzzle: Puzzle, loop: frozenset[int], witnesses: tuple[frozenset[int], ...],
                    units: list[tuple[int, ...]] | None = None) -> int:
    """The least clues a proof's certificate demands, checked here: each witness must be
    one loop other than ``loop`` (else -1), and a clue set that tells ``loop`` from every
    witness holds a unit where the witness's clue differs; the smallest such set, by the
    branch and bound. A unique clue set of that many clues is then proved least."""
    full = puzzle.signature(loop)
    units = [(c,) for c in range(len(full))] if units is None else units
    cores = []
    for w in witnesses:
        if w == loop or not one_loop(puzzle, w):
            return -1
        sig = puzzle.signature(w)
        cores.append(sum(1 << u for u, cells in enumerate(units) if any(sig[c] != full[c] for c in cells)))
    if 0 in cores:
        return -1
    return _smallest(sorted(set(cores)), [len(u) for u in units])
