"""float16 levels and casts on Ascend; bfloat16, inference and unknown levels are left alone."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import Model, nn, ops
from mindspore.amp import auto_mixed_precision, build_train_network, custom_mixed_precision

ms.set_context(device_target="Ascend")  # [api-context-option-deprecated]


def conv_net():
    return nn.SequentialCell([nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Flatten(), nn.Dense(8, 2)])


def levels(loss, opt):
    Model(conv_net(), loss, opt, amp_level="O1")  # [ascend-fp16-without-loss-scale]
    Model(conv_net(), loss, opt, None, None, None, "O3")  # [ascend-fp16-without-loss-scale]
    build_train_network(conv_net(), opt, loss, level="auto")  # [ascend-fp16-without-loss-scale]
    Model(conv_net(), loss, opt, amp_level="O2", loss_scale_manager=None)  # [ascend-fp16-without-loss-scale]
    Model(conv_net(), loss, opt)
    Model(conv_net(), loss, opt, amp_level="O0")


def casts(loss, opt):
    net = conv_net()
    auto_mixed_precision(net, "O2")
    nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)  # [ascend-fp16-without-loss-scale]
    other = conv_net()
    custom_mixed_precision(other, black_list=[nn.BatchNorm2d])
    Model(nn.WithLossCell(other, loss), optimizer=opt)  # [ascend-fp16-without-loss-scale]


def bfloat16(loss, opt):
    net = conv_net()
    net.to_float(ms.bfloat16)
    nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    other = auto_mixed_precision(conv_net(), "O3", dtype=ms.bfloat16)
    nn.TrainOneStepCell(nn.WithLossCell(other, loss), opt)


def inference(x):
    net = conv_net()
    net.to_float(ms.float16)
    Model(net).predict(x)
    return ops.sort(x)


def level_from_a_variable(loss, opt, level):
    Model(conv_net(), loss, opt, amp_level=level)


def pragma(loss, opt):
    Model(conv_net(), loss, opt, amp_level="O3")  # pylint: disable=ascend-fp16-without-loss-scale
