"""MindSpore-aware analysis the rules share, in four rooms whose imports run one way:

- :mod:`~ms_lint.semantics.names`: what a name refers to (imports and qualified names, the
  catalog, the module index, constants, resolution to the user's definitions);
- :mod:`~ms_lint.semantics.cells`: the structure of Cells (ancestry, containers), on names;
- :mod:`~ms_lint.semantics.graph`: what graph-compiled code does (mode, compiled scope, syntax
  level, values, shapes, control flow, what an expression holds), on names and cells;
- :mod:`~ms_lint.semantics.program`: the program (set-up facts, training, precision, the data
  pipeline, evaluation, the weights it sets, the programs of a run and of a file linted alone),
  on all three.
"""
