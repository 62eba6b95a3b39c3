"""Every import form of MindSpore, as pylint's own checks see it through ms_lint's brain."""
# pylint: disable=wrong-import-position,pointless-statement,expression-not-assigned,missing-class-docstring,missing-function-docstring,too-few-public-methods,unused-import,unused-argument,ungrouped-imports,wrong-import-order
import mindspore as ms
import mindspore.ops as ops
import mindspore.nn
from mindspore import nn, Tensor
from mindspore.nn import Dense
from mindspore.nn import Sequential  # [no-name-in-module]
from mindspore.ops import operations as P
from mindspore._checkparam import Validator
from mindspore.ops.operations import nn_ops
from mindspore.train.callback import Callback

ms.nn.Dense(3, 4)
nn.Dense(3, 4)
nn.ModuleList()  # [no-member]
mindspore.nn.Conv2d(3, 4, 3)
ops.ReLU()
ops.Relu()  # [no-member]
ops.relu(Tensor([1.0]))
P.MatMul()(Tensor([1.0]), Tensor([1.0]))
Dense(3, 4).weight
Validator.check_int(1)
nn_ops.Anything
ms.float32
ms.set_context(mode=ms.GRAPH_MODE)
Tensor([1.0])[0].asnumpy()
ms.nn.NoSuchCell()  # [no-member]


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 4)

    def construct(self, x):
        return self.dense(x).sum()

    def bprop(self, x, out, dout):
        return (dout,)


class Hook(Callback):
    def on_train_step_end(self, run_context):
        return run_context.original_args().cur_epoch_num


class Opt(nn.Optimizer):
    def construct(self, gradients):
        updated = self.map_(gradients)
        return updated


from mindspore.dataset.vision import Inter  # noqa: E402

Inter.LINEAR
ms.__version__
from mindspore.version import __version__  # noqa: E402
