"""Explanations: every deduction from the bare puzzle to the answer, each with a
minimal reason, easiest first; hints from a player's board; a grade a person feels.

The steps are the deductions of the one rule engine (:mod:`slitherasp.rules`) in its
cascade of Loopy's levels, recorded with their premises; then, if the puzzle is not
solved, the rules beyond Loopy's Hard and trials (``fiendish``), and last the whole
puzzle (``search``, clingo). A :class:`Step` settles edges (lines or crosses) and
gives its reason: clues and edges settled before it which, with the rules of its
level, force the step, and of which none can be left out
(:mod:`.reasons`). No step assumes the puzzle has one answer.

>>> from slitherasp.formats import read_text
>>> puzzle = read_text("7x7t0:e1a1c2c323d1a1c30a2a11d23a3a1b2a", "<doc>")
>>> e = explain(puzzle)
>>> e.complete, e.grade, e.steps[0].rules
(True, 'easy', ('clue counting',))
"""

from ..rules.grade import HumanGrade, human_grade
from .hint import Hint, hint, hint_json
from .steps import Explanation, Step, explain, explain_json, step_json, steps

__all__ = ["Explanation", "HumanGrade", "Hint", "Step", "explain", "explain_json", "hint", "hint_json", "human_grade",
           "step_json", "steps"]
