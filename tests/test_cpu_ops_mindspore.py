"""A few entries of ms_lint/data/cpu_unsupported_ops.py, observed again on the installed MindSpore with
``ms_lint.tools.cpu_ops`` (skipped where MindSpore is not installed).

An entry the table has failing in the installed version must fail in both modes for want of the kernel the
table names; one it does not (an observed version where the run was inconclusive) must not fail so; a CPU
alternative the messages offer must run. One child process runs them all, in well under a minute.
"""

from importlib import metadata

import pytest

from ms_lint.data import cpu_unsupported_ops as table
from ms_lint.tools import cpu_ops
from probe_support import requires_mindspore

pytestmark = requires_mindspore

SAMPLE = (
    "mindspore.mint.equal",  # a pyboost kernel: "The kernel X unregistered" in PyNative
    "mindspore.ops.Einsum",  # a Primitive: kernel selection in both modes
    "mindspore.nn.LayerNormExt",  # a layer: "Create kernelmod for op X failed" in PyNative
    "mindspore.mint.nn.functional.max_pool2d",  # "Not found op X on device ..." in PyNative
    "mindspore.mint.nn.functional.dropout",  # fails for want of a kernel in 2.10 only
    "mindspore.nn.InstanceNorm2d",  # from 2.8 on
)
ALTERNATIVES = ("mindspore.ops.cumsum", "mindspore.nn.ReLU6")


def _installed():
    major, minor = metadata.version("mindspore").split(".")[:2]
    return int(major), int(minor)


@pytest.fixture(scope="module")
def observed():
    if _installed() not in table.OBSERVED_VERSIONS:
        pytest.skip(f"MindSpore {table.named(_installed())} was not observed: the table says nothing of it")
    return cpu_ops.observe([*SAMPLE, *ALTERNATIVES], batch=len(SAMPLE) + len(ALTERNATIVES), timeout=20)


@pytest.mark.parametrize("api", SAMPLE)
def test_entry_fails_as_the_table_says(api, observed):
    entry, found = table.BY_API[api], observed[api]
    if table.failing(entry, _installed()):
        assert found.verdict == cpu_ops.FAILS, found.errors
        assert cpu_ops.missing_kernel(entry.error) in found.kernel.split(" / "), (found.kernel, entry.error)
    else:
        assert found.verdict != cpu_ops.FAILS, found.errors


@pytest.mark.parametrize("api", ALTERNATIVES)
def test_alternative_runs(api, observed):
    assert observed[api].verdict == cpu_ops.RUNS, observed[api].errors
