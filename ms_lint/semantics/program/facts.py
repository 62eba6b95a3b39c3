"""Project facts: what a program sets up, gathered file by file.

A model file rarely says how it runs: ``set_context(mode=GRAPH_MODE)``,
``set_device("Ascend")``, ``set_seed(1)`` or the loss-scale manager usually sit in the
training script or a helper it imports. Each module yields its :class:`ModuleFacts`,
including what it imports. :class:`ms_lint.semantics.program.project.Project` groups the linted
modules into programs along those imports and gives each module the facts of the programs it
belongs to.

Two scripts may share a module name (``examples/a/train.py`` and ``examples/b/train.py``
are both ``train`` to pylint): modules are told apart by their file, and an import is
resolved the way Python would for the importing file (its own directory tree first).

Facts are plain, picklable data so that pylint's parallel mode (``-j N``) can
send them from its workers to the main process.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Dict, FrozenSet, Optional, Set, Tuple

from astroid import nodes

from ms_lint.files import normalized
from ms_lint.semantics.graph import modes, syntax_levels
from ms_lint.semantics.names import index, memo, module_files, names, options, search_path
from ms_lint.semantics.program import importer_calls, patches, training, weights

GRAPH, PYNATIVE, DYNAMIC = modes.GRAPH, modes.PYNATIVE, modes.DYNAMIC
DEVICE_TARGETS = ("Ascend", "GPU", "CPU")
SET_CONTEXT = frozenset({"mindspore.set_context", "mindspore.context.set_context"})
SET_DEVICE = frozenset({"mindspore.set_device"})
SET_UP_FUNCTIONS = frozenset({"set_context", "set_device"})


EMPTY: FrozenSet = frozenset()


def frozen(values) -> FrozenSet:
    """``frozenset(values)``, the shared :data:`EMPTY` when there are none: the facts of every module of
    a run live as long as the run, and most of their sets are empty."""
    return frozenset(values) if values else EMPTY


class SharedEmptySets:
    """Pickled with one empty set for all its empty fields (a dataclass's base).

    Python has no shared empty frozenset: the facts a store (or a ``-j N`` worker) gives back would
    hold thousands of them, each an object for the garbage collector to count and walk.
    """

    def __getstate__(self) -> dict:
        return {name: EMPTY if type(value) is frozenset and not value else value for name, value in vars(self).items()}


@dataclass(frozen=True)
class ProgramFacts(SharedEmptySets):
    """Facts that hold for a program; every field is a set of values seen."""

    # GRAPH, PYNATIVE, DYNAMIC (set from a variable), or modes.OPTION + name (``mode=args.<name>``).
    modes: FrozenSet[str] = frozenset()
    mode_options: FrozenSet[str] = frozenset()  # "<name>=<mode>": defaults of mode options (modes.option_defaults)
    integer_options: FrozenSet[str] = frozenset()  # "<name>=<int>" or "<name>=?": option defaults (names.options)
    device_targets: FrozenSet[str] = frozenset()  # "Ascend", "GPU", "CPU", or DYNAMIC
    # set_context(jit_syntax_level=...): "STRICT", "COMPATIBLE", "LAX", DYNAMIC; JitConfig's with syntax_levels.CONFIG.
    syntax_levels: FrozenSet[str] = frozenset()
    # What keeps distributed replicas in sync:
    seeds: FrozenSet[str] = frozenset()  # "set_seed", or "seed-helper" (a seed helper ms_lint cannot read)
    varying_seeds: FrozenSet[str] = frozenset()  # seed calls that differ per rank or run: "set_seed(seed + rank)"
    parameter_broadcast: FrozenSet[str] = frozenset()  # "True", or DYNAMIC
    checkpoint_loads: FrozenSet[str] = frozenset()  # "load_param_into_net", "load_checkpoint" (unconditional)
    # Distributed set-up: "init" (communication.init) and distributed parallel modes ("data_parallel"...).
    distributed: FrozenSet[str] = frozenset()
    # How the ranks exchange gradients (see training.gradient_exchange): a parallel mode, "AllReduce"...
    # For a module (Project.facts_for): those of the training programs above it that nothing starts alike.
    gradient_exchanges: FrozenSet[str] = frozenset()
    train_steps: FrozenSet[str] = frozenset()  # APIs that build a training step: "Model", "TrainOneStepCell"...
    train_step_classes: FrozenSet[str] = frozenset()  # user subclasses of TrainOneStepCell: a step once called
    float16: FrozenSet[str] = frozenset()  # how networks are cast to float16: "to_float", "amp_level"...
    loss_scaling: FrozenSet[str] = frozenset()  # loss-scale APIs used: "loss_scale_manager", "DynamicLossScaler"...
    ascend_float16_ops: FrozenSet[str] = frozenset()  # "Conv", "Sort", "TopK" (see data/ascend_float16_ops.py)
    # Layer weights the code sets itself ("mindspore.nn.layer.basic.Dense.weight": see semantics.weights),
    # outside classes. For a module (Project.facts_for): those it relies on no default for.
    weights_set: FrozenSet[str] = frozenset()
    weights_set_in_methods: FrozenSet[str] = frozenset()  # set by a Cell's method: for the modules below it
    weights_loaded_into: FrozenSet[str] = frozenset()  # files of network classes a checkpoint is loaded into
    scripts: FrozenSet[str] = frozenset()  # modules that run as a script (``if __name__ == "__main__"``...)
    # Methods the program adds to MindSpore's classes, by receiver kind ("Cell:add_module": semantics.program.patches).
    patched_methods: FrozenSet[str] = frozenset()
    # Files of the user's code the program imports but pylint did not lint (filled by Project).
    unseen_imports: FrozenSet[str] = frozenset()


FACT_FIELDS = tuple(field.name for field in fields(ProgramFacts))
REPLICA_SYNC = ("seeds", "parameter_broadcast", "checkpoint_loads")
MODULE_LEVEL = "<module>"


@dataclass(frozen=True)
class ModuleFacts(SharedEmptySets):
    """What one module states, and which modules it imports."""

    module: str
    imports: FrozenSet[str]
    facts: ProgramFacts
    path: Optional[str] = None  # the module's file
    # (dotted import, file) for the imports found on disk in the module's own source tree.
    import_paths: FrozenSet[Tuple[str, str]] = frozenset()
    # The names of the functions it calls, and those of its functions that set up distribution
    # ("init_env"; MODULE_LEVEL for its top level): which programs run a shared set-up helper.
    called: FrozenSet[str] = frozenset()
    distributed_functions: FrozenSet[str] = frozenset()
    # What it passes the functions of the user's other modules (importer_calls.Passed).
    passed: FrozenSet[Tuple[str, str, str, Optional[tuple]]] = frozenset()

    @property
    def key(self) -> str:
        return normalized(self.path) if self.path else self.module


def _keyword(call: nodes.Call, name: str, position: Optional[int] = None) -> Optional[nodes.NodeNG]:
    for keyword in call.keywords or ():
        if keyword.arg == name:
            return keyword.value
    if position is not None and len(call.args) > position:
        return call.args[position]
    return None


def _device_target(expr: nodes.NodeNG) -> str:
    value = modes.constant_value(expr)
    return value if value in DEVICE_TARGETS else DYNAMIC


def _imports(module: nodes.Module) -> FrozenSet[str]:
    found = set()
    for node in names.import_statements(module):
        if isinstance(node, nodes.Import):
            found.update(name for name, _ in node.names)
            continue
        base = names.absolute_module(node)
        if base:
            found.add(base)
            found.update(f"{base}.{name}" for name, _ in node.names if name != "*")
    return frozenset(found)


def import_paths(
    file: Optional[str], module: str, imports: FrozenSet[str], inserted: Tuple[str, ...] = ()
) -> FrozenSet[Tuple[str, str]]:
    """The files that the imports of ``module`` (at ``file``) load from the user's source tree.

    Python looks in the script's directory first; a package module's imports start from the
    package's parent; code run from the working directory (``sys.path.append(".")``) sees it;
    so do the folders the module adds to ``sys.path`` (``inserted``).
    """
    if not file or not file.endswith(".py"):
        return EMPTY
    roots = module_files.search_roots(file, module, inserted)
    found = set()
    for dotted in imports:
        if dotted.split(".")[0] == "mindspore":
            continue
        path = module_files.module_file(dotted, roots)
        if path is not None and normalized(path) != normalized(file):
            found.add((dotted, path))
    return frozen(found)


def _set_up(call: nodes.Call, found: Dict[str, Set[str]]) -> None:
    name = names.mindspore_name(call.func)
    if name in SET_CONTEXT:
        mode = _keyword(call, "mode")
        if mode is not None:
            found["modes"].add(modes.mode_of(mode))
        target = _keyword(call, "device_target")
        if target is not None:
            found["device_targets"].add(_device_target(target))
        level = _keyword(call, "jit_syntax_level")
        if level is not None:
            found["syntax_levels"].add(syntax_levels.set_level(call, level))
    elif name in SET_DEVICE:
        target = _keyword(call, "device_target", position=0)
        if target is not None:
            found["device_targets"].add(_device_target(target))


# Which training fact each classifier of ``training`` feeds.
TRAINING_FACTS = (
    ("seeds", training.seed),
    ("varying_seeds", training.varying_seed),
    ("parameter_broadcast", training.parameter_broadcast),
    ("checkpoint_loads", training.checkpoint_load),
    ("distributed", training.distributed),
    ("gradient_exchanges", training.gradient_exchange),
    ("train_steps", training.train_step),
    ("float16", training.float16_conversion),
    ("loss_scaling", training.loss_scaling),
)


def _may_be_training_call(call: nodes.Call, base: Optional[str]) -> bool:
    """The cheap pre-filter: a called name the training classifiers know, or ``loss_scale_manager=``."""
    if base in training.BASENAMES or (base and "seed" in base.lower()):
        return True
    return any(keyword.arg == "loss_scale_manager" for keyword in call.keywords or ())


def _training(call: nodes.Call, found: Dict[str, Set[str]], distributed_functions: Set[str]) -> None:
    for field_name, classify in TRAINING_FACTS:
        value = classify(call)
        if value is not None:
            found[field_name].add(value)
            if field_name == "distributed":
                distributed_functions.add(_top_level_function(call))
    op = training.ascend_float16_op(call.func)
    if op is not None:
        found["ascend_float16_ops"].add(op)


def _top_level_function(node: nodes.NodeNG) -> str:
    """The name of the module-level function (or class) a node is in, or MODULE_LEVEL."""
    name = MODULE_LEVEL
    scope = node.scope()
    while not isinstance(scope, nodes.Module):
        name = getattr(scope, "name", name)
        scope = scope.parent.scope()
    return name


def _class(classdef: nodes.ClassDef, found: Dict[str, Set[str]]) -> None:
    if not classdef.bases:
        return
    if training.is_train_step_class(classdef):
        found["train_step_classes"].add(classdef.name)
    if training.is_loss_scaling_class(classdef):
        found["loss_scaling"].add(classdef.name)
    for base in classdef.bases:
        op = training.ascend_float16_op(base)
        if op is not None:
            found["ascend_float16_ops"].add(op)


def _runs_at_import(statement: nodes.NodeNG, module: nodes.Module) -> bool:
    """A module-level call of a function of the module, or of MindSpore (``main()``, ``ms.set_seed(1)``)."""
    if not isinstance(statement, nodes.Expr) or not isinstance(statement.value, nodes.Call):
        return False
    func = statement.value.func
    if isinstance(func, nodes.Name) and any(isinstance(node, nodes.FunctionDef) for node in module.locals.get(func.name, ())):
        return True
    return names.mindspore_name(func) is not None


def is_script(module: nodes.Module) -> bool:
    """A module run as a program: a ``__main__`` guard, or work done at import."""
    return any(
        training.is_main_guard(statement) or _runs_at_import(statement, module) for statement in module.body
    )


@memo.per_node
def module_facts(module: nodes.Module) -> ModuleFacts:
    """The facts a module states, from its calls to MindSpore's set-up and training APIs."""
    found: Dict[str, Set[str]] = {name: set() for name in FACT_FIELDS}
    called: Set[str] = set()
    distributed_functions: Set[str] = set()
    set_up_names = names.call_names(module, SET_UP_FUNCTIONS)
    indexed = index.of(module)
    for node in indexed.classes:
        _class(node, found)
    setting_weights = []
    for node in indexed.calls:
        base = names.basename(node.func)
        if base:
            called.add(base)
            if weights.may_set_by_name(base):
                setting_weights.append(node)
        if base in set_up_names:
            _set_up(node, found)
        elif base == "JitConfig":
            level = syntax_levels.config_level(node)
            if level is not None:
                found["syntax_levels"].add(level)
        elif _may_be_training_call(node, base):
            _training(node, found, distributed_functions)
    if is_script(module):
        found["scripts"].add(module.name)
    found["mode_options"] = set(modes.option_defaults(module))
    found["integer_options"] = set(options.integer_defaults(module))
    found["patched_methods"] = patches.patched_methods(module)
    program_weights, method_weights, loaded = weights.sets_by_scope(setting_weights)
    found["weights_set"], found["weights_set_in_methods"] = set(program_weights), set(method_weights)
    found["weights_loaded_into"] = set(loaded)
    imports = _imports(module)
    return ModuleFacts(
        module=module.name,
        imports=imports,
        facts=ProgramFacts(**{name: frozen(values) for name, values in found.items()}),
        path=module.file if module.file and module.file.endswith(".py") else None,
        import_paths=import_paths(module.file, module.name, imports, search_path.inserted_folders(module)),
        called=frozen(called),
        distributed_functions=frozen(distributed_functions),
        passed=frozen(importer_calls.passed(module)),
    )
