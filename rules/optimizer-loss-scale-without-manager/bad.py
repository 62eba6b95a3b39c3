"""An optimizer built with loss_scale, trained by steps that never scale the loss."""

import mindspore as ms
from mindspore import nn
from mindspore.train import Model

LOSS_SCALE = 1024.0


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(16, 10)

    def construct(self, x):
        return self.dense(x)


def train_with_model(dataset):
    net = Net()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9, loss_scale=LOSS_SCALE)
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True), optimizer)  # [optimizer-loss-scale-without-manager]
    model.train(10, dataset)


def build_step():
    net_with_loss = nn.WithLossCell(Net(), nn.MSELoss())
    optimizer = nn.SGD(net_with_loss.trainable_params(), learning_rate=0.01, momentum=0.9, loss_scale=128)
    return nn.TrainOneStepCell(net_with_loss, optimizer)  # [optimizer-loss-scale-without-manager]


def train_in_float16(dataset):
    net = Net()
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    # O2 would bring a manager; loss_scale_manager=None takes it away again.
    model = Model(net, nn.MSELoss(), optimizer, amp_level="O2", loss_scale_manager=None)  # [optimizer-loss-scale-without-manager]
    model.train(10, dataset)
