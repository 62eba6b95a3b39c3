"""batchnorm-torch-momentum: nn.BatchNorm*d(momentum=m) with PyTorch's meaning of m."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.data import pytorch as table
from ms_lint.language import Text
from ms_lint.semantics.graph import pytorch
from ms_lint.semantics.names import names

SYMBOL = "batchnorm-torch-momentum"
# Below this, a momentum reads as PyTorch's (0.1, 0.01, 0.03): the running statistics would follow each batch.
TORCH_RANGE = 0.5


class BatchnormTorchMomentumChecker(MindSporeChecker):
    msgs = {
        "W7307": (
            Text(
                "%s: MindSpore's momentum weights the running statistics, so momentum=%s keeps %s of them and "
                "takes %s from each batch, the reverse of PyTorch's momentum=%s. Write momentum=%s.",
                "%s：MindSpore 的 momentum 是滑动统计量的权重，因此 momentum=%s 保留其 %s，"
                "并从每个 batch 取 %s，与 PyTorch 的 momentum=%s 恰好相反。请写成 momentum=%s。",
            ),
            SYMBOL,
            Text(
                "MindSpore updates moving_mean as momentum * moving_mean + (1 - momentum) * batch_mean, PyTorch as "
                "(1 - momentum) * running_mean + momentum * batch_mean. A momentum copied from PyTorch makes the "
                "statistics used at inference follow the last batches almost entirely.",
                "MindSpore 按 momentum * moving_mean + (1 - momentum) * batch_mean "
                "更新 moving_mean，PyTorch 按 (1 - momentum) * running_mean + "
                "momentum * batch_mean 更新。从 PyTorch 照搬的 momentum 会使推理时使用的统计量几乎完全跟随最后几个 "
                "batch。",
            ),
        )
    }

    doc_appendix = staticmethod(lambda: table.semantics_table(table.TORCH_MOMENTUM))

    def callees(self) -> frozenset:
        return pytorch.basenames(table.TORCH_MOMENTUM)

    def check_call(self, node: nodes.Call) -> None:
        found = pytorch.entry_for(node, table.TORCH_MOMENTUM, self.target().version)
        if found is None:
            return
        bound = pytorch.bound(node, found[0])
        argument = bound.get("momentum")
        value = pytorch.number(argument)
        if value is None or not 0 <= value < TORCH_RANGE or _frozen(bound.get("use_batch_statistics")):
            return
        written = argument.as_string()
        args = (node.as_string(), written, f"{value:.0%}", f"{1 - value:.0%}", written, _complement(value))
        self.add_message(SYMBOL, node=argument, args=args, confidence=HIGH)


def _frozen(use_batch_statistics) -> bool:
    """``use_batch_statistics=False``: the moving statistics are used as they are and never updated."""
    if isinstance(use_batch_statistics, nodes.Name):
        use_batch_statistics = names.assigned_value(use_batch_statistics)
    return isinstance(use_batch_statistics, nodes.Const) and use_batch_statistics.value is False


def _complement(value: float) -> str:
    """``1 - value`` as written by hand: 0.9 for 0.1, 0.997 for 0.003."""
    return repr(round(1 - value, 10))
