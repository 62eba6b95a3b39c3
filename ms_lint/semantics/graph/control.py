"""Control flow on Tensor values in graph-compiled code.

MindSpore's docs distinguish *constant* conditions, which the compiler decides
(``self.flag``, ``x is None``, ``isinstance``, ``self.training``, shape tests),
from *variable* conditions on Tensor values. A variable ``if``/``while`` splits
the graph into subgraphs; a ``for`` loop is unrolled, one copy of its body per
iteration, so a variable condition inside it is compiled once per iteration.

Observed on MindSpore 2.10, CPU, GRAPH_MODE (first call, trivial branch bodies):
compile time follows the number of variable ``if`` statements compiled, not the
number of paths through them: 8 in a row 0.5 s, 31 in a row 0.9 s, 255 in a row
11 s, 600 in a row 68 s; a full binary tree of depth 8 (255 ``if``) 6.8 s, a
nested chain of depth 8 0.4 s. A ``for i in range(N)`` loop around one variable
``if``: N=10 0.3 s, 50 0.9 s, 200 7.5 s, and N=700 fails to compile ("Exceed
function call depth limit 1000"); the same body in a ``while`` on a Tensor
condition compiles once (0.2 s for 50 iterations).
"""

from __future__ import annotations

from typing import Iterator, List, Optional, Tuple

from astroid import nodes

from ms_lint.semantics.graph import scope, values
from ms_lint.semantics.names import index, memo
from ms_lint.semantics.graph.values import Evaluator, Kind

BRANCHES = (nodes.If, nodes.While)
# Nodes whose code is not part of the function being compiled as written here.
SEPARATE_SCOPES = (nodes.FunctionDef, nodes.Lambda, nodes.ClassDef)


def is_tensor_condition(statement: nodes.NodeNG, evaluator: Evaluator) -> bool:
    """An ``if``/``while`` whose condition is a Tensor value (a variable condition)."""
    return isinstance(statement, BRANCHES) and evaluator.kind(statement.test) is Kind.TENSOR


def compiled_tensor_condition(statement: nodes.NodeNG) -> Optional[Tuple[str, Evaluator]]:
    """For an ``if``/``while`` on a Tensor value in graph-compiled code: its graph kind and evaluator."""
    kind = scope.graph_kind(statement)
    if kind is None:
        return None
    evaluator = values.evaluator(scope.enclosing_function(statement))
    return (kind, evaluator) if is_tensor_condition(statement, evaluator) else None


def is_elif(statement: nodes.NodeNG) -> bool:
    """``elif`` of the ``if`` above it (same level), as opposed to an ``if`` nested in ``else:``."""
    parent = statement.parent
    return (
        isinstance(statement, nodes.If)
        and isinstance(parent, nodes.If)
        and len(parent.orelse) == 1
        and parent.orelse[0] is statement
        and statement.col_offset == parent.col_offset
        and statement.lineno != parent.lineno
    )


def _in_block(child: nodes.NodeNG, statement: nodes.NodeNG) -> bool:
    """``child`` is in the body or else-block of ``statement`` (not its test)."""
    return child in getattr(statement, "body", ()) or child in getattr(statement, "orelse", ())


def enclosing_tensor_conditions(statement: nodes.NodeNG, evaluator: Evaluator) -> list:
    """The variable ``if``/``while`` statements a statement is nested in, innermost first.

    An ``elif`` sits at the level of its ``if``, not inside it.
    """
    found = []
    child, parent = statement, statement.parent
    while parent is not None and not isinstance(parent, SEPARATE_SCOPES):
        if isinstance(parent, BRANCHES) and _in_block(child, parent) and is_tensor_condition(parent, evaluator):
            if not is_elif(child):
                found.append(parent)
        child, parent = parent, parent.parent
    return found


def tensor_conditions(function: nodes.FunctionDef, evaluator: Evaluator) -> Iterator[nodes.NodeNG]:
    """Every variable ``if``/``while`` of a function's own code (nested functions excluded)."""
    for statement in branches(function):
        if is_tensor_condition(statement, evaluator):
            yield statement


def branches(function: nodes.FunctionDef) -> List[nodes.NodeNG]:
    """Every ``if``/``while`` of a function's own code, Tensor condition or not."""
    return [statement for statement in _own_statements(function) if isinstance(statement, BRANCHES)]


def _own_statements(function: nodes.FunctionDef) -> Iterator[nodes.NodeNG]:
    stack = list(function.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, SEPARATE_SCOPES):
            continue
        yield node
        stack.extend(child for child in node.get_children() if child.is_statement)


