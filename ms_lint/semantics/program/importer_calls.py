"""What a module's calls pass the functions it imports from other modules of the user's code.

A function its own module never calls gets its arguments from the modules that import it
(``from utils import predict`` then ``predict(nn.Dense(2, 2), ids)``). Each module records, for
every such function it reads, what each parameter the function calls a PyTorch method of
(``net.eval()``: what the receiver rules ask about) receives: the receiver the code proves
(:mod:`ms_lint.semantics.graph.receivers`), as plain data in the module's facts, or None when the
call leaves the parameter at its default or passes what the code does not prove. The program then
answers what every call passes (:meth:`ms_lint.semantics.program.project.Project.passed_by_importers`).
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Optional, Set, Tuple

from astroid import nodes

from ms_lint.data import pytorch
from ms_lint.files import normalized
from ms_lint.semantics.graph import receivers, values
from ms_lint.semantics.names import index, memo, module_trees, names, resolve

# The parameter of a record saying that nothing is known of what a function receives: a module
# passes it around as a value, or fills its parameters from ``*args`` or ``**kwargs``.
EVERY_PARAMETER = "*"
# The attribute names a summary says whether the receiver's user classes bind: the PyTorch methods.
ASKED = frozenset(entry.key for entry in pytorch.entries(pytorch.METHOD))

# (file of the function's module, function name, parameter, what the parameter receives)
Passed = Tuple[str, str, str, Optional[receivers.Summary]]


def passed(module: nodes.Module) -> FrozenSet[Passed]:
    """What the module passes to the module-level functions of the user's other modules it reads."""
    imported = _imported_names(module)
    if not imported:
        return frozenset()
    found: Set[Passed] = set()
    for read in index.of(module).reads:
        head = read.expr if isinstance(read, nodes.Attribute) else read
        if not isinstance(head, nodes.Name) or head.name not in imported:
            continue
        statement = names.single_binding(head)
        if not isinstance(statement, (nodes.Import, nodes.ImportFrom)):
            continue
        function = resolve.imported(statement, head.name, read.attrname if read is not head else None)
        if not _imported_function(function, module):
            continue
        asked = receiving_parameters(function.root()).get(function)
        if not asked:
            continue  # no question about its parameters can arise
        key = normalized(function.root().file)
        if not names.is_callee(read):
            found.add((key, function.name, EVERY_PARAMETER, None))
            continue
        found.update(_arguments(function, read.parent, key, asked))
    return frozenset(found)


@memo.per_run_node
def receiving_parameters(module: nodes.Module) -> Dict[nodes.FunctionDef, FrozenSet[str]]:
    """The parameters of the module-level functions that the function calls a PyTorch method of
    (``net.eval()``): those the receiver rules may ask what the importers pass."""
    found: Dict[nodes.FunctionDef, Set[str]] = {}
    for call in index.of(module).calls:
        func = call.func
        if not (isinstance(func, nodes.Attribute) and func.attrname in ASKED and isinstance(func.expr, nodes.Name)):
            continue
        binding = names.single_binding(func.expr)
        if isinstance(binding, nodes.AssignName) and isinstance(binding.parent, nodes.Arguments):
            function = binding.parent.parent
            if isinstance(function, nodes.FunctionDef) and function.parent is module:
                found.setdefault(function, set()).add(binding.name)
    return {function: frozenset(parameters) for function, parameters in found.items()}


def _arguments(function: nodes.FunctionDef, call: nodes.Call, key: str, asked: FrozenSet[str]) -> Set[Passed]:
    found: Set[Passed] = set()
    arguments = function.args
    for parameter in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        if parameter.name not in asked:
            continue
        argument = values.given(function, call, parameter.name, 0)
        if argument is values.UNMATCHED:
            return {(key, function.name, EVERY_PARAMETER, None)}
        received = receivers.of(argument) if argument is not None else None
        # A receiver that is itself a parameter rests on this module's callers: not followed further.
        proven = received is not None and not received.via
        found.add((key, function.name, parameter.name, receivers.summary(received, ASKED) if proven else None))
    return found


def _imported_function(function, module: nodes.Module) -> bool:
    return (
        isinstance(function, nodes.FunctionDef)
        and isinstance(function.parent, nodes.Module)
        and function.root() is not module
        and bool(function.root().file)
        and not module_trees.installed(function.root().file)
    )


@memo.per_node
def _imported_names(module: nodes.Module) -> FrozenSet[str]:
    """The local names the module's imports of the user's own modules bind (a function, or a module)."""
    found = set()
    for statement in index.of(module).imports:
        if isinstance(statement, nodes.ImportFrom):
            base = names.absolute_module(statement)
            if not base or base.split(".")[0] == "mindspore":
                continue
            package = module_trees.own_file(base, module) is not None
            if not package and not module_trees.may_be_own(base, module):
                continue  # a library's names: none is a module of the user's
            for name, alias in statement.names:
                if name != "*" and (package or module_trees.own_file(f"{base}.{name}", module) is not None):
                    found.add(alias or name)
            continue
        for name, alias in statement.names:
            if name.split(".")[0] != "mindspore" and module_trees.own_file(name, module) is not None:
                found.add(alias or name.split(".")[0])
    return frozenset(found)
