"""Loss scaling anywhere in the program: functional scalers and loss-scale cells."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn
from mindspore.amp import DynamicLossScaler, all_finite

ms.set_device("Ascend")


def train(loss_fn, optimizer, dataset):
    net = nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.Flatten()])
    net.to_float(ms.float16)
    scaler = DynamicLossScaler(scale_value=2**12, scale_factor=2, scale_window=1000)

    def forward(x, y):
        return scaler.scale(loss_fn(net(x), y))

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    for x, y in dataset:
        loss, grads = grad_fn(x, y)
        grads = scaler.unscale(grads)
        if all_finite(grads):
            optimizer(grads)
        scaler.adjust(all_finite(grads))
        print(scaler.unscale(loss))
    return nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