def unrolling_loop(statement: nodes.NodeNG, evaluator: Evaluator) -> Optional[nodes.For]:
    """The innermost ``for`` loop whose every iteration compiles ``statement`` again.

    None when ``statement`` is not in a ``for`` loop of its function, or when a
    variable ``if``/``while`` lies between them (that one is reported instead).
    """
    child, parent = statement, statement.parent
    while parent is not None and not isinstance(parent, SEPARATE_SCOPES):
        if isinstance(parent, nodes.For) and child in parent.body:
            return parent
        if isinstance(parent, BRANCHES) and _in_block(child, parent) and is_tensor_condition(parent, evaluator):
            return None
        child, parent = parent, parent.parent
    return None


def copies(loop: nodes.For) -> Optional[int]:
    """How many times unrolling compiles the body of ``loop``: its trip count times those of the
    ``for`` loops around it in the same function; None if one of them is not a literal count."""
    total = 1
    node: Optional[nodes.NodeNG] = loop
    while node is not None and not isinstance(node, SEPARATE_SCOPES):
        parent = node.parent
        if isinstance(node, nodes.For):
            count = trip_count(node)
            if count is None:
                return None
            total *= count
        if isinstance(parent, nodes.For) and node not in parent.body:
            node = parent.parent  # the iterable or else-block of a loop is not repeated by it
            continue
        node = parent
    return total


def trip_count(loop: nodes.For) -> Optional[int]:
    """The number of iterations of ``for ... in range(<literals>)`` or over a literal tuple/list."""
    iterable = loop.iter
    if isinstance(iterable, (nodes.Tuple, nodes.List)):
        if any(isinstance(elt, nodes.Starred) for elt in iterable.elts):
            return None
        return len(iterable.elts)
    if isinstance(iterable, nodes.Call) and isinstance(iterable.func, nodes.Name) and iterable.func.name == "range":
        bounds = [_int_literal(arg) for arg in iterable.args]
        if not bounds or None in bounds or iterable.keywords:
            return None
        try:
            return len(range(*bounds))
        except (TypeError, ValueError):
            return None
    return None


