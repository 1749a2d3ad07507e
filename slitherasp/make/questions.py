"""Taking clues away one at a time, in a fixed order, while the answer stays the only
one, where every run of clingo is a whole program given as text (the page in the
browser, :mod:`slitherasp.solver.engines`): many questions a run, so that runs are few.

At clue ``w``, with the clues ``C`` still there, the walk must know whether ``C``
without ``w`` has an answer other than the puzzle's (the puzzle's answer is
forbidden, so any model is another): if so ``w`` stays, else it goes. An answer says
something about other clue sets too: another answer meets every smaller set as well,
and a set with none has none in any larger one. So one run asks about the next clues
``w0, w1, ...`` of the order at once, two ways (:func:`walk`):

* a *cut* ``k``: ``w0`` to ``wk`` all gone. With no other answer, all of them go
  (each in its turn leaves a larger set);
* one ``wk`` alone gone. With another answer, ``wk`` stays to the end (every later
  set is smaller).

The program asks them all (:data:`RULES`): a choice of one question, the clues it
switches off (``off/1``), and clingo enumerating the questions that have a model
(``--project``). Grounding and search are shared; where clingo runs in-process, a
session's assumptions ask the same questions one at a time with no grounding.

>>> walk([0, 1, 2], lambda active, window, cuts, whole: (set(), True))  # nothing needed: all go
(frozenset({0, 1, 2}), None)
>>> walk([0, 1, 2], lambda active, window, cuts, whole: ({("one", k) for k in range(len(window))} | {("cut", 0)}, True))
(frozenset(), None)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Sequence

__all__ = ["RULES", "Ask", "answers_of", "question_facts", "unshown", "walk"]

RULES = """
{ q(Q) : ask(Q) } = 1.
cut(K) :- q(cut(K)).
cut(K) :- cut(J), K = J - 1, K >= 0.
off(C) :- cut(K), at(C,K).
off(C) :- q(one(K)), at(C,K).
#show q/1.
#project q/1.
"""
"""The questions: ``at(C,K)`` places switch ``C`` at position ``K`` of the window;
``cut(K)`` switches off positions ``0..K``, ``one(K)`` position ``K`` alone. The
caller's own rules say what ``off(C)`` switches off (a clue, an animal)."""

Question = tuple[str, int]
"""``("cut", k)`` or ``("one", k)``: a question about the window's positions."""
Ask = Callable[[Collection[int], Sequence[int], int, bool], tuple[set[Question], bool]]
"""``ask(active, window, cuts, whole)``: with the clues ``active`` there, which of the
cuts ``0..cuts-1`` (and with ``whole`` cut ``-1``, nothing off) and the questions
``one(1..)`` over ``window`` have another answer; and whether that is all of them
(False: clingo's time ran out, the others unknown)."""


WINDOW = 16
"""Clues a run asks about. On a Loopy Hard 20x20 (192 clues, 25 go) 16 runs, and on a
square 20x20 with every clue (400, 238 go) 55, with 16 or 32; the runs cost more as
the window grows (Pyodide, CPU: 2.2 and 3.4 s with 16; 2.3 and 4.4 s with 32 and 16
cuts; a first run asking about every clue added 0.2-0.9 s)."""
CUTS = 8
"""Cuts a run asks about (from the window's first clue on)."""


def question_facts(names: Sequence[str], cuts: int, whole: bool = False) -> str:
    """The facts of the questions over a window of switches named ``names`` (with
    ``whole``, also cut ``-1``: nothing off, the whole set of clues).

    >>> question_facts(["c4", "c7"], 1)
    'at(c4,0).at(c7,1).ask(cut(0)).ask(one(1)).'
    """
    return ("".join(f"at({name},{k})." for k, name in enumerate(names))
            + "".join(f"ask(cut({k}))." for k in range(-1 if whole else 0, min(cuts, len(names))))
            + "".join(f"ask(one({k}))." for k in range(1, len(names))))


def answers_of(program: str, time_limit: float | None) -> tuple[set[Question], bool]:
    """What :data:`Ask` answers, from one text run of ``program`` (an encoding whose
    ``#show`` lines are gone, :data:`RULES`, the facts and :func:`question_facts`)."""
    from ..solver import engines

    run = engines.run_text(program, 0, ["--project", "--trans-ext=integ"], time_limit=time_limit)
    found = set()
    for model in run.models:  # each one atom, q(cut(K)) or q(one(K))
        kind, k = model[0][len("q("):-2].split("(")
        found.add((kind, int(k)))
    return found, run.exhausted


def unshown(encoding: str) -> str:
    """An encoding's text without its ``#show`` lines: a run of questions shows the
    question alone, not the loop."""
    from ..kinds.facts import encoding_text

    return "\n".join(line for line in encoding_text(encoding).splitlines() if not line.startswith("#show"))


def walk(order: Sequence[int], ask: Ask, *, window: int = WINDOW, cuts: int = CUTS, whole: bool = False,
         stop: Callable[[], str | None] = lambda: None,
         progress: Callable[[int, int, int], None] | None = None) -> tuple[frozenset[int], str | None]:
    """The clues of ``order`` that go, taken away in that order while no other answer
    appears, and why the walk stopped early (``stop()``'s reason, ``"time"`` when a run
    of clingo ran out of time, ``"other"`` when with ``whole`` the first run found
    another answer of the whole clue set; None when it finished). Each run asks, from
    the next clue that no answer so far decides, about ``window`` clues that none
    decides (with ``cuts`` cuts). ``progress(gone, kept, left)`` after every clue."""
    n = len(order)
    bit = [1 << i for i in range(n)]
    current = (1 << n) - 1
    other: list[int] = []  # sets of clues (bit masks) with another answer
    alone: list[int] = []  # sets with none

    def decide(i: int) -> bool | None:
        rest = current & ~bit[i]
        if any(rest & ~a == 0 for a in other):
            return False
        if any(a & ~rest == 0 for a in alone):
            return True
        return None

    def run(positions: list[int], cut: int) -> set[Question]:
        active = [order[i] for i in range(n) if current & bit[i]]
        found, exhausted = ask(active, [order[i] for i in positions], cut, whole and not gone and not other + alone)
        masks = {("cut", k): current & ~sum(bit[i] for i in positions[:k + 1]) for k in range(min(cut, len(positions)))}
        masks.update({("one", k): current & ~bit[positions[k]] for k in range(1, len(positions))})
        for key, mask in masks.items():
            if key in found:
                other.append(mask)
            elif exhausted:
                alone.append(mask)
        return found

    gone: list[int] = []
    for i in range(n):
        why = stop()
        if why is not None:
            return frozenset(gone), why
        verdict = decide(i)
        if verdict is None:
            later = (j for j in range(i + 1, n) if decide(j) is not False)
            if ("cut", -1) in run([i, *itertools.islice(later, window - 1)], cuts):
                return frozenset(), "other"
            verdict = decide(i)
            if verdict is None:
                return frozenset(gone), "time"
        if verdict:
            current &= ~bit[i]
            gone.append(order[i])
            alone = [a for a in alone if a & ~current == 0]  # the others can never hold again
        if progress is not None:
            progress(len(gone), i + 1 - len(gone), n - i - 1)
    return frozenset(gone), None
