"""Values MindSpore 2.9 deprecated: jit(backend="GE"), JitConfig(jit_level="O2"); by keyword or position."""
import mindspore as ms
from mindspore import JitConfig, jit

SINK_LEVEL = "O2"
BACKEND = "GE"


@jit(backend="GE")  # [api-deprecated]
def step(x):
    return x


@ms.jit(backend=BACKEND)  # [api-deprecated]
def other_step(x):
    return x


@jit(backend="ms_backend", jit_level="O1")
def current_step(x):
    return x


SINK = JitConfig(jit_level="O2")  # [api-deprecated]
BY_POSITION = ms.JitConfig(SINK_LEVEL)  # [api-deprecated]
KERNEL_BY_KERNEL = JitConfig("O1")
CHOSEN = JitConfig(jit_level=ms.get_context("jit_level"))
