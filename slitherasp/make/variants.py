"""Generation of the variants (:mod:`slitherasp.kinds.variant`) at the solver's grade.

A random answer of the variant's rule is planted: a loop as Loopy grows them
(:mod:`.loops`), or, where every vertex must be on it (all points) or the answer is
trees (Litherslink), an answer clingo finds with random decisions. Every face gets
its clue under the variant's rule (for Sheep-Wolf, a share of the faces get their
animal instead: a sheep inside the loop, a wolf outside). Then clues are removed in
a random order while the answer stays unique, each test a solve in one grounding
where every clue and animal is an external atom switched by assumptions and the
planted answer is forbidden (any model is another answer), and, for the grades
``easy`` and ``medium``, while a fresh solve proves it at that grade.

A person's grade needs a person's rules; the rule engine has Slitherlink's only, so
a variant has none and is made for the solver's grade alone.

>>> from slitherasp import tilings
>>> from slitherasp.kinds.variant import variant
>>> from slitherasp.kinds.variant.rules import is_answer
>>> made = generate_variant(variant(tilings.build("square", 4, 4), "touch"), seed=2)
>>> made.grade.unique, is_answer(made.puzzle, made.answer)
(True, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Sequence
from typing import Any

from ..kinds.variant.puzzle import EXTERNALS, Variant, facts, program
from ..kinds.variant.rules import count, held, is_answer
from ..model import Answer
from ..model.errors import GenerationError, InputError
from ..model.stopping import check, requested
from ..solver import engines
from ..solver.grade import LEVELS, grade
from ..solver.run import solve
from .generate import SOLVER_ATTEMPTS, Generated
from .loops import random_loop
from .questions import RULES, Question, answers_of, question_facts, unshown, walk
from .removal import TEST_BUDGET, Progress

ANIMALS = 0.3
"""The share of Sheep-Wolf's faces that get their animal instead of a number."""


# --------------------------------------------------------------------------- answers
def planted(blank: Variant, rng: random.Random, attempt: int) -> Answer | None:
    """A random answer of ``blank``'s rule: a loop as Loopy grows them, or with all
    points and for Litherslink one clingo finds with random decisions (None when
    there is none)."""
    if not blank.full and blank.rule not in ("lither", "vertex"):
        return random_loop(blank.puzzle, seed=rng.randrange(2**32), tendrils=attempt <= 100)
    bare = blank.with_clues([None] * len(blank.cells)).with_animals((), ())
    if blank.rule == "vertex":  # an induced cycle near a loop as Loopy grows them
        guide = random_loop(blank.puzzle, seed=rng.randrange(2**32), tendrils=attempt <= 100)
        options = [f"--seed={rng.randrange(2**31)}", "--heuristic=Domain"]
        return _random_answer(bare, options, guide) or random_loop(blank.puzzle, seed=rng.randrange(2**32))
    options = [f"--seed={rng.randrange(2**31)}", "--rand-freq=0.5", "--sign-def=rnd"]
    return _random_answer(bare, options)


def _random_answer(v: Variant, options: list[str], guide: Answer | None = None) -> Answer | None:
    """One answer of ``v`` with clasp's random decisions (``options``); with a
    ``guide`` loop, a loop that is an induced cycle near it (``asp/induced.lp``)."""
    from ..kinds.facts import atoms_decoder, encoding_dir, encoding_text

    p = program(v)
    extra = ""
    if guide is not None:
        names, edges = v.puzzle.vertices, v.puzzle.edges
        extra = (encoding_dir() / "induced.lp").read_text(encoding="utf-8") + "\n" + "".join(
            f"prefer({names[edges[e][0]]},{names[edges[e][1]]})." for e in sorted(guide))
    if not engines.in_process():
        run = engines.run_text(encoding_text(p.encoding, p.options) + "\n" + extra + "\n" + p.facts, 1, options)
        return atoms_decoder(p.graph)(run.models[0]) if run.models else None
    import clingo

    ctl = clingo.Control(["1", *options], logger=lambda code, msg: None)
    ctl.load(str(p.path))
    ctl.add("base", [], p.facts + "\n" + extra)
    ctl.ground([("base", [])])
    found: list[Answer] = []
    decode = atoms_decoder(p.graph)
    ctl.solve(on_model=lambda m: found.append(decode(str(s) for s in m.symbols(shown=True))))
    return found[0] if found else None


