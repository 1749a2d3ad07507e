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
({0}, {}, True)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..kinds import facts as asp_facts
from ..model import Puzzle
from .reasons import distances

BUDGET = 10_000
"""Conflicts a test of the shrinking may take (about 0.3 s): a few questions under the
loop rule ("must this almost closed loop still close this way?") are hard for any
solver, and a reason that keeps one fact too many is still a reason."""
GIVE_UP = 3
"""Questions over the budget after which a reason's shrinking stops (the facts not yet
tried stay; the step says its reason is not proved minimal)."""
MODELS = 32
"""Answers of earlier questions kept to settle later ones without clingo."""
Target = tuple[int, bool]
"""An edge and the state a step gives it (True: a line)."""

if TYPE_CHECKING:
    import clingo


class Oracle:
    """Entailment questions about one puzzle, on one grounding."""

    def __init__(self, puzzle: Puzzle) -> None:
        import clingo

        self.puzzle = puzzle
        self.calls = 0
        ctl = clingo.Control(["1", "--trans-ext=integ"], logger=lambda code, msg: None)
        ctl.load(str(asp_facts.encoding_path("explain")))
        ctl.add("base", [], asp_facts.explain_facts(puzzle))
        ctl.ground([("base", [])])
        index = puzzle.cell_index
        self._clue: dict[int, int] = {}
        self._rule: dict[str, int] = {}
        pins: dict[str, int] = {}
        for a in ctl.symbolic_atoms:
            if not a.is_external:
                continue
            name = a.symbol.name
            if name == "clue":
                cell, _ = asp_facts.clue_of_atom(str(a.symbol))
                self._clue[index[cell]] = a.literal
            elif name == "rule":
                self._rule[str(a.symbol.arguments[0])] = a.literal
            elif name == "pin":
                pins[str(a.symbol.arguments[0])] = a.literal
            ctl.assign_external(a.literal, None)
        atoms = list(ctl.symbolic_atoms.by_signature(*asp_facts.LINK))
        link = {str(a.symbol): a.literal for a in atoms}
        self._link = [link.get(atom) for atom in asp_facts.link_atoms(puzzle)]
        edge_of = asp_facts.link_atoms(puzzle)
        self._edge_of = {a.symbol: edge_of[str(a.symbol)] for a in atoms}
        self._models: list[tuple[frozenset[str], frozenset[int]]] = []
        self._pin = [pins.get(str(name)) for name in puzzle.vertices]
        self._ctl = ctl

    def _assumptions(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str]) -> list[int]:
        # Clues and rules left out stay free: every constraint they guard is guarded
        # positively, so a free switch is as good as an off one for these questions.
        out = [self._clue[c] for c in clues if c in self._clue]
        out += [self._rule[name] for name in rules if name in self._rule]
        lines = [e for e, line in known.items() if line]
        if "loop" in rules and lines:  # the loop passes there: root it there (asp/explain.lp)
            pin = self._pin[self.puzzle.edges[min(lines)][0]]
            if pin is not None:
                out.append(pin)
        for e, line in known.items():
            lit = self._link[e]
            if lit is not None:
                out.append(lit if line else -lit)
        return out

    def forces(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str],
               targets: Iterable[Target], budget: int | None = None) -> bool | None:
        """Whether the clues and settled edges, under the rules (``loop``, ``parity``;
        vertex degree and clue counting always hold), force every target; None when
        a proof took more than ``budget`` conflicts."""
        targets = list(targets)
        if self._counterexample(clues, known, rules, targets):
            return False
        base = self._assumptions(clues, known, rules)
        for e, line in targets:
            answer = self._unsat(base, e, line, budget=budget, rules=frozenset(rules))
            if answer is not True:
                return answer
        return True

    def _counterexample(self, clues: Collection[int], known: Mapping[int, bool], rules: Collection[str],
                        targets: Sequence[Target]) -> bool:
        """Whether an answer found by an earlier question (under these rules or more)
        keeps these clues and edges and gives some target the other state: then the
        facts do not force the targets, and clingo need not be asked."""
        p = self.puzzle
        for model_rules, lines in self._models:
            if not model_rules >= set(rules) or not any((e in lines) != line for e, line in targets):
                continue
            if all((e in lines) == v for e, v in known.items()) and \
                    all(sum(e in lines for e in p.cell_edges[c]) == p.clues[c] for c in clues):
                return True
        return False

    def _unsat(self, base: list[int], edge: int, line: bool, core: list[int] | None = None,
               budget: int | None = None, rules: frozenset[str] = frozenset()) -> bool | None:
        lit = self._link[edge]
        if lit is None:  # never a link
            return not line
        self.calls += 1
        self._ctl.configuration.solve.solve_limit = "umax" if budget is None else str(budget)  # type: ignore[union-attr]
        found: list[frozenset[int]] = []
        result = self._ctl.solve(assumptions=[*base, -lit if line else lit],
                                 on_core=core.extend if core is not None else None,
                                 on_model=lambda m: found.append(self._lines(m)))
        if found:  # remembered: it may answer later questions (see _counterexample)
            self._models.insert(0, (rules, found[-1]))
            del self._models[MODELS:]
        return None if result.unknown else bool(result.unsatisfiable)

    def _lines(self, model: clingo.Model) -> frozenset[int]:
        edge_of = self._edge_of
        return frozenset(edge_of[a] for a in model.symbols(shown=True) if a in edge_of)

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
                targets: Sequence[Target]) -> tuple[set[int], dict[int, bool], bool]:
        """A minimal part of the clues and edges that still forces every target: the
        core of the first target's proof, shrunk by dropping facts, farthest from the
        targets first, in halves while a whole half can go (few questions for long
        chains of lines, of which only the near end matters), one by one at the
        end. Each question may take :data:`BUDGET` conflicts; past it the facts stay,
        and the last item of the result (whether the reason is proved minimal) is
        False."""
        start = self.core(clues, known, rules, targets[0])
        if start is None:
            raise ValueError("the reason does not force the step")
        keep_clues, keep_known = start
        if not self.forces(keep_clues, keep_known, rules, targets):
            keep_clues, keep_known = set(clues), dict(known)
        far = distances(self.puzzle, [e for e, _ in targets])
        facts = [("clue", c) for c in keep_clues] + [("edge", e) for e in keep_known]
        facts.sort(key=lambda f: (-self._distance(far, f), f))
        kept = _Shrink(self, rules, targets, set(facts), keep_known)
        kept.drop(facts)
        return {x for kind, x in kept.facts if kind == "clue"}, \
            {x: keep_known[x] for kind, x in kept.facts if kind == "edge"}, kept.proved

    def _distance(self, far: list[int], fact: tuple[str, int]) -> int:
        p = self.puzzle
        kind, x = fact
        edges = p.cell_edges[x] if kind == "clue" else (x,)
        return min(max(far[v], 0) for e in edges for v in p.edges[e])


class _Shrink:
    """Deletion of facts from a reason, in halves (see :meth:`Oracle.minimal`)."""

    def __init__(self, oracle: Oracle, rules: Collection[str], targets: Sequence[Target],
                 facts: set[tuple[str, int]], known: Mapping[int, bool]) -> None:
        self.oracle, self.rules, self.targets = oracle, rules, targets
        self.facts, self.known = facts, known
        self.proved = True
        self.unknown = 0

    def forced_without(self, part: Sequence[tuple[str, int]]) -> bool | None:
        rest = self.facts - set(part)
        clues = {x for kind, x in rest if kind == "clue"}
        known = {x: self.known[x] for kind, x in rest if kind == "edge"}
        return self.oracle.forces(clues, known, self.rules, self.targets, budget=BUDGET)

    def drop(self, part: Sequence[tuple[str, int]]) -> None:
        if not part or self.unknown >= GIVE_UP:
            self.proved = self.proved and not part
            return
        answer = self.forced_without(part)
        self.unknown += answer is None
        if answer:
            self.facts -= set(part)
        elif len(part) == 1:
            self.proved = self.proved and answer is not None
        else:
            half = len(part) // 2
            self.drop(part[:half])
            self.drop(part[half:])
