"""ops-in-dataset-pipeline: MindSpore operators in code that the dataset pipeline runs."""

from __future__ import annotations

from astroid import nodes
from pylint.interfaces import HIGH, INFERENCE

from ms_lint.checkers.base import MindSporeChecker
from ms_lint.language import Text
from ms_lint.semantics.program import pipeline

SYMBOL = "ops-in-dataset-pipeline"
HANDED = Text("handed to %s at line %s", "传给了 %s（第 %s 行）")
# What pipeline.OperatorUse.kind names, as the message says it ("Primitive" and "Cell" read the same in both).
KINDS = {
    "operator": Text("operator", "算子"),
    "Tensor method": Text("Tensor method", "Tensor 方法"),
    "Tensor arithmetic": Text("Tensor arithmetic", "Tensor 运算"),
}
RUN_BY = Text("in '%s', which %s runs at line %s", "位于 '%s' 中，由 %s 在第 %s 行运行")
RUN_ELSEWHERE = Text("in '%s' (%s, line %s), which this %s runs", "位于 '%s' 中（%s，第 %s 行），由此处的 %s 运行")


class OpsInDatasetPipelineChecker(MindSporeChecker):
    msgs = {
        "W7340": (
            Text(
                "MindSpore %s '%s' runs inside the data pipeline (%s). Compute it with numpy, OpenCV or PIL, "
                "or use a mindspore.dataset transform.",
                "MindSpore %s '%s' 在数据处理流水线中运行（%s）。请用 numpy、OpenCV 或 PIL "
                "计算，或使用 mindspore.dataset 的变换。",
            ),
            SYMBOL,
            Text(
                "Dataset.map operations, per_batch_map and GeneratorDataset sources run in the pipeline's "
                "worker threads and processes, where MindSpore operators are slow and can fail, crash or "
                "hang (Ascend/GPU, fork); MindSpore's docs say not to use them there.",
                "Dataset.map 操作、per_batch_map 和 GeneratorDataset 的数据源在流水线的工作线程和进程中运行，"
                "MindSpore 算子在那里很慢，并可能失败、崩溃或挂起（Ascend/GPU、fork）；MindSpore "
                "文档说明不要在那里使用它们。",
            ),
        )
    }

    def __init__(self, linter) -> None:
        super().__init__(linter)
        self._reported: set = set()  # nodes reported already: an operator is reported once

    def open(self) -> None:
        super().open()
        self._reported = set()

    def callees(self) -> frozenset:
        return pipeline.entry_basenames()

    def check_call(self, node: nodes.Call) -> None:
        for entry in pipeline.entries(node):
            self._check_entry(entry)

    def _check_entry(self, entry: pipeline.Entry) -> None:
        module = entry.call.root()
        confidence = HIGH if entry.certain else INFERENCE
        elsewhere = None
        runners, direct = pipeline.handed_over(entry)
        for use in direct:
            where = HANDED % (entry.what, entry.call.fromlineno)
            self._report(use, where, confidence)
        for function, chain in pipeline.reachable(runners):
            for use in pipeline.operator_uses(function):
                if use.node.root() is not module:
                    elsewhere = elsewhere or (use, chain)
                    continue
                where = RUN_BY % (chain[-1], entry.what, entry.call.fromlineno)
                self._report(use, where, confidence)
        if elsewhere is not None and entry.argument not in self._reported:
            self._reported.add(entry.argument)
            use, chain = elsewhere
            where = RUN_ELSEWHERE % (chain[-1], use.node.root().name, use.node.fromlineno, entry.what)
            args = (KINDS.get(use.kind, use.kind), use.text, where)
            self.add_message(SYMBOL, node=entry.argument, args=args, confidence=confidence)

    def _report(self, use: pipeline.OperatorUse, where: str, confidence) -> None:
        if use.node in self._reported:
            return
        self._reported.add(use.node)
        args = (KINDS.get(use.kind, use.kind), use.text, where)
        self.add_message(SYMBOL, node=use.node, args=args, confidence=confidence)
