"""PyTorch habits in MindSpore code: the one table behind the PyTorch-port rules.

Each entry maps a PyTorch spelling or behaviour to MindSpore's, with the MindSpore
versions it holds for and a reference (MindSpore's PyTorch API mapping pages, its
"differences" notes, the migration guide). Adding a mapping is one entry here and one
test line; the rules read the table, never their own lists.

``versions`` is a range of MindSpore versions, ``"2.0-"`` (2.0 and later),
``"1.8-2.2"`` (1.8 up to and including 2.2) or ``"-"`` (every version); read it with
:func:`holds_for`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Tuple

from ms_lint.language import Text, pick, rendered

API_MAPPING = "https://www.mindspore.cn/docs/en/master/note/api_mapping/pytorch_api_mapping.html"
MIGRATION_GUIDE = "https://www.mindspore.cn/docs/en/master/migration_guide/overview.html"
TYPICAL_DIFFERENCES = "https://www.mindspore.cn/docs/en/master/migration_guide/typical_api_comparision.html"
MODEL_AND_CELL = "https://www.mindspore.cn/docs/en/r2.3.0rc2/migration_guide/model_development/model_and_cell.html"
GRADIENT = "https://www.mindspore.cn/docs/en/r2.3.1/migration_guide/model_development/gradient.html"
GET_PARAMS = "https://www.mindspore.cn/docs/en/r2.0/note/api_mapping/pytorch_diff/GetParams.html"
CELLS = "https://www.mindspore.cn/docs/en/r2.0.0-alpha/note/api_mapping/pytorch_diff/Cells.html"

# What an entry is about.
METHOD = "method"  # a PyTorch method called on a MindSpore Cell, optimizer or Tensor
NAME = "name"  # a PyTorch name looked up on a MindSpore module (nn.Linear)
SEMANTICS = "semantics"  # a call MindSpore accepts that means something else than in PyTorch
KINDS = (METHOD, NAME, SEMANTICS)


@dataclass(frozen=True)
class Mapping:
    """One PyTorch spelling or behaviour and what MindSpore has instead."""

    key: str  # what the rules look up: a method name, a dotted MindSpore path, a behaviour's label
    pytorch: str  # how the message quotes the PyTorch spelling
    mindspore: Text  # MindSpore's equivalent, as the message suggests it
    kind: str  # one of KINDS
    receivers: Tuple[str, ...]  # METHOD: "Cell", "Optimizer", "Tensor"; otherwise ()
    versions: str  # MindSpore versions the mapping holds for (see the module's docstring)
    reference: str
    note: str = ""  # what was observed on MindSpore, when it was checked
    argument: str = ""  # METHOD: only calls whose device argument is a string starting with this
    exempt: Tuple[str, ...] = ()  # METHOD: MindSpore classes whose instances set the attribute in __init__
    # NAME: the name in the same MindSpore module that does the same, for ms-lint --fix to write, and
    # whether calls keep their arguments (True) or are renamed only when they pass none.
    rename: str = ""
    rename_with_arguments: bool = False


def holds_for(versions: str, version: Tuple[int, ...]) -> bool:
    """Whether a version range such as ``"2.0-"`` or ``"1.8-2.2"`` includes ``version``."""
    low, _, high = versions.partition("-")
    if low and version < _parse(low):
        return False
    return not high or version[: len(_parse(high))] <= _parse(high)


def _parse(text: str) -> Tuple[int, ...]:
    return tuple(int(part) for part in text.strip().split("."))


def applies(entry: Mapping, version: Tuple[int, ...], catalog_version: Tuple[int, ...]) -> bool:
    """Whether ``entry`` holds for ``version`` and the catalog, generated from ``catalog_version``, speaks for it.

    A later MindSpore may add a PyTorch name (``nn.Linear`` is in 2.10): past the catalog's
    version, absence is never claimed.
    """
    return holds_for(entry.versions, version) and version[:2] <= catalog_version[:2]


def entries(kind: str) -> Tuple[Mapping, ...]:
    """The API entries of one kind (METHOD or NAME)."""
    return tuple(entry for entry in API_ENTRIES if entry.kind == kind)


# PyTorch methods and names (Cells, optimizers, Tensors, nn / ops / F names). A METHOD's
# ``mindspore`` may name the receiver as ``{receiver}``. Every method was checked absent with
# hasattr on MindSpore 2.10's class (and on its instances for optimizers), and its sources searched
# for ``self.<method> =`` (``exempt``); every name absent from its module. The catalog says the
# same, and the rules ask it before reporting.
_CELL, _OPTIMIZER, _TENSOR = "Cell", "Optimizer", "Tensor"
API_ENTRIES: Tuple[Mapping, ...] = (
    Mapping(
        "cuda",
        "cuda()",
        Text(
            "remove it: Cells and Tensors live on the device set with ms.set_device(...) or "
            "set_context(device_target=...)",
            "删除它：Cell 和 Tensor 位于 ms.set_device(...) 或 set_context(device_target=...) 设置的设备上",
        ),
        METHOD, (_CELL, _TENSOR), "-", TYPICAL_DIFFERENCES,
    ),
    Mapping(
        "cpu",
        "cpu()",
        Text(
            "remove it: Cells and Tensors live on the device set with ms.set_device(...) or "
            "set_context(device_target=...), and {receiver}.asnumpy() gives a Tensor's data",
            "删除它：Cell 和 Tensor 位于 ms.set_device(...) 或 set_context(device_target=...) 设置的设备上，"
            "{receiver}.asnumpy() 可取得 Tensor 的数据",
        ),
        METHOD, (_CELL, _TENSOR), "-", TYPICAL_DIFFERENCES,
    ),
    Mapping(
        "to",
        "to('cuda')",
        Text(
            "remove it: MindSpore has no 'cuda' device; Cells and Tensors live on the device set with "
            "ms.set_device(...) or set_context(device_target=...)",
            "删除它：MindSpore 没有 'cuda' 设备；Cell 和 Tensor 位于 ms.set_device(...) 或 "
            "set_context(device_target=...) 设置的设备上",
        ),
        METHOD, (_CELL, _TENSOR), "-", TYPICAL_DIFFERENCES,
        note="2.10: Tensor.to('cuda') and Cell.to('cuda') raise ValueError (the device is not one MindSpore "
                "knows); to('cpu') and to(ms.float16) work",
        argument="cuda",
    ),
    Mapping(
        "eval",
        "Module.eval()",
        Text("use {receiver}.set_train(False)", "使用 {receiver}.set_train(False)"),
        METHOD, (_CELL,), "-", MODEL_AND_CELL,
    ),
    Mapping(
        "train",
        "Module.train()",
        Text("use {receiver}.set_train(True)", "使用 {receiver}.set_train(True)"),
        METHOD, (_CELL,), "-", MODEL_AND_CELL,
    ),
    Mapping(
        "children",
        "Module.children()",
        Text("use {receiver}.cells()", "使用 {receiver}.cells()"),
        METHOD, (_CELL,), "-", CELLS,
    ),
    Mapping(
        "named_children",
        "Module.named_children()",
        Text("use {receiver}.name_cells().items()", "使用 {receiver}.name_cells().items()"),
        METHOD, (_CELL,), "-", CELLS,
    ),
    Mapping(
        "modules",
        "Module.modules()",
        Text("use the Cells of {receiver}.cells_and_names()", "使用 {receiver}.cells_and_names() 中的 Cell"),
        METHOD, (_CELL,), "-", CELLS,
    ),
    Mapping(
        "named_modules",
        "Module.named_modules()",
        Text("use {receiver}.cells_and_names()", "使用 {receiver}.cells_and_names()"),
        METHOD, (_CELL,), "-", CELLS,
    ),
    Mapping(
        "add_module",
        "Module.add_module()",
        Text("use {receiver}.insert_child_to_cell(name, cell)", "使用 {receiver}.insert_child_to_cell(name, cell)"),
        METHOD, (_CELL,), "-", MODEL_AND_CELL,
    ),
    Mapping(
        "register_parameter",
        "Module.register_parameter()",
        Text("use {receiver}.insert_param_to_cell(name, param)", "使用 {receiver}.insert_param_to_cell(name, param)"),
        METHOD, (_CELL,), "-", MODEL_AND_CELL,
    ),
    Mapping(
        "parameters",
        "Module.parameters()",
        Text(
            "use {receiver}.get_parameters() or {receiver}.trainable_params()",
            "使用 {receiver}.get_parameters() 或 {receiver}.trainable_params()",
        ),
        METHOD, (_CELL,), "-", GET_PARAMS,
        note="2.10: optimizers and these wrappers set self.parameters (a ParameterTuple)",
        exempt=(
                "mindspore.boost.grad_freeze.FreezeOpt",
                "mindspore.nn.optim.adasum.AdaSumByDeltaWeightWrapCell",
                "mindspore.nn.optim.adasum.AdaSumByGradWrapCell",
            ),
    ),
    Mapping(
        "named_parameters",
        "Module.named_parameters()",
        Text("use {receiver}.parameters_and_names()", "使用 {receiver}.parameters_and_names()"),
        METHOD, (_CELL,), "-", GET_PARAMS,
    ),
    Mapping(
        "requires_grad_",
        "Module.requires_grad_()",
        Text(
            "set requires_grad on each Parameter of {receiver}.get_parameters()",
            "对 {receiver}.get_parameters() 中的每个 Parameter 设置 requires_grad",
        ),
        METHOD, (_CELL,), "-", GET_PARAMS,
        note="2.10: Tensor.requires_grad_ exists; Cell.requires_grad_ does not",
    ),
    Mapping(
        "zero_grad",
        "zero_grad()",
        Text(
            "remove it: the function ms.value_and_grad builds returns fresh gradients on each call, nothing "
            "accumulates",
            "删除它：ms.value_and_grad 构建的函数每次调用都返回新的梯度，不会累加",
        ),
        METHOD, (_CELL, _OPTIMIZER), "-", GRADIENT,
        note="2.10: no zero_grad on nn.Optimizer, experimental.optim or mint.optim optimizers",
    ),
    Mapping(
        "step",
        "Optimizer.step()",
        Text(
            "call the optimizer with the gradients from ms.value_and_grad: {receiver}(grads)",
            "用 ms.value_and_grad 得到的梯度调用优化器：{receiver}(grads)",
        ),
        METHOD, (_OPTIMIZER,), "-", GRADIENT,
        note="2.10: no step on nn.Optimizer, experimental.optim or mint.optim optimizers; AdaFactor sets "
                "self.step (a Parameter)",
        exempt=(
                "mindspore.nn.optim.adafactor.AdaFactor",
            ),
    ),
    Mapping(
        "backward",
        "Tensor.backward()",
        Text("get the gradients from ms.value_and_grad(forward_fn, None, optimizer.parameters) and pass them to the "
        "optimizer", "用 ms.value_and_grad(forward_fn, None, optimizer.parameters) 求梯度，再传给优化器"),
        METHOD, (_TENSOR,), "-", GRADIENT,
    ),
    Mapping(
        "detach",
        "Tensor.detach()",
        Text("use ops.stop_gradient({receiver})", "使用 ops.stop_gradient({receiver})"),
        METHOD, (_TENSOR,), "-", GRADIENT,
    ),
    Mapping(
        "mindspore.nn.Module",
        "torch.nn.Module",
        Text("use mindspore.nn.Cell", "使用 mindspore.nn.Cell"),
        NAME, (), "-", MODEL_AND_CELL,
        rename="Cell",
    ),
    Mapping(
        "mindspore.nn.ModuleList",
        "torch.nn.ModuleList",
        Text("use mindspore.nn.CellList", "使用 mindspore.nn.CellList"),
        NAME, (), "-", API_MAPPING,
        rename="CellList", rename_with_arguments=True,
    ),
    Mapping(
        "mindspore.nn.ModuleDict",
        "torch.nn.ModuleDict",
        Text("use mindspore.nn.CellDict", "使用 mindspore.nn.CellDict"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.Sequential",
        "torch.nn.Sequential",
        Text("use mindspore.nn.SequentialCell", "使用 mindspore.nn.SequentialCell"),
        NAME, (), "-", API_MAPPING,
        rename="SequentialCell", rename_with_arguments=True,
    ),
    Mapping(
        "mindspore.nn.Parameter",
        "torch.nn.Parameter",
        Text("use mindspore.Parameter", "使用 mindspore.Parameter"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.ParameterList",
        "torch.nn.ParameterList",
        Text("use mindspore.ParameterTuple", "使用 mindspore.ParameterTuple"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.ConvTranspose1d",
        "torch.nn.ConvTranspose1d",
        Text("use mindspore.nn.Conv1dTranspose", "使用 mindspore.nn.Conv1dTranspose"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.ConvTranspose2d",
        "torch.nn.ConvTranspose2d",
        Text("use mindspore.nn.Conv2dTranspose", "使用 mindspore.nn.Conv2dTranspose"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.ConvTranspose3d",
        "torch.nn.ConvTranspose3d",
        Text("use mindspore.nn.Conv3dTranspose", "使用 mindspore.nn.Conv3dTranspose"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.Hardswish",
        "torch.nn.Hardswish",
        Text("use mindspore.nn.HSwish", "使用 mindspore.nn.HSwish"),
        NAME, (), "-", API_MAPPING,
        rename="HSwish",
    ),
    Mapping(
        "mindspore.nn.Hardsigmoid",
        "torch.nn.Hardsigmoid",
        Text("use mindspore.nn.HSigmoid", "使用 mindspore.nn.HSigmoid"),
        NAME, (), "-", API_MAPPING,
        rename="HSigmoid",
    ),
    Mapping(
        "mindspore.nn.functional",
        "torch.nn.functional",
        Text("use mindspore.ops (or mindspore.mint.nn.functional)", "使用 mindspore.ops（或 mindspore.mint.nn.functional）"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.nn.init",
        "torch.nn.init",
        Text("use mindspore.common.initializer", "使用 mindspore.common.initializer"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.Relu",
        "torch.nn.ReLU",
        Text("use mindspore.ops.ReLU", "使用 mindspore.ops.ReLU"),
        NAME, (), "-", API_MAPPING,
        rename="ReLU",
    ),
    Mapping(
        "mindspore.ops.LeakyReLU",
        "torch.nn.LeakyReLU",
        Text("use mindspore.ops.leaky_relu", "使用 mindspore.ops.leaky_relu"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.Silu",
        "torch.nn.SiLU",
        Text("use mindspore.ops.silu", "使用 mindspore.ops.silu"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.ELU",
        "torch.nn.ELU",
        Text("use mindspore.ops.Elu", "使用 mindspore.ops.Elu"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.Cat",
        "torch.cat",
        Text("use mindspore.ops.cat", "使用 mindspore.ops.cat"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.normalize",
        "torch.nn.functional.normalize",
        Text(
            "use mindspore.ops.L2Normalize (or mindspore.mint.nn.functional.normalize)",
            "使用 mindspore.ops.L2Normalize（或 mindspore.mint.nn.functional.normalize）",
        ),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.functional.normalize",
        "torch.nn.functional.normalize",
        Text(
            "use mindspore.ops.L2Normalize (or mindspore.mint.nn.functional.normalize)",
            "使用 mindspore.ops.L2Normalize（或 mindspore.mint.nn.functional.normalize）",
        ),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.linear",
        "torch.nn.functional.linear",
        Text(
            "use mindspore.ops.dense (or mindspore.mint.nn.functional.linear)",
            "使用 mindspore.ops.dense（或 mindspore.mint.nn.functional.linear）",
        ),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.ops.functional.linear",
        "torch.nn.functional.linear",
        Text(
            "use mindspore.ops.dense (or mindspore.mint.nn.functional.linear)",
            "使用 mindspore.ops.dense（或 mindspore.mint.nn.functional.linear）",
        ),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.no_grad",
        "torch.no_grad",
        Text(
            "remove the block: MindSpore computes gradients only in ms.value_and_grad and ms.grad "
            "(mindspore.ops.stop_gradient for one value)",
            "删除该代码块：MindSpore 只在 ms.value_and_grad 和 ms.grad 中计算梯度（单个值可用 mindspore.ops.stop_gradient）",
        ),
        NAME, (), "-", GRADIENT,
    ),
    Mapping(
        "mindspore.mint.nn.Module",
        "torch.nn.Module",
        Text("use mindspore.nn.Cell", "使用 mindspore.nn.Cell"),
        NAME, (), "-", MODEL_AND_CELL,
    ),
    Mapping(
        "mindspore.mint.nn.ModuleList",
        "torch.nn.ModuleList",
        Text("use mindspore.nn.CellList", "使用 mindspore.nn.CellList"),
        NAME, (), "-", API_MAPPING,
    ),
    Mapping(
        "mindspore.mint.nn.Sequential",
        "torch.nn.Sequential",
        Text("use mindspore.nn.SequentialCell", "使用 mindspore.nn.SequentialCell"),
        NAME, (), "-", API_MAPPING,
    ),
)

# The NAME entries by the dotted MindSpore name they are looked up as.
NAMES: Dict[str, Mapping] = {entry.key: entry for entry in API_ENTRIES if entry.kind == NAME}


# Calls MindSpore accepts with another meaning than PyTorch's (Dropout, BatchNorm momentum...).
# ``key`` is ``"<behaviour>:<public MindSpore name>"`` (read it with :func:`semantics`); a
# behaviour that is no one API's (a layer built in construct) names ``mindspore`` alone.
DROPOUT_DIFF = "https://www.mindspore.cn/docs/en/r2.3.0/note/api_mapping/pytorch_diff/Dropout.html"
BATCHNORM_DIFF = "https://www.mindspore.cn/docs/en/r2.3.0/note/api_mapping/pytorch_diff/BatchNorm2d.html"
CONV_DIFF = "https://www.mindspore.cn/docs/en/r2.3.0/note/api_mapping/pytorch_diff/Conv2d.html"
MODEL_AND_CELL = "https://www.mindspore.cn/docs/en/r2.0/migration_guide/model_development/model_and_cell.html"
PRIMITIVE_DOC = "https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.Primitive.html"
POSITIONAL_KEEP_PROB = "positional-keep-prob"
TORCH_MOMENTUM = "torch-momentum"
PAD_MODE = "pad-mode"
BUILT_IN_CONSTRUCT = "built-in-construct"
PRIMITIVE_INPUTS = "primitive-inputs"
_DROPOUT_NOTE = (
    "2.10: nn.Dropout(0.1) logs 'this parameter `keep_prob` will be deprecated, please use `p`' and zeroes "
    "90% of its input in training mode (nn.Dropout(p=0.1): 10%); nn.Dropout(0.0) raises ValueError "
    "(keep_prob must be in (0, 1])"
)
_MOMENTUM_NOTE = (
    "2.10: after one training-mode step of nn.BatchNorm2d(3, momentum=0.1) on a batch of 10s, moving_mean is "
    "9.0 (PyTorch's momentum=0.1 gives 1.0); mint.nn.BatchNorm2d defaults to momentum=0.1 in PyTorch's sense"
)
_CONV_NOTE = (
    "2.10: nn.{0}(3, 4, 3, padding=1) raises ValueError (the 'pad' must be zero when 'pad_mode' is not "
    "'pad'); nn.{0}(3, 4, 3, 1, 1) raises TypeError (the type of 'pad_mode' should be 'str'); "
    "pad_mode=\"pad\" builds it; mint.nn.Conv2d(3, 4, 3, padding=1) builds"
)


def _conv(name: str) -> Mapping:
    return Mapping(
        f"{PAD_MODE}:mindspore.nn.{name}",
        f"nn.{name}(..., padding=p)",
        f'nn.{name}(..., pad_mode="pad", padding=p)',
        SEMANTICS,
        (),
        "2.0-2.10",
        CONV_DIFF,
        _CONV_NOTE.format(name),
    )


def _batchnorm(name: str) -> Mapping:
    return Mapping(
        f"{TORCH_MOMENTUM}:mindspore.nn.{name}",
        f"nn.{name}(..., momentum=m)",
        f"nn.{name}(..., momentum=1 - m)",
        SEMANTICS,
        (),
        "-2.10",
        BATCHNORM_DIFF,
        _MOMENTUM_NOTE,
    )


SEMANTICS_ENTRIES: Tuple[Mapping, ...] = (
    Mapping(
        f"{POSITIONAL_KEEP_PROB}:mindspore.nn.Dropout",
        "nn.Dropout(p)",
        "nn.Dropout(p=p)",
        SEMANTICS,
        (),
        "2.0-2.10",
        DROPOUT_DIFF,
        _DROPOUT_NOTE,
    ),
    _batchnorm("BatchNorm1d"),
    _batchnorm("BatchNorm2d"),
    _batchnorm("BatchNorm3d"),
    _conv("Conv1d"),
    _conv("Conv2d"),
    _conv("Conv3d"),
    _conv("Conv1dTranspose"),
    _conv("Conv2dTranspose"),
    _conv("Conv3dTranspose"),
    Mapping(
        f"{BUILT_IN_CONSTRUCT}:mindspore",
        "a layer created in forward()",
        "a layer created in __init__ as self.<name>",
        SEMANTICS,
        (),
        "-",
        MODEL_AND_CELL,
        "2.10: an nn.Dense(3, 3) created and called in construct leaves the Cell with 0 trainable parameters; "
        "PyNative gives other outputs on every call, GRAPH_MODE the same frozen ones; an nn.Dropout(p=0.5) "
        "created there zeroes nothing after set_train(True)",
    ),
    Mapping(
        f"{PRIMITIVE_INPUTS}:mindspore",
        "F.normalize(x, dim=1)",
        "ops.L2Normalize(axis=1)(x)",
        SEMANTICS,
        (),
        "-",
        PRIMITIVE_DOC,
        "2.10: ops.L2Normalize(x, axis=1) raises TypeError (multiple values for argument 'axis'); "
        "ops.ReduceSum(x) returns a ReduceSum Primitive (keep_dims=x), not a Tensor",
    ),
)


MAPPINGS: Tuple[Mapping, ...] = API_ENTRIES + SEMANTICS_ENTRIES


def semantics(behaviour: str, version: Tuple[int, ...]) -> Dict[str, Mapping]:
    """The entries of one behaviour that hold for ``version``, by public MindSpore name."""
    found = {}
    for entry in SEMANTICS_ENTRIES:
        label, _, name = entry.key.partition(":")
        if label == behaviour and holds_for(entry.versions, version):
            found[name] = entry
    return found


MAPPING_HEADING = Text("### Mapping table", "### 对照表")
MAPPING_SOURCE = Text(
    "From `ms_lint/data/pytorch.py`: where the rule applies, for which MindSpore versions, and what was observed.",
    "来自 `ms_lint/data/pytorch.py`：规则适用的 API、适用的 MindSpore 版本，以及实测结果。",
)
MAPPING_COLUMNS = Text(
    "| MindSpore API | PyTorch habit | MindSpore | versions | observed | reference |",
    "| MindSpore API | PyTorch 习惯 | MindSpore | 版本 | 实测 | 参考 |",
)


def semantics_table(behaviour: str) -> Text:
    """One behaviour's entries as a Markdown table, for its rule's page (headings in both languages)."""

    def render(which: str) -> str:
        rows = [pick(MAPPING_HEADING, which), "", pick(MAPPING_SOURCE, which), "", pick(MAPPING_COLUMNS, which)]
        rows.append("| --- | --- | --- | --- | --- | --- |")
        for entry in SEMANTICS_ENTRIES:
            label, _, name = entry.key.partition(":")
            if label == behaviour:
                cells = (f"`{name}`", f"`{entry.pytorch}`", f"`{entry.mindspore}`", entry.versions, entry.note)
                rows.append("| " + " | ".join(cells) + f" | [MindSpore docs]({entry.reference}) |")
        return "\n".join(rows) + "\n"

    return rendered(render)
