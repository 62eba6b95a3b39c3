"""MindSpore API changes by version: the one table behind the API-change rules.

One entry per change: the old name (``mindspore.ms_function``), keyword parameter
(``mindspore.nn.Dropout(keep_prob=)``) or value of one (``mindspore.jit(backend=)``, ``"GE"``), its replacement, the kind of change, the version that
deprecated it and the one without it, the fix, and a reference. Adding a change is one entry
here and one test line; the rules, the fixes and the rule pages read this table only.

Versions are ``"major.minor"`` strings (``"2.0"`` covers 2.0.0-alpha/rc1 too: ms_lint compares
release numbers only). ``removed`` is the release the reference names; where it names none, it
is the first version whose MindSpore was seen without the name (``note`` says so): the rules
then stay silent for the releases in between rather than guess.

How each entry was checked (``note``): "2.10:" entries were run on MindSpore 2.10.0, where an
object marked deprecated logs "'X' is deprecated from version V and will be removed in a future
version, use 'Y' instead." when it is built or called, and a removed name or keyword raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Tuple

from ms_lint.language import Text, pick, rendered

# Kinds of change.
RENAMED = "renamed"  # the same thing under a new name
REMOVED = "removed"
DEPRECATED = "deprecated"  # still there, marked for removal; the replacement (if any) differs
PARAMETER_RENAMED = "parameter-renamed"
PARAMETER_REMOVED = "parameter-removed"
DEFAULT_CHANGED = "default-changed"
MODULE_MOVED = "module-moved"  # a module whose names now live in another one
SCALAR_INPUT_REMOVED = "scalar-input-removed"  # the parameter no longer takes a Python number, only a Tensor
VALUE_DEPRECATED = "value-deprecated"  # one value of a keyword parameter (``backend="GE"``); the parameter stays
KINDS = (RENAMED, REMOVED, DEPRECATED, PARAMETER_RENAMED, PARAMETER_REMOVED, DEFAULT_CHANGED, MODULE_MOVED,
         SCALAR_INPUT_REMOVED, VALUE_DEPRECATED)
PARAMETER_KINDS = (PARAMETER_RENAMED, PARAMETER_REMOVED, DEFAULT_CHANGED, SCALAR_INPUT_REMOVED, VALUE_DEPRECATED)

# References.
_MS = "https://gitee.com/mindspore/mindspore/blob/v2.10.0/mindspore/python/mindspore/"
DEPRECATED_OPS = _MS + "ops/deprecated.py"
NN_BASIC = _MS + "nn/layer/basic.py"
NN_LOSS = _MS + "nn/loss/loss.py"
ARRAY_OPS = _MS + "ops/operations/array_ops.py"
MATH_OPS = _MS + "ops/operations/math_ops.py"
NN_OPS = _MS + "ops/operations/nn_ops.py"
RANDOM_OPS = _MS + "ops/operations/random_ops.py"
IMAGE_OPS = _MS + "ops/operations/image_ops.py"
ARRAY_FUNC = _MS + "ops/function/array_func.py"
MATH_FUNC = _MS + "ops/function/math_func.py"
NN_FUNC = _MS + "ops/function/nn_func.py"
RANDOM_FUNC = _MS + "ops/function/random_func.py"
RELEASE_2_0_ALPHA = "https://mindspore.cn/docs/en/r2.0.0-alpha/RELEASE.html"
RELEASE_2_0 = "https://www.mindspore.cn/docs/en/r2.0/RELEASE.html"
RELEASE_2_1 = "https://www.mindspore.cn/docs/en/r2.1/RELEASE.html"
RELEASE_2_6 = "https://www.mindspore.cn/docs/en/r2.6.0/RELEASE.html"
NN_UPDATES_2_3 = "https://gitee.com/mindspore/docs/blob/r2.3.0/resource/api_updates/nn_api_updates_en.md"
OPS_UPDATES_2_3 = "https://gitee.com/mindspore/docs/blob/r2.3.0/resource/api_updates/ops_api_updates_en.md"
FUNC_UPDATES_2_0 = "https://gitee.com/mindspore/docs/blob/r2.0/resource/api_updates/func_api_updates_en.md"
SET_CONTEXT_2_5 = "https://mindspore.cn/docs/en/r2.5.0/api_python/mindspore/mindspore.set_context.html"
SET_CONTEXT_2_7 = "https://www.mindspore.cn/docs/en/r2.7.0/api_python/mindspore/mindspore.set_context.html"
CONTEXT_2_10 = _MS + "context.py"
JIT_2_6 = "https://www.mindspore.cn/docs/en/r2.6.0/api_python/mindspore/mindspore.jit.html"
JIT_2_10 = "https://www.mindspore.cn/docs/en/r2.10.0/api_python/mindspore/mindspore.jit.html"
JIT_CONFIG_2_10 = "https://www.mindspore.cn/docs/en/r2.10.0/api_python/mindspore/mindspore.JitConfig.html"
DROPOUT_2_0 = "https://mindspore.cn/docs/en/r2.0/api_python/nn/mindspore.nn.Dropout.html"
LEGACY_TRANSFORMS = "https://mindspore.cn/docs/en/r2.0/api_python/mindspore.dataset.transforms.html"
MS_FUNCTION_2_4 = "https://mindspore.cn/docs/en/r2.4.10/api_python/mindspore/mindspore.ms_function.html"
MS_CLASS_2_4 = "https://mindspore.cn/docs/en/r2.4.1/api_python/mindspore/mindspore.ms_class.html"

_LOGGED = "2.10: logs the deprecation when built"
_CALLED = "2.10: logs the deprecation when called"
_ABSENT = "2.10: absent (AttributeError / ImportError)"
_RAISES = "2.10: TypeError (unexpected keyword argument)"
# Where the release notes name no release: the installs of 2.7, 2.8 and 2.9 were checked.
_GONE_2_7 = "absent from 2.7 on (2.7, 2.8, 2.9, 2.10 checked); the 2.4 docs still list it"
_GONE_2_8 = "importable in 2.7, absent from 2.8 on (2.8, 2.9, 2.10 checked)"
_MARKED_IN_2_10 = "2.10 logs 'deprecated from version 2.9.0'; 2.9 does not mark it"
# set_context's own list of deprecated options (_check_context_deprecated), read in the context.py of each version.
_CONTEXT_LOGS = "2.7, 2.8, 2.9 and 2.10 log 'the parameter will be deprecated and removed in a future version'"
# Each function called with a Python number first and a Tensor second, in the 2.8, 2.9 and 2.10 installs.
_SCALAR_FIRST = "2.8 accepts a Python number first; 2.9 and 2.10 raise TypeError 'Failed calling %s with ...'"
# set_context options its docstring marks deprecated without logging anything.
CONTEXT_DOCUMENTED = "the 2.7, 2.8, 2.9 and 2.10 docs of set_context say 'This parameter is deprecated'; none logs it"
_CONTEXT_RAISES = "2.10 raises ValueError 'has been removed since MindSpore %s version'; 2.7 to 2.9 log its deprecation"


@dataclass(frozen=True)
class Change:
    """One API change."""

    old: str  # "mindspore.ms_function", or "mindspore.nn.Dropout(keep_prob=)" for a parameter
    new: str  # the replacement as MindSpore names it ("mindspore.jit", "p"), "" when there is none
    kind: str  # one of KINDS
    deprecated: Optional[str]  # the version that deprecated it, None when it never was
    removed: Optional[str]  # the first version without it (see the module's docstring), None while present
    fix: str  # what to write instead, in MindSpore's terms
    reference: str
    note: str = ""  # how it was checked
    default: Tuple[str, str] = ()  # DEFAULT_CHANGED: (old default, new default) as written
    # DEFAULT_CHANGED: (parameter, value) with which the default does not matter (no bias: its initialiser)
    moot_when: Tuple[str, str] = ()
    also: Tuple[str, ...] = ()  # other import paths of a removed name (``mindspore.common.api.ms_function``)
    value: str = ""  # VALUE_DEPRECATED: the value of the parameter the change is about ("GE")

    @property
    def name(self) -> str:
        """The dotted name of the API (without the parameter)."""
        return self.old.partition("(")[0]

    @property
    def parameter(self) -> Optional[str]:
        """The keyword parameter the change is about, or None for a whole name."""
        inside = self.old.partition("(")[2]
        return inside.rstrip("=)") or None

    @property
    def shown(self) -> str:
        """``old`` with the value a VALUE_DEPRECATED entry is about: ``mindspore.jit(backend="GE")``."""
        return f'{self.name}({self.parameter}="{self.value}")' if self.value else self.old

    @property
    def changed_in(self) -> str:
        """The version a DEFAULT_CHANGED entry's new default arrived in."""
        return self.removed or self.deprecated or ""