def full_clues(blank: Variant, answer: Answer, rng: random.Random) -> Variant:
    """``blank`` with every face's clue of ``answer``; for Sheep-Wolf a share of the
    faces hold their animal instead."""
    lines = set(answer)
    clues = {c: count(blank, c, lines) for c in range(len(blank.cells))}
    if blank.rule != "sheep-wolf":
        return blank.with_clues(clues)
    inside = held(blank.puzzle, lines)
    animals = [c for c in clues if rng.random() < ANIMALS]
    for c in animals:
        del clues[c]
    return blank.with_clues(clues).with_animals((c for c in animals if inside[c]),
                                                (c for c in animals if not inside[c]))


# --------------------------------------------------------------------------- tests
class Uniqueness:
    """Whether a part of a full clue set still gives exactly one answer: in one
    grounding of the variant's encoding, with every clue and animal an external
    (one ``pinned`` clue a fact: its cell's corners are the root chain) and the
    planted answer forbidden, so that any model is another answer. Where clingo's
    module is missing (the browser), each test is a whole solve."""

    def __init__(self, whole: Variant, answer: Answer, pinned: int | None) -> None:
        self.whole, self.answer, self.pinned = whole, answer, pinned
        self.ctl: Any = None
        if not engines.in_process():
            return
        import clingo

        self.ctl = ctl = clingo.Control(["1", "--trans-ext=integ"], logger=lambda code, msg: None)
        ctl.load(str(program(whole).path))
        ctl.add("base", [], facts(whole, faces=whole.puzzle.is_disc, switched=True, pinned=pinned))
        ctl.ground([("base", [])])
        self.switch = {}
        for predicate in ("clue", "sheep", "wolf"):
            for a in ctl.symbolic_atoms.by_signature(predicate, 2 if predicate == "clue" else 1):
                if a.is_external:
                    self.switch[str(a.symbol.arguments[0])] = a.literal
                    ctl.assign_external(a.literal, None)
        link = {str(a.symbol): a.literal for a in ctl.symbolic_atoms.by_signature("link", 2)}
        names = whole.puzzle.vertices
        edges = whole.puzzle.edges
        lits = [link[f"link({names[u]},{names[v]})"] for u, v in edges if f"link({names[u]},{names[v]})" in link]
        chosen = {link[f"link({names[edges[e][0]]},{names[edges[e][1]]})"] for e in answer}
        # a loop holds no other loop, so its lines alone forbid it; trees need every edge
        body = sorted(chosen) if whole.rule != "lither" else [x if x in chosen else -x for x in lits]
        with ctl.backend() as backend:
            backend.add_rule([], body)

    def unique(self, v: Variant, budget: int | None) -> bool:
        """Whether ``v`` (a part of the whole clue set) has the planted answer alone,
        proved within ``budget`` conflicts."""
        if self.ctl is None:
            r = solve(v, unique=True, conflicts=budget)
            return r.unique is True
        on = {v.puzzle.cells[c] for c, k in enumerate(v.puzzle.clues) if k is not None} | {
            v.puzzle.cells[c] for c in v.sheep | v.wolves}
        self.ctl.configuration.solve.solve_limit = "umax" if budget is None else f"{budget},umax"
        assumptions = [lit if cell in on else -lit for cell, lit in self.switch.items()]
        result = self.ctl.solve(assumptions=assumptions)
        return bool(result.unsatisfiable)


