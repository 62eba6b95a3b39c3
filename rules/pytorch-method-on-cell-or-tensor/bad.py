"""A training script ported from PyTorch that kept PyTorch's methods."""

import mindspore as ms
from mindspore import nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 2)

    def construct(self, x):
        return self.fc(x)

    def freeze(self):
        for param in self.parameters():  # [pytorch-method-on-cell-or-tensor]
            param.requires_grad = False


def train(dataset):
    net = Net()
    net.cuda()  # [pytorch-method-on-cell-or-tensor]
    net.train()  # [pytorch-method-on-cell-or-tensor]
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    for data, label in dataset:
        loss = loss_fn(net(data), label)
        optimizer.zero_grad()  # [pytorch-method-on-cell-or-tensor]
        loss.backward()  # [pytorch-method-on-cell-or-tensor]
        optimizer.step()  # [pytorch-method-on-cell-or-tensor]


def evaluate(net: Net, data):
    model = Net()
    model.eval()  # [pytorch-method-on-cell-or-tensor]
    logits = ops.softmax(model(data), axis=-1)
    return logits.detach()  # [pytorch-method-on-cell-or-tensor]


def to_gpu():
    return ms.Tensor([1.0]).to("cuda")  # [pytorch-method-on-cell-or-tensor]


def predict(net, data):
    net.eval()  # [pytorch-method-on-cell-or-tensor]
    return net(data)


def main(dataset, data):
    train(dataset)
    predict(Net(), data)  # every call of predict passes a Cell
