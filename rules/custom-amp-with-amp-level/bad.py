"""Custom mixed precision on a network, then an amp_level that converts the same network again."""

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


def train_with_model(dataset):
    net = Classifier()
    net.to_float(ms.float16)
    net.head.to_float(ms.float32)  # keep the classifier head in float32...
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    # ...but O3 casts the whole network to float16 again, head included.
    model = Model(net, loss_fn, optimizer, amp_level="O3")  # [custom-amp-with-amp-level]
    model.train(10, dataset)


def build_step():
    net = ms.amp.auto_mixed_precision(Classifier(), "O1")
    loss_net = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    optimizer = nn.Adam(net.trainable_params(), learning_rate=1e-3)
    return ms.amp.build_train_network(loss_net, optimizer, level="O2")  # [custom-amp-with-amp-level]
