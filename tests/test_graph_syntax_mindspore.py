"""Every entry of the graph-syntax table, checked against MindSpore (skipped where it is not installed).

Each observed entry has an example here: a module whose ``Net`` is compiled in GRAPH_MODE at
each syntax level, in a child process. The levels the entry names must refuse it with a text
its patterns match; the others must compile it. Entries for older versions cite MindSpore's
sources instead and have no example.
"""

import json
import re
import subprocess
import sys
import textwrap

import pytest

from ms_lint.data import graph_syntax
from probe_support import requires_mindspore

pytestmark = requires_mindspore

HEADER = """
import numpy as np
import mindspore as ms
from mindspore import nn, ops
"""
CELL = """
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2)
        self.steps = 0

    @classmethod
    def twice(cls, x):
        return x * 2

    def construct(self, x):
{body}
"""
EXAMPLES = {
    "Try": "try:\n    x = x + 1\nexcept ValueError:\n    pass\nreturn x",
    "Delete": "y = x + 1\ndel y\nreturn x",
    "Set": "return x + len({1, 2})",
    "SetComp": "s = {i for i in range(3)}\nreturn x",
    "Import": "import math\nreturn x * 2",
    "ImportFrom": "from math import pi\nreturn x * 2",
    "Yield": "yield x",
    "YieldFrom": "yield from (x, x)",
    "NamedExpr": "if (n := 2) > 1:\n    x = x * n\nreturn x",
    "Match": "match 1:\n    case 1:\n        x = x + 1\nreturn x",
    "ClassDef": "class Box:\n    pass\nreturn x",
    "AsyncFunctionDef": "async def later():\n    return 1\nreturn x",
    "Nonlocal": "y = x\ndef inner():\n    nonlocal y\n    y = y + 1\n    return y\nreturn inner()",
    "IfBranch": "if x.sum() > 0:\n    y = x + 1\nreturn y",
    "LoopBody": "for i in range(3):\n    y = x + i\nreturn y",
    "CellParameters": "count = len(self.trainable_params())\nreturn self.dense(x) * count",
    "AttributeAssign": "self.steps += 1\nreturn x",
    "TensorToNumpy": "values = x.asnumpy()\nreturn x",
    "NumpyCall": "total = np.sum(x)\nreturn x",
    "ClassmethodCall": "return self.twice(x)",
}
# Entries about the signature of a Cell's methods: the whole class, and how to run it (a
# construct without self fails when the Cell is called, not when it is compiled).
CALL = "\n\ndef run(x):\n    return Net()(x)\n"
CLASSES = {
    "ConstructStatic": "class Net(nn.Cell):\n    @staticmethod\n    def construct(x):\n        return x * 2\n" + CALL,
    "ConstructNoSelf": "class Net(nn.Cell):\n    def construct(x):\n        return x * 2\n" + CALL,
    "BpropArity": "class Net(nn.Cell):\n    def construct(self, x):\n        return x * 2\n\n"
    "    def bprop(self, x, dout):\n        return (dout * 2,)\n\n\n"
    "def run(x):\n    return ms.grad(Net())(x)\n",
}
# Run in a child: compile Net at each level, print {level: error text or null}.
CHILD = """
import importlib.util, json, os, sys, tempfile
import numpy as np
import mindspore as ms
source, levels = sys.argv[1], sys.argv[2:]
results = {}
folder = tempfile.mkdtemp()
for level in levels:
    ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=getattr(ms, level))
    path = os.path.join(folder, f"example_{level.lower()}.py")
    with open(path, "w") as stream:
        stream.write(source)
    spec = importlib.util.spec_from_file_location(f"example_{level.lower()}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    x = ms.Tensor(np.ones((2, 2), np.float32))
    try:
        module.run(x) if hasattr(module, "run") else module.Net().compile(x)
        results[level] = None
    except Exception as error:
        results[level] = f"{type(error).__name__}: {error}"
print(json.dumps(results))
"""
OBSERVED = [entry for entry in graph_syntax.GRAPH_SYNTAX if entry.evidence == graph_syntax.OBSERVED]


def test_every_observed_entry_has_an_example():
    assert sorted(entry.key for entry in OBSERVED) == sorted({**EXAMPLES, **CLASSES})


@pytest.mark.parametrize("entry", OBSERVED, ids=[entry.key for entry in OBSERVED])
def test_mindspore_refuses_the_entry_at_its_levels_only(entry, tmp_path):
    if entry.key in CLASSES:
        source = HEADER + CLASSES[entry.key]
    else:
        source = HEADER + CELL.format(body=textwrap.indent(EXAMPLES[entry.key], " " * 8))
    result = subprocess.run(
        [sys.executable, "-c", CHILD, source, *graph_syntax.ALL_LEVELS],
        capture_output=True, text=True, check=False, timeout=300, cwd=tmp_path,  # MindSpore writes rank_0/ there
        env={**__import__("os").environ, "GLOG_v": "3"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    errors = json.loads(result.stdout.strip().splitlines()[-1])
    for level in graph_syntax.ALL_LEVELS:
        if level in entry.levels:
            assert errors[level] and any(re.search(p, errors[level]) for p in entry.patterns), (level, errors[level])
        else:
            assert errors[level] is None, (level, errors[level])
    assert any(re.search(pattern, entry.error) for pattern in entry.patterns)
