"""Before 2.9 the same values are not deprecated: nothing to report."""
import mindspore as ms
from mindspore import JitConfig, jit


@jit(backend="GE")
def step(x):
    return x


SINK = JitConfig(jit_level="O2")
BY_POSITION = ms.JitConfig("O2")
