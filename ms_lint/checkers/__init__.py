"""ms_lint's checkers, one module per rule.

Message ids share the plugin prefix 73 (``E7301``, ``W7300``...), in sub-ranges:

====== =====================================================================
73 00-19  Cell structure and registration, PyTorch habits in Cells
73 20-39  graph-compiled code: syntax, dynamic shapes, control flow
73 40-59  data pipeline, training set-up, mixed precision, distributed runs
73 60-79  backend limits (Ascend)
73 80-99  API changes between MindSpore versions
====== =====================================================================

An id is never reused; a renamed symbol keeps its old name in ``old_names``.
``I7399`` belongs to the runtime probe (``ms_lint.probe``): its once-per-run notice.
"""

from ms_lint.checkers.cell_container_not_registered import CellContainerNotRegisteredChecker
from ms_lint.checkers.forward_without_construct import ForwardWithoutConstructChecker

CHECKERS = (
    CellContainerNotRegisteredChecker,
    ForwardWithoutConstructChecker,
)
