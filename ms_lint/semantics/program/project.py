"""Programs: the linted modules grouped along their imports, and the facts each module gets.

A *program* is an entry module (one no other linted module imports) with everything it imports,
transitively; modules that only an import cycle reaches form a program rooted at that cycle. A
module gets the facts of every program that contains it: a mode set in ``train.py`` applies to
the models ``train.py`` imports, not to an unrelated script linted in the same run.

The cost is linear in the code base, whatever its shape (hundreds of entry scripts over one large
package): the import graph's cycles are collapsed into components, then facts flow once down
(each component gets its modules' facts and those of everything it imports: for a root, its
program's facts) and once up (each component gets the facts of every program root above it).
The weights a program sets itself (``weights_set``) are the exception on the way up: a module gets
those *every* program above it sets, and those a Cell's method sets in it or in a module above it.
Each flow merges once per module and once per import edge; :attr:`Project.merges` counts the
merges, and :attr:`Project.visits` the components the few walks along imports visit, so that tests can
guard the growth with counts, never times.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from ms_lint.files import normalized
from ms_lint.semantics.names import memo
from ms_lint.semantics.names.module_files import source_root
from ms_lint.semantics.program import importer_calls, training, weights
from ms_lint.semantics.program.facts import FACT_FIELDS, MODULE_LEVEL, REPLICA_SYNC, ModuleFacts, ProgramFacts

NO_FACTS = ProgramFacts()


@dataclass(frozen=True)
class Training:
    """What the training programs above a module say: their training steps, and whether one of
    them exchanges gradients across ranks with nothing that makes its replicas start alike."""

    steps: FrozenSet[str] = frozenset()
    unsynced: bool = False

    def __or__(self, other: "Training") -> "Training":
        if other.steps <= self.steps and other.unsynced <= self.unsynced:
            return self
        return Training(self.steps | other.steps, self.unsynced or other.unsynced)


def merge(first: ProgramFacts, second: ProgramFacts) -> ProgramFacts:
    """The facts of both; ``first`` itself when ``second`` adds nothing (shared, not copied)."""
    if first is second or second is NO_FACTS:
        return first
    if first is NO_FACTS:
        return second
    fields = {}
    for name in FACT_FIELDS:
        mine, theirs = getattr(first, name), getattr(second, name)
        fields[name] = mine if theirs <= mine else theirs if mine <= theirs else mine | theirs
    if all(fields[name] is getattr(first, name) for name in FACT_FIELDS):
        return first
    return ProgramFacts(**fields)


_projects: Dict[Tuple[ModuleFacts, ...], "Project"] = memo.per_run_dict()


def of(module_facts: Sequence[ModuleFacts]) -> "Project":
    """The Project of these modules, built once per run for every whole-program rule."""
    key = tuple(module_facts)
    if key not in _projects:
        _projects[key] = Project(key)
    return _projects[key]


class Project:
    """The linted modules, grouped into programs along their imports."""

    def __init__(self, module_facts: Iterable[ModuleFacts]):
        self.merges = 0
        self.visits = 0
        self._modules: Dict[str, ModuleFacts] = {item.key: item for item in module_facts}
        self._by_name: Dict[str, List[str]] = {}
        self._by_tree: Dict[Tuple[str, str], List[str]] = {}  # namesakes told apart by their source root
        for key in sorted(self._modules):
            name = self._modules[key].module
            self._by_name.setdefault(name, []).append(key)
            self._by_tree.setdefault((name, source_root(name, key)), []).append(key)
        imports = {key: self._linted_imports(item) for key, item in self._modules.items()}
        self._component, self._members = _components(sorted(self._modules), imports)
        count = len(self._members)
        self._children: List[Set[int]] = [set() for _ in range(count)]
        self._parents: List[Set[int]] = [set() for _ in range(count)]
        for key, targets in imports.items():
            for target in targets:
                source, imported = self._component[key], self._component[target]
                if source != imported:
                    self._children[source].add(imported)
                    self._parents[imported].add(source)
        self._callers: Optional[Dict[str, List[str]]] = None
        self._names_used: Dict[str, FrozenSet[str]] = {}  # by module: the names it calls or imports
        self._passed: Dict[str, Dict[Tuple[str, str], List[tuple]]] = {}  # by module: its records, by function
        self._facts: Dict[str, ProgramFacts] = {}

    # -- the import graph -----------------------------------------------------------

    def _named(self, dotted: str, importer: ModuleFacts) -> Optional[str]:
        """The linted module named ``dotted``; among namesakes, the one in the importer's tree."""
        keys = self._by_name.get(dotted, [])
        if len(keys) == 1:
            return keys[0]
        if keys and importer.path:
            same_tree = self._by_tree.get((dotted, source_root(importer.module, importer.key)), [])
            if len(same_tree) == 1:
                return same_tree[0]
        return None

    def _linted(self, dotted: str, importer: ModuleFacts) -> Optional[str]:
        """The linted module an import refers to (``a.b.C`` -> module ``a.b``), if any."""
        while dotted:
            if dotted in self._by_name:
                return self._named(dotted, importer)
            dotted = dotted.rpartition(".")[0]
        return None

    def _linted_imports(self, item: ModuleFacts) -> FrozenSet[str]:
        found = set()
        on_disk = set()
        for dotted, path in item.import_paths:
            on_disk.add(dotted)
            if normalized(path) in self._modules:
                found.add(normalized(path))
        found |= {self._linted(dotted, item) for dotted in item.imports if dotted not in on_disk}
        return frozenset(key for key in found if key and key != item.key)

    def _is_root(self, component: int) -> bool:
        return not self._parents[component]

    # -- facts flowing down, then up ------------------------------------------------
    # Each flow is worked out when a rule first asks for it: a project built only to find the
    # programs a file shares (a file linted alone) needs none of them.

    def _merged(self, first: ProgramFacts, second: ProgramFacts) -> ProgramFacts:
        self.merges += 1
        return merge(first, second)

    def _own(self, key: str) -> ProgramFacts:
        """A module's facts, with the user modules it imports that were not linted."""
        item = self._modules[key]
        unseen = frozenset(path for _, path in item.import_paths if normalized(path) not in self._modules)
        if not unseen:
            return item.facts
        return dataclasses.replace(item.facts, unseen_imports=item.facts.unseen_imports | unseen)

    @functools.cached_property
    def _down(self) -> List[ProgramFacts]:
        """Each component's facts with those of everything it imports (a root's: its program's)."""
        # _components numbers a component after every component it imports: ascending is bottom-up.
        down: List[ProgramFacts] = []
        for component, members in enumerate(self._members):
            merged = NO_FACTS
            for key in members:
                merged = self._merged(merged, self._own(key))
            for child in sorted(self._children[component]):
                merged = self._merged(merged, down[child])
            down.append(merged)
        return down

    @functools.cached_property
    def _up(self) -> List[ProgramFacts]:
        """Each component's facts of every program that contains it."""
        up: List[ProgramFacts] = [NO_FACTS] * len(self._members)
        for component in reversed(range(len(self._members))):
            merged = self._down[component] if self._is_root(component) else NO_FACTS
            for parent in sorted(self._parents[component]):
                merged = self._merged(merged, up[parent])
            up[component] = merged
        return up

    # -- training programs ----------------------------------------------------------

    def _step_classes_called(self) -> List[FrozenSet[str]]:
        """Per component, the user training-step classes that it or what it imports calls."""
        classes = frozenset().union(*(item.facts.train_step_classes for item in self._modules.values()))
        called: List[FrozenSet[str]] = []
        for component, members in enumerate(self._members):
            found = frozenset().union(*(self._modules[key].called & classes for key in members))
            for child in self._children[component]:
                self.merges += 1
                found |= called[child]
            called.append(found)
        return called

    def _program_training(self, root: int, step_classes_called: FrozenSet[str]) -> Optional[Training]:
        """The training a root's program does, or None when it trains nothing.

        A training cell defined in an imported module trains only where it is built; a program
        whose entry is a test or evaluation script (``eval.py``, ``test_trainer.py``) trains
        nothing, whatever training cells it imports."""
        program = self._down[root]
        steps = program.train_steps | (program.train_step_classes & step_classes_called)
        if not steps or all(training.is_evaluation_name(_stem(key)) for key in self._members[root]):
            return None
        exchanges = bool(program.gradient_exchanges)
        return Training(steps, exchanges and not any(getattr(program, name) for name in REPLICA_SYNC))

    @functools.cached_property
    def _root_training(self) -> Dict[int, Optional[Training]]:
        called = self._step_classes_called()
        return {root: self._program_training(root, called[root]) for root in range(len(self._members)) if self._is_root(root)}

    @functools.cached_property
    def _training(self) -> List[Training]:
        """Per component, the training of every program above it."""
        flowed: List[Training] = [Training()] * len(self._members)
        for component in reversed(range(len(self._members))):
            merged = self._root_training.get(component) or Training()
            for parent in self._parents[component]:
                self.merges += 1
                merged = merged | flowed[parent]
            flowed[component] = merged
        return flowed

    @functools.cached_property
    def _weights_set(self) -> List[FrozenSet[str]]:
        """Per component, the weights no default matters for: those every program above it sets (a
        program that loads a checkpoint into a network class above it sets them all), and those a
        Cell's method sets in it or in a module above it."""
        loaded = self._loaded_coverage()
        everywhere: List[FrozenSet[str]] = [frozenset()] * len(self._members)
        in_methods: List[FrozenSet[str]] = [frozenset()] * len(self._members)
        for component in reversed(range(len(self._members))):
            own = frozenset().union(*(self._modules[key].facts.weights_set_in_methods for key in self._members[component]))
            parents = sorted(self._parents[component])
            if component in loaded:
                common = loaded[component]
            elif not parents:
                common = self._down[component].weights_set
            else:
                common = everywhere[parents[0]]
            for parent in parents:
                self.merges += 1
                if component not in loaded:
                    common = common & everywhere[parent]
                own = own | in_methods[parent]
            everywhere[component], in_methods[component] = common, own
        return [common | own for common, own in zip(everywhere, in_methods)]

    def _loaded_coverage(self) -> Dict[int, FrozenSet[str]]:
        """The components at or below a network class a checkpoint is loaded into (a backbone), each
        with the weights every program above it sets: all of them, in the programs that load."""
        loaders: Dict[int, Set[int]] = {}
        for key, item in self._modules.items():
            for target in item.facts.weights_loaded_into:
                if target in self._component:
                    loaders.setdefault(self._component[target], set()).add(self._component[key])
        covering: Dict[int, Set[int]] = {}
        for target, by in loaders.items():
            roots = self._roots_above(by)
            for component in self._reach([target], self._children):
                covering.setdefault(component, set()).update(roots)
        found: Dict[int, FrozenSet[str]] = {}
        for component, roots in covering.items():
            keys = weights.KEYS
            for root in self._roots_above([component]) - roots:
                self.merges += 1
                keys = keys & self._down[root].weights_set
            found[component] = keys
        return found

    def _reach(self, components: Iterable[int], edges: List[Set[int]]) -> Set[int]:
        """``components`` and every component reached from them along ``edges`` (``self._parents``:
        those that import them; ``self._children``: those they import), directly or not."""
        seen = set(components)
        stack = list(seen)
        while stack:
            self.visits += 1
            for other in edges[stack.pop()]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return seen

    def _roots_above(self, components: Iterable[int]) -> Set[int]:
        """The program roots that reach any of ``components``."""
        return {component for component in self._reach(components, self._parents) if self._is_root(component)}

    def _callers_of(self, name: str) -> List[str]:
        if self._callers is None:
            self._callers = {}
            for key, item in self._modules.items():
                for called in item.called:
                    self._callers.setdefault(called, []).append(key)
        return self._callers.get(name, [])

    def _training_for(self, key: str) -> Training:
        """The training facts of a module. Only the programs that run the module's distributed
        set-up count: its entry, or one whose other modules call the function of the module that
        sets it up. What keeps distributed replicas in sync must hold in each training program: a
        seed in another entry script, or a checkpoint an evaluation script loads, does not reach
        this one."""
        component = self._component[key]
        set_up = self._modules[key].distributed_functions
        if not set_up or MODULE_LEVEL in set_up or self._is_root(component):
            return self._training[component]
        callers = {self._component[caller] for name in set_up for caller in self._callers_of(name) if caller != key}
        found = Training()
        for root in self._roots_above([component]) & self._roots_above(callers):
            found = found | (self._root_training[root] or Training())
        return found

    # -- what rules ask -------------------------------------------------------------

    @property
    def programs(self) -> List[FrozenSet[str]]:
        """Each program, by module name (for inspection: this costs the programs' total size)."""
        found = []
        for root in range(len(self._members)):
            if not self._is_root(root):
                continue
            seen = self._reach([root], self._children)
            found.append(frozenset(self._modules[key].module for c in seen for key in self._members[c]))
        return found

    def sharing_programs(self, keys: Iterable[str]) -> Set[str]:
        """The modules whose facts can reach those of ``keys``: every module of every program that
        contains one of them."""
        linted = [self._component[key] for key in keys if key in self._component]
        seen = self._reach(self._reach(linted, self._parents), self._children)
        return {key for component in seen for key in self._members[component]}

    def used_by_importers(self, module: str, path: Optional[str], name: str) -> bool:
        """Whether a module that imports ``module`` (at ``path``), directly or not, calls or imports a
        function ``name``: its calls in its own module are then not all of them. True when the
        module is not in the project."""
        key = self._key(module, path)
        if key is None:
            return True
        above = self._reach([self._component[key]], self._parents)
        return any(name in self._used(other) for component in above for other in self._members[component] if other != key)

    def passed_by_importers(self, module: str, path: Optional[str], name: str, parameter: str) -> Optional[List[tuple]]:
        """What the modules importing ``module`` (at ``path``), directly or not, pass parameter
        ``parameter`` of its function ``name`` (``importer_calls.Passed`` summaries): [] when none
        uses the name; None when one passes what its code does not prove, or uses the name in a way
        it recorded no call of this function for."""
        key = self._key(module, path)
        if key is None:
            return None
        found = []
        for component in self._reach([self._component[key]], self._parents):
            for other in self._members[component]:
                if other == key:
                    continue
                # A module may call the function under another name (``run = impl.predict``): its records count.
                records = self._passed_to(other).get((key, name), [])
                if not records and name not in self._used(other):
                    continue
                if not records or any(record[2] == importer_calls.EVERY_PARAMETER for record in records):
                    return None
                for _, _, given_to, received in records:
                    if given_to == parameter:
                        if received is None:
                            return None
                        found.append(received)
        return found

    def _passed_to(self, key: str) -> Dict[Tuple[str, str], List[tuple]]:
        if key not in self._passed:
            found: Dict[Tuple[str, str], List[tuple]] = {}
            for record in self._modules[key].passed:
                found.setdefault(record[:2], []).append(record)
            self._passed[key] = found
        return self._passed[key]

    def _used(self, key: str) -> FrozenSet[str]:
        if key not in self._names_used:
            item = self._modules[key]
            self._names_used[key] = item.called | {dotted.rpartition(".")[2] for dotted in item.imports}
        return self._names_used[key]

    def _key(self, module: str, path: Optional[str]) -> Optional[str]:
        if path and normalized(path) in self._modules:
            return normalized(path)
        keys = self._by_name.get(module, [])
        return keys[0] if len(keys) == 1 else None

    def facts_for(self, module: str, path: Optional[str] = None) -> ProgramFacts:
        """The facts of every program that contains ``module`` (the one at ``path``, if given)."""
        key = self._key(module, path)
        if key is None:
            return NO_FACTS
        if key not in self._facts:
            trained = self._training_for(key)
            replaced: Dict[str, FrozenSet[str]] = {
                "train_steps": trained.steps,
                "weights_set": self._weights_set[self._component[key]],
            }
            if not trained.unsynced:
                replaced["gradient_exchanges"] = frozenset()  # every rank trains alone, or starts alike
            self._facts[key] = dataclasses.replace(self._up[self._component[key]], **replaced)
        return self._facts[key]


def _components(keys: Sequence[str], imports: Dict[str, FrozenSet[str]]) -> Tuple[Dict[str, int], List[List[str]]]:
    """The strongly connected components of the import graph (Tarjan's algorithm, without
    recursion: import chains can be deeper than Python's stack), each numbered after every
    component it imports."""
    index: Dict[str, int] = {}
    lowest: Dict[str, int] = {}
    on_stack: Set[str] = set()
    stack: List[str] = []
    component: Dict[str, int] = {}
    members: List[List[str]] = []
    for start in keys:
        if start in index:
            continue
        work = [(start, iter(sorted(imports[start])))]
        index[start] = lowest[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = lowest[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports[target]))))
                elif target in on_stack:
                    lowest[node] = min(lowest[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowest[parent] = min(lowest[parent], lowest[node])
            if lowest[node] == index[node]:
                found = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component[member] = len(members)
                    found.append(member)
                    if member == node:
                        break
                members.append(sorted(found))
    return component, members


def _stem(key: str) -> str:
    """The file name without its extension (``/a/test_x.py`` -> ``test_x``), or the last part of a module name."""
    return os.path.splitext(os.path.basename(key))[0] if key.endswith(".py") else key.rpartition(".")[2]
