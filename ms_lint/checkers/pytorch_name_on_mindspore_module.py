"""pytorch-name-on-mindspore-module: a PyTorch name (nn.Module, ops.Relu) looked up on a MindSpore module."""

from __future__ import annotations

from typing import Optional

from astroid import nodes
from pylint.checkers.utils import only_required_for_messages
from pylint.interfaces import HIGH

from ms_lint import options
from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import pytorch
from ms_lint.language import Text
from ms_lint.semantics.graph import scope
from ms_lint.semantics.names import catalog, names

SYMBOL = "pytorch-name-on-mindspore-module"
BASENAMES = frozenset(key.rpartition(".")[2] for key in pytorch.NAMES)


class PytorchNameOnMindsporeModuleChecker(MindSporeChecker):
    msgs = {
        "E7303": (
            Text(
                "'%s' comes from PyTorch (%s): %s has no '%s' in MindSpore %s. Instead, %s.",
                "'%s' 来自 PyTorch（%s）：%s 中没有 '%s'（MindSpore %s）。请改为：%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore names many of PyTorch's classes and modules differently (nn.Cell for nn.Module, "
                "nn.SequentialCell for nn.Sequential, ops.ReLU). Looking up the PyTorch name on a MindSpore "
                "module fails with AttributeError or ImportError.",
                "MindSpore 对许多 PyTorch 的类和模块使用不同的名称（nn.Cell 对应 nn.Module，"
                "nn.SequentialCell 对应 nn.Sequential，ops.ReLU）。在 MindSpore "
                "模块上查找 PyTorch 的名称会以 AttributeError 或 ImportError 失败。",
            ),
        )
    }

    def reported_names(self):
        version, catalogued = self.target().version, options.parse_version(catalog.version())
        return [key for key, entry in pytorch.NAMES.items() if catalog.lookup(key) is None and pytorch.applies(entry, version, catalogued)]

    @only_required_for_messages(SYMBOL)
    def visit_attribute(self, node: nodes.Attribute) -> None:
        if node.attrname in BASENAMES:
            self._check(node, names.mindspore_name(node))

    @only_required_for_messages(SYMBOL)
    def visit_importfrom(self, node: nodes.ImportFrom) -> None:
        module = names.absolute_module(node)
        if module and module.startswith("mindspore"):
            for name, _ in node.names:
                if name in BASENAMES:
                    self._check(node, f"{module}.{name}")

    @only_required_for_messages(SYMBOL)
    def visit_import(self, node: nodes.Import) -> None:
        for name, _ in node.names:
            if name.rpartition(".")[2] in BASENAMES:
                self._check(node, name)

    def _check(self, node: nodes.NodeNG, name: Optional[str]) -> None:
        entry = pytorch.NAMES.get(name or "")
        if entry is None or catalog.lookup(entry.key) is not None:
            return
        module, _, attr = entry.key.rpartition(".")
        known = catalog.lookup(module)
        if known is None or known.kind != "module":
            return  # the catalog cannot say what that module holds
        version = self.target().version
        if not pytorch.applies(entry, version, options.parse_version(catalog.version())):
            return
        shown = ".".join(str(part) for part in version)
        args = (scope.snippet(node) if isinstance(node, nodes.Attribute) else name, entry.pytorch, module, attr, shown,
                entry.mindspore)
        self.add_message(SYMBOL, node=node, args=args, confidence=HIGH)
