"""Every way 1.x code reaches a removed name or module, and the uses reported once."""
# pylint: disable=unused-import,reimported,ungrouped-imports
import mindspore
import mindspore as ms
import mindspore.dataset.vision.c_transforms  # [api-removed]
import mindspore.dataset.vision.py_transforms as py_vision  # [api-removed]
from mindspore import context, ms_function as compile_fn  # [api-removed]
from mindspore.common.api import ms_class  # [api-removed]
from mindspore.dataset.transforms.c_transforms import TypeCast  # [api-removed]
from mindspore.dataset.vision import c_transforms as C, py_transforms  # [api-removed]
from mindspore.dataset.vision import Inter  # still there
from mindspore.ops import operations as P
from mindspore.profiler import tensor_board_trace_handler  # [api-removed]


@mindspore.ms_function  # [api-removed]
def step(x):
    return x


@ms.ms_function()  # [api-removed]
def other(x):
    return x


@compile_fn  # reported at its import
def third(x):
    return C.Resize(x)  # the module is reported at its import


resize = P.ResizeBilinear((2, 2))  # [api-removed]
transforms = [py_vision.ToTensor(), TypeCast(ms.float32), ms.nn.ResizeBilinear()]  # [api-removed]
