"""What MindSpore prints when a rule's pitfall is hit: the texts ``ms-lint explain`` leads back to the rule.

One entry per rule symbol: the texts (patterns, a real sample, the version it was seen on, how
it was obtained), and, when the pitfall prints nothing or nothing on CPU, why. The graph-syntax
rules' texts live in :mod:`ms_lint.data.graph_syntax` and the PyTorch-port rules' names in
:mod:`ms_lint.data.pytorch`; both are read from there, not copied.

``OBSERVED``: run on MindSpore 2.10.0, CPU, with the rule's ``bad.py`` construct (GRAPH_MODE or
PyNative as the rule says), numpy 1.26; the sample is pasted from that run (trimmed to the lines
that carry the message). ``CITED``: the text cannot be produced on CPU; the sample is quoted from
where it is written, at the given address.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, Tuple

from ms_lint.data import api_changes, graph_syntax, pytorch

V2_10 = "2.10.0"
OBSERVED = "observed: MindSpore 2.10.0, CPU"
FAQ_COMPILATION = "https://www.mindspore.cn/docs/en/master/faq/network_compilation.html"
MS_2_10_NN_OPS = "MindSpore 2.10.0 wheel, mindspore/ops/operations/nn_ops.py (Conv3D and Conv3DTranspose __init__)"


@dataclass(frozen=True)
class ErrorText:
    """One text MindSpore prints, and the patterns that recognise it in a log."""

    patterns: Tuple[str, ...]  # regular expressions, searched in the whole log
    sample: str  # the text itself, as MindSpore printed it (or as cited)
    version: str  # the MindSpore version it was observed on, or the versions the citation speaks for
    source: str  # how it was obtained: OBSERVED + the construct, or the citation


@dataclass(frozen=True)
class RuleTexts:
    """What MindSpore says about one rule's pitfall."""

    texts: Tuple[ErrorText, ...] = ()
    silent: str = ""  # when (some of) the pitfall prints nothing: why, and what happens instead


def observed(pattern: str, sample: str, how: str) -> ErrorText:
    return ErrorText((pattern,), sample, V2_10, f"{OBSERVED}, {how}")


def _graph_syntax(rule: str) -> Tuple[ErrorText, ...]:
    """The graph-syntax table's texts for ``rule``."""
    texts = []
    for entry in graph_syntax.GRAPH_SYNTAX:
        if entry.rule != rule:
            continue
        if entry.evidence == graph_syntax.OBSERVED:
            version = _version(entry.since)
            source = f"{OBSERVED}, GRAPH_MODE: {entry.construct} (tests/test_graph_syntax_mindspore.py)"
        else:
            version = f"before {_version(entry.until)}"
            source = f"cited: {entry.evidence}, {entry.reference}"
        texts.append(ErrorText(entry.patterns, entry.error, version, source))
    return tuple(texts)