# --------------------------------------------------------------------------- all points
NEAR = ((-1, -1), (1, 1), (-1, 0), (0, -1), (1, 0), (0, 1), (-2, -2), (2, 2))
"""The sizes next to a patch's that :func:`no_loop_through_all` tries, nearest first."""
ALL_POINTS = "square 5x5 or 7x7 (an odd side), triangular, kagome or snub-square"
"""Patches where a loop through every vertex is found at every size tried (4x4 to 6x6;
``tests/test_variant_share.py`` holds it)."""


def unbalanced(puzzle: Any) -> tuple[int, int] | None:
    """The sizes of the two colour classes of a bipartite graph (every edge joins a
    vertex of each) when they differ: a loop alternates the colours, so no loop passes
    through every vertex. None for a graph that is not bipartite, or is balanced.

    >>> from slitherasp import tilings
    >>> unbalanced(tilings.build("square", 6, 6))
    (25, 24)
    >>> unbalanced(tilings.build("square", 5, 5)), unbalanced(tilings.build("triangular", 3, 3))
    (None, None)
    """
    from ..kinds.loop_facts import layers

    where = layers(len(puzzle.vertices), puzzle.edges)  # an edge inside a layer closes an odd cycle
    if any(where[u] == where[v] for u, v in puzzle.edges):
        return None
    black = sum(depth % 2 for _, depth in where)
    white = len(where) - black
    return None if black == white else (max(black, white), min(black, white))


def no_loop_through_all(blank: Variant) -> str:
    """Why no answer with all points fits ``blank``'s patch (its vertices' colours, or
    a loop through every vertex proved not to exist) and what works instead."""
    n, counts = len(blank.puzzle.vertices), unbalanced(blank.puzzle)
    if counts is not None:
        why = ("its vertices take two colours, every edge joining both (a bipartite grid), and a loop "
               "alternates them, so it passes as many of each" + (
                   f" (an even number), and this patch has {n} vertices, an odd number" if n % 2 else
                   f", and this patch has {counts[0]} of one and {counts[1]} of the other"))
    else:
        why = f"no loop passes through all {n} vertices (no Hamiltonian cycle: the solver proved there is none)"
    return f"no {blank.title} answer fits this patch: {why}; {_what_works(blank)}"


def _what_works(blank: Variant, seconds: float = 3.0) -> str:
    """Up to two sizes near ``blank``'s of its tiling that have a loop through every
    vertex (within ``seconds`` in all, a second each at most), else patches that have
    one; a size is said to have none only when its colours or the solver prove it."""
    from .. import tilings
    from ..kinds.variant.puzzle import variant

    ref = blank.puzzle.tiling
    if ref is None or ref.desc is not None:
        return f"try a patch of {ALL_POINTS} faces"
    tiling, found, tried, unsure = tilings.get(ref.name), [], [], False
    deadline = time.perf_counter() + seconds
    for dw, dh in NEAR:
        w, h = ref.width + dw, ref.height + dh
        left = deadline - time.perf_counter()
        if not (tiling.min_size <= min(w, h) and max(w, h) <= tiling.max_size) or len(found) == 2 or left <= 0:
            unsure |= left <= 0
            continue
        check()
        patch = tilings.build(ref.name, w, h, seed=ref.seed)
        tried.append((w, h))
        if unbalanced(patch):
            continue
        r = solve(variant(patch, blank.name), time_limit=min(1.0, left))
        found += [f"{w}x{h}"] if r.answer is not None else []
        unsure |= r.status != "UNSATISFIABLE"
    if found:
        return f"try {ref.name} {' or '.join(found)}"
    if unsure or not tried:
        return f"none was found at {ref.name}'s sizes next to this one in a second each: try {ALL_POINTS}"
    low, high = min(tried), max(tried)
    return f"no {ref.name} patch from {low[0]}x{low[1]} to {high[0]}x{high[1]} has one either: try {ALL_POINTS}"