def context_option(change: Change) -> bool:
    """An option of ``set_context`` MindSpore deprecated (2.5 moved most to APIs of their own)."""
    return change.name == "mindspore.set_context" and change.parameter is not None


def version_tuple(text: Optional[str]) -> Optional[Tuple[int, ...]]:
    return tuple(int(part) for part in text.split(".")) if text else None


# The fixes a message quotes, in both languages (ms_lint.language).
USE = Text("use `%s`", "改用 `%s`")
NO_REPLACEMENT = Text("no direct replacement: see the reference", "没有直接的替代接口：见参考链接")
IMPORT_FROM = Text("import from `%s` (same names)", "改为从 `%s` 导入（名称相同）")
IMPORT_FROM_HWC = Text(
    "import from `%s`: the same names, but its operations take HWC numpy arrays where py_transforms took PIL "
    "images and CHW arrays (check ToPIL, ToTensor and Normalize)",
    "改为从 `%s` 导入：名称相同，但其中的操作接受 HWC 格式的 numpy 数组，而 py_transforms 接受 PIL 图像和 CHW 数组"
    "（请检查 ToPIL、ToTensor 和 Normalize）",
)
KEEP_OR_ACCEPT = Text(
    "pass `%s=%s` to keep the old behaviour, or `%s=%s` to accept the new one",
    "传入 `%s=%s` 保持旧行为，或传入 `%s=%s` 接受新行为",
)
GOLDEN_STICK = Text("quantization moved to MindSpore Golden Stick (mindspore_gs)", "量化功能已迁移到 MindSpore Golden Stick（mindspore_gs）")
def _renamed(old, new, deprecated, reference, note=_LOGGED, removed=None, also=()):
    fix = USE % (new,)
    return Change(old, new, RENAMED, deprecated, removed, fix, reference, note, also=also)


def _deprecated(old, deprecated, reference, new="", fix="", note=_LOGGED):
    fix = fix or (USE % (new,) if new else NO_REPLACEMENT)
    return Change(old, new, DEPRECATED, deprecated, None, fix, reference, note)


def _moved(old, new, deprecated, removed, reference, note, fix=IMPORT_FROM):
    fix = fix % (new,)
    return Change(old, new, MODULE_MOVED, deprecated, removed, fix, reference, note)


def _scalar_input(api, fix, reference, primitive):
    """``api(<number>, tensor)`` (for a Primitive class, a call of its instance): its first input takes a
    Tensor only, from 2.9 on."""
    text = Text("put the Tensor first: `%s` (the same comparison)" % fix, "把 Tensor 放在前面：`%s`（同一比较）" % fix)
    return Change(f"{api}(input=)", "", SCALAR_INPUT_REMOVED, None, "2.9", text, reference, _SCALAR_FIRST % primitive)


