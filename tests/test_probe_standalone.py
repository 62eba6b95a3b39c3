"""Which expressions the probe may build from the module's MindSpore imports alone (no MindSpore needed)."""

from __future__ import annotations

import astroid

from ms_lint.probe import standalone

MODULE = """\
import math
import os
import mindspore
import mindspore.nn as nn
from mindspore import ops as P
from . import sibling
from helpers import Base

WIDTH = 4
TWICE = WIDTH * 2
nn_again = nn


def build(dim):
    return nn.Conv2d(3, dim, 3)
"""


def _expression(text: str):
    module = astroid.parse(MODULE + f"\nprobe_target = {text}\n")
    return module.body[-1].value


def test_names_bound_by_one_import_of_mindspore_numpy_or_math_are_standalone():
    assert standalone.imports_for([_expression("nn.Conv2d(3, 8, 3, padding=1)")]) == ["import mindspore.nn as nn"]
    assert standalone.imports_for([_expression("P.Concat(axis=math.floor(1.5))")]) == [
        "from mindspore import ops as P",
        "import math",
    ]
    assert standalone.imports_for([_expression("mindspore.nn.Cell")]) == ["import mindspore"]


def test_a_module_constant_assigned_once_to_a_literal_is_written_out():
    assert standalone.imports_for([_expression("nn.Dense(WIDTH, 2)")]) == ["WIDTH = 4", "import mindspore.nn as nn"]


def test_names_bound_otherwise_are_not():
    for text in ("nn.Dense(TWICE, 2)", "Base", "sibling.Net()", "os.getcwd()", "nn_again.Dense(2, 2)", "undefined_name"):
        assert standalone.imports_for([_expression(text)]) is None, text
    module = astroid.parse(MODULE)
    call = module.body[-1].body[0].value
    assert standalone.imports_for([call]) is None  # dim is the function's parameter
