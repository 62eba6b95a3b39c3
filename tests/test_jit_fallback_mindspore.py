"""The observations of ms_lint/data/jit_fallback.py, run on MindSpore (skipped where it is not installed).

One child process runs every observation's ``construct`` in PyNative and in GRAPH_MODE at the default
LAX level, forward and with ``ms.value_and_grad`` over the network's weights, and prints what happened;
each observation's ``check`` must hold: ``fails`` (GRAPH_MODE raises the recorded text), ``zero-gradient``
(same loss, every weight gradient zero in GRAPH_MODE, not in PyNative), ``ignored`` (GRAPH_MODE returns
another shape than PyNative) or ``works`` (GRAPH_MODE gives PyNative's loss and gradients).
"""

import json
import subprocess
import sys
import textwrap

import pytest

from ms_lint.data import jit_fallback
from probe_support import requires_mindspore

pytestmark = requires_mindspore

MODULE = """
import numpy as np
import mindspore as ms
from mindspore import mint, nn, ops


def trained(net, x, sizes):
    def loss(x, sizes):
        return ops.mean(ops.cast(net(x, sizes), ms.float32) ** 2)

    value, grads = ms.value_and_grad(loss, None, net.trainable_params())(x, sizes)
    return [float(value), [float(np.abs(grad.asnumpy()).sum()) for grad in grads]]
{classes}
"""
CELL = """
class Net{index}(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        rng = np.random.RandomState(0)
        self.dense.weight.set_data(ms.Tensor(rng.randn(4, 4).astype(np.float32)))
        self.dense.bias.set_data(ms.Tensor(rng.randn(4).astype(np.float32)))

    def construct(self, x, sizes):
{body}
"""
CHILD = """
import importlib.util, json, os, sys, tempfile
import numpy as np
import mindspore as ms
from mindspore import ops
source, count = sys.argv[1], int(sys.argv[2])
path = os.path.join(tempfile.mkdtemp(), "observations.py")
with open(path, "w") as stream:
    stream.write(source)
spec = importlib.util.spec_from_file_location("observations", path)
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module  # MindSpore reads the source of what it compiles
spec.loader.exec_module(module)
x = ms.Tensor(np.arange(-3, 5, dtype=np.float32).reshape(2, 4))
sizes = ms.Tensor(np.array([1, 3], np.int32))

def attempt(run):
    try:
        return {"value": run()}
    except Exception as error:
        return {"error": f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error).strip() else ''}"}

def shape(value):
    return list(value.shape) if hasattr(value, "shape") else None

results = []
for index in range(count):
    cell = getattr(module, f"Net{index}")
    result = {}
    for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        result[name] = {"forward": attempt(lambda: shape(cell()(x, sizes))), "grad": attempt(lambda: module.trained(cell(), x, sizes))}
    results.append(result)
print(json.dumps(results))
"""


@pytest.fixture(scope="module")
def observed(tmp_path_factory):
    classes = "".join(
        CELL.format(index=index, body=textwrap.indent(entry.form, " " * 8))
        for index, entry in enumerate(jit_fallback.OBSERVATIONS)
    )
    result = subprocess.run(
        [sys.executable, "-c", CHILD, MODULE.format(classes=classes), str(len(jit_fallback.OBSERVATIONS))],
        capture_output=True, text=True, check=False, timeout=900, cwd=tmp_path_factory.mktemp("run"),
        env={**__import__("os").environ, "GLOG_v": "3"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("index", range(len(jit_fallback.OBSERVATIONS)), ids=[str(i) for i in range(len(jit_fallback.OBSERVATIONS))])
def test_mindspore_does_what_the_observation_records(observed, index):
    entry, result = jit_fallback.OBSERVATIONS[index], observed[index]
    graph, pynative = result["graph"], result["pynative"]
    if entry.check == "fails":
        error = graph["forward"].get("error") or graph["grad"].get("error")
        assert error and error.startswith(entry.error.split(" ...")[0].rstrip(".")), (entry.form, result)
    elif entry.check == "zero-gradient":
        (loss, grads), (expected_loss, expected_grads) = graph["grad"]["value"], pynative["grad"]["value"]
        assert loss == pytest.approx(expected_loss, rel=1e-4), (entry.form, result)
        assert not any(grads) and any(expected_grads), (entry.form, result)
    elif entry.check == "ignored":
        assert graph["forward"]["value"] != pynative["forward"]["value"], (entry.form, result)
    else:
        assert graph["forward"] == pynative["forward"], (entry.form, result)
        (loss, grads), (expected_loss, expected_grads) = graph["grad"]["value"], pynative["grad"]["value"]
        assert loss == pytest.approx(expected_loss, rel=1e-4), (entry.form, result)
        assert grads == pytest.approx(expected_grads, rel=1e-4) and any(grads), (entry.form, result)
