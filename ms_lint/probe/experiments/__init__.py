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

from ms_lint.probe.experiments.base import Context, Declared, Experiment, needs_ascend
from ms_lint.probe.experiments.cells import CallWithoutConstruct, UnregisteredParameters
from ms_lint.probe.experiments.graph import DynamicShape, TensorConditions
from ms_lint.probe.experiments.graph import DynamicShape
from ms_lint.probe.experiments.layers import ConvBuild, DropoutZeroes, LayerInConstruct, MomentumStep, PrimitiveWithTensors
from ms_lint.probe.experiments.pipeline import PipelineCall
from ms_lint.probe.experiments.pytorch import MissingMethod, MissingName
from ms_lint.probe.experiments.seed import SeedDivergence
from ms_lint.probe.experiments.syntax import CellMethodRefused, GraphSyntaxRefused
from ms_lint.probe.experiments.train import MetricMethods, TrainingModeOutputs
from ms_lint.probe.experiments.api_changes import ApiChange

NO_CPU_SIGNAL = "MindSpore on CPU applies both precision settings silently: a run shows nothing to compare"

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
    "ascend-op-attr-out-of-range": needs_ascend("the CPU build of MindSpore accepts any stride, kernel, pad and dilation"),
    "ascend-group-conv-unsupported": needs_ascend("the CPU build of MindSpore accepts grouped convolutions of any kind"),
    "ascend-fp16-without-loss-scale": needs_ascend("float16 overflow in Ascend's float16-only operators does not occur on CPU"),
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
    "graph-classmethod-call": GraphSyntaxRefused(),
    "graph-break-in-bytecode-capture": Declared(
        "bytecode capture runs the code without an error (observed on MindSpore 2.10): a graph break leaves nothing "
        "to observe"
    ),
    "dataset-sink-size-ignored": Declared(
        "counting the steps of an epoch needs the network and dataset Model.train is given, which the code builds "
        "from your data and arguments"
    ),
    "metric-missing-method": MetricMethods(),
    "eval-dataset-drop-remainder": Declared(
        "counting the samples the evaluation dataset yields needs its files and the arguments the program passes"
    ),
    "distributed-dataset-not-sharded": Declared(
        "comparing what each rank reads needs a multi-process launch (msrun/mpirun) and the training data"
    ),
    "eval-loop-cell-in-train-mode": TrainingModeOutputs(),
    "dropout-positional-keep-prob": DropoutZeroes(),
    "batchnorm-torch-momentum": MomentumStep(),
    "conv-padding-without-pad-mode": ConvBuild(),
    "cell-built-in-construct": LayerInConstruct(),
    "primitive-called-with-tensors": PrimitiveWithTensors(),
    "graph-cell-method-signature": CellMethodRefused(),
    "api-removed": ApiChange(),
    "api-deprecated": ApiChange(),
    "api-default-changed": Declared(
        "a changed default shows as different numbers (initial weights, a loss value), not as an error: comparing "
        "them needs both MindSpore versions"
    ),
}

__all__ = ["EXPERIMENTS", "Context", "Declared", "Experiment", "needs_ascend"]
