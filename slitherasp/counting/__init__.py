"""Counting: the answers of a puzzle by a sweep of its edges, without listing them
(:mod:`~slitherasp.counting.frontier`, its edge orders in
:mod:`~slitherasp.counting.sweep`), and the loops of a small patch and its uniquely
solvable clue placements (:mod:`~slitherasp.counting.census`, by listing the loops or
by sets of frontier states, :mod:`~slitherasp.counting.placements`).
"""