# --------------------------------------------------------------------------- removal
def generate_variant(blank: Variant, *, seed: int = 0, level: str | None = None, minimal: bool = False,
                     attempts: int | None = None, progress: Progress | None = None,
                     time_limit: float | None = None) -> Generated:
    """A variant puzzle on the faces of ``blank`` with exactly one answer, at the
    solver's grade ``level`` (None: any grade, uniqueness alone). The same seed gives
    the same puzzle. Clues go one at a time in a random order (so no single clue can
    go at the end, within :data:`~slitherasp.make.generate.TEST_BUDGET` conflicts a test,
    unbounded with ``minimal``); a puzzle of another grade than ``level`` is thrown
    away for a new answer, up to ``attempts``. Ctrl-C or ``time_limit`` keep the
    puzzle so far (unique) with ``interrupted`` or ``timed_out`` set."""
    if level is not None and level not in LEVELS:
        raise InputError(f"unknown solver grade {level!r}; choose from {', '.join(LEVELS)}")
    geo = blank.puzzle.geometry
    if geo is None or any(f is None for f in geo.faces) or not blank.puzzle.is_disc:
        raise GenerationError("generation needs a tiling: every cell a face of a disc, with geometry")
    if blank.full and unbalanced(blank.puzzle):  # said at once: proving it can take clingo hours
        raise GenerationError(no_loop_through_all(blank))
    start, rng, tests = time.perf_counter(), random.Random(seed), 0
    deadline = None if time_limit is None else start + time_limit
    reached: list[str] = []
    for attempt in range(1, (attempts or SOLVER_ATTEMPTS) + 1):
        check()
        answer = planted(blank, rng, attempt)
        if answer is None:
            raise GenerationError(no_loop_through_all(blank) if blank.full
                                  else f"no {blank.title} answer fits this patch")
        assert is_answer(blank.with_clues([None] * len(blank.cells)).with_animals((), ()), answer)
        whole = full_clues(blank, answer, rng)
        made, done, stopped = _remove(whole, answer, rng, level, None if minimal else TEST_BUDGET, progress, deadline)
        tests += done
        if made is None:  # the full clue set has another answer: a new one (no grade needed)
            continue
        g = grade(made)
        if g.level is None:
            continue
        if level is not None and not stopped and g.level != level:
            reached.append(g.level)
            continue
        return Generated(made, answer, g, seed, attempt, tests, time.perf_counter() - start,  # type: ignore[arg-type]
                         interrupted=stopped == "interrupt", timed_out=stopped == "time")
    best = max(reached, key=LEVELS.index, default=None)
    raise GenerationError(f"no {level or 'uniquely solvable'} {blank.title} on this patch after "
                          f"{attempts or SOLVER_ATTEMPTS} answers" + (f"; the grades reached were at most {best}"
                                                                         if best else ""))


def _remove(whole: Variant, answer: Answer, rng: random.Random, level: str | None, budget: int | None,
            progress: Progress | None, deadline: float | None) -> tuple[Variant | None, int, str | None]:
    """Clues of ``whole`` removed one at a time while the answer stays unique (and
    at most at ``level``); the puzzle (None when ``whole`` has another answer), the
    tests and why it stopped early, if it did."""
    clues = {c: k for c, k in enumerate(whole.puzzle.clues) if k is not None}
    # One positive clue stays a fact, so that every answer touches its cell: the root
    # chain is its corners (a chain of every vertex makes proofs slow). All points
    # have a one-vertex chain, and trees no root.
    pinned = max(clues, key=lambda c: (clues[c] / len(whole.puzzle.cell_edges[c]), clues[c]), default=None)
    if whole.full or whole.rule == "lither" or pinned is None or clues[pinned] == 0:
        pinned = None
    tester = Uniqueness(whole, answer, pinned)
    text = tester.ctl is None and level in (None, "hard")  # clingo as text: many questions a run
    if not text and not tester.unique(whole, None):  # (as text, the walk's first run asks it)
        return None, 1, None
    current, tests, kept = whole, 1, 0
    order = [c for c in range(len(whole.cells)) if c != pinned and (c in clues or whole.animal(c))]
    before = rng.getstate()
    rng.shuffle(order)
    started = time.perf_counter()
    if text:
        current, tests, why = _walked(whole, answer, pinned, order, progress, deadline)
        if why == "other":  # the whole clue set has another answer: the order was never drawn
            rng.setstate(before)
            return None, 1, None
        if why is not None:
            return current, tests, why
        order = []
    for i, c in enumerate(order):
        if requested():
            return current, tests, "interrupt"
        if deadline is not None and time.perf_counter() > deadline:
            return current, tests, "time"
        trial = _without(current, c)
        tests += 1
        if tester.unique(trial, budget) and (level in (None, "hard") or _at_most(trial, level)):
            current = trial
        else:
            kept += 1
        if progress is not None:
            progress(i + 1 - kept, kept, len(order) - i - 1, time.perf_counter() - started)
    if pinned is not None:  # the pinned clue last, with a fresh solve: the grounding needs it
        trial = _without(current, pinned)
        tests += 1
        if solve(trial, unique=True, conflicts=budget).unique and (level in (None, "hard") or _at_most(trial, level)):
            current = trial
    return current, tests, None


