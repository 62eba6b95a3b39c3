"""The same set-up with the APIs MindSpore 2.5 moved the options to."""

import mindspore as ms

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_device("CPU", 0)
ms.runtime.set_memory(max_size="30GB")
