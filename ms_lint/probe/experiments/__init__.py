"""What can confirm each rule's findings: the one table from rule symbol to experiment.

Adding the probe for a rule is one entry here (and, for a new kind of experiment,
a small class; see :mod:`ms_lint.probe.experiments.base`). A rule with no entry
gets "unconfirmable: no experiment for this rule". Renaming a rule's symbol is a
one-line edit of this table.

Rules whose failures only Ascend shows are declared with :func:`needs_ascend`:
the probe says so plainly and runs nothing.
"""

from __future__ import annotations

from typing import Dict

from ms_lint.language import Text

from ms_lint.probe.experiments.base import Context, Declared, Experiment, needs_ascend
from ms_lint.probe.experiments.cells import CallWithoutConstruct, UnregisteredParameters
from ms_lint.probe.experiments.fallback import NumpyFallback
from ms_lint.probe.experiments.graph import DynamicShape, TensorConditions
from ms_lint.probe.experiments.layers import ConvBuild, DropoutZeroes, LayerInConstruct, MomentumStep, PrimitiveWithTensors
from ms_lint.probe.experiments.loss_scale import LossScaleStep
from ms_lint.probe.experiments.pipeline import PipelineCall
from ms_lint.probe.experiments.pytorch import MissingMethod, MissingName
from ms_lint.probe.experiments.seed import SeedDivergence
from ms_lint.probe.experiments.shards import SwappedShards
from ms_lint.probe.experiments.syntax import CellMethodRefused, GraphSyntaxRefused
from ms_lint.probe.experiments.train import MetricMethods, TrainingModeOutputs
from ms_lint.probe.experiments.api_changes import ApiChange

NO_CPU_SIGNAL = Text(
    "MindSpore on CPU applies both precision settings silently: a run shows nothing to compare",
    "CPU 上的 MindSpore 会悄悄应用两种精度设置：运行结果中没有可比较的东西",
)

EXPERIMENTS: Dict[str, Experiment] = {
    "cell-container-not-registered": UnregisteredParameters(),
    "forward-without-construct": CallWithoutConstruct(),
    # Rules of the documented-pitfalls set, by the symbols they had when this table was
    # written: a rule renamed later is renamed here (one edit; a test lists rules missing).
    "tensor-slice-variable-bound": DynamicShape(),
    "graph-dynamic-shape-op": DynamicShape(),
    "ops-in-dataset-pipeline": PipelineCall(),
    "distributed-training-without-seed": SeedDivergence(),
    "custom-amp-with-amp-level": Declared(NO_CPU_SIGNAL),
    "ascend-op-attr-out-of-range": needs_ascend(
        Text(
            "the CPU build of MindSpore accepts any stride, kernel, pad and dilation",
            "CPU 版 MindSpore 接受任意 stride、kernel、pad 和 dilation",
        )
    ),
    "ascend-group-conv-unsupported": needs_ascend(
        Text(
            "the CPU build of MindSpore accepts grouped convolutions of any kind",
            "CPU 版 MindSpore 接受任意形式的分组卷积",
        )
    ),
    "ascend-fp16-without-loss-scale": needs_ascend(
        Text(
            "float16 overflow in Ascend's float16-only operators does not occur on CPU",
            "Ascend 上只支持 float16 的算子中的 float16 溢出不会在 CPU 上发生",
        )
    ),
    "nested-tensor-condition": TensorConditions(),
    "too-many-tensor-conditions": TensorConditions(),
    "unrolled-loop-tensor-condition": TensorConditions(),
    "pytorch-method-on-cell-or-tensor": MissingMethod(),
    "pytorch-name-on-mindspore-module": MissingName(),
    "graph-unsupported-syntax": GraphSyntaxRefused(),
    "graph-variable-undefined-after-block": GraphSyntaxRefused(),
    "graph-cell-parameters-call": GraphSyntaxRefused(),
    "graph-attribute-not-parameter": GraphSyntaxRefused(),
    "graph-tensor-to-numpy": GraphSyntaxRefused(),
    "graph-tensor-numpy-fallback": NumpyFallback(),
    "graph-classmethod-call": GraphSyntaxRefused(),
    "graph-break-in-bytecode-capture": Declared(
        Text(
            "bytecode capture runs the code without an error (observed on MindSpore 2.10): a graph break leaves "
            "nothing to observe",
            "字节码捕获运行代码时不报错（在 MindSpore 2.10 上观察到）：图中断没有留下可观察的东西",
        )
    ),
    "dataset-sink-size-ignored": Declared(
        Text(
            "counting the steps of an epoch needs the network and dataset Model.train is given, which the code "
            "builds from your data and arguments",
            "统计一个 epoch 的步数需要传给 Model.train 的网络和数据集，而代码是用你的数据和参数构建它们的",
        )
    ),
    "metric-missing-method": MetricMethods(),
    "eval-dataset-drop-remainder": Declared(
        Text(
            "counting the samples the evaluation dataset yields needs its files and the arguments the program passes",
            "统计评估数据集产生的样本数需要它的文件以及程序传入的参数",
        )
    ),
    "distributed-dataset-not-sharded": Declared(
        Text(
            "comparing what each rank reads needs a multi-process launch (msrun/mpirun) and the training data",
            "比较每个 rank 读取的数据需要多进程启动（msrun/mpirun）和训练数据",
        )
    ),
    "dataset-shard-arguments-swapped": SwappedShards(),
    "eval-loop-cell-in-train-mode": TrainingModeOutputs(),
    "dropout-positional-keep-prob": DropoutZeroes(),
    "batchnorm-torch-momentum": MomentumStep(),
    "conv-padding-without-pad-mode": ConvBuild(),
    "cell-built-in-construct": LayerInConstruct(),
    "primitive-called-with-tensors": PrimitiveWithTensors(),
    "graph-cell-method-signature": CellMethodRefused(),
    "api-removed": ApiChange(),
    "api-deprecated": ApiChange(),
    "api-context-option-deprecated": ApiChange(),
    "api-default-changed": ApiChange(),
    "op-unsupported-on-device": Declared(
        Text(
            "running the operator needs the inputs the network gives it; its failure on CPU was observed on "
            "MindSpore 2.7 to 2.10 with small inputs (python -m ms_lint.tools.cpu_ops)",
            "运行该算子需要网络传给它的输入；它在 CPU 上的失败已在 MindSpore 2.7 至 2.10 上以小输入实测"
            "（python -m ms_lint.tools.cpu_ops）",
        )
    ),
    "optimizer-loss-scale-without-manager": LossScaleStep(),
}

__all__ = ["EXPERIMENTS", "Context", "Declared", "Experiment", "needs_ascend"]
