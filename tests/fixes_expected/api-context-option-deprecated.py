"""A training script that sets the device and memory through set_context, as MindSpore 1.x did."""

import mindspore as ms
from mindspore import context

ms.set_context(mode=ms.GRAPH_MODE)  # [api-context-option-deprecated, api-context-option-deprecated]
ms.set_device("CPU", 0)
ms.runtime.set_memory(max_size="30GB")  # [api-context-option-deprecated]
ms.set_context(save_graphs=False)  # [api-context-option-deprecated]
ms.set_context(jit_syntax_level=ms.STRICT)  # [api-context-option-deprecated]
