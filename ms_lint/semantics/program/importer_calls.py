"""What a module's calls pass the functions it imports from other modules of the user's code.

A function its own module never calls gets its arguments from the modules that import it
(``from utils import predict`` then ``predict(nn.Dense(2, 2), ids)``). Each module records, for
every such function it reads, what each parameter the function calls a PyTorch method of
(``net.eval()``, ``model.eval(data)``: what the receiver rules ask about) receives: the receiver the
code proves (:mod:`ms_lint.semantics.graph.receivers`) or a ``Model``, as plain data in the module's
facts, or None when the call leaves the parameter at its default or passes what the code does not
prove. The program then answers what every call passes
(:meth:`ms_lint.semantics.program.project.Project.passed_by_importers`).

Whether an import may bind such a function at all is first read from the text of the modules it
reaches (:mod:`receiving_imports`): astroid's tree of a module is built only when it may.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from astroid import nodes

from ms_lint.files import normalized
from ms_lint.semantics.graph import receivers, values
from ms_lint.semantics.names import index, memo, module_trees, names, resolve
from ms_lint.semantics.program import evaluation, receiving_imports, training

# The parameter of a record saying that nothing is known of what a function receives: a module
# passes it around as a value, or fills its parameters from ``*args`` or ``**kwargs``.
EVERY_PARAMETER = "*"

# (file of the function's module, function name, parameter, what the parameter receives)
Passed = Tuple[str, str, str, Optional[receivers.Summary]]


def passed(module: nodes.Module) -> FrozenSet[Passed]:
    """What the module passes to the module-level functions of the user's other modules it reads."""
    targets = _targets(module)
    if not targets:
        return frozenset()
    found: Set[Passed] = set()
    for read in index.of(module).reads:
        head = read.expr if isinstance(read, nodes.Attribute) else read
        if not isinstance(head, nodes.Name):
            continue
        target = targets.get((head.name, read.attrname if read is not head else None))
        if target is None or names.single_binding(head) is not target[0]:
            continue
        function = target[1]
        key = normalized(function.root().file)
        if not names.is_callee(read):
            found.add((key, function.name, EVERY_PARAMETER, None))
            continue
        found.update(_arguments(function, read.parent, key, receiving_parameters(function.root())[function]))
    return frozenset(found)


def _targets(module: nodes.Module) -> Dict[Tuple[str, Optional[str]], Tuple[nodes.NodeNG, nodes.FunctionDef]]:
    """The functions of the user's other modules whose parameters a receiver rule may ask about, by
    how the module reads them (``("predict", None)`` after ``from utils import predict``,
    ``("utils", "predict")`` after ``import utils``), with the import statement that binds the name."""
    found: Dict[Tuple[str, Optional[str]], Tuple[nodes.NodeNG, nodes.FunctionDef]] = {}
    read = {node.name for node in index.of(module).reads if isinstance(node, nodes.Name)}
    for statement, local in _imports_of_own_modules(module):
        if local not in read:
            continue  # what a module it never reads holds: no question, and no file its facts depend on
        if not receiving_imports.may_bind(statement, local, module):
            continue  # its text shows no such function: no tree of it is built
        target = resolve.imported(statement, local)
        if isinstance(target, nodes.FunctionDef) and _imported_function(target, module):
            if target in receiving_parameters(target.root()):
                found[local, None] = (statement, target)
        elif isinstance(target, nodes.Module) and target is not module and not module_trees.installed(target.file or ""):
            for function in receiving_parameters(target):
                found[local, function.name] = (statement, function)
    return found


@memo.per_run_node
def receiving_parameters(module: nodes.Module) -> Dict[nodes.FunctionDef, FrozenSet[str]]:
    """The parameters of the module-level functions that the function calls a PyTorch method of
    (``net.eval()``): those the receiver rules may ask what the importers pass."""
    found: Dict[nodes.FunctionDef, Set[str]] = {}
    for call in index.of(module).calls:
        func = call.func
        asked = isinstance(func, nodes.Attribute) and func.attrname in receiving_imports.ASKED
        if not (asked and isinstance(func.expr, nodes.Name)):
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
        found.add((key, function.name, parameter.name, _received(argument)))
    return found


def _received(argument: Optional[nodes.NodeNG]) -> Optional[receivers.Summary]:
    """What an argument proves it is: a Cell, optimizer or Tensor (the PyTorch method rule asks), or a
    ``Model`` (the Model rules ask); None when the code does not prove it."""
    if argument is None:
        return None
    received = receivers.of(argument)
    if received is not None:
        # A receiver that is itself a parameter rests on this module's callers: not followed further.
        return receivers.summary(received, receiving_imports.ASKED) if not received.via else None
    if evaluation.is_model(argument):
        return training.MODEL, frozenset({training.MODEL}), frozenset()
    return None


def _imported_function(function, module: nodes.Module) -> bool:
    return (
        isinstance(function, nodes.FunctionDef)
        and isinstance(function.parent, nodes.Module)
        and function.root() is not module
        and bool(function.root().file)
        and not module_trees.installed(function.root().file)
    )


def _imports_of_own_modules(module: nodes.Module) -> List[Tuple[nodes.NodeNG, str]]:
    """Each import statement of the user's own modules, with each local name it binds (a function, or a module)."""
    found = []
    for statement in index.of(module).imports:
        if isinstance(statement, nodes.ImportFrom):
            base = names.absolute_module(statement)
            if not base or base.split(".")[0] == "mindspore":
                continue
            package = resolve.own_file(base, module) is not None
            if not package and not resolve.may_be_own(base, module):
                continue  # a library's names: none is a module of the user's
            for name, alias in statement.names:
                if name != "*" and (package or resolve.own_file(f"{base}.{name}", module) is not None):
                    found.append((statement, alias or name))
            continue
        for name, alias in statement.names:
            if name.split(".")[0] != "mindspore" and resolve.own_file(name, module) is not None:
                found.append((statement, alias or name.split(".")[0]))
    return found
