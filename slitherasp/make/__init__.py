"""Making puzzles: random loops as Loopy grows them (:mod:`~slitherasp.make.loops`), clue
removal at a person's level or the solver's grade (:mod:`~slitherasp.make.generate`,
:mod:`~slitherasp.make.removal`), the variants' puzzles (:mod:`~slitherasp.make.variants`)
and whole collections on processes or a Dask cluster (:mod:`~slitherasp.make.campaign`).
"""
