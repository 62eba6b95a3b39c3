"""MindSpore operators that MindSpore 2.7 to 2.10 cannot run on CPU, as observed (not as documented).

The "Supported Platforms" of MindSpore's docstrings are not reliable: of 102 operators whose
docstring leaves out CPU, 18 ran on CPU. So this table holds only operators seen to fail, and
nothing about GPU, which was not run.

How they were observed: ``python -m ms_lint.tools.cpu_ops`` (its recipes give each API's call)
under MindSpore 2.7.0, 2.8.0, 2.9.0 and 2.10.0 (CPU wheels from PyPI, Python 3.11, numpy 1.26);
each API called on a small valid input (float32 tensors of shape (2, 3) or (3, 3), a (1, 2, 4, 4)
image) inside the ``construct`` of a Cell, once in PyNative mode and once in GRAPH_MODE, with
``set_device("CPU")``, the outputs read back. An API fails in a version when both runs failed and
MindSpore named a missing CPU kernel: in GRAPH_MODE "Unsupported op [X] on CPU", in PyNative
"The kernel X unregistered" or a wrapper error around the same kernel selection ("Not found op X
on device CPU", which 2.7 and 2.8 spell with X's C++ type name and 2.8 with the device's number;
"Create kernelmod for op X failed"). Each version named the same kernel; ``error`` is what 2.10 says.
Left out as inconclusive: runs that crashed the process, raised on the input (a ValueError, a
matrix the operator rejects), or failed in one mode only; and communication operators.

Per version, of the 70 entries: 2.10 fails all 70; 2.9 and 2.8 fail 69 (``mint.nn.functional.dropout``
is inconclusive there: PyNative raises "Not implement exception" from its shape inference, not a
missing kernel); 2.7 fails 68 (also ``nn.InstanceNorm2d`` is inconclusive: it builds
``ops.InstanceNorm``, which 2.7 does not export, so it fails on every device). None ran on CPU in
any version. ``versions`` lists the versions an entry failed in; a version not listed reports nothing.

``alternative``: a CPU-capable equivalent with the same arguments, given only where it was run on
CPU in both modes with the same driver and call, in each of the four versions (and its defaults
mean the same thing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Tuple

# The MindSpore versions the observation was run on, oldest first.
OBSERVED_VERSIONS: Tuple[Tuple[int, int], ...] = ((2, 7), (2, 8), (2, 9), (2, 10))


@dataclass(frozen=True)
class CpuUnsupportedOp:
    api: str  # the public name the run called
    error: str  # what MindSpore 2.10 said (the kernel it lacks)
    alternative: str = ""  # a CPU-capable equivalent, run on CPU; "" when none was verified
    versions: Tuple[Tuple[int, int], ...] = OBSERVED_VERSIONS  # the (major, minor) versions it failed in


def _unregistered(kernel: str) -> str:
    return f"The kernel {kernel} unregistered"


def _unsupported(kernel: str) -> str:
    return f"Unsupported op [{kernel}] on CPU"


_OP = CpuUnsupportedOp
CPU_UNSUPPORTED_OPS: Tuple[CpuUnsupportedOp, ...] = (
    # mindspore.mint functions
    _OP("mindspore.mint.addmm", _unsupported("Addmm")),
    _OP("mindspore.mint.argsort", _unregistered("ArgSort"), "ops.argsort"),
    _OP("mindspore.mint.atan2", _unregistered("Atan2Ext"), "ops.atan2"),
    _OP("mindspore.mint.bincount", _unregistered("BincountExt")),
    _OP("mindspore.mint.clone", _unregistered("Clone")),
    _OP("mindspore.mint.count_nonzero", _unregistered("CountNonZero")),
    _OP("mindspore.mint.cumsum", _unregistered("CumsumExt"), "ops.cumsum"),
    _OP("mindspore.mint.diag", _unregistered("DiagExt")),
    _OP("mindspore.mint.dot", _unregistered("Dot")),
    _OP("mindspore.mint.equal", _unregistered("EqualExt")),
    _OP("mindspore.mint.frac", _unregistered("Frac")),
    _OP("mindspore.mint.histc", _unregistered("HistcExt")),
    _OP("mindspore.mint.index_select", _unregistered("IndexSelect"), "ops.index_select"),
    _OP("mindspore.mint.inverse", _unregistered("MatrixInverseExt"), "ops.inverse"),
    _OP("mindspore.mint.log10", _unregistered("Log10"), "ops.log10"),
    _OP("mindspore.mint.logsumexp", _unregistered("LogSumExp"), "ops.logsumexp"),
    _OP("mindspore.mint.median", _unregistered("MedianExt")),
    _OP("mindspore.mint.mm", _unregistered("Mm"), "ops.matmul"),
    _OP("mindspore.mint.mv", _unregistered("Mv"), "ops.mv"),
    _OP("mindspore.mint.norm", _unregistered("LinalgVectorNorm")),
    _OP("mindspore.mint.outer", _unregistered("Outer"), "ops.outer"),
    _OP("mindspore.mint.std", _unregistered("Std")),
    _OP("mindspore.mint.unique", _unregistered("Unique2")),
    # mindspore.mint.nn.functional
    _OP("mindspore.mint.nn.functional.avg_pool2d", _unregistered("AvgPool2D")),
    _OP("mindspore.mint.nn.functional.conv2d", _unregistered("Conv2DExt")),
    _OP("mindspore.mint.nn.functional.dropout", _unregistered("DropoutExt"), versions=((2, 10),)),
    _OP("mindspore.mint.nn.functional.elu", _unregistered("EluExt"), "ops.elu"),
    _OP("mindspore.mint.nn.functional.gelu", _unregistered("GeluExt"), "ops.gelu"),
    _OP("mindspore.mint.nn.functional.hardtanh", _unregistered("Hardtanh")),
    _OP("mindspore.mint.nn.functional.l1_loss", _unregistered("L1LossExt")),
    _OP("mindspore.mint.nn.functional.leaky_relu", _unregistered("LeakyReLUExt")),
    _OP("mindspore.mint.nn.functional.logsigmoid", _unregistered("LogSigmoid")),
    _OP("mindspore.mint.nn.functional.max_pool2d", _unsupported("MaxPoolWithMask")),
    _OP("mindspore.mint.nn.functional.mish", _unregistered("MishExt"), "ops.mish"),
    _OP("mindspore.mint.nn.functional.normalize", _unsupported("LinalgVectorNorm")),
    _OP("mindspore.mint.nn.functional.relu6", _unsupported("Hardtanh"), "ops.relu6"),
    # mindspore.mint.nn layers
    _OP("mindspore.mint.nn.BatchNorm2d", _unregistered("BatchNormExt")),
    _OP("mindspore.mint.nn.Conv2d", _unsupported("Conv2DExt")),
    _OP("mindspore.mint.nn.ReLU6", _unregistered("Hardtanh"), "nn.ReLU6"),
    # mindspore.ops functions
    _OP("mindspore.ops.einsum", _unsupported("Einsum")),
    _OP("mindspore.ops.layer_norm", _unsupported("LayerNormExt")),
    _OP("mindspore.ops.multilabel_margin_loss", _unsupported("MultilabelMarginLoss")),
    _OP("mindspore.ops.rms_norm", _unregistered("RmsNorm")),
    _OP("mindspore.ops.roll", _unregistered("Roll")),
    _OP("mindspore.ops.triplet_margin_loss", _unsupported("TripletMarginLoss")),
    _OP("mindspore.ops.type_as", _unregistered("TypeAs")),
    # mindspore.ops Primitives
    _OP("mindspore.ops.BatchToSpace", _unsupported("BatchToSpace")),
    _OP("mindspore.ops.BatchToSpaceNDV2", _unsupported("BatchToSpaceNDV2")),
    _OP("mindspore.ops.Einsum", _unsupported("Einsum")),
    _OP("mindspore.ops.FloatStatus", _unsupported("FloatStatus")),
    _OP("mindspore.ops.Gamma", _unsupported("Gamma")),
    _OP("mindspore.ops.HistogramFixedWidth", _unsupported("HistogramFixedWidth")),
    _OP("mindspore.ops.MultilabelMarginLoss", _unsupported("MultilabelMarginLoss")),
    _OP("mindspore.ops.NonMaxSuppressionV3", _unsupported("NonMaxSuppressionV3")),
    _OP("mindspore.ops.NPUAllocFloatStatus", _unsupported("NPUAllocFloatStatus")),
    _OP("mindspore.ops.NPUClearFloatStatus", _unsupported("NPUClearFloatStatus")),
    _OP("mindspore.ops.NPUGetFloatStatus", _unsupported("NPUGetFloatStatus")),
    _OP("mindspore.ops.Ormqr", _unsupported("Ormqr")),
    _OP("mindspore.ops.Randperm", _unsupported("Randperm")),
    _OP("mindspore.ops.RNNTLoss", _unsupported("RNNTLoss")),
    _OP("mindspore.ops.SparseGatherV2", _unsupported("SparseGatherV2")),
    _OP("mindspore.ops.SplitV", _unsupported("SplitV")),
    _OP("mindspore.ops.TripletMarginLoss", _unsupported("TripletMarginLoss")),
    _OP("mindspore.ops.operations.InstanceNorm", _unsupported("InstanceNorm")),
    _OP("mindspore.ops.operations.TypeAs", _unregistered("TypeAs")),
    # mindspore.nn layers
    _OP("mindspore.nn.InstanceNorm2d", _unsupported("InstanceNorm"), versions=((2, 8), (2, 9), (2, 10))),
    _OP("mindspore.nn.LayerNormExt", _unsupported("LayerNormExt")),
    _OP("mindspore.nn.MatInverse", _unsupported("CholeskyTrsm")),
    _OP("mindspore.nn.SoftMarginLoss", _unregistered("SoftMarginLoss")),
    _OP("mindspore.nn.TripletMarginLoss", _unsupported("TripletMarginLoss")),
)

BY_API: Dict[str, CpuUnsupportedOp] = {entry.api: entry for entry in CPU_UNSUPPORTED_OPS}


def failing(entry: CpuUnsupportedOp, version: Tuple[int, ...]) -> bool:
    """Whether ``entry`` was observed failing on CPU in ``version`` (its major and minor count)."""
    return tuple(version[:2]) in entry.versions


def named(version: Tuple[int, ...]) -> str:
    """``(2, 9, 1)`` -> ``"2.9"``, as messages and docs name a version."""
    return ".".join(str(part) for part in version[:2])
