"""Counting: the loops of a small patch and its uniquely solvable clue placements
(:mod:`~slitherasp.counting.census`).
"""
