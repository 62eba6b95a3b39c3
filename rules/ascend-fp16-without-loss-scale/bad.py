"""float16 training on Ascend, with convolutions and TopK, and no loss scaling."""

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
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    model = Model(net, loss_fn, optimizer, amp_level="O3")  # [ascend-fp16-without-loss-scale]
    model.train(10, dataset)


def build_step(loss_fn):
    net = Detector()
    net.to_float(ms.float16)
    optimizer = nn.Adam(net.trainable_params(), learning_rate=1e-3)
    return nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)  # [ascend-fp16-without-loss-scale]
