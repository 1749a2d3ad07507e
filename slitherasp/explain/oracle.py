"""The judge of every step: clingo, asked whether a set of clues and settled edges,
under some of the puzzle's rules, forces edges; and the shrinking of a reason until
every clue and edge left in it is needed.

One program (``asp/explain.lp``) is grounded once per puzzle. Clues are external
atoms, the rules ``loop`` and ``parity`` too, and settled edges are assumptions, so
each question is one solve call: "is there an answer with these facts in which the
edge has the other state?" Unsatisfiable means forced; clingo's unsatisfiable core
names the facts its proof used, which is where the shrinking starts.

>>> from slitherasp import tilings
>>> oracle = Oracle(tilings.build("square", 2, 1).with_clues([3, 3]))
>>> oracle.forces({0}, {}, ("clue", "vertex"), [(3, True)])
True
>>> oracle.minimal({0, 1}, {}, ("clue", "vertex"), [(3, True)])
({0}, {})
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import clingo

from .. import asp_facts
from ..model import Puzzle

Target = tuple[int, bool]
"""An edge and the state a step gives it (True: a line)."""


class Oracle:
    """Entailment questions about one puzzle, on one grounding."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.calls = 0
        ctl = clingo.Control(["1", "--trans-ext=integ"], logger=lambda code, msg: None)
        ctl.load(str(asp_facts.encoding_path("explain")))
        ctl.add("base", [], asp_facts.explain_facts(puzzle))
        ctl.ground([("base", [])])
        index = puzzle.cell_index
        self._clue: dict[int, int] = {}
        self._rule: dict[str, int] = {}
        for a in ctl.symbolic_atoms:
            if not a.is_external:
                continue
            name = a.symbol.name
            if name == "clue":
                cell, _ = asp_facts.clue_of_atom(str(a.symbol))
                self._clue[index[cell]] = a.literal
            elif name == "rule":
                self._rule[str(a.symbol.arguments[0])] = a.literal
            ctl.assign_external(a.literal, None)
        link = {str(a.symbol): a.literal for a in ctl.symbolic_atoms.by_signature(*asp_facts.LINK)}
        self._link = [link.get(atom) for atom in asp_facts.link_atoms(puzzle)]
        self._ctl = ctl

    def _assumptions(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str]) -> list[int]:
        # Clues and rules left out stay free: every constraint they guard is guarded
        # positively, so a free switch is as good as an off one for these questions.
        out = [self._clue[c] for c in clues if c in self._clue]
        out += [self._rule[name] for name in rules if name in self._rule]
        for e, line in known.items():
            lit = self._link[e]
            if lit is not None:
                out.append(lit if line else -lit)
        return out

    def forces(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str],
               targets: Iterable[Target]) -> bool:
        """Whether the clues and settled edges, under the rules (``loop``, ``parity``;
        vertex degree and clue counting always hold), force every target."""
        base = self._assumptions(clues, known, rules)
        return all(self._unsat(base, e, line) for e, line in targets)

    def _unsat(self, base: list[int], edge: int, line: bool, core: list[int] | None = None) -> bool:
        lit = self._link[edge]
        if lit is None:  # never a link
            return not line
        self.calls += 1
        result = self._ctl.solve(assumptions=[*base, -lit if line else lit],
                                 on_core=core.extend if core is not None else None)
        return bool(result.unsatisfiable)

    def core(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str],
             target: Target) -> tuple[set[int], dict[int, bool]] | None:
        """The clues and edges a proof of ``target`` used (None: not forced)."""
        found: list[int] = []
        if not self._unsat(self._assumptions(clues, known, rules), *target, core=found):
            return None
        used = set(found)
        kept = {e: v for e, v in known.items() if self._link[e] is not None and self._signed(e, v) in used}
        return {c for c in clues if self._clue.get(c) in used}, kept

    def _signed(self, e: int, line: bool) -> int:
        lit = self._link[e]
        assert lit is not None
        return lit if line else -lit

    def minimal(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str],
                targets: Sequence[Target], order: Sequence[tuple[str, int]] | None = None,
                ) -> tuple[set[int], dict[int, bool]]:
        """A minimal part of the clues and edges that still forces every target: the
        core of the first target's proof, then each fact dropped in turn (``order``:
        the facts to try first) when the rest still forces them all."""
        start = self.core(clues, known, rules, targets[0])
        if start is None:
            raise ValueError("the reason does not force the step")
        keep_clues, keep_known = start
        if not self.forces(keep_clues, keep_known, rules, targets):
            keep_clues, keep_known = set(clues), dict(known)
        facts = [("clue", c) for c in keep_clues] + [("edge", e) for e in keep_known]
        if order is not None:
            rank = {f: i for i, f in enumerate(order)}
            facts.sort(key=lambda f: rank.get(f, -1))
        for kind, x in facts:
            if kind == "clue":
                trial_clues, trial_known = keep_clues - {x}, keep_known
            else:
                trial_clues, trial_known = keep_clues, {e: v for e, v in keep_known.items() if e != x}
            if self.forces(trial_clues, trial_known, rules, targets):
                keep_clues, keep_known = trial_clues, trial_known
        return keep_clues, keep_known
