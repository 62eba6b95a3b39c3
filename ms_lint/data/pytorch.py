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

API_MAPPING = "https://www.mindspore.cn/docs/en/master/note/api_mapping/pytorch_api_mapping.html"
MIGRATION_GUIDE = "https://www.mindspore.cn/docs/en/master/migration_guide/overview.html"
TYPICAL_DIFFERENCES = "https://www.mindspore.cn/docs/en/master/migration_guide/typical_api_comparision.html"

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
    mindspore: str  # MindSpore's equivalent, as the message suggests it
    kind: str  # one of KINDS
    receivers: Tuple[str, ...]  # METHOD: "Cell", "Optimizer", "Tensor"; otherwise ()
    versions: str  # MindSpore versions the mapping holds for (see the module's docstring)
    reference: str
    note: str = ""  # what was observed on MindSpore, when it was checked


def holds_for(versions: str, version: Tuple[int, ...]) -> bool:
    """Whether a version range such as ``"2.0-"`` or ``"1.8-2.2"`` includes ``version``."""
    low, _, high = versions.partition("-")
    if low and version < _parse(low):
        return False
    return not high or version[: len(_parse(high))] <= _parse(high)


def _parse(text: str) -> Tuple[int, ...]:
    return tuple(int(part) for part in text.strip().split("."))


# PyTorch methods and names (Cells, optimizers, Tensors, nn / ops / F names).
API_ENTRIES: Tuple[Mapping, ...] = ()


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


def semantics_table(behaviour: str) -> str:
    """One behaviour's entries as a Markdown table, for its rule's page."""
    rows = [
        "### Mapping table",
        "",
        "From `ms_lint/data/pytorch.py`: where the rule applies, for which MindSpore versions, and what was observed.",
        "",
        "| MindSpore API | PyTorch habit | MindSpore | versions | observed | reference |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for entry in SEMANTICS_ENTRIES:
        label, _, name = entry.key.partition(":")
        if label == behaviour:
            cells = (f"`{name}`", f"`{entry.pytorch}`", f"`{entry.mindspore}`", entry.versions, entry.note)
            rows.append("| " + " | ".join(cells) + f" | [MindSpore docs]({entry.reference}) |")
    return "\n".join(rows) + "\n"
