"""The same set-up with the APIs MindSpore 2.5 moved the options to, and the syntax level given to jit."""

import mindspore as ms

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_device("CPU", 0)
ms.runtime.set_memory(max_size="30GB")


@ms.jit(fullgraph=True)  # compiled at the STRICT syntax level
def step(x):
    return x * 2
