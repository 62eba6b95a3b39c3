"""set_context options on MindSpore 2.10's own deprecation list, those its docs mark deprecated, and those it
refuses."""
import mindspore as ms
from mindspore import context

ms.set_context(mode=ms.GRAPH_MODE, max_call_depth=10000)  # [api-context-option-deprecated]
context.set_context(pynative_synchronize=True)  # [api-context-option-deprecated]
ms.set_context(save_graphs_path="./graphs", runtime_num_threads=4)  # [api-context-option-deprecated, api-context-option-deprecated]
ms.set_context(jit_syntax_level=ms.STRICT)  # [api-context-option-deprecated]
ms.set_context(jit_config={"jit_level": "O2"}, exec_order="dfs")  # [api-context-option-deprecated, api-context-option-deprecated]
ms.set_context(mode=ms.PYNATIVE_MODE)  # kept
ms.set_context(grad_for_scalar=True)  # [api-removed]
ms.set_context(exception_dump="2")  # [api-removed]
