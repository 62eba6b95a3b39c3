"""An optimizer's loss_scale matched by a training step that scales the loss by the same value."""

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
    manager = ms.amp.FixedLossScaleManager(LOSS_SCALE, drop_overflow_update=False)
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True), optimizer, loss_scale_manager=manager)
    model.train(10, dataset)


def build_step():
    net_with_loss = nn.WithLossCell(Net(), nn.MSELoss())
    optimizer = nn.SGD(net_with_loss.trainable_params(), learning_rate=0.01, momentum=0.9, loss_scale=128)
    return nn.TrainOneStepCell(net_with_loss, optimizer, sens=128.0)


def build_adaptive_step():
    # Adam divides each update by the gradients' running size: the loss_scale division mostly cancels.
    net_with_loss = nn.WithLossCell(Net(), nn.MSELoss())
    optimizer = nn.Adam(net_with_loss.trainable_params(), learning_rate=1e-3, loss_scale=128)
    return nn.TrainOneStepCell(net_with_loss, optimizer)


def train_with_dynamic_scaling(dataset):
    net = Net()
    # A dynamic manager divides the gradients back itself: the optimizer keeps loss_scale=1.
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    model = Model(net, nn.MSELoss(), optimizer, amp_level="O2", loss_scale_manager=ms.amp.DynamicLossScaleManager())
    model.train(10, dataset)
