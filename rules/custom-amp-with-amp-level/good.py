"""One precision mechanism per network: custom conversion with amp_level "O0", or amp_level alone."""

import mindspore as ms
from mindspore import nn
from mindspore.train import Model


class Classifier(nn.Cell):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.SequentialCell([nn.Conv2d(3, 16, 3), nn.BatchNorm2d(16), nn.ReLU()])
        self.flatten = nn.Flatten()
        self.head = nn.Dense(16 * 32 * 32, num_classes)

    def construct(self, x):
        return self.head(self.flatten(self.features(x)))


def train_custom(dataset):
    net = Classifier()
    net.to_float(ms.float16)
    net.head.to_float(ms.float32)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    loss_fn.to_float(ms.float32)
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    # Custom mixed precision: leave amp_level at its default "O0".
    model = Model(net, loss_fn, optimizer)
    model.train(10, dataset)


def train_auto(dataset):
    net = Classifier()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    # A float32 loss function is not the trained network: O3 only converts `net`.
    loss_fn.to_float(ms.float32)
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    model = Model(net, loss_fn, optimizer, amp_level="O3")
    model.train(10, dataset)
