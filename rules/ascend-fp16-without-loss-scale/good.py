"""float16 training on Ascend with loss scaling."""

import mindspore as ms
from mindspore import nn, ops
from mindspore.train import Model

ms.set_device("Ascend")


class Detector(nn.Cell):
    def __init__(self, num_classes=80, top_k=100):
        super().__init__()
        self.backbone = nn.SequentialCell([nn.Conv2d(3, 32, 3), nn.BatchNorm2d(32), nn.ReLU()])
        self.head = nn.Conv2d(32, num_classes, 1)
        self.top_k = top_k

    def construct(self, x):
        scores = self.head(self.backbone(x)).reshape(x.shape[0], -1)
        return ops.topk(scores, self.top_k)[0]


def train_with_model(dataset, loss_fn):
    net = Detector()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9, loss_scale=1024.0)
    manager = ms.amp.FixedLossScaleManager(1024.0, drop_overflow_update=False)
    model = Model(net, loss_fn, optimizer, amp_level="O3", loss_scale_manager=manager)
    model.train(10, dataset)


def train_with_o2(dataset, loss_fn):
    net = Detector()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    # O2 brings a DynamicLossScaleManager of its own.
    model = Model(net, loss_fn, optimizer, amp_level="O2")
    model.train(10, dataset)


def build_step(loss_fn):
    net = Detector()
    net.to_float(ms.float16)
    optimizer = nn.Adam(net.trainable_params(), learning_rate=1e-3)
    scale = nn.DynamicLossScaleUpdateCell(loss_scale_value=2**12, scale_factor=2, scale_window=1000)
    return nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, loss_fn), optimizer, scale_sense=scale)