def _version(version: Tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def _pytorch_methods() -> ErrorText:
    methods = "|".join(sorted(re.escape(entry.key) for entry in pytorch.entries(pytorch.METHOD)))
    return ErrorText(
        (
            rf"The '\w+' object has no attribute '({methods})'",
            rf"'Tensor' object has no attribute '({methods})'",
            r"Failed to convert the value \"cuda\" of input 'device' of 'to' to enum",
        ),
        "AttributeError: The 'Dense' object has no attribute 'cuda'.\n"
        "AttributeError: The 'Momentum' object has no attribute 'zero_grad'.\n"
        "AttributeError: 'Tensor' object has no attribute 'backward'\n"
        "ValueError: Failed to convert the value \"cuda\" of input 'device' of 'to' to enum.",
        V2_10,
        f"{OBSERVED}, PyNative: net.cuda(), optimizer.zero_grad(), loss.backward(), Tensor.to('cuda')",
    )


def _pytorch_names() -> ErrorText:
    patterns = []
    for entry in pytorch.entries(pytorch.NAME):
        module, _, name = entry.key.rpartition(".")
        patterns += [
            rf"module '{re.escape(module)}' has no attribute '{re.escape(name)}'",
            rf"cannot import name '{re.escape(name)}' from '{re.escape(module)}'",
            rf"No module named '{re.escape(entry.key)}'",
        ]
    return ErrorText(
        tuple(patterns),
        "AttributeError: module 'mindspore.nn' has no attribute 'Sequential'\n"
        "AttributeError: module 'mindspore' has no attribute 'no_grad'\n"
        "ImportError: cannot import name 'Module' from 'mindspore.nn'\n"
        "ModuleNotFoundError: No module named 'mindspore.nn.functional'",
        V2_10,
        f"{OBSERVED}: nn.Sequential, ms.no_grad, from mindspore.nn import Module, import mindspore.nn.functional",
    )


def _alternatives(words) -> str:
    return "|".join(sorted({re.escape(word) for word in words}))


def _removed_apis() -> ErrorText:
    """The errors of a removed name, module or keyword: the names come from the API-change table."""
    gone = [change for change in api_changes.CHANGES if change.removed and change.kind != api_changes.DEFAULT_CHANGED]
    names = _alternatives(change.name.rpartition(".")[2] for change in gone if not change.parameter)
    keywords = _alternatives(
        change.parameter for change in gone if change.parameter and change.kind != api_changes.SCALAR_INPUT_REMOVED
    )
    return ErrorText(
        (
            rf"cannot import name '({names})' from 'mindspore",
            rf"No module named 'mindspore\.[\w.]*\b({names})'",
            rf"module 'mindspore[\w.]*' has no attribute '({names})'",
            rf"got an unexpected keyword argument '({keywords})'",
        ),
        "ImportError: cannot import name 'ms_function' from 'mindspore'\n"
        "ImportError: cannot import name 'c_transforms' from 'mindspore.dataset.vision'\n"
        "ModuleNotFoundError: No module named 'mindspore.dataset.vision.c_transforms'\n"
        "AttributeError: module 'mindspore.nn' has no attribute 'ResizeBilinear'",
        V2_10,
        f"{OBSERVED}, importing ms_function and c_transforms, reading nn.ResizeBilinear",
    )


NO_ERROR_ON_CPU = "MindSpore 2.10 compiles and runs it on CPU without a word"

ERROR_TEXTS: Dict[str, RuleTexts] = {
    "ascend-fp16-without-loss-scale": RuleTexts(
        silent="float16 gradients underflow to zero or overflow to inf on Ascend: the loss stalls or turns "
        "into nan; the migration guide gives it as advice, no error text (not run: needs Ascend)",
    ),
    "ascend-group-conv-unsupported": RuleTexts(
        texts=(
            ErrorText(
                (r"On Ascend platform, group = 1 must be satisfied",),
                "ValueError: On Ascend platform, group = 1 must be satisfied.",
                V2_10,
                f"cited: {MS_2_10_NN_OPS}, raised when the device target is Ascend; "
                "https://www.mindspore.cn/docs/en/master/api_python/ops/mindspore.ops.Conv3D.html "
                "(cannot be observed on CPU: the device target cannot be set to Ascend there)",
            ),
        ),
        silent="a grouped nn.Conv2d/Conv1d that is not depthwise fails only when Ascend compiles its kernel; "
        "MindSpore documents the restriction, not the text, and CPU accepts any group",
    ),
    "ascend-op-attr-out-of-range": RuleTexts(
        silent="CPU accepts the attribute (observed on 2.10: nn.Conv2d(8, 8, 3, stride=64) runs); the failure "
        "happens when Ascend compiles the kernel, and neither MindSpore nor CANN documents its text",
    ),
    "batchnorm-torch-momentum": RuleTexts(
        silent="BatchNorm accepts any momentum in [0, 1]: momentum=0.1 silently keeps 10% of the old running "
        "statistics instead of 90% (observed on 2.10: it builds with momentum=0.1, no warning)",
    ),
    "cell-built-in-construct": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU} (GRAPH_MODE and PyNative): the layer gets fresh, untrained weights on "
        "every call, and a Dropout built there is never in training mode",
    ),
    "cell-container-not-registered": RuleTexts(
        texts=(
            observed(
                r"its name '[^']+' already exists",
                "RuntimeError: The parameter @bad_Stack_construct_15:param_dense.weight , its name 'dense.weight' "
                "already exists. Please set a unique name for the parameter.",
                "GRAPH_MODE, bad.py Stack (a list of Cells with a Parameter each)",
            ),
            observed(
                r"For 'Optimizer', the argument parameters must not be empty",
                "ValueError: For 'Optimizer', the argument parameters must not be empty.",
                "bad.py Tower, nn.Momentum(net.trainable_params(), ...): the list's Parameters are not the Cell's",
            ),
            observed(
                r"The loaded parameter dict is empty after filter or specify",
                "ValueError: The loaded parameter dict is empty after filter or specify, please check whether "
                "'filter_prefix' or 'specify_prefix' are set correctly.",
                "bad.py Tower, save_checkpoint(net) then load_checkpoint: the checkpoint holds no Parameter",
            ),
        ),
        silent="in PyNative the network runs, but trains, saves and loads without the listed Parameters",
    ),
    "conv-padding-without-pad-mode": RuleTexts(
        texts=(
            observed(
                r"the 'pad' must be zero (or \(0, 0, 0, 0\) )?when 'pad_mode' is not ['\"]pad['\"]",
                "ValueError: For 'Conv2D', the 'pad' must be zero when 'pad_mode' is not 'pad', but got 'pad': 1 "
                "and 'pad_mode': same.",
                "nn.Conv2d(3, 64, 3, padding=1), also nn.Conv2dTranspose(..., padding=(1, 1, 1, 1))",
            ),
            observed(
                r"For 'Conv\w*', the type of 'pad_mode' should be 'str', but got type 'int'",
                "TypeError: For 'Conv2D', the type of 'pad_mode' should be 'str', but got type 'int'.",
                "nn.Conv2d(64, 64, 3, 1, 1): PyTorch's positional padding lands in pad_mode",
            ),
        ),
    ),
    "custom-amp-with-amp-level": RuleTexts(
        silent="Model(amp_level=...) converts the network again over the custom precision: cells kept in "
        "float32 (net.head.to_float(ms.float32)) run in float16. Not observable on CPU: 2.10 refuses the O2 and "
        "O3 levels there for their loss-scale manager, an unrelated error",
    ),
    "dataset-shard-arguments-swapped": RuleTexts(
        texts=(
            observed(
                r"Input num_shards is not within the required interval of \[1, 2147483647\]",
                "ValueError: Input num_shards is not within the required interval of [1, 2147483647].",
                "ds.ImageFolderDataset(path, num_shards=get_rank(), shard_id=get_group_size()) on rank 0 "
                "(and without init(), where get_rank() is 0)",
            ),
            observed(
                r"Input shard_id is not within the required interval of \[0, \d+\]",
                "ValueError: Input shard_id is not within the required interval of [0, 0].",
                "ds.ImageFolderDataset(path, num_shards=1, shard_id=2): rank 1 of 2, swapped",
            ),
            observed(
                r"shard_id should be less than num_shards",
                "ValueError: shard_id should be less than num_shards.",
                "ds.GeneratorDataset and ds.NumpySlicesDataset with num_shards=1, shard_id=2",
            ),
            observed(
                r"DistributedSampler: shard_id must be in range \[0, \d+\), but got: \d+",
                "[ERROR] DistributedSampler: shard_id must be in range [0, 1), but got: 2",
                "ds.DistributedSampler(1, 2) given to a dataset: raised at the first iteration",
            ),
        ),
        silent="values that are not a true rank and device count (a physical device_id above device_num) pass "
        "MindSpore's checks: each device then reads a shard not its own, silently",
    ),
    "dataset-sink-size-ignored": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU}: Model.train(sink_size=500) with sink mode off runs whole epochs, no warning",
    ),
    "distributed-dataset-not-sharded": RuleTexts(
        silent="every device trains on the whole dataset: epochs take N times longer and the samples repeat; "
        "the dataset API has nothing to object to (not run: needs several devices)",
    ),
    "distributed-training-without-seed": RuleTexts(
        silent="each device initialises different weights and data-parallel training averages gradients of "
        "different networks; no API sees it (not run: needs several devices)",
    ),
    "dropout-positional-keep-prob": RuleTexts(
        texts=(
            observed(
                r"For Dropout, this parameter `keep_prob` will be deprecated, please use `p` instead",
                "[WARNING] ME(16349:140696208399232,MainProcess):2026-11-24-03:53:34.469.000 "
                "[mindspore/nn/layer/basic.py:183] For Dropout, this parameter `keep_prob` will be deprecated, "
                "please use `p` instead.",
                "nn.Dropout(0.1): the warning MindSpore logs (the layer then keeps 10%, silently)",
            ),
            observed(
                r"For 'Dropout', the 'keep_prob' must be a number in range \(0, 1\], but got 0\.0",
                "ValueError: For 'Dropout', the 'keep_prob' must be a number in range (0, 1], but got 0.0.",
                "nn.Dropout(0.0)",
            ),
        ),
        silent="nn.Dropout(0.1) only logs the warning above and zeroes 90% of the activations in training",
    ),
    "eval-dataset-drop-remainder": RuleTexts(
        silent="the last incomplete batch is dropped from evaluation: the metric covers fewer samples "
        "(observed on 2.10: Model.eval over 10 samples in batches of 4 scores 8, no warning)",
    ),
    "eval-loop-cell-in-train-mode": RuleTexts(
        silent="the network evaluates with Dropout active and BatchNorm using batch statistics: the numbers "
        "are wrong (observed on 2.10: bad.py test_loop runs, no warning)",
    ),
    "forward-without-construct": RuleTexts(
        texts=(
            observed(
                r"For 'Cell', the method 'construct' is not defined",
                "AttributeError: For 'Cell', the method 'construct' is not defined.",
                "bad.py MLP called, GRAPH_MODE and PyNative",
            ),
        ),
    ),
    "graph-attribute-not-parameter": RuleTexts(
        texts=_graph_syntax(graph_syntax.ATTRIBUTE_ASSIGNMENT)
        + (
            ErrorText(
                (r"'self\.\w+' should be initialized as a 'Parameter' type in the '__init__' function",),
                "TypeError: 'self.x' should be initialized as a 'Parameter' type in the '__init__' function",
                "before the JIT syntax levels (2.1), and at STRICT where the FAQ still lists it",
                f"cited: MindSpore FAQ, network compilation, {FAQ_COMPILATION}",
            ),
        ),
    ),
    "graph-break-in-bytecode-capture": RuleTexts(
        texts=(
            observed(
                r"graph_capture/cfg\.cc:\d+ FindTryWithBlock",
                "[ERROR] PI(18258,7feaab245b80,python):2026-11-24-03:55:23.302.862 "
                "[mindspore/ccsrc/frontend/jit/pi/runtime.cc:704] JitCompileWithTry] got an unexpected c++ error "
                "[Failure info [out of bci range].\n"
                "mindspore/ccsrc/frontend/jit/pi/graph_capture/cfg.cc:407 FindTryWithBlock",
                "bad.py safe_log (try/except under capture_mode='bytecode', also with fullgraph=True): logged, "
                "then the function runs in Python",
            ),
        ),
        silent="the other constructs (a set literal...) break the graph silently: the function runs partly "
        "in Python, slower, and nothing is logged",
    ),
    "graph-cell-method-signature": RuleTexts(texts=_graph_syntax(graph_syntax.CELL_METHOD_SIGNATURE)),
    "graph-cell-parameters-call": RuleTexts(texts=_graph_syntax(graph_syntax.PARAMETERS_CALL)),
    "graph-classmethod-call": RuleTexts(texts=_graph_syntax(graph_syntax.CLASSMETHOD_CALL)),
    "graph-dynamic-shape-op": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU} (bad.py PositiveLoss and Proposals, GRAPH_MODE): the output shape is "
        "dynamic, which Ascend supports only for some operators and which later fixed-size reshapes trip on",
    ),
    "graph-tensor-numpy-fallback": RuleTexts(
        texts=(
            observed(
                r"Failed calling (sum|max|min|any|all|prod|std|var) with \"\w+\(axis=None, (dtype=None, )?out=None",
                'TypeError: Failed calling sum with "sum(axis=None, out=None)".',
                "GRAPH_MODE at LAX: np.sum(x) on a Tensor in construct (rules/graph-tensor-numpy-fallback/bad.py)",
            ),
            observed(
                r"Failed calling \w+ with \"\w+\(\)\(input=Tensor, other=<class 'numpy\.ndarray'>\)",
                "TypeError: Failed calling Add with \"Add()(input=Tensor, other=<class 'numpy.ndarray'>)\".",
                "GRAPH_MODE at LAX: x + np.exp(x) in construct",
            ),
            observed(
                r"The gradient will be stopped from propagating at the PyExecute node",
                "[WARNING] ANALYZER(...):... [mindspore/ccsrc/frontend/optimizer/ad/dfunctor.cc:829] TrySetNeedCut] "
                "The gradient will be stopped from propagating at the PyExecute node created at the location: "
                "In file net.py:10, 22~46",
                "GRAPH_MODE at LAX: ms.value_and_grad through self.dense(x) * ms.Tensor(mask) with the mask made by "
                "numpy; every weight gradient is zero",
            ),
        ),
        silent="a value made from a numpy result (ms.Tensor(array), int(array.sum())) runs with the right forward "
        "result and zero gradients: the log's warning is the only trace (observed on 2.10)",
    ),
    "graph-tensor-to-numpy": RuleTexts(texts=_graph_syntax(graph_syntax.TENSOR_TO_NUMPY)),
    "graph-unsupported-syntax": RuleTexts(texts=_graph_syntax(graph_syntax.UNSUPPORTED_SYNTAX)),
    "graph-variable-undefined-after-block": RuleTexts(texts=_graph_syntax(graph_syntax.UNDEFINED_AFTER_BLOCK)),
    "metric-missing-method": RuleTexts(
        texts=(
            ErrorText(
                (
                    r"Can't instantiate abstract class \w+ with abstract methods? [\w, ]*\b(clear|update|eval)\b",
                    # the wording of Python 3.12 and later
                    r"Can't instantiate abstract class \w+ without an implementation for abstract methods? "
                    r"[\w', ]*'(clear|update|eval)'",
                ),
                "TypeError: Can't instantiate abstract class MeanAbsoluteError with abstract method eval",
                V2_10,
                f"{OBSERVED}, Python 3.11: bad.py MeanAbsoluteError() and Top1Hits()",
            ),
        ),
    ),
    "nested-tensor-condition": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU} (bad.py AdaptiveClip, GRAPH_MODE): the cost is compile time and branch "
        "overhead, not an error",
    ),
    "ops-in-dataset-pipeline": RuleTexts(
        texts=(
            observed(
                r"Failed calling \w+ with \"\w+\(\)\(\w+=<class 'numpy\.ndarray'>",
                "TypeError: Failed calling Abs with \"Abs()(input=<class 'numpy.ndarray'>)\".\n"
                "The valid calling should be: \n\"Abs()(input=<Tensor>)\".",
                "bad.py: dataset.map(operations=lambda label: ops.abs(label)), reported under "
                "\"map operation: [PyFunc] failed\"",
            ),
        ),
        silent="an operator the function first wraps in a Tensor runs, in the pipeline's threads, on the "
        "device the network uses: slower, and it may hang with multiprocessing",
    ),
    "optimizer-loss-scale-without-manager": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU}: Optimizer.scale_grad divides every gradient by loss_scale and nothing "
        "multiplies the loss, so training runs with a learning rate that many times smaller, no warning",
    ),
    "primitive-called-with-tensors": RuleTexts(
        texts=(
            ErrorText(
                (r"TypeError: multiple values for argument '\w+'", r"TypeError: too many positional arguments"),
                "TypeError: multiple values for argument 'axis'",
                V2_10,
                f"{OBSERVED}, PyNative: ops.L2Normalize(x, axis=1); ops.Mul(x, y), ops.ReLU(x) give "
                "'TypeError: too many positional arguments' (prim_attr_register binds __init__'s signature)",
            ),
            observed(
                r"For '\w+', the type of '\w+' should be .*, but got (type 'Tensor'|<class "
                r"'mindspore\.common\.tensor\.Tensor'>)",
                "TypeError: For 'L2Normalize', the type of 'axis' should be one of '['list', 'tuple']', but got type "
                "'Tensor'.",
                "PyNative: ops.L2Normalize(x), also ops.Softmax(x)",
            ),
        ),
        silent="a Primitive whose attribute takes the Tensor builds without error and is then used as the "
        "result (observed on 2.10: ops.ReduceSum(x) returns a ReduceSum)",
    ),
    "pytorch-method-on-cell-or-tensor": RuleTexts(texts=(_pytorch_methods(),)),
    "pytorch-name-on-mindspore-module": RuleTexts(texts=(_pytorch_names(),)),
    "tensor-slice-variable-bound": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU} (bad.py KeepConfident and CropSequence, GRAPH_MODE): the slice has a "
        "dynamic shape, which Ascend supports only for some operators",
    ),
    "too-many-tensor-conditions": RuleTexts(
        silent=f"{NO_ERROR_ON_CPU} (bad.py DistanceBucket, GRAPH_MODE): compile time grows with each branch",
    ),
    "unrolled-loop-tensor-condition": RuleTexts(
        texts=(
            observed(
                r"Exceed function call depth limit \d+",
                "RuntimeError: Exceed function call depth limit 1000, (function call depth: 1001, simulate call "
                "depth: 999).",
                "@ms.jit: for i in range(700): if x[0] > i: x = x * 0.5",
            ),
        ),
        silent="with fewer iterations it compiles, slowly (bad.py refine and EarlyExitStack run on 2.10 CPU)",
    ),
    "api-removed": RuleTexts(
        texts=(
            _removed_apis(),
            observed(
                r"For 'context\.set_context', the parameter '\w+' has been removed since MindSpore",
                "ValueError: For 'context.set_context', the parameter 'exception_dump' has been removed since "
                "MindSpore 2.6 version. Please use the device_context.ascend.op_debug.aclinit_config() instead.",
                "ms.set_context(exception_dump='2')",
            ),
            observed(
                r"Failed calling (Equal|less|eq) with \"[^\"]*\((input=)?(float|int)\b",
                "TypeError: Failed calling Equal with \"Equal()(input=float, other=Tensor)\".",
                "ops.equal(1.0, Tensor([1.0, 2.0])) (ops.less, mint.eq and mint.lt alike)",
            ),
        )
    ),
    "api-deprecated": RuleTexts(
        texts=(
            observed(
                r"'\w+' is deprecated from version [\d.]+ and will be removed in a future version",
                "[WARNING] ME(12647:140359477328768,MainProcess):2026-11-24-04:50:23.198.000 "
                "[mindspore/common/_decorator.py:67] 'TensorAdd' is deprecated from version 1.1 and will be "
                "removed in a future version, use 'Add' instead.",
                "ops.TensorAdd()(x, y): the warning MindSpore's @deprecated decorator logs",
            ),
        ),
    ),
    "api-context-option-deprecated": RuleTexts(
        texts=(
            observed(
                r"For 'context\.set_context', the parameter '\w+' will be deprecated and removed",
                "[WARNING] ME(11484:140354307070848,MainProcess):2026-11-24-04:47:33.989.000 "
                "[mindspore/context.py:1343] For 'context.set_context', the parameter 'device_target' will be "
                "deprecated and removed in a future version. Please use the api mindspore.set_device() instead.",
                "ms.set_context(device_target='CPU')",
            ),
        ),
    ),
    "api-default-changed": RuleTexts(
        silent="a default that changed prints nothing: the code runs with the new default (Model.train sinks "
        "no data, Dense and Conv layers start from other weights, BCELoss averages)",
    ),
    "op-unsupported-on-device": RuleTexts(
        texts=(
            observed(
                r"Unsupported op \[\w+\] on CPU",
                "RuntimeError: - Kernel select failed:\nUnsupported op [EqualExt] on CPU, Please confirm whether the "
                "device target setting is correct, or refer to 'mindspore.ops' at https://www.mindspore.cn to query "
                "the operator support list.",
                "GRAPH_MODE: mint.equal(x, y) in a Cell's construct (ops.Einsum in PyNative mode says the same)",
            ),
            observed(
                r"The kernel \w+ unregistered",
                "RuntimeError: The kernel EqualExt unregistered.",
                "PyNative: mint.equal(x, y) in a Cell's construct",
            ),
        ),
    ),
}