def _int_literal(expr: nodes.NodeNG) -> Optional[int]:
    if isinstance(expr, nodes.Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
        return expr.value
    if isinstance(expr, nodes.UnaryOp) and expr.op == "-":
        value = _int_literal(expr.operand)
        return -value if value is not None else None
    return None


# -- names bound only inside a block ---------------------------------------------------

IF_BRANCH, LOOP_BODY = "IfBranch", "LoopBody"  # keys of ms_lint.data.graph_syntax
LOOPS = (nodes.For, nodes.While)
JUMPS = (nodes.Return, nodes.Raise, nodes.Break, nodes.Continue)
# Code under these may not run when the statement holding it does.
NESTED_SCOPES = (nodes.Lambda, nodes.ClassDef, nodes.ListComp, nodes.SetComp, nodes.DictComp, nodes.GeneratorExp)


def _own_nodes(root: nodes.NodeNG, kinds) -> Iterator[nodes.NodeNG]:
    """Nodes of ``kinds`` under ``root`` that belong to its function (nested scopes excluded)."""
    stack = list(root.get_children())
    while stack:
        node = stack.pop()
        if isinstance(node, kinds):
            yield node
        if not isinstance(node, (nodes.FunctionDef, *NESTED_SCOPES)):
            stack.extend(node.get_children())


def _runs_with(node: nodes.NodeNG, statement: nodes.NodeNG) -> bool:
    """``node`` is evaluated whenever ``statement``, which holds it, runs: no branch, loop or scope between."""
    child = node
    while child is not statement:
        parent = child.parent
        if isinstance(parent, (nodes.If, nodes.While, nodes.IfExp)) and child is not parent.test:
            return False
        if isinstance(parent, nodes.For) and child is not parent.iter:
            return False
        if isinstance(parent, nodes.BoolOp) and child is not parent.values[0]:
            return False
        if isinstance(parent, (nodes.Try, nodes.FunctionDef, *NESTED_SCOPES)):
            return False
        child = parent
    return True


def _blocks(statement: nodes.NodeNG, evaluator: Evaluator) -> list:
    """The blocks a name may be bound in alone: an ``if`` on a Tensor's two branches, a loop's body."""
    if isinstance(statement, nodes.If):
        if not is_tensor_condition(statement, evaluator) or any(_own_nodes(statement, JUMPS)):
            return []
        return [statement.body, statement.orelse]
    if isinstance(statement, LOOPS):
        targets = [statement.target] if isinstance(statement, nodes.For) else []
        return [targets + list(statement.body)]
    return []


def _bound_in(block: list) -> set:
    """The names a block binds."""
    bound = set()
    for item in block:
        if isinstance(item, nodes.AssignName):
            bound.add(item.name)
        bound.update(node.name for node in _own_nodes(item, nodes.AssignName))
    return bound


@memo.per_node
def _steady_reads(function: nodes.FunctionDef) -> dict:
    """``{name: [(i, read)]}``: the reads of each name evaluated whenever the function's i-th statement runs."""
    reads: dict = {}
    for position, item in enumerate(function.body):
        for read in _own_nodes_with_self(item, nodes.Name):
            if _runs_with(read, item):
                reads.setdefault(read.name, []).append((position, read))
    return reads


@memo.per_node
def _bindings(function: nodes.FunctionDef):
    """The names a function declares global or nonlocal, its own bindings of each name, and for
    each statement of its body (by position) the names bound in that statement alone."""
    declared = {name for node in _own_nodes(function, (nodes.Global, nodes.Nonlocal)) for name in node.names}
    bindings: dict = {}
    for node in _own_nodes(function, nodes.AssignName):
        bindings.setdefault(node.name, []).append(node)
    statements = {id(item): position for position, item in enumerate(function.body)}
    bound_only_in: dict = {}
    for name, found in bindings.items():
        # Parameters are bound at -1, outside the body.
        where = {statements.get(id(_top_statement(node, function)), -1) for node in found}
        if len(where) == 1 and name not in declared:
            bound_only_in.setdefault(where.pop(), []).append(name)
    return bindings, bound_only_in


def _top_statement(node: nodes.NodeNG, function: nodes.FunctionDef) -> nodes.NodeNG:
    """The child of ``function`` that holds ``node``."""
    while node.parent is not function:
        node = node.parent
    return node


def names_bound_only_in_block(function: nodes.FunctionDef, statement: nodes.NodeNG, evaluator: Evaluator):
    """``(name, first binding, first read)`` for each name that ``statement`` (a statement of
    ``function``'s body: an ``if`` on a Tensor, or a loop) binds in one branch or in its loop body
    only, and that a later statement of the function reads whenever it runs. MindSpore 2.10 refuses
    each such read, and names the binding in its error."""
    if statement.parent is not function or not isinstance(statement, (nodes.If, *LOOPS)):
        return []
    blocks = _blocks(statement, evaluator)
    if not blocks:
        return []
    bindings, bound_only_in = _bindings(function)
    position = function.body.index(statement)
    steady_reads = _steady_reads(function)
    candidates = [
        name for name in bound_only_in.get(position, ()) if any(after > position for after, _ in steady_reads.get(name, ()))
    ]
    if not candidates:
        return []
    parameters = {name for name in (function.args.vararg, function.args.kwarg) if name}
    bound = [_bound_in(block) for block in blocks]
    found = []
    for name in sorted(set(candidates) - parameters):
        binding_blocks = [block for block, names in zip(blocks, bound) if name in names]
        if len(binding_blocks) != 1 or not all(_is_inside(node, binding_blocks[0]) for node in bindings[name]):
            continue
        reads = [read for after, read in steady_reads.get(name, ()) if after > position]
        if reads:
            first = min(bindings[name], key=lambda node: (node.lineno, node.col_offset))
            found.append((name, first, min(reads, key=lambda read: (read.lineno, read.col_offset))))
    return found


def _own_nodes_with_self(root: nodes.NodeNG, kinds) -> Iterator[nodes.NodeNG]:
    if isinstance(root, kinds):
        yield root
    yield from _own_nodes(root, kinds)


def _is_inside(node: nodes.NodeNG, block) -> bool:
    """``node`` is ``block`` (a node) or one of its descendants, or under an item of ``block`` (a list)."""
    items = block if isinstance(block, list) else [block]
    parent = node
    while parent is not None:
        if any(parent is item for item in items):
            return True
        parent = parent.parent
    return False


def always_compiled(node: nodes.NodeNG, evaluator: Evaluator) -> bool:
    """``node`` is compiled whenever its function is.

    MindSpore compiles only the branch a constant condition selects (``if self.flag:``); both
    branches of an ``if`` on a Tensor, and loop bodies, are compiled. So ``node`` must not sit
    in a branch of a condition that is not a proven Tensor (nor in the later operands of
    ``and``/``or``, or the arms of a conditional expression on a constant), nor after a
    constant ``if`` that may return (``if self.mode != "fixup": return ...``).
    """
    child, parent = node, node.parent
    while parent is not None and not isinstance(parent, nodes.Module):
        if child.is_statement and _after_constant_exit(child, evaluator):
            return False
        if isinstance(parent, nodes.FunctionDef):
            break
        if isinstance(parent, BRANCHES) and child is not parent.test and not is_tensor_condition(parent, evaluator):
            return False
        if isinstance(parent, nodes.IfExp) and child is not parent.test and evaluator.kind(parent.test) is not Kind.TENSOR:
            return False
        if isinstance(parent, nodes.BoolOp) and child is not parent.values[0]:
            return False
        child, parent = parent, parent.parent
    return True


def _after_constant_exit(statement: nodes.NodeNG, evaluator: Evaluator) -> bool:
    """An earlier statement of the same block is an ``if`` on a constant that may return or raise."""
    for sibling in index.earlier_siblings(statement):
        if isinstance(sibling, nodes.If) and not is_tensor_condition(sibling, evaluator):
            if any(_own_nodes(sibling, (nodes.Return, nodes.Raise))):
                return True
    return False
