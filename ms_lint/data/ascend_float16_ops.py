"""Ascend operators that compute in float16 only, which is why Ascend training wants loss scaling.

MindSpore's migration guide (r1.10 to r2.3) says: "In Ascend environment, Conv, Sort and TopK can
only be float16, and add loss scale to avoid overflow". Each entry maps a canonical MindSpore name
(as in ``catalog.json``) to its operator family, with the version range and the source of the claim.
The 2.10 ``ops.TopK`` docstring lists float32 among Ascend's types, so for TopK the claim describes
older Ascend software stacks: rules built on this table are recommendations (W), never errors.
"""

GUIDE = "https://www.mindspore.cn/docs/en/r2.0/migration_guide/debug_and_tune.html"
CONSIDERATIONS = "https://www.mindspore.cn/docs/en/r2.0/migration_guide/model_development/model_development.html"
CANN_CONV2D = "graphengine 910/third_party/fwkacllib/inc/ops/nn_calculation_ops.h REG_OP(Conv2D)"

CONV, SORT, TOPK = "Conv", "Sort", "TopK"

# family -> (MindSpore versions the source covers, sources)
SOURCES = {
    CONV: ("1.10-2.10", (CONSIDERATIONS, GUIDE, CANN_CONV2D + ': "For float32 type, the actual calculation '
                         'on the chip is based on float16"')),
    SORT: ("1.10-2.10", (CONSIDERATIONS, GUIDE, "2.10 ops.Sort docstring: float32 'may cause loss of accuracy'")),
    TOPK: ("1.10-2.3", (CONSIDERATIONS, GUIDE, "2.10 ops.TopK docstring lists float32 on Ascend: a recommendation")),
}

OPS = {
    # Conv: the Cells, Primitives and functions that lower to Ascend's Conv2D/Conv3D kernels.
    "mindspore.nn.layer.conv.Conv1d": CONV,
    "mindspore.nn.layer.conv.Conv2d": CONV,
    "mindspore.nn.layer.conv.Conv3d": CONV,
    "mindspore.nn.layer.conv.Conv1dTranspose": CONV,
    "mindspore.nn.layer.conv.Conv2dTranspose": CONV,
    "mindspore.nn.layer.conv.Conv3dTranspose": CONV,
    "mindspore.nn.layer.combined.Conv2dBnAct": CONV,
    "mindspore.mint.nn.layer.conv.Conv1d": CONV,
    "mindspore.mint.nn.layer.conv.Conv2d": CONV,
    "mindspore.mint.nn.layer.conv.Conv3d": CONV,
    "mindspore.mint.nn.layer.conv.ConvTranspose2d": CONV,
    "mindspore.ops.operations.nn_ops.Conv2D": CONV,
    "mindspore.ops.operations.nn_ops.Conv2DTranspose": CONV,
    "mindspore.ops.operations.nn_ops.Conv2DBackpropInput": CONV,
    "mindspore.ops.operations.nn_ops.Conv3D": CONV,
    "mindspore.ops.operations.nn_ops.Conv3DTranspose": CONV,
    "mindspore.ops.operations.nn_ops.DepthwiseConv2dNative": CONV,
    "mindspore.ops.function.nn_func.conv1d": CONV,
    "mindspore.ops.function.nn_func.conv2d": CONV,
    "mindspore.ops.function.nn_func.conv2d_ext": CONV,
    "mindspore.ops.function.nn_func.conv3d": CONV,
    "mindspore.ops.function.nn_func.conv3d_transpose": CONV,
    "mindspore.ops.functional_overload.conv1d": CONV,
    "mindspore.ops.functional_overload.conv3d": CONV,
    "mindspore.ops.auto_generate.gen_ops_def.conv_transpose2d": CONV,
    # Sort
    "mindspore.ops.operations.array_ops.Sort": SORT,
    "mindspore.ops.function.array_func.sort": SORT,
    "mindspore.ops.function.array_func.sort_ext": SORT,
    # TopK
    "mindspore.ops.operations.array_ops.TopK": TOPK,
    "mindspore.ops.function.array_func.topk": TOPK,
    "mindspore.ops.auto_generate.gen_ops_def.topk_ext": TOPK,
}

# Cheap pre-filter on the last component of a called name, before any name resolution.
BASENAMES = frozenset(path.rpartition(".")[2] for path in OPS) | frozenset({"conv2d", "topk", "sort", "conv1d", "conv3d"})
