"""infer_boost, deprecated from MindSpore 2.10 in jit's options and in JitConfig."""
import mindspore as ms
from mindspore import JitConfig, jit


@jit(jit_level="O0", infer_boost="on")  # [api-deprecated]
def step(x):
    return x


CONFIG = JitConfig(jit_level="O0", infer_boost="off")  # [api-deprecated]
CURRENT = ms.JitConfig(jit_level="O1")
