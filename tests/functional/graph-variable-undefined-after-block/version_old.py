"""Checked on MindSpore 2.10 only: older targets are not reported."""
import mindspore as ms


@ms.jit
def step(x):
    for i in range(3):
        y = x + i
    return y
