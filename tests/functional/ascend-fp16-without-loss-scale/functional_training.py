"""A functional training step: float16 comes from a cast elsewhere in the program (INFERENCE, once)."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import mint, nn

ms.set_device(device_target="Ascend")


def build(num_classes):
    net = nn.SequentialCell([nn.Dense(16, num_classes)])
    net.to_float(ms.float16)
    return net


def train(net, loss_fn, optimizer, dataset):
    def forward(x, y):
        logits = net(x)
        return loss_fn(mint.topk(logits, 5)[0], y)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)  # [ascend-fp16-without-loss-scale]
    input_grads = ms.grad(forward)
    second = ms.value_and_grad(forward, None, net.trainable_params())
    for x, y in dataset:
        _, grads = grad_fn(x, y)
        optimizer(grads)
    return input_grads, second
