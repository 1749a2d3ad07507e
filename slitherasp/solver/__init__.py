"""Everything that talks to clingo, through its Python module or as program text to a
runner (clingo-wasm in the browser).

* :mod:`~slitherasp.solver.run`: :func:`solve` and :func:`count`, limits, interrupts;
* :mod:`~slitherasp.solver.sessions`: a graph grounded once for many puzzles
  (:class:`~slitherasp.solver.sessions.Session`, :class:`~slitherasp.solver.sessions.Batch`);
* :mod:`~slitherasp.solver.engines`: where clingo runs (its module, or a text runner);
* :mod:`~slitherasp.solver.grade`: the solver's grade of a puzzle (propagation,
  probing, search).

What to run comes from the puzzle's kind (:mod:`slitherasp.kinds`): the solver never
draws, reads a file format or makes a puzzle. Importing this package loads no clingo;
a solve loads it only when the rules in Python leave something open.
"""