def _context_option(option, new, fix, deprecated="2.7", removed=None, reference=SET_CONTEXT_2_7, note=_CONTEXT_LOGS):
    """A ``set_context`` option MindSpore deprecated: its own list names the replacement."""
    return Change(f"mindspore.set_context({option}=)", new, PARAMETER_REMOVED, deprecated, removed, fix, reference, note)


def _value(old, value, deprecated, reference, fix, note):
    """A value of a keyword parameter MindSpore deprecated: the parameter and its other values stay."""
    return Change(old, "", VALUE_DEPRECATED, deprecated, None, fix, reference, note, value=value)


def _default(old, old_default, new_default, version, reference, note, fix="", moot_when=()):
    parameter = old.partition("(")[2].rstrip("=)")
    fix = fix or KEEP_OR_ACCEPT % (parameter, old_default, parameter, new_default)
    default = (old_default, new_default)
    return Change(old, "", DEFAULT_CHANGED, None, version, fix, reference, note, default=default, moot_when=moot_when)


_OPS, _NN = "mindspore.ops.", "mindspore.nn."
_WEIGHT_INIT = "2.10: defaults None (HeUniform weights)"

CHANGES: Tuple[Change, ...] = (
    # -- renamed or removed names ------------------------------------------------------------
    _renamed("mindspore.ms_function", "mindspore.jit", "2.0", MS_FUNCTION_2_4, _GONE_2_7,
             removed="2.7", also=("mindspore.common.api.ms_function", "mindspore.common.ms_function")),
    _renamed("mindspore.ms_class", "mindspore.jit_class", "2.0", MS_CLASS_2_4, _GONE_2_7,
             removed="2.7", also=("mindspore.common.api.ms_class", "mindspore.common.ms_class")),
    _renamed("mindspore.profiler.tensor_board_trace_handler", "mindspore.profiler.tensorboard_trace_handler", None,
             RELEASE_2_6, _ABSENT, removed="2.6"),
    _renamed(_OPS + "TensorAdd", _OPS + "Add", "1.1", DEPRECATED_OPS),
    _renamed(_OPS + "Gelu", _OPS + "GeLU", "1.1", DEPRECATED_OPS),
    _renamed(_OPS + "FastGelu", _OPS + "FastGeLU", "1.1", DEPRECATED_OPS),
    _renamed(_OPS + "GatherV2", _OPS + "Gather", "1.1", DEPRECATED_OPS),
    _renamed(_OPS + "Pack", _OPS + "Stack", "1.1", DEPRECATED_OPS),
    _renamed(_OPS + "Unpack", _OPS + "Unstack", "1.1", DEPRECATED_OPS),
    _renamed("mindspore.SparseTensor", "mindspore.COOTensor", "1.7", _MS + "common/sparse_tensor.py"),
    _renamed(_OPS + "soft_shrink", _OPS + "softshrink", "2.0", FUNC_UPDATES_2_0,
             "2.10 logs '`soft_shrink` is deprecated, please use `softshrink` instead.' when called"),
    Change(_NN + "ResizeBilinear", _OPS + "interpolate", REMOVED, "2.0", "2.3", USE % ("mindspore.ops.interpolate",),
           NN_UPDATES_2_3, "the 2.0 to 2.2 API pages say 'deprecated from version 2.0'; absent from 2.7 on (2.7 to 2.10 checked)"),
    Change(_OPS + "ResizeBilinear", _OPS + "ResizeBilinearV2", REMOVED, "2.0", "2.3",
           USE % ("mindspore.ops.ResizeBilinearV2",), OPS_UPDATES_2_3,
           "the 2.0 to 2.2 API pages mark it deprecated; absent from 2.7 on (2.7 to 2.10 checked)",
           also=(_OPS + "operations.ResizeBilinear",)),
    Change(_OPS + "BNTrainingReduce", _OPS + "BatchNorm", REMOVED, "1.5", "2.7", USE % ("mindspore.ops.BatchNorm",),
           DEPRECATED_OPS, _GONE_2_7 + " from mindspore.ops (the class is left in ops/deprecated.py)"),
    Change(_OPS + "BNTrainingUpdate", _OPS + "BatchNorm", REMOVED, "1.5", "2.7", USE % ("mindspore.ops.BatchNorm",),
           DEPRECATED_OPS, _GONE_2_7 + " from mindspore.ops (the class is left in ops/deprecated.py)"),
    Change(_NN + "FakeQuantWithMinMaxObserver", "", REMOVED, None, "2.0",
           GOLDEN_STICK, RELEASE_2_0, _ABSENT),
    Change(_NN + "Conv2dBnFoldQuant", "", REMOVED, None, "2.0",
           GOLDEN_STICK, RELEASE_2_0, _ABSENT),
    Change(_NN + "DenseQuant", "", REMOVED, None, "2.0",
           GOLDEN_STICK, RELEASE_2_0, _ABSENT),
    Change("mindspore.nn.transformer", "", REMOVED, None, "2.0", Text("use MindSpore Transformers (mindformers)", "改用 MindSpore Transformers（mindformers）"),
           RELEASE_2_0, _ABSENT),
    # -- moved modules -----------------------------------------------------------------------
    _moved("mindspore.dataset.vision.c_transforms", "mindspore.dataset.vision", "1.8", "2.8", LEGACY_TRANSFORMS,
           _GONE_2_8 + "; 1.8 to 2.7 log \"'Resize' from mindspore.dataset.vision.c_transforms is deprecated from "
           "version 1.8 ...\""),
    _moved("mindspore.dataset.vision.py_transforms", "mindspore.dataset.vision", "1.8", "2.8", LEGACY_TRANSFORMS,
           _GONE_2_8, IMPORT_FROM_HWC),
    _moved("mindspore.dataset.transforms.c_transforms", "mindspore.dataset.transforms", "1.8", "2.8",
           LEGACY_TRANSFORMS, _GONE_2_8),
    _moved("mindspore.dataset.transforms.py_transforms", "mindspore.dataset.transforms", "1.8", "2.8",
           LEGACY_TRANSFORMS, _GONE_2_8, IMPORT_FROM_HWC),
    # -- deprecated names (MindSpore's own @deprecated marks, run on 2.10) --------------------------
    _deprecated(_OPS + "DropoutGenMask", "1.5", DEPRECATED_OPS, new=_OPS + "Dropout"),
    _deprecated(_OPS + "DropoutDoMask", "1.5", DEPRECATED_OPS, new=_OPS + "Dropout"),
    _deprecated(_OPS + "DynamicShape", "1.7", DEPRECATED_OPS, new=_OPS + "shape"),
    _deprecated(_OPS + "MaxPoolWithArgmax", "2.0", DEPRECATED_OPS, new=_OPS + "MaxPoolWithArgmaxV2"),
    _deprecated(_OPS + "InplaceUpdate", "2.0", DEPRECATED_OPS, new=_OPS + "InplaceUpdateV2"),
    _deprecated(_OPS + "ScalarToArray", "2.0", DEPRECATED_OPS, new=_OPS + "scalar_to_tensor"),
    _deprecated(_OPS + "BatchToSpaceND", "2.0", DEPRECATED_OPS, new=_OPS + "batch_to_space_nd"),
    _deprecated(_OPS + "ScatterNonAliasingAdd", "2.1", DEPRECATED_OPS, new=_OPS + "TensorScatterAdd"),
    _deprecated(_OPS + "ScatterAddWithAxis", "2.0", ARRAY_OPS, new=_OPS + "TensorScatterElements"),
    _deprecated(_OPS + "Expand", "2.1", ARRAY_OPS, new=_OPS + "BroadcastTo"),
    _deprecated(_OPS + "ExtractVolumePatches", "2.3", ARRAY_OPS, new=_OPS + "unfold"),
    _deprecated(_OPS + "UniqueWithPad", "2.4", ARRAY_OPS, fix=Text("use `mindspore.ops.unique`, then `mindspore.ops.pad`", "改用 `mindspore.ops.unique`，再调用 `mindspore.ops.pad`")),
    _deprecated(_OPS + "unique_with_pad", "2.4", ARRAY_FUNC, fix=Text("use `mindspore.ops.unique`, then `mindspore.ops.pad`", "改用 `mindspore.ops.unique`，再调用 `mindspore.ops.pad`"),
                note=_CALLED),
    _deprecated(_OPS + "Padding", "2.8", ARRAY_OPS, new=_OPS + "pad"),
    _deprecated(_OPS + "padding", "2.8", ARRAY_FUNC, new=_OPS + "pad", note=_CALLED),
    _deprecated(_OPS + "ParallelConcat", "2.8", ARRAY_OPS, new=_OPS + "concat"),
    _deprecated(_OPS + "LowerBound", "2.8", ARRAY_OPS, new=_OPS + "searchsorted"),
    _deprecated(_OPS + "UpperBound", "2.8", ARRAY_OPS, new=_OPS + "searchsorted"),
    _deprecated(_OPS + "CheckNumerics", "2.8", ARRAY_OPS, new=_OPS + "isfinite"),
    _deprecated(_OPS + "SegmentSum", "2.8", ARRAY_OPS),
    _deprecated(_OPS + "EditDistance", "2.8", ARRAY_OPS),
    _deprecated(_OPS + "ApproximateEqual", "2.8", MATH_OPS, new="mindspore.Tensor.isclose"),
    _deprecated(_OPS + "approximate_equal", "2.8", MATH_FUNC, new="mindspore.Tensor.isclose", note=_CALLED),
    _deprecated(_OPS + "AccumulateNV2", "2.8", MATH_OPS, new=_OPS + "addn"),
    _deprecated(_OPS + "accumulate_n", "2.8", MATH_FUNC, new=_OPS + "addn", note=_CALLED),
    _deprecated(_OPS + "EuclideanNorm", "2.8", MATH_OPS, fix=USE % ("mindspore.ops.norm(x, ord=2)",)),
    _deprecated(_OPS + "batch_dot", "2.8", MATH_FUNC, note=_CALLED),
    _deprecated(_OPS + "sparse_segment_mean", "2.8", MATH_FUNC, note=_CALLED),
    _deprecated(_OPS + "ResizeArea", "2.8", IMAGE_OPS, new=_OPS + "interpolate"),
    _deprecated(_OPS + "DataFormatDimMap", "2.8", NN_OPS, new=_OPS + "permute"),
    _deprecated(_OPS + "SparseApplyAdagrad", "1.9", NN_OPS),
    _deprecated(_OPS + "SparseApplyAdagradV2", "2.8", NN_OPS),
    _deprecated(_OPS + "SparseApplyFtrl", "2.8", NN_OPS),
    _deprecated(_OPS + "ApplyFtrl", "2.10", NN_OPS),
    _deprecated(_OPS + "LARSUpdate", "2.10", NN_OPS),
    _deprecated(_OPS + "InTopK", "2.10", NN_OPS),
    _deprecated(_OPS + "intopk", "2.10", NN_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "matrix_band_part", "2.10", ARRAY_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "scatter_mul", "2.10", ARRAY_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "scatter_max", "2.10", ARRAY_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "scatter_min", "2.10", ARRAY_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "scatter_div", "2.10", ARRAY_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "tensor_scatter_mul", "2.10", ARRAY_FUNC, note=_MARKED_IN_2_10),
    _deprecated(_OPS + "ScatterMax", "2.10", ARRAY_OPS),
    _deprecated(_OPS + "ScatterMin", "2.10", ARRAY_OPS),
    _deprecated(_OPS + "ScatterMul", "2.10", ARRAY_OPS),
    _deprecated(_OPS + "ScatterDiv", "2.10", ARRAY_OPS),
    _deprecated(_OPS + "ScatterSub", "2.10", ARRAY_OPS),
    _deprecated(_OPS + "rand_like", "2.10", RANDOM_FUNC, new="mindspore.mint.rand_like", note=_CALLED),
    _deprecated(_OPS + "randint", "2.10", RANDOM_FUNC, new="mindspore.mint.randint", note=_CALLED),
    _deprecated(_OPS + "randint_like", "2.10", RANDOM_FUNC, new="mindspore.mint.randint_like", note=_CALLED),
    _deprecated(_OPS + "random_gamma", "2.10", RANDOM_FUNC, note=_CALLED),
    _deprecated(_OPS + "random_poisson", "2.10", RANDOM_FUNC, note=_CALLED),
    _deprecated(_OPS + "UniformInt", "2.10", RANDOM_OPS, new="mindspore.mint.randint"),
    _deprecated(_OPS + "UniformReal", "2.10", RANDOM_OPS, new="mindspore.mint.rand"),
    _deprecated(_OPS + "TruncatedNormal", "2.10", RANDOM_OPS),
    _deprecated(_OPS + "RandomGamma", "2.10", RANDOM_OPS),
    _deprecated(_NN + "LazyAdam", "2.0", _MS + "nn/optim/lazyadam.py", new=_NN + "Adam"),
    _deprecated(_NN + "AdamOffload", "2.0", _MS + "nn/optim/adam.py", new=_NN + "Adam"),
    _deprecated(_NN + "LARS", "2.10", _MS + "nn/optim/lars.py", note=_MARKED_IN_2_10),
    _deprecated(_NN + "FTRL", "2.10", _MS + "nn/optim/ftrl.py", note=_MARKED_IN_2_10),
    _deprecated(_NN + "ProximalAdagrad", "2.10", _MS + "nn/optim/proximal_ada_grad.py", note=_MARKED_IN_2_10),
    _deprecated(_NN + "MatMul", "1.2", _MS + "nn/layer/math.py", new=_OPS + "matmul"),
    _deprecated(_NN + "Jvp", "1.9", _MS + "nn/grad/cell_grad.py", new=_OPS + "jvp"),
    _deprecated(_NN + "Vjp", "1.9", _MS + "nn/grad/cell_grad.py", new=_OPS + "vjp"),
    _deprecated(_NN + "Norm", "2.0", NN_BASIC, new=_OPS + "norm"),
    _deprecated(_NN + "OneHot", "2.0", NN_BASIC, new=_OPS + "one_hot"),
    _deprecated(_NN + "Tril", "2.0", NN_BASIC, new=_OPS + "tril"),
    _deprecated(_NN + "Triu", "2.0", NN_BASIC, new=_OPS + "triu"),
    _deprecated(_NN + "MatrixDiag", "2.0", NN_BASIC, new=_OPS + "diag"),
    _deprecated(_NN + "MatrixDiagPart", "2.0", NN_BASIC, new=_OPS + "diagonal"),
    _deprecated(_NN + "Roll", "2.0", NN_BASIC, new=_OPS + "roll"),
    _deprecated(_NN + "ClipByNorm", "2.8", NN_BASIC, new=_OPS + "clip_by_norm"),
    _deprecated(_NN + "L1Regularizer", "2.8", NN_BASIC, new=_OPS + "norm"),
    _deprecated(_NN + "Unfold", "2.8", NN_BASIC, new=_OPS + "unfold"),
    _deprecated(_NN + "MatrixSetDiag", "2.10", NN_BASIC),
    _deprecated(_NN + "ImageGradients", "2.8", _MS + "nn/layer/image.py", new=_OPS + "conv2d"),
    _deprecated(_NN + "TimeDistributed", "2.8", _MS + "nn/layer/timedistributed.py"),
    _deprecated(_NN + "DiceLoss", "2.8", NN_LOSS),
    _deprecated(_NN + "MultiClassDiceLoss", "2.8", NN_LOSS),
    _deprecated(_NN + "FocalLoss", "2.8", NN_LOSS),
    _deprecated(_NN + "SampledSoftmaxLoss", "2.8", NN_LOSS),
    # -- keyword parameters ------------------------------------------------------------------
    Change("mindspore.dataset.Dataset.map(column_order=)", "mindspore.dataset.Dataset.project", PARAMETER_REMOVED,
           "2.0", "2.0", Text("drop `column_order=` and call `.project(columns)` on the result", "去掉 `column_order=`，对结果调用 `.project(columns)`"), RELEASE_2_0, _RAISES),
    Change("mindspore.dataset.Dataset.batch(column_order=)", "mindspore.dataset.Dataset.project", PARAMETER_REMOVED,
           None, "2.0", Text("drop `column_order=` and call `.project(columns)` on the result", "去掉 `column_order=`，对结果调用 `.project(columns)`"), RELEASE_2_0, _RAISES),
    Change("mindspore.dataset.Dataset.batch(pad_info=)", "mindspore.dataset.Dataset.padded_batch", PARAMETER_REMOVED,
           None, "2.0", Text("call `.padded_batch(batch_size, pad_info=...)` instead", "改为调用 `.padded_batch(batch_size, pad_info=...)`"), RELEASE_2_0, _RAISES),
    Change("mindspore.dataset.MindDataset(dataset_file=)", "dataset_files", PARAMETER_RENAMED, None, "2.7",
           Text("pass `dataset_files=`", "改为传入 `dataset_files=`"), _MS + "dataset/engine/datasets_standard_format.py",
           "2.7 to 2.10 take dataset_files only (2.10: TypeError, missing dataset_files); the release that renamed "
           "it (1.6 by the draft's 1.7 notes) was not re-checked"),
    Change("mindspore.ops.MultitypeFuncGraph(doc_url=)", "", PARAMETER_REMOVED, None, "2.0", Text("drop `doc_url=`", "去掉 `doc_url=`"),
           RELEASE_2_0, _RAISES),
    Change("mindspore.nn.Dropout(keep_prob=)", "p", PARAMETER_RENAMED, "2.0", None,
           Text("pass `p=` (the drop probability: `p = 1 - keep_prob`)", "改为传入 `p=`（丢弃概率：`p = 1 - keep_prob`）"), DROPOUT_2_0,
           "2.10: logs 'this parameter `keep_prob` will be deprecated, please use `p` instead'"),
    Change("mindspore.jit(mode=)", "capture_mode", PARAMETER_RENAMED, "2.6", None,
           Text("pass `capture_mode=` ('ast' or 'bytecode')", "改为传入 `capture_mode=`（'ast' 或 'bytecode'）"), JIT_2_6, "2.10: logs 'the parameter 'mode' has been deprecated'"),
    Change("mindspore.jit(input_signature=)", "dynamic", PARAMETER_REMOVED, "2.6", None,
           Text("drop `input_signature=`; pass `dynamic=1` for dynamic shapes", "去掉 `input_signature=`；动态shape 请传入 `dynamic=1`"), JIT_2_6,
           "2.10: logs 'the parameter 'input_signature' has been deprecated'"),
    Change("mindspore.jit(jit_config=)", "", PARAMETER_REMOVED, "2.6", None,
           Text("pass `jit_level=` / `fullgraph=` instead of a JitConfig", "改为传入 `jit_level=` / `fullgraph=`，不再使用 JitConfig"), JIT_2_6,
           "2.10: logs 'the parameter 'jit_config' has been deprecated'"),
    Change("mindspore.jit(compile_once=)", "", PARAMETER_REMOVED, "2.6", None, Text("drop `compile_once=`", "去掉 `compile_once=`"), JIT_2_6,
           "2.10: logs 'the parameter 'compile_once' has been deprecated'"),
    Change("mindspore.jit(infer_boost=)", "", PARAMETER_REMOVED, "2.10", None,
           Text("drop `infer_boost=`: inference is chosen by the model's phase", "去掉 `infer_boost=`：推理由模型所处的阶段决定"),
           JIT_2_10, "2.10: logs 'For 'jit', the parameter 'infer_boost' is deprecated from version 2.10.0'"),
    Change("mindspore.JitConfig(infer_boost=)", "", PARAMETER_REMOVED, "2.10", None,
           Text("drop `infer_boost=`: inference is chosen by the model's phase", "去掉 `infer_boost=`：推理由模型所处的阶段决定"),
           JIT_CONFIG_2_10, "2.10: the JitConfig docs mark it deprecated from 2.10.0; 'on' logs its deprecation"),
    _value("mindspore.jit(backend=)", "GE", "2.9", JIT_2_10,
           Text('leave `backend=` out, or pass `backend="ms_backend"`', '去掉 `backend=`，或传入 `backend="ms_backend"`'),
           "2.9 and 2.10 docs: 'The value \"GE\" of backend is deprecated from version 2.9.0'; both take it without a "
           "warning; 2.7 and 2.8 take it unmarked (2.7: the default on Atlas training products)"),
    _value("mindspore.JitConfig(jit_level=)", "O2", "2.9", JIT_CONFIG_2_10,
           Text('pass `jit_level="O0"` or `jit_level="O1"`, or set the level with `@jit(jit_level=...)`',
                '改为传入 `jit_level="O0"` 或 `jit_level="O1"`，或用 `@jit(jit_level=...)` 设置编译级别'),
           "2.9 and 2.10 docs: 'The value \"O2\" of jit_level is deprecated from version 2.9.0'; both take it without "
           "a warning; 2.7 and 2.8 take it unmarked"),
    Change("mindspore.set_context(device_target=)", "mindspore.set_device", PARAMETER_REMOVED, "2.5", None,
           Text("call `mindspore.set_device(...)`", "改为调用 `mindspore.set_device(...)`"), SET_CONTEXT_2_5, "2.10: logs 'Please use the api mindspore.set_device()'"),
    Change("mindspore.set_context(device_id=)", "mindspore.set_device", PARAMETER_REMOVED, "2.5", None,
           Text("call `mindspore.set_device(device_target, device_id)`", "改为调用 `mindspore.set_device(device_target, device_id)`"), SET_CONTEXT_2_5,
           "2.10: logs 'Please use the api mindspore.set_device()'"),
    Change("mindspore.set_context(deterministic=)", "mindspore.set_deterministic", PARAMETER_REMOVED, "2.5", None,
           Text("call `mindspore.set_deterministic(...)`", "改为调用 `mindspore.set_deterministic(...)`"), SET_CONTEXT_2_5,
           "2.10: logs 'Please use the api mindspore.set_deterministic()'"),
    Change("mindspore.set_context(max_device_memory=)", "mindspore.runtime.set_memory", PARAMETER_REMOVED, "2.5",
           None, Text("call `mindspore.runtime.set_memory(max_size=...)`", "改为调用 `mindspore.runtime.set_memory(max_size=...)`"), SET_CONTEXT_2_5,
           "2.10: logs 'Please use the api mindspore.runtime.set_memory()'"),
    Change("mindspore.set_context(save_graphs=)", "", PARAMETER_REMOVED, "2.5", None,
           Text("set the environment variable MS_DEV_SAVE_GRAPHS", "改为设置环境变量 MS_DEV_SAVE_GRAPHS"), SET_CONTEXT_2_5,
           "2.10: logs 'Please use the env MS_DEV_SAVE_GRAPHS'"),
    Change("mindspore.set_context(auto_tune_mode=)", "", PARAMETER_REMOVED, "2.0", None, Text("drop `auto_tune_mode=`", "去掉 `auto_tune_mode=`"),
           RELEASE_2_0, "2.10: logs ''auto_tune_mode' parameter is deprecated' and ignores it"),
    _context_option("save_graphs_path", "",
                    Text("set the environment variable MS_DEV_SAVE_GRAPHS_PATH", "改为设置环境变量 MS_DEV_SAVE_GRAPHS_PATH"),
                    deprecated="2.5", reference=SET_CONTEXT_2_5),
    _context_option("max_call_depth", "mindspore.set_recursion_limit",
                    Text("call `mindspore.set_recursion_limit(...)`", "改为调用 `mindspore.set_recursion_limit(...)`")),
    _context_option("pynative_synchronize", "mindspore.runtime.launch_blocking",
                    Text("call `mindspore.runtime.launch_blocking()`", "改为调用 `mindspore.runtime.launch_blocking()`")),
    _context_option("runtime_num_threads", "mindspore.device_context.cpu.op_tuning.threads_num",
                    Text("call `mindspore.device_context.cpu.op_tuning.threads_num(...)`", "改为调用 `mindspore.device_context.cpu.op_tuning.threads_num(...)`")),
    _context_option("inter_op_parallel_num", "mindspore.runtime.dispatch_threads_num",
                    Text("call `mindspore.runtime.dispatch_threads_num(...)`", "改为调用 `mindspore.runtime.dispatch_threads_num(...)`")),
    _context_option("variable_memory_max_size", "mindspore.runtime.set_memory",
                    Text("call `mindspore.runtime.set_memory(...)`", "改为调用 `mindspore.runtime.set_memory(...)`")),
    _context_option("mempool_block_size", "mindspore.runtime.set_memory",
                    Text("call `mindspore.runtime.set_memory(...)`", "改为调用 `mindspore.runtime.set_memory(...)`")),
    _context_option("memory_optimize_level", "mindspore.runtime.set_memory",
                    Text("call `mindspore.runtime.set_memory(...)`", "改为调用 `mindspore.runtime.set_memory(...)`")),
    _context_option("enable_compile_cache", "",
                    Text("set the environment variable MS_COMPILER_CACHE_ENABLE", "改为设置环境变量 MS_COMPILER_CACHE_ENABLE")),
    _context_option("enable_cache_path", "",
                    Text("set the environment variable MS_COMPILER_CACHE_PATH", "改为设置环境变量 MS_COMPILER_CACHE_PATH")),
    _context_option("op_timeout", "mindspore.device_context.ascend.op_debug.execute_timeout",
                    Text("call `mindspore.device_context.ascend.op_debug.execute_timeout(...)`", "改为调用 `mindspore.device_context.ascend.op_debug.execute_timeout(...)`")),
    _context_option("op_debug_option", "mindspore.device_context.ascend.op_debug.debug_option",
                    Text("call `mindspore.device_context.ascend.op_debug.debug_option(...)`", "改为调用 `mindspore.device_context.ascend.op_debug.debug_option(...)`")),
    _context_option("aoe_tune_mode", "mindspore.device_context.ascend.op_tuning.aoe_tune_mode",
                    Text("call `mindspore.device_context.ascend.op_tuning.aoe_tune_mode(...)`", "改为调用 `mindspore.device_context.ascend.op_tuning.aoe_tune_mode(...)`")),
    _context_option("aoe_config", "mindspore.device_context.ascend.op_tuning.aoe_job_type",
                    Text("call `mindspore.device_context.ascend.op_tuning.aoe_job_type(...)`", "改为调用 `mindspore.device_context.ascend.op_tuning.aoe_job_type(...)`")),
    _context_option("ascend_config", "",
                    Text("call the functions of `mindspore.device_context.ascend.op_precision` and `op_tuning` (`precision_mode()`, `op_compile()`...)", "改为调用 `mindspore.device_context.ascend.op_precision` 和 `op_tuning` 中的函数（`precision_mode()`、`op_compile()`……）")),
    _context_option("gpu_config", "",
                    Text("call the functions of `mindspore.device_context.gpu.op_precision` (`conv_allow_tf32()`, `matmul_allow_tf32()`...)", "改为调用 `mindspore.device_context.gpu.op_precision` 中的函数（`conv_allow_tf32()`、`matmul_allow_tf32()`……）")),
    _context_option("check_bprop", "", Text("drop `check_bprop=`", "去掉 `check_bprop=`")),
    _context_option("debug_level", "", Text("drop `debug_level=`", "去掉 `debug_level=`")),
    _context_option("jit_config", "mindspore.jit",
                    Text("pass the same settings to `@mindspore.jit` (`jit_level=`, `backend=`...)",
                         "改为把相同的设置传给 `@mindspore.jit`（`jit_level=`、`backend=`……）"),
                    note=CONTEXT_DOCUMENTED),
    _context_option("jit_syntax_level", "mindspore.jit",
                    Text("pass `fullgraph=True` (STRICT) or `fullgraph=False` (LAX) to `@mindspore.jit`, or give the "
                         "network `JitConfig(jit_syntax_level=...)` with `set_jit_config`",
                         "改为向 `@mindspore.jit` 传入 `fullgraph=True`（STRICT）或 `fullgraph=False`（LAX），或用 "
                         "`set_jit_config` 给网络设置 `JitConfig(jit_syntax_level=...)`"),
                    note=CONTEXT_DOCUMENTED),
    _context_option("exec_order", "mindspore.jit",
                    Text("pass `exec_order=` among `@mindspore.jit`'s options", "改为在 `@mindspore.jit` 的选项中传入 `exec_order=`"),
                    note=CONTEXT_DOCUMENTED),
    _context_option("exception_dump", "mindspore.device_context.ascend.op_debug.aclinit_config",
                    Text("call `mindspore.device_context.ascend.op_debug.aclinit_config(...)`", "改为调用 `mindspore.device_context.ascend.op_debug.aclinit_config(...)`"),
                    deprecated=None, removed="2.6", reference=CONTEXT_2_10,
                    note="2.7 to 2.10 raise ValueError 'has been removed since MindSpore 2.6 version'"),
    _context_option("precompile_only", "",
                    Text("set the environment variable MS_DEV_PRECOMPILE_ONLY", "改为设置环境变量 MS_DEV_PRECOMPILE_ONLY"),
                    removed="2.10", reference=CONTEXT_2_10, note=_CONTEXT_RAISES % "2.10"),
    _context_option("grad_for_scalar", "",
                    Text("drop `grad_for_scalar=` and pass Tensors where a gradient of a scalar input is needed",
                         "去掉 `grad_for_scalar=`，需要对标量输入求导时改为传入 Tensor"),
                    removed="2.10", reference=CONTEXT_2_10, note=_CONTEXT_RAISES % "2.10"),
    _scalar_input("mindspore.ops.equal", "ops.equal(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/ops/mindspore.ops.equal.html", "Equal"),
    _scalar_input("mindspore.ops.eq", "ops.eq(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/ops/mindspore.ops.eq.html", "Equal"),
    _scalar_input("mindspore.ops.less", "ops.greater(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/ops/mindspore.ops.less.html", "less"),
    _scalar_input("mindspore.ops.lt", "ops.gt(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/ops/mindspore.ops.lt.html", "less"),
    _scalar_input("mindspore.mint.eq", "mint.eq(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/mint/mindspore.mint.eq.html", "eq"),
    _scalar_input("mindspore.mint.lt", "mint.gt(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/mint/mindspore.mint.lt.html", "less"),
    _scalar_input("mindspore.ops.Equal", "ops.Equal()(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/ops/mindspore.ops.Equal.html", "Equal"),
    _scalar_input("mindspore.ops.Less", "ops.Greater()(x, 1.0)", "https://www.mindspore.cn/docs/en/r2.9.0/api_python/ops/mindspore.ops.Less.html", "Less"),
    # -- defaults ------------------------------------------------------------------------------
    _default("mindspore.train.Model.train(dataset_sink_mode=)", "True", "False", "2.0", RELEASE_2_0,
             "2.10: dataset_sink_mode=False"),
    _default("mindspore.nn.BCELoss(reduction=)", "'none'", "'mean'", "2.0", RELEASE_2_0, "2.10: reduction='mean'"),
    _default(_NN + "Dense(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
    _default(_NN + "Dense(bias_init=)", "'zeros'", "None", "2.1", RELEASE_2_1, "2.10: defaults None (Uniform bias)",
             moot_when=("has_bias", "False")),
    _default(_NN + "Conv1d(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
    _default(_NN + "Conv2d(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
    _default(_NN + "Conv3d(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
    _default(_NN + "Conv1dTranspose(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
    _default(_NN + "Conv2dTranspose(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
    _default(_NN + "Conv3dTranspose(weight_init=)", "'normal'", "None", "2.1", RELEASE_2_1, _WEIGHT_INIT),
)


CHANGES_HEADING = Text("### API changes", "### 接口变更")
CHANGES_SOURCE = Text(
    "From `ms_lint/data/api_changes.py`: what changed, in which MindSpore version, and how it was checked.",
    "来自 `ms_lint/data/api_changes.py`：变更内容、发生变更的 MindSpore 版本，以及核对方式。",
)
CHANGES_COLUMNS = Text(
    "| API | change | deprecated | removed / changed in | fix | checked | reference |",
    "| API | 变更 | 废弃于 | 删除 / 变更于 | 修复 | 核对 | 参考 |",
)


def table(include: Callable[[Change], object]) -> Text:
    """The entries ``include`` selects as a Markdown table, for a rule's page (headings in both languages)."""

    def render(which: str) -> str:
        rows = [pick(CHANGES_HEADING, which), "", pick(CHANGES_SOURCE, which), "", pick(CHANGES_COLUMNS, which)]
        rows.append("| --- | --- | --- | --- | --- | --- | --- |")
        for change in CHANGES:
            if include(change):
                old = change.shown.replace("mindspore.", "", 1)
                detail = f"default {change.default[0]} -> {change.default[1]}" if change.default else change.kind
                removed = change.changed_in if change.kind == DEFAULT_CHANGED else (change.removed or "")
                deprecated = "" if change.kind == DEFAULT_CHANGED else (change.deprecated or "")
                cells = (f"`{old}`", detail, deprecated, removed, _cell(pick(change.fix, which)), _cell(change.note))
                rows.append("| " + " | ".join(cells) + f" | [source]({change.reference}) |")
        return "\n".join(rows) + "\n"

    return rendered(render)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
