"""A training script that sets the device and memory through set_context, as MindSpore 1.x did."""

import mindspore as ms
from mindspore import context

ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU", device_id=0)  # [api-context-option-deprecated, api-context-option-deprecated]
context.set_context(max_device_memory="30GB")  # [api-context-option-deprecated]
ms.set_context(save_graphs=False)  # [api-context-option-deprecated]
ms.set_context(jit_syntax_level=ms.STRICT)  # [api-context-option-deprecated]
