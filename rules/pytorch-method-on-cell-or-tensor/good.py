"""The same script in MindSpore's terms, and PyTorch-looking calls that MindSpore does have."""

import mindspore as ms
from mindspore import mint, nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 2)

    def construct(self, x):
        return self.fc(x)


class Ensemble(nn.Cell):
    """A user Cell may define the PyTorch method itself."""

    def __init__(self):
        super().__init__()
        self.members = nn.CellList([Net(), Net()])

    def eval(self):
        for member in self.members:
            member.set_train(False)
        return self

    def construct(self, x):
        return self.members[0](x)


def train(dataset):
    net = Net()
    net.set_train(True)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)

    def forward(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    for data, label in dataset:
        _, grads = grad_fn(data, label)
        optimizer(grads)


def pytorch_like_in_mindspore():
    net = Net()
    state = net.state_dict()  # Cell.state_dict, load_state_dict, to and register_buffer exist in 2.10
    net.load_state_dict(state)
    net.to(ms.float16)
    net.to("cpu")
    Ensemble().eval()
    half = ms.Tensor([1.0]).to(ms.float16)
    optimizer = mint.optim.AdamW(net.trainable_params(), lr=1e-3)  # follows PyTorch's constructor
    return half, optimizer.param_groups, ops.stop_gradient(half)