SWITCHED = """
on(C) :- present(C), not off(C).
clue(C,N) :- clue_value(C,N), on(C).
sheep(F) :- may_sheep(F), on(F).
wolf(F) :- may_wolf(F), on(F).
"""
"""The clues and animals of a run of questions (:mod:`.questions`): each one there is
on unless the question switches it off."""


def _walked(whole: Variant, answer: Answer, pinned: int | None, order: list[int], progress: Progress | None,
            deadline: float | None) -> tuple[Variant, int, str | None]:
    """:func:`_remove`'s walk where clingo runs on text: the same clues go (every test
    exact: no budget), asked many at a time (:func:`slitherasp.make.questions.walk`),
    the first run asking too whether the whole clue set has another answer."""
    started, tests = time.perf_counter(), [1]
    p, cells = program(whole), whole.puzzle.cells
    names, edges = whole.puzzle.vertices, whole.puzzle.edges
    link = [f"link({names[u]},{names[v]})" for u, v in edges]
    # a loop holds no other loop, so its lines alone forbid it; trees need every edge
    block = ":- " + ", ".join(link[e] if e in answer else f"not {link[e]}" for e in range(len(edges))
                              if e in answer or whole.rule == "lither") + "."
    base = "\n".join((unshown(p.encoding), RULES, SWITCHED, block,
                      facts(whole, faces=whole.puzzle.is_disc, switched=True, pinned=pinned).replace(EXTERNALS, "")))

    def ask(active: Collection[int], window: Sequence[int], cuts: int, whole_set: bool) -> tuple[set[Question], bool]:
        present = "".join(f"present({cells[c]})." for c in active)
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        return answers_of("\n".join((base, present, question_facts([cells[c] for c in window], cuts, whole_set))),
                          left)

    def stop() -> str | None:
        if requested():
            return "interrupt"
        return "time" if deadline is not None and time.perf_counter() > deadline else None

    def told(gone: int, kept: int, untested: int) -> None:
        tests[0] += 1
        if progress is not None:
            progress(gone, kept, untested, time.perf_counter() - started)

    gone, why = walk(order, ask, whole=True, stop=stop, progress=told)
    current = whole
    for c in order:
        if c in gone:
            current = _without(current, c)
    return current, tests[0], why


def _without(v: Variant, c: int) -> Variant:
    """``v`` without the clue or the animal of cell ``c``."""
    if v.animal(c) is not None:
        return v.with_animals(v.sheep - {c}, v.wolves - {c})
    return v.with_clues({**{d: k for d, k in enumerate(v.puzzle.clues) if k is not None and d != c}})


def _at_most(v: Variant, level: str) -> bool:
    """Whether a fresh solve proves ``v`` at ``level`` or easier."""
    g = grade(v)
    return g.level is not None and LEVELS.index(g.level) <= LEVELS.index(level)
