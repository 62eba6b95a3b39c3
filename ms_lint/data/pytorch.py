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
from typing import Tuple

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
SEMANTICS_ENTRIES: Tuple[Mapping, ...] = ()


MAPPINGS: Tuple[Mapping, ...] = API_ENTRIES + SEMANTICS_ENTRIES
